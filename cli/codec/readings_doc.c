/* readings_doc.c - see readings_doc.h. */
#include "readings_doc.h"

#include <stdio.h>
#include <string.h>

#include "read.h"

static const wolves_reading *of_clause(int clause) {
  for (int p = 0; p < WOLVES_READINGS; p++)
    if (wolves_reading_at(p)->clause == clause) return wolves_reading_at(p);
  return NULL;
}

static const char *clause_id(const wolves_reading *r) { return wolves_clause_get(r->clause)->id; }

/* "MOVE.PUSH_CHOICE, DEN.TOKEN_HEX, ..." into buf. */
static void clause_ids(char *buf, size_t n) {
  buf[0] = '\0';
  for (int p = 0; p < WOLVES_READINGS; p++) {
    const size_t len = strlen(buf);
    snprintf(buf + len, n - len, "%s%s", p ? ", " : "", clause_id(wolves_reading_at(p)));
  }
}

static int unknown_clause(const doc_node *v, cli_err *e) {
  const char *ids[WOLVES_READINGS];
  char all[256];
  for (int p = 0; p < WOLVES_READINGS; p++) ids[p] = clause_id(wolves_reading_at(p));
  clause_ids(all, sizeof all);
  const char *hint = read_suggest(v->key, ids, WOLVES_READINGS);
  if (hint) return err_at_key_hint(e, v, hint, "no readings for clause '%s'", v->key);
  if (read_clause_find(v->key) == WOLVES_OK)
    return err_at_key(e, v, "unknown clause '%s' (readings are for %s)", v->key, all);
  return err_at_key(e, v, "clause %s has no readings (readings are for %s)", v->key, all);
}

static int unknown_name(const doc_node *v, const wolves_reading *r, cli_err *e) {
  const char *names[WOLVES_READING_NAMES];
  for (int i = 0; i < r->count; i++) names[i] = r->choice[i].name;
  const char *hint = read_suggest(v->str, names, r->count);
  if (hint) return err_at_hint(e, v, hint, "clause %s has no reading '%s'", v->key, v->str);
  char all[128] = "";
  for (int i = 0; i < r->count; i++) {
    const size_t len = strlen(all);
    snprintf(all + len, sizeof all - len, "%s%s", i ? ", " : "", names[i]);
  }
  return err_at(e, v, "clause %s has no reading '%s' (its readings: %s)", v->key, v->str, all);
}

int readings_read(const doc_node *map, uint8_t reading[WOLVES_READINGS], cli_err *e) {
  if (!map) return 0;
  if (read_kind(map, DOC_MAP, "readings", e)) return -1;
  const char *given[WOLVES_READINGS] = {NULL};
  for (const doc_node *v = map->first; v; v = v->next) {
    const int clause = read_clause_find(v->key); /* in any case, as users type IDs */
    const wolves_reading *r = clause ? wolves_reading_find(wolves_clause_get(clause)->id) : NULL;
    if (!r) return unknown_clause(v, e);
    if (given[r->point])
      return err_at_key(e, v, "readings: clause %s is given twice ('%s' and '%s')", clause_id(r),
                        given[r->point], v->key);
    given[r->point] = v->key;
    if (read_kind(v, DOC_STR, "a reading name", e)) return -1;
    const int i = wolves_reading_choice_find(r, v->str);
    if (i < 0) return unknown_name(v, r, e);
    reading[r->point] = (uint8_t)i;
  }
  return 0;
}

int edition_read(const doc_node *n, cli_err *e) {
  if (read_kind(n, DOC_STR, "an edition", e)) return -1;
  const int ed = wolves_edition_find(n->str); /* in any case, as clause IDs */
  if (ed >= 0) return ed;
  const char *names[WOLVES_EDITIONS];
  for (int i = 0; i < WOLVES_EDITIONS; i++) names[i] = wolves_edition_name(i);
  const char *hint = read_suggest(n->str, names, WOLVES_EDITIONS);
  if (hint) return err_at(e, n, "unknown edition '%s' (did you mean '%s'?)", n->str, hint);
  return err_at(e, n, "unknown edition '%s' (the editions: %s)", n->str, EDITION_NAMES);
}

/* Is point p's reading written (not ours, and named)? */
static int written(const wolves_game *g, int p) { return g->reading[p] != 0 && wolves_reading_name(g, p); }

int readings_emit(emitter *em, const char *key, const wolves_game *g) {
  int any = 0;
  for (int p = 0; p < WOLVES_READINGS && !any; p++) any = written(g, p);
  if (!any) return 0;
  emit_map(em, key, DOC_AUTO);
  for (int p = 0; p < WOLVES_READINGS; p++)
    if (written(g, p)) emit_str(em, clause_id(wolves_reading_at(p)), wolves_reading_name(g, p));
  emit_end(em);
  return 1;
}

doc_node *readings_write(doc *d, const wolves_game *g) {
  emitter em;
  emit_tree(&em, d);
  readings_emit(&em, NULL, g);
  return em.root;
}

doc_node *readings_list(doc *d, int clause) {
  doc_node *list = doc_seq(d);
  const wolves_reading *r = of_clause(clause);
  for (int i = 0; r && i < r->count; i++) {
    doc_node *m = doc_map(d);
    doc_put(d, m, "name", doc_str(d, r->choice[i].name));
    doc_put(d, m, "default", doc_bool(d, i == 0));
    doc_put(d, m, "text", doc_str(d, r->choice[i].text));
    doc_put(d, m, "taken_by", doc_str(d, r->choice[i].taken_by));
    doc_push(list, m);
  }
  return list;
}
