/* board.c - the standard boards (SETUP.BOARD, TWO.SETUP rulings).  The
 * region maps are not in the text (the pictures were lost): these are
 * reconstructions that keep what the text does say.
 *
 * Every board is a hexagon of radius 2 (19 hexes).  A Region Board has 1
 * Water Source inside the rim (6 land neighbours; its upper-right neighbour
 * is the 2-player AI hex, never an icon), 1 Prey icon (one stack per Region
 * Board: 6/8/10 stacks for 6/8/10 boards) and 2 Lone Wolf icons (20 tokens
 * on 10 boards).  The 180 land hexes of the 10 boards hold 36 of each
 * terrain, 3 or 4 of each on every board.  The Start Board is the Central
 * Chasm (centre and first ring) and a ring of 12 land hexes, opposite hexes
 * of differing terrain, in no region.
 *
 * Boards keep one orientation.  Radius-2 hexagons tile the plane with
 * centres at axial (5,-2) and its rotations by 60 degrees (Red Blob Games,
 * "Hexagonal Grids", map shapes).  3-5 players: the Start Board in the
 * middle, the 6 boards around it, then for 4 players the two places of the
 * next ring that touch two boards on the left and right, for 5 players also
 * the two at top and bottom.  2 players: a centre board and 4 neighbours in
 * a half circle (E, SE, SW, W in board-lattice terms). */
#include <limits.h>
#include <string.h>

#include "board.h"

/* Rows of each board from the top, 3-4-5-4-3 hexes; a hex is a terrain
 * letter (Forest, Grass, Desert, Tundra, Rocky) and an icon ('.' none, 'L'
 * Lone Wolf, 'P' Prey); "~~" is the Water Source, "##" the Central Chasm. */
static const char *const region_map[WOLVES_REGION_BOARDS][5] = {
    {"D. DP T.", "R. R. R. F.", "F. T. ~~ R. D.", "GL T. D. G.", "F. T. GL"},
    {"F. R. FL", "R. F. T. R.", "G. F. T. ~~ DL", "G. T. DP G.", "T. R. D."},
    {"F. R. D.", "F. FP G. TL", "D. G. ~~ R. T.", "RL G. G. T.", "F. D. R."},
    {"D. F. G.", "T. D. G. T.", "T. DP F. FL G.", "R. ~~ D. F.", "G. R. RL"},
    {"G. G. G.", "TL ~~ FL G.", "R. D. D. T. D.", "F. RP R. D.", "T. T. F."},
    {"G. F. F.", "R. T. T. DL", "D. D. ~~ T. G.", "GP R. RL G.", "R. F. T."},
    {"TL D. R.", "F. D. DP R.", "T. ~~ R. G. T.", "F. F. F. D.", "GL G. R."},
    {"F. F. D.", "TL T. ~~ G.", "R. G. F. D. D.", "R. G. T. TL", "F. GP R."},
    {"GL T. F.", "R. F. T. RP", "G. F. T. D. R.", "G. D. ~~ DL", "D. R. G."},
    {"R. R. F.", "F. GL T. DL", "T. R. ~~ D. D.", "TP T. G. F.", "F. D. G."},
};

static const char *const start_map[5] = {"F. G. D.", "G. ## ## T.", "F. ## ## ## R.", "R. ## ## F.",
                                         "T. D. G."};

typedef struct {
  int8_t q, r;
} axial;

/* Board centres; index 0 is the middle (Start Board for 3-5 players). */
static const axial multi_pos[1 + WOLVES_REGION_BOARDS] = {
    {0, 0},  {5, -2},  {2, 3}, {-3, 5}, {-5, 2}, {-2, -3}, {3, -5}, /* the ring of 6 */
    {7, 1},  {-7, -1},                                              /* 4 players: right, left */
    {-1, 8}, {1, -8},                                               /* 5 players: bottom, top */
};
static const axial two_pos[5] = {{0, 0}, {5, -2}, {2, 3}, {-3, 5}, {-5, 2}};

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
  int q, r;     /* axial */
  int col, row; /* odd-r offset */
  wolves_hex_info info;
} placed;

