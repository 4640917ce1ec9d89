/* data_doc.c - see data_doc.h. */
#include "data_doc.h"

#include <string.h>

#include "read.h"

static int field_count(void) {
  int n = 0;
  while (wolves_data_field_at(n)) n++;
  return n;
}

static int unknown_field(const doc_node *v, cli_err *e) {
  enum { MAX_FIELDS = 128 };
  const char *words[MAX_FIELDS];
  int n = 0;
  for (const wolves_data_field *f; n < MAX_FIELDS && (f = wolves_data_field_at(n)); n++) words[n] = f->name;
  const char *hint = read_suggest(v->key, words, n);
  if (hint) return err_at_key(e, v, "unknown data field '%s' (did you mean '%s'?)", v->key, hint);
  return err_at_key(e, v, "unknown data field '%s'", v->key);
}

static int read_value(const doc_node *n, const char *name, unsigned char *at, cli_err *e) {
  long long v;
  if (read_int(n, 0, 255, name, &v, e)) return -1;
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
      for (const doc_node *c = v->first; c; c = c->next)
        if (read_value(c, f->name, at++, e)) return -1;
    } else if (f->count == 1 || v->kind != DOC_INT) {
      if (read_value(v, f->name, at, e)) return -1;
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

doc_node *data_write(doc *d, const wolves_data *data, int nplayers) {
  wolves_data def;
  wolves_data_defaults(&def, nplayers);
  doc_node *m = doc_map(d);
  const int n = field_count();
  for (int i = 0; i < n; i++) {
    const wolves_data_field *f = wolves_data_field_at(i);
    const unsigned char *now = (const unsigned char *)data + f->offset;
    if (memcmp(now, (const unsigned char *)&def + f->offset, f->count) == 0) continue;
    doc_node *v = f->count == 1 ? doc_int(d, now[0]) : doc_seq(d);
    for (int k = 0; f->count > 1 && k < f->count; k++) doc_push(v, doc_int(d, now[k]));
    doc_put(d, m, f->name, v);
  }
  return m->count ? m : NULL;
}
