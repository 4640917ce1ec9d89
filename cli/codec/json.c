/* json.c - see json.h. */
#include "json.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bounds.h"

/* Runs of characters that need no escape are copied at once. */
/* Length of the UTF-8 sequence at s that YAML 1.1 reads as a line break
 * or does not allow in a file (DEL, the C1 controls with NEL, U+2028,
 * U+2029, U+FFFE, U+FFFF): written as \uXXXX so the output loads again
 * as it was; *code is the code point.  0 for anything else. */
static size_t yaml_unsafe(const unsigned char *s, size_t left, unsigned *code) {
  if (s[0] == 0x7F) return *code = 0x7F, 1;
  if (left >= 2 && s[0] == 0xC2 && s[1] >= 0x80 && s[1] <= 0x9F) return *code = s[1], 2;
  if (left >= 3 && s[0] == 0xE2 && s[1] == 0x80 && (s[2] == 0xA8 || s[2] == 0xA9))
    return *code = 0x2000u + 0x28u + (s[2] - 0xA8u), 3;
  if (left >= 3 && s[0] == 0xEF && s[1] == 0xBF && (s[2] == 0xBE || s[2] == 0xBF))
    return *code = 0xFFC0u + (s[2] & 0x3Fu), 3;
  return 0;
}

size_t utf8_length(const char *str, size_t left) {
  const unsigned char *s = (const unsigned char *)str, c = s[0];
  size_t n;
  unsigned char lo = 0x80, hi = 0xBF; /* the range of the second byte */
  if (c < 0x80) return left ? 1 : 0;
  if (c >= 0xC2 && c <= 0xDF)
    n = 2;
  else if (c >= 0xE0 && c <= 0xEF)
    n = 3, lo = c == 0xE0 ? 0xA0 : 0x80, hi = c == 0xED ? 0x9F : 0xBF;
  else if (c >= 0xF0 && c <= 0xF4)
    n = 4, lo = c == 0xF0 ? 0x90 : 0x80, hi = c == 0xF4 ? 0x8F : 0xBF;
  else
    return 0;
  if (left < n || s[1] < lo || s[1] > hi) return 0;
  for (size_t i = 2; i < n; i++)
    if (s[i] < 0x80 || s[i] > 0xBF) return 0;
  return n;
}

/* The bytes written as they are: printable ASCII but '"' and '\\'. */
static int plain_byte(unsigned char c) { return c >= 0x20 && c < 0x7F && c != '"' && c != '\\'; }

/* How many bytes from s on are plain_byte, eight at a time while they
 * all are (a test for a zero byte in a word: (v - 0x01..) & ~v & 0x80..). */
static int plain_eight(uint64_t x) {
  const uint64_t ones = 0x0101010101010101u, highs = 0x8080808080808080u;
  const uint64_t quote = x ^ (ones * '"'), backslash = x ^ (ones * '\\'), del = x ^ (ones * 0x7F);
  const uint64_t bad = ((x - ones * 0x20) & ~x) | x | ((quote - ones) & ~quote) |
                       ((backslash - ones) & ~backslash) | ((del - ones) & ~del);
  return (bad & highs) == 0;
}

static size_t plain_run(const char *s, size_t len) {
  size_t i = 0;
  for (; i + 8 <= len; i += 8) {
    uint64_t x;
    memcpy(&x, s + i, 8);
    if (!plain_eight(x)) break;
  }
  while (i < len && plain_byte((unsigned char)s[i])) i++;
  return i;
}

