/* json.c - see json.h. */
#include "json.h"

#include <stdint.h>
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

/* ---- json_check: RFC 8259 syntax, one recursive-descent pass ---- */

typedef struct {
  const char *s;
  size_t n, i;
  const char *why;
} json_scan;

static int scan_fail(json_scan *j, const char *why) {
  j->why = why;
  return -1;
}

static void scan_space(json_scan *j) {
  while (j->i < j->n && (j->s[j->i] == ' ' || j->s[j->i] == '\t' || j->s[j->i] == '\r' || j->s[j->i] == '\n'))
    j->i++;
}

static int is_digit(char c) { return c >= '0' && c <= '9'; }

static int scan_string(json_scan *j) {
  j->i++; /* the opening quote */
  while (j->i < j->n) {
    const unsigned char c = (unsigned char)j->s[j->i];
    if (c == '"') {
      j->i++;
      return 0;
    }
    if (c < 0x20) return scan_fail(j, "a control character in a string (write it as an escape, \\u00XX)");
    if (c == '\\') {
      if (++j->i >= j->n) break;
      const char e = j->s[j->i];
      if (e == 'u') {
        for (int k = 1; k <= 4; k++) {
          const char h = j->i + (size_t)k < j->n ? j->s[j->i + (size_t)k] : '\0';
          if (!is_digit(h) && !((h | 0x20) >= 'a' && (h | 0x20) <= 'f'))
            return scan_fail(j, "\\u needs 4 hexadecimal digits");
        }
        j->i += 5;
      } else if (e && strchr("\"\\/bfnrt", e)) {
        j->i++;
      } else {
        return scan_fail(
            j, "an unknown escape in a string (JSON has \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)");
      }
      continue;
    }
    const size_t k = c < 0x80 ? 1 : utf8_length(j->s + j->i, j->n - j->i);
    if (k == 0) return scan_fail(j, "invalid UTF-8 in a string");
    j->i += k;
  }
  return scan_fail(j, "the string does not end (a missing '\"')");
}

static int scan_number(json_scan *j) {
  const char *s = j->s;
  if (s[j->i] == '-') j->i++;
  if (j->i < j->n && s[j->i] == '0')
    j->i++;
  else if (j->i < j->n && is_digit(s[j->i]))
    while (j->i < j->n && is_digit(s[j->i])) j->i++;
  else
    return scan_fail(j, "a number needs a digit here");
  if (j->i < j->n && s[j->i] == '.') {
    if (++j->i >= j->n || !is_digit(s[j->i])) return scan_fail(j, "a digit must follow a decimal point");
    while (j->i < j->n && is_digit(s[j->i])) j->i++;
  }
  if (j->i < j->n && (s[j->i] == 'e' || s[j->i] == 'E')) {
    j->i++;
    if (j->i < j->n && (s[j->i] == '+' || s[j->i] == '-')) j->i++;
    if (j->i >= j->n || !is_digit(s[j->i])) return scan_fail(j, "an exponent needs a digit");
    while (j->i < j->n && is_digit(s[j->i])) j->i++;
  }
  return 0;
}

static int scan_value(json_scan *j, int depth);

/* An object or an array, from its opening bracket. */
static int scan_collection(json_scan *j, int depth) {
  const int object = j->s[j->i] == '{';
  const char close = object ? '}' : ']';
  if (depth <= 0) return scan_fail(j, "nested too deep");
  j->i++;
  scan_space(j);
  if (j->i < j->n && j->s[j->i] == close) {
    j->i++;
    return 0;
  }
  for (;;) {
    if (object) {
      if (j->i >= j->n || j->s[j->i] != '"')
        return scan_fail(j, "a key (a string in double quotes) expected");
      if (scan_string(j)) return -1;
      scan_space(j);
      if (j->i >= j->n || j->s[j->i] != ':') return scan_fail(j, "':' expected after a key");
      j->i++;
    }
    if (scan_value(j, depth - 1)) return -1;
    scan_space(j);
    if (j->i < j->n && j->s[j->i] == ',') {
      j->i++;
      scan_space(j);
      continue;
    }
    if (j->i < j->n && j->s[j->i] == close) {
      j->i++;
      return 0;
    }
    return scan_fail(j, object ? "',' or '}' expected" : "',' or ']' expected");
  }
}

static int scan_value(json_scan *j, int depth) {
  static const char *const words[] = {"true", "false", "null"};
  scan_space(j);
  if (j->i >= j->n) return scan_fail(j, "a value expected");
  const char c = j->s[j->i];
  if (c == '{' || c == '[') return scan_collection(j, depth);
  if (c == '"') return scan_string(j);
  if (c == '-' || is_digit(c)) return scan_number(j);
  for (int k = 0; k < 3; k++) {
    const size_t len = strlen(words[k]);
    if (j->n - j->i >= len && memcmp(j->s + j->i, words[k], len) == 0) {
      j->i += len;
      return 0;
    }
  }
  return scan_fail(j, "a value (object, array, string, number, true, false or null) expected");
}

int json_check(const char *text, size_t len, int max_depth, size_t *at, const char **why) {
  json_scan j = {text, len, 0, NULL};
  int rc = scan_value(&j, max_depth);
  if (rc == 0) {
    scan_space(&j);
    if (j.i < j.n) rc = scan_fail(&j, "text after the value");
  }
  if (rc) {
    *at = j.i;
    *why = j.why;
  }
  return rc;
}

/* ---- json_read: the JSON that doc_parse reads, read without libyaml ---- */

