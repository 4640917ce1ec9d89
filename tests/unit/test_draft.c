/* test_draft.c - Place Wolves Using a Snake Draft and its 2-player variant
 * (draft.c, through wolves_apply). */
#include "unit.h"
#include "wolves.h"

static const uint8_t packs[WOLVES_MAX_PLAYERS] = {WOLVES_GRASS, WOLVES_ROCKY, WOLVES_FOREST, WOLVES_DESERT,
                                                  WOLVES_TUNDRA};

static void snake_order(unit *u) {
  wolves_game g;
  wolves_state s;
  memset(&g, 0, sizeof g);
  memset(&s, 0, sizeof s);
  for (int n = 2; n <= 5; n++) {
    g.nplayers = (uint8_t)n;
    for (int f = 0; f < n; f++) {
      s.first_player = (uint8_t)f;
      for (int k = 0; k <= 2 * n; k++) {
        s.draft_step = (uint8_t)k;
        const int want = k == 2 * n ? WOLVES_NONE : k < n ? (f + k) % n : (f + 2 * n - 1 - k) % n;
        EXPECT_EQ(u, wolves_draft_player(&g, &s), want);
      }
    }
  }
  /* The manual's words: 3 players from the second: 2, 3, 1, 1, 3, 2; 2
   * players: first, second, second, first. */
  static const int three[6] = {1, 2, 0, 0, 2, 1}, two[4] = {1, 0, 0, 1};
  g.nplayers = 3;
  s.first_player = 1;
  for (int k = 0; k < 6; k++) {
    s.draft_step = (uint8_t)k;
    EXPECT_EQ(u, wolves_draft_player(&g, &s), three[k]);
  }
  g.nplayers = 2;
  for (int k = 0; k < 4; k++) {
    s.draft_step = (uint8_t)k;
    EXPECT_EQ(u, wolves_draft_player(&g, &s), two[k]);
  }
}

static int draft(const wolves_game *g, wolves_state *s, int player, uint8_t hex) {
  wolves_action a;
  memset(&a, 0, sizeof a);
  a.kind = WOLVES_ACT_DRAFT;
  a.player = (uint8_t)player;
  a.target = hex;
  return wolves_apply(g, s, &a, NULL);
}

/* Refused: the state is left as it was. */
static void expect_refused(unit *u, const wolves_game *g, wolves_state *s, int player, uint8_t hex,
                           int clause) {
  const wolves_state before = *s;
  EXPECT_EQ(u, draft(g, s, player, hex), clause);
  EXPECT(u, memcmp(&before, s, sizeof before) == 0);
}

/* The side of the Central Chasm of a ring hex: 0 or 1, by flooding the
 * ring from its first hex (the Start Board's upper and lower sides). */
static void chasm_sides(const wolves_board *b, int side[WOLVES_MAX_HEXES]) {
  for (int h = 0; h < b->nhex; h++) side[h] = -1;
  int next = 0;
  for (int h = 0; h < b->nhex; h++) {
    if (!(b->hex[h].flags & WOLVES_HEX_CHASM_RING) || side[h] >= 0) continue;
    uint8_t queue[WOLVES_MAX_HEXES];
    int head = 0, tail = 0;
    queue[tail++] = (uint8_t)h;
    side[h] = next;
    while (head < tail) {
      const uint8_t x = queue[head++];
      for (int d = 0; d < 6; d++) {
        const uint8_t y = b->nbr[x][d];
        if (y != WOLVES_NONE && side[y] < 0 && (b->hex[y].flags & WOLVES_HEX_CHASM_RING)) {
          side[y] = next;
          queue[tail++] = y;
        }
      }
    }
    next++;
  }
}

static uint8_t free_ring_hex(const wolves_game *g, const wolves_state *s, const int side[], int want) {
  for (int h = 0; h < g->board.nhex; h++)
    if (side[h] == want && s->hex[h].piece[0] == 0) return (uint8_t)h;
  return WOLVES_NONE;
}

