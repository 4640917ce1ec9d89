/* diag.c - see diag.h. */
#include "diag.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

int err_vset(cli_err *e, const char *file, int line, int col, const char *fmt, va_list ap) {
  if (e->set) return -1;
  e->set = 1;
  e->line = line > 0 ? line : 1;
  e->col = col > 0 ? col : 1;
  snprintf(e->file, sizeof e->file, "%s", file ? file : "-");
  vsnprintf(e->msg, sizeof e->msg, fmt, ap);
  return -1;
}

int err_vset_hint(cli_err *e, const char *file, int line, int col, const char *hint, const char *fmt,
                  va_list ap) {
  if (e->set) return -1;
  err_vset(e, file, line, col, fmt, ap);
  if (hint == NULL) return -1;
  const size_t at = strlen(e->msg);
  snprintf(e->msg + at, sizeof e->msg - at, " (did you mean '%s'?)", hint);
  snprintf(e->suggestion, sizeof e->suggestion, "%s", hint);
  e->hint_at = (int)at;
  return -1;
}

void err_find_hint(cli_err *e) {
  static const char open[] = " (did you mean '", close[] = "'?)";
  const size_t len = strlen(e->msg), tail = sizeof close - 1;
  const char *const at = strstr(e->msg, open);
  if (at == NULL || len < tail || strcmp(e->msg + len - tail, close) != 0) return;
  const char *const hint = at + sizeof open - 1;
  const size_t n = (size_t)(e->msg + len - tail - hint);
  if (n == 0 || n >= sizeof e->suggestion || memchr(hint, '\'', n)) return;
  memcpy(e->suggestion, hint, n);
  e->suggestion[n] = '\0';
  e->hint_at = (int)(at - e->msg);
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
