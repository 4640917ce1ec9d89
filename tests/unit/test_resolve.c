/* test_resolve.c - the choices an action leaves open (wolves.h, "Choices";
 * core/resolve.c): resolving an action and applying the result is
 * applying the action, to the byte of the position, the verdict and the
 * events; the resolution names every choice made; the resolutions walked
 * are, for one push and one payment, each hex the engine logs as another
 * way to push and each other way to pay it logs, times each other, the
 * default first.  Tried on every legal action at every position of the
 * bundled games and scenarios, and on near misses of them.  Run from the
 * top of the source tree (tests/run-all does). */
#include <stdlib.h>

#include "bundled.h"
#include "unit.h"
#include "wolves.h"

enum { MAX_LEGAL = 4096, MAX_EVENTS = 4096 };

typedef struct {
  wolves_event ev[MAX_EVENTS];
  wolves_log log;
  wolves_state after;
  int rc;
} outcome;

/* a applied at s, its events logged with `checks`. */
static void apply(const wolves_game *g, const wolves_state *s, const wolves_action *a, int checks,
                  outcome *o) {
  o->log = (wolves_log){.ev = o->ev, .cap = MAX_EVENTS, .checks = checks};
  o->after = *s;
  o->rc = wolves_apply(g, &o->after, a, &o->log);
}

/* The same events, diagnostics (checks, options, candidates) left out. */
static int same_events(const outcome *x, const outcome *y) {
  size_t i = 0, j = 0;
  for (;;) {
    while (i < x->log.len && WOLVES_EV_DIAGNOSTIC(x->ev[i].kind)) i++;
    while (j < y->log.len && WOLVES_EV_DIAGNOSTIC(y->ev[j].kind)) j++;
    if (i == x->log.len || j == y->log.len) return i == x->log.len && j == y->log.len;
    if (memcmp(&x->ev[i++], &y->ev[j++], sizeof(wolves_event)) != 0) return 0;
  }
}

/* How many events of kind and clause o logged. */
static int count(const outcome *o, int kind, int clause) {
  int n = 0;
  for (size_t i = 0; i < o->log.len; i++) n += o->ev[i].kind == kind && o->ev[i].clause == clause;
  return n;
}

/* What a walk of the resolutions saw. */
typedef struct {
  unit *u;
  const char *where;
  const wolves_game *g;
  const wolves_state *s;
  const wolves_action *first; /* what wolves_action_resolve gave */
  int first_rc;
  long n;
  wolves_action seen[64]; /* (the first 64: each new) */
} walk;

static int visit(void *ctx, const wolves_action *resolved, int verdict, const wolves_state *after) {
  walk *w = ctx;
  unit *u = w->u;
  if (w->n == 0 && (memcmp(resolved, w->first, sizeof *resolved) != 0 || verdict != w->first_rc))
    UNIT_FAIL_AT(u, "%s: the first resolution is not the action resolved", w->where);
  /* each resolution as it says: applied, the same verdict and position */
  wolves_state x = *w->s;
  if (wolves_apply(w->g, &x, resolved, NULL) != verdict || memcmp(&x, after, sizeof x) != 0)
    UNIT_FAIL_AT(u, "%s: resolution %ld applies otherwise than walked", w->where, w->n);
  for (long k = 0; k < w->n && k < 64; k++)
    if (memcmp(&w->seen[k], resolved, sizeof *resolved) == 0)
      UNIT_FAIL_AT(u, "%s: resolution %ld walked twice", w->where, w->n);
  if (w->n < 64) w->seen[w->n] = *resolved;
  w->n++;
  return 0;
}

