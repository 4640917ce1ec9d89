/* invariants.c - properties every reachable position has, whatever the
 * players do.  Self-play checks them after every action; a violation is a
 * bug in the engine, never a player's mistake. */
#include <string.h>

#include "engine.h"

/* Alphas and Pack Wolves each that the draft puts on the map. */
#define DRAFTED_WOLVES 2

/* Components: 4 Alphas, 8 Pack Wolves, 12 Dens, 4 Lairs per colour; the
 * wolves being those drafted and those set on the Player Board's spaces,
 * Alphas where the data flags a space (wolves.alpha). */
int wolves_owned(const wolves_data *d, int type) {
  if (d == NULL || type < WOLVES_DEN || type > WOLVES_LAIR) return -1;
  int alphas = DRAFTED_WOLVES;
  for (int k = 0; k < WOLVES_WOLF_SPACES; k++) alphas += d->wolf_alpha[k] != 0;
  switch (type) {
  case WOLVES_ALPHA:
    return alphas;
  case WOLVES_PACK:
    return 2 * DRAFTED_WOLVES + WOLVES_WOLF_SPACES - alphas;
  case WOLVES_DEN:
    return WOLVES_ATTRIBUTES * (WOLVES_ATTR_POSITIONS - 1);
  default: /* WOLVES_LAIR */
    return WOLVES_LAIRS;
  }
}

static int on_moon(const wolves_state *s, uint8_t piece) {
  int n = 0;
  for (int i = 0; i < s->moon_filled; i++) n += s->moon[i] == piece;
  return n;
}

static int on_board_left(const wolves_game *g, const wolves_player *p, int type) {
  int n = 0;
  switch (type) {
  case WOLVES_DEN:
    return wolves_dens_left(p);
  case WOLVES_LAIR:
    return WOLVES_LAIRS - p->lairs_taken;
  default:
    for (int k = p->wolves_taken; k < WOLVES_WOLF_SPACES; k++)
      n += (g->data.wolf_alpha[k] != 0) == (type == WOLVES_ALPHA);
    return n;
  }
}

static const char *const too_many[4] = {
    "more Dens of a colour than it owns (map, Player Board, Moonlight Board)",
    "more Pack Wolves of a colour than it owns (map, Player Board, Moonlight Board)",
    "more Alphas of a colour than it owns (map, Player Board, Moonlight Board)",
    "more Lairs of a colour than it owns (map, Player Board, Moonlight Board)"};

/* The last hex holding a piece of that colour and type, or WOLVES_NONE. */
static uint8_t last_on_map(const wolves_game *g, const wolves_state *s, uint8_t pack, int type) {
  uint8_t last = WOLVES_NONE;
  for (int h = 0; h < g->board.nhex; h++)
    if (wolves_count(s, (uint8_t)h, pack, type) > 0) last = (uint8_t)h;
  return last;
}

static const char *hex_invariants(const wolves_game *g, const wolves_state *s, uint8_t h) {
  const wolves_hex_state *x = &s->hex[h];
  const int n = wolves_pieces(s, h);
  int ai = 0, markers = 0, lair_pack = -1;
  int type_pack[4] = {-1, -1, -1, -1};
  for (int i = 0; i < WOLVES_HEX_SLOTS; i++) {
    const uint8_t p = x->piece[i];
    if (p == 0) continue;
    if (p > WOLVES_PIECE(WOLVES_TERRAINS - 1, WOLVES_LAIR)) return "a piece byte out of range";
    if (i > 0 && x->piece[i - 1] < p) return "piece slots out of order";
    ai += wolves_is_ai(s, p);
    const int t = WOLVES_PIECE_TYPE(p), pk = WOLVES_PIECE_PACK(p);
    markers += t == WOLVES_DEN || t == WOLVES_LAIR;
    if (t == WOLVES_LAIR) lair_pack = pk;
    if ((t == WOLVES_PACK || t == WOLVES_ALPHA) && type_pack[t] >= 0 && type_pack[t] != pk)
      return "two enemy wolves of one type on a hex";
    type_pack[t] = pk;
  }
  if (n > 2 && ai != n) return "more than 2 pieces on a hex";
  if (markers > 1 && ai != n) return "more than one territory marker on a hex";
  if (n > 0 && !wolves_is_land(g, h)) return "a piece on water or the chasm";
  /* DEN.TOKEN_HEX "allow": a Den (or the Lair it became) may share a hex
   * with one token, nothing else */
  if (n > 0 && wolves_has_token(s, h) &&
      !(WOLVES_READS(g, DEN_TOKEN_HEX, WOLVES_DEN_TOKEN_ALLOW) && markers == n &&
        n + s->hex[h].lone_wolf + s->hex[h].prey_count <= 2))
    return "a piece on a Lone Wolf or Prey Token";
  for (int i = 0; i < WOLVES_HEX_SLOTS && lair_pack >= 0; i++)
    if (x->piece[i] && WOLVES_PIECE_PACK(x->piece[i]) != lair_pack &&
        WOLVES_PIECE_TYPE(x->piece[i]) != WOLVES_DEN)
      return "an enemy wolf on a Lair";
  return NULL;
}