static void write_string(strbuf *sb, const char *s, size_t len) {
  static const char hex[] = "0123456789abcdef";
  size_t i = plain_run(s, len);
  if (i == len) { /* (most strings: one copy) */
    char *p = sb_grow(sb, len + 2);
    p[0] = '"';
    memcpy(p + 1, s, len);
    p[len + 1] = '"';
    return;
  }
  sb_putc(sb, '"');
  size_t run = 0;
  for (; i < len; i++) {
    const unsigned char c = (unsigned char)s[i];
    unsigned code;
    size_t unsafe = c >= 0x7F ? yaml_unsafe((const unsigned char *)s + i, len - i, &code) : 0;
    if (c >= 0x80 && !unsafe) {
      /* (a name from the command line or a directory may not be UTF-8,
       * which JSON cannot hold: each such byte is U+FFFD) */
      const size_t n = utf8_length(s + i, len - i);
      if (n == 0) code = 0xFFFD, unsafe = 1;
      if (n > 1) i += n - 1;
      if (n) continue;
    }
    if (unsafe) {
      sb_putn(sb, s + run, i - run);
      const char u[] = {'\\',          'u', hex[code >> 12], hex[(code >> 8) & 15], hex[(code >> 4) & 15],
                        hex[code & 15]};
      sb_putn(sb, u, sizeof u);
      i += unsafe - 1;
      run = i + 1;
      continue;
    }
    if (c >= 0x20 && c != '"' && c != '\\') continue;
    sb_putn(sb, s + run, i - run);
    run = i + 1;
    switch (c) {
    case '"':
      sb_puts(sb, "\\\"");
      break;
    case '\\':
      sb_puts(sb, "\\\\");
      break;
    case '\n':
      sb_puts(sb, "\\n");
      break;
    case '\t':
      sb_puts(sb, "\\t");
      break;
    case '\r':
      sb_puts(sb, "\\r");
      break;
    case '\b':
      sb_puts(sb, "\\b");
      break;
    case '\f':
      sb_puts(sb, "\\f");
      break;
    default: {
      const char u[] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
      sb_putn(sb, u, sizeof u);
    }
    }
  }
  sb_putn(sb, s + run, len - run);
  sb_putc(sb, '"');
}

/* Decimal digits without printf: integers are most of a state. */
static void write_int(strbuf *sb, long long v) {
  if (v >= 0 && v < 10) { /* (most of them) */
    sb_putc(sb, (char)('0' + v));
    return;
  }
  char digits[24];
  size_t n = sizeof digits;
  unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;
  do {
    digits[--n] = (char)('0' + u % 10);
    u /= 10;
  } while (u);
  if (v < 0) digits[--n] = '-';
  sb_putn(sb, digits + n, sizeof digits - n);
}

static void write_scalar(strbuf *sb, const doc_node *n) {
  switch (n->kind) {
  case DOC_NULL:
    sb_puts(sb, "null");
    break;
  case DOC_BOOL:
    sb_puts(sb, n->num ? "true" : "false");
    break;
  case DOC_INT:
    write_int(sb, n->num);
    break;
  case DOC_STR:
    write_string(sb, n->str, n->len);
    break;
  default:
    break;
  }
}

static int all_scalars(const doc_node *n) {
  for (const doc_node *c = n->first; c; c = c->next)
    if (!doc_is_scalar(c)) return 0;
  return 1;
}

/* Lists of scalars and small mappings of scalars fit on one line. */
#define INLINE_MAP_MAX 6

static int one_line(const doc_node *n) {
  if (n->layout == DOC_INLINE || n->count == 0) return 1;
  if (n->layout == DOC_BLOCK) return 0;
  return all_scalars(n) && (n->kind == DOC_SEQ || n->count <= INLINE_MAP_MAX);
}

static void write_inline(strbuf *sb, const doc_node *n) {
  if (n->kind != DOC_SEQ && n->kind != DOC_MAP) { /* (doc_is_scalar, without a call per node) */
    write_scalar(sb, n);
    return;
  }
  const int map = n->kind == DOC_MAP;
  sb_putc(sb, map ? '{' : '[');
  for (const doc_node *c = n->first; c; c = c->next) {
    if (map) {
      write_string(sb, c->key, strlen(c->key));
      memcpy(sb_grow(sb, 2), ": ", 2);
    }
    write_inline(sb, c);
    if (c->next) memcpy(sb_grow(sb, 2), ", ", 2);
  }
  sb_putc(sb, map ? '}' : ']');
}

static void indent(strbuf *sb, int depth) {
  for (int i = 0; i < depth; i++) sb_puts(sb, "  ");
}

