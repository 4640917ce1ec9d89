/* runner.h - `wolves check` and `wolves test`: run scenarios, judge them,
 * report PASS/FAIL with differences, optionally bless their goldens. */
#ifndef CLI_RUNNER_H
#define CLI_RUNNER_H

#include "files.h"

typedef struct {
  int quiet; /* only failures and the summary */
  int bless; /* (re)write goldens instead of comparing with them */
  int summary;
  int tap; /* Test Anything Protocol (version 13) instead of PASS/FAIL lines */
} runner_opts;

/* Runs every scenario of files in order; returns the exit status:
 * 0 all passed, 1 some failed, 2 some had bad input (or a golden could not
 * be written). */
int runner_run(const path_list *files, const runner_opts *o);

#endif
