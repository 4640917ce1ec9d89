/* diag.h - the one diagnostic a bad input produces: where it is (FILE,
 * LINE, COL) and what is wrong.  The codec records it; printing it as
 * "FILE:LINE:COL: error: MESSAGE" is the program's business (cli/base/err.h).
 * The first error wins; later ones (consequences) are dropped. */
#ifndef CODEC_DIAG_H
#define CODEC_DIAG_H

#include <stdarg.h>

#if defined(__GNUC__)
#define CLI_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define CLI_PRINTF(a, b)
#endif

typedef struct {
  int set;
  int line, col; /* 1-based; 0: the file as a whole (err_file) */
  char file[1024];
  char msg[1024];
} cli_err;

/* Records an error at line:col of file; returns -1 so callers can
 * `return err_set(...)`. */
int err_set(cli_err *e, const char *file, int line, int col, const char *fmt, ...) CLI_PRINTF(5, 6);
/* err_set with the arguments as a va_list (line and col below 1 are 1). */
int err_vset(cli_err *e, const char *file, int line, int col, const char *fmt, va_list ap);
/* Records an error about file as a whole (it cannot be read): line and
 * col 0, printed "FILE: error: MESSAGE". */
int err_file(cli_err *e, const char *file, const char *fmt, ...) CLI_PRINTF(3, 4);

#endif