static void write_value(strbuf *sb, const doc_node *n, int depth) {
  if (doc_is_scalar(n) || one_line(n)) {
    write_inline(sb, n);
    return;
  }
  const int map = n->kind == DOC_MAP;
  sb_puts(sb, map ? "{\n" : "[\n");
  for (const doc_node *c = n->first; c; c = c->next) {
    indent(sb, depth + 1);
    if (map) {
      write_string(sb, c->key, strlen(c->key));
      sb_puts(sb, ": ");
    }
    write_value(sb, c, depth + 1);
    sb_puts(sb, c->next ? ",\n" : "\n");
  }
  indent(sb, depth);
  sb_putc(sb, map ? '}' : ']');
}

void json_put_string(strbuf *sb, const char *s, size_t len) { write_string(sb, s, len); }

/* Most strings written are short words (keys, names): checked and copied
 * eight bytes at a time, then byte by byte. */
void json_put_cstr(strbuf *sb, const char *s) {
  const size_t len = strlen(s);
  if (sb->len + len + 3 > sb->cap) sb_reserve(sb, len + 2);
  char *const p = sb->buf + sb->len;
  size_t i = 0;
  p[0] = '"';
  for (; i + 8 <= len; i += 8) {
    uint64_t x;
    memcpy(&x, s + i, 8);
    if (!plain_eight(x)) break;
    memcpy(p + 1 + i, &x, 8);
  }
  for (; i < len && plain_byte((unsigned char)s[i]); i++) p[1 + i] = s[i];
  if (i < len) { /* (an escape: the copy is not kept) */
    write_string(sb, s, len);
    return;
  }
  p[len + 1] = '"';
  sb->len += len + 2;
  sb->buf[sb->len] = '\0';
}

void json_put_int(strbuf *sb, long long v) { write_int(sb, v); }
void json_put_node(strbuf *sb, const doc_node *n) { write_inline(sb, n); }

void json_write(strbuf *sb, const doc_node *root) {
  write_value(sb, root, 0);
  sb_putc(sb, '\n');
}

void json_inline(strbuf *sb, const doc_node *n, size_t max) {
  strbuf tmp = {0};
  write_inline(&tmp, n);
  if (tmp.len > max && max > 3) {
    sb_putn(sb, tmp.buf, max - 3);
    sb_puts(sb, "...");
  } else if (tmp.buf) {
    sb_puts(sb, tmp.buf);
  }
  sb_free(&tmp);
}

/* A word YAML reads back as the same string: letters, digits, '_', and not
 * one of YAML 1.1's booleans or null. */
