/* test_editions.c - edition profiles (editions.c): names in any case, the
 * profile each edition takes from the table's `editions` lists, and
 * wolves_edition_apply. */
#include "engine.h"
#include "unit.h"

static void names(unit *u) {
  static const char *const codes[WOLVES_EDITIONS] = {"wolves", "en", "pl", "ru", "uk", "summary"};
  for (int e = 0; e < WOLVES_EDITIONS; e++) {
    EXPECT(u, strcmp(wolves_edition_name(e), codes[e]) == 0);
    EXPECT_EQ(u, wolves_edition_find(codes[e]), e);
    EXPECT(u, wolves_edition_title(e) != NULL && wolves_edition_title(e)[0] != '\0');
  }
  EXPECT_EQ(u, wolves_edition_find("RU"), WOLVES_EDITION_RU); /* any case (issue 34) */
  EXPECT_EQ(u, wolves_edition_find("Summary"), WOLVES_EDITION_SUMMARY);
  EXPECT_EQ(u, wolves_edition_find("r"), -1); /* whole names, no prefixes */
  EXPECT_EQ(u, wolves_edition_find("rus"), -1);
  EXPECT_EQ(u, wolves_edition_find(""), -1);
  EXPECT_EQ(u, wolves_edition_find(NULL), -1);
  EXPECT(u, wolves_edition_name(-1) == NULL && wolves_edition_name(WOLVES_EDITIONS) == NULL);
  EXPECT(u, wolves_edition_title(WOLVES_EDITIONS) == NULL);
  /* reading names too are matched in any case */
  EXPECT_EQ(u, wolves_reading_choice_find(wolves_reading_at(WOLVES_READ_DEN_TOKEN_HEX), "ALLOW"), 1);
}

/* Every edition is named by at most one reading of a point (else which it
 * takes would hang on the table's order), and only known codes are used. */
static void table_lists(unit *u) {
  for (int p = 0; p < WOLVES_READINGS; p++) {
    const wolves_reading *r = wolves_reading_at(p);
    for (int e = 1; e < WOLVES_EDITIONS; e++) {
      int named = 0;
      const char *code = wolves_edition_name(e);
      for (int i = 0; i < r->count; i++) {
        const char *list = r->choice[i].editions;
        for (const char *w = list; *w; w += strspn(w, " ")) {
          const size_t n = strcspn(w, " ");
          named += wolves_name_equal(w, n, code);
          if (e == 1) { /* each word once: a known code, and not "wolves" */
            int known = 0;
            for (int k = 1; k < WOLVES_EDITIONS; k++)
              known += wolves_name_equal(w, n, wolves_edition_name(k));
            EXPECT_EQ(u, known, 1);
          }
          w += n;
        }
      }
      EXPECT(u, named <= 1);
    }
  }
}

static void profiles(unit *u) {
  /* the choices the table held before issue 34's new readings: en, pl,
   * ru and uk take ours; the summary names acting-pack at HUNT.SURROUND */
  EXPECT_EQ(u, wolves_edition_reading(WOLVES_EDITION_SUMMARY, WOLVES_READ_HUNT_WHO), 1);
  EXPECT_EQ(u, wolves_edition_reading(WOLVES_EDITION_RU, WOLVES_READ_HUNT_WHO), 0);
  EXPECT_EQ(u, wolves_edition_reading(WOLVES_EDITION_SUMMARY, WOLVES_READ_PUSH_NEAREST), 0); /* none named */
  EXPECT_EQ(u, wolves_edition_reading(-1, 0), -1);
  EXPECT_EQ(u, wolves_edition_reading(0, WOLVES_READINGS), -1);
  wolves_game g;
  memset(&g, 0, sizeof g);
  for (int e = 0; e < WOLVES_EDITIONS; e++) {
    memset(g.reading, 7, sizeof g.reading);
    EXPECT_EQ(u, wolves_edition_apply(&g, e), 0);
    for (int p = 0; p < WOLVES_READINGS; p++) {
      EXPECT_EQ(u, g.reading[p], wolves_edition_reading(e, p));
      if (e == WOLVES_EDITION_DEFAULT) EXPECT_EQ(u, g.reading[p], 0); /* the default is ours throughout */
    }
  }
  memset(g.reading, 1, sizeof g.reading);
  EXPECT_EQ(u, wolves_edition_apply(&g, WOLVES_EDITIONS), -1);
  EXPECT_EQ(u, g.reading[0], 1); /* unchanged */
  EXPECT_EQ(u, wolves_edition_apply(NULL, 0), -1);
}

void unit_suite_editions(unit *u) {
  UNIT_RUN(u, names);
  UNIT_RUN(u, table_lists);
  UNIT_RUN(u, profiles);
}
