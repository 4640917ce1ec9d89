/* move.c - Move: flip 1 tile matching the destination; up to Pack Spread
 * wolves each move up to Wolf Speed hexes (Move; Move - Special Rules;
 * Move - Continued). */
#include <string.h>

#include "engine.h"

/* May a wolf moving to b pass through (or stop on) n?  Land with no
 * pieces or tokens before b (MOVE.PASS_THROUGH). */
static int passable(const wolves_game *g, const wolves_state *s, uint8_t n, uint8_t b) {
  return wolves_is_land(g, n) && (n == b || (wolves_pieces(s, n) == 0 && !wolves_has_token(s, n)));
}

/* Shortest path length from a to b through passable hexes.  Returns a
 * number > limit when b is not reached within limit.  A breadth-first
 * search: a hex's distance is final when it is first reached, so the
 * search ends there for b. */
static int path_length(const wolves_game *g, const wolves_state *s, uint8_t a, uint8_t b, int limit) {
  uint8_t dist[WOLVES_MAX_HEXES], queue[WOLVES_MAX_HEXES];
  if (a == b) return 0;
  memset(dist, WOLVES_NONE, g->board.nhex);
  int head = 0, tail = 0;
  dist[a] = 0;
  queue[tail++] = a;
  while (head < tail) {
    const uint8_t h = queue[head++];
    if (dist[h] >= limit) continue;
    for (int d = 0; d < 6; d++) {
      const uint8_t n = g->board.nbr[h][d];
      if (n >= g->board.nhex || dist[n] != WOLVES_NONE || !passable(g, s, n, b)) continue;
      if (n == b) return dist[h] + 1;
      dist[n] = (uint8_t)(dist[h] + 1);
      queue[tail++] = n;
    }
  }
  return limit + 1;
}

/* A path as short as the hex distance, walked greedily (every step one hex
 * closer to b).  Finds the common case without a search; 0 proves nothing. */
static int straight_path(const wolves_game *g, const wolves_state *s, uint8_t a, uint8_t b) {
  uint8_t h = a;
  for (int d = wolves_distance(&g->board, a, b); d > 0; d--) {
    uint8_t next = WOLVES_NONE;
    for (int k = 0; k < 6 && next == WOLVES_NONE; k++) {
      const uint8_t n = g->board.nbr[h][k];
      if (n < g->board.nhex && passable(g, s, n, b) && wolves_distance(&g->board, n, b) == d - 1) next = n;
    }
    if (next == WOLVES_NONE) return 0;
    h = next;
  }
  return 1;
}

/* Has a wolf a clear path from a to b of at most `limit` steps (a <= limit
 * hexes apart)? */
static int clear_path(const wolves_game *g, const wolves_state *s, uint8_t a, uint8_t b, int limit) {
  return straight_path(g, s, a, b) || path_length(g, s, a, b, limit) <= limit;
}

/* MOVE.IMPASSABLE: is `to` within limit steps over land of `from`
 * (wolves_land_within)?  When measures are logged, the steps of the
 * shortest walk (-1: none) are recorded against limit. */
static int land_within(wolves_ctx *c, uint8_t from, uint8_t to, int limit) {
  if (wolves_measuring(c)) wolves_measure(c, wolves_land_steps(c->g, from, to), limit, from);
  return wolves_land_within(c->g, from, to, limit);
}

/* Wolves of `type` on `h` that already moved in this action. */
static int arrived(const wolves_action *a, int upto, uint8_t h, uint8_t type) {
  int n = 0;
  for (int i = 0; i < upto; i++) n += a->step[i].to == h && a->step[i].type == type;
  return n;
}

/* The wolves of the type of step i on its hex (on the board) that have
 * not moved yet in this action. */
static int unmoved(const wolves_ctx *c, const wolves_action *a, int i) {
  const wolves_step *st = &a->step[i];
  return wolves_count(c->s, st->from, c->pack, st->type) - arrived(a, i, st->from, st->type);
}

/* The hex rules for a wolf ending its movement (Move - Special Rules,
 * Move - Continued, the hierarchy note).  Sets *push to the enemy Pack
 * Wolf an Alpha will push, or 0. */
