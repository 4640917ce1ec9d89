/* strbuf.h - a growable byte buffer (output is built in memory and written
 * only once complete, so a failure never leaves half a document). */
#ifndef CLI_STRBUF_H
#define CLI_STRBUF_H

#include <stddef.h>

#include "diag.h"

typedef struct {
  char *buf; /* NUL-terminated when non-NULL */
  size_t len, cap;
} strbuf;

void sb_putn(strbuf *sb, const char *s, size_t n);
void sb_puts(strbuf *sb, const char *s);
/* Makes room for n more bytes and the NUL after them. */
void sb_reserve(strbuf *sb, size_t n);
/* Appends n bytes that the caller then writes at the pointer returned (the
 * buffer is NUL-terminated after them).  Inline: the JSON writer calls it
 * for every string. */
static inline char *sb_grow(strbuf *sb, size_t n) {
  if (sb->len + n + 1 > sb->cap) sb_reserve(sb, n);
  char *p = sb->buf + sb->len;
  sb->len += n;
  sb->buf[sb->len] = '\0';
  return p;
}
static inline void sb_putc(strbuf *sb, char c) { *sb_grow(sb, 1) = c; }
void sb_printf(strbuf *sb, const char *fmt, ...) CLI_PRINTF(2, 3);
void sb_free(strbuf *sb);
/* malloc that exits with status 2 on exhaustion (the CLI's only policy). */
void *xmalloc(size_t n);
void *xrealloc(void *p, size_t n);

#endif
