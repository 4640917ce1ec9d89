/* test_readings.c - the table of readings (readings.c) and its API, and
 * random games under the readings that are not ours: every action the
 * sampler draws applies, and every position keeps the invariants. */
#include "engine.h"
#include "unit.h"

static const uint8_t packs5[WOLVES_MAX_PLAYERS] = {WOLVES_ROCKY, WOLVES_GRASS, WOLVES_TUNDRA, WOLVES_FOREST,
                                                   WOLVES_DESERT};

/* Each choice's editions: words among the rulebook editions, and no
 * edition named by two choices of one point (its profile takes one). */
static void editions(unit *u) {
  static const char *const known[] = {"en", "pl", "ru", "uk", "summary"};
  for (int p = 0; p < WOLVES_READINGS; p++) {
    const wolves_reading *r = wolves_reading_at(p);
    int named[5] = {0};
    for (int i = 0; r != NULL && i < r->count; i++) {
      char words[64];
      snprintf(words, sizeof words, "%s", r->choice[i].editions);
      for (char *save = NULL, *w = strtok_r(words, " ", &save); w != NULL; w = strtok_r(NULL, " ", &save)) {
        int k = 0;
        while (k < 5 && strcmp(w, known[k]) != 0) k++;
        if (k == 5)
          UNIT_FAIL_AT(u, "point %d, %s: edition '%s'", p, r->choice[i].name, w);
        else if (named[k]++)
          UNIT_FAIL_AT(u, "point %d: %s named twice", p, w);
      }
    }
  }
  /* the editions of the new points, read against their taken_by */
  EXPECT(u, strcmp(wolves_reading_at(WOLVES_READ_ALPHA_PUSH)->choice[1].editions, "summary") == 0);
  EXPECT(u, strcmp(wolves_reading_at(WOLVES_READ_LAIR_PUSH)->choice[1].editions, "pl summary") == 0);
  EXPECT(u, strcmp(wolves_reading_at(WOLVES_READ_TIE_ALPHAS)->choice[0].editions, "ru") == 0);
  EXPECT(u, strcmp(wolves_reading_at(WOLVES_READ_TIE_ALPHAS)->choice[1].editions, "en pl uk summary") == 0);
}

static void table(unit *u) {
  static const char *const ids[WOLVES_READINGS] = {
      "MOVE.PUSH_CHOICE",        "DEN.TOKEN_HEX",   "DOM.PLACEMENT", "HUNT.SURROUND",
      "TWO.SECOND_PLAYER_BONUS", "MOVE.ALPHA_PUSH", "LAIR.PUSH",     "END.TIE_ALPHAS"};
  static const char *const names[WOLVES_READINGS][2] = {
      {"straight", "walk"},   {"refuse", "allow"},     {"refuse", "allow"},     {"every-pack", "acting-pack"},
      {"draft-end", "setup"}, {"nearest", "adjacent"}, {"nearest", "adjacent"}, {"alphas", "shared"}};
  EXPECT(u, wolves_reading_at(-1) == NULL);
  EXPECT(u, wolves_reading_at(WOLVES_READINGS) == NULL);
  for (int p = 0; p < WOLVES_READINGS; p++) {
    const wolves_reading *r = wolves_reading_at(p);
    EXPECT(u, r != NULL && r->point == p);
    if (r == NULL) continue;
    EXPECT(u, strcmp(wolves_clause_get(r->clause)->id, ids[p]) == 0);
    EXPECT(u, wolves_reading_find(ids[p]) == r);
    EXPECT_EQ(u, r->count, 2);
    for (int i = 0; i < r->count; i++) {
      EXPECT(u, strcmp(r->choice[i].name, names[p][i]) == 0);
      EXPECT(u, r->choice[i].text[0] != '\0' && r->choice[i].taken_by[0] != '\0');
      EXPECT(u, r->choice[i].editions != NULL);
      EXPECT_EQ(u, wolves_reading_choice_find(r, names[p][i]), i);
    }
    EXPECT_EQ(u, wolves_reading_choice_find(r, "nope"), -1);
  }
  /* the engine's names for index 1 (engine.h) are the table's */
  static const struct {
    int point;
    const char *name;
    int index;
  } alternatives[] = {
      {WOLVES_READ_PUSH_NEAREST, "walk", WOLVES_PUSH_WALK},
      {WOLVES_READ_DEN_TOKEN_HEX, "allow", WOLVES_DEN_TOKEN_ALLOW},
      {WOLVES_READ_DOM_DEN_PLACEMENT, "allow", WOLVES_DOM_DEN_ALLOW},
      {WOLVES_READ_HUNT_WHO, "acting-pack", WOLVES_HUNT_ACTING_PACK},
      {WOLVES_READ_SECOND_BONUS, "setup", WOLVES_SECOND_BONUS_SETUP},
      {WOLVES_READ_ALPHA_PUSH, "adjacent", WOLVES_ALPHA_PUSH_ADJACENT},
      {WOLVES_READ_LAIR_PUSH, "adjacent", WOLVES_LAIR_PUSH_ADJACENT},
      {WOLVES_READ_TIE_ALPHAS, "shared", WOLVES_TIE_SHARED},
  };
  EXPECT_EQ(u, (int)(sizeof alternatives / sizeof alternatives[0]), WOLVES_READINGS);
  for (size_t k = 0; k < sizeof alternatives / sizeof alternatives[0]; k++)
    EXPECT_EQ(u, wolves_reading_choice_find(wolves_reading_at(alternatives[k].point), alternatives[k].name),
              alternatives[k].index);
  EXPECT(u, wolves_reading_find("MOVE.LAIR_BLOCKS") == NULL);
  EXPECT(u, wolves_reading_find("NOPE") == NULL);
  EXPECT(u, wolves_reading_find(NULL) == NULL);
  EXPECT_EQ(u, wolves_reading_choice_find(NULL, "allow"), -1);
}

