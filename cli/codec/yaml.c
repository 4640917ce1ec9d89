/* yaml.c - YAML (and so JSON) text to a document tree, through libyaml's
 * event parser.  Guards: no aliases (a scenario never needs one, and
 * expansion is the classic "billion laughs" hazard), nesting depth, node
 * count (values: a key is only a string; bounds.h sets both above what
 * wolves itself writes), duplicate keys, one document per file, UTF-8
 * only.  Syntax errors name the offending byte or character and, where
 * libyaml knows it, where the construct they break started. */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "bounds.h"
#include "doc.h"
#include "read.h"
#include "strbuf.h"

/* JSON (RFC 8259) writes a character above U+FFFF as a surrogate pair,
 * "\ud83d\udc3a" (jq -a does); YAML 1.1, and so libyaml, takes each half
 * as a code point of its own and refuses it.  Before libyaml reads the
 * text, each pair becomes the one escape YAML has for it, "\U0001F43A":
 * the same character, 2 columns shorter.  Only a pair inside a
 * double-quoted scalar is an escape; anywhere else (a plain or
 * single-quoted scalar, a block, a comment) the 12 characters are text.
 * A rewrite never changes how libyaml splits the text into tokens (the
 * characters involved are no YAML indicators), so one pass with every
 * candidate rewritten finds the scalars that are not double-quoted; a
 * pair found in one is left as written and the text parsed again.  Every
 * position libyaml reports is moved back to the text as written. */
typedef struct {
  size_t at;          /* byte offset of the pair's backslash, as written */
  size_t wline, wcol; /* libyaml's 0-based mark of it, as written */
  unsigned long code; /* the character */
  size_t rat;         /* byte offset in the rewritten text */
  size_t line, col;   /* mark in the rewritten text */
  int text;           /* 1: not in a double-quoted scalar, left as written */
} surrogate_pair;

typedef struct {
  surrogate_pair *v; /* every candidate, in text order */
  size_t n;
  size_t *active; /* indices into v of the pairs rewritten in this pass */
  size_t nactive;
  int found_text; /* this pass met a pair that is text: parse again */
} pairs;

typedef struct {
  yaml_parser_t parser;
  yaml_event_t ev; /* the current event, owned until the next one */
  int have_ev;
  doc *d;
  cli_err *e;
  pairs *pairs;
} loader;

