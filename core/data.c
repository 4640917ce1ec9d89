/* data.c - the component data: the numbers of the Player Boards, the
 * Moonlight Board and the tokens.  The extracted rulebooks lost the
 * pictures, so each default comes, in this order of authority, from
 *   1. the rulebook text (a number it prints, or a worked example),
 *   2. the digital edition: the Board Game Arena implementation
 *      alfadur/bga-wolves, modules/constants.inc.php, newest commit 3e02b9c
 *      (transcribed in shared/components.md),
 *   3. a reconstruction of ours,
 * and each field of the table below records which, per side of the boards.
 *
 * The worked examples of the English manual agree with the digital edition
 * and run on these defaults (tests/unit/test_data.c, scenarios/examples):
 *   Example: Move         - Wolf Speed 3 with Pack Spread 2, no Den taken
 *   Example: Build Den    - the first Den Marker of Wolf Speed: 3 -> 4
 *   Example: Howl         - Howl Range 2, no Den taken
 *   Example: Flipping Tiles - the Desert tile's back is Forest
 *   Example: Scoring a Region - Crescent token 4 VP, second place 2 VP
 *   Example: Final Scoring - track VP 7, 3, 0, 15, 9, 4 (+16 in tokens = 54)
 *   ru, Upgrading a Den - the first Lair reveals 5 VP. */
#include <string.h>

#include "wolves.h"

/* Attribute value with k Den Markers taken (k = 0 the uncovered smallest
 * number).  Digital edition; the examples read as the starting values. */
static const uint8_t attr_values[WOLVES_ATTRIBUTES][WOLVES_ATTR_POSITIONS] = {
    {2, 3, 3, 4, 4}, /* Pack Spread */
    {3, 4, 4, 5, 5}, /* Wolf Speed */
    {2, 3, 3, 4, 4}, /* Howl Range */
};
/* Highest VP revealed with k Den Markers taken: the digital edition adds
 * 0, 0, 3, 4 (2 players 0, 0, 2, 3) as each marker leaves. */
static const uint8_t attr_vp[2][WOLVES_ATTR_POSITIONS] = {{0, 0, 0, 3, 7}, {0, 0, 0, 2, 5}};
/* Bonus token for taking the k-th marker (2nd and 4th only). */
#define T WOLVES_BONUS_TERRAIN
#define A WOLVES_BONUS_ACTION
static const uint8_t attr_bonus[2][WOLVES_ATTRIBUTES][WOLVES_ATTR_POSITIONS] = {
    {{0, 0, A, 0, T}, {0, 0, T, 0, A}, {0, 0, T, 0, A}},
    {{0, 0, A, 0, T}, {0, 0, A, 0, T}, {0, 0, A, 0, T}},
};
#undef T
#undef A

static const uint8_t lair_vp[WOLVES_LAIRS] = {5, 10, 15, 20};

/* Alphas on the 3rd and 6th spaces (Set Up Your Player Board). */
static const uint8_t wolf_alpha[WOLVES_WOLF_SPACES] = {0, 0, 1, 0, 0, 1, 0, 0};
static const uint8_t wolf_vp[WOLVES_WOLF_SPACES] = {1, 2, 3, 4, 6, 8, 10, 12};

static const uint8_t hunt_vp[2][WOLVES_HUNT_SPACES] = {{1, 4, 9, 16, 25}, {2, 5, 9, 14, 20}};

/* Moonlight Board: the phase is reached when the board holds this many
 * components (index = player count). */
static const uint8_t moon_dates[WOLVES_MAX_PLAYERS + 1][WOLVES_PHASES] = {
    {0, 0, 0}, {0, 0, 0}, {7, 13, 18}, {9, 17, 22}, {11, 20, 26}, {13, 23, 30},
};

/* Region Scoring Tokens: high 4 + 2 x phase, low half of it. */
static const uint8_t token_high[WOLVES_PHASES] = {4, 6, 8};
static const uint8_t token_low[WOLVES_PHASES] = {2, 3, 4};

/* Terrain Tiles: slot 0 (the Faction-specific tile) holds WOLVES_NONE; the
 * engine reads it as the pack's own terrain on both sides.  Backs: Forest
 * -> Rocky, Grass -> Tundra, Desert -> Forest, Tundra -> Desert, Rocky ->
 * Grass. */