/* Every promise of resolve.c about action a at (g, s). */
static void check_action(unit *u, const char *where, const wolves_game *g, const wolves_state *s,
                         const wolves_action *a, long *open) {
  static outcome plain, named, diag;
  wolves_action out;
  apply(g, s, a, 0, &plain);
  const int rc = wolves_action_resolve(g, s, a, &out);
  apply(g, s, &out, 0, &named);
  if (rc != plain.rc || named.rc != plain.rc || memcmp(&plain.after, &named.after, sizeof plain.after) != 0 ||
      !same_events(&plain, &named)) {
    char *text = wolves_action_format(g, s, a);
    UNIT_FAIL_AT(u, "%s: %s resolves to an action applied otherwise (%d, %d, %d)", where, text ? text : "?",
                 plain.rc, rc, named.rc);
    wolves_free(text);
    return;
  }
  /* resolved, nothing is left open that the engine chose: resolving again
   * changes nothing, and it has one resolution */
  wolves_action again;
  wolves_action_resolve(g, s, &out, &again);
  EXPECT(u, memcmp(&again, &out, sizeof out) == 0);
  EXPECT_EQ(u, wolves_action_resolutions(g, s, &out, NULL, NULL), 1);
  /* the choices of an applied action are named: its payment, its pushes */
  if (plain.rc == 0 && a->kind != WOLVES_ACT_END_TURN && a->kind != WOLVES_ACT_DRAFT)
    EXPECT(u, out.pay_tiles != 0 || out.pay_bonus != 0);
  if (plain.rc == 0 && a->kind == WOLVES_ACT_MOVE)
    for (int i = 0; i < out.nsteps; i++)
      EXPECT(u, out.step[i].push_to == a->step[i].push_to ||
                    (a->step[i].push_to == WOLVES_NONE && out.step[i].push_to < g->board.nhex));
  if (plain.rc == 0 && a->kind == WOLVES_ACT_DOMINATE)
    EXPECT(u, out.piece != WOLVES_NONE && out.pack != WOLVES_NONE);
  /* the resolutions: the engine's own alternatives (option events), each
   * push with each payment where one wolf moves (with more, another push
   * may make a later wolf's step refused, its payment never reached) */
  walk w = {u, where, g, s, &out, rc, 0, {{0}}};
  const long n = wolves_action_resolutions(g, s, a, visit, &w);
  EXPECT_EQ(u, n, w.n);
  if (plain.rc == 0 && (a->kind != WOLVES_ACT_MOVE || a->nsteps == 1) &&
      count(&plain, WOLVES_EV_PUSH, WOLVES_C_LAIR_PUSH) <= 1) {
    apply(g, s, a, WOLVES_CHECKS_PASSED, &diag);
    const long pushes = 1 + count(&diag, WOLVES_EV_OPTION, WOLVES_C_MOVE_PUSH_CHOICE),
               payments = 1 + count(&diag, WOLVES_EV_OPTION, WOLVES_C_PAY_CHOICE);
    if (n != pushes * payments)
      UNIT_FAIL_AT(u, "%s: %ld resolutions, not %ld pushes times %ld payments", where, n, pushes, payments);
  }
  *open += n > 1;
}

/* A near miss of legal action a: another payment, push or piece named, or
 * the action at another hex; most are refused. */
static wolves_action near_miss(const wolves_action *a, const wolves_game *g, wolves_rng *r) {
  wolves_action m = *a;
  const uint8_t hex = (uint8_t)wolves_rng_below(r, g->board.nhex);
  switch (wolves_rng_below(r, 4)) {
  case 0:
    m.pay_tiles = (uint8_t)wolves_rng_below(r, 1u << WOLVES_TILES);
    m.pay_bonus = (uint8_t)wolves_rng_below(r, 2);
    break;
  case 1:
    if (m.kind == WOLVES_ACT_MOVE && m.nsteps)
      m.step[0].to = hex;
    else
      m.target = hex;
    break;
  case 2:
    if (m.kind == WOLVES_ACT_MOVE && m.nsteps)
      m.step[0].push_to = hex;
    else
      m.push_to[0] = hex;
    break;
  default:
    m.piece = (uint8_t)wolves_rng_below(r, WOLVES_LAIR + 1);
    m.pack = (uint8_t)wolves_rng_below(r, WOLVES_TERRAINS);
  }
  return m;
}

