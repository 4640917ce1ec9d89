/* play.c - differential play (--games N): a seeded game played in both
 * engines, each position offered with its near misses (and, with load but
 * without legal, other legal actions), the legal actions at each turn's
 * start and the state after each turn compared.  Our game is always the
 * seeded one (the game of `wolves play --seed`); with --keep-going the
 * engine is set to it again after each disagreement (keep_going.c). */
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
#define LEGAL_PROBES 2                     /* other legal actions offered per position (load, no legal) */
#define PROBES 12                          /* near misses offered per position, at most */
#define PROBE_SALT 0x9e3779b97f4a7c15ULL   /* the near misses' own random stream */
#define UPGRADE_SALT 0xd1b54a32d192ed03ULL /* the Upgrades' near misses' (the others' stay as they were) */

static const uint8_t seating[] = {WOLVES_ROCKY, WOLVES_GRASS, WOLVES_TUNDRA, WOLVES_DESERT, WOLVES_FOREST};

/* The requests of a game's position when both engines agree (run_game):
 * a judge (or apply) of each near miss, legal at a turn's start, the apply
 * of the action chosen and the state after it at the next turn's start.
 * (Not with load and without legal: the other legal actions offered then
 * depend on the answers.) */
static void expect_position(conform *c, const wolves_game *g, const wolves_state *s, const wolves_action *a,
                            const wolves_action *miss, int nmiss) {
  unsigned long id = c->e.next_id;
  for (int i = 0; i < nmiss; i++) expect_request(c, &id, probe_request(c), g, s, &miss[i]);
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

/* A game in play: what run_game's steps share. */
typedef struct {
  conform *c;
  conform_case *cs;
  origin o;
  wolves_state s; /* our position */
  trail t;        /* the game's actions so far */
  unsigned number;
} game;

/* The reproducer of near miss p that disagreed at the position of action
 * number + 1 (written after shrinking: the loaded position, or the
 * shortest prefix of the game from its seed): 0, or -1. */
static int probe_reproducer(game *G, const wolves_action *p, int ours) {
  conform *c = G->c;
  const wolves_game *g = &G->o.g0;
  const trail *t = &G->t;
  const int theirs0 = c->last_theirs;
  char clause0[sizeof c->last_clause];
  memcpy(clause0, c->last_clause, sizeof clause0);
  size_t at = t->len;
  if (!G->o.loaded && shrink(c, &G->o, t, p, ours, &at)) return -1;
  trail shorter = *t;
  shorter.len = at;
  const wolves_state *before = at < t->len ? &t->before[at] : &G->s;
  wolves_action q = *p;
  if (at < t->len) {
    q.player = before->current;
    if (p->player != G->s.current) q.player = (uint8_t)((before->current + 1) % g->nplayers);
  }
  wolves_state after = *before;
  const int ours_there = wolves_apply(g, &after, &q, NULL);
  unsigned char seen[WOLVES_CLAUSE_COUNT];
  memset(seen, 0, sizeof seen);
  disagreement x = {"verdict", (unsigned)at + 1, g,    before, &q,   ours_there,
                    theirs0,   clause0,          seen, NULL,   NULL, 0};
  if (at < t->len) {
    x.theirs = c->last_theirs;
    x.their_clause = c->last_clause;
  }
  char *file = write_reproducer(c, G->cs, &x, &G->o, &shorter);
  if (file) {
    sb_puts(&G->cs->text, "  reproducer: ");
    err_escape(&G->cs->text, file, strlen(file), NULL);
    if (at < t->len) sb_printf(&G->cs->text, " (shrunk to %zu actions before it)", at);
    sb_putc(&G->cs->text, '\n');
    doc_put(&c->d, G->cs->list->last, "reproducer", doc_str(&c->d, file));
    free(file);
  }
  return 0;
}

/* Near miss p (kind named) offered at our position, *p then what was
 * judged (conform_step): 0, or -1.  One the engine applies (without
 * judge) moves its game off ours, and so does shrinking: with
 * --keep-going, it is set to ours again. */
static int offer_miss(game *G, wolves_action *p, const char *name) {
  conform *c = G->c;
  wolves_state probe = G->s;
  int ours = 0;
  c->probes++;
  /* (a disagreement here is written after shrinking) */
  const char *out = c->out;
  c->out = NULL;
  const int r = conform_step(c, G->cs, &G->o.g0, &probe, p, G->number + 1, name, &G->o, &G->t, 0, &ours);
  c->out = out;
  if (r < 0) return -1;
  if (r == 0 && out && probe_reproducer(G, p, ours)) return -1;
  if (r == 2 || (r == 0 && !c->keep_going)) return 0; /* (an unsupported near miss changes nothing) */
  if (r == 0 && out && !G->o.loaded)                  /* (shrinking replayed the game from its seed) */
    return restore(c, G->cs, &G->o, &G->t, &G->s, G->number + 1, 0, NULL) < 0 ? -1 : 0;
  return r == 0 && resync(c, G->cs, &G->o, &G->t, &G->s, G->number + 1, 0, ours,
                          (c->e.caps & ENGINE_JUDGE) != 0) < 0
             ? -1
             : 0;
}

/* At a turn's start, the legal actions compared: 0, or -1; a difference
 * stops the game unless --keep-going (the engine's game is unchanged). */
static int compare_turn_legal(game *G) {
  conform *c = G->c;
  const wolves_game *g = &G->o.g0;
  wolves_action odd;
  int side = 0;
  diff_report dr;
  diff_init(&dr, DIFF_LINES);
  unsigned char seen[WOLVES_CLAUSE_COUNT];
  memset(seen, 0, sizeof seen);
  const int n = compare_legal(c, g, &G->s, &dr, &odd, &side, seen);
  G->cs->compared++;
  if (n > 0) {
    wolves_state after = G->s;
    const int ours = side ? wolves_apply(g, &after, &odd, NULL) : 0;
    if (ours) seen[ours] = 1;
    disagreement x = {"legal", G->number + 1, g,    &G->s, side ? &odd : NULL, ours, side == 1 ? 0 : -1, "",
                      seen,    &dr,           NULL, 0};
    tally(c, seen, seen);
    disagree(c, G->cs, &x, &G->o, &G->t);
  }
  diff_free(&dr);
  sb_free(&dr.out);
  return n < 0 ? -1 : 0;
}

/* Without legal, but with load: other legal actions offered too (an
 * engine that refuses too much), the position loaded again after each the
 * engine applies.  0, or -1. */
static int offer_legal(game *G, wolves_rng *probe_rng, const wolves_action *a) {
  conform *c = G->c;
  const wolves_game *g = &G->o.g0;
  for (int k = 0; k < LEGAL_PROBES && going(c, G->cs); k++) {
    wolves_action other;
    if (wolves_sample(g, &G->s, probe_rng, &other, NULL) != 1 || memcmp(&other, a, sizeof *a) == 0) continue;
    wolves_state probe = G->s;
    int ours = 0;
    const int r = conform_step(c, G->cs, g, &probe, &other, G->number + 1, "another legal action", &G->o,
                               &G->t, (c->e.caps & ENGINE_STATE) != 0, &ours);
    if (r < 0) return -1;
    /* the engine applied it, agreeing: loaded again; a disagreement, set to ours */
    if (r == 1 && ours == 0 && restore(c, G->cs, &G->o, &G->t, &G->s, G->number + 1, 0, NULL) < 0) return -1;
    if ((r == 2 || (r == 0 && c->keep_going)) &&
        resync(c, G->cs, &G->o, &G->t, &G->s, G->number + 1, r, ours, 0) < 0)
      return -1;
  }
  return 0;
}

/* The game's action a, applied in both (*a then what was judged, as the
 * trail keeps it); the state at each turn's start (and each draft step)
 * compared, a difference traced to its action by replaying the turn.  0,
 * or -1. */
static int play_action(game *G, wolves_action *a, size_t *checked) {
  conform *c = G->c;
  const wolves_game *g = &G->o.g0;
  const wolves_state before = G->s;
  int ours = 0;
  const int r = conform_step(c, G->cs, g, &G->s, a, ++G->number, NULL, &G->o, &G->t, 0, &ours);
  if (r < 0) return -1;
  trail_add(&G->t, &before, a, ours);
  if (r == 2 || (r == 0 && c->keep_going)) { /* (the engine did not apply it: ours did) */
    *checked = G->t.len;
    return resync(c, G->cs, &G->o, &G->t, &G->s, G->number, r, ours, 0) < 0 ? -1 : 0;
  }
  if (r == 1 && (c->e.caps & ENGINE_STATE) && (G->s.actions_taken == 0 || G->s.phase == WOLVES_PHASE_OVER)) {
    diff_report dr;
    diff_init(&dr, DIFF_LINES);
    const int n = compare_state(c, g, &G->s, &dr);
    diff_free(&dr);
    sb_free(&dr.out);
    if (n < 0 || (n > 0 && trace_state(c, G->cs, &G->o, &G->t, *checked, &G->s) < 0)) return -1;
    *checked = G->t.len;
    if (n > 0 && c->keep_going &&
        restore(c, G->cs, &G->o, &G->t, &G->s, G->number, 0, "no load, and the engines' states differ") < 0)
      return -1;
  }
  return 0;
}

/* Plays the seeded game of differential play; -1 on a protocol error. */
int run_game(conform *c, conform_case *cs, uint64_t seed) {
  game G;
  memset(&G, 0, sizeof G);
  G.c = c;
  G.cs = cs;
  origin *const o = &G.o;
  o->seed = seed;
  o->loaded = !(c->e.caps & ENGINE_NEW_GAME);
  if (wolves_setup(&o->g0, &o->s0, c->players, seating, c->players == 2 ? WOLVES_FOREST : WOLVES_NONE, seed,
                   NULL)) {
    cs->result = BAD;
    sb_puts(&cs->text, "setup refused");
    return 0;
  }
  (void)wolves_edition_apply(&o->g0, c->edition);
  apply_readings(c, &o->g0, 0);
  (void)wolves_setup_readings(&o->g0, &o->s0, NULL);
  char why[256];
  const char *reason = unsupported(c, &o->g0, why, sizeof why);
  if (reason) {
    cs->result = SKIP;
    sb_puts(&cs->text, reason);
    return 0;
  }
  cs->result = AGREE;
  c->now = cs;
  const int begun = engine_begin(c, o);
  if (begun < 0) return -1;
  if (begun == 2) {
    skip_case(c, cs, o->loaded ? "load" : "new_game", &o->g0, o->s0, NULL, 0);
    return 0;
  }
  if (begun > 0) { /* (the engine has no game of ours: nothing more is compared) */
    refused_load(c, cs, &o->g0, &o->s0);
    if (c->keep_going) stop_case(c, cs, 0, 0, "the engine refuses to load the start position", NULL);
  }
  const wolves_game *g = &o->g0;
  G.s = o->s0;
  wolves_rng rng, probe_rng, upgrade_rng;
  wolves_rng_seed(&rng, seed);
  wolves_rng_seed(&probe_rng, seed ^ PROBE_SALT);
  wolves_rng_seed(&upgrade_rng, seed ^ UPGRADE_SALT);
  const wolves_rng rng0 = rng;
  int rc = 0;
  size_t checked = 0; /* the trail's length at the last state that agreed */
  c->playing = 1;
  while (rc == 0 && going(c, cs) && G.s.phase != WOLVES_PHASE_OVER && G.t.len < GAME_ACTIONS_MAX) {
    wolves_action a, miss[PROBES], up;
    int kinds[PROBES], up_kind;
    if (wolves_sample(g, &G.s, &rng, &a, NULL) != 1) break;
    int nmiss = near_misses(g, &G.s, &a, &probe_rng, miss, kinds, PROBES);
    int dup = !upgrade_miss(g, &G.s, &upgrade_rng, &up, &up_kind);
    for (int i = 0; i < nmiss && !dup; i++) dup = memcmp(&miss[i], &up, sizeof up) == 0;
    if (!dup) { /* (in the last place, when all are taken) */
      const int at = nmiss < PROBES ? nmiss++ : PROBES - 1;
      miss[at] = up;
      kinds[at] = up_kind;
    }
    expect_position(c, g, &G.s, &a, miss, nmiss);
    for (int i = 0; i < nmiss && rc == 0 && going(c, cs); i++)
      rc = offer_miss(&G, &miss[i], miss_names[kinds[i]]);
    if (rc || !going(c, cs)) break;
    if ((c->e.caps & ENGINE_LEGAL) && G.s.actions_taken == 0) { /* (at each turn's start) */
      rc = compare_turn_legal(&G);
      if (rc || !going(c, cs)) break;
    }
    if (!(c->e.caps & ENGINE_LEGAL) && (c->e.caps & ENGINE_LOAD)) rc = offer_legal(&G, &probe_rng, &a);
    if (rc || !going(c, cs)) break;
    rc = play_action(&G, &a, &checked);
  }
  /* once the game is over, every action is refused (TURN.GAME_OVER): the
   * last one again, and ending the turn */
  for (int k = 0; k < 2 && rc == 0 && going(c, cs) && G.s.phase == WOLVES_PHASE_OVER && G.t.len; k++) {
    wolves_action late = G.t.a[G.t.len - 1];
    if (k) blank_action(&G.s, WOLVES_ACT_END_TURN, &late);
    late.player = G.s.current;
    wolves_state probe = G.s;
    c->probes++;
    int ours = 0;
    const int r =
        conform_step(c, cs, g, &probe, &late, G.number + 1, "after the game is over", o, &G.t, 0, &ours);
    if (r < 0 || ((r == 2 || (r == 0 && c->keep_going)) &&
                  resync(c, cs, o, &G.t, &G.s, G.number, r, ours, (c->e.caps & ENGINE_JUDGE) != 0) < 0))
      rc = -1;
  }
  if (rc == 0 && going(c, cs) && conform_finish(c, cs, g, &G.s, G.number, o, &G.t) < 0) rc = -1;
  if (rc == 0 && c->keep_going && G.s.phase != WOLVES_PHASE_OVER && G.t.len >= GAME_ACTIONS_MAX)
    stop_case(c, cs, G.number, 1, "the limit of actions a game is played to", NULL);
  c->playing = 0;
  if (rc == 0) skip_if_nothing_compared(c, cs);
  if (c->keep_going || cs->stopped) cs->length = game_length(g, o->s0, rng0, GAME_ACTIONS_MAX);
  trail_free(&G.t);
  return rc;
}
