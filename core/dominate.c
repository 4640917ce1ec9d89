/* dominate.c - Dominate: an opponent's Pack Wolf or Den within Howl Range
 * of one of your Alphas goes to the Moonlight Board and is replaced by the
 * same type of piece from your Player Board (Dominate; Special Rules). */
#include "engine.h"

static int dominatable(uint8_t p) {
  return WOLVES_PIECE_TYPE(p) == WOLVES_PACK || WOLVES_PIECE_TYPE(p) == WOLVES_DEN;
}

/* The opponent piece the action names (or the only candidate), preferring
 * one that can be dominated; *choices counts those that can. */
static uint8_t find_target(const wolves_ctx *c, const wolves_action *a, int *choices) {
  uint8_t found = 0;
  *choices = 0;
  for (int i = 0; i < WOLVES_HEX_SLOTS; i++) {
    const uint8_t p = c->s->hex[a->target].piece[i];
    if (p == 0 || WOLVES_PIECE_PACK(p) == c->pack) continue;
    if (a->piece != WOLVES_NONE && WOLVES_PIECE_TYPE(p) != a->piece) continue;
    if (a->pack != WOLVES_NONE && WOLVES_PIECE_PACK(p) != a->pack) continue;
    *choices += dominatable(p);
    if (found == 0 || (!dominatable(found) && dominatable(p))) found = p;
  }
  return found;
}

/* DOM.PLACEMENT: the replacing piece of `type` beside what stays on h. */
static int placement_ok(const wolves_ctx *c, uint8_t h, uint8_t target, int type) {
  for (int i = 0; i < WOLVES_HEX_SLOTS; i++) {
    const uint8_t p = c->s->hex[h].piece[i];
    if (p == 0 || p == target || WOLVES_PIECE_PACK(p) == c->pack) continue;
    const int t = WOLVES_PIECE_TYPE(p);
    if (type == WOLVES_DEN)
      return 0; /* DEN.ENEMY_PACK_WOLF, DEN.HIERARCHY: a Den never joins a lone enemy piece */
    if (t == WOLVES_LAIR || t == type || t > type) return 0; /* MOVE.LAIR_BLOCKS, NO_ENEMY_PAIR, HIERARCHY */
  }
  return 1;
}

int wolves_do_dominate(wolves_ctx *c, const wolves_action *a) {
  const wolves_game *g = c->g;
  const uint8_t h = a->target;
  CHECK(c, PAY_TARGET_LAND, wolves_is_land(g, h), h);
  int choices;
  const uint8_t target = find_target(c, a, &choices);
  if (c->s->ai_pack != WOLVES_NONE) CHECK(c, TWO_AI_UNTOUCHABLE, !wolves_is_ai(c->s, target), h);
  const int type = target ? WOLVES_PIECE_TYPE(target) : -1;
  CHECK(c, DOM_TARGET, type == WOLVES_PACK || type == WOLVES_DEN, h);
  CHECK(c, DOM_WHICH, choices == 1, h);
  const uint8_t owner = WOLVES_PIECE_PACK(target);
  CHECK(c, DOM_RANGE,
        wolves_alpha_within(g, c->s, c->pack, h, wolves_attribute(g, c->s, c->player, WOLVES_HOWL_RANGE)), h);
  CHECK(c, DOM_PROTECTED, wolves_count(c->s, h, owner, -1) < 2, h);
  const wolves_player *me = &c->s->player[c->player];
  if (type == WOLVES_DEN)
    CHECK(c, DOM_NONE_LEFT,
          a->attribute < WOLVES_ATTRIBUTES && me->dens_taken[a->attribute] < WOLVES_ATTR_POSITIONS - 1, h);
  else
    CHECK(c, DOM_NONE_LEFT, me->wolves_taken < WOLVES_WOLF_SPACES, h);
  const int replacing = type == WOLVES_DEN                     ? WOLVES_DEN
                        : g->data.wolf_alpha[me->wolves_taken] ? WOLVES_ALPHA
                                                               : WOLVES_PACK;
  CHECK(c, DOM_PLACEMENT, placement_ok(c, h, target, replacing), h);
  const int r = wolves_pay(c, h, 3, a->pay_tiles, a->pay_bonus);
  if (r != WOLVES_OK) return r;
  wolves_piece_remove(c->s, h, target);
  wolves_moon_place(c, target, h, WOLVES_C_DOM_TO_MOON);
  const uint8_t mine = type == WOLVES_DEN ? wolves_take_den(c, a->attribute) : wolves_take_wolf(c);
  wolves_piece_add(c->s, h, mine);
  EMIT(c, DOM_REPLACE, PLACE, c->pack, WOLVES_PIECE_TYPE(mine), WOLVES_NONE, h, 0);
  return WOLVES_OK;
}
