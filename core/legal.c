/* legal.c - the legal actions of the player to act.  A single-wolf Move
 * (the most of them) is generated directly: the hexes each wolf reaches
 * within Wolf Speed come from one search over land per wolf, and the rules
 * of the destination decide (wolves_move_end, which mirrors what Move
 * checks).  Every other candidate, and a Move whose Alpha would push a wolf,
 * is verified by applying it to a copy (wolves_judge), so the list can never
 * disagree with wolves_apply.  A Move is listed one wolf at a time: any
 * legal Move's first wolf is itself a legal single-wolf Move.  Candidates
 * that fail a necessary condition (wolves_can_pay, a token or two pieces on
 * a destination, an empty track) are skipped before the copy. */
#include <string.h>

#include "engine.h"

typedef struct {
  wolves_action *out;
  int max, n;
  int stop_at_first;
} collector;

/* Returns nonzero to stop the enumeration. */
static int list(collector *col, const wolves_action *a) {
  if (col->n < col->max) col->out[col->n] = *a;
  col->n++;
  return col->stop_at_first;
}

/* Lists a if it is legal; returns nonzero to stop the enumeration. */
static int offer(const wolves_game *g, const wolves_state *s, collector *col, const wolves_action *a) {
  wolves_state copy = *s;
  return wolves_judge(g, &copy, a) == WOLVES_OK && list(col, a);
}

void wolves_can_pay(const wolves_game *g, const wolves_state *s, int player,
                    unsigned pay[WOLVES_MAX_COST + 1]) {
  _Static_assert(WOLVES_MAX_COST == 3, "the terrains showing 1, 2 and 3 or more tiles");
  const wolves_player *p = &s->player[player];
  /* more[k]: the terrains showing more than k tiles, grown tile by tile
   * (a terrain's tile moves it up one set); a few masks, no count per
   * terrain and cost */
  unsigned more[WOLVES_MAX_COST] = {0};
  for (int i = 0; i < WOLVES_TILES; i++) {
    const int t = wolves_tile_shown(g, p, i);
    if (t >= WOLVES_TERRAINS) continue; /* a malformed tile: it pays for nothing */
    const unsigned bit = 1u << t;
    more[2] |= more[1] & bit;
    more[1] |= more[0] & bit;
    more[0] |= bit;
  }
  /* PAY.MATCH: the tiles and the tokens cover `cost`: the tokens pay for
   * up to bonus_terrain of it on any terrain */
  for (int cost = 0; cost <= WOLVES_MAX_COST; cost++) {
    const int tiles = cost - p->bonus_terrain; /* the tiles still to show */
    pay[cost] = tiles <= 0 ? (1u << WOLVES_TERRAINS) - 1 : more[tiles - 1];
  }
}

int wolves_move_end(const wolves_game *g, const wolves_state *s, uint8_t pack, uint8_t type, unsigned pay1,
                    uint8_t to) {
  if (!wolves_move_target(g, s, pay1, to)) return 0; /* MOVE.IMPASSABLE, PAY.MATCH, MOVE.TOKEN_HEX */
  int enemies = 0;
  uint8_t enemy = 0;
  for (int i = 0; i < WOLVES_HEX_SLOTS; i++) {
    const uint8_t p = s->hex[to].piece[i];
    if (p == 0 || WOLVES_PIECE_PACK(p) == pack) continue;
    /* TWO.AI_UNTOUCHABLE, MOVE.LAIR_BLOCKS */
    if (wolves_is_ai(s, p) || WOLVES_PIECE_TYPE(p) == WOLVES_LAIR) return 0;
    enemies++;
    enemy = p;
  }
  if (wolves_pieces(s, to) >= 2) return 0; /* MOVE.MAX_PIECES */
  if (enemies == 0 || WOLVES_PIECE_TYPE(enemy) == WOLVES_DEN) return 1;
  /* MOVE.NO_ENEMY_PAIR, MOVE.HIERARCHY; an Alpha on a lone Pack Wolf pushes it */
  return type > WOLVES_PIECE_TYPE(enemy) ? WOLVES_MOVE_PUSH : 0;
}

/* MOVE.PUSH_CHOICE under the reading "straight": has the enemy Pack Wolf
 * that the player's `mover` from `from` lands on at `to` a hex to go to?
 * Any hex but `to` that wolves_push would take (push_bar in pieces.c
 * finds no bar: land without tokens, empty or a single piece of its
 * colour), on the position after the mover left `from`. */
