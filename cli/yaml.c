/* yaml.c - YAML (and so JSON) text to a document tree, through libyaml's
 * event parser.  Guards: no aliases (a scenario never needs one, and
 * expansion is the classic "billion laughs" hazard), nesting depth, node
 * count, duplicate keys, one document per file. */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "doc.h"
#include "strbuf.h"

#define MAX_DEPTH 64
#define MAX_NODES 250000

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

static int next_event(loader *L) {
  if (L->have_ev) yaml_event_delete(&L->ev);
  L->have_ev = 0;
  if (!yaml_parser_parse(&L->parser, &L->ev)) {
    const yaml_parser_t *p = &L->parser;
    const char *problem = p->problem ? p->problem : "malformed YAML";
    if (p->context)
      return err_set(L->e, L->d->file, (int)p->problem_mark.line + 1, (int)p->problem_mark.column + 1,
                     "syntax error: %s %s", problem, p->context);
    return err_set(L->e, L->d->file, (int)p->problem_mark.line + 1, (int)p->problem_mark.column + 1,
                   "syntax error: %s", problem);
  }
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

static int is_int_text(const char *s) {
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
    } else if (is_int_text(text)) {
      errno = 0;
      const long long v = strtoll(text, NULL, 10);
      if (errno == ERANGE) return fail_mark(L, ev->start_mark, "integer '%s' is out of range", text);
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
    return fail_mark(L, L->ev.start_mark, "%s", "document too large (more than 250000 nodes)");
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
  yaml_parser_set_input_string(&L.parser, (const unsigned char *)text, len);
  const int rc = parse_stream(&L);
  if (L.have_ev) yaml_event_delete(&L.ev);
  yaml_parser_delete(&L.parser);
  if (rc) d->root = NULL;
  return rc;
}
