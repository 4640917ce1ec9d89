/* test_hex.c - hex geometry (hex.c): odd-r neighbours, distances, names,
 * and the fields wolves_board_link derives for custom boards. */
#include "unit.h"
#include "wolves.h"

/* A 6x5 rectangle in reading order, plus one far hex "AA10". */
static void rect_board(wolves_board *b) {
  memset(b, 0, sizeof *b);
  for (int r = 0; r < 5; r++)
    for (int c = 0; c < 6; c++) {
      wolves_hex_info *x = &b->hex[b->nhex++];
      x->col = (uint8_t)c;
      x->row = (uint8_t)r;
      x->kind = WOLVES_LAND;
      x->region = WOLVES_NONE;
    }
  wolves_hex_info *far = &b->hex[b->nhex++];
  far->col = 26;
  far->row = 9;
  far->region = WOLVES_NONE;
  wolves_board_link(b);
}

static void neighbours_even_and_odd_rows(unit *u) {
  wolves_board b;
  rect_board(&b);
  /* E, NE, NW, W, SW, SE as (col,row); even rows sit left of odd rows. */
  static const int even[6][2] = {{3, 2}, {2, 1}, {1, 1}, {1, 2}, {1, 3}, {2, 3}};
  static const int odd[6][2] = {{3, 1}, {3, 0}, {2, 0}, {1, 1}, {2, 2}, {3, 2}};
  const uint8_t e = wolves_hex_at(&b, 2, 2), o = wolves_hex_at(&b, 2, 1);
  for (int d = 0; d < 6; d++) {
    EXPECT_EQ(u, b.nbr[e][d], wolves_hex_at(&b, even[d][0], even[d][1]));
    EXPECT_EQ(u, b.nbr[o][d], wolves_hex_at(&b, odd[d][0], odd[d][1]));
  }
  const uint8_t corner = wolves_hex_at(&b, 0, 0);
  EXPECT_EQ(u, b.nbr[corner][1], WOLVES_NONE);
  EXPECT_EQ(u, b.nbr[corner][3], WOLVES_NONE);
  EXPECT_EQ(u, b.width, 27);
  EXPECT_EQ(u, b.height, 10);
}

static void distance_symmetric(unit *u) {
  wolves_board b;
  rect_board(&b);
  for (int x = 0; x < b.nhex; x++) {
    EXPECT_EQ(u, wolves_hex_distance(&b, (uint8_t)x, (uint8_t)x), 0);
    for (int d = 0; d < 6; d++)
      if (b.nbr[x][d] != WOLVES_NONE) EXPECT_EQ(u, wolves_hex_distance(&b, (uint8_t)x, b.nbr[x][d]), 1);
    for (int y = 0; y < b.nhex; y++)
      EXPECT_EQ(u, wolves_hex_distance(&b, (uint8_t)x, (uint8_t)y),
                wolves_hex_distance(&b, (uint8_t)y, (uint8_t)x));
  }
  EXPECT_EQ(u, wolves_hex_distance(&b, wolves_hex_at(&b, 0, 0), wolves_hex_at(&b, 5, 4)), 7);
  EXPECT_EQ(u, wolves_hex_distance(&b, wolves_hex_at(&b, 0, 1), wolves_hex_at(&b, 0, 3)), 2);
  EXPECT_EQ(u, wolves_hex_distance(&b, wolves_hex_at(&b, 5, 0), wolves_hex_at(&b, 0, 0)), 5);
}

static void names_round_trip(unit *u) {
  wolves_board b;
  rect_board(&b);
  char name[8];
  for (int h = 0; h < b.nhex; h++) {
    wolves_hex_name(&b, (uint8_t)h, name, sizeof name);
    EXPECT_EQ(u, wolves_hex_parse(&b, name), h);
  }
  wolves_hex_name(&b, wolves_hex_at(&b, 2, 3), name, sizeof name);
  EXPECT_STR(u, name, "C4");
  wolves_hex_name(&b, wolves_hex_at(&b, 26, 9), name, sizeof name);
  EXPECT_STR(u, name, "AA10");
  EXPECT_EQ(u, wolves_hex_parse(&b, "AA10"), wolves_hex_at(&b, 26, 9));
  EXPECT_EQ(u, wolves_hex_parse(&b, "aa10"), wolves_hex_at(&b, 26, 9));
  EXPECT_EQ(u, wolves_hex_parse(&b, "A1"), 0);
  static const char *const bad[] = {"",   "A",   "7",    "A0",  "1A",    "G1",
                                    "A6", "Z99", "AB10", "A1 ", "ABCD1", "A1234"};
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
    if (wolves_hex_parse(&b, bad[i]) != WOLVES_NONE) UNIT_FAIL_AT(u, "parsed \"%s\"", bad[i]);
}

