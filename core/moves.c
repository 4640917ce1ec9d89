/* moves.c - every legal Move of the player to act, several wolves at once
 * included (Move; Move - Special Rules; Move - Continued), for `wolves
 * legal --moves all`.  The steps of a Move are applied in order, so wolves
 * can get in each other's way (a hex one wolf leaves another may enter;
 * MOVE.MAX_PIECES counts the wolves already there) and an Alpha's push
 * goes to a hex that depends on where the others stand (MOVE.PUSH_CHOICE).
 * Nothing here judges a rule: every sequence is applied with wolves_apply
 * to a copy, and only what it accepts is visited.
 *
 * The walk extends a legal sequence one step at a time.  A sequence whose
 * steps are refused cannot become legal by adding steps (the checks run in
 * step order and the payment does not depend on the number of wolves), so
 * the walk stops there.  Two consecutive steps that touch no hex in common
 * and push nothing lead to the same position in either order: only the
 * order with the earlier candidate first is walked (a partial-order
 * reduction; wolves(3) says what may still repeat). */
#include <string.h>

#include "wolves.h"

/* One candidate step: a wolf (hex and type) and a hex it may end on. */
typedef struct {
  uint8_t from, type, to;
} candidate;

typedef struct {
  const wolves_game *g;
  const wolves_state *s;
  wolves_move_visit visit;
  void *ctx;
  int spread;
  /* at most nhex destinations for each wolf a pack owns (4 Alphas, 8 Pack
   * Wolves by default, data wolves.alpha) */
  candidate cand[WOLVES_MAX_HEXES * 12];
  int ncand;
  uint16_t last[WOLVES_MAX_MOVERS];   /* the candidate index of each step of the sequence */
  uint8_t touched[WOLVES_MAX_MOVERS]; /* the step landed on an occupied hex (it may have pushed) */
  long visited;
  int stopped;
} walk;

/* MOVE.TOKEN_HEX: a token never leaves during a Move, so a hex holding one
 * is never a destination (nor a Water Source or the Central Chasm:
 * MOVE.IMPASSABLE). */
static int may_end_on(const walk *w, uint8_t h) {
  const wolves_hex_info *info = &w->g->board.hex[h];
  return info->kind == WOLVES_LAND && !w->s->hex[h].lone_wolf && w->s->hex[h].prey_count == 0;
}

/* Each wolf of the player (a hex and a type holding one, however many),
 * with each hex within its Wolf Speed that a wolf may end on. */
static int add_candidates(walk *w, uint8_t pack, int speed) {
  const wolves_board *b = &w->g->board;
  for (int from = 0; from < b->nhex; from++)
    for (int type = WOLVES_PACK; type <= WOLVES_ALPHA; type++) {
      int here = 0;
      for (int i = 0; i < WOLVES_HEX_SLOTS; i++) here |= w->s->hex[from].piece[i] == WOLVES_PIECE(pack, type);
      if (!here) continue;
      for (int to = 0; to < b->nhex; to++) {
        if (to == from || !may_end_on(w, (uint8_t)to) ||
            wolves_hex_distance(b, (uint8_t)from, (uint8_t)to) > speed)
          continue;
        if (w->ncand >= (int)(sizeof w->cand / sizeof *w->cand)) return -1;
        w->cand[w->ncand++] = (candidate){(uint8_t)from, (uint8_t)type, (uint8_t)to};
      }
    }
  return 0;
}

/* Do steps a and b (candidates) touch a common hex?  A step touches where
 * its wolf starts and ends. */
static int independent(const candidate *a, const candidate *b) {
  return a->from != b->from && a->from != b->to && a->to != b->from && a->to != b->to;
}

/* Applies the Move a to a copy of the position: 0 and *after, or the
 * clause that refused it.  With alt != NULL, the other hexes a wolf pushed
 * by the last step could have gone to (MOVE.PUSH_CHOICE options), *nalt of
 * them; none when it pushed nothing. */
