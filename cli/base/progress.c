/* progress.c - see progress.h. */
#include "base/progress.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

double progress_clock(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int progress_wanted(void) {
  const char *term = getenv("TERM");
  return isatty(STDERR_FILENO) && !(term && strcmp(term, "dumb") == 0);
}

void progress_count(size_t done, size_t total) {
  fputs("\r\033[K", stderr);
  if (done < total) fprintf(stderr, "%zu/%zu", done, total);
  fflush(stderr);
}
