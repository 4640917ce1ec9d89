/* moves.c - every legal Move of the player to act, several wolves at once
 * included (Move; Move - Special Rules; Move - Continued), for `wolves
 * legal --moves all`.  The steps of a Move are applied in order, so wolves
 * can get in each other's way (a hex one wolf leaves another may enter;
 * MOVE.MAX_PIECES counts the wolves already there) and an Alpha's push
 * goes to a hex that depends on where the others stand (MOVE.PUSH_CHOICE).
 * Nothing here decides that a Move is legal: every sequence is applied with
 * wolves_apply to a copy, and only what it accepts is visited.  A step
 * that fails a necessary condition (the destination as wolves_move_end
 * judges it on the position before the step, the wolf still on its hex,
 * the hex within Wolf Speed over land and paid for) is skipped before the
 * copy, as legal.c skips its candidates: most tries on a crowded map are
 * such, and a copy costs a whole Move's checks.
 *
 * The walk extends a legal sequence one step at a time.  A sequence whose
 * steps are refused cannot become legal by adding steps (the checks run in
 * step order and the payment does not depend on the number of wolves), so
 * the walk stops there.
 *
 * Many sequences lead to one position.  Where two consecutive steps of a
 * sequence could be replaced by steps that lead to the same position as
 * legally and come earlier in the walk's order (reordered, two wolves of a
 * type trading destinations, one wolf for two of a type that follow each
 * other: redundant()), the sequence is not walked: the earlier one is, or
 * one earlier still.  So the least legal sequence that
 * leads to a position is always walked, and the first Move found for a
 * position is the one a walk without the reduction finds first (wolves(3)
 * says what may still repeat). */
#include <string.h>

#include "engine.h"

/* One candidate step: a wolf (hex and type) and a hex it may end on. */
typedef struct {
  uint8_t from, type, to;
} candidate;

typedef struct {
  const wolves_game *g;
  const wolves_state *s;
  wolves_move_visit visit;
  void *ctx;
  int spread, speed;
  uint8_t pack;
  unsigned pay1; /* the terrains one tile pays for (wolves_can_pay) */
  /* at most nhex destinations for each wolf a pack owns (4 Alphas, 8 Pack
   * Wolves by default, data wolves.alpha) */
  candidate cand[WOLVES_MAX_HEXES * 12];
  int ncand;
  /* the hexes a wolf on h may end on (bit to of reach[h]: a candidate),
   * for the hexes holding the player's wolves */
  uint64_t reach[WOLVES_MAX_HEXES][WOLVES_HEX_SET_WORDS];
  /* the candidates ending on each terrain, in order: first[t], then
   * next[] (ncand ends it); the steps after the first take only those */
  uint16_t first[WOLVES_TERRAINS], next[WOLVES_MAX_HEXES * 12];
  uint16_t last[WOLVES_MAX_MOVERS];  /* the candidate index of each step of the sequence */
  uint8_t pushes[WOLVES_MAX_MOVERS]; /* the step's Alpha lands on a lone enemy Pack Wolf */
  long visited, tried, max_tried;
  int stopped, over; /* over: it would have tried more than max_tried */
} walk;

/* What no step of the Move changes rules out a destination:
 * MOVE.TOKEN_HEX (a token never leaves during a Move), MOVE.IMPASSABLE
 * (land only) and PAY.MATCH (the tiles do not turn before the payment). */
static int may_end_on(const walk *w, uint8_t h) {
  return wolves_is_land(w->g, h) && !wolves_has_token(w->s, h) &&
         wolves_terrain_in(w->pay1, w->g->board.hex[h].terrain);
}

/* May a wolf on `from` (a hex holding one) end on `to`, as far as what no
 * step changes says (a candidate)? */
static int reaches(const walk *w, uint8_t from, uint8_t to) {
  return w->reach[from][to / 64] >> (to % 64) & 1;
}

/* Each wolf of the player (a hex and a type holding one, however many),
 * with each hex it may end on within Wolf Speed steps over land
 * (MOVE.WOLF_SPEED, MOVE.IMPASSABLE: other pieces do not stop it). */
