/* err.h - the one diagnostic a bad input produces: "FILE:LINE:COL: error:
 * MESSAGE".  The first error wins; later ones (consequences) are dropped. */
#ifndef CLI_ERR_H
#define CLI_ERR_H

#include <stdint.h>
#include <stdio.h>

#if defined(__GNUC__)
#define CLI_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define CLI_PRINTF(a, b)
#endif

typedef struct {
  int set;
  int line, col; /* 1-based */
  char file[1024];
  char msg[1024];
} cli_err;

struct doc_node;

/* Records an error at line:col of file; returns -1 so callers can
 * `return err_set(...)`. */
int err_set(cli_err *e, const char *file, int line, int col, const char *fmt, ...) CLI_PRINTF(5, 6);
/* Records an error at the position of a document node. */
int err_at(cli_err *e, const struct doc_node *n, const char *fmt, ...) CLI_PRINTF(3, 4);
/* Same, at the position of the key of a mapping entry. */
int err_at_key(cli_err *e, const struct doc_node *n, const char *fmt, ...) CLI_PRINTF(3, 4);
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
