/* fit.c - what the public functions check of a game, a state and an
 * action before they read them (wolves(3), ERRORS).  Cheap by design: a
 * few comparisons per player and none per hex, since wolves_apply,
 * wolves_legal_actions and wolves_sample run millions of times.  What lies
 * on the map (pieces, neighbours, terrains) needs no pass: the engine reads
 * it only through indexes it checks where it uses them. */
#include <stddef.h>

#include "engine.h"

const char *wolves_game_misfit(const wolves_game *g) {
  if (g == NULL) return "no game (a NULL pointer)";
  if (g->nplayers < 2 || g->nplayers > WOLVES_MAX_PLAYERS) return "a game of other than 2 to 5 players";
  if (g->board.nhex > WOLVES_MAX_HEXES) return "a board of more hexes than WOLVES_MAX_HEXES";
  if (g->board.nregions > WOLVES_MAX_REGIONS) return "a board of more regions than WOLVES_MAX_REGIONS";
  return NULL;
}

/* The state's players are its seats with a pack colour: the first
 * g->nplayers, each of its own colour, the others WOLVES_NONE (as
 * wolves_setup and wolves_state_init leave them).  What is wrong, for
 * wolves_state_misfit below. */
static const char *state_why(const wolves_game *g, const wolves_state *s) {
  const char *why = wolves_game_misfit(g);
  if (why != NULL) return why;
  if (s == NULL) return "no state (a NULL pointer)";
  if (s->phase > WOLVES_PHASE_OVER) return "a state in no phase of the game";
  if (s->current >= g->nplayers || s->first_player >= g->nplayers)
    return "a player to act or first player who is not in the game";
  if (s->moon_filled > WOLVES_MOON_DATES) return "more Moonlight dates filled than the board has";
  unsigned used = 0;
  for (int i = 0; i < WOLVES_MAX_PLAYERS; i++) {
    const wolves_player *p = &s->player[i];
    if (i >= g->nplayers) {
      if (p->pack != WOLVES_NONE) return "a state of more players than the game";
      continue;
    }
    if (p->pack >= WOLVES_TERRAINS) return "a state of fewer players than the game (a seat without a colour)";
    if (used >> p->pack & 1) return "two players of one colour";
    used |= 1u << p->pack;
    if (p->dens_taken[0] >= WOLVES_ATTR_POSITIONS || p->dens_taken[1] >= WOLVES_ATTR_POSITIONS ||
        p->dens_taken[2] >= WOLVES_ATTR_POSITIONS || p->lairs_taken > WOLVES_LAIRS ||
        p->wolves_taken > WOLVES_WOLF_SPACES)
      return "more taken from a Player Board than it holds";
  }
  return NULL;
}

/* The same verdict, on the hot path (every wolves_apply, wolves_sample,
 * wolves_legal_actions): the reason is looked up only for a state that
 * does not fit. */
const char *wolves_state_misfit(const wolves_game *g, const wolves_state *s) {
  if (g == NULL || s == NULL) return state_why(g, s);
  const unsigned n = g->nplayers;
  if (n - 2 > WOLVES_MAX_PLAYERS - 2 || g->board.nhex > WOLVES_MAX_HEXES ||
      g->board.nregions > WOLVES_MAX_REGIONS || s->phase > WOLVES_PHASE_OVER || s->current >= n ||
      s->first_player >= n || s->moon_filled > WOLVES_MOON_DATES)
    return state_why(g, s);
  /* A player's colour and counts (pack, then dens_taken to wolves_taken)
   * tested together as the bytes of one word: a byte x is above its most
   * m when x has its high bit or (x & 0x7F) + 127 - m does (no carry
   * leaves a byte); then the colour is one no other player has. */
  _Static_assert(offsetof(wolves_player, pack) == 0 && offsetof(wolves_player, dens_taken) == 2 &&
                     WOLVES_ATTRIBUTES == 3 && offsetof(wolves_player, lairs_taken) == 5 &&
                     offsetof(wolves_player, wolves_taken) == 6 && sizeof(wolves_player) >= 8,
                 "a player's colour and counts in bytes 0 and 2 to 6 of its first word");
  static const unsigned char low[8] = {127, 0, 127, 127, 127, 127, 127, 0},
                             bias[8] = {127 - (WOLVES_TERRAINS - 1),       0,
                                        127 - (WOLVES_ATTR_POSITIONS - 1), 127 - (WOLVES_ATTR_POSITIONS - 1),
                                        127 - (WOLVES_ATTR_POSITIONS - 1), 127 - WOLVES_LAIRS,
                                        127 - WOLVES_WOLF_SPACES,          0},
                             high[8] = {128, 0, 128, 128, 128, 128, 128, 0};
  const uint64_t lows = wolves_word(low), biases = wolves_word(bias), highs = wolves_word(high);
  unsigned used = 0;
  for (unsigned i = 0; i < n; i++) {
    const wolves_player *p = &s->player[i];
    const uint64_t bytes = wolves_word(p);
    if (((((bytes & lows) + biases) | bytes) & highs) != 0 || (used >> p->pack & 1)) return state_why(g, s);
    used |= 1u << p->pack;
  }
  for (unsigned i = n; i < WOLVES_MAX_PLAYERS; i++)
    if (s->player[i].pack != WOLVES_NONE) return state_why(g, s);
  return NULL;
}

static int hex_or_none(const wolves_game *g, uint8_t h) { return h < g->board.nhex || h == WOLVES_NONE; }

int wolves_action_fits(const wolves_game *g, const wolves_action *a) {
  if (a->kind >= WOLVES_ACT_KINDS || a->player >= g->nplayers) return 0;
  if (a->kind == WOLVES_ACT_END_TURN) return 1;
  if (a->kind == WOLVES_ACT_MOVE) {
    if (a->nsteps > WOLVES_MAX_MOVERS) return 0;
    for (int i = 0; i < a->nsteps; i++) {
      const wolves_step *st = &a->step[i];
      if (st->from >= g->board.nhex || st->to >= g->board.nhex || !hex_or_none(g, st->push_to) ||
          (st->type != WOLVES_ALPHA && st->type != WOLVES_PACK))
        return 0;
    }
  } else if (a->target >= g->board.nhex) {
    return 0;
  }
  if (a->kind == WOLVES_ACT_DRAFT) return 1;
  if (a->pay_tiles >= 1u << WOLVES_TILES) return 0;
  if ((a->kind == WOLVES_ACT_BUILD_DEN || a->kind == WOLVES_ACT_DOMINATE) &&
      a->attribute >= WOLVES_ATTRIBUTES && a->attribute != WOLVES_NONE)
    return 0;
  if (a->kind == WOLVES_ACT_UPGRADE) return hex_or_none(g, a->push_to[0]) && hex_or_none(g, a->push_to[1]);
  if (a->kind == WOLVES_ACT_DOMINATE)
    return (a->piece <= WOLVES_LAIR || a->piece == WOLVES_NONE) &&
           (a->pack < WOLVES_TERRAINS || a->pack == WOLVES_NONE);
  return 1;
}