static int add_candidates(walk *w) {
  const wolves_board *b = &w->g->board;
  for (int from = 0; from < b->nhex; from++) {
    const uint8_t h = (uint8_t)from;
    if (wolves_count(w->s, h, w->pack, WOLVES_PACK) + wolves_count(w->s, h, w->pack, WOLVES_ALPHA) == 0)
      continue;
    for (int to = 0; to < b->nhex; to++)
      if (to != from && may_end_on(w, (uint8_t)to) && wolves_land_within(w->g, h, (uint8_t)to, w->speed))
        w->reach[from][to / 64] |= (uint64_t)1 << (to % 64);
    for (int type = WOLVES_PACK; type <= WOLVES_ALPHA; type++) {
      if (wolves_count(w->s, h, w->pack, type) == 0) continue;
      for (int to = 0; to < b->nhex; to++) {
        if (!reaches(w, h, (uint8_t)to)) continue;
        if (w->ncand >= (int)(sizeof w->cand / sizeof *w->cand)) return -1;
        w->cand[w->ncand++] = (candidate){h, (uint8_t)type, (uint8_t)to};
      }
    }
  }
  for (int t = 0; t < WOLVES_TERRAINS; t++) w->first[t] = (uint16_t)w->ncand;
  for (int c = w->ncand - 1; c >= 0; c--) { /* (may_end_on: a terrain) */
    const uint8_t t = b->hex[w->cand[c].to].terrain;
    w->next[c] = w->first[t];
    w->first[t] = (uint16_t)c;
  }
  return 0;
}

/* Do steps a and b (candidates), neither pushing, give the same in either
 * order, either order legal when the other is?  A step's checks read its
 * start hex (a wolf of its type there that has not arrived in this Move)
 * and its end hex (tokens never move; its pieces): when neither ends where
 * the other starts, two wolves leaving one hex leave the same there either
 * way, and two ending on one hex see only own wolves added, one either way
 * (MOVE.MAX_PIECES counts the same; an own wolf is no enemy).  A hex holds
 * its pieces sorted (wolves_place): the same position. */
static int commute(const candidate *a, const candidate *b) { return a->from != b->to && a->to != b->from; }

/* Does the step c after the last step of a Move of k > 0 steps, neither
 * pushing, lead where steps earlier in the walk's order lead, as legally?
 *  - Two steps that commute: in the other order, when it comes first.
 *  - A wolf entering the hex the next one leaves (X to Y, then Y to Z, Z
 *    not X): the other order, when it comes first, leaves the same and is
 *    legal too: Y then holds one own piece fewer when the first wolf
 *    lands (own pieces count only against MOVE.MAX_PIECES), Z is judged as
 *    it was.
 *  - The same two of one type, in either order: one wolf from X to Z, when
 *    it comes first and reaches Z; Z is judged as it was, and one wolf
 *    fewer has moved (more may move after it).
 *  - Two wolves of one type from hexes X and Y (X first) to P and Q, Q
 *    first: X to Q and Y to P also leave such a wolf on P and Q, and when
 *    both commute and each wolf reaches the other's hex, each hex is judged
 *    as it was (neither end is X or Y: what stands there is unchanged, the
 *    mover of the same type). */
static int redundant(const walk *w, int k, int c) {
  const candidate *const x = &w->cand[w->last[k - 1]], *const y = &w->cand[c];
  if (w->pushes[k - 1]) return 0;
  const int alike = x->type == y->type;
  if (x->from == y->to) /* Y to Z, then X to Y: X to Z */
    return alike && y->from < x->from && y->from != x->to && reaches(w, y->from, x->to);
  if (c < w->last[k - 1]) return 1;
  if (alike && x->to == y->from) return y->to < x->to && reaches(w, x->from, y->to); /* X to Y to Z */
  return commute(x, y) && alike && x->from != y->from && y->to < x->to && reaches(w, x->from, y->to) &&
         reaches(w, y->from, x->to);
}

/* Applies the Move a to a copy of the position: 0 and *after, or the
 * clause that refused it.  With alt != NULL, the other hexes a wolf pushed
 * by the last step could have gone to (MOVE.PUSH_CHOICE options), *nalt of
 * them; none when it pushed nothing. */
