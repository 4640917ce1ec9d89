/* play.c - differential play (--games N): a seeded game played in both
 * engines, each position offered with its near misses (and, with load but
 * without legal, other legal actions), the legal actions at each turn's
 * start and the state after each turn compared. */
#include "conform/checker.h"

#include <stdlib.h>
#include <string.h>

#include "base/err.h"
#include "doc.h"
#include "protocol/engine_client.h"
#include "rng.h"
#include "scenario/diff.h"
#include "strbuf.h"
#include "wolves.h"

#define GAME_ACTIONS_MAX 10000
#define LEGAL_PROBES 2                   /* other legal actions offered per position (load, no legal) */
#define PROBES 12                        /* near misses offered per position, at most */
#define PROBE_SALT 0x9e3779b97f4a7c15ULL /* the near misses' own random stream */

static const uint8_t seating[] = {WOLVES_ROCKY, WOLVES_GRASS, WOLVES_TUNDRA, WOLVES_DESERT, WOLVES_FOREST};

/* The requests of a game's position when both engines agree (run_game):
 * an apply of each near miss, legal at a turn's start, the apply of the
 * action chosen and the state after it at the next turn's start.  (Not
 * with load and without legal: the other legal actions offered then
 * depend on the answers.) */
static void expect_position(conform *c, const wolves_game *g, const wolves_state *s, const wolves_action *a,
                            const wolves_action *miss, int nmiss) {
  unsigned long id = c->e.next_id;
  for (int i = 0; i < nmiss; i++) expect_request(c, &id, "apply", g, s, &miss[i]);
  if ((c->e.caps & ENGINE_LEGAL) || !(c->e.caps & ENGINE_LOAD)) {
    if ((c->e.caps & ENGINE_LEGAL) && s->actions_taken == 0)
      expect_request(c, &id, "legal", NULL, NULL, NULL);
    expect_request(c, &id, "apply", g, s, a);
    wolves_state after = *s;
    if (wolves_apply(g, &after, a, NULL) == 0 && (c->e.caps & ENGINE_STATE) &&
        (after.actions_taken == 0 || after.phase == WOLVES_PHASE_OVER))
      expect_request(c, &id, "state", NULL, NULL, NULL);
  }
}

