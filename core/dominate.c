/* dominate.c - Dominate: an opponent's Pack Wolf or Den within Howl Range
 * of one of your Alphas goes to the Moonlight Board and is replaced by the
 * same type of piece from your Player Board (Dominate; Special Rules). */
#include "engine.h"

static int dominatable(uint8_t p) {
  return WOLVES_PIECE_TYPE(p) == WOLVES_PACK || WOLVES_PIECE_TYPE(p) == WOLVES_DEN;
}

/* The opponent pieces on the target hex the action names (piece, pack),
 * counted: any, those of a type that can be Dominated (DOM.TARGET), and
 * of those the ones that are not protected (DOM.PROTECTED).  Returns the
 * candidate most likely meant: unprotected, then of the right type. */
typedef struct {
  int named, dominatable, free;
} candidates;

static int protected_piece(const wolves_state *s, uint8_t h, uint8_t p) {
  return wolves_count(s, h, WOLVES_PIECE_PACK(p), -1) >= 2;
}

static uint8_t find_target(const wolves_ctx *c, const wolves_action *a, candidates *n) {
  uint8_t found = 0;
  int best = -1;
  *n = (candidates){0, 0, 0};
  for (int i = 0; i < WOLVES_HEX_SLOTS; i++) {
    const uint8_t p = c->s->hex[a->target].piece[i];
    if (p == 0 || WOLVES_PIECE_PACK(p) == c->pack) continue;
    if (a->piece != WOLVES_NONE && WOLVES_PIECE_TYPE(p) != a->piece) continue;
    if (a->pack != WOLVES_NONE && WOLVES_PIECE_PACK(p) != a->pack) continue;
    const int ok = dominatable(p), free = ok && !protected_piece(c->s, a->target, p);
    n->named++;
    n->dominatable += ok;
    n->free += free;
    if (ok + free > best) {
      best = ok + free;
      found = p;
    }
  }
  return found;
}

/* DOM.PLACEMENT: the replacing piece of `type` beside what stays on h. */
static int placement_ok(const wolves_ctx *c, uint8_t h, uint8_t target, int type) {
  for (int i = 0; i < WOLVES_HEX_SLOTS; i++) {
    const uint8_t p = c->s->hex[h].piece[i];
    if (p == 0 || p == target || WOLVES_PIECE_PACK(p) == c->pack) continue;
    const int t = WOLVES_PIECE_TYPE(p);
    if (type == WOLVES_DEN) {
      /* the reading "allow": a Den replacing a Den stays beside the enemy wolf */
      if (WOLVES_READS(c->g, DOM_DEN_PLACEMENT, WOLVES_DOM_DEN_ALLOW)) continue;
      return 0; /* DEN.ENEMY_PACK_WOLF, DEN.HIERARCHY: a Den never joins a lone enemy piece */
    }
    if (t == WOLVES_LAIR || t == type || t > type) return 0; /* MOVE.LAIR_BLOCKS, NO_ENEMY_PAIR, HIERARCHY */
  }
  return 1;
}

/* The checks in the order a player would argue them: is the piece a
 * legal target at all, is it in range, which piece is meant, can the
 * player replace it, then the payment. */
int wolves_do_dominate(wolves_ctx *c, const wolves_action *a) {
  const wolves_game *g = c->g;
  const uint8_t h = a->target;
  GATE(c, PAY_TARGET_LAND, wolves_is_land(g, h), h);
  candidates n;
  const uint8_t target = find_target(c, a, &n);
  const int type = target ? WOLVES_PIECE_TYPE(target) : -1;
  wolves_about(c, target ? WOLVES_PIECE_PACK(target) : WOLVES_NONE, target ? (uint8_t)type : WOLVES_NONE, h);
  if (c->s->ai_pack != WOLVES_NONE) CHECK(c, TWO_AI_UNTOUCHABLE, !wolves_is_ai(c->s, target), h);
  GATE(c, DOM_TARGET, n.dominatable > 0, h);
  CHECK(c, DOM_PROTECTED, n.free > 0, h);
  CHECK(c, DOM_RANGE,
        wolves_alpha_in_range(c, h, 0, wolves_attribute_of(g, &c->s->player[c->player], WOLVES_HOWL_RANGE)),
        h);
  /* DOM.WHICH: only a choice between pieces that could be Dominated */
  if (n.free > 1) wolves_about(c, WOLVES_NONE, WOLVES_NONE, WOLVES_NONE); /* the hex, not one piece */
  GATE(c, DOM_WHICH, wolves_at_most(c, n.free, 1), h);    /* (measured: the pieces that could be) */
  if (c->choices != NULL) wolves_chose_target(c, target); /* (the one piece left to mean) */
  const wolves_player *me = &c->s->player[c->player];
  if (type == WOLVES_DEN) {
    CHECK(c, DOM_NONE_LEFT, wolves_at_least(c, wolves_dens_left(me), 1), h);
    /* DEN.TRACK_EMPTY, not DOM.NONE_LEFT, when only the named section is empty */
    if (wolves_dens_left(me) > 0)
      CHECK(c, DEN_TRACK_EMPTY,
            a->attribute < WOLVES_ATTRIBUTES &&
                wolves_at_least(c, WOLVES_ATTR_POSITIONS - 1 - me->dens_taken[a->attribute], 1),
            h);
  } else {
    GATE(c, DOM_NONE_LEFT, wolves_at_least(c, WOLVES_WOLF_SPACES - me->wolves_taken, 1), h);
  }
  const int replacing = type == WOLVES_DEN                     ? WOLVES_DEN
                        : g->data.wolf_alpha[me->wolves_taken] ? WOLVES_ALPHA
                                                               : WOLVES_PACK;
  CHECK(c, DOM_PLACEMENT, placement_ok(c, h, target, replacing), h);
  const int r = wolves_pay(c, h, 3, a->pay_tiles, a->pay_bonus);
  if (r != WOLVES_OK) return r;
  wolves_piece_remove(c->s, h, target);
  wolves_moon_place(c, target, h, WOLVES_C_DOM_TO_MOON);
  const uint8_t mine = type == WOLVES_DEN ? wolves_take_den(c, a->attribute) : wolves_take_wolf(c);
  wolves_place(c->s, h, mine);
  EMIT(c, DOM_REPLACE, PLACE, c->pack, WOLVES_PIECE_TYPE(mine), WOLVES_NONE, h, 0);
  return WOLVES_OK;
}
