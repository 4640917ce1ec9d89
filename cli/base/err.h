/* err.h - printing the one diagnostic a bad input produces (codec/diag.h
 * records it): "FILE:LINE:COL: error: MESSAGE", and command-line mistakes. */
#ifndef CLI_ERR_H
#define CLI_ERR_H

#include <stdint.h>
#include <stdio.h>

#include "diag.h"
#include "strbuf.h"

/* The one way text from input (a file name, a YAML or golden key, a value,
 * an operand typed by the user) is written to text, TAP and JUnit output
 * (wolves(1), NAMES IN OUTPUT): valid printable UTF-8 as it is; \a \b \t
 * \n \v \f \r, \e for ESC and \\ for a backslash; \xNN for each byte of
 * any other control character (C0, DEL, C1 U+0080..U+009F), of U+2028,
 * U+2029, U+FFFE and U+FFFF, and for each byte that is not part of valid
 * UTF-8.  No quotes are added.  One name is one line, no byte of it
 * reaches a terminal as a control, and the escapes read back
 * unambiguously.  Each ASCII character of also (or NULL) is written with a
 * backslash before it too ("#" in a TAP test line).  Appends to sb. */
void err_escape(strbuf *sb, const char *s, size_t n, const char *also);
/* Prints the error as one line ("FILE:LINE:COL: error: MSG", or
 * "FILE: error: MSG" for line 0: the file as a whole), the file name and the message escaped as
 * err_escape escapes text from input: the message is formatted from the
 * raw text (a key, a value), and escaped here, once. */
void err_print(const cli_err *e, FILE *f);
/* One line on stderr, formatted, then escaped as err_print escapes (so
 * arguments are passed raw). */
void err_say(const char *fmt, ...) CLI_PRINTF(1, 2);
/* A file name (or any text from input) escaped as err_say would print it,
 * for report lines that name a scenario or a golden. */
void err_path(FILE *f, const char *path);
/* The same, with each ASCII character of also escaped too (err_escape). */
void err_text(FILE *f, const char *text, const char *also);

/* A command-line mistake: "wolves: <fmt with arg>" and "Try 'wolves CMD
 * --help'." on stderr (cmd NULL: the program's help).  Returns 2. */
int usage_error(const char *cmd, const char *fmt, const char *arg);

#endif
