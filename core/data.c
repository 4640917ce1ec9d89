/* data.c - the component data: numbers printed on the Player Boards, the
 * Moonlight Board and the tokens.  The extracted rulebooks lost the
 * pictures (rulebook README, "What the text does not give"), so most values
 * are reconstructed; each field of the table below says which, and why.
 *
 * Reconstructions are bound by the worked examples of the English manual
 * (and the Russian Lair example); tests/unit/test_data.c checks them:
 *   Example: Move         - Wolf Speed 3 with Pack Spread 2
 *   Example: Build Den    - one Den Marker from Wolf Speed takes it from 3 to 4
 *   Example: Howl         - Howl Range 2
 *   Example: Scoring a Region - Crescent token 4 VP, second place 2 VP
 *   Example: Final Scoring - track VP 7, 3, 0, 15, 9, 4 (+16 in tokens = 54)
 *   ru, Upgrading a Den - the first Lair reveals 5 VP. */
#include <string.h>

#include "wolves.h"

/* Attribute sections (Attributes; ru: 2 rows of 2 Den Markers each, a
 * completed row gives a bonus token).  Position 0 is the uncovered smallest
 * number; positions 1-2 are the top row, 3-4 the bottom row. */
static const uint8_t attr_values[WOLVES_ATTRIBUTES][WOLVES_ATTR_POSITIONS] = {
    {1, 2, 3, 4, 5}, /* Pack Spread: Example: Move has 2 after one Den */
    {2, 3, 4, 5, 6}, /* Wolf Speed: Example: Build Den goes 3 -> 4 */
    {1, 2, 3, 4, 5}, /* Howl Range: Example: Howl has 2 */
};
/* Final Scoring example: 7 (Pack Spread, row complete), 3 (Wolf Speed, top
 * row complete), 0 (Howl Range, untouched). */
static const uint8_t attr_vp_multi[WOLVES_ATTR_POSITIONS] = {0, 1, 3, 5, 7};
static const uint8_t attr_vp_two[WOLVES_ATTR_POSITIONS] = {0, 2, 4, 6, 8};
/* A token at the end of each row: Bonus Terrain for the top row, Bonus
 * Action for the bottom row (Build Dens: "earns you Bonus Terrain Tokens,
 * Bonus Action Tokens, and VP"). */
static const uint8_t attr_bonus[WOLVES_ATTR_POSITIONS] = {
    WOLVES_BONUS_NONE, WOLVES_BONUS_NONE, WOLVES_BONUS_TERRAIN, WOLVES_BONUS_NONE, WOLVES_BONUS_ACTION};

static const uint8_t lair_vp_multi[WOLVES_LAIRS] = {5, 8, 11, 15}; /* ru: first Lair 5; Final Scoring 15 */
static const uint8_t lair_vp_two[WOLVES_LAIRS] = {5, 8, 12, 16};

/* Alphas on the 3rd and 6th spaces (Set Up Your Player Board). */
static const uint8_t wolf_alpha[WOLVES_WOLF_SPACES] = {0, 0, 1, 0, 0, 1, 0, 0};
static const uint8_t wolf_vp_multi[WOLVES_WOLF_SPACES] = {1, 2, 4, 5, 7, 9, 11, 14}; /* Final Scoring: 4 */
static const uint8_t wolf_vp_two[WOLVES_WOLF_SPACES] = {1, 3, 5, 6, 8, 10, 12, 15};

static const uint8_t hunt_vp_multi[WOLVES_HUNT_SPACES] = {2, 4, 6, 9, 12}; /* Final Scoring: 9 */
/* 2 players: no Bonus Action for prey (printed), so each prey scores more. */
static const uint8_t hunt_vp_two[WOLVES_HUNT_SPACES] = {3, 5, 8, 11, 15};

/* Moonlight Board dates per player count (index 2..5).  The 2/3 side (pl)
 * lists its marks in the order 3G, 3G+2G, 3G+2G, 2G: the 3-player phases
 * come first and each 2-player phase shares a date with the next 3-player
 * one.  The 4/5 side is not in any text: spaced the same way, later for
 * more players so each player gets a similar number of turns. */
static const uint8_t moon_dates[WOLVES_MAX_PLAYERS + 1][WOLVES_PHASES] = {
    {0, 0, 0}, {0, 0, 0}, {14, 21, 28}, {7, 14, 21}, {9, 17, 25}, {11, 20, 29},
};

