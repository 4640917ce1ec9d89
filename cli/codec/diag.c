/* diag.c - see diag.h. */
#include "diag.h"

#include <stdarg.h>
#include <stdio.h>

int err_vset(cli_err *e, const char *file, int line, int col, const char *fmt, va_list ap) {
  if (e->set) return -1;
  e->set = 1;
  e->line = line > 0 ? line : 1;
  e->col = col > 0 ? col : 1;
  snprintf(e->file, sizeof e->file, "%s", file ? file : "-");
  vsnprintf(e->msg, sizeof e->msg, fmt, ap);
  return -1;
}

int err_set(cli_err *e, const char *file, int line, int col, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  err_vset(e, file, line, col, fmt, ap);
  va_end(ap);
  return -1;
}

int err_file(cli_err *e, const char *file, const char *fmt, ...) {
  if (e->set) return -1;
  va_list ap;
  va_start(ap, fmt);
  err_vset(e, file, 1, 1, fmt, ap);
  va_end(ap);
  e->line = e->col = 0;
  return -1;
}