static void three_players(unit *u) {
  wolves_game g;
  wolves_state s;
  EXPECT_EQ(u, wolves_setup(&g, &s, 3, packs, WOLVES_NONE, 7, NULL), 0);
  uint8_t ring[10];
  int nring = 0, side[WOLVES_MAX_HEXES];
  uint8_t chasm = WOLVES_NONE, region_hex = WOLVES_NONE, region_by_chasm = WOLVES_NONE;
  for (int h = 0; h < g.board.nhex; h++) {
    if ((g.board.hex[h].flags & WOLVES_HEX_CHASM_RING) && nring < 10) ring[nring++] = (uint8_t)h;
    if (g.board.hex[h].kind == WOLVES_CHASM) chasm = (uint8_t)h;
    if (g.board.hex[h].region == 0 && g.board.hex[h].kind == WOLVES_LAND && !s.hex[h].lone_wolf &&
        !s.hex[h].prey_count)
      region_hex = (uint8_t)h;
    for (int d = 0; d < 6; d++) {
      const uint8_t x = g.board.nbr[h][d];
      if (x != WOLVES_NONE && g.board.hex[x].kind == WOLVES_CHASM && g.board.hex[h].region != WOLVES_NONE &&
          g.board.hex[h].kind == WOLVES_LAND)
        region_by_chasm = (uint8_t)h;
    }
  }
  EXPECT_EQ(u, nring, 10);
  chasm_sides(&g.board, side);
  const int f = s.first_player;
  wolves_action end = {.kind = WOLVES_ACT_END_TURN, .player = (uint8_t)f};
  EXPECT_EQ(u, wolves_apply(&g, &s, &end, NULL), WOLVES_C_DRAFT_IN_PROGRESS);
  expect_refused(u, &g, &s, (f + 1) % 3, ring[0], WOLVES_C_DRAFT_ORDER);
  expect_refused(u, &g, &s, f, region_hex, WOLVES_C_DRAFT_CHASM_RING);
  expect_refused(u, &g, &s, f, chasm, WOLVES_C_DRAFT_CHASM_RING);
  expect_refused(u, &g, &s, f, 254, WOLVES_C_API_BAD_ARGUMENT); /* no hex of the board: not a rule's */
  /* A Region Board hex beside the chasm is not on the Start Board. */
  if (region_by_chasm != WOLVES_NONE)
    expect_refused(u, &g, &s, f, region_by_chasm, WOLVES_C_DRAFT_CHASM_RING);
  /* Round 1: the first ring hexes in reading order (the upper side). */
  uint8_t first_hex[3];
  for (int k = 0; k < 3; k++) {
    const int p = (f + k) % 3;
    if (k == 1) expect_refused(u, &g, &s, p, ring[0], WOLVES_C_DRAFT_EMPTY);
    EXPECT_EQ(u, draft(&g, &s, p, ring[k]), WOLVES_OK);
    first_hex[p] = ring[k];
    EXPECT_EQ(u, side[ring[k]], 0);
    EXPECT_EQ(u, s.hex[ring[k]].piece[0], WOLVES_PIECE(packs[p], WOLVES_ALPHA));
    EXPECT_EQ(u, s.hex[ring[k]].piece[1], WOLVES_PIECE(packs[p], WOLVES_PACK));
  }
  /* Round 2: counterclockwise from the last, on the other side. */
  for (int k = 0; k < 3; k++) {
    const int p = (f + 2 - k) % 3;
    EXPECT_EQ(u, s.current, p);
    const uint8_t same = free_ring_hex(&g, &s, side, side[first_hex[p]]);
    if (same != WOLVES_NONE) expect_refused(u, &g, &s, p, same, WOLVES_C_DRAFT_OPPOSITE);
    const uint8_t other = free_ring_hex(&g, &s, side, 1 - side[first_hex[p]]);
    EXPECT(u, other != WOLVES_NONE);
    EXPECT_EQ(u, draft(&g, &s, p, other), WOLVES_OK);
  }
  EXPECT_EQ(u, s.phase, WOLVES_PHASE_PLAY);
  EXPECT_EQ(u, s.current, f);
  EXPECT_EQ(u, s.draft_step, 6);
  EXPECT_EQ(u, wolves_draft_player(&g, &s), WOLVES_NONE);
  expect_refused(u, &g, &s, f, ring[9], WOLVES_C_DRAFT_IN_PROGRESS);
  for (int p = 0; p < 3; p++) EXPECT_EQ(u, s.player[p].bonus_action, 0);
}

/* 5 players: every player's two hexes lie on opposite sides, whatever the
 * choices (5 hexes a side: the fallback is never needed). */
static void five_players_sides(unit *u) {
  wolves_action acts[WOLVES_MAX_HEXES];
  for (uint64_t seed = 0; seed < 50; seed++) {
    wolves_game g;
    wolves_state s;
    EXPECT_EQ(u, wolves_setup(&g, &s, 5, packs, WOLVES_NONE, seed, NULL), 0);
    int side[WOLVES_MAX_HEXES];
    chasm_sides(&g.board, side);
    uint64_t pick = seed + 17;
    while (s.phase == WOLVES_PHASE_DRAFT) {
      const int count = wolves_legal_actions(&g, &s, acts, WOLVES_MAX_HEXES);
      if (count <= 0) break;
      pick = pick * 6364136223846793005u + 1442695040888963407u;
      EXPECT_EQ(u, wolves_apply(&g, &s, &acts[(pick >> 33) % (uint64_t)count], NULL), WOLVES_OK);
    }
    EXPECT_EQ(u, s.draft_step, 10);
    for (int p = 0; p < 5; p++) {
      int seen[2] = {0, 0};
      for (int h = 0; h < g.board.nhex; h++)
        if (side[h] >= 0 && s.hex[h].piece[0] == WOLVES_PIECE(packs[p], WOLVES_ALPHA)) seen[side[h]]++;
      EXPECT_EQ(u, seen[0], 1);
      EXPECT_EQ(u, seen[1], 1);
    }
  }
}

