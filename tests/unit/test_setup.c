/* test_setup.c - seeded setup (setup.c): validation, determinism, and the
 * pools of Game Setup and the 2 Player Variant. */
#include "board.h"
#include "unit.h"
#include "wolves.h"

static const uint8_t packs5[WOLVES_MAX_PLAYERS] = {WOLVES_ROCKY, WOLVES_GRASS, WOLVES_TUNDRA, WOLVES_FOREST,
                                                   WOLVES_DESERT};

static void validation(unit *u) {
  wolves_game g;
  wolves_state s;
  const uint8_t dup[3] = {WOLVES_GRASS, WOLVES_ROCKY, WOLVES_GRASS};
  const uint8_t bad[3] = {WOLVES_GRASS, WOLVES_NONE, WOLVES_ROCKY};
  EXPECT_EQ(u, wolves_setup(&g, &s, 1, packs5, WOLVES_NONE, 1, NULL), WOLVES_C_SETUP_PLAYERS);
  EXPECT_EQ(u, wolves_setup(&g, &s, 6, packs5, WOLVES_NONE, 1, NULL), WOLVES_C_SETUP_PLAYERS);
  EXPECT_EQ(u, wolves_setup(&g, &s, 3, dup, WOLVES_NONE, 1, NULL), WOLVES_C_SETUP_PLAYERS);
  EXPECT_EQ(u, wolves_setup(&g, &s, 3, bad, WOLVES_NONE, 1, NULL), WOLVES_C_SETUP_PLAYERS);
  EXPECT_EQ(u, wolves_setup(&g, &s, 2, packs5, WOLVES_NONE, 1, NULL), WOLVES_C_SETUP_PLAYERS);
  EXPECT_EQ(u, wolves_setup(&g, &s, 2, packs5, packs5[1], 1, NULL), WOLVES_C_SETUP_PLAYERS);
  EXPECT_EQ(u, wolves_setup(&g, &s, 2, packs5, packs5[2], 1, NULL), WOLVES_OK);
  EXPECT_EQ(u, wolves_setup(&g, &s, 3, packs5, packs5[0], 1, NULL), WOLVES_OK); /* ignored */
  EXPECT_EQ(u, s.ai_pack, WOLVES_NONE);
}

static void deterministic(unit *u) {
  for (int n = 2; n <= 5; n++) {
    wolves_game g1, g2;
    wolves_state s1, s2;
    EXPECT_EQ(u, wolves_setup(&g1, &s1, n, packs5, packs5[4], 42, NULL), 0);
    EXPECT_EQ(u, wolves_setup(&g2, &s2, n, packs5, packs5[4], 42, NULL), 0);
    EXPECT(u, memcmp(&g1, &g2, sizeof g1) == 0);
    EXPECT(u, memcmp(&s1, &s2, sizeof s1) == 0);
    EXPECT_EQ(u, wolves_setup(&g2, &s2, n, packs5, packs5[4], 43, NULL), 0);
    EXPECT(u, memcmp(&g1, &g2, sizeof g1) != 0 || memcmp(&s1, &s2, sizeof s1) != 0);
  }
}

