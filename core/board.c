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
#include "engine.h"

#define BOARD_HEXES 16
#define WATER 5   /* a group value: the Water Source */
#define CHASM 6   /* a Start Board terrain value: the Central Chasm */
#define CENTRE 11 /* the offset {0, 0} below: a Region Board's Water Source */

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

/* The hex at offset i of a board: region WOLVES_NONE is the Start Board,
 * else palette is the Region Board's terrains. */
static wolves_hex_info board_hex(int i, uint8_t region, const uint8_t *palette) {
  const int t = palette ? (region_group[i] == WATER ? WATER : palette[region_group[i]]) : start_terrain[i];
  wolves_hex_info h = {0};
  h.region = region;
  h.kind = t == WATER ? WOLVES_WATER : t == CHASM ? WOLVES_CHASM : WOLVES_LAND;
  h.terrain = h.kind == WOLVES_LAND ? (uint8_t)t : 0;
  h.flags = palette ? region_icon[i] : 0;
  return h;
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
  /* Place k's hexes are 16 * k + offset; place 0 (the Start Board) only
   * with 3-5 players. */
  const int first = nplayers > 2 ? 0 : 1, end = 1 + nb;
  enum { MAX_PLACED = (1 + WOLVES_REGION_BOARDS) * BOARD_HEXES };
  int row[MAX_PLACED], col[MAX_PLACED];

  /* Engine axial (q, r) = (x, y - x) to odd-r offset, translated so that
   * every row and column is >= 0 (translations keep adjacency). */
  int rmin = INT_MAX, cmin = INT_MAX;
  for (int k = first; k < end; k++)
    for (int i = 0; i < BOARD_HEXES; i++) {
      const int s = places[k].turned ? -1 : 1;
      const int x = places[k].x + s * board_offset[i].x, y = places[k].y + s * board_offset[i].y;
      col[k * BOARD_HEXES + i] = x; /* q for now */
      row[k * BOARD_HEXES + i] = y - x;
      if (y - x < rmin) rmin = y - x;
    }
  for (int j = first * BOARD_HEXES; j < end * BOARD_HEXES; j++) {
    row[j] -= rmin;
    col[j] += (row[j] - (row[j] & 1)) / 2;
    if (col[j] < cmin) cmin = col[j];
  }
  /* The hexes in reading order of the engine's map (by row, then column):
   * a bit per occupied column in each row, and which hex is there.  The
   * places keep rows and columns below WOLVES_GRID, and no two boards
   * overlap. */
  uint64_t occupied[WOLVES_GRID] = {0};
  uint8_t at[WOLVES_GRID][WOLVES_GRID];
  int rows = 0;
  for (int j = first * BOARD_HEXES; j < end * BOARD_HEXES; j++) {
    col[j] -= cmin;
    occupied[row[j]] |= (uint64_t)1 << col[j];
    at[row[j]][col[j]] = (uint8_t)j;
    if (row[j] + 1 > rows) rows = row[j] + 1;
  }

  /* Regions numbered in reading order of their Water Sources. */
  uint8_t region_of[WOLVES_REGION_BOARDS];
  for (int i = 0; i < nb; i++) {
    const int wi = (1 + i) * BOARD_HEXES + CENTRE;
    int rank = 0;
    for (int k = 0; k < nb; k++) {
      const int wk = (1 + k) * BOARD_HEXES + CENTRE;
      rank += row[wk] < row[wi] || (row[wk] == row[wi] && col[wk] < col[wi]);
    }
    region_of[i] = (uint8_t)rank;
  }

  memset(b, 0, sizeof *b);
  int n = 0;
  for (int r = 0; r < rows; r++)
    for (uint64_t bits = occupied[r]; bits != 0; bits &= bits - 1) {
      const int c = wolves_lowest_bit(bits), j = at[r][c], k = j / BOARD_HEXES;
      b->hex[n] = k == 0 ? board_hex(j % BOARD_HEXES, WOLVES_NONE, NULL)
                         : board_hex(j % BOARD_HEXES, region_of[k - 1], region_palette[ids[k - 1] - 1]);
      b->hex[n].col = (uint8_t)c;
      b->hex[n].row = (uint8_t)r;
      n++;
    }
  b->nhex = (uint8_t)n;
  for (int i = 0; i < nb; i++) b->board_id[region_of[i]] = ids[i];
  wolves_board_link(b);
  return 0;
}
