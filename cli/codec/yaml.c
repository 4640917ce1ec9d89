/* yaml.c - YAML (and so JSON) text to a document tree, through libyaml's
 * event parser.  Guards: no aliases (a scenario never needs one, and
 * expansion is the classic "billion laughs" hazard), nesting depth, node
 * count (keys count too: 1000000 lets any file under the 4 MiB limit that
 * wolves itself writes load again), duplicate keys, one document per file,
 * UTF-8 only.  Syntax errors name the offending byte or character and,
 * where libyaml knows it, where the construct they break started. */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "doc.h"
#include "read.h"
#include "strbuf.h"

#define MAX_DEPTH 64
#define MAX_NODES 1000000

typedef struct {
  yaml_parser_t parser;
  yaml_event_t ev; /* the current event, owned until the next one */
  int have_ev;
  doc *d;
  cli_err *e;
} loader;

static int fail_mark(loader *L, yaml_mark_t m, const char *msg, const char *arg) {
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
  size_t off = p->problem_offset;
  /* A bad trailing byte: name the sequence's first byte. */
  if (strstr(problem, "trailing"))
    while (off > 0 && off + 3 > p->problem_offset && (src[off] & 0xC0) != 0xC0) off--;
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

static int syntax_error(loader *L) {
  const yaml_parser_t *p = &L->parser;
  if (p->error == YAML_READER_ERROR) return reader_error(L);
  const int line = (int)p->problem_mark.line + 1, col = (int)p->problem_mark.column + 1;
  const char *problem = p->problem ? p->problem : "malformed YAML";
  const int c = byte_at(L->d, p->problem_mark);
  if (c == '\t' || strstr(problem, "tab character"))
    return err_set(L->e, L->d->file, line, col, "%s",
                   "syntax error: a tab character where YAML needs spaces (indent with spaces, not tabs)");
  if (strstr(problem, "cannot start any token") && c > ' ' && c < 0x7F)
    return err_set(L->e, L->d->file, line, col,
                   "syntax error: '%c' cannot start a value (put the value in quotes)", c);
  if (!p->context) return err_set(L->e, L->d->file, line, col, "syntax error: %s", problem);
  const int cline = (int)p->context_mark.line + 1, ccol = (int)p->context_mark.column + 1;
  if (strstr(p->context, "simple key") && line == cline && col - ccol > 1024)
    return err_set(L->e, L->d->file, cline, ccol, "%s",
                   "syntax error: a key longer than 1024 characters (YAML's limit for a plain key)");
  if (strstr(p->context, "while ") == p->context && (cline != line || ccol != col) &&
      at_end(L->d, p->problem_mark))
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

static void mark_node(doc_node *n, yaml_mark_t m) {
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

/* Plain scalars resolve like JSON: null, true/false, decimal integers;
 * anything quoted, block-styled or tagged !!str stays a string. */
static int scalar(loader *L, doc_node **out) {
  const yaml_event_t *ev = &L->ev;
  const char *text = (const char *)ev->data.scalar.value;
  const size_t len = ev->data.scalar.length;
  const char *tag = (const char *)ev->data.scalar.tag;
  if (tag && strcmp(tag, YAML_STR_TAG) != 0 && strcmp(tag, "!") != 0)
    return fail_mark(L, ev->start_mark, "YAML tag '%s' is not supported", tag);
  if (memchr(text, '\0', len)) return fail_mark(L, ev->start_mark, "%s", "string contains a NUL character");
  doc_node *n = doc_new(L->d, DOC_STR);
  mark_node(n, ev->start_mark);
  n->str = doc_strdup(L->d, text, len);
  n->len = len;
  n->literal = ev->data.scalar.style == YAML_LITERAL_SCALAR_STYLE;
  n->quoted = ev->data.scalar.style == YAML_SINGLE_QUOTED_SCALAR_STYLE ||
              ev->data.scalar.style == YAML_DOUBLE_QUOTED_SCALAR_STYLE;
  if (n->literal) n->indent = block_indent(L->d, ev->start_mark.index);
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
  mark_node(n, L->ev.start_mark);
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
  mark_node(n, L->ev.start_mark);
  for (;;) {
    if (next_event(L)) return -1;
    if (L->ev.type == YAML_MAPPING_END_EVENT) break;
    if (L->ev.type != YAML_SCALAR_EVENT) {
      if (L->ev.type == YAML_ALIAS_EVENT) return node(L, out, depth + 1); /* reports the alias */
      return fail_mark(L, L->ev.start_mark, "%s", "mapping keys must be plain strings");
    }
    const yaml_mark_t km = L->ev.start_mark;
    doc_node *key;
    if (scalar(L, &key)) return -1;
    if (next_event(L)) return -1;
    doc_node *value;
    if (node(L, &value, depth + 1)) return -1;
    value->key = key->str;
    value->key_line = (int)km.line + 1;
    value->key_col = (int)km.column + 1;
    doc_push(n, value);
  }
  if (check_duplicates(L, n)) return -1;
  *out = n;
  return 0;
}

/* Builds the node that starts with the current event. */
static int node(loader *L, doc_node **out, int depth) {
  if (L->d->nodes >= MAX_NODES)
    return fail_mark(L, L->ev.start_mark, "%s", "document too large (more than 1000000 nodes)");
  switch (L->ev.type) {
  case YAML_SCALAR_EVENT:
    return scalar(L, out);
  case YAML_ALIAS_EVENT:
    return fail_mark(L, L->ev.start_mark, "YAML aliases are not supported (found '*%s')",
                     (const char *)L->ev.data.alias.anchor);
  case YAML_SEQUENCE_START_EVENT:
  case YAML_MAPPING_START_EVENT:
    if (depth >= MAX_DEPTH) return fail_mark(L, L->ev.start_mark, "%s", "nesting deeper than 64 levels");
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

int doc_parse(doc *d, const char *text, size_t len, cli_err *e) {
  loader L;
  memset(&L, 0, sizeof L);
  L.d = d;
  L.e = e;
  d->src = text;
  d->srclen = len;
  if (!yaml_parser_initialize(&L.parser)) {
    fputs("wolves: out of memory\n", stderr);
    exit(2);
  }
  /* libyaml would decode UTF-16 behind a byte order mark, but positions
   * and literal blocks are read from the bytes: UTF-8 only. */
  if (len >= 2 && ((text[0] == '\xFF' && text[1] == '\xFE') || (text[0] == '\xFE' && text[1] == '\xFF'))) {
    yaml_parser_delete(&L.parser);
    d->root = NULL;
    return err_set(e, d->file, 1, 1, "%s",
                   "the file is UTF-16 (it starts with a byte order mark); save it as UTF-8");
  }
  yaml_parser_set_input_string(&L.parser, (const unsigned char *)text, len);
  const int rc = parse_stream(&L);
  if (L.have_ev) yaml_event_delete(&L.ev);
  yaml_parser_delete(&L.parser);
  if (rc) d->root = NULL;
  return rc;
}