static void pools(unit *u) {
  /* Determine Region Scoring Order; Prey Tokens (per player count). */
  static const int tokens[WOLVES_MAX_PLAYERS + 1][WOLVES_PHASES] = {{0},       {0},       {2, 2, 3},
                                                                    {2, 2, 2}, {2, 3, 3}, {3, 4, 3}};
  static const int prey[WOLVES_MAX_PLAYERS + 1][WOLVES_PREY_TYPES] = {
      {0}, {0}, {1, 1, 1, 1, 1}, {2, 2, 2, 2, 4}, {2, 2, 4, 4, 4}, {4, 4, 4, 4, 4}};
  for (int n = 2; n <= 5; n++)
    for (uint64_t seed = 0; seed < 20; seed++) {
      wolves_game g;
      wolves_state s;
      EXPECT_EQ(u, wolves_setup(&g, &s, n, packs5, packs5[3], seed * 7919, NULL), 0);
      const int nb = wolves_region_boards(n);
      EXPECT_EQ(u, g.board.nregions, nb);
      int count[WOLVES_PHASES] = {0}, stacked = 0;
      for (int r = 0; r < nb; r++) {
        EXPECT(u, s.region_token[r][0] >= 1 && s.region_token[r][0] <= WOLVES_PHASES);
        for (int i = 0; i < 2; i++)
          if (s.region_token[r][i]) count[s.region_token[r][i] - 1]++;
        if (s.region_token[r][1]) {
          stacked++;
          EXPECT_EQ(u, s.region_token[r][1] + 1, s.region_token[r][0]); /* Crescent/Quarter, Quarter/Full */
        }
      }
      for (int r = nb; r < WOLVES_MAX_REGIONS; r++)
        EXPECT_EQ(u, s.region_token[r][0] | s.region_token[r][1], 0);
      for (int p = 0; p < WOLVES_PHASES; p++) EXPECT_EQ(u, count[p], tokens[n][p]);
      EXPECT_EQ(u, stacked, n == 2 ? 2 : 0);
      int kinds[WOLVES_PREY_TYPES] = {0}, lone = 0;
      for (int h = 0; h < g.board.nhex; h++) {
        const wolves_hex_state *x = &s.hex[h];
        EXPECT_EQ(u, x->lone_wolf, !!(g.board.hex[h].flags & WOLVES_HEX_LONE_ICON));
        lone += x->lone_wolf;
        EXPECT_EQ(u, x->prey_count > 0, !!(g.board.hex[h].flags & WOLVES_HEX_PREY_ICON));
        if (x->prey_count) {
          EXPECT_EQ(u, x->prey_count, n == 2 ? 1 : 2);
          kinds[x->prey_type] += x->prey_count;
        }
      }
      EXPECT_EQ(u, lone, 2 * nb);
      for (int p = 0; p < WOLVES_PREY_TYPES; p++) EXPECT_EQ(u, kinds[p], prey[n][p]);
    }
}

/* TWO.AI_PACK: the pieces on each AI hex follow its token stack; no hex
 * holds more than 2 (the Quarter on Full's Alphas go on the next hex). */
static void ai_pack(unit *u) {
  for (uint64_t seed = 0; seed < 20; seed++) {
    wolves_game g;
    wolves_state s;
    EXPECT_EQ(u, wolves_setup(&g, &s, 2, packs5, WOLVES_TUNDRA, seed, NULL), 0);
    EXPECT_EQ(u, s.ai_pack, WOLVES_TUNDRA);
    int total = 0;
    for (int h = 0; h < g.board.nhex; h++) {
      for (int i = 0; i < WOLVES_HEX_SLOTS; i++) {
        const uint8_t p = s.hex[h].piece[i];
        if (p == 0) continue;
        total++;
        EXPECT_EQ(u, WOLVES_PIECE_PACK(p), WOLVES_TUNDRA);
        EXPECT(u, i < 2);
        if (i > 0) EXPECT(u, s.hex[h].piece[i - 1] >= p); /* sorted, highest first */
      }
    }
    EXPECT_EQ(u, total, 2 + 2 + 2 + 1 + 3);
    for (int r = 0; r < g.board.nregions; r++) {
      const uint8_t h = g.board.nbr[g.board.water[r]][1];
      const uint8_t *t = s.region_token[r];
      const uint8_t *p = s.hex[h].piece;
      const uint8_t lair = WOLVES_PIECE(WOLVES_TUNDRA, WOLVES_LAIR),
                    alpha = WOLVES_PIECE(WOLVES_TUNDRA, WOLVES_ALPHA),
                    pack = WOLVES_PIECE(WOLVES_TUNDRA, WOLVES_PACK);
      if (t[1] == 0 && t[0] == 1 + WOLVES_CRESCENT) EXPECT(u, p[0] == pack && p[1] == pack && p[2] == 0);
      if (t[1] == 1 + WOLVES_CRESCENT) EXPECT(u, p[0] == lair && p[1] == 0);
      if (t[1] == 0 && t[0] == 1 + WOLVES_FULL) EXPECT(u, p[0] == lair && p[1] == alpha && p[2] == 0);
      const uint8_t *next = s.hex[g.board.nbr[g.board.water[r]][0]].piece;
      if (t[1] == 1 + WOLVES_QUARTER)
        EXPECT(u, p[0] == lair && p[1] == 0 && next[0] == alpha && next[1] == alpha);
      else
        EXPECT_EQ(u, next[0], 0);
      EXPECT(u, g.board.hex[h].flags & WOLVES_HEX_AI);
    }
  }
}