static int destination_allows(wolves_ctx *c, uint8_t type, uint8_t to, uint8_t *push) {
  const wolves_state *s = c->s;
  *push = 0;
  CHECK(c, MOVE_TOKEN_HEX, !wolves_has_token(s, to), to);
  int enemies = 0;
  uint8_t enemy = 0;
  for (int i = 0; i < WOLVES_HEX_SLOTS; i++) {
    const uint8_t p = s->hex[to].piece[i];
    if (p == 0 || WOLVES_PIECE_PACK(p) == c->pack) continue;
    if (s->ai_pack != WOLVES_NONE) CHECK(c, TWO_AI_UNTOUCHABLE, !wolves_is_ai(s, p), to);
    CHECK(c, MOVE_LAIR_BLOCKS, WOLVES_PIECE_TYPE(p) != WOLVES_LAIR, to);
    enemies++;
    enemy = p;
  }
  CHECK(c, MOVE_MAX_PIECES, wolves_fewer(c, wolves_pieces(s, to), 2), to);
  if (enemies == 0 || wolves_pieces(s, to) >= 2) return WOLVES_OK; /* (under WOLVES_CHECKS_ALL) */
  const uint8_t etype = WOLVES_PIECE_TYPE(enemy);
  if (etype == WOLVES_DEN) {
    EMIT(c, MOVE_ENEMY_DEN, NOTE, WOLVES_PIECE_PACK(enemy), WOLVES_DEN, WOLVES_NONE, to, 0);
    return WOLVES_OK;
  }
  CHECK(c, MOVE_NO_ENEMY_PAIR, etype != type, to);
  /* a single enemy wolf of another tier: only a higher tier ends there */
  CHECK(c, MOVE_HIERARCHY, type > etype, to);
  if (c->refused) return WOLVES_OK; /* WOLVES_CHECKS_ALL: no push after a refusal */
  *push = enemy;                    /* an Alpha on a lone enemy Pack Wolf (MOVE.ALPHA_PUSH) */
  return WOLVES_OK;
}

static int move_one(wolves_ctx *c, const wolves_action *a, int i, uint8_t terrain, int speed) {
  const wolves_game *g = c->g;
  const wolves_step *st = &a->step[i];
  const uint8_t from = st->from, to = st->to;
  wolves_about(c, c->pack, st->type, from);
  /* (measured: the wolves of that type on `from` not moved yet) */
  GATE_IF(c, MOVE_OWN_WOLF,
          from < g->board.nhex && (st->type == WOLVES_ALPHA || st->type == WOLVES_PACK) &&
              wolves_at_least(c, unmoved(c, a, i), 1),
          from, from >= g->board.nhex);
  GATE(c, MOVE_IMPASSABLE, to < g->board.nhex && wolves_is_land(g, to), to);
  /* the wolf, then where it ends (MOVE.OWN_WOLF ruling), then how far */
  CHECK(c, MOVE_DESTINATION, g->board.hex[to].terrain == terrain, to);
  /* MOVE.PASS_THROUGH is only a note (dropped if a check refuses): no
   * search when nothing is logged */
  if (c->log != NULL && !clear_path(g, c->s, from, to, speed))
    EMIT(c, MOVE_PASS_THROUGH, NOTE, c->pack, st->type, from, to, 0);
  const uint8_t piece = WOLVES_PIECE(c->pack, st->type);
  wolves_piece_remove(c->s, from, piece);
  uint8_t push;
  const int r = destination_allows(c, st->type, to, &push);
  if (r != WOLVES_OK) return r;
  const int dist = wolves_distance(&g->board, from, to);
  wolves_measure(c, dist, 1, WOLVES_NONE); /* (a custom map may put two hexes at one place) */
  CHECK(c, MOVE_STAY, from != to, to);
  CHECK(c, MOVE_WOLF_SPEED, wolves_at_most(c, dist, speed), to);
  /* (beyond Wolf Speed, checked on under WOLVES_CHECKS_ALL, the chasm or
   * water is to blame only if no shortest path goes around them) */
  CHECK(c, MOVE_IMPASSABLE, land_within(c, from, to, dist > speed ? dist : speed), to);
  wolves_place(c->s, to, piece);
  EMIT(c, MOVE_DESTINATION, MOVE, c->pack, st->type, from, to, dist);
  return push ? wolves_push(c, to, push, st->push_to, WOLVES_C_MOVE_ALPHA_PUSH, i) : WOLVES_OK;
}

int wolves_do_move(wolves_ctx *c, const wolves_action *a) {
  const wolves_player *me = &c->s->player[c->player];
  const int spread = wolves_attribute_of(c->g, me, WOLVES_PACK_SPREAD);
  const int speed = wolves_attribute_of(c->g, me, WOLVES_WOLF_SPEED);
  GATE(c, MOVE_OWN_WOLF, a->nsteps > 0 && a->nsteps <= WOLVES_MAX_MOVERS, WOLVES_NONE);
  CHECK(c, MOVE_PACK_SPREAD, wolves_at_most(c, a->nsteps, spread), WOLVES_NONE);
  const uint8_t first = a->step[0].to;
  GATE(c, MOVE_IMPASSABLE, wolves_is_land(c->g, first), first);
  const uint8_t terrain = c->g->board.hex[first].terrain;
  for (int i = 0; i < a->nsteps; i++) {
    const int r = move_one(c, a, i, terrain, speed);
    if (r != WOLVES_OK) return r;
  }
  return wolves_pay(c, first, 1, a->pay_tiles, a->pay_bonus);
}