static const uint8_t tile_front[WOLVES_TILES] = {WOLVES_NONE,   WOLVES_FOREST, WOLVES_GRASS,
                                                 WOLVES_DESERT, WOLVES_TUNDRA, WOLVES_ROCKY};
static const uint8_t tile_back[WOLVES_TILES] = {WOLVES_NONE,   WOLVES_ROCKY,  WOLVES_TUNDRA,
                                                WOLVES_FOREST, WOLVES_DESERT, WOLVES_GRASS};

static const uint8_t control[4] = {1, 1, 1, 3}; /* SCORE.CONTROL */

int wolves_data_side(int nplayers) {
  if (nplayers < 2 || nplayers > WOLVES_MAX_PLAYERS) return -1;
  return nplayers == 2;
}

void wolves_data_defaults(wolves_data *d, int nplayers) {
  const int side = wolves_data_side(nplayers), n = nplayers;
  if (d == NULL || side < 0) return;
  memset(d, 0, sizeof *d);
  memcpy(d->attr_value, attr_values, sizeof d->attr_value);
  memcpy(d->attr_bonus, attr_bonus[side], sizeof d->attr_bonus);
  for (int a = 0; a < WOLVES_ATTRIBUTES; a++) memcpy(d->attr_vp[a], attr_vp[side], WOLVES_ATTR_POSITIONS);
  memcpy(d->lair_vp, lair_vp, sizeof d->lair_vp);
  memset(d->lair_bonus, WOLVES_BONUS_TERRAIN, sizeof d->lair_bonus);
  memcpy(d->wolf_vp, wolf_vp, sizeof d->wolf_vp);
  memcpy(d->wolf_alpha, wolf_alpha, sizeof d->wolf_alpha);
  memcpy(d->hunt_vp, hunt_vp[side], sizeof d->hunt_vp);
  memset(d->hunt_bonus, side ? WOLVES_BONUS_NONE : WOLVES_BONUS_ACTION, sizeof d->hunt_bonus);
  memcpy(d->moon_phase_date, moon_dates[n], sizeof d->moon_phase_date);
  memcpy(d->token_high, token_high, sizeof d->token_high);
  memcpy(d->token_low, token_low, sizeof d->token_low);
  memcpy(d->tile_front, tile_front, sizeof d->tile_front);
  memcpy(d->tile_back, tile_back, sizeof d->tile_back);
  memcpy(d->control, control, sizeof d->control);
  d->supply_bonus_terrain = 12; /* Components */
  d->supply_bonus_action = 12;
}

#define ATTR(member, a) offsetof(wolves_data, member) + (a)*WOLVES_ATTR_POSITIONS
#define P WOLVES_ATTR_POSITIONS
#define DIGITAL WOLVES_DIGITAL_EDITION
#define BGA "digital edition (alfadur/bga-wolves constants.inc.php)"
/* Range of the attribute values: Pack Spread is how many wolves one Move
 * carries; Wolf Speed and Howl Range are distances on the map. */
#define SPREAD WOLVES_FIELD_NUMBER, 0, WOLVES_MAX_MOVERS
#define DISTANCE WOLVES_FIELD_NUMBER, 0, 40
#define VP WOLVES_FIELD_NUMBER, 0, 255
#define BONUS WOLVES_FIELD_BONUS, 0, WOLVES_BONUS_ACTION
#define TERRAIN WOLVES_FIELD_TERRAIN, 0, WOLVES_TERRAINS - 1
/* An attribute's VP track and bonus tokens: digital edition on both sides,
 * the 2-player side the same for every attribute. */
#define ATTR_VP(name, a, example)                                                                            \
  {                                                                                                          \
    name, ATTR(attr_vp, a), P, VP, {DIGITAL, DIGITAL}, {                                                     \
      BGA ": adds 0,0,3,4 per marker; " example, BGA ": adds 0,0,2,3 per marker on the 2-player board"       \
    }                                                                                                        \
  }
#define ACTION_THEN_TERRAIN BGA ": Bonus Action (2) for the 2nd marker, Bonus Terrain (1) for the 4th"
#define TERRAIN_THEN_ACTION BGA ": Bonus Terrain (1) for the 2nd marker, Bonus Action (2) for the 4th"
#define ATTR_BONUS(name, a, note)                                                                            \
  {                                                                                                          \
    name, ATTR(attr_bonus, a), P, BONUS, {DIGITAL, DIGITAL}, { note, ACTION_THEN_TERRAIN }                   \
  }
