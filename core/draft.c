/* draft.c - Place Wolves Using a Snake Draft (3-5 players) and its 2 Player
 * Variant; Start Player. */
#include "engine.h"

/* The token a Region Board shows: the top of a stack, else the single
 * token; phase + 1, 0 = none. */
static int visible_token(const wolves_state *s, int region) {
  const uint8_t *t = s->region_token[region];
  return t[1] != 0 ? t[1] : t[0];
}

static int ring_hex(const wolves_board *b, int h) { return (b->hex[h].flags & WOLVES_HEX_CHASM_RING) != 0; }

/* DRAFT.OPPOSITE ruling: the distance a second hex needs from the first -
 * the ring's largest pairwise distance less one, or, if no empty hex of the
 * ring is that far, the farthest an empty one is. */
static int opposite_distance(const wolves_board *b, const wolves_state *s, uint8_t first) {
  int span = 0, reach = 0;
  for (int x = 0; x < b->nhex; x++) {
    if (!ring_hex(b, x)) continue;
    for (int y = x + 1; y < b->nhex; y++) {
      const int d = ring_hex(b, y) ? wolves_hex_distance(b, (uint8_t)x, (uint8_t)y) : 0;
      if (d > span) span = d;
    }
    const int d = wolves_hex_distance(b, first, (uint8_t)x);
    if (wolves_pieces(s, (uint8_t)x) == 0 && !wolves_has_token(s, (uint8_t)x) && d > reach) reach = d;
  }
  return span - 1 < reach ? span - 1 : reach;
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
    uint8_t first = WOLVES_NONE;
    for (int x = 0; x < b->nhex && first == WOLVES_NONE; x++)
      if (wolves_count(s, (uint8_t)x, c->pack, -1) > 0) first = (uint8_t)x;
    CHECK(c, DRAFT_OPPOSITE,
          first == WOLVES_NONE || wolves_hex_distance(b, first, h) >= opposite_distance(b, s, first), h);
  }

  SETTLED(c);
  /* DRAFT.PLACE */
  EMIT(c, DRAFT_PLACE, DRAFT, c->pack, WOLVES_NONE, WOLVES_NONE, h, s->draft_step + 1);
  wolves_piece_add(s, h, WOLVES_PIECE(c->pack, WOLVES_ALPHA));
  EMIT(c, DRAFT_PLACE, PLACE, c->pack, WOLVES_ALPHA, WOLVES_NONE, h, 1);
  wolves_piece_add(s, h, WOLVES_PIECE(c->pack, WOLVES_PACK));
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
