/* board.c - the standard boards (SETUP.BOARD, TWO.SETUP): the 10 Region
 * Boards, the Start Board and their arrangement per player count, as the
 * digital edition states them (alfadur/bga-wolves, constants.inc.php;
 * shared/components.md).  The rulebook text gives only their counts.
 *
 * The digital edition draws flat-topped hexes in axial (x, y) with
 * neighbours (0,-1) (1,0) (1,1) (0,1) (-1,0) (-1,-1); (1,0) is "the top
 * hex to the right".  The engine's map is pointy-topped (hex.c); turning
 * the map 30 degrees counterclockwise maps (x, y) to the engine's axial
 * (q, r) = (x, y - x): (1,0) becomes the upper-right neighbour (NE), (1,1)
 * the right one (E), and distances are kept (Red Blob Games, "Hexagonal
 * Grids": axial coordinates). */
#include <limits.h>
#include <string.h>

#include "board.h"

#define BOARD_HEXES 16
#define WATER 5 /* a group value: the Water Source */
#define CHASM 6 /* a Start Board terrain value: the Central Chasm */

typedef struct {
  int8_t x, y;
} xy;

/* Every board's 16 hexes as offsets from its Water Source (on the Start
 * Board, from the chasm hex in the same place). */
static const xy board_offset[BOARD_HEXES] = {
    {-3, -2}, {-2, -2}, {-1, -2},                   /* y = -2 */
    {-3, -1}, {-2, -1}, {-1, -1}, {0, -1}, {1, -1}, /* y = -1 */
    {-3, 0},  {-2, 0},  {-1, 0},  {0, 0},  {1, 0},  /* y = 0 */
    {-1, 1},  {0, 1},   {1, 1},                     /* y = 1 */
};
/* Region Boards: the terrain group of each offset; a group is 3 hexes of
 * one terrain. */
static const uint8_t region_group[BOARD_HEXES] = {0, 0, 0, 1, 2, 2, 3, 3, 1, 1, 2, WATER, 3, 4, 4, 4};
/* Lone Wolf icons at (-1,-2) and (-1,1), the Prey icon at (-2,-1). */
static const uint8_t region_icon[BOARD_HEXES] = {
    0, 0, WOLVES_HEX_LONE_ICON, 0, WOLVES_HEX_PREY_ICON, 0, 0, 0, 0, 0, 0, 0, 0, WOLVES_HEX_LONE_ICON, 0, 0};

enum { F = WOLVES_FOREST, G = WOLVES_GRASS, D = WOLVES_DESERT, T = WOLVES_TUNDRA, R = WOLVES_ROCKY };
/* The terrain of each group, per board 1-10. */
static const uint8_t region_palette[WOLVES_REGION_BOARDS][5] = {
    {G, F, T, R, D}, {R, F, G, T, D}, {F, G, D, R, T}, {G, D, T, F, R}, {D, T, R, G, F},
    {D, R, G, T, F}, {T, R, F, D, G}, {F, T, D, G, R}, {R, G, F, D, T}, {T, D, R, F, G},
};
/* The Start Board: 10 land hexes, two of each terrain, around the 6-hex
 * Central Chasm, 5 on its upper side and 5 on its lower side. */
static const uint8_t start_terrain[BOARD_HEXES] = {
    T, R, D, CHASM, CHASM, CHASM, G, F, D, G, CHASM, CHASM, CHASM, F, T, R,
};

/* A board's place: its centre (Water Source) and whether it is turned 180
 * degrees (offsets negated). */
typedef struct {
  int8_t x, y, turned;
} place;

/* Index 0: the Start Board (3-5 players); then the Region Boards' places. */
static const place two_places[1 + 5] = {{0, 0, 0} /* none */, {8, 9, 0},  {6, 5, 0}, {3, 7, 0},
                                        {10, 13, 0},          {13, 11, 0}};
static const place three_places[1 + 6] = {{8, 9, 0},  {11, 7, 0}, {4, 4, 1},  {1, 6, 1},
                                          {5, 11, 0}, {8, 12, 1}, {13, 11, 0}};
static const place four_places[1 + 8] = {{10, 10, 0}, {13, 8, 0},  {6, 5, 1},   {3, 4, 0},  {3, 7, 1},
                                         {7, 12, 0},  {10, 13, 1}, {17, 16, 0}, {15, 12, 0}};
static const place five_places[1 + 10] = {{10, 13, 0}, {13, 11, 0}, {9, 6, 1},  {6, 8, 1},
                                          {3, 7, 0},   {3, 10, 1},  {7, 15, 0}, {9, 19, 0},
                                          {10, 16, 1}, {17, 19, 0}, {15, 15, 0}};

int wolves_region_boards(int nplayers) {
  switch (nplayers) {
  case 2:
    return 5;
  case 3:
    return 6;
  case 4:
    return 8;
  case 5:
    return 10;
  default:
    return 0;
  }
}

