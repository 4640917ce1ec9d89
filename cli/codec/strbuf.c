/* strbuf.c - see strbuf.h. */
#include "strbuf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void *xrealloc(void *p, size_t n) {
  void *q = realloc(p, n ? n : 1);
  if (!q) {
    fputs("wolves: out of memory\n", stderr);
    exit(2);
  }
  return q;
}

void *xmalloc(size_t n) { return xrealloc(NULL, n); }

static void reserve(strbuf *sb, size_t more) {
  if (sb->len + more + 1 <= sb->cap) return;
  size_t cap = sb->cap ? sb->cap : 256;
  while (cap < sb->len + more + 1) cap *= 2;
  sb->buf = xrealloc(sb->buf, cap);
  sb->cap = cap;
}

void sb_putn(strbuf *sb, const char *s, size_t n) {
  if (n == 0 && sb->buf) return;
  reserve(sb, n);
  memcpy(sb->buf + sb->len, s, n);
  sb->len += n;
  sb->buf[sb->len] = '\0';
}

void sb_reserve(strbuf *sb, size_t n) { reserve(sb, n); }

void sb_puts(strbuf *sb, const char *s) { sb_putn(sb, s, strlen(s)); }

/* Formats into a stack buffer first: most pieces are short, so they are
 * formatted once; a longer one is formatted again straight into sb. */
void sb_printf(strbuf *sb, const char *fmt, ...) {
  char small[256];
  va_list ap;
  va_start(ap, fmt);
  const int n = vsnprintf(small, sizeof small, fmt, ap);
  va_end(ap);
  if (n <= 0) return;
  if ((size_t)n < sizeof small) {
    sb_putn(sb, small, (size_t)n);
    return;
  }
  reserve(sb, (size_t)n);
  va_start(ap, fmt);
  vsnprintf(sb->buf + sb->len, (size_t)n + 1, fmt, ap);
  va_end(ap);
  sb->len += (size_t)n;
}

void sb_free(strbuf *sb) {
  free(sb->buf);
  sb->buf = NULL;
  sb->len = sb->cap = 0;
}
