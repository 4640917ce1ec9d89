/* diagnostic.h - a bad input's one diagnostic (codec/diag.h) as a JSON
 * object, for the commands' --format json: {file, line, column, severity,
 * message, suggestion} (wolves(1), DIAGNOSTICS).  Text output is err.h's
 * one line, unchanged. */
#ifndef CLI_DIAGNOSTIC_H
#define CLI_DIAGNOSTIC_H

#include "doc.h"

/* The error as an object in d: line and column null for the file as a
 * whole (it cannot be read), the message without its "(did you mean
 * 'X'?)", which is the suggestion (null for none); severity "error". */
doc_node *diagnostic_json(doc *d, const cli_err *e);

/* Reports a bad input that ends a command: the one line on stderr, and
 * with json also {"error": {...}} (diagnostic_json) on stdout, where the
 * command's JSON would have been, so a program reading stdout reads why.
 * When stdout and stderr are one file (a terminal) the line is left out:
 * the object says it.  Returns 2, the exit status of bad input. */
int diagnostic_report(const cli_err *e, int json);

/* Are standard output and standard error one file (a terminal, or both
 * redirected to one log)?  Then what goes to both is printed once. */
int diagnostic_same_output(void);

#endif
