/* doc.c - the document tree (see doc.h). */
#include "doc.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "strbuf.h"

#define BLOCK_SIZE 65536

struct doc_block {
  doc_block *next;
  size_t used, size;
  _Alignas(max_align_t) unsigned char data[];
};

void doc_init(doc *d, const char *file) {
  memset(d, 0, sizeof *d);
  d->file = file;
}

void doc_free(doc *d) {
  while (d->blocks) {
    doc_block *next = d->blocks->next;
    free(d->blocks);
    d->blocks = next;
  }
  d->root = NULL;
}

/* n bytes at a multiple of align (a power of two) of the block's start. */
static void *alloc_aligned(doc *d, size_t n, size_t align) {
  doc_block *b = d->blocks;
  size_t at = b ? (b->used + align - 1) & ~(align - 1) : 0;
  if (!b || at > b->size || b->size - at < n) {
    const size_t size = n > BLOCK_SIZE ? n : BLOCK_SIZE;
    b = xmalloc(sizeof *b + size);
    b->size = size;
    b->used = at = 0;
    b->next = d->blocks;
    d->blocks = b;
  }
  b->used = at + n;
  return b->data + at;
}

void *doc_alloc(doc *d, size_t n) { return alloc_aligned(d, n, _Alignof(max_align_t)); }

char *doc_alloc_text(doc *d, size_t n) { return alloc_aligned(d, n, 1); }

const char *doc_strdup(doc *d, const char *s, size_t n) {
  char *p = doc_alloc_text(d, n + 1);
  memcpy(p, s, n);
  p[n] = '\0';
  return p;
}

doc_node *doc_new(doc *d, doc_kind kind) {
  doc_node *n = alloc_aligned(d, sizeof *n, _Alignof(doc_node));
  memset(n, 0, sizeof *n);
  n->kind = kind;
  n->file = d->file;
  d->nodes++;
  return n;
}

doc_node *doc_int(doc *d, long long v) {
  doc_node *n = doc_new(d, DOC_INT);
  n->num = v;
  return n;
}

doc_node *doc_bool(doc *d, int v) {
  doc_node *n = doc_new(d, DOC_BOOL);
  n->num = v != 0;
  return n;
}

doc_node *doc_str(doc *d, const char *s) {
  doc_node *n = doc_new(d, DOC_STR);
  n->len = strlen(s);
  n->str = doc_strdup(d, s, n->len);
  return n;
}

doc_node *doc_seq(doc *d) { return doc_new(d, DOC_SEQ); }
doc_node *doc_map(doc *d) { return doc_new(d, DOC_MAP); }

doc_node *doc_copy(doc *d, const doc_node *n) {
  doc_node *c = doc_new(d, n->kind);
  c->layout = n->layout;
  c->num = n->num;
  if (n->kind == DOC_STR) {
    c->str = doc_strdup(d, n->str, n->len);
    c->len = n->len;
  }
  for (const doc_node *k = n->first; k; k = k->next) {
    doc_node *ck = doc_copy(d, k);
    if (n->kind == DOC_MAP)
      doc_put(d, c, k->key, ck);
    else
      doc_push(c, ck);
  }
  return c;
}

void doc_push(doc_node *seq, doc_node *v) {
  v->next = NULL;
  if (seq->last)
    seq->last->next = v;
  else
    seq->first = v;
  seq->last = v;
  seq->count++;
}

void doc_put(doc *d, doc_node *map, const char *key, doc_node *v) {
  v->key = doc_strdup(d, key, strlen(key));
  doc_push(map, v);
}

void doc_drop(doc_node *m, const char *key) {
  for (doc_node *c = m->first, *prev = NULL; c; prev = c, c = c->next) {
    if (strcmp(c->key, key) != 0) continue;
    if (prev)
      prev->next = c->next;
    else
      m->first = c->next;
    if (m->last == c) m->last = prev;
    m->count--;
    return;
  }
}

