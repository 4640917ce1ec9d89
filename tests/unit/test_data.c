/* test_data.c - the component data (data.c): the field table, and the
 * worked examples of the manual that the reconstructed defaults must keep. */
#include "unit.h"
#include "wolves.h"

static void field_table(unit *u) {
  int n = 0;
  for (const wolves_data_field *f; (f = wolves_data_field_at(n)) != NULL; n++) {
    EXPECT(u, f->name != NULL);
    EXPECT(u, f->count > 0 && f->offset + f->count <= sizeof(wolves_data));
    EXPECT(u, f->lo <= f->hi);
    for (int side = 0; side < 2; side++) {
      EXPECT(u, f->source[side] != NULL && f->source[side][0] != '\0');
      EXPECT(u, f->provenance[side] <= WOLVES_RECONSTRUCTED);
      EXPECT(u, strcmp(wolves_provenance_name(f->provenance[side]), "?") != 0);
    }
    EXPECT(u, wolves_data_field_find(f->name) == f);
    for (int j = 0; j < n; j++) {
      const wolves_data_field *g = wolves_data_field_at(j);
      if (strcmp(g->name, f->name) == 0) UNIT_FAIL_AT(u, "duplicate field %s", f->name);
      if (f->offset < g->offset + g->count && g->offset < f->offset + f->count)
        UNIT_FAIL_AT(u, "fields %s and %s overlap", f->name, g->name);
    }
    /* Every default passes the field's own check. */
    for (int players = 2; players <= WOLVES_MAX_PLAYERS; players++) {
      wolves_data d;
      wolves_data_defaults(&d, players);
      const uint8_t *v = (const uint8_t *)&d + f->offset;
      for (int i = 0; i < f->count; i++)
        if (wolves_data_value_check(f, i, v[i], i > 0 ? v[i - 1] : 0) != NULL)
          UNIT_FAIL_AT(u, "%s[%d] = %d fails its check (%d players)", f->name, i, v[i], players);
    }
  }
  EXPECT_EQ(u, n, 23);
  EXPECT(u, wolves_data_field_at(-1) == NULL);
  EXPECT(u, wolves_data_field_find("wolf_speed") == NULL);
  EXPECT(u, wolves_data_field_find("supply.lone_wolves") == NULL); /* never read by the engine */
  EXPECT(u, wolves_data_field_find("") == NULL);
  static const char *const printed[] = {"lairs.bonus", "wolves.alpha",         "prey.bonus",
                                        "control",     "supply.bonus_terrain", "supply.bonus_action"};
  for (size_t i = 0; i < sizeof printed / sizeof *printed; i++) {
    const wolves_data_field *f = wolves_data_field_find(printed[i]);
    EXPECT(u, f != NULL && f->provenance[0] == WOLVES_PRINTED && f->provenance[1] == WOLVES_PRINTED);
  }
  const wolves_data_field *ws = wolves_data_field_find("wolf_speed.values");
  EXPECT(u, ws != NULL && ws->provenance[0] == WOLVES_DIGITAL_EDITION && ws->count == WOLVES_ATTR_POSITIONS);
  wolves_data d;
  wolves_data_defaults(&d, 3);
  EXPECT_EQ(u, ((const uint8_t *)&d)[ws->offset + 1], d.attr_value[WOLVES_WOLF_SPEED][1]);
  const wolves_data_field *md = wolves_data_field_find("moon.phase_dates");
  EXPECT_EQ(u, ((const uint8_t *)&d)[md->offset + 2], d.moon_phase_date[WOLVES_FULL]);
  EXPECT_EQ(u, wolves_data_side(2), 1);
  for (int players = 3; players <= 5; players++) EXPECT_EQ(u, wolves_data_side(players), 0);
}

/* Values refused as the engine would misuse them (an index, a kind, a
 * date, a loop bound). */
static void value_checks(unit *u) {
  const wolves_data_field *front = wolves_data_field_find("tiles.front");
  EXPECT(u, wolves_data_value_check(front, 0, WOLVES_NONE, 0) == NULL);
  EXPECT(u, wolves_data_value_check(front, 0, WOLVES_FOREST, 0) != NULL);
  EXPECT(u, wolves_data_value_check(front, 5, WOLVES_ROCKY, 0) == NULL);
  EXPECT(u, wolves_data_value_check(front, 5, 100, 0) != NULL);
  EXPECT(u, wolves_data_value_check(front, 1, WOLVES_NONE, 0) != NULL);
  const wolves_data_field *dates = wolves_data_field_find("moon.phase_dates");
  EXPECT(u, wolves_data_value_check(dates, 0, 0, 0) != NULL);
  EXPECT(u, wolves_data_value_check(dates, 0, 1, 0) == NULL);
  EXPECT(u, wolves_data_value_check(dates, 1, 9, 9) != NULL);
  EXPECT(u, wolves_data_value_check(dates, 2, 31, 20) != NULL);
  EXPECT(u, wolves_data_value_check(dates, 2, 30, 20) == NULL);
  const wolves_data_field *bonus = wolves_data_field_find("prey.bonus");
  EXPECT(u, wolves_data_value_check(bonus, 0, WOLVES_BONUS_ACTION, 0) == NULL);
  EXPECT(u, wolves_data_value_check(bonus, 0, 3, 0) != NULL);
  EXPECT(u, wolves_data_value_check(wolves_data_field_find("wolves.alpha"), 0, 2, 0) != NULL);
  const wolves_data_field *spread = wolves_data_field_find("pack_spread.values");
  EXPECT(u, wolves_data_value_check(spread, 4, WOLVES_MAX_MOVERS, 0) == NULL);
  EXPECT(u, wolves_data_value_check(spread, 4, WOLVES_MAX_MOVERS + 1, 0) != NULL);
  EXPECT(u, wolves_data_value_check(wolves_data_field_find("prey.vp"), 0, 255, 0) == NULL);
}