/* Every legal action, and a near miss of each, at every position of the
 * bundled scenarios (the games among them: every kind, pushes to ties). */
static void resolve_as_applied(unit *u) {
  file_list l = find_files("scenarios", ".yaml");
  static wolves_action legal[MAX_LEGAL];
  wolves_rng r;
  wolves_rng_seed(&r, 32);
  long tried = 0, open = 0, games = 0;
  EXPECT(u, l.n >= 100);
  for (size_t f = 0; f < l.n; f++) {
    loaded sc;
    if (load(&sc, l.path[f])) { /* (scenarios of bad input: tests/cli) */
      unload(&sc);
      continue;
    }
    games += strstr(l.path[f], "/games/") != NULL;
    const wolves_game *g = &sc.pos.g;
    wolves_state *s = &sc.pos.s;
    for (size_t k = 0; k <= sc.nactions; k++) {
      const int n = wolves_legal_actions(g, s, legal, MAX_LEGAL);
      for (int i = 0; i < n && i < MAX_LEGAL; i++) {
        const wolves_action m = near_miss(&legal[i], g, &r);
        check_action(u, l.path[f], g, s, &legal[i], &open);
        char *text = wolves_action_format(g, s, &m);
        if (text == NULL) continue; /* (a malformed action: no text) */
        wolves_free(text);
        check_action(u, l.path[f], g, s, &m, &open);
        tried += 2;
      }
      if (k == sc.nactions) break;
      wolves_action a = sc.actions[k].a;
      if (sc.actions[k].by_current) a.player = s->current;
      check_action(u, l.path[f], g, s, &a, &open);
      if (wolves_apply(g, s, &a, NULL) != 0) break; /* (a scenario about a refusal) */
    }
    unload(&sc);
    if (u->failures > 10) break;
  }
  EXPECT(u, games >= 5);
  EXPECT(u, tried > 100000 && open > 10000); /* (choices left open were met) */
  list_free(&l);
}

/* Moves of several wolves (wolves_legal_moves, pushes named and not) at
 * every tenth position of the bundled games, up to 500 a position. */
typedef struct {
  unit *u;
  const char *where;
  const wolves_game *g;
  const wolves_state *s;
  long seen, open;
} moves;

static int each_move(void *ctx, const wolves_action *a, const wolves_state *after) {
  moves *m = ctx;
  (void)after;
  check_action(m->u, m->where, m->g, m->s, a, &m->open);
  /* the same Move, its pushes left open (the default) */
  wolves_action open = *a;
  for (int i = 0; i < open.nsteps; i++) open.step[i].push_to = WOLVES_NONE;
  check_action(m->u, m->where, m->g, m->s, &open, &m->open);
  return ++m->seen % 500 == 0;
}

static void resolve_moves_of_several_wolves(unit *u) {
  file_list l = find_files("scenarios/games", ".yaml");
  long seen = 0;
  for (size_t f = 0; f < l.n; f++) {
    loaded sc;
    if (load(&sc, l.path[f])) {
      UNIT_FAIL_AT(u, "%s does not load", l.path[f]);
      unload(&sc);
      continue;
    }
    wolves_state *s = &sc.pos.s;
    for (size_t k = 0; k < sc.nactions; k++) {
      if (k % 10 == 0) {
        moves m = {u, l.path[f], &sc.pos.g, s, 0, 0};
        wolves_legal_moves(&sc.pos.g, s, each_move, &m);
        seen += m.seen;
      }
      wolves_action a = sc.actions[k].a;
      if (sc.actions[k].by_current) a.player = s->current;
      (void)wolves_apply(&sc.pos.g, s, &a, NULL);
    }
    unload(&sc);
  }
  EXPECT(u, seen > 10000);
  list_free(&l);
}

static int first_of(void *ctx, const wolves_action *resolved, int verdict, const wolves_state *after) {
  wolves_action *list = ctx;
  (void)verdict;
  (void)after;
  int k = 0;
  while (list[k].kind != WOLVES_ACT_KINDS) k++;
  list[k] = *resolved;
  list[k + 1].kind = WOLVES_ACT_KINDS;
  return 0;
}