#define SAME(prov, note)                                                                                     \
  {prov, prov}, { note, note }

static const wolves_data_field fields[] = {
    {"pack_spread.values", ATTR(attr_value, WOLVES_PACK_SPREAD), P, SPREAD,
     SAME(DIGITAL, BGA ": 2,3,3,4,4; Example: Move has Pack Spread 2 with no Den taken")},
    ATTR_VP("pack_spread.vp", WOLVES_PACK_SPREAD, "Example: Final Scoring reveals 7 with 4 Dens"),
    ATTR_BONUS("pack_spread.bonus", WOLVES_PACK_SPREAD, ACTION_THEN_TERRAIN),
    {"wolf_speed.values", ATTR(attr_value, WOLVES_WOLF_SPEED), P, DISTANCE,
     SAME(DIGITAL, BGA ": 3,4,4,5,5; Example: Move has Wolf Speed 3, Example: Build Den takes it to 4")},
    ATTR_VP("wolf_speed.vp", WOLVES_WOLF_SPEED, "Example: Final Scoring reveals 3 with 3 Dens"),
    ATTR_BONUS("wolf_speed.bonus", WOLVES_WOLF_SPEED, TERRAIN_THEN_ACTION),
    {"howl_range.values", ATTR(attr_value, WOLVES_HOWL_RANGE), P, DISTANCE,
     SAME(DIGITAL, BGA ": 2,3,3,4,4; Example: Howl has Howl Range 2 with no Den taken")},
    ATTR_VP("howl_range.vp", WOLVES_HOWL_RANGE, "Example: Final Scoring shows 0 with at most 2 Dens"),
    ATTR_BONUS("howl_range.bonus", WOLVES_HOWL_RANGE, TERRAIN_THEN_ACTION),
    {"lairs.vp",
     offsetof(wolves_data, lair_vp),
     WOLVES_LAIRS,
     VP,
     {DIGITAL, DIGITAL},
     {BGA ": 5 per Lair; ru Upgrade example reveals 5, Example: Final Scoring 15 for 3 Lairs",
      "ruling: the text says the 2-player values differ but prints none; the digital edition uses 5 per "
      "Lair on both sides, chosen on purpose"}},
    {"lairs.bonus", offsetof(wolves_data, lair_bonus), WOLVES_LAIRS, BONUS,
     SAME(WOLVES_PRINTED, "Upgrade Den into a Lair (C): every Lair gives a Bonus Terrain Token (1)")},
    {"wolves.vp",
     offsetof(wolves_data, wolf_vp),
     WOLVES_WOLF_SPACES,
     VP,
     {DIGITAL, DIGITAL},
     {BGA ": adds 1,1,1,1,2,2,2,2 per wolf; Example: Final Scoring reveals 4 with 4 wolves",
      "ruling: the text says the 2-player values differ but prints none; the digital edition uses the "
      "3-5 player values, chosen on purpose"}},
    {"wolves.alpha", offsetof(wolves_data, wolf_alpha), WOLVES_WOLF_SPACES, WOLVES_FIELD_FLAG, 0, 1,
     SAME(WOLVES_PRINTED, "Set Up Your Player Board: Alphas on the 3rd and 6th spaces")},
    {"prey.vp",
     offsetof(wolves_data, hunt_vp),
     WOLVES_HUNT_SPACES,
     VP,
     {DIGITAL, DIGITAL},
     {BGA ": adds 1,3,5,7,9 per prey; Example: Final Scoring reveals 9 with 3 prey",
      BGA ": adds 2,3,4,5,6 per prey on the 2-player board"}},
    {"prey.bonus",
     offsetof(wolves_data, hunt_bonus),
     WOLVES_HUNT_SPACES,
     BONUS,
     {WOLVES_PRINTED, WOLVES_PRINTED},
     {"Hunting (B): a Bonus Action Token (2) per prey", "2 Player Variant: no Bonus Action for prey"}},
    {"moon.phase_dates",
     offsetof(wolves_data, moon_phase_date),
     WOLVES_PHASES,
     WOLVES_FIELD_DATES,
     1,
     WOLVES_MOON_DATES,
     {DIGITAL, DIGITAL},
     {BGA ": 3 players 9,17,22, 4 players 11,20,26, 5 players 13,23,30 (30 dates printed)",
      BGA ": 2 players 7,13,18 (10 Lone Wolves and 8 Lairs make 18); pl labels 3G/2G read as no shared "
          "dates"}},
    {"tokens.high", offsetof(wolves_data, token_high), WOLVES_PHASES, VP,
     SAME(DIGITAL,
          "Crescent 4 printed (Example: Scoring a Region); Quarter 6, Full 8: " BGA ", 4 + 2 x phase")},
    {"tokens.low", offsetof(wolves_data, token_low), WOLVES_PHASES, VP,
     SAME(DIGITAL,
          "Crescent 2 printed (Example: Scoring a Region); Quarter 3, Full 4: " BGA ", half the high")},
    {"tiles.front", offsetof(wolves_data, tile_front), WOLVES_TILES, TERRAIN,
     SAME(WOLVES_PRINTED,
          "Set Up Your Player Board: the Faction tile (255, the pack's own terrain) and 5 "
          "tiles showing the 5 terrains; slot order forest, grass, desert, tundra, rocky is ours")},
    {"tiles.back", offsetof(wolves_data, tile_back), WOLVES_TILES, TERRAIN,
     SAME(DIGITAL, BGA ": Forest->Rocky, Grass->Tundra, Desert->Forest, Tundra->Desert, Rocky->Grass; "
                       "Example: Flipping Tiles turns Desert into Forest")},
    {"control", offsetof(wolves_data, control), 4, VP,
     SAME(WOLVES_PRINTED, "Scoring Regions: Den 1, Pack Wolf 1, Alpha Wolf 1, Lair 3")},
    {"supply.bonus_terrain", offsetof(wolves_data, supply_bonus_terrain), 1, VP,
     SAME(WOLVES_PRINTED, "Components: 12 Bonus Terrain Tokens")},
    {"supply.bonus_action", offsetof(wolves_data, supply_bonus_action), 1, VP,
     SAME(WOLVES_PRINTED, "Components: 12 Bonus Action Tokens")},
};