/* Region 0 around a Water Source at C3, a Central Chasm hex at E2. */
static void link_derives_fields(unit *u) {
  wolves_board b;
  rect_board(&b);
  for (int h = 0; h < b.nhex; h++) b.hex[h].region = b.hex[h].col < 4 ? 1 : WOLVES_NONE;
  const uint8_t w = wolves_hex_at(&b, 2, 2), ch = wolves_hex_at(&b, 4, 1);
  b.hex[w].kind = WOLVES_WATER;
  b.hex[ch].kind = WOLVES_CHASM;
  b.hex[0].flags = WOLVES_HEX_AI | WOLVES_HEX_LONE_ICON; /* stale AI flag is cleared, icons kept */
  wolves_board_link(&b);
  EXPECT_EQ(u, b.nregions, 2);
  EXPECT_EQ(u, b.water[0], WOLVES_NONE);
  EXPECT_EQ(u, b.water[1], w);
  EXPECT_EQ(u, b.hex[0].flags, WOLVES_HEX_LONE_ICON);
  for (int h = 0; h < b.nhex; h++) {
    const int ai = h == b.nbr[w][1];
    /* only Start Board hexes (no region) surround the chasm */
    const int ring =
        h != ch && wolves_hex_distance(&b, (uint8_t)h, ch) == 1 && b.hex[h].region == WOLVES_NONE;
    EXPECT_EQ(u, !!(b.hex[h].flags & WOLVES_HEX_AI), ai);
    EXPECT_EQ(u, !!(b.hex[h].flags & WOLVES_HEX_CHASM_RING), ring);
  }
  EXPECT_EQ(u, b.nbr[w][1], wolves_hex_at(&b, 2, 1));
  EXPECT(u, !(b.hex[wolves_hex_at(&b, 3, 1)].flags & WOLVES_HEX_CHASM_RING)); /* beside it, in region 1 */
  EXPECT(u, b.hex[wolves_hex_at(&b, 5, 1)].flags & WOLVES_HEX_CHASM_RING);
  /* land[]: bit col of each row's land hexes (not the water, the chasm,
   * or a cell without a hex) */
  for (int r = 0; r < WOLVES_GRID; r++)
    for (int col = 0; col < WOLVES_GRID; col++) {
      const uint8_t h = wolves_hex_at(&b, col, r);
      const int land = h != WOLVES_NONE && b.hex[h].kind == WOLVES_LAND;
      if ((int)(b.land[r] >> col & 1) != land) UNIT_FAIL_AT(u, "land[%d] bit %d: %d", r, col, !land);
    }
  EXPECT(u, b.land[9] == (uint64_t)1 << 26 && b.land[5] == 0);
  /* one hex beyond the grid: no land[] at all (the engine's searches go
   * hex by hex) */
  b.hex[b.nhex - 1].col = WOLVES_GRID;
  wolves_board_link(&b);
  for (int r = 0; r < WOLVES_GRID; r++) EXPECT(u, b.land[r] == 0);
  EXPECT_EQ(u, b.nbr[w][1], wolves_hex_at(&b, 2, 1));
}

/* wolves_land_path: a shortest walk over land, each hex a neighbour of
 * the one before; around water; none to water or across a cut. */
static void land_path_walks_around(unit *u) {
  wolves_board b;
  rect_board(&b);
  uint8_t path[WOLVES_MAX_HEXES];
  const uint8_t a = wolves_hex_at(&b, 0, 2), c = wolves_hex_at(&b, 4, 2);
  EXPECT_EQ(u, wolves_land_path(&b, a, c, path, WOLVES_MAX_HEXES), 4); /* a straight line */
  EXPECT_EQ(u, path[0], a);
  EXPECT_EQ(u, path[4], c);
  EXPECT_EQ(u, wolves_land_path(&b, a, a, path, 1), 0);
  EXPECT_EQ(u, path[0], a);
  /* water at C2, C3, C4: around it by C1 or C5, 3 steps to it and 3 on
   * (the straight line is 4) */
  for (int r = 1; r <= 3; r++) b.hex[wolves_hex_at(&b, 2, r)].kind = WOLVES_WATER;
  wolves_board_link(&b);
  const int steps = wolves_land_path(&b, a, c, path, WOLVES_MAX_HEXES);
  EXPECT_EQ(u, steps, 6);
  for (int k = 0; k < steps && k < WOLVES_MAX_HEXES - 1; k++) {
    EXPECT_EQ(u, wolves_hex_distance(&b, path[k], path[k + 1]), 1);
    EXPECT_EQ(u, b.hex[path[k + 1]].kind, WOLVES_LAND);
  }
  uint8_t two[2] = {0, 0};
  EXPECT_EQ(u, wolves_land_path(&b, a, c, two, 2), 6); /* only the first 2 written */
  EXPECT_EQ(u, two[0], a);
  EXPECT_EQ(u, wolves_hex_distance(&b, two[0], two[1]), 1);
  EXPECT_EQ(u, wolves_land_path(&b, a, c, NULL, 0), 6);
  EXPECT_EQ(u, wolves_land_path(&b, a, wolves_hex_at(&b, 2, 2), path, WOLVES_MAX_HEXES), -1); /* water */
  /* a wall from top to bottom: no walk */
  for (int r = 0; r < 5; r++) b.hex[wolves_hex_at(&b, 2, r)].kind = WOLVES_CHASM;
  wolves_board_link(&b);
  EXPECT_EQ(u, wolves_land_path(&b, a, c, path, WOLVES_MAX_HEXES), -1);
  /* bad arguments */
  EXPECT_EQ(u, wolves_land_path(NULL, 0, 1, path, 1), -1);
  EXPECT_EQ(u, wolves_land_path(&b, a, b.nhex, path, 1), -1);
  EXPECT_EQ(u, wolves_land_path(&b, WOLVES_NONE, c, path, 1), -1);
  EXPECT_EQ(u, wolves_land_path(&b, a, a, path, -1), -1);
  EXPECT_EQ(u, wolves_land_path(&b, a, a, NULL, 1), -1);
  b.nhex = WOLVES_MAX_HEXES + 1;
  EXPECT_EQ(u, wolves_land_path(&b, 0, 1, path, 1), -1);
}

void unit_suite_hex(unit *u) {
  UNIT_RUN(u, land_path_walks_around);
  UNIT_RUN(u, neighbours_even_and_odd_rows);
  UNIT_RUN(u, distance_symmetric);
  UNIT_RUN(u, names_round_trip);
  UNIT_RUN(u, link_derives_fields);
}