static int visible(const wolves_state *s, int r) {
  return s->region_token[r][1] ? s->region_token[r][1] : s->region_token[r][0];
}

static void two_players(unit *u) {
  wolves_game g;
  wolves_state s;
  EXPECT_EQ(u, wolves_setup(&g, &s, 2, packs, WOLVES_TUNDRA, 11, NULL), 0);
  const int f = s.first_player;
  uint8_t crescent = WOLVES_NONE, ai = WOLVES_NONE, lone = WOLVES_NONE, water = WOLVES_NONE, ok[8];
  int nok = 0;
  for (int h = 0; h < g.board.nhex; h++) {
    const wolves_hex_info *x = &g.board.hex[h];
    const int open = visible(&s, x->region) != 1 + WOLVES_CRESCENT;
    if (!open && x->kind == WOLVES_LAND) crescent = (uint8_t)h;
    if (open && x->kind == WOLVES_WATER) water = (uint8_t)h;
    if (open && (x->flags & WOLVES_HEX_AI)) ai = (uint8_t)h;
    if (open && s.hex[h].lone_wolf) lone = (uint8_t)h;
    if (open && x->kind == WOLVES_LAND &&
        !(x->flags & (WOLVES_HEX_AI | WOLVES_HEX_LONE_ICON | WOLVES_HEX_PREY_ICON)) && nok < 8)
      ok[nok++] = (uint8_t)h;
  }
  expect_refused(u, &g, &s, f, crescent, WOLVES_C_TWO_DRAFT);
  expect_refused(u, &g, &s, f, water, WOLVES_C_TWO_DRAFT);
  expect_refused(u, &g, &s, f, ai, WOLVES_C_DRAFT_EMPTY);
  expect_refused(u, &g, &s, f, lone, WOLVES_C_DRAFT_EMPTY);
  static const int order[4] = {0, 1, 1, 0};
  for (int k = 0; k < 4; k++) EXPECT_EQ(u, draft(&g, &s, (f + order[k]) % 2, ok[k]), WOLVES_OK);
  EXPECT_EQ(u, s.phase, WOLVES_PHASE_PLAY);
  EXPECT_EQ(u, s.current, f);
  /* TWO.SECOND_PLAYER_BONUS */
  EXPECT_EQ(u, s.player[(f + 1) % 2].bonus_action, 1);
  EXPECT_EQ(u, s.player[f].bonus_action, 0);
  EXPECT_EQ(u, s.supply_bonus_action, 11);
}

/* Drafts by random legal choices never get stuck (DRAFT.OPPOSITE leaves a
 * hex for everyone) and leave a position that keeps the invariants. */
static void random_drafts(unit *u) {
  wolves_action acts[WOLVES_MAX_HEXES];
  for (int n = 2; n <= 5; n++)
    for (uint64_t seed = 0; seed < 200; seed++) {
      wolves_game g;
      wolves_state s;
      EXPECT_EQ(u, wolves_setup(&g, &s, n, packs, WOLVES_TUNDRA, seed, NULL), 0);
      uint64_t pick = seed * 0x9E3779B97F4A7C15u + 1;
      while (s.phase == WOLVES_PHASE_DRAFT) {
        const int count = wolves_legal_actions(&g, &s, acts, WOLVES_MAX_HEXES);
        if (count <= 0) {
          UNIT_FAIL_AT(u, "%d players, seed %llu: draft stuck at step %d", n, (unsigned long long)seed,
                       s.draft_step);
          break;
        }
        pick = pick * 6364136223846793005u + 1442695040888963407u;
        EXPECT_EQ(u, wolves_apply(&g, &s, &acts[(pick >> 33) % (uint64_t)count], NULL), WOLVES_OK);
      }
      EXPECT_EQ(u, s.draft_step, 2 * n);
      uint8_t where;
      const char *why = wolves_invariants(&g, &s, &where);
      if (why != NULL) UNIT_FAIL_AT(u, "%d players, seed %llu: %s", n, (unsigned long long)seed, why);
    }
}

void unit_suite_draft(unit *u) {
  UNIT_RUN(u, snake_order);
  UNIT_RUN(u, three_players);
  UNIT_RUN(u, five_players_sides);
  UNIT_RUN(u, two_players);
  UNIT_RUN(u, random_drafts);
}