#undef SAME
#undef ATTR_BONUS
#undef TERRAIN_THEN_ACTION
#undef ACTION_THEN_TERRAIN
#undef ATTR_VP
#undef TERRAIN
#undef BONUS
#undef VP
#undef DISTANCE
#undef SPREAD
#undef BGA
#undef DIGITAL
#undef P
#undef ATTR

const wolves_data_field *wolves_data_field_at(int i) {
  if (i < 0 || i >= (int)(sizeof fields / sizeof *fields)) return NULL;
  return &fields[i];
}

const wolves_data_field *wolves_data_field_find(const char *name) {
  if (name == NULL) return NULL;
  for (size_t i = 0; i < sizeof fields / sizeof *fields; i++)
    if (strcmp(fields[i].name, name) == 0) return &fields[i];
  return NULL;
}

const char *wolves_data_value_check(const wolves_data_field *f, int i, int v, int prev) {
  if (f == NULL) return "a field of the table (wolves_data_field_at), not NULL";
  if (i < 0 || i >= f->count) return "an index within the field's values";
  switch (f->kind) {
  case WOLVES_FIELD_BONUS:
    return v >= f->lo && v <= f->hi ? NULL : "a bonus kind: 0 none, 1 Bonus Terrain, 2 Bonus Action";
  case WOLVES_FIELD_FLAG:
    return v == 0 || v == 1 ? NULL : "0 or 1";
  case WOLVES_FIELD_TERRAIN:
    /* Slot 0 is the Faction tile: the pack's own terrain (WOLVES_NONE). */
    if (i == 0)
      return v == WOLVES_NONE ? NULL : "255 in slot 1: the Faction tile shows the pack's own terrain";
    return v >= f->lo && v <= f->hi ? NULL : "a terrain: 0 forest, 1 grass, 2 desert, 3 tundra, 4 rocky";
  case WOLVES_FIELD_DATES:
    if (v < f->lo || v > f->hi) return "a Moonlight date from 1 to 30";
    return i == 0 || v > prev ? NULL : "later than the phase before (dates strictly increase)";
  default:
    return v >= f->lo && v <= f->hi ? NULL : "within the field's range";
  }
}
