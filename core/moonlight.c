/* moonlight.c - the Moonlight Board: removed Lone Wolves, Pack Wolves and
 * Dens fill the dates in order; a phase date triggers region scoring at the
 * end of the turn (MOON.*). */
#include "engine.h"

void wolves_moon_place(wolves_ctx *c, uint8_t item, uint8_t from, int clause) {
  wolves_state *s = c->s;
  const uint8_t pack = item == WOLVES_MOON_LONE ? WOLVES_NONE : WOLVES_PIECE_PACK(item);
  const uint8_t type = item == WOLVES_MOON_LONE ? WOLVES_NONE : WOLVES_PIECE_TYPE(item);
  wolves_emit(c, clause, WOLVES_EV_REMOVE, pack, type, from, WOLVES_NONE, 0);
  if (s->moon_filled >= WOLVES_MOON_DATES) {
    EMIT(c, MOON_OVERFLOW, NOTE, pack, type, from, WOLVES_NONE, 0);
    return;
  }
  s->moon[s->moon_filled++] = item;
  const int date = s->moon_filled;
  EMIT(c, MOON_NEXT_DATE, MOON, pack, type, from, WOLVES_NONE, date);
  for (int p = 0; p < WOLVES_PHASES; p++) {
    if (c->g->data.moon_phase_date[p] != date || p < s->phases_scored) continue;
    s->phases_pending |= (uint8_t)(1 << p);
    EMIT(c, MOON_PHASE, PHASE, WOLVES_NONE, (uint8_t)p, WOLVES_NONE, WOLVES_NONE, date);
  }
}
