/* err.c - see err.h. */
#include "base/err.h"

#include <stdarg.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "doc.h"
#include "json.h"
#include "strbuf.h"

/* Is the UTF-8 character at s (len bytes) a C1 control (U+0080..U+009F),
 * a line or paragraph separator (U+2028, U+2029: a line break to some
 * viewers) or U+FFFE, U+FFFF (which XML cannot hold)? */
static int unprintable(const unsigned char *s, size_t len) {
  return (len == 2 && s[0] == 0xC2 && s[1] <= 0x9F) ||
         (len == 3 && s[0] == 0xE2 && s[1] == 0x80 && (s[2] == 0xA8 || s[2] == 0xA9)) ||
         (len == 3 && s[0] == 0xEF && s[1] == 0xBF && s[2] >= 0xBE);
}

void err_escape(strbuf *sb, const char *s, size_t n, const char *also) {
  static const char hex[] = "0123456789ABCDEF";
  static const char named[] = "abtnvfr"; /* \a to \r: 0x07 to 0x0D */
  const unsigned char *u = (const unsigned char *)s;
  size_t run = 0; /* the first byte not written yet */
  for (size_t i = 0; i < n;) {
    const unsigned char c = u[i];
    if (c >= 0x20 && c < 0x7F && c != '\\' && !(also && strchr(also, c))) {
      i++;
      continue;
    }
    const size_t len = c >= 0x80 ? utf8_length(s + i, n - i) : 0;
    if (len && !unprintable(u + i, len)) {
      i += len;
      continue;
    }
    sb_putn(sb, s + run, i - run);
    const size_t bytes = len ? len : 1; /* a character escaped: each of its bytes */
    for (size_t k = i; k < i + bytes; k++) {
      const unsigned char b = u[k];
      char e[4] = {'\\', (char)b, hex[b >> 4], hex[b & 15]};
      if (b >= 0x20 && b < 0x7F) { /* a backslash, or one of also */
        sb_putn(sb, e, 2);
      } else if ((b >= 0x07 && b <= 0x0D) || b == 0x1B) {
        e[1] = b == 0x1B ? 'e' : named[b - 0x07];
        sb_putn(sb, e, 2);
      } else {
        e[1] = 'x';
        sb_putn(sb, e, 4);
      }
    }
    i += bytes;
    run = i;
  }
  sb_putn(sb, s + run, n - run);
}

/* s written to f as err_escape writes it: a file name, a key or a message
 * that holds one can spell any byte ("\e[2J" included), and stays one
 * line. */
void err_text(FILE *f, const char *s, const char *also) {
  strbuf sb = {0};
  err_escape(&sb, s, strlen(s), also);
  fputs(sb.buf, f);
  sb_free(&sb);
}

void err_path(FILE *f, const char *path) { err_text(f, path, NULL); }

void err_print(const cli_err *e, FILE *f) {
  err_text(f, e->file, NULL);
  if (e->line > 0)
    fprintf(f, ":%d:%d: error: ", e->line, e->col);
  else
    fputs(": error: ", f); /* the file as a whole: no line to point at */
  err_text(f, e->msg, NULL);
  fputc('\n', f);
}

void err_say(const char *fmt, ...) {
  char line[4096];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(line, sizeof line, fmt, ap);
  va_end(ap);
  err_text(stderr, line, NULL);
  fputc('\n', stderr);
}

int usage_error(const char *cmd, const char *fmt, const char *arg) {
  char msg[2048];
  snprintf(msg, sizeof msg, fmt, arg);
  err_say("wolves: %s", msg);
  fprintf(stderr, "Try 'wolves%s%s --help'.\n", cmd ? " " : "", cmd ? cmd : "");
  return 2;
}