static void players_and_turn(unit *u) {
  for (int n = 2; n <= 5; n++) {
    unsigned firsts = 0;
    for (uint64_t seed = 0; seed < 64; seed++) {
      wolves_game g;
      wolves_state s;
      EXPECT_EQ(u, wolves_setup(&g, &s, n, packs5, packs5[4], seed, NULL), 0);
      EXPECT_EQ(u, g.nplayers, n);
      EXPECT_EQ(u, s.phase, WOLVES_PHASE_DRAFT);
      EXPECT_EQ(u, s.draft_step, 0);
      EXPECT_EQ(u, s.turn, 1);
      EXPECT(u, s.first_player < n);
      EXPECT_EQ(u, s.current, s.first_player);
      EXPECT_EQ(u, wolves_draft_player(&g, &s), s.first_player);
      firsts |= 1u << s.first_player;
      EXPECT_EQ(u, s.supply_bonus_terrain, 12);
      EXPECT_EQ(u, s.supply_bonus_action, 12);
      EXPECT_EQ(u, s.moon_filled, 0);
      for (int i = 0; i < WOLVES_MAX_PLAYERS; i++) {
        const wolves_player *p = &s.player[i];
        EXPECT_EQ(u, p->pack, i < n ? packs5[i] : WOLVES_NONE);
        EXPECT_EQ(u, p->flipped | p->lairs_taken | p->wolves_taken | p->bonus_action | p->bonus_terrain, 0);
      }
    }
    EXPECT_EQ(u, firsts, (1u << n) - 1);
  }
}

/* Random choice of which Region Boards: over seeds, every board appears. */
static void boards_vary(unit *u) {
  unsigned seen = 0;
  for (uint64_t seed = 0; seed < 32; seed++) {
    wolves_game g;
    wolves_state s;
    wolves_setup(&g, &s, 3, packs5, WOLVES_NONE, seed, NULL);
    for (int r = 0; r < g.board.nregions; r++) seen |= 1u << g.board.board_id[r];
  }
  EXPECT_EQ(u, seen, 0x7FEu);
}

static void log_events(unit *u) {
  wolves_event ev[64];
  wolves_log log = {.ev = ev, .cap = 64};
  wolves_game g;
  wolves_state s;
  EXPECT_EQ(u, wolves_setup(&g, &s, 2, packs5, WOLVES_DESERT, 5, &log), 0);
  int notes = 0, places = 0, first = 0;
  for (size_t i = 0; i < log.len; i++) {
    notes += ev[i].kind == WOLVES_EV_NOTE;
    places += ev[i].kind == WOLVES_EV_PLACE && ev[i].clause == WOLVES_C_TWO_AI_PACK;
    if (ev[i].clause == WOLVES_C_SETUP_FIRST_PLAYER) {
      first++;
      EXPECT_EQ(u, ev[i].player, s.first_player);
    }
  }
  EXPECT_EQ(u, places, 10);
  EXPECT_EQ(u, first, 1);
  EXPECT(u, notes >= 6);
  EXPECT_EQ(u, log.dropped, 0);
  wolves_log tiny = {.ev = ev, .cap = 2};
  EXPECT_EQ(u, wolves_setup(&g, &s, 4, packs5, WOLVES_NONE, 5, &tiny), 0);
  EXPECT_EQ(u, tiny.len, 2);
  EXPECT(u, tiny.dropped > 0);
}

static void state_init(unit *u) {
  wolves_game g;
  wolves_state s;
  wolves_setup(&g, &s, 4, packs5, WOLVES_NONE, 9, NULL);
  wolves_state_init(&g, &s, packs5);
  EXPECT_EQ(u, s.phase, WOLVES_PHASE_PLAY);
  EXPECT_EQ(u, s.ai_pack, WOLVES_NONE);
  EXPECT_EQ(u, s.first_player | s.current, 0);
  EXPECT_EQ(u, s.turn, 1);
  EXPECT_EQ(u, s.supply_bonus_action, g.data.supply_bonus_action);
  for (int h = 0; h < WOLVES_MAX_HEXES; h++)
    EXPECT_EQ(u, s.hex[h].piece[0] | s.hex[h].lone_wolf | s.hex[h].prey_count, 0);
  EXPECT_EQ(u, s.player[3].pack, packs5[3]);
  EXPECT_EQ(u, s.player[4].pack, WOLVES_NONE);
}

void unit_suite_setup(unit *u) {
  UNIT_RUN(u, validation);
  UNIT_RUN(u, deterministic);
  UNIT_RUN(u, pools);
  UNIT_RUN(u, ai_pack);
  UNIT_RUN(u, players_and_turn);
  UNIT_RUN(u, boards_vary);
  UNIT_RUN(u, log_events);
  UNIT_RUN(u, state_init);
}