static int push_possible(const wolves_game *g, const wolves_state *s, uint8_t from, uint8_t mover,
                         uint8_t to) {
  uint8_t enemy = 0; /* as Move finds it */
  for (int i = 0; i < WOLVES_HEX_SLOTS; i++) {
    const uint8_t x = s->hex[to].piece[i];
    if (x != 0 && WOLVES_PIECE_PACK(x) != WOLVES_PIECE_PACK(mover)) enemy = x;
  }
  const uint8_t pack = WOLVES_PIECE_PACK(enemy);
  for (int h = 0; h < g->board.nhex; h++) {
    if (h == to || !wolves_is_land(g, (uint8_t)h) || wolves_has_token(s, (uint8_t)h)) continue;
    uint8_t p[WOLVES_HEX_SLOTS];
    memcpy(p, s->hex[h].piece, sizeof p);
    for (int i = 0; i < WOLVES_HEX_SLOTS && h == from; i++) { /* as wolves_piece_remove */
      if (p[i] != mover) continue;
      for (int j = i; j + 1 < WOLVES_HEX_SLOTS; j++) p[j] = p[j + 1];
      p[WOLVES_HEX_SLOTS - 1] = 0;
      break;
    }
    const int n = (p[0] != 0) + (p[1] != 0) + (p[2] != 0);
    if (n == 0 || (n == 1 && WOLVES_PIECE_PACK(p[0]) == pack)) return 1;
  }
  return 0;
}

/* Every single-wolf Move, wolves in board order (Pack Wolf before Alpha on
 * a hex), destinations in board order. */
static int moves(const wolves_game *g, const wolves_state *s, collector *col, uint8_t p) {
  const wolves_player *me = &s->player[p];
  const uint8_t pack = me->pack;
  const int speed = wolves_attribute_of(g, me, WOLVES_WOLF_SPEED);
  /* TURN.LIMIT, MOVE.PACK_SPREAD: no Move at all */
  if (s->actions_taken == UINT8_MAX || wolves_attribute_of(g, me, WOLVES_PACK_SPREAD) < 1) return 0;
  unsigned pay[WOLVES_MAX_COST + 1];
  wolves_can_pay(g, s, p, pay);
  const unsigned pay1 = pay[1];
  if (pay1 == 0) return 0; /* PAY.MATCH */
  uint8_t dist[WOLVES_MAX_HEXES], reached[WOLVES_MAX_HEXES];
  /* pushes by walking, or to an adjacent hex only (MOVE.ALPHA_PUSH
   * "adjacent"): applied to a copy, push_possible being the straight
   * nearest's */
  const int walk = WOLVES_READS(g, PUSH_NEAREST, WOLVES_PUSH_WALK) ||
                   WOLVES_READS(g, ALPHA_PUSH, WOLVES_ALPHA_PUSH_ADJACENT);
  for (int from = 0; from < g->board.nhex; from++) {
    if (s->hex[from].piece[0] == 0) continue;
    int n = -1; /* the hexes this wolf reaches, searched once for both types */
    for (int type = WOLVES_PACK; type <= WOLVES_ALPHA; type++) {
      if (wolves_count(s, (uint8_t)from, pack, type) == 0) continue;
      if (n < 0) {
        /* MOVE.IMPASSABLE: within Wolf Speed over land (by the rows of
         * land[], else hex by hex), in board order (reached[0] is `from`) */
        uint64_t rows[WOLVES_GRID];
        const int by_rows = wolves_land_rows(&g->board, (uint8_t)from, speed, rows);
        if (!by_rows) wolves_land_reach(g, (uint8_t)from, speed, dist, reached);
        reached[0] = (uint8_t)from;
        n = 1;
        for (int h = 0; h < g->board.nhex; h++) {
          const wolves_hex_info *x = &g->board.hex[h];
          const int in = by_rows
                             ? x->row < WOLVES_GRID && x->col < WOLVES_GRID && (rows[x->row] >> x->col & 1)
                             : dist[h] != WOLVES_NONE;
          reached[n] = (uint8_t)h;
          n += h != from && in;
        }
      }
      wolves_action a = wolves_blank_action(WOLVES_ACT_MOVE, p);
      a.nsteps = 1;
      for (int i = 1; i < n; i++) {
        const uint8_t to = reached[i];
        /* (on a board whose neighbours are its geometry, the steps bound the distance) */
        const int end = wolves_distance(&g->board, (uint8_t)from, to) <= speed
                            ? wolves_move_end(g, s, pack, (uint8_t)type, pay1, to)
                            : 0;
        if (end == 0) continue;
        a.step[0] = (wolves_step){(uint8_t)from, to, (uint8_t)type, WOLVES_NONE};
        if (end == WOLVES_MOVE_PUSH && walk) { /* applied to a copy */
          if (offer(g, s, col, &a)) return 1;
          continue;
        }
        if ((end == 1 || push_possible(g, s, (uint8_t)from, WOLVES_PIECE(pack, type), to)) && list(col, &a))
          return 1;
      }
    }
  }
  return 0;
}

#define KIND(kinds, k) (((kinds) >> (k)) & 1u)

