/* test_board.c - the standard boards (board.c): every player count, every
 * physical Region Board, checked against what the text says (SETUP.BOARD,
 * TWO.SETUP, Determine Region Scoring Order, 2 Player Variant - AI Wolf Pack). */
#include "board.h"
#include "unit.h"
#include "wolves.h"

static int build(wolves_board *b, int n) {
  uint8_t ids[WOLVES_REGION_BOARDS];
  for (int i = 0; i < WOLVES_REGION_BOARDS; i++) ids[i] = (uint8_t)(i + 1);
  return wolves_board_standard(b, n, ids);
}

/* Hexes reachable from `from` through hexes accepted by `keep`. */
static int flood(const wolves_board *b, uint8_t from, int (*keep)(const wolves_board *, uint8_t, int),
                 int arg) {
  uint8_t queue[WOLVES_MAX_HEXES], seen[WOLVES_MAX_HEXES] = {0};
  int head = 0, tail = 0;
  queue[tail++] = from;
  seen[from] = 1;
  while (head < tail) {
    const uint8_t h = queue[head++];
    for (int d = 0; d < 6; d++) {
      const uint8_t n = b->nbr[h][d];
      if (n == WOLVES_NONE || seen[n] || !keep(b, n, arg)) continue;
      seen[n] = 1;
      queue[tail++] = n;
    }
  }
  return tail;
}

static int in_region(const wolves_board *b, uint8_t h, int r) { return b->hex[h].region == r; }
static int is_land(const wolves_board *b, uint8_t h, int unused) {
  (void)unused;
  return b->hex[h].kind == WOLVES_LAND;
}

static void counts_and_layout(unit *u) {
  for (int n = 2; n <= 5; n++) {
    wolves_board b;
    const int nb = wolves_region_boards(n), two = n == 2;
    EXPECT_EQ(u, build(&b, n), 0);
    EXPECT_EQ(u, b.nregions, nb);
    EXPECT_EQ(u, b.nhex, 19 * (nb + !two));
    EXPECT(u, b.width <= 64 && b.height <= 64);
    int chasm = 0, ring = 0, prey = 0, lone = 0, ai = 0, water = 0;
    for (int h = 0; h < b.nhex; h++) {
      const wolves_hex_info *x = &b.hex[h];
      chasm += x->kind == WOLVES_CHASM;
      water += x->kind == WOLVES_WATER;
      ring += !!(x->flags & WOLVES_HEX_CHASM_RING);
      prey += !!(x->flags & WOLVES_HEX_PREY_ICON);
      lone += !!(x->flags & WOLVES_HEX_LONE_ICON);
      ai += !!(x->flags & WOLVES_HEX_AI);
      EXPECT(u, x->col < b.width && x->row < b.height);
      if (h > 0) { /* reading order, no two hexes in one place */
        const wolves_hex_info *p = &b.hex[h - 1];
        EXPECT(u, p->row < x->row || (p->row == x->row && p->col < x->col));
      }
      EXPECT_EQ(u, wolves_hex_at(&b, x->col, x->row), h);
      if (x->kind != WOLVES_LAND) EXPECT_EQ(u, x->flags & (WOLVES_HEX_PREY_ICON | WOLVES_HEX_LONE_ICON), 0);
      if (x->region == WOLVES_NONE) {
        EXPECT(u, !two);
        EXPECT_EQ(u, x->flags & (WOLVES_HEX_PREY_ICON | WOLVES_HEX_LONE_ICON), 0);
      }
    }
    EXPECT_EQ(u, chasm, two ? 0 : 7);
    EXPECT_EQ(u, ring, two ? 0 : 12);
    EXPECT_EQ(u, water, nb);
    EXPECT_EQ(u, prey, nb);
    EXPECT_EQ(u, lone, 2 * nb);
    EXPECT_EQ(u, ai, nb);
    /* All land is one connected map. */
    uint8_t first = 0;
    while (b.hex[first].kind != WOLVES_LAND) first++;
    EXPECT_EQ(u, flood(&b, first, is_land, 0), 18 * nb + (two ? 0 : 12));
  }
}

