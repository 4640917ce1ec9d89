/* test_moves.c - wolves_legal_moves (core/moves.c) against brute force:
 * on small positions, every sequence of steps of the player's wolves to
 * any hex (with any push destination, or the default) is applied, and the
 * positions the legal ones reach are compared, as canonical JSON, with
 * those the walk visits.  The walk must reach each of them, visit only
 * Moves wolves_apply accepts, and hand over the position each leads to;
 * where nothing pushes, brute force tries the sequences in the walk's
 * order, and the first Move found for each position is the same (the
 * walk's reduction skips only sequences an earlier one stands for). */
#include <stdlib.h>

#include "unit.h"
#include "wolves.h"

#define MAP "board:\n  map: |\n    Fa Ga Da Ta\n      Ra ~a Ga Fa\n    Ga Da Ra Ta\n"

/* The distinct positions found, as JSON, each with the first Move found
 * that leads there. */
typedef struct {
  char **json;
  wolves_action *first;
  int n;
} seen;

static int add(seen *s, char *json, const wolves_action *a) {
  for (int i = 0; i < s->n; i++)
    if (strcmp(s->json[i], json) == 0) {
      free(json);
      return 0;
    }
  s->json = realloc(s->json, (size_t)(s->n + 1) * sizeof *s->json);
  s->first = realloc(s->first, (size_t)(s->n + 1) * sizeof *s->first);
  s->first[s->n] = *a;
  s->json[s->n++] = json;
  return 1;
}

static void seen_free(seen *s) {
  for (int i = 0; i < s->n; i++) free(s->json[i]);
  free(s->json);
  free(s->first);
}

/* The same steps, in the same order? */
static int same_steps(const wolves_action *a, const wolves_action *b) {
  if (a->nsteps != b->nsteps) return 0;
  for (int i = 0; i < a->nsteps; i++)
    if (a->step[i].from != b->step[i].from || a->step[i].to != b->step[i].to ||
        a->step[i].type != b->step[i].type || a->step[i].push_to != b->step[i].push_to)
      return 0;
  return 1;
}

typedef struct {
  unit *u;
  const wolves_game *g;
  const wolves_state *s;
  seen found;
  int bad;
} walk_ctx;

static int visited(void *ctx, const wolves_action *a, const wolves_state *after) {
  walk_ctx *w = ctx;
  wolves_state again = *w->s;
  if (wolves_apply(w->g, &again, a, NULL) != WOLVES_OK ||
      memcmp(&again.hex, &after->hex, sizeof again.hex) != 0)
    w->bad++;
  add(&w->found, wolves_state_to_json(w->g, after, NULL), a);
  return 0;
}

/* Every sequence of up to depth steps: from a hex holding a wolf of that
 * type of the player's at the start, to any hex, pushing to any hex or by
 * default (pushes: 0 tries the default only). */
static void brute(const wolves_game *g, const wolves_state *s, wolves_action *a, int depth, int pushes,
                  seen *out) {
  const int k = a->nsteps;
  if (k == depth) return;
  const uint8_t pack = s->player[s->current].pack;
  for (int from = 0; from < g->board.nhex; from++)
    for (int type = WOLVES_PACK; type <= WOLVES_ALPHA; type++) {
      int here = 0;
      for (int i = 0; i < WOLVES_HEX_SLOTS; i++) here |= s->hex[from].piece[i] == WOLVES_PIECE(pack, type);
      for (int to = 0; here && to < g->board.nhex; to++)
        for (int push = -1; push < (pushes ? g->board.nhex : 0); push++) {
          a->step[k] = (wolves_step){(uint8_t)from, (uint8_t)to, (uint8_t)type,
                                     push < 0 ? WOLVES_NONE : (uint8_t)push};
          a->nsteps = (uint8_t)(k + 1);
          wolves_state after = *s;
          if (wolves_apply(g, &after, a, NULL) == WOLVES_OK)
            add(out, wolves_state_to_json(g, &after, NULL), a);
          brute(g, s, a, depth, pushes, out);
          a->nsteps = (uint8_t)k;
        }
    }
}

/* The walk and brute force agree on the position in yaml (up to depth
 * wolves); the number of distinct Moves is `expect`. */
static void agree(unit *u, const char *yaml, int depth, int pushes, int expect) {
  wolves_game g;
  wolves_state s;
  wolves_error err = {0};
  if (wolves_state_from_json(yaml, strlen(yaml), &g, &s, NULL, &err) != 0) {
    UNIT_FAIL_AT(u, "%d:%d: %s", err.line, err.col, err.message);
    return;
  }
  EXPECT_EQ(u, wolves_attribute(&g, &s, s.current, WOLVES_PACK_SPREAD), depth);
  walk_ctx w = {u, &g, &s, {0}, 0};
  const long visits = wolves_legal_moves(&g, &s, visited, &w);
  EXPECT(u, visits >= w.found.n);
  EXPECT_EQ(u, w.bad, 0);
  EXPECT_EQ(u, wolves_legal_moves(&g, &s, NULL, NULL), visits);
  seen all = {0};
  wolves_action a;
  memset(&a, 0, sizeof a);
  a.kind = WOLVES_ACT_MOVE;
  a.player = s.current;
  a.target = a.attribute = a.piece = a.pack = a.push_to[0] = a.push_to[1] = WOLVES_NONE;
  brute(&g, &s, &a, depth, pushes, &all);
  EXPECT_EQ(u, w.found.n, all.n);
  EXPECT_EQ(u, all.n, expect);
  for (int i = 0; i < all.n; i++) {
    int in = -1;
    for (int k = 0; k < w.found.n && in < 0; k++)
      if (strcmp(all.json[i], w.found.json[k]) == 0) in = k;
    if (in < 0)
      UNIT_FAIL_AT(u, "brute force reaches a position the walk misses (%d of %d)", i, all.n);
    else if (!pushes && !same_steps(&all.first[i], &w.found.first[in]))
      UNIT_FAIL_AT(u, "position %d of %d: the walk finds another Move first than brute force", i, all.n);
  }
  seen_free(&w.found);
  seen_free(&all);
}

