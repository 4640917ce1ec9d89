/* lair.c - Upgrade Den into a Lair (and its Special Rules). */
#include "engine.h"

int wolves_do_upgrade(wolves_ctx *c, const wolves_action *a) {
  const wolves_game *g = c->g;
  const uint8_t h = a->target;
  /* the target, then the reach, then the piece, then the payment */
  GATE(c, PAY_TARGET_LAND, wolves_is_land(g, h), h);
  CHECK(c, LAIR_OWN_DEN, wolves_count(c->s, h, c->pack, WOLVES_DEN) > 0, h);
  CHECK(c, LAIR_WATER, wolves_adjacent_to_water(g, h), h);
  CHECK(c, LAIR_ONE_PER_REGION, wolves_region_without_lair(c, h), h);
  CHECK(c, LAIR_ALPHA, wolves_alpha_in_range(c, h, 1, 1), h);
  CHECK(c, LAIR_NONE_LEFT, wolves_at_least(c, WOLVES_LAIRS - c->s->player[c->player].lairs_taken, 1), h);
  int r = wolves_pay(c, h, 2, a->pay_tiles, a->pay_bonus);
  if (r != WOLVES_OK) return r;
  const uint8_t den = WOLVES_PIECE(c->pack, WOLVES_DEN);
  wolves_piece_remove(c->s, h, den);
  wolves_moon_place(c, den, h, WOLVES_C_LAIR_DEN_TO_MOON);
  wolves_place(c->s, h, wolves_take_lair(c));
  EMIT(c, LAIR_PLACE, PLACE, c->pack, WOLVES_LAIR, WOLVES_NONE, h, 0);
  /* LAIR.PUSH: enemy wolves cannot share a hex with a Lair */
  for (int k = 0; k < 2; k++) {
    uint8_t enemy = 0;
    for (int i = 0; i < WOLVES_HEX_SLOTS && enemy == 0; i++) {
      const uint8_t p = c->s->hex[h].piece[i];
      if (p != 0 && WOLVES_PIECE_PACK(p) != c->pack) enemy = p;
    }
    if (enemy == 0) break;
    r = wolves_push(c, h, enemy, a->push_to[k], WOLVES_C_LAIR_PUSH, k);
    if (r != WOLVES_OK) return r;
  }
  return WOLVES_OK;
}