static void regions_are_boards(unit *u) {
  for (int n = 2; n <= 5; n++) {
    wolves_board b;
    build(&b, n);
    for (int r = 0; r < b.nregions; r++) {
      EXPECT_EQ(u, b.board_id[r], r + 1);
      int size = 0, waters = 0, prey = 0, lone = 0;
      uint8_t any = WOLVES_NONE;
      for (int h = 0; h < b.nhex; h++) {
        if (b.hex[h].region != r) continue;
        any = (uint8_t)h;
        size++;
        waters += b.hex[h].kind == WOLVES_WATER;
        prey += !!(b.hex[h].flags & WOLVES_HEX_PREY_ICON);
        lone += !!(b.hex[h].flags & WOLVES_HEX_LONE_ICON);
        for (int g = 0; g < b.nhex; g++) /* a radius-2 hexagon */
          if (b.hex[g].region == r) EXPECT(u, wolves_hex_distance(&b, (uint8_t)h, (uint8_t)g) <= 4);
      }
      EXPECT_EQ(u, size, 19);
      EXPECT_EQ(u, waters, 1);
      EXPECT_EQ(u, prey, 1);
      EXPECT_EQ(u, lone, 2);
      EXPECT_EQ(u, flood(&b, any, in_region, r), 19);
      const uint8_t w = b.water[r];
      EXPECT(u, w != WOLVES_NONE && b.hex[w].kind == WOLVES_WATER && b.hex[w].region == r);
      for (int d = 0; d < 6; d++) {
        const uint8_t x = b.nbr[w][d];
        EXPECT(u, x != WOLVES_NONE && b.hex[x].kind == WOLVES_LAND && b.hex[x].region == r);
      }
      const uint8_t ai = b.nbr[w][1];
      EXPECT(u, ai != WOLVES_NONE && (b.hex[ai].flags & WOLVES_HEX_AI));
      EXPECT_EQ(u, b.hex[ai].flags & (WOLVES_HEX_PREY_ICON | WOLVES_HEX_LONE_ICON), 0);
    }
  }
}

/* 3-5 players: the ring of 12 surrounds the chasm of 7 in the middle, and
 * the first 6 Region Boards touch the Start Board. */
static void start_board(unit *u) {
  for (int n = 3; n <= 5; n++) {
    wolves_board b;
    build(&b, n);
    int touching = 0;
    for (int r = 0; r < b.nregions; r++) {
      int t = 0;
      for (int h = 0; h < b.nhex; h++)
        for (int d = 0; d < 6 && b.hex[h].region == r; d++) {
          const uint8_t x = b.nbr[h][d];
          t |= x != WOLVES_NONE && b.hex[x].region == WOLVES_NONE;
        }
      touching += t;
    }
    EXPECT_EQ(u, touching, 6);
    for (int h = 0; h < b.nhex; h++) {
      if (b.hex[h].region != WOLVES_NONE) continue;
      if (b.hex[h].kind == WOLVES_LAND)
        EXPECT(u, b.hex[h].flags & WOLVES_HEX_CHASM_RING);
      else
        EXPECT_EQ(u, b.hex[h].kind, WOLVES_CHASM);
    }
  }
}

/* The 10 boards together: 36 hexes of each terrain (roughly balanced). */
static void terrain_balance(unit *u) {
  wolves_board b;
  build(&b, 5);
  int count[WOLVES_TERRAINS] = {0};
  for (int h = 0; h < b.nhex; h++)
    if (b.hex[h].kind == WOLVES_LAND && b.hex[h].region != WOLVES_NONE) count[b.hex[h].terrain]++;
  for (int t = 0; t < WOLVES_TERRAINS; t++) EXPECT_EQ(u, count[t], 36);
}

static void bad_arguments(unit *u) {
  wolves_board b;
  uint8_t ids[WOLVES_REGION_BOARDS] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
  EXPECT_EQ(u, wolves_board_standard(&b, 1, ids), -1);
  EXPECT_EQ(u, wolves_board_standard(&b, 6, ids), -1);
  ids[1] = 1;
  EXPECT_EQ(u, wolves_board_standard(&b, 3, ids), -1);
  ids[1] = 11;
  EXPECT_EQ(u, wolves_board_standard(&b, 3, ids), -1);
  ids[1] = 2;
  ids[5] = 0;
  EXPECT_EQ(u, wolves_board_standard(&b, 3, ids), -1);
  EXPECT_EQ(u, wolves_board_standard(&b, 2, ids), 0); /* only the first 5 count */
}

void unit_suite_board(unit *u) {
  UNIT_RUN(u, counts_and_layout);
  UNIT_RUN(u, regions_are_boards);
  UNIT_RUN(u, start_board);
  UNIT_RUN(u, terrain_balance);
  UNIT_RUN(u, bad_arguments);
}
