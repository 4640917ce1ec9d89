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

/* The digital edition's board table (shared/components.md), typed again
 * here so that the conversion to the engine's map is checked against it:
 * offsets (x, y) from the Water Source, the terrain group of each (5 the
 * Water Source), the icons, the palettes of the 10 boards. */
static const int8_t table_offset[16][2] = {{-3, -2}, {-2, -2}, {-1, -2}, {-3, -1}, {-2, -1}, {-1, -1},
                                           {0, -1},  {1, -1},  {-3, 0},  {-2, 0},  {-1, 0},  {0, 0},
                                           {1, 0},   {-1, 1},  {0, 1},   {1, 1}};
static const int table_group[16] = {0, 0, 0, 1, 2, 2, 3, 3, 1, 1, 2, 5, 3, 4, 4, 4};
enum { F = WOLVES_FOREST, G = WOLVES_GRASS, D = WOLVES_DESERT, T = WOLVES_TUNDRA, R = WOLVES_ROCKY };
static const int table_palette[10][5] = {{G, F, T, R, D}, {R, F, G, T, D}, {F, G, D, R, T}, {G, D, T, F, R},
                                         {D, T, R, G, F}, {D, R, G, T, F}, {T, R, F, D, G}, {F, T, D, G, R},
                                         {R, G, F, D, T}, {T, D, R, F, G}};

/* The engine's axial coordinates of a hex (odd-r offset to axial). */
static void axial_of(const wolves_board *b, int h, int *q, int *r) {
  *r = b->hex[h].row;
  *q = b->hex[h].col - (*r - (*r & 1)) / 2;
}

/* The hex at digital-edition offset (x, y) from hex w, on a board turned
 * (sign -1) or not (+1): engine axial (q, r) = (x, y - x). */
static int hex_at_offset(const wolves_board *b, int w, int x, int y, int sign) {
  int q, r;
  axial_of(b, w, &q, &r);
  q += sign * x;
  r += sign * (y - x);
  for (int h = 0; h < b->nhex; h++) {
    int hq, hr;
    axial_of(b, h, &hq, &hr);
    if (hq == q && hr == r) return h;
  }
  return -1;
}

static void counts_and_layout(unit *u) {
  static const int hexes[6] = {0, 0, 80, 112, 144, 176};
  for (int n = 2; n <= 5; n++) {
    wolves_board b;
    const int nb = wolves_region_boards(n), two = n == 2;
    EXPECT_EQ(u, build(&b, n), 0);
    EXPECT_EQ(u, b.nregions, nb);
    EXPECT_EQ(u, b.nhex, 16 * (nb + !two));
    EXPECT_EQ(u, b.nhex, hexes[n]);
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
    EXPECT_EQ(u, chasm, two ? 0 : 6);
    EXPECT_EQ(u, ring, two ? 0 : 10);
    EXPECT_EQ(u, water, nb);
    EXPECT_EQ(u, prey, nb);
    EXPECT_EQ(u, lone, 2 * nb);
    EXPECT_EQ(u, ai, nb);
    /* All land is one connected map. */
    uint8_t first = 0;
    while (b.hex[first].kind != WOLVES_LAND) first++;
    EXPECT_EQ(u, flood(&b, first, is_land, 0), 15 * nb + (two ? 0 : 10));
  }
}

/* Every Region Board as the table says: 15 land hexes, 3 of each terrain
 * in its groups, the Water Source, the icons on land where the table puts
 * them, turned 180 degrees or not as a whole. */
