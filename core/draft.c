/* draft.c - Place Wolves Using a Snake Draft (3-5 players) and its 2 Player
 * Variant; Start Player. */
#include <stddef.h>

#include "engine.h"

/* The token a Region Board shows: the top of a stack, else the single
 * token; phase + 1, 0 = none. */
static int visible_token(const wolves_state *s, int region) {
  const uint8_t *t = s->region_token[region];
  return t[1] != 0 ? t[1] : t[0];
}

static int ring_hex(const wolves_board *b, int h) { return (b->hex[h].flags & WOLVES_HEX_CHASM_RING) != 0; }

/* Whether h may be a player's second hex after first: on another side of
 * the chasm, or anywhere on the ring when no empty hex is left on another
 * side (which the real Start Board never needs: 5 hexes a side).  A side
 * is a connected group of ring hexes (DRAFT.OPPOSITE ruling; the Start
 * Board has an upper and a lower side of 5 hexes each): first's, marked
 * in a set of hexes from first. */
static int opposite_side(const wolves_board *b, const wolves_state *s, uint8_t first, uint8_t h) {
  uint64_t side[(WOLVES_MAX_HEXES + 63) / 64] = {0};
  uint8_t queue[WOLVES_MAX_HEXES];
  int head = 0, tail = 0;
  side[first >> 6] |= (uint64_t)1 << (first & 63);
  queue[tail++] = first;
  while (head < tail) {
    const uint8_t *const nbr = b->nbr[queue[head++]];
    for (int d = 0; d < 6; d++) {
      const uint8_t y = nbr[d];
      if (y < b->nhex && ring_hex(b, y) && !(side[y >> 6] >> (y & 63) & 1)) {
        side[y >> 6] |= (uint64_t)1 << (y & 63);
        queue[tail++] = y;
      }
    }
  }
  if (!(side[h >> 6] >> (h & 63) & 1)) return 1;
  for (int x = 0; x < b->nhex; x++)
    if (ring_hex(b, x) && !(side[x >> 6] >> (x & 63) & 1) && wolves_pieces(s, (uint8_t)x) == 0 &&
        !wolves_has_token(s, (uint8_t)x))
      return 0;
  return 1;
}

/* The first hex in board order holding a piece of the colour whose piece
 * bytes are mine to mine + 3 (the player's first hex of the draft), or
 * WOLVES_NONE.  Most hexes are empty during the draft: four hexes at a
 * time are passed over when none holds a piece, read as the three words
 * of their 24 bytes with only the piece slots kept. */
_Static_assert(sizeof(wolves_hex_state) == 6 && offsetof(wolves_hex_state, piece) == 0 &&
                   WOLVES_HEX_SLOTS == 3,
               "the hexes' states: 6 bytes, the piece slots first");
static uint8_t first_hex(const wolves_state *s, int nhex, uint8_t mine) {
  static const uint8_t slots[24] = {0xFF, 0xFF, 0xFF, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0, 0, 0,
                                    0xFF, 0xFF, 0xFF, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0, 0, 0};
  const uint64_t mask0 = wolves_word(slots), mask1 = wolves_word(slots + 8), mask2 = wolves_word(slots + 16);
  const unsigned char *const bytes = (const unsigned char *)s->hex;
  int x = 0;
  for (;;) {
    for (; x + 4 <= nhex; x += 4) {
      const unsigned char *const at = bytes + 6 * x;
      if (((wolves_word(at) & mask0) | (wolves_word(at + 8) & mask1) | (wolves_word(at + 16) & mask2)) != 0)
        break;
    }
    const int end = x + 4 < nhex ? x + 4 : nhex;
    if (x >= end) return WOLVES_NONE;
    for (; x < end; x++) {
      const uint8_t *p = s->hex[x].piece;
      if ((uint8_t)(p[0] - mine) < 4 || (uint8_t)(p[1] - mine) < 4 || (uint8_t)(p[2] - mine) < 4)
        return (uint8_t)x;
    }
  }
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
    const uint8_t first = first_hex(s, b->nhex, WOLVES_PIECE(c->pack, 0));
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
  if (g->nplayers == 2 && !WOLVES_READS(g, SECOND_BONUS, WOLVES_SECOND_BONUS_SETUP)) {
    /* TWO.SECOND_PLAYER_BONUS, from the supply (SUPPLY.EMPTY if none); the
     * reading "setup" gave it already (wolves_setup_readings). */
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
