/* payment.c - Action System - Flipping Tiles: an action is paid by flipping
 * face-up Terrain Tiles that match its target hex, Bonus Terrain Tokens
 * standing in for any terrain. */
#include "engine.h"

/* The player and slot of a game and a state that fit each other. */
static int tile_args_ok(const wolves_game *g, const wolves_state *s, int player, int slot) {
  return wolves_state_misfit(g, s) == NULL && player >= 0 && player < g->nplayers && slot >= 0 &&
         slot < WOLVES_TILES;
}

int wolves_tile_side(const wolves_game *g, const wolves_state *s, int player, int slot, int back) {
  if (!tile_args_ok(g, s, player, slot) || (back != 0 && back != 1)) return -1;
  return wolves_tile_face(g, &s->player[player], slot, back);
}

int wolves_tile_terrain(const wolves_game *g, const wolves_state *s, int player, int slot) {
  if (!tile_args_ok(g, s, player, slot)) return -1;
  return wolves_tile_shown(g, &s->player[player], slot);
}

static int matching_tiles(const wolves_game *g, const wolves_player *p, int terrain) {
  return (int)wolves_tiles_showing(g, p, terrain);
}

static int popcount(int m) { return wolves_popcount((unsigned)m); }

/* PAY.CHOICE: the ways to pay `cost` other than the engine's choice
 * `chosen` (tile slots) as option events: every set of matching tiles with
 * the tokens for the rest. */
static void other_payments(wolves_ctx *c, uint8_t target, int match, int tokens, int cost, int chosen) {
  if (c->log == NULL || !c->log->checks || c->refused) return;
  for (int set = 0; set < (1 << WOLVES_TILES); set++) {
    const int n = popcount(set);
    if ((set & ~match) != 0 || set == chosen || n > cost || cost - n > tokens) continue;
    wolves_option(c, WOLVES_C_PAY_CHOICE, c->pack, (uint8_t)(cost - n), WOLVES_NONE, target, set);
  }
}

int wolves_pay(wolves_ctx *c, uint8_t target, int cost, uint8_t pay_tiles, uint8_t pay_bonus) {
  wolves_about(c, WOLVES_NONE, WOLVES_NONE, WOLVES_NONE); /* the checks below are about the target */
  GATE(c, PAY_TARGET_LAND, wolves_is_land(c->g, target), target);
  wolves_player *p = &c->s->player[c->player];
  const int terrain = c->g->board.hex[target].terrain;
  const int match = matching_tiles(c->g, p, terrain);
  int tiles = 0, bonus = 0;
  if (pay_tiles == 0 && pay_bonus == 0) {
    /* PAY.CHOICE ruling: leftmost matching tiles first, tokens for the rest. */
    CHECK(c, PAY_MATCH, wolves_at_least(c, popcount(match) + p->bonus_terrain, cost), target);
    CHECK(c, PAY_CHOICE, 1, target);
    /* the lowest `cost` bits of match, a bit a step (not a branch a slot) */
    for (int k = 0, rest = match; k < cost; k++) {
      tiles |= rest & -rest;
      rest &= rest - 1;
    }
    bonus = cost - popcount(tiles);
    other_payments(c, target, match, p->bonus_terrain, cost, tiles);
  } else {
    CHECK(c, PAY_MATCH, wolves_at_least(c, popcount(match) + p->bonus_terrain, cost), target);
    /* measured: what the action names, tiles and tokens, against the cost;
     * each named tile must show the terrain, each token be held */
    wolves_measure(c, popcount(pay_tiles) + pay_bonus, cost, WOLVES_NONE);
    CHECK(c, PAY_CHOICE,
          (pay_tiles & ~match) == 0 && pay_tiles < (1 << WOLVES_TILES) && pay_bonus <= p->bonus_terrain &&
              popcount(pay_tiles) + pay_bonus == cost,
          target);
    tiles = pay_tiles;
    bonus = pay_bonus;
  }
  SETTLED(c);
  if (c->choices != NULL && pay_tiles == 0 && pay_bonus == 0)
    wolves_chose_payment(c, tiles, bonus, match, p->bonus_terrain, cost);
  /* (slot 0, the Faction-specific tile, shows the same either side) */
  p->flipped ^= (uint8_t)(tiles & ~1);
  for (int i = 0; i < WOLVES_TILES && c->log != NULL; i++)
    if (tiles & (1 << i))
      EMIT(c, PAY_FLIP, FLIP, c->pack, (uint8_t)wolves_tile_shown(c->g, p, i), WOLVES_NONE, target, i + 1);
  for (int i = 0; i < bonus; i++) {
    p->bonus_terrain--;
    c->s->supply_bonus_terrain++;
    EMIT(c, PAY_BONUS_TERRAIN, SPEND_BONUS_TERRAIN, c->pack, (uint8_t)terrain, WOLVES_NONE, target,
         p->bonus_terrain);
  }
  return WOLVES_OK;
}
