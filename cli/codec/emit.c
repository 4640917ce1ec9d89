/* emit.c - see emit.h. */
#include "emit.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"

void emit_tree(emitter *em, doc *d) {
  memset(em, 0, sizeof *em);
  em->d = d;
}

void emit_json(emitter *em, strbuf *sb) {
  memset(em, 0, sizeof *em);
  em->sb = sb;
}

/* JSON: the separator and the key before a value, as write_inline puts them. */
static void json_before(emitter *em, const char *key) {
  if (em->depth == 0) return;
  const int i = em->depth - 1;
  if (em->count[i]++) memcpy(sb_grow(em->sb, 2), ", ", 2);
  if (em->map[i]) {
    json_put_cstr(em->sb, key);
    memcpy(sb_grow(em->sb, 2), ": ", 2);
  }
}

/* Tree: n into the collection open (or as the root). */
static void attach(emitter *em, const char *key, doc_node *n) {
  if (em->depth == 0) {
    if (em->root == NULL) em->root = n;
    return;
  }
  doc_node *const parent = em->open[em->depth - 1];
  if (parent->kind == DOC_MAP)
    doc_put(em->d, parent, key, n);
  else
    doc_push(parent, n);
}

static void open_collection(emitter *em, const char *key, doc_kind kind, doc_layout layout) {
  if (em->depth == EMIT_DEPTH || em->dropped) {
    em->dropped++;
    return;
  }
  if (em->d) {
    doc_node *const n = doc_new(em->d, kind);
    n->layout = layout;
    attach(em, key, n);
    em->open[em->depth] = n;
  } else {
    json_before(em, key);
    sb_putc(em->sb, kind == DOC_MAP ? '{' : '[');
    em->map[em->depth] = kind == DOC_MAP;
    em->count[em->depth] = 0;
  }
  em->depth++;
}

void emit_map(emitter *em, const char *key, doc_layout layout) { open_collection(em, key, DOC_MAP, layout); }

void emit_seq(emitter *em, const char *key, doc_layout layout) { open_collection(em, key, DOC_SEQ, layout); }

void emit_end(emitter *em) {
  if (em->dropped) {
    em->dropped--;
    return;
  }
  if (em->depth == 0) return;
  em->depth--;
  if (em->sb) sb_putc(em->sb, em->map[em->depth] ? '}' : ']');
}

void emit_int(emitter *em, const char *key, long long v) {
  if (em->dropped) return;
  if (em->d) {
    attach(em, key, doc_int(em->d, v));
    return;
  }
  json_before(em, key);
  json_put_int(em->sb, v);
}

void emit_bool(emitter *em, const char *key, int v) {
  if (em->dropped) return;
  if (em->d) {
    attach(em, key, doc_bool(em->d, v));
    return;
  }
  json_before(em, key);
  sb_puts(em->sb, v ? "true" : "false");
}

void emit_null(emitter *em, const char *key) {
  if (em->dropped) return;
  if (em->d) {
    attach(em, key, doc_new(em->d, DOC_NULL));
    return;
  }
  json_before(em, key);
  sb_puts(em->sb, "null");
}

void emit_str(emitter *em, const char *key, const char *s) {
  if (em->dropped) return;
  if (em->d) {
    attach(em, key, doc_str(em->d, s));
    return;
  }
  json_before(em, key);
  json_put_cstr(em->sb, s);
}

void emit_node(emitter *em, const char *key, doc_node *n) {
  if (em->dropped) return;
  if (em->d) {
    attach(em, key, n);
    return;
  }
  json_before(em, key);
  json_put_node(em->sb, n);
}

int emit_memo_use(emitter *em, emit_memo *m, const void *const in[], const size_t size[], int n) {
  if (m == NULL) return 0;
  if (em->d || em->dropped || em->depth == 0) {
    m->from = SIZE_MAX;
    return 0;
  }
  size_t total = 0;
  for (int i = 0; i < n; i++) total += size[i];
  int same = m->valid && total == m->in_len;
  for (size_t at = 0, i = 0; same && i < (size_t)n; at += size[i++])
    same = memcmp(m->in + at, in[i], size[i]) == 0;
  const int k = em->depth - 1;
  if (same) {
    if (em->count[k]++) memcpy(sb_grow(em->sb, 2), ", ", 2);
    sb_putn(em->sb, m->text.buf, m->text.len);
    return 1;
  }
  if (total > m->in_cap) {
    m->in_cap = total;
    m->in = xrealloc(m->in, total);
  }
  for (size_t at = 0, i = 0; i < (size_t)n; at += size[i++]) memcpy(m->in + at, in[i], size[i]);
  m->in_len = total;
  m->valid = 0;
  m->from = em->sb->len + (em->count[k] ? 2 : 0); /* (after the ", " to come) */
  return 0;
}

void emit_memo_keep(emitter *em, emit_memo *m) {
  if (m == NULL || m->from == SIZE_MAX || em->d || em->dropped) return;
  m->text.len = 0;
  sb_putn(&m->text, em->sb->buf + m->from, em->sb->len - m->from);
  m->valid = 1;
}

void emit_memo_free(emit_memo *m) {
  free(m->in);
  sb_free(&m->text);
  memset(m, 0, sizeof *m);
}