static int try_move(const walk *w, const wolves_action *a, wolves_state *after, uint8_t *alt, int *nalt) {
  wolves_event ev[512];
  wolves_log log = {ev, 0, sizeof ev / sizeof *ev, 0, WOLVES_CHECKS_PASSED};
  *after = *w->s;
  const int rc = wolves_apply(w->g, after, a, alt ? &log : NULL);
  if (alt == NULL || rc != WOLVES_OK) return rc;
  const uint8_t pushed_at = a->step[a->nsteps - 1].to;
  *nalt = 0;
  for (size_t i = 0; i < log.len; i++) {
    const int option = ev[i].kind == WOLVES_EV_OPTION && ev[i].clause == WOLVES_C_MOVE_PUSH_CHOICE;
    if (option && ev[i].from == pushed_at && *nalt < WOLVES_MAX_HEXES) alt[(*nalt)++] = ev[i].to;
  }
  if (log.dropped) /* the log ran out: every hex is tried instead (wolves_apply judges) */
    for (*nalt = 0; *nalt < w->g->board.nhex; ++*nalt) alt[*nalt] = (uint8_t)*nalt;
  return rc;
}

static void extend(walk *w, wolves_action *a, const wolves_state *at);

/* a, legal, is visited; then the longer Moves that start with it. */
static void found(walk *w, wolves_action *a, const wolves_state *after) {
  w->visited++;
  if (w->visit && w->visit(w->ctx, a, after)) {
    w->stopped = 1;
    return;
  }
  if (a->nsteps < w->spread) extend(w, a, after);
}

/* Extends the legal Move a, which leaves the pieces as `at` has them (the
 * payment and a hunt move no piece), by one more wolf. */
static void extend(walk *w, wolves_action *a, const wolves_state *at) {
  const int k = a->nsteps;
  for (int c = 0; c < w->ncand && !w->stopped; c++) {
    const candidate *cd = &w->cand[c];
    const int occupied = at->hex[cd->to].piece[0] != 0;
    if (k > 0) {
      /* MOVE.DESTINATION: every wolf ends on the terrain of the first */
      if (w->g->board.hex[cd->to].terrain != w->g->board.hex[a->step[0].to].terrain) continue;
      /* the reduction: two steps that touch no common hex, neither ending
       * on an occupied hex (a push goes to the nearest free hex, wherever
       * the others stand), give the same in either order: ascending only */
      if (c < w->last[k - 1] && !occupied && !w->touched[k - 1] && independent(&w->cand[w->last[k - 1]], cd))
        continue;
    }
    a->step[k] = (wolves_step){cd->from, cd->to, cd->type, WOLVES_NONE};
    a->nsteps = (uint8_t)(k + 1);
    w->last[k] = (uint16_t)c;
    w->touched[k] = (uint8_t)occupied;
    wolves_state after;
    uint8_t alt[WOLVES_MAX_HEXES];
    int nalt = 0;
    if (try_move(w, a, &after, occupied ? alt : NULL, &nalt) == WOLVES_OK) {
      /* a push: the default (the first nearest hex) and each other hex
       * the wolf could go to, named */
      found(w, a, &after);
      for (int i = 0; i < nalt && !w->stopped; i++) {
        a->step[k].push_to = alt[i];
        a->nsteps = (uint8_t)(k + 1);
        if (try_move(w, a, &after, NULL, NULL) == WOLVES_OK) found(w, a, &after);
      }
    }
    a->step[k].push_to = WOLVES_NONE;
    a->nsteps = (uint8_t)k;
  }
}

long wolves_legal_moves(const wolves_game *g, const wolves_state *s, wolves_move_visit visit, void *ctx) {
  /* wolves_attribute checks g and s (wolves(3), ERRORS) */
  const int spread = g && s ? wolves_attribute(g, s, s->current, WOLVES_PACK_SPREAD) : -1;
  if (spread < 0) return -1;
  if (s->phase != WOLVES_PHASE_PLAY) return 0;
  walk w;
  memset(&w, 0, sizeof w);
  w.g = g;
  w.s = s;
  w.visit = visit;
  w.ctx = ctx;
  const uint8_t p = s->current;
  w.spread = spread > WOLVES_MAX_MOVERS ? WOLVES_MAX_MOVERS : spread;
  if (add_candidates(&w, s->player[p].pack, wolves_attribute(g, s, p, WOLVES_WOLF_SPEED))) return -1;
  wolves_action a;
  memset(&a, 0, sizeof a);
  a.kind = WOLVES_ACT_MOVE;
  a.player = p;
  a.target = a.attribute = a.piece = a.pack = WOLVES_NONE;
  a.push_to[0] = a.push_to[1] = WOLVES_NONE;
  if (w.spread > 0) extend(&w, &a, s);
  return w.visited;
}