static int targeted(const wolves_game *g, const wolves_state *s, collector *col, uint8_t p, unsigned kinds) {
  const wolves_player *pl = &s->player[p];
  const uint8_t pack = pl->pack;
  unsigned pay[WOLVES_MAX_COST + 1];
  wolves_can_pay(g, s, p, pay);
  const unsigned pay2 = pay[2], pay3 = pay[3];
  /* HOWL.NO_WOLF, LAIR.NONE_LEFT: nothing to place, no such action */
  const int howl = KIND(kinds, WOLVES_ACT_HOWL) && pl->wolves_taken < WOLVES_WOLF_SPACES;
  const int upgrade = KIND(kinds, WOLVES_ACT_UPGRADE) && pl->lairs_taken < WOLVES_LAIRS;
  for (int h = 0; h < g->board.nhex; h++) {
    if (!wolves_is_land(g, (uint8_t)h)) continue;
    const uint8_t terrain = g->board.hex[h].terrain;
    wolves_action a = wolves_blank_action(WOLVES_ACT_HOWL, p);
    a.target = (uint8_t)h;
    if (howl && s->hex[h].lone_wolf && wolves_terrain_in(pay2, terrain) && offer(g, s, col, &a)) return 1;
    a.kind = WOLVES_ACT_UPGRADE;
    if (upgrade && wolves_terrain_in(pay2, terrain) && wolves_count(s, (uint8_t)h, pack, WOLVES_DEN) &&
        offer(g, s, col, &a))
      return 1;
    const int near = KIND(kinds, WOLVES_ACT_BUILD_DEN) && wolves_den_target(g, s, pay2, (uint8_t)h) &&
                     wolves_alpha_near(g, s, pack, (uint8_t)h);
    for (int at = 0; at < WOLVES_ATTRIBUTES; at++) {
      a.attribute = (uint8_t)at;
      a.kind = WOLVES_ACT_BUILD_DEN;
      if (near && pl->dens_taken[at] < WOLVES_ATTR_POSITIONS - 1 && offer(g, s, col, &a)) return 1;
    }
    if (!KIND(kinds, WOLVES_ACT_DOMINATE) || !wolves_terrain_in(pay3, terrain)) continue;
    for (int i = 0; i < WOLVES_HEX_SLOTS; i++) {
      const uint8_t piece = s->hex[h].piece[i];
      if (piece == 0 || WOLVES_PIECE_PACK(piece) == pack || WOLVES_PIECE_PACK(piece) >= WOLVES_TERRAINS)
        continue;
      const int type = WOLVES_PIECE_TYPE(piece);
      if (type != WOLVES_PACK && type != WOLVES_DEN) continue;
      a = wolves_blank_action(WOLVES_ACT_DOMINATE, p);
      a.target = (uint8_t)h;
      a.piece = (uint8_t)type;
      a.pack = WOLVES_PIECE_PACK(piece);
      for (int at = 0; at < (type == WOLVES_DEN ? WOLVES_ATTRIBUTES : 1); at++) {
        a.attribute = type == WOLVES_DEN ? (uint8_t)at : WOLVES_NONE;
        if (offer(g, s, col, &a)) return 1;
      }
    }
  }
  return 0;
}

static void enumerate(const wolves_game *g, const wolves_state *s, unsigned kinds, collector *col) {
  if (s->phase == WOLVES_PHASE_DRAFT) {
    const uint8_t p = wolves_draft_player(g, s);
    for (int h = 0; h < g->board.nhex && p != WOLVES_NONE && KIND(kinds, WOLVES_ACT_DRAFT); h++) {
      wolves_action a = wolves_blank_action(WOLVES_ACT_DRAFT, p);
      a.target = (uint8_t)h;
      if (offer(g, s, col, &a)) return;
    }
    return;
  }
  if (s->phase != WOLVES_PHASE_PLAY) return;
  const uint8_t p = s->current;
  /* TURN.TWO_ACTIONS, TURN.BONUS_ACTION: past two actions only with a Bonus Action Token */
  const unsigned others =
      kinds & ~(1u << WOLVES_ACT_MOVE | 1u << WOLVES_ACT_END_TURN | 1u << WOLVES_ACT_DRAFT);
  if (wolves_may_act(s) && ((KIND(kinds, WOLVES_ACT_MOVE) && moves(g, s, col, p)) ||
                            (others != 0 && targeted(g, s, col, p, others))))
    return;
  /* TURN.TWO_ACTIONS: before two actions, end_turn only when no other
   * action is legal, which is what was listed above (wolves_has_legal_action
   * lists the same, all kinds but end_turn) */
  if (KIND(kinds, WOLVES_ACT_END_TURN) && !(s->actions_taken < 2 && col->n > 0)) {
    const wolves_action a = wolves_blank_action(WOLVES_ACT_END_TURN, p);
    offer(g, s, col, &a);
  }
}

int wolves_legal_actions(const wolves_game *g, const wolves_state *s, wolves_action *out, int max) {
  if (wolves_state_misfit(g, s) != NULL || max < 0 || (out == NULL && max > 0)) return -1;
  collector col = {out, max, 0, 0};
  enumerate(g, s, ~0u, &col);
  return col.n;
}

int wolves_has_legal_action(const wolves_game *g, const wolves_state *s) {
  if (wolves_state_misfit(g, s) != NULL) return -1;
  collector col = {NULL, 0, 0, 1};
  enumerate(g, s, ~0u & ~(1u << WOLVES_ACT_END_TURN), &col);
  return col.n > 0;
}
