/* den.c - Build Dens: flip 2 tiles matching a hex occupied by or adjacent
 * to one of your Alphas; a Den Marker from the chosen attribute track goes
 * there (Build Dens; Building Dens - Special Rules). */
#include "engine.h"

/* Placing a Den on h (Building Dens - Special Rules and the hierarchy). */
static int den_allowed(wolves_ctx *c, uint8_t h) {
  const wolves_state *s = c->s;
  CHECK(c, DEN_TOKEN_HEX, wolves_den_token_ok(c->g, s, h), h);
  CHECK(c, DEN_ONE_MARKER, !wolves_has_marker(s, h), h);
  CHECK(c, DEN_MAX_PIECES, wolves_fewer(c, wolves_pieces(s, h), 2), h);
  int enemies = 0;
  for (int i = 0; i < WOLVES_HEX_SLOTS; i++) {
    const uint8_t p = s->hex[h].piece[i];
    if (p == 0 || WOLVES_PIECE_PACK(p) == c->pack) continue;
    CHECK(c, DEN_ENEMY_PACK_WOLF, WOLVES_PIECE_TYPE(p) != WOLVES_PACK, h);
    enemies++;
  }
  CHECK(c, DEN_HIERARCHY, !(enemies == 1 && wolves_pieces(s, h) == 1), h);
  return WOLVES_OK;
}

int wolves_do_build_den(wolves_ctx *c, const wolves_action *a) {
  const uint8_t h = a->target;
  /* the target, then the reach, then the piece, then the payment */
  GATE(c, PAY_TARGET_LAND, wolves_is_land(c->g, h), h);
  int r = den_allowed(c, h);
  if (r != WOLVES_OK) return r;
  CHECK(c, DEN_ALPHA, wolves_alpha_in_range(c, h, 1, 1), h);
  /* measured: the Den Markers left in the section */
  const wolves_player *me = &c->s->player[c->player];
  CHECK(c, DEN_TRACK_EMPTY,
        a->attribute < WOLVES_ATTRIBUTES &&
            wolves_at_least(c, WOLVES_ATTR_POSITIONS - 1 - me->dens_taken[a->attribute], 1),
        h);
  r = wolves_pay(c, h, 2, a->pay_tiles, a->pay_bonus);
  if (r != WOLVES_OK) return r;
  const uint8_t den = wolves_take_den(c, a->attribute);
  wolves_place(c->s, h, den);
  EMIT(c, DEN_PLACE, PLACE, c->pack, WOLVES_DEN, WOLVES_NONE, h, 0);
  return WOLVES_OK;
}
