/* player.c - the Player Board: attribute tracks uncovered left-to-right,
 * top-to-bottom (Attributes), the Lairs, the Pack Wolves section, Bonus
 * Tokens from the supply. */
#include "engine.h"

int wolves_attribute(const wolves_game *g, const wolves_state *s, int player, int attribute) {
  if (wolves_state_misfit(g, s) != NULL || player < 0 || player >= g->nplayers || attribute < 0 ||
      attribute >= WOLVES_ATTRIBUTES)
    return -1;
  return wolves_attribute_of(g, &s->player[player], attribute);
}

void wolves_gain_bonus(wolves_ctx *c, int bonus, int clause) {
  wolves_player *p = &c->s->player[c->player];
  uint8_t *supply = bonus == WOLVES_BONUS_TERRAIN  ? &c->s->supply_bonus_terrain
                    : bonus == WOLVES_BONUS_ACTION ? &c->s->supply_bonus_action
                                                   : NULL;
  if (supply == NULL) return;
  if (*supply == 0) { /* SUPPLY.EMPTY ruling */
    EMIT(c, SUPPLY_EMPTY, NOTE, c->pack, (uint8_t)bonus, WOLVES_NONE, WOLVES_NONE, 0);
    return;
  }
  (*supply)--;
  if (bonus == WOLVES_BONUS_TERRAIN) {
    p->bonus_terrain++;
    wolves_emit(c, clause, WOLVES_EV_GAIN_BONUS_TERRAIN, c->pack, WOLVES_NONE, WOLVES_NONE, WOLVES_NONE,
                p->bonus_terrain);
  } else {
    p->bonus_action++;
    wolves_emit(c, clause, WOLVES_EV_GAIN_BONUS_ACTION, c->pack, WOLVES_NONE, WOLVES_NONE, WOLVES_NONE,
                p->bonus_action);
  }
}

uint8_t wolves_take_den(wolves_ctx *c, int attribute) {
  const wolves_data *d = &c->g->data;
  wolves_player *p = &c->s->player[c->player];
  const int k = ++p->dens_taken[attribute];
  EMIT(c, DEN_TAKE_MARKER, UPGRADE_ATTRIBUTE, c->pack, (uint8_t)attribute, WOLVES_NONE, WOLVES_NONE,
       d->attr_value[attribute][k]);
  if (d->attr_vp[attribute][k] > 0)
    EMIT(c, TRACK_VP, REVEAL_VP, c->pack, (uint8_t)attribute /* its track */, WOLVES_NONE, WOLVES_NONE,
         d->attr_vp[attribute][k]);
  wolves_gain_bonus(c, d->attr_bonus[attribute][k], WOLVES_C_DEN_BONUS);
  return WOLVES_PIECE(c->pack, WOLVES_DEN);
}

uint8_t wolves_take_wolf(wolves_ctx *c) {
  const wolves_data *d = &c->g->data;
  wolves_player *p = &c->s->player[c->player];
  const int k = p->wolves_taken++;
  if (d->wolf_vp[k] > 0)
    EMIT(c, TRACK_VP, REVEAL_VP, c->pack, WOLVES_TRACK_WOLVES, WOLVES_NONE, WOLVES_NONE, d->wolf_vp[k]);
  return WOLVES_PIECE(c->pack, d->wolf_alpha[k] ? WOLVES_ALPHA : WOLVES_PACK);
}

uint8_t wolves_take_lair(wolves_ctx *c) {
  const wolves_data *d = &c->g->data;
  wolves_player *p = &c->s->player[c->player];
  const int k = p->lairs_taken++;
  if (d->lair_vp[k] > 0)
    EMIT(c, TRACK_VP, REVEAL_VP, c->pack, WOLVES_TRACK_LAIRS, WOLVES_NONE, WOLVES_NONE, d->lair_vp[k]);
  wolves_gain_bonus(c, d->lair_bonus[k], WOLVES_C_LAIR_PLACE);
  return WOLVES_PIECE(c->pack, WOLVES_LAIR);
}
