/* turn.c - the end of a turn: Moonlight check, region scoring, next player
 * clockwise; the end of the game (Turn Overview; Moonlight Board; Game End
 * and Final Scoring). */
#include "engine.h"

/* END.TIE_*: notes which tie-breaker separated two players of equal VP. */
static void note_tie_breakers(wolves_ctx *c, const wolves_score *sc) {
  for (int i = 0; i < c->g->nplayers; i++)
    for (int j = 0; j < c->g->nplayers; j++) {
      const wolves_score *a = &sc[i], *b = &sc[j];
      if (a->total != b->total || a->rank >= b->rank) continue;
      const int clause = a->region_tokens != b->region_tokens       ? WOLVES_C_END_TIE_TOKENS
                         : a->wolves_on_board != b->wolves_on_board ? WOLVES_C_END_TIE_WOLVES
                                                                    : WOLVES_C_END_TIE_ALPHAS;
      /* pack: the player the tie-breaker ranked higher; value: the tied VP */
      wolves_emit(c, clause, WOLVES_EV_NOTE, c->s->player[i].pack, WOLVES_NONE, WOLVES_NONE, WOLVES_NONE,
                  a->total);
    }
}

static void end_game(wolves_ctx *c) {
  wolves_score sc[WOLVES_MAX_PLAYERS];
  c->s->phase = WOLVES_PHASE_OVER;
  EMIT(c, MOON_FULL_ENDS, GAME_END, WOLVES_NONE, WOLVES_NONE, WOLVES_NONE, WOLVES_NONE, c->s->turn);
  wolves_final_scores(c->g, c->s, sc);
  for (int i = 0; i < c->g->nplayers; i++)
    EMIT(c, END_FINAL_SCORE, SCORE, c->s->player[i].pack, WOLVES_NONE, WOLVES_NONE, WOLVES_NONE, sc[i].total);
  note_tie_breakers(c, sc);
}

/* Could this player's Den on h ever become a Lair (LAIR.WATER,
 * LAIR.ONE_PER_REGION; an Alpha can always come next to it)? */
static int upgradable(const wolves_game *g, const wolves_state *s, uint8_t pack, uint8_t h) {
  const uint8_t region = g->board.hex[h].region;
  return wolves_adjacent_to_water(g, h) &&
         (region == WOLVES_NONE || !wolves_lair_in_region(g, s, pack, region));
}

/* MOON.STALL: can no action of any player ever fill another date?  Howl
 * and Dominate place a piece from the Player Board; an Upgrade needs a Den
 * that can become a Lair. */
static int moon_stalled(const wolves_game *g, const wolves_state *s) {
  for (int i = 0; i < g->nplayers; i++) {
    const wolves_player *p = &s->player[i];
    if (p->wolves_taken < WOLVES_WOLF_SPACES || wolves_dens_left(p) > 0) return 0;
    if (p->lairs_taken >= WOLVES_LAIRS) continue;
    for (int h = 0; h < g->board.nhex; h++)
      if (wolves_count(s, (uint8_t)h, p->pack, WOLVES_DEN) > 0 && upgradable(g, s, p->pack, (uint8_t)h))
        return 0;
  }
  return 1;
}

int wolves_do_end_turn(wolves_ctx *c, const wolves_action *a) {
  (void)a;
  wolves_state *s = c->s;
  if (s->actions_taken < 2) {
    const int stuck = !wolves_has_legal_action(c->g, s);
    /* (measured: the actions taken, fewer than 2 here) */
    CHECK(c, TURN_TWO_ACTIONS, wolves_counted(c, s->actions_taken, 2) && stuck, WOLVES_NONE);
    EMIT(c, TURN_NO_LEGAL_ACTION, NOTE, c->pack, WOLVES_NONE, WOLVES_NONE, WOLVES_NONE, s->actions_taken);
  }
  SETTLED(c); /* WOLVES_CHECKS_ALL: TURN.ORDER or TURN.TWO_ACTIONS refused */
  int full = (s->phases_pending >> WOLVES_FULL) & 1;
  if (!full && moon_stalled(c->g, s)) {
    for (int p = s->phases_scored; p < WOLVES_PHASES; p++) s->phases_pending |= (uint8_t)(1 << p);
    EMIT(c, MOON_STALL, NOTE, WOLVES_NONE, WOLVES_NONE, WOLVES_NONE, WOLVES_NONE, s->moon_filled);
    full = 1;
  }
  wolves_end_turn_scoring(c);
  EMIT(c, TURN_END, TURN_END, c->pack, WOLVES_NONE, WOLVES_NONE, WOLVES_NONE, s->turn);
  if (full) {
    end_game(c);
    return WOLVES_OK;
  }
  if (s->turn == UINT16_MAX) return WOLVES_C_TURN_LIMIT; /* never wraps */
  s->current = (uint8_t)((s->current + 1) % c->g->nplayers);
  s->actions_taken = 0;
  s->turn++;
  return WOLVES_OK;
}
