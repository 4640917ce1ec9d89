/* hunt.c - Hunting: automatic at the end of every action.  A pack with
 * wolves on 3 different hexes adjacent to a Prey Token takes the top token
 * of the stack (Hunting). */
#include "engine.h"

/* A piece byte's wolf as a count of 1 in the nibble of its colour
 * (colour * 4 bits; 0 for a Den, a Lair, an empty slot or a byte that is
 * no piece): the colour is (p - 1) / 4 modulo 32, as a shift of 1u by
 * WOLVES_PIECE_PACK(p) & 31 masked to the five colours reads it. */
#define WOLF_BYTE(p) (((p) + 255u) & 255u) /* p - 1, modulo 256 */
#define WOLF_NIBBLE(p)                                                                                       \
  ((WOLF_BYTE(p) & 3) - 1u < 2u /* WOLVES_PACK or WOLVES_ALPHA */ &&                                         \
           (WOLF_BYTE(p) >> 2 & 31) < WOLVES_TERRAINS                                                        \
       ? 1u << (4 * (WOLF_BYTE(p) >> 2) & 31)                                                                \
       : 0u)
#define WOLF4(p) WOLF_NIBBLE(p), WOLF_NIBBLE((p) + 1), WOLF_NIBBLE((p) + 2), WOLF_NIBBLE((p) + 3)
#define WOLF16(p) WOLF4(p), WOLF4((p) + 4), WOLF4((p) + 8), WOLF4((p) + 12)
#define WOLF64(p) WOLF16(p), WOLF16((p) + 16), WOLF16((p) + 32), WOLF16((p) + 48)
const uint32_t wolves_wolf_nibble[256] = {WOLF64(0), WOLF64(64), WOLF64(128), WOLF64(192)};

/* The packs (bit per colour) with wolves on at least 3 different hexes
 * adjacent to prey_hex (HUNT.SURROUND).  Hunting moves no wolf, so this
 * holds for the whole of one hunt.  A hex's pieces are read up to its
 * first empty slot; each colour's hexes are counted in a nibble of one
 * word (at most 6 a colour), without a branch per piece. */
static unsigned surrounding(const wolves_game *g, const wolves_state *s, uint8_t prey_hex) {
  const uint8_t *const nbr = g->board.nbr[prey_hex];
  const unsigned nhex = g->board.nhex;
  /* all six neighbours, without a branch on what they hold (a neighbour
   * off the board reads hex 0, counted for nothing) */
  uint32_t hexes = 0;
  for (int d = 0; d < 6; d++) {
    const unsigned n = nbr[d], on = n < nhex;
    hexes += wolves_wolves_on(&s->hex[on ? n : 0]) & (0u - on);
  }
  /* the colours counted 3 times or more: a nibble plus 5 reaches 8 */
  const uint32_t three = (hexes + 0x55555u) & 0x88888u;
  if (three == 0) return 0;
  unsigned packs = 0;
  for (int k = 0; k < WOLVES_TERRAINS; k++) packs |= (three >> (4 * k + 3) & 1) << k;
  return packs;
}

/* prey[]: the hexes with prey that some pack surrounds, in board order,
 * and which packs (prey_count may reach 0 meanwhile). */
static void hunt_for(wolves_ctx *c, const uint8_t *prey, const unsigned *packs, int nprey) {
  const wolves_game *g = c->g;
  wolves_state *s = c->s;
  wolves_player *p = &s->player[c->player];
  for (int k = 0; k < nprey; k++) {
    const uint8_t h = prey[k];
    wolves_hex_state *x = &s->hex[h];
    if (x->prey_count == 0 || !(packs[k] >> c->pack & 1)) continue;
    int space = 0, have = 0;
    while (space < WOLVES_HUNT_SPACES && p->prey[space] != 0) have |= p->prey[space++] == x->prey_type + 1;
    if (have || space == WOLVES_HUNT_SPACES) {
      /* checked, and recorded, at the end of every action while the pack
       * surrounds the prey (Hunting: "triggered automatically") */
      EMIT(c, HUNT_ONE_PER_TYPE, BLOCK, c->pack, x->prey_type, h, WOLVES_NONE, 0);
      continue;
    }
    x->prey_count--;
    p->prey[space] = (uint8_t)(x->prey_type + 1);
    EMIT(c, HUNT_SURROUND, NOTE, c->pack, x->prey_type, h, WOLVES_NONE, 3);
    EMIT(c, HUNT_TAKE, HUNT, c->pack, x->prey_type, h, WOLVES_NONE, x->prey_count);
    if (g->data.hunt_vp[space] > 0)
      EMIT(c, TRACK_VP, REVEAL_VP, c->pack, WOLVES_TRACK_PREY, h, WOLVES_NONE, g->data.hunt_vp[space]);
    if (g->data.hunt_bonus[space] != WOLVES_BONUS_NONE)
      wolves_gain_bonus(c, g->data.hunt_bonus[space], WOLVES_C_HUNT_BONUS_ACTION);
    else if (g->nplayers == 2)
      EMIT(c, TWO_NO_HUNT_BONUS, NOTE, c->pack, x->prey_type, h, WOLVES_NONE, 0);
    if (x->prey_count == 0) EMIT(c, HUNT_ENTERABLE, NOTE, WOLVES_NONE, x->prey_type, h, WOLVES_NONE, 0);
  }
}

/* HUNT.SURROUND ruling: every pack is checked after every action, the
 * acting player first, then the others clockwise; under the reading
 * "acting-pack" only the acting player's. */
void wolves_hunt(wolves_ctx *c) {
  const uint8_t actor = c->player;
  uint8_t prey[WOLVES_MAX_HEXES];
  unsigned packs[WOLVES_MAX_HEXES];
  int nprey = 0;
  const wolves_hex_state *const hex = c->s->hex;
  const int nhex = c->g->board.nhex;
  if (c->prey != NULL) {
    /* the hexes that had prey before the action (a sampler's index), in
     * board order */
    for (int w = 0; w < WOLVES_HEX_SET_WORDS; w++)
      for (uint64_t bits = c->prey[w]; bits != 0; bits &= bits - 1) {
        const int k = w * 64 + wolves_lowest_bit(bits);
        if (k < nhex && hex[k].prey_count != 0) prey[nprey++] = (uint8_t)k;
      }
  } else {
    /* the prey hexes: few (one per region at the start), so four hexes
     * are looked at together */
    int h = 0;
    for (; h + 4 <= nhex; h += 4)
      if ((hex[h].prey_count | hex[h + 1].prey_count | hex[h + 2].prey_count | hex[h + 3].prey_count) != 0)
        for (int k = h; k < h + 4; k++)
          if (hex[k].prey_count != 0) prey[nprey++] = (uint8_t)k;
    for (; h < nhex; h++)
      if (hex[h].prey_count != 0) prey[nprey++] = (uint8_t)h;
  }
  int nsurrounded = 0;
  for (int k = 0; k < nprey; k++) {
    packs[nsurrounded] = surrounding(c->g, c->s, prey[k]);
    if (packs[nsurrounded] != 0) prey[nsurrounded++] = prey[k];
  }
  nprey = nsurrounded;
  const int hunters = WOLVES_READS(c->g, HUNT_WHO, WOLVES_HUNT_ACTING_PACK) ? 1 : c->g->nplayers;
  for (int k = 0; k < hunters && nprey > 0; k++) {
    c->player = (uint8_t)((actor + k) % c->g->nplayers);
    c->pack = c->s->player[c->player].pack;
    hunt_for(c, prey, packs, nprey);
  }
  c->player = actor;
  c->pack = c->s->player[actor].pack;
}
