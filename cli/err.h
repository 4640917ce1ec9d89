/* err.h - printing the one diagnostic a bad input produces (codec/diag.h
 * records it): "FILE:LINE:COL: error: MESSAGE", and command-line mistakes. */
#ifndef CLI_ERR_H
#define CLI_ERR_H

#include <stdint.h>
#include <stdio.h>

#include "diag.h"

void err_print(const cli_err *e, FILE *f);
/* One line on stderr, formatted, with control characters made printable as
 * err_print does (file names reach the terminal). */
void err_say(const char *fmt, ...) CLI_PRINTF(1, 2);
/* A file name as err_say would print it (control characters made
 * printable), for report lines that name a scenario. */
void err_path(FILE *f, const char *path);

/* A command-line mistake: "wolves: <fmt with arg>" and "Try 'wolves CMD
 * --help'." on stderr (cmd NULL: the program's help).  Returns 2. */
int usage_error(const char *cmd, const char *fmt, const char *arg);
/* The value of --format: 0 text (also when absent), 1 json, or -1 after
 * reporting a usage error. */
int format_option(const char *cmd, const char *value);
/* A decimal number in [lo, hi] (digits only); 0, or -1 for anything else. */
int number_option(const char *s, uint64_t lo, uint64_t hi, uint64_t *out);

#endif