/* complete: every piece and token of the game is somewhere (a position
 * reached from wolves_setup); else a position may lack some (a custom
 * scenario's), but never hold more than exist. */
static const char *invariants(const wolves_game *g, const wolves_state *s, uint8_t *where, int complete) {
  /* one pass: each hex's own invariants, and the Lairs per colour and
   * region, for below */
  int on_map[WOLVES_TERRAINS][4], lairs[WOLVES_TERRAINS][WOLVES_MAX_REGIONS] = {{0}};
  uint8_t second_lair[WOLVES_TERRAINS]; /* a hex with a colour's second Lair in a region */
  memset(second_lair, WOLVES_NONE, sizeof second_lair);
  *where = WOLVES_NONE;
  for (int h = 0; h < g->board.nhex; h++) {
    const char *why = hex_invariants(g, s, (uint8_t)h);
    if (why != NULL) {
      *where = (uint8_t)h;
      return why;
    }
    const uint8_t region = g->board.hex[h].region;
    for (int i = 0; i < WOLVES_HEX_SLOTS && s->hex[h].piece[i] != 0; i++) {
      const uint8_t p = s->hex[h].piece[i];
      if (WOLVES_PIECE_TYPE(p) == WOLVES_LAIR && region < WOLVES_MAX_REGIONS &&
          ++lairs[WOLVES_PIECE_PACK(p)][region] == 2 && second_lair[WOLVES_PIECE_PACK(p)] == WOLVES_NONE)
        second_lair[WOLVES_PIECE_PACK(p)] = (uint8_t)h;
    }
  }
  wolves_census(g, s, on_map);
  for (int i = 0; i < WOLVES_MOON_DATES; i++)
    if ((i < s->moon_filled) != (s->moon[i] != 0)) return "Moonlight dates not filled in order";
  int terrain = s->supply_bonus_terrain, action = s->supply_bonus_action;
  for (int i = 0; i < g->nplayers; i++) {
    const wolves_player *p = &s->player[i];
    terrain += p->bonus_terrain;
    action += p->bonus_action;
    for (int r = 0; r < g->board.nregions; r++)
      if (lairs[p->pack][r] > 1) {
        *where = second_lair[p->pack];
        return "two Lairs of one colour in a region";
      }
    for (int t = 0; t < 4 && s->phase != WOLVES_PHASE_DRAFT; t++) {
      const int n = on_board_left(g, p, t) + on_moon(s, WOLVES_PIECE(p->pack, t)) + on_map[p->pack][t];
      /* a full Moonlight Board sets later pieces aside (MOON.OVERFLOW) */
      /* A given position may place Dens and Pack Wolves without taking
       * them from the Player Board (the suite's custom scenarios do):
       * there only Alphas and Lairs are counted against what exists. */
      const int owned = wolves_owned(&g->data, t);
      if (n > owned && (complete || t == WOLVES_ALPHA || t == WOLVES_LAIR)) {
        *where = last_on_map(g, s, p->pack, t);
        return too_many[t];
      }
      if (complete && n < owned && s->moon_filled < WOLVES_MOON_DATES)
        return "pieces of a colour not conserved";
    }
  }
  if (terrain > g->data.supply_bonus_terrain || action > g->data.supply_bonus_action ||
      (complete && (terrain != g->data.supply_bonus_terrain || action != g->data.supply_bonus_action)))
    return "Bonus Tokens not conserved (supply + held)";
  return NULL;
}

/* A game and a state that do not fit each other are reported as a broken
 * invariant, about no hex (wolves(3), ERRORS); where may be NULL. */
static const char *checked(const wolves_game *g, const wolves_state *s, uint8_t *where, int complete) {
  uint8_t at = WOLVES_NONE;
  const char *why = wolves_state_misfit(g, s);
  if (why == NULL) why = invariants(g, s, &at, complete);
  if (where != NULL) *where = at;
  return why;
}

const char *wolves_invariants(const wolves_game *g, const wolves_state *s, uint8_t *where) {
  return checked(g, s, where, 1);
}

const char *wolves_position_invariants(const wolves_game *g, const wolves_state *s, uint8_t *where) {
  return checked(g, s, where, 0);
}