static int plain_word(const char *s) {
  static const char *const reserved[] = {"true", "false", "null", "yes", "no", "on", "off", "y", "n", NULL};
  if (!((*s >= 'A' && *s <= 'Z') || (*s >= 'a' && *s <= 'z'))) return 0;
  for (const char *p = s; *p; p++)
    if (!((*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '_'))
      return 0;
  for (int i = 0; reserved[i]; i++)
    if (strcmp(s, reserved[i]) == 0) return 0;
  return 1;
}

void yaml_flow(strbuf *sb, const doc_node *n) {
  if (n->kind == DOC_STR && plain_word(n->str)) {
    sb_puts(sb, n->str);
  } else if (doc_is_scalar(n)) {
    write_scalar(sb, n);
  } else {
    sb_putc(sb, n->kind == DOC_SEQ ? '[' : '{');
    for (const doc_node *c = n->first; c; c = c->next) {
      if (c != n->first) sb_puts(sb, ", ");
      if (n->kind == DOC_MAP) sb_printf(sb, "%s: ", c->key);
      yaml_flow(sb, c);
    }
    sb_putc(sb, n->kind == DOC_SEQ ? ']' : '}');
  }
}
/* ---- json_parse: RFC 8259, one recursive-descent pass into a doc ---- */

typedef struct {
  doc *d;
  const char *s;
  size_t n, i;
  size_t line_start; /* offset of the current line's first byte */
  int line;
  cli_err *e;
} json_scan;

static int scan_col(const json_scan *j, size_t at) { return (int)(at - j->line_start) + 1; }

static int scan_fail_at(json_scan *j, size_t at, const char *why) {
  return err_set(j->e, j->d->file, j->line, scan_col(j, at), "%s", why);
}

static int scan_fail(json_scan *j, const char *why) { return scan_fail_at(j, j->i, why); }

/* JSON's white space: space, tab, carriage return, line feed. */
static void scan_space(json_scan *j) {
  while (j->i < j->n) {
    const char c = j->s[j->i];
    if (c == '\n') {
      j->line++;
      j->line_start = j->i + 1;
    } else if (c != ' ' && c != '\t' && c != '\r') {
      return;
    }
    j->i++;
  }
}

static int is_digit(char c) { return c >= '0' && c <= '9'; }

static int hex4(const char *s, unsigned *v) {
  *v = 0;
  for (int k = 0; k < 4; k++) {
    const char h = s[k];
    const unsigned x = is_digit(h)                                ? (unsigned)(h - '0')
                       : ((h | 0x20) >= 'a' && (h | 0x20) <= 'f') ? (unsigned)((h | 0x20) - 'a' + 10)
                                                                  : 16u;
    if (x == 16u) return -1;
    *v = *v << 4 | x;
  }
  return 0;
}

static size_t put_utf8(char *p, unsigned c) {
  if (c < 0x80) return p[0] = (char)c, 1;
  if (c < 0x800) return p[0] = (char)(0xC0 | c >> 6), p[1] = (char)(0x80 | (c & 0x3F)), 2;
  if (c < 0x10000)
    return p[0] = (char)(0xE0 | c >> 12), p[1] = (char)(0x80 | (c >> 6 & 0x3F)),
           p[2] = (char)(0x80 | (c & 0x3F)), 3;
  p[0] = (char)(0xF0 | c >> 18), p[1] = (char)(0x80 | (c >> 12 & 0x3F));
  p[2] = (char)(0x80 | (c >> 6 & 0x3F)), p[3] = (char)(0x80 | (c & 0x3F));
  return 4;
}

static const char unknown_escape[] =
    "an unknown escape in a string (JSON has \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)";

/* A string from its opening quote: its text, decoded, in d (never longer
 * than as written: an escape is 2 to 12 bytes for at most 4). */
static int scan_string(json_scan *j, const char **text, size_t *len) {
  const size_t start = ++j->i;
  size_t end = start;
  int plain = 1; /* no escape: the text is a copy of the bytes */
  for (;;) {
    if (end >= j->n) return scan_fail_at(j, start - 1, "the string does not end (a missing '\"')");
    const unsigned char c = (unsigned char)j->s[end];
    if (c == '"') break;
    if (c < 0x20)
      return scan_fail_at(j, end, "a control character in a string (write it as an escape, \\u00XX)");
    if (c == '\\') {
      plain = 0;
      if (end + 1 < j->n && !strchr("\"\\/bfnrtu", j->s[end + 1]))
        return scan_fail_at(j, end, unknown_escape);
      end += end + 1 < j->n ? 2 : 1;
      continue;
    }
    const size_t k = c < 0x80 ? 1 : utf8_length(j->s + end, j->n - end);
    if (k == 0) return scan_fail_at(j, end, "invalid UTF-8 in a string");
    end += k;
  }
  char *p = doc_alloc_text(j->d, end - start + 1);
  size_t k = 0;
  if (plain) {
    memcpy(p, j->s + start, end - start);
    k = end - start;
  }
  for (size_t i = start; !plain && i < end;) {
    if (j->s[i] != '\\') {
      p[k++] = j->s[i++];
      continue;
    }
    const char e = j->s[i + 1];
    static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
    const char *const at = e ? strchr(from, e) : NULL;
    if (at) {
      p[k++] = to[at - from];
      i += 2;
      continue;
    }
    unsigned u, low;
    if (e != 'u') return scan_fail_at(j, i, unknown_escape);
    if (end - i < 6 || hex4(j->s + i + 2, &u)) return scan_fail_at(j, i, "\\u needs 4 hexadecimal digits");
    if (u == 0)
      return scan_fail_at(j, i, "\\u0000 in a string (a NUL character is never a name or a value here)");
    if (u >= 0xDC00 && u <= 0xDFFF)
      return scan_fail_at(j, i, "a low surrogate (\\uDC00-\\uDFFF) without a high one before it");
    if (u >= 0xD800 && u <= 0xDBFF) {
      if (end - i < 12 || j->s[i + 6] != '\\' || j->s[i + 7] != 'u' || hex4(j->s + i + 8, &low) ||
          low < 0xDC00 || low > 0xDFFF)
        return scan_fail_at(j, i, "a high surrogate (\\uD800-\\uDBFF) without a low one after it");
      u = 0x10000 + ((u - 0xD800) << 10) + (low - 0xDC00);
      i += 6;
    }
    k += put_utf8(p + k, u);
    i += 6;
  }
  p[k] = '\0';
  *text = p;
  *len = k;
  j->i = end + 1;
  return 0;
}

/* A number: an integer as DOC_INT (64 bits, as doc_parse reads one); one
 * with a fraction or an exponent as the unquoted string it is written as
 * (doc has no other numbers: YAML's plain scalar 1.5). */
static int scan_number(json_scan *j, doc_node **out) {
  const char *s = j->s;
  const size_t start = j->i;
  int fraction = 0;
  if (s[j->i] == '-') j->i++;
  if (j->i < j->n && s[j->i] == '0')
    j->i++;
  else if (j->i < j->n && is_digit(s[j->i]))
    while (j->i < j->n && is_digit(s[j->i])) j->i++;
  else
    return scan_fail(j, "a number needs a digit here");
  if (j->i < j->n && s[j->i] == '.') {
    fraction = 1;
    if (++j->i >= j->n || !is_digit(s[j->i])) return scan_fail(j, "a digit must follow a decimal point");
    while (j->i < j->n && is_digit(s[j->i])) j->i++;
  }
  if (j->i < j->n && (s[j->i] == 'e' || s[j->i] == 'E')) {
    fraction = 1;
    j->i++;
    if (j->i < j->n && (s[j->i] == '+' || s[j->i] == '-')) j->i++;
    if (j->i >= j->n || !is_digit(s[j->i])) return scan_fail(j, "an exponent needs a digit");
    while (j->i < j->n && is_digit(s[j->i])) j->i++;
  }
  const size_t len = j->i - start;
  if (fraction) {
    doc_node *n = doc_new(j->d, DOC_STR);
    n->str = doc_strdup(j->d, s + start, len);
    n->len = len;
    *out = n;
    return 0;
  }
  const int negative = s[start] == '-';
  unsigned long long v = 0;
  const unsigned long long limit =
      negative ? (unsigned long long)INT64_MAX + 1 : (unsigned long long)INT64_MAX;
  for (size_t i = start + (size_t)negative; i < j->i; i++) {
    const unsigned d = (unsigned)(s[i] - '0');
    if (v > (limit - d) / 10)
      return err_set(j->e, j->d->file, j->line, scan_col(j, start),
                     "integer '%.*s' is out of range (it does not fit in 64 bits)",
                     (int)(len > 40 ? 40 : len), s + start);
    v = v * 10 + d;
  }
  *out = doc_int(j->d, negative ? (long long)(0 - v) : (long long)v);
  return 0;
}

static int scan_value(json_scan *j, int depth, doc_node **out);

static int key_order(const void *a, const void *b) {
  const doc_node *x = *(const doc_node *const *)a, *y = *(const doc_node *const *)b;
  const int c = strcmp(x->key, y->key);
  return c ? c : (x->key_line != y->key_line ? x->key_line - y->key_line : x->key_col - y->key_col);
}

/* The first key of object n (in the text's order) that an earlier one
 * repeats, or NULL: a quadratic look for a few keys, sorted for many. */
static const doc_node *repeated_key(const doc_node *n) {
  const doc_node *first = NULL;
  if (n->count <= 16) {
    for (const doc_node *a = n->first; a && !first; a = a->next)
      for (const doc_node *b = n->first; b != a && !first; b = b->next)
        if (strcmp(a->key, b->key) == 0) first = a;
    return first;
  }
  const doc_node **all = malloc(n->count * sizeof *all);
  if (all == NULL) return NULL;
  size_t k = 0;
  for (const doc_node *a = n->first; a; a = a->next) all[k++] = a;
  qsort(all, k, sizeof *all, key_order);
  for (size_t i = 1; i < k; i++)
    if (strcmp(all[i]->key, all[i - 1]->key) == 0 &&
        (!first || all[i]->key_line < first->key_line ||
         (all[i]->key_line == first->key_line && all[i]->key_col < first->key_col)))
      first = all[i];
  free(all);
  return first;
}

/* An object or an array, from its opening bracket. */
static int scan_collection(json_scan *j, int depth, doc_node *n) {
  const int object = n->kind == DOC_MAP;
  const char close = object ? '}' : ']';
  if (depth >= DOC_DEPTH_MAX) return scan_fail(j, "nesting deeper than " DOC_DEPTH_MAX_TEXT " levels");
  j->i++;
  scan_space(j);
  if (j->i < j->n && j->s[j->i] == close) return j->i++, 0;
  for (;;) {
    const char *key = NULL;
    size_t key_len;
    const int key_line = j->line, key_col = scan_col(j, j->i);
    if (object) {
      if (j->i >= j->n || j->s[j->i] != '"')
        return scan_fail(j, "a key (a string in double quotes) expected");
      if (scan_string(j, &key, &key_len)) return -1;
      scan_space(j);
      if (j->i >= j->n || j->s[j->i] != ':') return scan_fail(j, "':' expected after a key");
      j->i++;
    }
    doc_node *v;
    if (scan_value(j, depth + 1, &v)) return -1;
    if (object) {
      v->key = key;
      v->key_line = key_line;
      v->key_col = key_col;
    }
    doc_push(n, v);
    scan_space(j);
    if (j->i < j->n && j->s[j->i] == ',') {
      j->i++;
      scan_space(j);
      continue;
    }
    if (j->i < j->n && j->s[j->i] == close) break;
    return scan_fail(j, object ? "',' or '}' expected" : "',' or ']' expected");
  }
  j->i++;
  const doc_node *again = object ? repeated_key(n) : NULL;
  if (again)
    return err_set(j->e, j->d->file, again->key_line, again->key_col,
                   "the key \"%.*s\" is repeated (each key of an object is given once)",
                   (int)(strlen(again->key) > 60 ? 60 : strlen(again->key)), again->key);
  return 0;
}

static int scan_value(json_scan *j, int depth, doc_node **out) {
  static const char *const words[] = {"true", "false", "null"};
  scan_space(j);
  if (j->i >= j->n) return scan_fail(j, "a value expected");
  if (j->d->nodes >= DOC_NODES_MAX)
    return scan_fail(j, "document too large (more than " DOC_NODES_MAX_TEXT " nodes)");
  const char c = j->s[j->i];
  const int line = j->line, col = scan_col(j, j->i);
  doc_node *n = NULL;
  if (c == '{' || c == '[') {
    n = c == '{' ? doc_map(j->d) : doc_seq(j->d);
    n->line = line, n->col = col;
    if (scan_collection(j, depth, n)) return -1;
  } else if (c == '"') {
    n = doc_new(j->d, DOC_STR);
    n->quoted = 1;
    if (scan_string(j, &n->str, &n->len)) return -1;
  } else if (c == '-' || is_digit(c)) {
    if (scan_number(j, &n)) return -1;
  } else {
    int k = 0;
    while (k < 3 &&
           !(j->n - j->i >= strlen(words[k]) && memcmp(j->s + j->i, words[k], strlen(words[k])) == 0))
      k++;
    if (k == 3)
      return scan_fail(j, c == '\''
                              ? "a string is in double quotes (JSON has no single-quoted strings)"
                              : "a value (object, array, string, number, true, false or null) expected");
    j->i += strlen(words[k]);
    n = k == 2 ? doc_new(j->d, DOC_NULL) : doc_bool(j->d, k == 0);
  }
  n->line = line;
  n->col = col;
  *out = n;
  return 0;
}

int json_parse(doc *d, const char *text, size_t len, cli_err *e) {
  json_scan j = {d, text, len, 0, 0, 1, e};
  doc_node *root;
  if (scan_value(&j, 0, &root) == 0) {
    scan_space(&j);
    if (j.i == j.n) {
      d->src = text;
      d->srclen = len;
      d->root = root;
      return 0;
    }
    scan_fail(&j, "text after the value");
  }
  const char *file = d->file; /* (empty again, as before) */
  doc_free(d);
  doc_init(d, file);
  return -1;
}