/* scenarios/move/push-several-candidates.yaml: the Alpha on C2 pushes the
 * grass Pack Wolf to B2 or D3 (MOVE.PUSH_CHOICE), the first in board
 * order (B2) unnamed; rocky pays with its one Grass tile (slot 5) or a Bonus
 * Terrain Token given here (PAY.CHOICE), the tile unnamed. */
static void resolve_names_the_defaults(unit *u) {
  loaded sc;
  EXPECT_EQ(u, load(&sc, "scenarios/move/push-several-candidates.yaml"), 0);
  const wolves_game *g = &sc.pos.g;
  wolves_state s = sc.pos.s;
  s.player[0].bonus_terrain = 1;
  s.supply_bonus_terrain--;
  wolves_action a = sc.actions[0].a, out;
  a.player = s.current;
  EXPECT_EQ(u, wolves_action_resolve(g, &s, &a, &out), 0);
  EXPECT_EQ(u, out.step[0].push_to, wolves_hex_parse(&g->board, "B2"));
  EXPECT_EQ(u, out.pay_bonus, 0);
  EXPECT(u, out.pay_tiles != 0 && (out.pay_tiles & (out.pay_tiles - 1)) == 0); /* (one tile) */
  char *text = wolves_action_format(g, &s, &out);
  EXPECT_STR(u, text, "{move: {pay: [5], wolves: [\"alpha A2 C2 push B2\"]}}");
  wolves_free(text);
  wolves_action all[16];
  all[0].kind = WOLVES_ACT_KINDS;
  EXPECT_EQ(u, wolves_action_resolutions(g, &s, &a, first_of, all), 4);
  static const char *const want[] = {"{move: {pay: [5], wolves: [\"alpha A2 C2 push B2\"]}}",
                                     "{move: {bonus_terrain: 1, wolves: [\"alpha A2 C2 push B2\"]}}",
                                     "{move: {pay: [5], wolves: [\"alpha A2 C2 push D3\"]}}",
                                     "{move: {bonus_terrain: 1, wolves: [\"alpha A2 C2 push D3\"]}}"};
  for (int k = 0; k < 4; k++) {
    text = wolves_action_format(g, &s, &all[k]);
    EXPECT_STR(u, text, want[k]);
    wolves_free(text);
  }
  unload(&sc);
}

/* Bad arguments: as wolves_apply's (wolves(3), ERRORS). */
static void resolve_bad_arguments(unit *u) {
  loaded sc;
  EXPECT_EQ(u, load(&sc, "scenarios/move/push-several-candidates.yaml"), 0);
  wolves_action a = sc.actions[0].a, out;
  EXPECT_EQ(u, wolves_action_resolve(&sc.pos.g, &sc.pos.s, &a, NULL), WOLVES_C_API_BAD_ARGUMENT);
  EXPECT_EQ(u, wolves_action_resolve(&sc.pos.g, NULL, &a, &out), WOLVES_C_API_BAD_ARGUMENT);
  EXPECT_EQ(u, wolves_action_resolutions(NULL, &sc.pos.s, &a, NULL, NULL), -1);
  a.kind = WOLVES_ACT_KINDS;
  EXPECT_EQ(u, wolves_action_resolve(&sc.pos.g, &sc.pos.s, &a, &out), WOLVES_C_API_BAD_ARGUMENT);
  EXPECT_EQ(u, wolves_action_resolutions(&sc.pos.g, &sc.pos.s, &a, NULL, NULL), -1);
  unload(&sc);
}

void unit_suite_resolve(unit *u) {
  UNIT_RUN(u, resolve_names_the_defaults);
  UNIT_RUN(u, resolve_bad_arguments);
  UNIT_RUN(u, resolve_as_applied);
  UNIT_RUN(u, resolve_moves_of_several_wolves);
}