static void set(unit *u) {
  wolves_game g;
  wolves_state s;
  EXPECT_EQ(u, wolves_setup(&g, &s, 3, packs5, WOLVES_NONE, 1, NULL), 0);
  for (int p = 0; p < WOLVES_READINGS; p++) {
    EXPECT_EQ(u, g.reading[p], 0); /* setup: ours */
    EXPECT(u, strcmp(wolves_reading_name(&g, p), wolves_reading_at(p)->choice[0].name) == 0);
  }
  EXPECT_EQ(u, wolves_reading_set(&g, "DEN.TOKEN_HEX", "allow"), 0);
  EXPECT_EQ(u, g.reading[WOLVES_READ_DEN_TOKEN_HEX], 1);
  EXPECT(u, strcmp(wolves_reading_name(&g, WOLVES_READ_DEN_TOKEN_HEX), "allow") == 0);
  const wolves_game before = g;
  EXPECT_EQ(u, wolves_reading_set(&g, "DEN.TOKEN_HEX", "walk"), -1);
  EXPECT_EQ(u, wolves_reading_set(&g, "MOVE.LAIR_BLOCKS", "allow"), -1);
  EXPECT_EQ(u, wolves_reading_set(&g, NULL, "allow"), -1);
  EXPECT_EQ(u, wolves_reading_set(&g, "DEN.TOKEN_HEX", NULL), -1);
  EXPECT_EQ(u, wolves_reading_set(NULL, "DEN.TOKEN_HEX", "allow"), -1);
  EXPECT(u, memcmp(&before, &g, sizeof g) == 0);
  EXPECT_EQ(u, wolves_reading_set(&g, "DEN.TOKEN_HEX", "refuse"), 0);
  EXPECT_EQ(u, g.reading[WOLVES_READ_DEN_TOKEN_HEX], 0);
  EXPECT(u, wolves_reading_name(&g, WOLVES_READINGS) == NULL);
  g.reading[WOLVES_READ_HUNT_WHO] = 7; /* not a reading: no name */
  EXPECT(u, wolves_reading_name(&g, WOLVES_READ_HUNT_WHO) == NULL);
}

/* A Den or Lair on a hex that still holds a token. */
static int den_on_token(const wolves_game *g, const wolves_state *s) {
  for (int h = 0; h < g->board.nhex; h++)
    if (wolves_has_token(s, (uint8_t)h) && wolves_has_marker(s, (uint8_t)h)) return 1;
  return 0;
}

/* Self-play with every reading the other one: the sampler's actions all
 * apply, the legal list is empty exactly when the sampler finds nothing,
 * and every position keeps the invariants (which a Den on a token breaks
 * under ours). */
static void random_games(unit *u) {
  int dens_on_tokens = 0;
  for (int n = 2; n <= WOLVES_MAX_PLAYERS; n++)
    for (uint64_t seed = 1; seed <= 3; seed++) {
      wolves_game g;
      wolves_state s;
      EXPECT_EQ(u, wolves_setup(&g, &s, n, packs5, packs5[4], seed, NULL), 0);
      for (int p = 0; p < WOLVES_READINGS; p++) g.reading[p] = 1;
      EXPECT_EQ(u, wolves_setup_readings(&g, &s, NULL), 0);
      wolves_rng rng;
      wolves_rng_seed(&rng, seed * 31 + (uint64_t)n);
      static wolves_action legal[4096];
      int seen = 0;
      for (int k = 0; k < 3000 && s.phase != WOLVES_PHASE_OVER; k++) {
        wolves_action a;
        wolves_state after;
        const int any = wolves_sample(&g, &s, &rng, &a, &after);
        EXPECT_EQ(u, any, wolves_legal_actions(&g, &s, legal, 4096) > 0);
        if (!any) break;
        EXPECT_EQ(u, wolves_apply(&g, &s, &a, NULL), WOLVES_OK);
        EXPECT(u, memcmp(&s, &after, sizeof s) == 0);
        uint8_t where;
        const char *why = wolves_invariants(&g, &s, &where);
        if (why != NULL) {
          UNIT_FAIL_AT(u, "%d players, seed %llu, action %d: %s", n, (unsigned long long)seed, k, why);
          break;
        }
        seen |= den_on_token(&g, &s);
      }
      EXPECT(u, s.phase == WOLVES_PHASE_OVER);
      dens_on_tokens += seen;
    }
  EXPECT(u, dens_on_tokens > 0); /* the reading "allow" was used */
}

void unit_suite_readings(unit *u) {
  UNIT_RUN(u, table);
  UNIT_RUN(u, editions);
  UNIT_RUN(u, set);
  UNIT_RUN(u, random_games);
}
