/* reproducer.c - a case's trail of actions, and a disagreement written
 * from it as a scenario `wolves check` passes on our side (--out DIR);
 * shrinking: the earliest position of a game at which a near miss
 * disagrees, and the action a state difference found at a turn's start
 * comes from. */
#include "conform/checker.h"

#include <stdlib.h>
#include <string.h>

#include "actions_doc.h"
#include "data_doc.h"
#include "doc.h"
#include "events_doc.h"
#include "json.h"
#include "protocol/engine_client.h"
#include "readings_doc.h"
#include "scenario/diff.h"
#include "scenario/vector.h"
#include "state_doc.h"
#include "strbuf.h"
#include "wolves.h"

void trail_add(trail *t, const wolves_state *before, const wolves_action *a, int rc) {
  if (t->len == t->cap) {
    t->cap = t->cap ? 2 * t->cap : 256;
    t->before = xrealloc(t->before, t->cap * sizeof *t->before);
    t->a = xrealloc(t->a, t->cap * sizeof *t->a);
    t->rc = xrealloc(t->rc, t->cap * sizeof *t->rc);
  }
  t->before[t->len] = *before;
  t->a[t->len] = *a;
  t->rc[t->len++] = rc;
}

void trail_free(trail *t) {
  free(t->before);
  free(t->a);
  free(t->rc);
  memset(t, 0, sizeof *t);
}

/* Writes the disagreement as a scenario that `wolves check` passes on
 * our side: the position before the action (loaded) or the game from its
 * seed with the actions before it, then the action, expecting our
 * verdict.  Its path into *written (malloc'ed), or NULL when not written. */
char *write_reproducer(conform *c, const conform_case *cs, const disagreement *x, const origin *o,
                       const trail *t) {
  if (!c->out || x->a == NULL) return NULL;
  doc d;
  doc_init(&d, "reproducer");
  doc_node *root = doc_map(&d), *actions = doc_seq(&d), *refused = doc_seq(&d), *expect = doc_map(&d);
  strbuf title = {0};
  sb_printf(&title, "conform: %s at action %u of ", x->kind, x->number);
  sb_puts(&title, cs->name);
  sb_puts(&title, ": wolves ");
  verdict_text(&title, x->ours, 0, NULL);
  sb_puts(&title, ", the engine ");
  verdict_text(&title, x->theirs, 1, x->their_clause);
  doc_put(&d, root, "title", doc_str(&d, title.buf));
  unsigned n = 0;
  if (o->loaded || t == NULL) {
    const position p = make_position(x->g, x->before);
    doc_put(&d, root, "state", vector_position(&d, &p));
  } else {
    doc_node *setup = doc_map(&d), *players = doc_map(&d);
    doc_put(&d, setup, "seed", doc_int(&d, (long long)o->seed));
    doc_put(&d, root, "setup", setup);
    if (o->g0.nplayers == 2 && o->s0.ai_pack < WOLVES_TERRAINS)
      doc_put(&d, root, "ai", doc_str(&d, wolves_terrain_name(o->s0.ai_pack)));
    for (int p = 0; p < o->g0.nplayers; p++)
      doc_put(&d, players, wolves_terrain_name(o->s0.player[p].pack), doc_map(&d));
    doc_put(&d, root, "players", players);
    doc_node *data = data_write(&d, &o->g0.data, o->g0.nplayers), *readings = readings_write(&d, &o->g0);
    if (data) doc_put(&d, root, "data", data);
    if (readings) doc_put(&d, root, "readings", readings);
    for (size_t i = 0; i < t->len; i++) {
      doc_node *item = action_write(&d, x->g, &t->before[i], &t->a[i]);
      item->layout = DOC_INLINE;
      doc_push(actions, item);
      n++;
      if (t->rc[i]) {
        doc_node *r = doc_map(&d);
        doc_put(&d, r, "action", doc_int(&d, n));
        doc_put(&d, r, "clause", doc_str(&d, clause_id(t->rc[i])));
        r->layout = DOC_INLINE;
        doc_push(refused, r);
      }
    }
  }
  doc_node *item = action_write(&d, x->g, x->before, x->a);
  item->layout = DOC_INLINE;
  doc_push(actions, item);
  n++;
  if (x->ours) {
    doc_node *r = doc_map(&d);
    doc_put(&d, r, "action", doc_int(&d, n));
    doc_put(&d, r, "clause", doc_str(&d, clause_id(x->ours)));
    r->layout = DOC_INLINE;
    doc_push(refused, r);
  }
  doc_put(&d, root, "actions", actions);
  doc_put(&d, expect, "golden", doc_bool(&d, 0));
  if (refused->count) doc_put(&d, expect, "refused", refused);
  doc_put(&d, root, "expect", expect);
  strbuf text = {0};
  sb_puts(&text, "# wolves conform: a disagreement, as a scenario `wolves check` passes on our side\n");
  json_write(&text, root);
  char *written = reproducer_save(c, cs->name, x->number, &text);
  if (written)
    c->written++;
  else
    c->write_failed = 1;
  sb_free(&text);
  sb_free(&title);
  doc_free(&d);
  return written;
}

/* No load: the earliest position of the game (after trail action j) at
 * which probe p gets a different verdict from the engine than from us, as
 * it did at the end of the trail; the engine restarted from the seed.
 * j in *at (the trail's length: none earlier).  0, or -1 on a protocol
 * error. */
