/* err.c - see err.h. */
#include "err.h"

#include <stdarg.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "doc.h"

/* One line, whatever the text holds, and no control characters (a file
 * name or a double-quoted YAML string can spell any, "\e[2J" included):
 * line breaks and tabs become spaces, the others '?'. */
static void printable(char *s) {
  for (char *p = s; *p; p++)
    if (*p == '\n' || *p == '\r' || *p == '\t')
      *p = ' ';
    else if ((unsigned char)*p < 0x20 || *p == 0x7F)
      *p = '?';
}

void err_path(FILE *f, const char *path) {
  char buf[4096];
  snprintf(buf, sizeof buf, "%s", path);
  printable(buf);
  fputs(buf, f);
}

void err_print(const cli_err *e, FILE *f) {
  char file[sizeof e->file], msg[sizeof e->msg];
  snprintf(file, sizeof file, "%s", e->file);
  snprintf(msg, sizeof msg, "%s", e->msg);
  printable(file);
  printable(msg);
  fprintf(f, "%s:%d:%d: error: %s\n", file, e->line, e->col, msg);
}

void err_say(const char *fmt, ...) {
  char line[4096];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(line, sizeof line, fmt, ap);
  va_end(ap);
  printable(line);
  fprintf(stderr, "%s\n", line);
}

int usage_error(const char *cmd, const char *fmt, const char *arg) {
  char msg[2048];
  snprintf(msg, sizeof msg, fmt, arg);
  err_say("wolves: %s", msg);
  fprintf(stderr, "Try 'wolves%s%s --help'.\n", cmd ? " " : "", cmd ? cmd : "");
  return 2;
}

int format_option(const char *cmd, const char *value) {
  if (value == NULL || strcmp(value, "text") == 0) return 0;
  if (strcmp(value, "json") == 0) return 1;
  usage_error(cmd, "--format is text or json, not '%s'", value);
  return -1;
}

int number_option(const char *s, uint64_t lo, uint64_t hi, uint64_t *out) {
  if (!s || !*s) return -1;
  for (const char *p = s; *p; p++)
    if (*p < '0' || *p > '9') return -1;
  errno = 0;
  const unsigned long long v = strtoull(s, NULL, 10);
  if (errno || v < lo || v > hi) return -1;
  *out = v;
  return 0;
}