/* Region Scoring Tokens: Crescent 4/2 printed (Example: Scoring a Region);
 * later phases are worth more, in the same 2:1 ratio. */
static const uint8_t token_high[WOLVES_PHASES] = {4, 6, 8};
static const uint8_t token_low[WOLVES_PHASES] = {2, 3, 4};

/* Terrain Tiles: slot 0 (the Faction-specific tile) holds WOLVES_NONE; the
 * engine reads it as the pack's own terrain on both sides.  Slots 1-5 show
 * the 5 terrains in front and each back is the next terrain in the cycle
 * (SETUP.TILES ruling). */
static const uint8_t tile_front[WOLVES_TILES] = {WOLVES_NONE,   WOLVES_FOREST, WOLVES_GRASS,
                                                 WOLVES_DESERT, WOLVES_TUNDRA, WOLVES_ROCKY};
static const uint8_t tile_back[WOLVES_TILES] = {WOLVES_NONE,   WOLVES_GRASS, WOLVES_DESERT,
                                                WOLVES_TUNDRA, WOLVES_ROCKY, WOLVES_FOREST};

static const uint8_t control[4] = {1, 1, 1, 3}; /* SCORE.CONTROL */

void wolves_data_defaults(wolves_data *d, int nplayers) {
  const int two = nplayers == 2;
  const int n = nplayers < 2 ? 2 : nplayers > WOLVES_MAX_PLAYERS ? WOLVES_MAX_PLAYERS : nplayers;
  memset(d, 0, sizeof *d);
  memcpy(d->attr_value, attr_values, sizeof d->attr_value);
  for (int a = 0; a < WOLVES_ATTRIBUTES; a++) {
    memcpy(d->attr_vp[a], two ? attr_vp_two : attr_vp_multi, WOLVES_ATTR_POSITIONS);
    memcpy(d->attr_bonus[a], attr_bonus, WOLVES_ATTR_POSITIONS);
  }
  memcpy(d->lair_vp, two ? lair_vp_two : lair_vp_multi, sizeof d->lair_vp);
  memset(d->lair_bonus, WOLVES_BONUS_TERRAIN, sizeof d->lair_bonus);
  memcpy(d->wolf_vp, two ? wolf_vp_two : wolf_vp_multi, sizeof d->wolf_vp);
  memcpy(d->wolf_alpha, wolf_alpha, sizeof d->wolf_alpha);
  memcpy(d->hunt_vp, two ? hunt_vp_two : hunt_vp_multi, sizeof d->hunt_vp);
  memset(d->hunt_bonus, two ? WOLVES_BONUS_NONE : WOLVES_BONUS_ACTION, sizeof d->hunt_bonus);
  memcpy(d->moon_phase_date, moon_dates[n], sizeof d->moon_phase_date);
  memcpy(d->token_high, token_high, sizeof d->token_high);
  memcpy(d->token_low, token_low, sizeof d->token_low);
  memcpy(d->tile_front, tile_front, sizeof d->tile_front);
  memcpy(d->tile_back, tile_back, sizeof d->tile_back);
  memcpy(d->control, control, sizeof d->control);
  d->supply_bonus_terrain = 12; /* Components */
  d->supply_bonus_action = 12;
  d->supply_lone_wolves = 20;
}

#define ATTR(member, a) offsetof(wolves_data, member) + (a)*WOLVES_ATTR_POSITIONS
#define P WOLVES_ATTR_POSITIONS

