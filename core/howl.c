/* howl.c - Howl: a Lone Wolf within Howl Range of one of your Alphas
 * becomes the next wolf of your Pack Wolves section. */
#include "engine.h"

int wolves_do_howl(wolves_ctx *c, const wolves_action *a) {
  const uint8_t h = a->target;
  GATE(c, PAY_TARGET_LAND, wolves_is_land(c->g, h), h);
  CHECK(c, HOWL_LONE_WOLF, c->s->hex[h].lone_wolf != 0, h);
  const wolves_player *me = &c->s->player[c->player];
  CHECK(c, HOWL_RANGE, wolves_alpha_in_range(c, h, 0, wolves_attribute_of(c->g, me, WOLVES_HOWL_RANGE)), h);
  /* measured: the wolves left in the Pack Wolves section */
  CHECK(c, HOWL_NO_WOLF, wolves_at_least(c, WOLVES_WOLF_SPACES - me->wolves_taken, 1), h);
  const int r = wolves_pay(c, h, 2, a->pay_tiles, a->pay_bonus);
  if (r != WOLVES_OK) return r;
  c->s->hex[h].lone_wolf = 0;
  wolves_moon_place(c, WOLVES_MOON_LONE, h, WOLVES_C_HOWL_TOKEN_TO_MOON);
  const uint8_t wolf = wolves_take_wolf(c);
  wolves_place(c->s, h, wolf);
  EMIT(c, HOWL_PLACE, PLACE, c->pack, WOLVES_PIECE_TYPE(wolf), WOLVES_NONE, h, 0);
  return WOLVES_OK;
}