/* Plays the seeded game of differential play; -1 on a protocol error. */
int run_game(conform *c, conform_case *cs, uint64_t seed) {
  origin o;
  memset(&o, 0, sizeof o);
  o.seed = seed;
  o.loaded = !(c->e.caps & ENGINE_NEW_GAME);
  if (wolves_setup(&o.g0, &o.s0, c->players, seating, c->players == 2 ? WOLVES_FOREST : WOLVES_NONE, seed,
                   NULL)) {
    cs->result = BAD;
    sb_puts(&cs->text, "setup refused");
    return 0;
  }
  (void)wolves_edition_apply(&o.g0, c->edition);
  apply_readings(c, &o.g0, 0);
  (void)wolves_setup_readings(&o.g0, &o.s0, NULL);
  char why[256];
  const char *reason = unsupported(c, &o.g0, why, sizeof why);
  if (reason) {
    cs->result = SKIP;
    sb_puts(&cs->text, reason);
    return 0;
  }
  cs->result = AGREE;
  const int begun = engine_begin(c, &o);
  if (begun < 0) return -1;
  if (begun > 0) {
    refused_load(c, cs, &o.g0, &o.s0);
    return 0;
  }
  const wolves_game *g = &o.g0;
  wolves_state s = o.s0;
  wolves_rng rng, probe_rng;
  wolves_rng_seed(&rng, seed);
  wolves_rng_seed(&probe_rng, seed ^ PROBE_SALT);
  trail t = {0};
  int rc = 0;
  unsigned number = 0;
  size_t checked = 0; /* the trail's length at the last state that agreed */
  while (rc == 0 && cs->result == AGREE && s.phase != WOLVES_PHASE_OVER && t.len < GAME_ACTIONS_MAX) {
    wolves_action a, miss[PROBES];
    int kinds[PROBES];
    if (wolves_sample(g, &s, &rng, &a, NULL) != 1) break;
    const int nmiss = near_misses(g, &s, &a, &probe_rng, miss, kinds, PROBES);
    expect_position(c, g, &s, &a, miss, nmiss);
    for (int i = 0; i < nmiss && rc == 0 && cs->result == AGREE; i++) {
      wolves_state probe = s;
      int ours = 0;
      c->probes++;
      /* (a disagreement here is written after shrinking, below) */
      const char *out = c->out;
      c->out = NULL;
      const int r =
          conform_step(c, cs, g, &probe, &miss[i], number + 1, miss_names[kinds[i]], &o, &t, 0, &ours);
      c->out = out;
      if (r < 0) rc = -1;
      if (r == 0 && out && cs->result == DISAGREE) {
        /* the reproducer: the loaded position, or the shortest prefix */
        const int theirs0 = c->last_theirs;
        char clause0[sizeof c->last_clause];
        memcpy(clause0, c->last_clause, sizeof clause0);
        size_t at = t.len;
        if (!o.loaded && shrink(c, &o, &t, &miss[i], ours, &at)) rc = -1;
        if (rc == 0) {
          trail shorter = t;
          shorter.len = at;
          const wolves_state *before = at < t.len ? &t.before[at] : &s;
          wolves_action q = miss[i];
          if (at < t.len) {
            q.player = before->current;
            if (miss[i].player != s.current) q.player = (uint8_t)((before->current + 1) % g->nplayers);
          }
          wolves_state after = *before;
          const int ours_there = wolves_apply(g, &after, &q, NULL);
          unsigned char seen[WOLVES_CLAUSE_COUNT];
          memset(seen, 0, sizeof seen);
          disagreement x = {"verdict", (unsigned)at + 1, g,    before, &q,   ours_there,
                            theirs0,   clause0,          seen, NULL,   NULL, 0};
          if (at < t.len) {
            x.theirs = c->last_theirs;
            x.their_clause = c->last_clause;
          }
          char *file = write_reproducer(c, cs, &x, &o, &shorter);
          if (file) {
            sb_puts(&cs->text, "  reproducer: ");
            err_escape(&cs->text, file, strlen(file), NULL);
            if (at < t.len) sb_printf(&cs->text, " (shrunk to %zu actions before it)", at);
            sb_putc(&cs->text, '\n');
            doc_put(&c->d, cs->list->last, "reproducer", doc_str(&c->d, file));
            free(file);
          }
        }
      }
    }
    if (rc || cs->result != AGREE) break;
    if ((c->e.caps & ENGINE_LEGAL) && s.actions_taken == 0) { /* (at each turn's start) */
      wolves_action odd;
      int side = 0;
      diff_report dr;
      diff_init(&dr, DIFF_LINES);
      unsigned char seen[WOLVES_CLAUSE_COUNT];
      memset(seen, 0, sizeof seen);
      const int n = compare_legal(c, g, &s, &dr, &odd, &side, seen);
      cs->compared++;
      if (n > 0) {
        wolves_state after = s;
        const int ours = side ? wolves_apply(g, &after, &odd, NULL) : 0;
        if (ours) seen[ours] = 1;
        disagreement x = {"legal", number + 1, g,    &s, side ? &odd : NULL, ours, side == 1 ? 0 : -1, "",
                          seen,    &dr,        NULL, 0};
        tally(c, seen, seen);
        disagree(c, cs, &x, &o, &t);
      }
      diff_free(&dr);
      sb_free(&dr.out);
      if (n < 0) rc = -1;
      if (n) break;
    }
    /* without legal, but with load: other legal actions are offered too
     * (an engine that refuses too much), the position loaded again after
     * each the engine applies */
    if (!(c->e.caps & ENGINE_LEGAL) && (c->e.caps & ENGINE_LOAD))
      for (int k = 0; k < LEGAL_PROBES && rc == 0 && cs->result == AGREE; k++) {
        wolves_action other;
        if (wolves_sample(g, &s, &probe_rng, &other, NULL) != 1 || memcmp(&other, &a, sizeof a) == 0)
          continue;
        wolves_state probe = s;
        int ours = 0;
        const int r = conform_step(c, cs, g, &probe, &other, number + 1, "another legal action", &o, &t,
                                   (c->e.caps & ENGINE_STATE) != 0, &ours);
        if (r < 0 || (r == 1 && ours == 0 && engine_load(c, g, &s) != 0)) rc = -1;
      }
    if (rc || cs->result != AGREE) break;
    const wolves_state before = s;
    int ours = 0;
    const int r = conform_step(c, cs, g, &s, &a, ++number, NULL, &o, &t, 0, &ours);
    if (r < 0) rc = -1;
    trail_add(&t, &before, &a, ours);
    /* the state at each turn's start (and each draft step): a difference
     * is traced to its action by replaying the turn */
    if (r == 1 && (c->e.caps & ENGINE_STATE) && (s.actions_taken == 0 || s.phase == WOLVES_PHASE_OVER)) {
      diff_report dr;
      diff_init(&dr, DIFF_LINES);
      const int n = compare_state(c, g, &s, &dr);
      diff_free(&dr);
      sb_free(&dr.out);
      if (n < 0 || (n > 0 && trace_state(c, cs, &o, &t, checked, &s) < 0)) rc = -1;
      checked = t.len;
    }
  }
  /* once the game is over, every action is refused (TURN.GAME_OVER): the
   * last one again, and ending the turn */
  for (int k = 0; k < 2 && rc == 0 && cs->result == AGREE && s.phase == WOLVES_PHASE_OVER && t.len; k++) {
    wolves_action late = t.a[t.len - 1];
    if (k) blank_action(&s, WOLVES_ACT_END_TURN, &late);
    late.player = s.current;
    wolves_state probe = s;
    c->probes++;
    if (conform_step(c, cs, g, &probe, &late, number + 1, "after the game is over", &o, &t, 0, NULL) < 0)
      rc = -1;
  }
  if (rc == 0 && cs->result == AGREE && conform_finish(c, cs, g, &s, number, &o, &t) < 0) rc = -1;
  trail_free(&t);
  return rc;
}
