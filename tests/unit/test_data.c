/* test_data.c - the component data (data.c): the field table, and the
 * worked examples of the manual that the reconstructed defaults must keep. */
#include "unit.h"
#include "wolves.h"

static void field_table(unit *u) {
  int n = 0;
  for (const wolves_data_field *f; (f = wolves_data_field_at(n)) != NULL; n++) {
    EXPECT(u, f->name != NULL && f->source != NULL && f->source[0] != '\0');
    EXPECT(u, f->count > 0 && f->offset + f->count <= sizeof(wolves_data));
    EXPECT(u, f->printed == 0 || f->printed == 1);
    EXPECT(u, wolves_data_field_find(f->name) == f);
    for (int j = 0; j < n; j++) {
      const wolves_data_field *g = wolves_data_field_at(j);
      if (strcmp(g->name, f->name) == 0) UNIT_FAIL_AT(u, "duplicate field %s", f->name);
      if (f->offset < g->offset + g->count && g->offset < f->offset + f->count)
        UNIT_FAIL_AT(u, "fields %s and %s overlap", f->name, g->name);
    }
  }
  EXPECT_EQ(u, n, 24);
  EXPECT(u, wolves_data_field_at(-1) == NULL);
  EXPECT(u, wolves_data_field_find("wolf_speed") == NULL);
  EXPECT(u, wolves_data_field_find("") == NULL);
  static const char *const printed[] = {"lairs.bonus",       "wolves.alpha",         "prey.bonus",
                                        "control",           "supply.bonus_terrain", "supply.bonus_action",
                                        "supply.lone_wolves"};
  for (size_t i = 0; i < sizeof printed / sizeof *printed; i++) {
    const wolves_data_field *f = wolves_data_field_find(printed[i]);
    EXPECT(u, f != NULL && f->printed == 1);
  }
  const wolves_data_field *ws = wolves_data_field_find("wolf_speed.values");
  EXPECT(u, ws != NULL && ws->printed == 0 && ws->count == WOLVES_ATTR_POSITIONS);
  wolves_data d;
  wolves_data_defaults(&d, 3);
  EXPECT_EQ(u, ((const uint8_t *)&d)[ws->offset + 1], d.attr_value[WOLVES_WOLF_SPEED][1]);
  const wolves_data_field *md = wolves_data_field_find("moon.phase_dates");
  EXPECT_EQ(u, ((const uint8_t *)&d)[md->offset + 2], d.moon_phase_date[WOLVES_FULL]);
}

/* Highest VP revealed with k spaces uncovered (Game End and Final Scoring);
 * an attribute's position 0 is never covered. */
static int highest(const uint8_t *vp, int k, int first) {
  int best = 0;
  for (int i = first; i < first + k; i++)
    if (vp[i] > best) best = vp[i];
  return best;
}

static int reachable(const uint8_t *vp, int n, int first, int want) {
  for (int k = 0; k <= n; k++)
    if (highest(vp, k, first) == want) return 1;
  return 0;
}

static int attr_has(const wolves_data *d, int a, int value) {
  for (int k = 0; k < WOLVES_ATTR_POSITIONS; k++)
    if (d->attr_value[a][k] == value) return 1;
  return 0;
}

static void worked_examples(unit *u) {
  wolves_data d;
  for (int n = 3; n <= 5; n++) {
    wolves_data_defaults(&d, n);
    /* Example: Move - Wolf Speed 3, Pack Spread 2. */
    EXPECT(u, attr_has(&d, WOLVES_WOLF_SPEED, 3) && attr_has(&d, WOLVES_PACK_SPREAD, 2));
    /* Example: Build Den - one Den Marker from Wolf Speed: 3 -> 4. */
    int up = 0;
    for (int k = 0; k + 1 < WOLVES_ATTR_POSITIONS; k++)
      up |= d.attr_value[WOLVES_WOLF_SPEED][k] == 3 && d.attr_value[WOLVES_WOLF_SPEED][k + 1] == 4;
    EXPECT(u, up);
    /* Example: Howl - Howl Range 2. */
    EXPECT(u, attr_has(&d, WOLVES_HOWL_RANGE, 2));
    /* Example: Final Scoring - 7 + 3 + 0 + 15 + 9 + 4 on the tracks. */
    EXPECT(u, reachable(d.attr_vp[WOLVES_PACK_SPREAD], WOLVES_ATTR_POSITIONS - 1, 1, 7));
    EXPECT(u, reachable(d.attr_vp[WOLVES_WOLF_SPEED], WOLVES_ATTR_POSITIONS - 1, 1, 3));
    EXPECT(u, reachable(d.attr_vp[WOLVES_HOWL_RANGE], WOLVES_ATTR_POSITIONS - 1, 1, 0));
    EXPECT(u, reachable(d.lair_vp, WOLVES_LAIRS, 0, 15));
    EXPECT(u, reachable(d.hunt_vp, WOLVES_HUNT_SPACES, 0, 9));
    EXPECT(u, reachable(d.wolf_vp, WOLVES_WOLF_SPACES, 0, 4));
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
        EXPECT(u, d.attr_value[a][k] > d.attr_value[a][k - 1]);
        EXPECT(u, d.attr_vp[a][k] >= d.attr_vp[a][k - 1]);
      }
      /* ru: a completed row (positions 2 and 4) gives a bonus token. */
      for (int k = 0; k < WOLVES_ATTR_POSITIONS; k++)
        EXPECT_EQ(u, d.attr_bonus[a][k] != WOLVES_BONUS_NONE, k == 2 || k == 4);
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
    EXPECT_EQ(u, d.supply_lone_wolves, 20);
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
  UNIT_RUN(u, worked_examples);
  UNIT_RUN(u, printed_values);
}