/* Reads the value at j->i (white space before it skipped) into *out; -1
 * for text it leaves to doc_parse (see json.h). */
static int read_value(json_scan *j, doc *d, int depth, doc_node **out);

static void read_spaces(json_scan *j) {
  while (j->i < j->n && j->s[j->i] == ' ') j->i++;
}

/* A string without \u or \/ escapes and of printable ASCII: its text (in
 * d) and length. */
static int read_string(json_scan *j, doc *d, const char **text, size_t *len) {
  const size_t start = ++j->i;
  size_t escapes = 0;
  for (;; j->i++) {
    if (j->i >= j->n) return -1;
    const unsigned char c = (unsigned char)j->s[j->i];
    if (c == '"') break;
    if (c < 0x20 || c >= 0x7F) return -1;
    if (c == '\\') {
      if (++j->i >= j->n || !strchr("\"\\bfnrt", j->s[j->i]) || j->s[j->i] == '\0') return -1;
      escapes++;
    }
  }
  const size_t raw = j->i++ - start;
  char *p = doc_alloc_text(d, raw - escapes + 1);
  size_t k = 0;
  if (escapes == 0) {
    memcpy(p, j->s + start, raw);
    k = raw;
  } else {
    static const char from[] = "\"\\bfnrt", to[] = "\"\\\b\f\n\r\t";
    for (size_t i = start; i < start + raw; i++)
      p[k++] = j->s[i] == '\\' ? to[strchr(from, j->s[++i]) - from] : j->s[i];
  }
  p[k] = '\0';
  *text = p;
  *len = k;
  return 0;
}

static int read_collection(json_scan *j, doc *d, int depth, doc_node *n) {
  const int object = n->kind == DOC_MAP;
  const char close = object ? '}' : ']';
  j->i++;
  read_spaces(j);
  if (j->i < j->n && j->s[j->i] == close) return j->i++, 0;
  for (;;) {
    const char *key = NULL;
    size_t key_len = 0;
    int key_col = 0;
    if (object) {
      key_col = (int)j->i + 1;
      if (j->i >= j->n || j->s[j->i] != '"' || read_string(j, d, &key, &key_len) || key_len > 1000) return -1;
      read_spaces(j);
      if (j->i >= j->n || j->s[j->i++] != ':') return -1;
    }
    doc_node *v;
    if (read_value(j, d, depth + 1, &v)) return -1;
    if (object) {
      if (n->count >= 256) return -1; /* (a search per key stays short) */
      for (const doc_node *k = n->first; k; k = k->next)
        if (strcmp(k->key, key) == 0) return -1; /* (doc_parse reports it) */
      v->key = key;
      v->key_line = 1;
      v->key_col = key_col;
    }
    doc_push(n, v);
    read_spaces(j);
    if (j->i < j->n && j->s[j->i] == ',') {
      j->i++;
      read_spaces(j);
      continue;
    }
    if (j->i < j->n && j->s[j->i] == close) return j->i++, 0;
    return -1;
  }
}

static int read_value(json_scan *j, doc *d, int depth, doc_node **out) {
  read_spaces(j);
  if (j->i >= j->n || d->nodes >= DOC_NODES_MAX) return -1;
  const char c = j->s[j->i];
  const int col = (int)j->i + 1;
  doc_node *n;
  if (c == '{' || c == '[') {
    if (depth >= DOC_DEPTH_MAX) return -1;
    n = c == '{' ? doc_map(d) : doc_seq(d);
    n->line = 1, n->col = col;
    if (read_collection(j, d, depth, n)) return -1;
  } else if (c == '"') {
    n = doc_new(d, DOC_STR);
    n->quoted = 1;
    if (read_string(j, d, &n->str, &n->len)) return -1;
  } else if (c == '-' || is_digit(c)) { /* integers; a fraction or an exponent is left to doc_parse */
    if (c == '-') j->i++;
    unsigned long long v = 0;
    const size_t digits = j->i;
    while (j->i < j->n && is_digit(j->s[j->i]) && j->i - digits < 18)
      v = v * 10 + (unsigned)(j->s[j->i++] - '0');
    if (j->i == digits || (j->s[digits] == '0' && j->i - digits > 1) ||
        (j->i < j->n && (is_digit(j->s[j->i]) || j->s[j->i] == '.' || (j->s[j->i] | 0x20) == 'e')))
      return -1;
    n = doc_int(d, c == '-' ? -(long long)v : (long long)v);
  } else {
    static const char *const words[] = {"true", "false", "null"};
    int k = 0;
    while (k < 3 &&
           !(j->n - j->i >= strlen(words[k]) && memcmp(j->s + j->i, words[k], strlen(words[k])) == 0))
      k++;
    if (k == 3) return -1;
    j->i += strlen(words[k]);
    n = k == 2 ? doc_new(d, DOC_NULL) : doc_bool(d, k == 0);
  }
  n->line = 1;
  n->col = col;
  *out = n;
  return 0;
}

int json_read(doc *d, const char *text, size_t len) {
  json_scan j = {text, len, 0, NULL};
  doc_node *root;
  if (read_value(&j, d, 0, &root) == 0) {
    read_spaces(&j);
    if (j.i == j.n) {
      d->src = text;
      d->srclen = len;
      d->root = root;
      return 0;
    }
  }
  const char *file = d->file; /* (empty again for doc_parse) */
  doc_free(d);
  doc_init(d, file);
  return -1;
}