static const wolves_data_field fields[] = {
    {"pack_spread.values", ATTR(attr_value, WOLVES_PACK_SPREAD), P, 0,
     "1-5: Example: Move shows Pack Spread 2 after one Den"},
    {"pack_spread.vp", ATTR(attr_vp, WOLVES_PACK_SPREAD), P, 0,
     "0,1,3,5,7 (2 players 0,2,4,6,8): Example: Final Scoring reveals 7"},
    {"pack_spread.bonus", ATTR(attr_bonus, WOLVES_PACK_SPREAD), P, 0,
     "ru: a completed row (2 Den Markers) gives a token: Bonus Terrain (1) after the top row, Bonus Action "
     "(2) "
     "after the bottom row"},
    {"wolf_speed.values", ATTR(attr_value, WOLVES_WOLF_SPEED), P, 0,
     "2-6: Example: Build Den raises Wolf Speed from 3 to 4; Example: Move has 3"},
    {"wolf_speed.vp", ATTR(attr_vp, WOLVES_WOLF_SPEED), P, 0,
     "0,1,3,5,7 (2 players 0,2,4,6,8): Example: Final Scoring reveals 3"},
    {"wolf_speed.bonus", ATTR(attr_bonus, WOLVES_WOLF_SPEED), P, 0,
     "ru: a token for each completed row, as pack_spread.bonus"},
    {"howl_range.values", ATTR(attr_value, WOLVES_HOWL_RANGE), P, 0, "1-5: Example: Howl has Howl Range 2"},
    {"howl_range.vp", ATTR(attr_vp, WOLVES_HOWL_RANGE), P, 0,
     "0,1,3,5,7 (2 players 0,2,4,6,8): Example: Final Scoring shows 0 with no Den taken"},
    {"howl_range.bonus", ATTR(attr_bonus, WOLVES_HOWL_RANGE), P, 0,
     "ru: a token for each completed row, as pack_spread.bonus"},
    {"lairs.vp", offsetof(wolves_data, lair_vp), WOLVES_LAIRS, 0,
     "5,8,11,15 (2 players 5,8,12,16): ru Upgrade example gives 5 for the first Lair; Final Scoring shows "
     "15"},
    {"lairs.bonus", offsetof(wolves_data, lair_bonus), WOLVES_LAIRS, 1,
     "Upgrade Den into a Lair (C): every Lair gives a Bonus Terrain Token (1)"},
    {"wolves.vp", offsetof(wolves_data, wolf_vp), WOLVES_WOLF_SPACES, 0,
     "1,2,4,5,7,9,11,14 (2 players 1,3,5,6,8,10,12,15): Example: Final Scoring shows 4"},
    {"wolves.alpha", offsetof(wolves_data, wolf_alpha), WOLVES_WOLF_SPACES, 1,
     "Set Up Your Player Board: Alphas on the 3rd and 6th spaces"},
    {"prey.vp", offsetof(wolves_data, hunt_vp), WOLVES_HUNT_SPACES, 0,
     "2,4,6,9,12 (2 players 3,5,8,11,15, no bonus to make up for): Example: Final Scoring shows 9"},
    {"prey.bonus", offsetof(wolves_data, hunt_bonus), WOLVES_HUNT_SPACES, 1,
     "Hunting (B): a Bonus Action Token (2) per space; 2 Player Variant: none"},
    {"moon.phase_dates", offsetof(wolves_data, moon_phase_date), WOLVES_PHASES, 0,
     "2/3 side: 3 players 7,14,21, 2 players 14,21,28 (pl marks 3G, 3G+2G, 3G+2G, 2G in that order); "
     "4/5 side (not in any text): 4 players 9,17,25, 5 players 11,20,29"},
    {"tokens.high", offsetof(wolves_data, token_high), WOLVES_PHASES, 0,
     "Crescent 4 printed (Example: Scoring a Region); Quarter 6, Full 8 reconstructed, rising by phase"},
    {"tokens.low", offsetof(wolves_data, token_low), WOLVES_PHASES, 0,
     "Crescent 2 printed (Example: Scoring a Region); Quarter 3, Full 4: half the high value, as printed for "
     "the Crescent"},
    {"tiles.front", offsetof(wolves_data, tile_front), WOLVES_TILES, 0,
     "slot 1 is the Faction tile (255: the pack's terrain); slots 2-6 forest, grass, desert, tundra, rocky"},
    {"tiles.back", offsetof(wolves_data, tile_back), WOLVES_TILES, 0,
     "SETUP.TILES ruling: each back is the next terrain in the cycle (grass, desert, tundra, rocky, forest)"},
    {"control", offsetof(wolves_data, control), 4, 1,
     "Scoring Regions: Den 1, Pack Wolf 1, Alpha Wolf 1, Lair 3"},
    {"supply.bonus_terrain", offsetof(wolves_data, supply_bonus_terrain), 1, 1, "Components: 12"},
    {"supply.bonus_action", offsetof(wolves_data, supply_bonus_action), 1, 1, "Components: 12"},
    {"supply.lone_wolves", offsetof(wolves_data, supply_lone_wolves), 1, 1, "Components: 20"},
};

#undef P
#undef ATTR

const wolves_data_field *wolves_data_field_at(int i) {
  if (i < 0 || i >= (int)(sizeof fields / sizeof *fields)) return NULL;
  return &fields[i];
}

const wolves_data_field *wolves_data_field_find(const char *name) {
  for (size_t i = 0; i < sizeof fields / sizeof *fields; i++)
    if (strcmp(fields[i].name, name) == 0) return &fields[i];
  return NULL;
}