int shrink(conform *c, const origin *o, const trail *t, const wolves_action *p, int ours_then, size_t *at) {
  *at = t->len;
  const int begun = engine_begin(c, o);
  if (begun) return begun < 0 ? -1 : 0; /* (it set the game up before: else not shrunk) */
  const int wrong_player = t->len && p->player != t->before[t->len - 1].current;
  for (size_t j = 0; j < t->len; j++) {
    const wolves_state *s = &t->before[j];
    wolves_action q = *p;
    q.player = wrong_player ? (uint8_t)((s->current + 1) % o->g0.nplayers) : s->current;
    wolves_state after = *s;
    const int ours = wolves_apply(&o->g0, &after, &q, NULL);
    char clause[128];
    if (ours && ours_then) { /* (a near miss is refused by us: only such are tried) */
      const int theirs = engine_apply(c, &o->g0, s, &q, clause, sizeof clause);
      if (theirs < 0) return -1;
      if (theirs == 2) continue; /* (the engine does not support it here) */
      if (!theirs || ((c->e.caps & ENGINE_CLAUSES) && strcmp(clause, clause_id(ours)) != 0)) {
        *at = j;
        return 0;
      }
    }
    if (!c->keep_going) {
      if (replay(c, &o->g0, s, &t->a[j])) return -1;
      continue;
    }
    /* (--keep-going: the trail may hold an action the engine refused and
     * was loaded past; there the game is not shrunk further) */
    const int r = engine_apply(c, &o->g0, s, &t->a[j], clause, sizeof clause);
    if (r) return r < 0 ? -1 : 0;
  }
  return 0;
}

/* The engine cannot be brought to the turn's start (its load or new_game
 * unsupported: a skip) to trace a state difference: it is recorded after
 * the turn's last action, blamed on no clause (the engine's game is still
 * there).  0, or -1. */
static int untraced_state(conform *c, conform_case *cs, const origin *o, const trail *t,
                          const wolves_state *now_s, const char *cmd) {
  skip_request(c, cmd, (unsigned)t->len, c->last_clause, NULL);
  diff_report dr;
  diff_init(&dr, DIFF_LINES);
  const int n = compare_state(c, &o->g0, now_s, &dr);
  if (n > 0) {
    unsigned char none[WOLVES_CLAUSE_COUNT];
    memset(none, 0, sizeof none);
    trail prefix = *t;
    prefix.len = t->len - 1;
    const size_t k = t->len - 1;
    disagreement x = {
        "state", (unsigned)t->len, &o->g0, &t->before[k], &t->a[k], t->rc[k], 0, "", none, &dr, NULL, 1};
    tally(c, none, none);
    disagree(c, cs, &x, o, &prefix);
  }
  diff_free(&dr);
  sb_free(&dr.out);
  return n < 0 ? -1 : 0;
}

/* The state differed after trail actions [from, t->len) (it agreed
 * before them): the engine is brought to the position before `from` again
 * (loaded, or set up and replayed) and the actions applied with the state
 * compared after each; the first that differs is the disagreement
 * recorded.  now: our position after the trail.  0, or -1 on a protocol
 * error. */
int trace_state(conform *c, conform_case *cs, const origin *o, const trail *t, size_t from,
                const wolves_state *now_s) {
  const wolves_game *g = &o->g0;
  if (o->loaded || (c->e.caps & ENGINE_LOAD)) { /* (loaded: fewer requests than a replay from the seed) */
    const int r = engine_load(c, g, &t->before[from]);
    if (r == 2) return untraced_state(c, cs, o, t, now_s, "load");
    if (r) return r < 0 ? -1 : (refused_load(c, cs, g, &t->before[from]), 0);
  } else {
    const int begun = engine_begin(c, o);
    if (begun) return begun < 0 ? -1 : untraced_state(c, cs, o, t, now_s, "new_game");
    for (size_t k = 0; k < from; k++)
      if (replay(c, g, &t->before[k], &t->a[k])) return -1;
  }
  for (size_t k = from; k < t->len; k++) {
    if (replay(c, g, &t->before[k], &t->a[k])) return -1;
    const wolves_state *after = k + 1 < t->len ? &t->before[k + 1] : now_s;
    diff_report dr;
    diff_init(&dr, DIFF_LINES);
    const int n = compare_state(c, g, after, &dr);
    if (n > 0) {
      wolves_state s = t->before[k];
      event_list ev = {0};
      (void)apply_logged(g, &s, &t->a[k], WOLVES_CHECKS_PASSED, &ev, 1);
      unsigned char all[WOLVES_CLAUSE_COUNT], effects[WOLVES_CLAUSE_COUNT], blamed[WOLVES_CLAUSE_COUNT];
      unsigned parts[WOLVES_CLAUSE_COUNT];
      clauses_of(&ev, all, effects, parts);
      events_free(&ev);
      blame_state(&dr, effects, parts, blamed);
      trail prefix = *t;
      prefix.len = k;
      disagreement x = {"state", (unsigned)k + 1, g,   &t->before[k], &t->a[k], t->rc[k], 0,
                        "",      blamed,          &dr, NULL,          0};
      tally(c, all, blamed);
      disagree(c, cs, &x, o, &prefix);
    }
    diff_free(&dr);
    sb_free(&dr.out);
    if (n) return n < 0 ? -1 : 0;
  }
  return 0; /* (not found again: nothing recorded) */
}