static void regions_are_boards(unit *u) {
  for (int n = 2; n <= 5; n++) {
    wolves_board b;
    build(&b, n);
    unsigned ids = 0;
    for (int r = 0; r < b.nregions; r++) {
      const int id = b.board_id[r];
      EXPECT(u, id >= 1 && id <= wolves_region_boards(n));
      ids |= 1u << id;
      int size = 0, land[WOLVES_TERRAINS] = {0};
      uint8_t any = WOLVES_NONE;
      for (int h = 0; h < b.nhex; h++) {
        if (b.hex[h].region != r) continue;
        any = (uint8_t)h;
        size++;
        if (b.hex[h].kind == WOLVES_LAND) land[b.hex[h].terrain]++;
      }
      EXPECT_EQ(u, size, 16);
      for (int t = 0; t < WOLVES_TERRAINS; t++) EXPECT_EQ(u, land[t], 3);
      EXPECT_EQ(u, flood(&b, any, in_region, r), 16);
      const uint8_t w = b.water[r];
      EXPECT(u, w != WOLVES_NONE && b.hex[w].kind == WOLVES_WATER && b.hex[w].region == r);
      int matched = 0;
      for (int sign = -1; sign <= 1; sign += 2) {
        int ok = 1;
        for (int i = 0; i < 16 && ok; i++) {
          const int h = hex_at_offset(&b, w, table_offset[i][0], table_offset[i][1], sign);
          if (h < 0 || b.hex[h].region != r) {
            ok = 0;
            break;
          }
          const int g = table_group[i];
          ok = g == 5 ? h == w : b.hex[h].kind == WOLVES_LAND && b.hex[h].terrain == table_palette[id - 1][g];
          const int x = table_offset[i][0], y = table_offset[i][1];
          const int want = (x == -1 && (y == -2 || y == 1)) ? WOLVES_HEX_LONE_ICON
                           : (x == -2 && y == -1)           ? WOLVES_HEX_PREY_ICON
                                                            : 0;
          ok = ok && (b.hex[h].flags & (WOLVES_HEX_LONE_ICON | WOLVES_HEX_PREY_ICON)) == want;
        }
        matched += ok;
      }
      EXPECT_EQ(u, matched, 1);
      /* 2 players: the AI hex is (1,0) from the Water Source, never an icon. */
      const int ai = hex_at_offset(&b, w, 1, 0, 1);
      EXPECT(u, ai >= 0 && (b.hex[ai].flags & WOLVES_HEX_AI));
      EXPECT_EQ(u, ai, b.nbr[w][1]);
      EXPECT_EQ(u, b.hex[ai].flags & (WOLVES_HEX_PREY_ICON | WOLVES_HEX_LONE_ICON), 0);
    }
    EXPECT_EQ(u, ids, ((1u << (wolves_region_boards(n) + 1)) - 2));
  }
}

/* 3-5 players: the Start Board's 6-hex Central Chasm with 10 land hexes
 * around it (2 of each terrain) in two sides of 5; every Region Board of 3
 * players and 6 of 4 or 5 players touch it. */
static int ring_hex(const wolves_board *b, uint8_t h, int unused) {
  (void)unused;
  return (b->hex[h].flags & WOLVES_HEX_CHASM_RING) != 0;
}

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
    int land[WOLVES_TERRAINS] = {0}, chasm = WOLVES_NONE;
    for (int h = 0; h < b.nhex; h++) {
      if (b.hex[h].region != WOLVES_NONE) continue;
      if (b.hex[h].kind == WOLVES_LAND) {
        EXPECT(u, b.hex[h].flags & WOLVES_HEX_CHASM_RING);
        land[b.hex[h].terrain]++;
      } else {
        EXPECT_EQ(u, b.hex[h].kind, WOLVES_CHASM);
        chasm = h;
      }
    }
    for (int t = 0; t < WOLVES_TERRAINS; t++) EXPECT_EQ(u, land[t], 2);
    EXPECT(u, chasm != WOLVES_NONE);
    /* The chasm is one piece; the ring hexes form two sides of 5. */
    int sides[2] = {0, 0}, nsides = 0;
    uint8_t seen[WOLVES_MAX_HEXES] = {0};
    for (int h = 0; h < b.nhex; h++) {
      if (!ring_hex(&b, (uint8_t)h, 0) || seen[h]) continue;
      uint8_t queue[WOLVES_MAX_HEXES];
      int head = 0, tail = 0;
      queue[tail++] = (uint8_t)h;
      seen[h] = 1;
      while (head < tail) {
        const uint8_t x = queue[head++];
        for (int d = 0; d < 6; d++) {
          const uint8_t y = b.nbr[x][d];
          if (y != WOLVES_NONE && !seen[y] && ring_hex(&b, y, 0)) {
            seen[y] = 1;
            queue[tail++] = y;
          }
        }
      }
      if (nsides < 2) sides[nsides] = tail;
      nsides++;
    }
    EXPECT_EQ(u, nsides, 2);
    EXPECT_EQ(u, sides[0], 5);
    EXPECT_EQ(u, sides[1], 5);
  }
}

/* The 10 boards together: 30 hexes of each terrain. */
static void terrain_balance(unit *u) {
  wolves_board b;
  build(&b, 5);
  int count[WOLVES_TERRAINS] = {0};
  for (int h = 0; h < b.nhex; h++)
    if (b.hex[h].kind == WOLVES_LAND && b.hex[h].region != WOLVES_NONE) count[b.hex[h].terrain]++;
  for (int t = 0; t < WOLVES_TERRAINS; t++) EXPECT_EQ(u, count[t], 30);
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