static int try_move(walk *w, const wolves_action *a, wolves_state *after, uint8_t *alt, int *nalt) {
  if (w->tried == w->max_tried) { /* the bound: the next try is one too many */
    w->stopped = w->over = 1;
    return -1;
  }
  w->tried++;
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

/* Only an Alpha landing where an enemy piece stands may push: what
 * wolves_move_end would say, cheaper. */
static int may_push(const walk *w, const wolves_state *at, const candidate *cd) {
  return cd->type == WOLVES_ALPHA && wolves_count(at, cd->to, w->pack, -1) < wolves_pieces(at, cd->to);
}

/* Wolves of `type` that the first k steps of a moved onto h (they may not
 * move again: MOVE.OWN_WOLF). */
static int arrived(const wolves_action *a, int k, uint8_t h, uint8_t type) {
  int n = 0;
  for (int i = 0; i < k; i++) n += a->step[i].to == h && a->step[i].type == type;
  return n;
}

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
  /* MOVE.DESTINATION: every wolf ends on the terrain of the first */
  const int same = k > 0;
  for (int c = same ? w->first[w->g->board.hex[a->step[0].to].terrain] : 0; c < w->ncand && !w->stopped;
       c = same ? w->next[c] : c + 1) {
    const candidate *cd = &w->cand[c];
    /* the reduction (a push goes to the nearest free hex, wherever the
     * others stand: a step that pushes is never replaced; only an Alpha
     * landing among enemies may push) */
    const int again = k > 0 && redundant(w, k, c);
    if (again && !may_push(w, at, cd)) continue;
    /* MOVE.OWN_WOLF: a wolf of that type still on its hex that has not
     * moved in this Move; the destination as it stands after the steps
     * before (the wolf leaves another hex) */
    if (wolves_count(at, cd->from, w->pack, cd->type) <= arrived(a, k, cd->from, cd->type)) continue;
    const int end = wolves_move_end(w->g, at, w->pack, cd->type, w->pay1, cd->to);
    const int pushes = end == WOLVES_MOVE_PUSH;
    if (!end || (again && !pushes)) continue;
    a->step[k] = (wolves_step){cd->from, cd->to, cd->type, WOLVES_NONE};
    a->nsteps = (uint8_t)(k + 1);
    w->last[k] = (uint16_t)c;
    w->pushes[k] = (uint8_t)pushes;
    wolves_state after;
    uint8_t alt[WOLVES_MAX_HEXES];
    int nalt = 0;
    /* the log of the push options only where the step pushes */
    if (try_move(w, a, &after, pushes ? alt : NULL, &nalt) == WOLVES_OK) {
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
  return wolves_legal_moves_within(g, s, WOLVES_MOVES_TRIED_MAX, visit, ctx);
}

long wolves_legal_moves_within(const wolves_game *g, const wolves_state *s, long max_tried,
                               wolves_move_visit visit, void *ctx) {
  /* wolves_attribute checks g and s (wolves(3), ERRORS) */
  const int spread = g && s ? wolves_attribute(g, s, s->current, WOLVES_PACK_SPREAD) : -1;
  if (spread < 0 || max_tried < 1 || max_tried > WOLVES_MOVES_TRIED_MAX) return -1;
  if (s->phase != WOLVES_PHASE_PLAY) return 0;
  walk w;
  memset(&w, 0, sizeof w);
  w.g = g;
  w.s = s;
  w.visit = visit;
  w.ctx = ctx;
  w.max_tried = max_tried;
  const uint8_t p = s->current;
  w.spread = spread > WOLVES_MAX_MOVERS ? WOLVES_MAX_MOVERS : spread;
  w.pack = s->player[p].pack;
  unsigned pay[WOLVES_MAX_COST + 1];
  wolves_can_pay(g, s, p, pay);
  w.pay1 = pay[1];
  w.speed = wolves_attribute(g, s, p, WOLVES_WOLF_SPEED);
  if (add_candidates(&w)) return -1;
  wolves_action a;
  memset(&a, 0, sizeof a);
  a.kind = WOLVES_ACT_MOVE;
  a.player = p;
  a.target = a.attribute = a.piece = a.pack = WOLVES_NONE;
  a.push_to[0] = a.push_to[1] = WOLVES_NONE;
  if (w.spread > 0) extend(&w, &a, s);
  return w.over ? WOLVES_MOVES_TOO_MANY : w.visited;
}
