/* serve.h - the fuzz harnesses' file_read: replaced at link time
 * (-Wl,--wrap=file_read) by one that serves the fuzz bytes as "-", a
 * harness's second text as FUZZ_SECOND, and reports any other path (a
 * `start:` file) as missing.  No file is read. */
#ifndef FUZZ_SERVE_H
#define FUZZ_SERVE_H

#include <stddef.h>

#include "base/input.h"

#define FUZZ_SECOND "-fuzz-second"

/* What "-" and FUZZ_SECOND read from now on (not copied). */
void serve_input(const char *text, size_t len);
void serve_second(const char *text, size_t len);
int __wrap_file_read(const char *path, char **text, size_t *len, cli_err *e);

#endif