/* The defaults are the published game's numbers as shared/components.md
 * transcribes them from the digital edition. */
static void published_numbers(unit *u) {
  static const uint8_t values[3][5] = {{2, 3, 3, 4, 4}, {3, 4, 4, 5, 5}, {2, 3, 3, 4, 4}};
  static const uint8_t dates[6][3] = {{0}, {0}, {7, 13, 18}, {9, 17, 22}, {11, 20, 26}, {13, 23, 30}};
  static const uint8_t back_of[WOLVES_TERRAINS] = {WOLVES_ROCKY, WOLVES_TUNDRA, WOLVES_FOREST, WOLVES_DESERT,
                                                   WOLVES_GRASS};
  for (int n = 2; n <= 5; n++) {
    const int two = n == 2;
    wolves_data d;
    wolves_data_defaults(&d, n);
    EXPECT(u, memcmp(d.attr_value, values, sizeof values) == 0);
    for (int a = 0; a < WOLVES_ATTRIBUTES; a++) {
      /* running sums of 0,0,3,4 (2 players 0,0,2,3) */
      static const uint8_t vp[2][5] = {{0, 0, 0, 3, 7}, {0, 0, 0, 2, 5}};
      EXPECT(u, memcmp(d.attr_vp[a], vp[two], 5) == 0);
      for (int k = 0; k < WOLVES_ATTR_POSITIONS; k++) EXPECT_EQ(u, d.attr_bonus[a][k] != 0, k == 2 || k == 4);
      const int second = two || a == WOLVES_PACK_SPREAD ? WOLVES_BONUS_ACTION : WOLVES_BONUS_TERRAIN;
      EXPECT_EQ(u, d.attr_bonus[a][2], second);
      EXPECT_EQ(u, d.attr_bonus[a][4],
                second == WOLVES_BONUS_ACTION ? WOLVES_BONUS_TERRAIN : WOLVES_BONUS_ACTION);
    }
    static const uint8_t lairs[4] = {5, 10, 15, 20}, wolves[8] = {1, 2, 3, 4, 6, 8, 10, 12};
    static const uint8_t prey[2][5] = {{1, 4, 9, 16, 25}, {2, 5, 9, 14, 20}};
    EXPECT(u, memcmp(d.lair_vp, lairs, 4) == 0);
    EXPECT(u, memcmp(d.wolf_vp, wolves, 8) == 0);
    EXPECT(u, memcmp(d.hunt_vp, prey[two], 5) == 0);
    EXPECT(u, memcmp(d.moon_phase_date, dates[n], 3) == 0);
    for (int p = 0; p < WOLVES_PHASES; p++) {
      EXPECT_EQ(u, d.token_high[p], 4 + 2 * p);
      EXPECT_EQ(u, d.token_low[p], (4 + 2 * p) / 2);
    }
    for (int s = 1; s < WOLVES_TILES; s++) EXPECT_EQ(u, d.tile_back[s], back_of[d.tile_front[s]]);
  }
}

/* Highest VP revealed with k spaces uncovered (Game End and Final Scoring);
 * an attribute's position 0 is never covered. */
static int highest(const uint8_t *vp, int k, int first) {
  int best = 0;
  for (int i = first; i < first + k; i++)
    if (vp[i] > best) best = vp[i];
  return best;
}

