/* hunt.c - Hunting: automatic at the end of every action.  A pack with
 * wolves on 3 different hexes adjacent to a Prey Token takes the top token
 * of the stack (Hunting). */
#include "engine.h"

static int surrounds(const wolves_game *g, const wolves_state *s, uint8_t pack, uint8_t prey_hex) {
  int hexes = 0;
  for (int d = 0; d < 6; d++) {
    const uint8_t n = g->board.nbr[prey_hex][d];
    if (n != WOLVES_NONE &&
        (wolves_count(s, n, pack, WOLVES_ALPHA) + wolves_count(s, n, pack, WOLVES_PACK)) > 0)
      hexes++;
  }
  return hexes >= 3;
}

static void hunt_for(wolves_ctx *c) {
  const wolves_game *g = c->g;
  wolves_state *s = c->s;
  wolves_player *p = &s->player[c->player];
  for (int h = 0; h < g->board.nhex; h++) {
    wolves_hex_state *x = &s->hex[h];
    if (x->prey_count == 0 || !surrounds(g, s, c->pack, (uint8_t)h)) continue;
    int space = 0, have = 0;
    while (space < WOLVES_HUNT_SPACES && p->prey[space] != 0) have |= p->prey[space++] == x->prey_type + 1;
    if (have || space == WOLVES_HUNT_SPACES) {
      EMIT(c, HUNT_ONE_PER_TYPE, BLOCK, c->pack, x->prey_type, (uint8_t)h, WOLVES_NONE, 0);
      continue;
    }
    x->prey_count--;
    p->prey[space] = (uint8_t)(x->prey_type + 1);
    EMIT(c, HUNT_SURROUND, NOTE, c->pack, x->prey_type, (uint8_t)h, WOLVES_NONE, 3);
    EMIT(c, HUNT_TAKE, HUNT, c->pack, x->prey_type, (uint8_t)h, WOLVES_NONE, x->prey_count);
    if (g->data.hunt_vp[space] > 0)
      EMIT(c, TRACK_VP, REVEAL_VP, c->pack, x->prey_type, (uint8_t)h, WOLVES_NONE, g->data.hunt_vp[space]);
    if (g->data.hunt_bonus[space] != WOLVES_BONUS_NONE)
      wolves_gain_bonus(c, g->data.hunt_bonus[space], WOLVES_C_HUNT_BONUS_ACTION);
    else if (g->nplayers == 2)
      EMIT(c, TWO_NO_HUNT_BONUS, NOTE, c->pack, x->prey_type, (uint8_t)h, WOLVES_NONE, 0);
    if (x->prey_count == 0)
      EMIT(c, HUNT_ENTERABLE, NOTE, WOLVES_NONE, x->prey_type, (uint8_t)h, WOLVES_NONE, 0);
  }
}

/* HUNT.SURROUND ruling: every pack is checked after every action, the
 * acting player first, then the others clockwise. */
void wolves_hunt(wolves_ctx *c) {
  const uint8_t actor = c->player;
  for (int k = 0; k < c->g->nplayers; k++) {
    c->player = (uint8_t)((actor + k) % c->g->nplayers);
    c->pack = c->s->player[c->player].pack;
    hunt_for(c);
  }
  c->player = actor;
  c->pack = c->s->player[actor].pack;
}