/* Active pairs before rewritten position line:col (0-based). */
static size_t pairs_before(const loader *L, size_t line, size_t col) {
  size_t lo = 0, hi = L->pairs ? L->pairs->nactive : 0;
  while (lo < hi) {
    const size_t mid = lo + (hi - lo) / 2;
    const surrogate_pair *p = &L->pairs->v[L->pairs->active[mid]];
    if (p->line < line || (p->line == line && p->col < col))
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

/* A mark of the rewritten text, moved to the text as written. */
static yaml_mark_t mark_as_written(const loader *L, yaml_mark_t m) {
  if (!L->pairs || L->pairs->nactive == 0) return m;
  const size_t before = pairs_before(L, m.line, m.column), on_line = before - pairs_before(L, m.line, 0);
  m.column += 2 * on_line;
  m.index += 2 * before;
  return m;
}

/* A byte offset of the rewritten text (libyaml's reader errors), moved. */
static size_t offset_as_written(const loader *L, size_t off) {
  size_t lo = 0, hi = L->pairs ? L->pairs->nactive : 0;
  while (lo < hi) {
    const size_t mid = lo + (hi - lo) / 2;
    if (L->pairs->v[L->pairs->active[mid]].rat < off)
      lo = mid + 1;
    else
      hi = mid;
  }
  return off + 2 * lo;
}

/* The event from start to end is not a double-quoted scalar: a pair
 * rewritten inside it is text, to be left as written. */
static void pairs_are_text(loader *L, yaml_mark_t start, yaml_mark_t end) {
  if (!L->pairs) return;
  for (size_t k = pairs_before(L, start.line, start.column); k < L->pairs->nactive; k++) {
    surrogate_pair *p = &L->pairs->v[L->pairs->active[k]];
    if (p->line > end.line || (p->line == end.line && p->col >= end.column)) break;
    p->text = 1;
    L->pairs->found_text = 1;
  }
}

static int fail_mark(loader *L, yaml_mark_t m, const char *msg, const char *arg) {
  m = mark_as_written(L, m);
  return err_set(L->e, L->d->file, (int)m.line + 1, (int)m.column + 1, msg, arg);
}

/* Walks the source counting lines and columns as libyaml counts marks:
 * characters, not bytes; CR LF, CR and LF end a line; a UTF-8 byte order
 * mark takes no column.  Stops at byte offset `off` or at the first byte
 * of position line:col, whichever comes first; returns that offset. */
static size_t walk(const doc *d, size_t off, int *line, int *col) {
  const unsigned char *s = (const unsigned char *)d->src;
  const int want_line = *line, want_col = *col;
  size_t i = d->srclen >= 3 && memcmp(s, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
  int l = 1, c = 1;
  for (; i < off && i < d->srclen && (l < want_line || (l == want_line && c < want_col)); i++) {
    if (s[i] == '\n' || (s[i] == '\r' && (i + 1 >= d->srclen || s[i + 1] != '\n'))) {
      l++;
      c = 1;
    } else if ((s[i] & 0xC0) != 0x80 && s[i] != '\r') {
      c++;
    }
    /* a character's continuation bytes belong to it */
    while (i + 1 < d->srclen && (s[i + 1] & 0xC0) == 0x80 && (s[i] & 0x80)) i++;
  }
  *line = l;
  *col = c;
  return i;
}

static void offset_position(const doc *d, size_t off, int *line, int *col) {
  *line = *col = INT_MAX;
  walk(d, off, line, col);
}

/* The byte at a mark, or -1 past the end. */
static int byte_at(const doc *d, yaml_mark_t m) {
  int line = (int)m.line + 1, col = (int)m.column + 1;
  const size_t i = walk(d, (size_t)-1, &line, &col);
  return i < d->srclen ? (unsigned char)d->src[i] : -1;
}

/* Is nothing but white space left from mark m on? */
static int at_end(const doc *d, yaml_mark_t m) {
  int line = (int)m.line + 1, col = (int)m.column + 1;
  for (size_t i = walk(d, (size_t)-1, &line, &col); i < d->srclen; i++)
    if (d->src[i] == '\0' || !strchr(" \t\r\n", d->src[i])) return 0;
  return 1;
}

/* A reader error: bytes that are not UTF-8 text.  libyaml gives the byte
 * offset; the message names the byte. */
static int reader_error(loader *L) {
  const yaml_parser_t *p = &L->parser;
  const unsigned char *src = (const unsigned char *)L->d->src;
  const char *problem = p->problem ? p->problem : "unreadable input";
  const size_t at = offset_as_written(L, p->problem_offset);
  size_t off = at;
  /* A bad trailing byte: name the sequence's first byte. */
  if (strstr(problem, "trailing"))
    while (off > 0 && off + 3 > at && (src[off] & 0xC0) != 0xC0) off--;
  int line, col;
  offset_position(L->d, off, &line, &col);
  const int byte = off < L->d->srclen ? src[off] : -1;
  if (byte == 0)
    return err_set(L->e, L->d->file, line, col, "%s",
                   "a NUL byte is not allowed (is the file binary, or UTF-16?)");
  if (strstr(problem, "control characters") && byte >= 0)
    return err_set(L->e, L->d->file, line, col,
                   "control character 0x%02X is not allowed (is the file binary?)", (unsigned)byte);
  if ((strstr(problem, "UTF-8") || strstr(problem, "Unicode")) && byte >= 0)
    return err_set(L->e, L->d->file, line, col,
                   "invalid UTF-8 (byte 0x%02X): a scenario file must be UTF-8 text", (unsigned)byte);
  return err_set(L->e, L->d->file, line, col, "syntax error: %s", problem);
}

static int is_hex(int c) { return (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'f'); }

/* libyaml refuses a \u or \U escape that is no character at its first
 * digit (m): a surrogate JSON did not pair, or a number above U+10FFFF.
 * The error names the code point (no backslash to escape in the line), at
 * the escape's backslash (-1); 0 if the text there is no such escape. */
static int escape_error(loader *L, yaml_mark_t m) {
  int line = (int)m.line + 1, col = (int)m.column + 1;
  const size_t i = walk(L->d, (size_t)-1, &line, &col);
  const char *s = L->d->src;
  const size_t digits = i >= 2 && s[i - 2] == '\\' ? s[i - 1] == 'u' ? 4 : s[i - 1] == 'U' ? 8 : 0 : 0;
  if (digits == 0 || col < 3 || L->d->srclen - i < digits) return 0;
  unsigned long v = 0;
  for (size_t k = 0; k < digits; k++) {
    if (!is_hex(s[i + k])) return 0;
    v = v * 16 + (unsigned long)(s[i + k] <= '9' ? s[i + k] - '0' : (s[i + k] | 0x20) - 'a' + 10);
  }
  if (v >= 0xD800 && v <= 0xDFFF && digits == 4)
    return err_set(L->e, L->d->file, line, col - 2,
                   "lone surrogate U+%04lX in a string (JSON writes a character above U+FFFF as two escapes: "
                   "a high surrogate D800-DBFF, then a low one DC00-DFFF)",
                   v);
  if (v >= 0xD800 && v <= 0xDFFF)
    return err_set(L->e, L->d->file, line, col - 2, "U+%04lX is a surrogate, not a character", v);
  return err_set(L->e, L->d->file, line, col - 2, "U+%04lX is beyond Unicode (at most U+10FFFF)", v);
}

static int syntax_error(loader *L) {
  const yaml_parser_t *p = &L->parser;
  if (p->error == YAML_READER_ERROR) return reader_error(L);
  const yaml_mark_t problem_mark = mark_as_written(L, p->problem_mark);
  const yaml_mark_t context_mark = mark_as_written(L, p->context_mark);
  const int line = (int)problem_mark.line + 1, col = (int)problem_mark.column + 1;
  const char *problem = p->problem ? p->problem : "malformed YAML";
  if (strstr(problem, "invalid Unicode character escape code") && escape_error(L, problem_mark)) return -1;
  const int c = byte_at(L->d, problem_mark);
  if (c == '\t' || strstr(problem, "tab character"))
    return err_set(L->e, L->d->file, line, col, "%s",
                   "syntax error: a tab character where YAML needs spaces (indent with spaces, not tabs)");
  if (strstr(problem, "cannot start any token") && c > ' ' && c < 0x7F)
    return err_set(L->e, L->d->file, line, col,
                   "syntax error: '%c' cannot start a value (put the value in quotes)", c);
  if (!p->context) return err_set(L->e, L->d->file, line, col, "syntax error: %s", problem);
  const int cline = (int)context_mark.line + 1, ccol = (int)context_mark.column + 1;
  if (strstr(p->context, "simple key") && line == cline && col - ccol > 1024)
    return err_set(L->e, L->d->file, cline, ccol, "%s",
                   "syntax error: a key longer than 1024 characters (YAML's limit for a plain key)");
  if (strstr(p->context, "while ") == p->context && (cline != line || ccol != col) &&
      at_end(L->d, problem_mark))
    return err_set(L->e, L->d->file, line, col,
                   "syntax error: the file ends inside%s that starts at line %d, column %d",
                   strchr(p->context + 6, ' '), cline, ccol);
  if (cline == line) return err_set(L->e, L->d->file, line, col, "syntax error: %s %s", problem, p->context);
  return err_set(L->e, L->d->file, line, col, "syntax error: %s %s that starts at line %d, column %d",
                 problem, p->context, cline, ccol);
}

static int next_event(loader *L) {
  if (L->have_ev) yaml_event_delete(&L->ev);
  L->have_ev = 0;
  if (!yaml_parser_parse(&L->parser, &L->ev)) return syntax_error(L);
  L->have_ev = 1;
  return 0;
}

static void mark_node(const loader *L, doc_node *n, yaml_mark_t m) {
  m = mark_as_written(L, m);
  n->line = (int)m.line + 1;
  n->col = (int)m.column + 1;
}

/* Indentation of a literal block: that of its first non-blank line, which
 * follows the line of the '|' indicator at offset `at`. */
static int block_indent(const doc *d, size_t at) {
  size_t i = at;
  while (i < d->srclen && d->src[i] != '\n') i++;
  while (i < d->srclen) {
    size_t spaces = 0;
    i++;
    while (i + spaces < d->srclen && d->src[i + spaces] == ' ') spaces++;
    if (i + spaces < d->srclen && d->src[i + spaces] != '\n' && d->src[i + spaces] != '\r')
      return (int)spaces;
    i += spaces;
  }
  return 0;
}

int read_is_decimal(const char *s) {
  if (*s == '-' || *s == '+') s++;
  if (*s == '\0') return 0;
  for (; *s; s++)
    if (*s < '0' || *s > '9') return 0;
  return 1;
}

/* What every scalar, key or value, must be: no tag but !!str, no NUL. */
static int scalar_allowed(loader *L) {
  const yaml_event_t *ev = &L->ev;
  const char *tag = (const char *)ev->data.scalar.tag;
  if (ev->data.scalar.style != YAML_DOUBLE_QUOTED_SCALAR_STYLE)
    pairs_are_text(L, ev->start_mark, ev->end_mark);
  if (tag && strcmp(tag, YAML_STR_TAG) != 0 && strcmp(tag, "!") != 0)
    return fail_mark(L, ev->start_mark, "YAML tag '%s' is not supported", tag);
  if (memchr(ev->data.scalar.value, '\0', ev->data.scalar.length))
    return fail_mark(L, ev->start_mark, "%s", "string contains a NUL character");
  return 0;
}

/* Plain scalars resolve like JSON: null, true/false, decimal integers;
 * anything quoted, block-styled or tagged !!str stays a string. */
static int scalar(loader *L, doc_node **out) {
  const yaml_event_t *ev = &L->ev;
  const char *text = (const char *)ev->data.scalar.value;
  const size_t len = ev->data.scalar.length;
  const char *tag = (const char *)ev->data.scalar.tag;
  if (scalar_allowed(L)) return -1;
  doc_node *n = doc_new(L->d, DOC_STR);
  mark_node(L, n, ev->start_mark);
  n->str = doc_strdup(L->d, text, len);
  n->len = len;
  n->literal = ev->data.scalar.style == YAML_LITERAL_SCALAR_STYLE;
  n->quoted = ev->data.scalar.style == YAML_SINGLE_QUOTED_SCALAR_STYLE ||
              ev->data.scalar.style == YAML_DOUBLE_QUOTED_SCALAR_STYLE;
  if (n->literal) n->indent = block_indent(L->d, mark_as_written(L, ev->start_mark).index);
  const int plain = ev->data.scalar.style == YAML_PLAIN_SCALAR_STYLE && !tag;
  if (plain) {
    if (len == 0 || strcmp(text, "~") == 0 || strcmp(text, "null") == 0 || strcmp(text, "Null") == 0 ||
        strcmp(text, "NULL") == 0) {
      n->kind = DOC_NULL;
    } else if (strcmp(text, "true") == 0 || strcmp(text, "false") == 0) {
      n->kind = DOC_BOOL;
      n->num = text[0] == 't';
    } else if (read_is_decimal(text)) {
      errno = 0;
      const long long v = strtoll(text, NULL, 10);
      if (errno == ERANGE)
        return fail_mark(L, ev->start_mark, "integer '%s' is out of range (it does not fit in 64 bits)",
                         text);
      n->kind = DOC_INT;
      n->num = v;
    }
  }
  *out = n;
  return 0;
}

static int node(loader *L, doc_node **out, int depth);

static int sequence(loader *L, doc_node **out, int depth) {
  doc_node *n = doc_seq(L->d);
  mark_node(L, n, L->ev.start_mark);
  for (;;) {
    if (next_event(L)) return -1;
    if (L->ev.type == YAML_SEQUENCE_END_EVENT) break;
    doc_node *item;
    if (node(L, &item, depth + 1)) return -1;
    doc_push(n, item);
  }
  *out = n;
  return 0;
}

static int cmp_key(const void *a, const void *b) {
  const doc_node *x = *(const doc_node *const *)a, *y = *(const doc_node *const *)b;
  const int c = strcmp(x->key, y->key);
  if (c) return c;
  return x->key_line != y->key_line ? (x->key_line > y->key_line) - (x->key_line < y->key_line)
                                    : (x->key_col > y->key_col) - (x->key_col < y->key_col);
}

/* Reports the second occurrence of a repeated key.  Sorting keeps this
 * O(n log n) however large a mapping an attacker writes. */
static int check_duplicates(loader *L, const doc_node *m) {
  if (m->count < 2) return 0;
  const doc_node **v = xmalloc(m->count * sizeof *v);
  size_t k = 0;
  for (const doc_node *c = m->first; c; c = c->next) v[k++] = c;
  qsort(v, k, sizeof *v, cmp_key);
  const doc_node *dup = NULL;
  for (size_t i = 1; i < k; i++)
    if (strcmp(v[i - 1]->key, v[i]->key) == 0 && (!dup || cmp_key(&v[i], &dup) < 0)) dup = v[i];
  if (dup) err_set(L->e, dup->file, dup->key_line, dup->key_col, "duplicate key '%s'", dup->key);
  free(v);
  return dup ? -1 : 0;
}

static int mapping(loader *L, doc_node **out, int depth) {
  doc_node *n = doc_map(L->d);
  mark_node(L, n, L->ev.start_mark);
  for (;;) {
    if (next_event(L)) return -1;
    if (L->ev.type == YAML_MAPPING_END_EVENT) break;
    if (L->ev.type != YAML_SCALAR_EVENT) {
      if (L->ev.type == YAML_ALIAS_EVENT) return node(L, out, depth + 1); /* reports the alias */
      return fail_mark(L, L->ev.start_mark, "%s", "mapping keys must be plain strings");
    }
    /* a key is only its text: no node of its own */
    const yaml_mark_t km = mark_as_written(L, L->ev.start_mark);
    if (scalar_allowed(L)) return -1;
    const char *key = doc_strdup(L->d, (const char *)L->ev.data.scalar.value, L->ev.data.scalar.length);
    if (next_event(L)) return -1;
    doc_node *value;
    if (node(L, &value, depth + 1)) return -1;
    value->key = key;
    value->key_line = (int)km.line + 1;
    value->key_col = (int)km.column + 1;
    doc_push(n, value);
  }
  /* (a pair rewritten in a key that is text makes the keys wrong until
   * the text is parsed again) */
  if (!(L->pairs && L->pairs->found_text) && check_duplicates(L, n)) return -1;
  *out = n;
  return 0;
}

/* Builds the node that starts with the current event. */
static int node(loader *L, doc_node **out, int depth) {
  if (L->d->nodes >= DOC_NODES_MAX)
    return fail_mark(L, L->ev.start_mark, "%s",
                     "document too large (more than " DOC_NODES_MAX_TEXT " nodes)");
  switch (L->ev.type) {
  case YAML_SCALAR_EVENT:
    return scalar(L, out);
  case YAML_ALIAS_EVENT:
    pairs_are_text(L, L->ev.start_mark, L->ev.end_mark);
    return fail_mark(L, L->ev.start_mark, "YAML aliases are not supported (found '*%s')",
                     (const char *)L->ev.data.alias.anchor);
  case YAML_SEQUENCE_START_EVENT:
  case YAML_MAPPING_START_EVENT:
    if (depth >= DOC_DEPTH_MAX)
      return fail_mark(L, L->ev.start_mark, "%s", "nesting deeper than " DOC_DEPTH_MAX_TEXT " levels");
    return L->ev.type == YAML_SEQUENCE_START_EVENT ? sequence(L, out, depth) : mapping(L, out, depth);
  default:
    return fail_mark(L, L->ev.start_mark, "%s", "unexpected YAML event");
  }
}

static int expect_event(loader *L, yaml_event_type_t type) {
  if (next_event(L)) return -1;
  return L->ev.type == type ? 0 : -1;
}

static int parse_stream(loader *L) {
  if (expect_event(L, YAML_STREAM_START_EVENT)) return -1;
  if (next_event(L)) return -1;
  if (L->ev.type == YAML_STREAM_END_EVENT) return err_set(L->e, L->d->file, 1, 1, "empty file");
  if (next_event(L)) return -1; /* the root node's first event */
  if (node(L, &L->d->root, 0)) return -1;
  if (expect_event(L, YAML_DOCUMENT_END_EVENT)) return fail_mark(L, L->ev.start_mark, "%s", "malformed YAML");
  if (next_event(L)) return -1;
  if (L->ev.type != YAML_STREAM_END_EVENT)
    return fail_mark(L, L->ev.start_mark, "%s", "more than one YAML document in the file");
  return 0;
}

static long hex4(const char *s) {
  long v = 0;
  for (int k = 0; k < 4; k++) {
    if (!is_hex(s[k])) return -1;
    v = v * 16 + (s[k] <= '9' ? s[k] - '0' : (s[k] | 0x20) - 'a' + 10);
  }
  return v;
}

/* Length of the line break at s (LF, CR LF, CR, NEL, U+2028, U+2029: what
 * libyaml counts as one), or 0. */
static size_t line_break(const unsigned char *s, size_t left) {
  if (s[0] == '\n') return 1;
  if (s[0] == '\r') return left >= 2 && s[1] == '\n' ? 2 : 1;
  if (left >= 2 && s[0] == 0xC2 && s[1] == 0x85) return 2;
  if (left >= 3 && s[0] == 0xE2 && s[1] == 0x80 && (s[2] == 0xA8 || s[2] == 0xA9)) return 3;
  return 0;
}

/* Every "\uD8xx\uDCxx" that would be an escape in a double-quoted scalar
 * (not after an odd run of backslashes), with its mark as libyaml counts
 * it.  The caller frees P->v and P->active. */
static void find_pairs(const char *text, size_t len, pairs *P) {
  const unsigned char *s = (const unsigned char *)text;
  size_t cap = 0, line = 0, col = 0;
  size_t i = len >= 3 && memcmp(s, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
  memset(P, 0, sizeof *P);
  /* most files have no "\u": nothing to count then */
  const char *b = text;
  while ((b = memchr(b, '\\', len - (size_t)(b - text))) != NULL && (b + 1 >= text + len || b[1] != 'u')) b++;
  if (b == NULL) i = len;
  while (i < len) {
    const size_t br = line_break(s + i, len - i);
    if (br) {
      i += br;
      line++;
      col = 0;
      continue;
    }
    long hi, lo;
    if (s[i] == '\\' && len - i >= 12 && s[i + 1] == 'u' && s[i + 6] == '\\' && s[i + 7] == 'u' &&
        (hi = hex4(text + i + 2)) >= 0xD800 && hi <= 0xDBFF && (lo = hex4(text + i + 8)) >= 0xDC00 &&
        lo <= 0xDFFF) {
      size_t run = 0;
      while (run < i && s[i - run - 1] == '\\') run++;
      if (run % 2 == 0) {
        if (P->n == cap) {
          cap = cap ? 2 * cap : 16;
          P->v = xrealloc(P->v, cap * sizeof *P->v);
        }
        P->v[P->n++] = (surrogate_pair){.at = i,
                                        .wline = line,
                                        .wcol = col,
                                        .code = 0x10000ul + (((unsigned long)hi - 0xD800) << 10) +
                                                ((unsigned long)lo - 0xDC00)};
        i += 12;
        col += 12;
        continue;
      }
    }
    i++;
    col++;
    while (i < len && (s[i] & 0xC0) == 0x80) i++; /* a character's continuation bytes */
  }
  P->active = xmalloc((P->n ? P->n : 1) * sizeof *P->active);
}

/* The text with every pair not known to be text rewritten as \UXXXXXXXX
 * (malloc'ed; *out_len its length); P->active lists them. */
static char *rewrite_pairs(const char *text, size_t len, pairs *P, size_t *out_len) {
  static const char hex[] = "0123456789ABCDEF";
  char *out = xmalloc(len + 1);
  size_t r = 0, w = 0, line = (size_t)-1, on_line = 0;
  P->nactive = 0;
  P->found_text = 0;
  for (size_t k = 0; k < P->n; k++) {
    surrogate_pair *p = &P->v[k];
    if (p->text) continue;
    memcpy(out + w, text + r, p->at - r);
    w += p->at - r;
    on_line = p->wline == line ? on_line + 1 : 0;
    line = p->wline;
    p->rat = w;
    p->line = p->wline;
    p->col = p->wcol - 2 * on_line;
    out[w++] = '\\';
    out[w++] = 'U';
    for (int d = 7; d >= 0; d--) out[w++] = hex[(p->code >> (4 * d)) & 15];
    r = p->at + 12;
    P->active[P->nactive++] = k;
  }
  memcpy(out + w, text + r, len - r);
  w += len - r;
  out[w] = '\0';
  *out_len = w;
  return out;
}

/* One parse of `input` (the text, or the text rewritten by P), into d. */
static int parse_once(doc *d, const char *input, size_t len, pairs *P, cli_err *e) {
  loader L;
  memset(&L, 0, sizeof L);
  L.d = d;
  L.e = e;
  L.pairs = P;
  if (!yaml_parser_initialize(&L.parser)) {
    fputs("wolves: out of memory\n", stderr);
    exit(2);
  }
  yaml_parser_set_input_string(&L.parser, (const unsigned char *)input, len);
  const int rc = parse_stream(&L);
  if (L.have_ev) yaml_event_delete(&L.ev);
  yaml_parser_delete(&L.parser);
  if (rc) d->root = NULL;
  return rc;
}

int doc_parse(doc *d, const char *text, size_t len, cli_err *e) {
  d->src = text;
  d->srclen = len;
  d->root = NULL;
  /* libyaml would decode UTF-16 behind a byte order mark, but positions
   * and literal blocks are read from the bytes: UTF-8 only. */
  if (len >= 2 && ((text[0] == '\xFF' && text[1] == '\xFE') || (text[0] == '\xFE' && text[1] == '\xFF')))
    return err_set(e, d->file, 1, 1, "%s",
                   "the file is UTF-16 (it starts with a byte order mark); save it as UTF-8");
  pairs P;
  find_pairs(text, len, &P);
  if (P.n == 0) {
    free(P.active);
    return parse_once(d, text, len, NULL, e);
  }
  /* Each pass leaves as written the pairs the one before found to be
   * text; a pass that finds none is the parse. */
  int rc;
  for (;;) {
    size_t rlen;
    char *input = rewrite_pairs(text, len, &P, &rlen);
    cli_err pass_err = {0};
    rc = parse_once(d, input, rlen, &P, &pass_err);
    free(input);
    if (!P.found_text) {
      if (rc) *e = pass_err;
      break;
    }
    const char *file = d->file;
    doc_free(d);
    doc_init(d, file);
    d->src = text;
    d->srclen = len;
  }
  free(P.v);
  free(P.active);
  return rc;
}