typedef struct {
  int q, r;     /* engine axial */
  int col, row; /* odd-r offset */
  wolves_hex_info info;
} placed;

/* Appends the 16 hexes of a board at p; region WOLVES_NONE is the Start
 * Board, else palette is the Region Board's terrains.  Returns the new
 * count. */
static int add_board(placed *out, int n, place p, uint8_t region, const uint8_t *palette) {
  for (int i = 0; i < BOARD_HEXES; i++) {
    const int dx = p.turned ? -board_offset[i].x : board_offset[i].x;
    const int dy = p.turned ? -board_offset[i].y : board_offset[i].y;
    const int x = p.x + dx, y = p.y + dy;
    const int t = palette ? (region_group[i] == WATER ? WATER : palette[region_group[i]]) : start_terrain[i];
    wolves_hex_info *h = &out[n].info;
    out[n].q = x;
    out[n].r = y - x;
    memset(h, 0, sizeof *h);
    h->region = region;
    h->kind = t == WATER ? WOLVES_WATER : t == CHASM ? WOLVES_CHASM : WOLVES_LAND;
    h->terrain = h->kind == WOLVES_LAND ? (uint8_t)t : 0;
    h->flags = palette ? region_icon[i] : 0;
    n++;
  }
  return n;
}

/* Stable counting sort of p[0..n) into out by key (0 to 255). */
static void sort_by(const placed *p, int n, placed *out, int by_row) {
  int start[256 + 1] = {0}, top = 0;
  for (int i = 0; i < n; i++) {
    const int key = (by_row ? p[i].row : p[i].col) & 0xFF;
    start[key + 1]++;
    if (key > top) top = key;
  }
  for (int k = 0; k < top; k++) start[k + 1] += start[k];
  for (int i = 0; i < n; i++) out[start[(by_row ? p[i].row : p[i].col) & 0xFF]++] = p[i];
}

/* Hexes in reading order of the engine's map: by column, then (stable)
 * by row.  (The offsets of the boards keep rows and columns below 64.) */
static void sort_placed(placed *p, int n) {
  placed by_col[WOLVES_MAX_HEXES];
  sort_by(p, n, by_col, 0);
  sort_by(by_col, n, p, 1);
}

int wolves_board_standard(wolves_board *b, int nplayers, const uint8_t ids[]) {
  const int nb = wolves_region_boards(nplayers);
  if (nb == 0) return -1;
  unsigned seen = 0;
  for (int i = 0; i < nb; i++) {
    if (ids[i] < 1 || ids[i] > WOLVES_REGION_BOARDS || (seen & (1u << ids[i]))) return -1;
    seen |= 1u << ids[i];
  }
  const place *places = nplayers == 2   ? two_places
                        : nplayers == 3 ? three_places
                        : nplayers == 4 ? four_places
                                        : five_places;
  placed hexes[WOLVES_MAX_HEXES];
  int n = 0;
  if (nplayers > 2) n = add_board(hexes, n, places[0], WOLVES_NONE, NULL);
  /* ids[i] goes to place i; its region number comes below. */
  for (int i = 0; i < nb; i++) n = add_board(hexes, n, places[1 + i], (uint8_t)i, region_palette[ids[i] - 1]);

  /* Engine axial to odd-r offset, translated so that every row and column
   * is >= 0 (translations keep adjacency), then hexes in reading order. */
  int rmin = INT_MAX, cmin = INT_MAX;
  for (int i = 0; i < n; i++)
    if (hexes[i].r < rmin) rmin = hexes[i].r;
  for (int i = 0; i < n; i++) {
    hexes[i].row = hexes[i].r - rmin;
    hexes[i].col = hexes[i].q + (hexes[i].row - (hexes[i].row & 1)) / 2;
    if (hexes[i].col < cmin) cmin = hexes[i].col;
  }
  for (int i = 0; i < n; i++) hexes[i].col -= cmin;
  sort_placed(hexes, n);

  /* Regions numbered in reading order of their Water Sources. */
  uint8_t region_of[WOLVES_REGION_BOARDS], next = 0;
  for (int i = 0; i < n; i++)
    if (hexes[i].info.kind == WOLVES_WATER) region_of[hexes[i].info.region] = next++;
  for (int i = 0; i < n; i++)
    if (hexes[i].info.region != WOLVES_NONE) hexes[i].info.region = region_of[hexes[i].info.region];

  memset(b, 0, sizeof *b);
  b->nhex = (uint8_t)n;
  for (int i = 0; i < n; i++) {
    b->hex[i] = hexes[i].info;
    b->hex[i].col = (uint8_t)hexes[i].col;
    b->hex[i].row = (uint8_t)hexes[i].row;
  }
  for (int i = 0; i < nb; i++) b->board_id[region_of[i]] = ids[i];
  wolves_board_link(b);
  return 0;
}