/* tiny.yaml before its action: two wolves on A1, Pack Spread 2: 16 single
 * Moves and 18 pairs on one terrain (G 3x3, D 2x2, R 2x2, T 1x1) */
static void two_wolves_one_hex(unit *u) {
  agree(u, MAP "players:\n  rocky: {}\n  grass: {}\npieces:\n  A1: [rocky alpha, rocky pack]\n", 2, 1, 34);
}

/* Alphas beside lone grass Pack Wolves: each push with each hex the wolf
 * may be pushed to; a wolf may end where another just left */
static void pushes(unit *u) {
  agree(
      u,
      MAP
      "players:\n  rocky: {}\n  grass: {}\npieces:\n  A1: rocky alpha\n  C2: rocky alpha\n  D1: rocky pack\n"
      "  B1: grass pack\n  C3: grass pack\n",
      2, 1, 87);
}

/* Pack Spread 3 on a crowded map: wolves in each other's way (two pieces
 * on a hex at most, a hex freed by one wolf entered by the next) */
static void crowded(unit *u) {
  agree(u,
        MAP "data:\n  pack_spread.values: [3, 3, 3, 4, 4]\nplayers:\n  rocky: {}\n  grass: {}\n"
            "pieces:\n  A1: [rocky alpha, rocky pack]\n  B1: rocky pack\n  C1: [grass alpha, grass den]\n"
            "  A3: grass den\n",
        3, 0, 64);
}

/* Pack Spread 3, four Pack Wolves and an Alpha: wolves of a type that
 * trade destinations, a wolf entering the hex the next one leaves, wolves
 * following each other; the first Move found for each position is brute
 * force's first */
static void alike(unit *u) {
  agree(u,
        MAP "data:\n  pack_spread.values: [3, 3, 3, 4, 4]\nplayers:\n  rocky: {}\n  grass: {}\n"
            "pieces:\n  A1: [rocky pack, rocky pack]\n  C1: rocky pack\n  A3: [rocky pack, rocky alpha]\n"
            "  D3: grass den\n",
        3, 0, 166);
}

/* The bound on work: a walk that would try more Moves than it may stops
 * with WOLVES_MOVES_TOO_MANY, one that needs no more lists them all */
static void bound(unit *u) {
  const char *yaml = MAP "players:\n  rocky: {}\n  grass: {}\npieces:\n  A1: [rocky alpha, rocky pack]\n";
  wolves_game g;
  wolves_state s;
  EXPECT_EQ(u, wolves_state_from_json(yaml, strlen(yaml), &g, &s, NULL, NULL), 0);
  const long all = wolves_legal_moves(&g, &s, NULL, NULL);
  EXPECT_EQ(u, all, 34); /* (no try refused on this map: as many tried as visited) */
  EXPECT_EQ(u, wolves_legal_moves_within(&g, &s, all, NULL, NULL), all);
  EXPECT_EQ(u, wolves_legal_moves_within(&g, &s, all - 1, NULL, NULL), WOLVES_MOVES_TOO_MANY);
  EXPECT_EQ(u, wolves_legal_moves_within(&g, &s, 1, NULL, NULL), WOLVES_MOVES_TOO_MANY);
  EXPECT_EQ(u, wolves_legal_moves_within(&g, &s, 0, NULL, NULL), -1);
  EXPECT_EQ(u, wolves_legal_moves_within(&g, &s, WOLVES_MOVES_TRIED_MAX + 1, NULL, NULL), -1);
}

/* wolves(3), ERRORS: a bad argument is -1, and nothing is visited */
static int never(void *ctx, const wolves_action *a, const wolves_state *after) {
  (void)a, (void)after;
  ++*(int *)ctx;
  return 1;
}

static void bad_arguments(unit *u) {
  const char *yaml = MAP "players:\n  rocky: {}\n  grass: {}\npieces:\n  A1: rocky alpha\n";
  wolves_game g;
  wolves_state s;
  int calls = 0;
  EXPECT_EQ(u, wolves_state_from_json(yaml, strlen(yaml), &g, &s, NULL, NULL), 0);
  EXPECT_EQ(u, wolves_legal_moves(NULL, &s, never, &calls), -1);
  EXPECT_EQ(u, wolves_legal_moves(&g, NULL, never, &calls), -1);
  s.current = 7; /* no such player */
  EXPECT_EQ(u, wolves_legal_moves(&g, &s, never, &calls), -1);
  s.current = 0;
  EXPECT_EQ(u, wolves_legal_moves(&g, &s, never, &calls), 1); /* the first visit stops the walk */
  EXPECT_EQ(u, calls, 1);
  s.phase = WOLVES_PHASE_OVER;
  EXPECT_EQ(u, wolves_legal_moves(&g, &s, never, &calls), 0);
}

void unit_suite_moves(unit *u) {
  UNIT_RUN(u, bad_arguments);
  UNIT_RUN(u, two_wolves_one_hex);
  UNIT_RUN(u, pushes);
  UNIT_RUN(u, crowded);
  UNIT_RUN(u, alike);
  UNIT_RUN(u, bound);
}
