/* progress.h - how long and how far: the monotonic clock the reports time
 * with, and progress drawn over itself on standard error when that is a
 * terminal (test, check, play, conform). */
#ifndef CLI_PROGRESS_H
#define CLI_PROGRESS_H

#include <stddef.h>

/* Seconds on the monotonic clock (for differences only). */
double progress_clock(void);

/* 1 when progress may be drawn: standard error is a terminal and TERM is
 * not "dumb". */
int progress_wanted(void);

/* "done/total" over the line on standard error; the line cleared when
 * done reaches total. */
void progress_count(size_t done, size_t total);

#endif