static void worked_examples(unit *u) {
  wolves_data d;
  for (int n = 3; n <= 5; n++) {
    wolves_data_defaults(&d, n);
    /* Example: Move - Wolf Speed 3, Pack Spread 2, with no Den taken. */
    EXPECT_EQ(u, d.attr_value[WOLVES_WOLF_SPEED][0], 3);
    EXPECT_EQ(u, d.attr_value[WOLVES_PACK_SPREAD][0], 2);
    /* Example: Build Den - the first Den Marker from Wolf Speed: 3 -> 4. */
    EXPECT_EQ(u, d.attr_value[WOLVES_WOLF_SPEED][1], 4);
    /* Example: Howl - Howl Range 2 with no Den taken. */
    EXPECT_EQ(u, d.attr_value[WOLVES_HOWL_RANGE][0], 2);
    /* Example: Final Scoring - 4 Pack Spread Dens 7, 3 Wolf Speed Dens 3,
     * at most 2 Howl Range Dens 0, 3 Lairs 15, 3 prey 9, 4 wolves 4. */
    EXPECT_EQ(u, highest(d.attr_vp[WOLVES_PACK_SPREAD], 4, 1), 7);
    EXPECT_EQ(u, highest(d.attr_vp[WOLVES_WOLF_SPEED], 3, 1), 3);
    EXPECT_EQ(u, highest(d.attr_vp[WOLVES_HOWL_RANGE], 2, 1), 0);
    EXPECT_EQ(u, highest(d.lair_vp, 3, 0), 15);
    EXPECT_EQ(u, highest(d.hunt_vp, 3, 0), 9);
    EXPECT_EQ(u, highest(d.wolf_vp, 4, 0), 4);
    /* ru, Upgrading a Den: the first Lair reveals 5 VP. */
    EXPECT_EQ(u, d.lair_vp[0], 5);
    /* Example: Scoring a Region - Crescent 4, second place 2. */
    EXPECT_EQ(u, d.token_high[WOLVES_CRESCENT], 4);
    EXPECT_EQ(u, d.token_low[WOLVES_CRESCENT], 2);
    /* Hunting (B): a Bonus Action per prey space. */
    for (int i = 0; i < WOLVES_HUNT_SPACES; i++) EXPECT_EQ(u, d.hunt_bonus[i], WOLVES_BONUS_ACTION);
  }
  /* Final Scoring's tokens (16) from Region Scoring Tokens and VP Tokens. */
  int sixteen = 0;
  for (int a = 0; a < 2 * WOLVES_PHASES; a++)
    for (int b = a; b < 2 * WOLVES_PHASES; b++)
      for (int c = b; c < 2 * WOLVES_PHASES; c++) {
        const int va = a < 3 ? d.token_high[a] : d.token_low[a - 3],
                  vb = b < 3 ? d.token_high[b] : d.token_low[b - 3],
                  vc = c < 3 ? d.token_high[c] : d.token_low[c - 3];
        sixteen |= va + vb + vc == 16;
      }
  EXPECT(u, sixteen);
}

static void printed_values(unit *u) {
  for (int n = 2; n <= 5; n++) {
    wolves_data d;
    wolves_data_defaults(&d, n);
    for (int a = 0; a < WOLVES_ATTRIBUTES; a++) {
      for (int k = 1; k < WOLVES_ATTR_POSITIONS; k++) {
        EXPECT(u, d.attr_value[a][k] >= d.attr_value[a][k - 1]);
        EXPECT(u, d.attr_vp[a][k] >= d.attr_vp[a][k - 1]);
      }
    }
    for (int i = 0; i < WOLVES_LAIRS; i++) EXPECT_EQ(u, d.lair_bonus[i], WOLVES_BONUS_TERRAIN);
    for (int i = 0; i < WOLVES_WOLF_SPACES; i++) EXPECT_EQ(u, d.wolf_alpha[i], i == 2 || i == 5);
    if (n == 2)
      for (int i = 0; i < WOLVES_HUNT_SPACES; i++) EXPECT_EQ(u, d.hunt_bonus[i], WOLVES_BONUS_NONE);
    EXPECT(u, d.moon_phase_date[0] >= 1 && d.moon_phase_date[2] <= WOLVES_MOON_DATES);
    EXPECT(u, d.moon_phase_date[0] < d.moon_phase_date[1] && d.moon_phase_date[1] < d.moon_phase_date[2]);
    for (int p = 0; p < WOLVES_PHASES; p++) EXPECT(u, d.token_low[p] < d.token_high[p]);
    EXPECT_EQ(u, d.control[WOLVES_DEN], 1);
    EXPECT_EQ(u, d.control[WOLVES_PACK], 1);
    EXPECT_EQ(u, d.control[WOLVES_ALPHA], 1);
    EXPECT_EQ(u, d.control[WOLVES_LAIR], 3);
    EXPECT_EQ(u, d.supply_bonus_terrain, 12);
    EXPECT_EQ(u, d.supply_bonus_action, 12);
    /* SETUP.TILES: slots 2-6 show 5 different terrains on each side. */
    unsigned front = 0, back = 0;
    for (int s = 1; s < WOLVES_TILES; s++) {
      front |= 1u << d.tile_front[s];
      back |= 1u << d.tile_back[s];
      EXPECT(u, d.tile_front[s] != d.tile_back[s]);
    }
    EXPECT_EQ(u, front, 0x1F);
    EXPECT_EQ(u, back, 0x1F);
  }
  /* 2 and 3 players share the 2/3 side; the sides differ in their VP. */
  wolves_data two, three;
  wolves_data_defaults(&two, 2);
  wolves_data_defaults(&three, 3);
  EXPECT(u, memcmp(two.hunt_vp, three.hunt_vp, sizeof two.hunt_vp) != 0);
}

void unit_suite_data(unit *u) {
  UNIT_RUN(u, field_table);
  UNIT_RUN(u, value_checks);
  UNIT_RUN(u, published_numbers);
  UNIT_RUN(u, worked_examples);
  UNIT_RUN(u, printed_values);
}
