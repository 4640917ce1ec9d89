/* data_doc.c - see data_doc.h. */
#include "data_doc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "read.h"

static int field_count(void) {
  int n = 0;
  while (wolves_data_field_at(n)) n++;
  return n;
}

const char *data_field_suggest(const char *word) {
  enum { MAX_FIELDS = 128 };
  const char *words[MAX_FIELDS];
  int n = 0;
  for (const wolves_data_field *f; n < MAX_FIELDS && (f = wolves_data_field_at(n)); n++) words[n] = f->name;
  return read_suggest_cut(word, words, n);
}

static int unknown_field(const doc_node *v, cli_err *e) {
  return err_at_key_hint(e, v, data_field_suggest(v->key), "unknown data field '%s'", v->key);
}

/* Each value as the engine will use it (wolves_data_value_check): an index,
 * a kind, a date, a loop bound. */
static int read_value(const doc_node *n, const wolves_data_field *f, int i, unsigned char *at, cli_err *e) {
  long long v;
  if (read_int(n, 0, 255, f->name, &v, e)) return -1;
  const char *want = wolves_data_value_check(f, i, (int)v, i > 0 ? at[-1] : 0);
  if (want) {
    char range[64];
    if (f->kind == WOLVES_FIELD_NUMBER) { /* the range says more than "within the range" */
      snprintf(range, sizeof range, "from %d to %d", f->lo, f->hi);
      want = range;
    }
    if (f->count == 1) return err_at(e, n, "data field '%s' is %lld; it must be %s", f->name, v, want);
    return err_at(e, n, "data field '%s' value %d is %lld; it must be %s", f->name, i + 1, v, want);
  }
  *at = (unsigned char)v;
  return 0;
}

int data_read(const doc_node *map, data_overrides *ov, cli_err *e) {
  memset(ov, 0, sizeof *ov);
  if (!map) return 0;
  if (read_kind(map, DOC_MAP, "data", e)) return -1;
  for (const doc_node *v = map->first; v; v = v->next) {
    const wolves_data_field *f = wolves_data_field_find(v->key);
    if (!f) return unknown_field(v, e);
    unsigned char *at = (unsigned char *)&ov->value + f->offset;
    if (v->kind == DOC_SEQ) {
      if (v->count != f->count)
        return err_at(e, v, "data field '%s' has %d values, not %zu", f->name, f->count, v->count);
      int i = 0;
      for (const doc_node *c = v->first; c; c = c->next, i++)
        if (read_value(c, f, i, at + i, e)) return -1;
    } else if (f->count == 1 || v->kind != DOC_INT) {
      if (read_value(v, f, 0, at, e)) return -1;
    } else {
      return err_at(e, v, "data field '%s' needs a list of %d values", f->name, f->count);
    }
    memset(ov->set + f->offset, 1, f->count);
  }
  return 0;
}

void data_apply(const data_overrides *ov, wolves_data *d) {
  const unsigned char *src = (const unsigned char *)&ov->value;
  unsigned char *dst = (unsigned char *)d;
  for (size_t i = 0; i < sizeof *d; i++)
    if (ov->set[i]) dst[i] = src[i];
}

/* Does field f of data differ from the default? */
static int overridden(const wolves_data_field *f, const wolves_data *data, const wolves_data *def) {
  return memcmp((const unsigned char *)data + f->offset, (const unsigned char *)def + f->offset, f->count) !=
         0;
}

int data_emit(emitter *em, const char *key, const wolves_data *data, int nplayers) {
  wolves_data def;
  wolves_data_defaults(&def, nplayers);
  const int n = field_count();
  int any = 0;
  for (int i = 0; i < n && !any; i++) any = overridden(wolves_data_field_at(i), data, &def);
  if (!any) return 0;
  emit_map(em, key, DOC_AUTO);
  for (int i = 0; i < n; i++) {
    const wolves_data_field *f = wolves_data_field_at(i);
    const unsigned char *now = (const unsigned char *)data + f->offset;
    if (!overridden(f, data, &def)) continue;
    if (f->count == 1) {
      emit_int(em, f->name, now[0]);
      continue;
    }
    emit_seq(em, f->name, DOC_AUTO);
    for (int k = 0; k < f->count; k++) emit_int(em, NULL, now[k]);
    emit_end(em);
  }
  emit_end(em);
  return 1;
}

doc_node *data_write(doc *d, const wolves_data *data, int nplayers) {
  emitter em;
  emit_tree(&em, d);
  data_emit(&em, NULL, data, nplayers);
  return em.root;
}

static const char *kind_name(int kind) {
  static const char *const names[] = {"number", "bonus", "flag", "terrain", "dates"};
  return kind >= 0 && kind < (int)(sizeof names / sizeof *names) ? names[kind] : "?";
}

doc_node *data_list(doc *d, const wolves_data *data, int nplayers) {
  const int side = wolves_data_side(nplayers);
  doc_node *list = doc_seq(d);
  for (int i = 0; wolves_data_field_at(i); i++) {
    const wolves_data_field *f = wolves_data_field_at(i);
    const unsigned char *v = (const unsigned char *)data + f->offset;
    doc_node *m = doc_map(d), *values = doc_seq(d);
    for (int k = 0; k < f->count; k++) doc_push(values, doc_int(d, v[k]));
    doc_put(d, m, "name", doc_str(d, f->name));
    doc_put(d, m, "values", values);
    doc_put(d, m, "length", doc_int(d, f->count));
    doc_put(d, m, "kind", doc_str(d, kind_name(f->kind)));
    doc_put(d, m, "min", doc_int(d, f->lo));
    doc_put(d, m, "max", doc_int(d, f->hi));
    doc_put(d, m, "provenance", doc_str(d, wolves_provenance_name(f->provenance[side])));
    doc_put(d, m, "source", doc_str(d, f->source[side]));
    doc_push(list, m);
  }
  return list;
}