const doc_node *doc_get(const doc_node *m, const char *key) {
  if (!m || m->kind != DOC_MAP) return NULL;
  for (const doc_node *c = m->first; c; c = c->next)
    if (strcmp(c->key, key) == 0) return c;
  return NULL;
}

int doc_is_scalar(const doc_node *n) { return n->kind != DOC_SEQ && n->kind != DOC_MAP; }

const char *doc_kind_name(doc_kind k) {
  static const char *const names[] = {"null", "a boolean", "an integer", "a string", "a list", "a mapping"};
  return names[k];
}

int doc_equal(const doc_node *a, const doc_node *b) {
  if (a->kind != b->kind) return 0;
  switch (a->kind) {
  case DOC_NULL:
    return 1;
  case DOC_BOOL:
  case DOC_INT:
    return a->num == b->num;
  case DOC_STR:
    return a->len == b->len && memcmp(a->str, b->str, a->len) == 0;
  case DOC_SEQ:
    if (a->count != b->count) return 0;
    for (const doc_node *x = a->first, *y = b->first; x; x = x->next, y = y->next)
      if (!doc_equal(x, y)) return 0;
    return 1;
  case DOC_MAP:
    if (a->count != b->count) return 0;
    for (const doc_node *x = a->first; x; x = x->next) {
      const doc_node *y = doc_get(b, x->key);
      if (!y || !doc_equal(x, y)) return 0;
    }
    return 1;
  }
  return 0;
}

const doc_node *doc_child_at(const doc_node *n, const char *p, const char **end, unsigned long *index) {
  if (n->kind == DOC_SEQ) {
    if (*p == '[') p++;
    if (!isdigit((unsigned char)*p)) return NULL;
    char *after;
    const unsigned long i = strtoul(p, &after, 10);
    if (*after == ']') after++;
    if (*after != '\0' && *after != '.' && *after != '[') return NULL;
    const doc_node *c = n->first;
    for (unsigned long k = 0; c && k < i; k++) c = c->next;
    if (index) *index = i;
    *end = after;
    return c;
  }
  if (n->kind != DOC_MAP) return NULL;
  /* The longest key that matches a prefix ending at a separator, so keys
   * with dots in them are found too. */
  const doc_node *best = NULL;
  size_t best_len = 0;
  for (const doc_node *c = n->first; c; c = c->next) {
    const size_t k = strlen(c->key);
    if (k > best_len && strncmp(p, c->key, k) == 0 && (p[k] == '\0' || p[k] == '.' || p[k] == '[')) {
      best = c;
      best_len = k;
    }
  }
  *end = p + best_len;
  return best;
}

/* Path components end at '.' or '['; "[3]" and ".3" both index a list. */
static const doc_node *path_step(const doc_node *n, const char *p) {
  while (*p == '.') p++;
  if (*p == '\0') return n;
  const char *end;
  const doc_node *const c = doc_child_at(n, p, &end, NULL);
  return c ? path_step(c, end) : NULL;
}

const doc_node *doc_path(const doc_node *root, const char *path) {
  return root ? path_step(root, path) : NULL;
}

int err_at(cli_err *e, const doc_node *n, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  err_vset(e, n->file, n->line, n->col, fmt, ap);
  va_end(ap);
  return -1;
}

int err_at_key(cli_err *e, const doc_node *n, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  err_vset(e, n->file, n->key ? n->key_line : n->line, n->key ? n->key_col : n->col, fmt, ap);
  va_end(ap);
  return -1;
}

int err_at_hint(cli_err *e, const doc_node *n, const char *hint, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  err_vset_hint(e, n->file, n->line, n->col, hint, fmt, ap);
  va_end(ap);
  return -1;
}

int err_at_key_hint(cli_err *e, const doc_node *n, const char *hint, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  err_vset_hint(e, n->file, n->key ? n->key_line : n->line, n->key ? n->key_col : n->col, hint, fmt, ap);
  va_end(ap);
  return -1;
}