static int terrain_of(char c) {
  static const char letters[] = "FGDTR";
  const char *p = c != '\0' ? strchr(letters, c) : NULL;
  return p != NULL ? (int)(p - letters) : -1;
}

/* Appends the 19 hexes of map centred at centre; returns the new count. */
static int add_board(placed *out, int n, const char *const map[5], axial centre, uint8_t region) {
  for (int r = -2; r <= 2; r++) {
    const char *row = map[r + 2];
    const int q0 = r < 0 ? -2 - r : -2, q1 = r < 0 ? 2 : 2 - r;
    for (int q = q0, i = 0; q <= q1; q++, i++) {
      const char t = row[3 * i], icon = row[3 * i + 1];
      wolves_hex_info *x = &out[n].info;
      out[n].q = centre.q + q;
      out[n].r = centre.r + r;
      memset(x, 0, sizeof *x);
      x->region = region;
      x->kind = t == '~' ? WOLVES_WATER : t == '#' ? WOLVES_CHASM : WOLVES_LAND;
      x->terrain = x->kind == WOLVES_LAND ? (uint8_t)terrain_of(t) : 0;
      x->flags = icon == 'L' ? WOLVES_HEX_LONE_ICON : icon == 'P' ? WOLVES_HEX_PREY_ICON : 0;
      n++;
    }
  }
  return n;
}

static int before(const placed *a, const placed *b) {
  return a->row != b->row ? a->row < b->row : a->col < b->col;
}

int wolves_board_standard(wolves_board *b, int nplayers, const uint8_t ids[]) {
  const int nb = wolves_region_boards(nplayers);
  if (nb == 0) return -1;
  unsigned seen = 0;
  for (int i = 0; i < nb; i++) {
    if (ids[i] < 1 || ids[i] > WOLVES_REGION_BOARDS || (seen & (1u << ids[i]))) return -1;
    seen |= 1u << ids[i];
  }
  const int two = nplayers == 2;
  const axial *pos = two ? two_pos : multi_pos + 1;
  /* Regions in reading order of their positions. */
  int order[WOLVES_REGION_BOARDS];
  for (int i = 0; i < nb; i++) {
    int j = i;
    for (; j > 0; j--) {
      const axial a = pos[order[j - 1]], c = pos[i];
      if (a.r < c.r || (a.r == c.r && a.q < c.q)) break;
      order[j] = order[j - 1];
    }
    order[j] = i;
  }
  placed hexes[WOLVES_MAX_HEXES];
  int n = 0;
  if (!two) n = add_board(hexes, n, start_map, multi_pos[0], WOLVES_NONE);
  for (int reg = 0; reg < nb; reg++)
    n = add_board(hexes, n, region_map[ids[reg] - 1], pos[order[reg]], (uint8_t)reg);

  /* Axial to odd-r offset, translated so that every row and column is >= 0
   * (translations keep adjacency), then hexes in reading order. */
  int rmin = INT_MAX, cmin = INT_MAX;
  for (int i = 0; i < n; i++)
    if (hexes[i].r < rmin) rmin = hexes[i].r;
  for (int i = 0; i < n; i++) {
    hexes[i].row = hexes[i].r - rmin;
    hexes[i].col = hexes[i].q + (hexes[i].row - (hexes[i].row & 1)) / 2;
    if (hexes[i].col < cmin) cmin = hexes[i].col;
  }
  for (int i = 0; i < n; i++) hexes[i].col -= cmin;
  for (int i = 1; i < n; i++) {
    const placed x = hexes[i];
    int j = i;
    for (; j > 0 && before(&x, &hexes[j - 1]); j--) hexes[j] = hexes[j - 1];
    hexes[j] = x;
  }

  memset(b, 0, sizeof *b);
  b->nhex = (uint8_t)n;
  for (int i = 0; i < n; i++) {
    b->hex[i] = hexes[i].info;
    b->hex[i].col = (uint8_t)hexes[i].col;
    b->hex[i].row = (uint8_t)hexes[i].row;
  }
  for (int reg = 0; reg < nb; reg++) b->board_id[reg] = ids[reg];
  wolves_board_link(b);
  return 0;
}
