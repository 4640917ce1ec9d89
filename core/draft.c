/* draft.c - Place Wolves Using a Snake Draft (3-5 players) and its 2 Player
 * Variant; Start Player. */
#include <string.h>

#include "engine.h"

/* The token a Region Board shows: the top of a stack, else the single
 * token; phase + 1, 0 = none. */
static int visible_token(const wolves_state *s, int region) {
  const uint8_t *t = s->region_token[region];
  return t[1] != 0 ? t[1] : t[0];
}

static int ring_hex(const wolves_board *b, int h) { return (b->hex[h].flags & WOLVES_HEX_CHASM_RING) != 0; }

/* The side of the Central Chasm the ring hex h is on: marks in side[] the
 * connected group of ring hexes it belongs to (DRAFT.OPPOSITE ruling; the
 * Start Board has an upper and a lower side of 5 hexes each). */
static void chasm_side(const wolves_board *b, uint8_t h, uint8_t side[WOLVES_MAX_HEXES]) {
  uint8_t queue[WOLVES_MAX_HEXES];
  int head = 0, tail = 0;
  memset(side, 0, WOLVES_MAX_HEXES);
  side[h] = 1;
  queue[tail++] = h;
  while (head < tail) {
    const uint8_t x = queue[head++];
    for (int d = 0; d < 6; d++) {
      const uint8_t y = b->nbr[x][d];
      if (y < b->nhex && !side[y] && ring_hex(b, y)) {
        side[y] = 1;
        queue[tail++] = y;
      }
    }
  }
}

/* Whether h may be a player's second hex after first: on another side of
 * the chasm, or anywhere on the ring when no empty hex is left on another
 * side (which the real Start Board never needs: 5 hexes a side). */
static int opposite_side(const wolves_board *b, const wolves_state *s, uint8_t first, uint8_t h) {
  uint8_t side[WOLVES_MAX_HEXES];
  chasm_side(b, first, side);
  if (!side[h]) return 1;
  for (int x = 0; x < b->nhex; x++)
    if (ring_hex(b, x) && !side[x] && wolves_pieces(s, (uint8_t)x) == 0 && !wolves_has_token(s, (uint8_t)x))
      return 0;
  return 1;
}

int wolves_do_draft(wolves_ctx *c, const wolves_action *a) {
  const wolves_game *g = c->g;
  const wolves_board *b = &g->board;
  wolves_state *s = c->s;
  const uint8_t h = a->target;
  const int on_board = h < b->nhex;
  GATE(c, DRAFT_IN_PROGRESS, s->phase == WOLVES_PHASE_DRAFT, h);
  CHECK(c, DRAFT_ORDER, a->player == wolves_draft_player(g, s), h);
  if (g->nplayers == 2) {
    const int region = on_board ? b->hex[h].region : WOLVES_NONE;
    GATE_IF(c, TWO_DRAFT,
            on_board && b->hex[h].kind == WOLVES_LAND && region < WOLVES_MAX_REGIONS &&
                visible_token(s, region) != 1 + WOLVES_CRESCENT,
            h, !on_board);
  } else {
    GATE_IF(c, DRAFT_CHASM_RING, on_board && ring_hex(b, h), h, !on_board);
  }
  CHECK(c, DRAFT_EMPTY, wolves_pieces(s, h) == 0 && !wolves_has_token(s, h), h);
  if (g->nplayers > 2) {
    /* the player's first hex: a piece byte of its colour, WOLVES_PIECE(pack, 0) to + 3 */
    const uint8_t mine = WOLVES_PIECE(c->pack, 0);
    uint8_t first = WOLVES_NONE;
    for (int x = 0; x < b->nhex && first == WOLVES_NONE; x++) {
      const uint8_t *p = s->hex[x].piece;
      if ((uint8_t)(p[0] - mine) < 4 || (uint8_t)(p[1] - mine) < 4 || (uint8_t)(p[2] - mine) < 4)
        first = (uint8_t)x;
    }
    CHECK(c, DRAFT_OPPOSITE, first == WOLVES_NONE || opposite_side(b, s, first, h), h);
  }

  SETTLED(c);
  /* DRAFT.PLACE */
  EMIT(c, DRAFT_PLACE, DRAFT, c->pack, WOLVES_NONE, WOLVES_NONE, h, s->draft_step + 1);
  wolves_place(s, h, WOLVES_PIECE(c->pack, WOLVES_ALPHA));
  EMIT(c, DRAFT_PLACE, PLACE, c->pack, WOLVES_ALPHA, WOLVES_NONE, h, 1);
  wolves_place(s, h, WOLVES_PIECE(c->pack, WOLVES_PACK));
  EMIT(c, DRAFT_PLACE, PLACE, c->pack, WOLVES_PACK, WOLVES_NONE, h, 1);
  s->draft_step++;

  const uint8_t next = wolves_draft_player(g, s);
  if (next != WOLVES_NONE) {
    s->current = next;
    return WOLVES_OK;
  }
  /* Start Player: the first drafter takes the first turn. */
  s->phase = WOLVES_PHASE_PLAY;
  s->current = s->first_player;
  s->actions_taken = 0;
  if (g->nplayers == 2) {
    /* TWO.SECOND_PLAYER_BONUS, from the supply (SUPPLY.EMPTY if none). */
    const uint8_t second = (uint8_t)((s->first_player + 1) % 2);
    const uint8_t player = c->player, pack = c->pack;
    c->player = second;
    c->pack = s->player[second].pack;
    wolves_gain_bonus(c, WOLVES_BONUS_ACTION, WOLVES_C_TWO_SECOND_PLAYER_BONUS);
    c->player = player;
    c->pack = pack;
  }
  return WOLVES_OK;
}
