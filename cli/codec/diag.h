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
  char msg[1024]; /* the whole message, a suggestion's "(did you mean 'X'?)" included */
  /* The name a "did you mean" offers ("" for none), and where its words
   * start in msg: --format json gives the message and the suggestion
   * apart (cli/base/err.h), text as one line. */
  char suggestion[128];
  int hint_at;
} cli_err;

/* Records an error at line:col of file; returns -1 so callers can
 * `return err_set(...)`. */
int err_set(cli_err *e, const char *file, int line, int col, const char *fmt, ...) CLI_PRINTF(5, 6);
/* err_set with the arguments as a va_list (line and col below 1 are 1). */
int err_vset(cli_err *e, const char *file, int line, int col, const char *fmt, va_list ap);
/* err_vset, then " (did you mean 'HINT'?)" after the message and hint
 * kept as the suggestion (hint NULL: none, as err_vset). */
int err_vset_hint(cli_err *e, const char *file, int line, int col, const char *hint, const char *fmt,
                  va_list ap);
/* An error recorded from a message already written (the library's
 * wolves_error): a "(did you mean 'X'?)" ending it becomes the suggestion,
 * as err_vset_hint would have kept it. */
void err_find_hint(cli_err *e);
/* Records an error about file as a whole (it cannot be read): line and
 * col 0, printed "FILE: error: MESSAGE". */
int err_file(cli_err *e, const char *file, const char *fmt, ...) CLI_PRINTF(3, 4);

#endif
