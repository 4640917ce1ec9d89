/* hex.c - hex geometry (Red Blob Games' hex grid guide): pointy-top hexes in
 * "odd-r" offset coordinates, as drawn in a scenario's map (every odd row,
 * counting from 0, sits half a hex to the right).  A hex is named by its
 * column letter(s) and 1-based row, spreadsheet style: "A1", "C4", "AB12". */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"

#define GRID_MAX WOLVES_GRID

/* Axial direction vectors (dq, dr): E, NE, NW, W, SW, SE. */
static const int dir_q[6] = {1, 1, 0, -1, -1, 0};
static const int dir_r[6] = {0, -1, -1, 0, 1, 1};

/* A board the functions below may read: not NULL, and its hexes within
 * the arrays. */
static int board_ok(const wolves_board *b) { return b != NULL && b->nhex <= WOLVES_MAX_HEXES; }

int wolves_hex_distance(const wolves_board *b, uint8_t a, uint8_t c) {
  if (!board_ok(b) || a >= b->nhex || c >= b->nhex) return -1;
  return wolves_distance(b, a, c);
}

uint8_t wolves_hex_at(const wolves_board *b, int col, int row) {
  if (!board_ok(b)) return WOLVES_NONE;
  for (int h = 0; h < b->nhex; h++)
    if (b->hex[h].col == col && b->hex[h].row == row) return (uint8_t)h;
  return WOLVES_NONE;
}

/* nhex and the neighbours, mixed eight bytes at a time: boards that
 * differ there differ here but for a chance of 2^-64. */
static uint64_t fingerprint(const wolves_board *b) {
  const unsigned char *p = (const unsigned char *)b->nbr;
  const size_t n = (size_t)b->nhex * sizeof b->nbr[0];
  uint64_t h = 0x9E3779B97F4A7C15u ^ b->nhex;
  for (size_t i = 0; i < n; i += 8) {
    uint64_t w = 0;
    memcpy(&w, p + i, n - i < 8 ? n - i : 8);
    h = (h ^ w) * 0xBF58476D1CE4E5B9u;
    h ^= h >> 31;
  }
  return h;
}

void wolves_board_link(wolves_board *b) {
  if (!board_ok(b)) return;
  const int n = b->nhex;
  /* the hexes by row and column, cell (row + 1) * W + col + 1: a border
   * of empty cells around them */
  enum { W = GRID_MAX + 2 };
  uint8_t grid[(GRID_MAX + 2) * W];
  memset(grid, WOLVES_NONE, sizeof grid);
  /* One pass for what each hex gives alone: its cell (at[h], 0 for none:
   * a border cell), its bit of land[], the extent (in bytes, as the board
   * holds it), the regions, each region's Water Source (Determine Region
   * Scoring Order: its first water hex) and the derived flags cleared. */
  uint16_t at[WOLVES_MAX_HEXES];
  uint8_t width = 0, height = 0, nregions = 0;
  int in_grid = 1;
  memset(b->land, 0, sizeof b->land);
  memset(b->water, WOLVES_NONE, sizeof b->water);
  for (int h = 0; h < n; h++) {
    wolves_hex_info *x = &b->hex[h];
    const int col = x->col, row = x->row;
    at[h] = 0;
    if (col < GRID_MAX && row < GRID_MAX) {
      at[h] = (uint16_t)((row + 1) * W + col + 1);
      grid[at[h]] = (uint8_t)h;
      if (x->kind == WOLVES_LAND) b->land[row] |= (uint64_t)1 << col;
    } else {
      in_grid = 0;
    }
    if (col + 1 > width) width = (uint8_t)(col + 1);
    if (row + 1 > height) height = (uint8_t)(row + 1);
    x->flags &= (uint8_t) ~(WOLVES_HEX_CHASM_RING | WOLVES_HEX_AI);
    if (x->region >= WOLVES_MAX_REGIONS) continue;
    if (x->region + 1 > nregions) nregions = (uint8_t)(x->region + 1);
    if (x->kind == WOLVES_WATER && b->water[x->region] == WOLVES_NONE) b->water[x->region] = (uint8_t)h;
  }
  if (!in_grid) memset(b->land, 0, sizeof b->land);
  b->width = width;
  b->height = height;
  b->nregions = nregions;

  for (int h = 0; h < n; h++) {
    const int r = b->hex[h].row;
    uint8_t *const nbr = b->nbr[h];
    if (at[h] != 0) {
      /* its neighbours are cells of the grid or its border: the two above
       * (NW, NE) and the two below (SW, SE) side by side, half a hex to
       * the right on an odd row ("odd-r") */
      const uint8_t *const c = grid + at[h];
      const uint8_t *const up = c - W - 1 + (r & 1), *const down = c + W - 1 + (r & 1);
      nbr[0] = c[1];
      nbr[1] = up[1];
      nbr[2] = up[0];
      nbr[3] = c[-1];
      nbr[4] = down[0];
      nbr[5] = down[1];
    } else {
      const int q = wolves_axial_q(b->hex[h].col, r);
      for (int d = 0; d < 6; d++) {
        const int nr = r + dir_r[d], nq = q + dir_q[d];
        const int nc = nq + (nr - (nr & 1)) / 2;
        nbr[d] = (nr < 0 || nc < 0 || nr >= GRID_MAX || nc >= GRID_MAX) ? WOLVES_NONE
                                                                        : grid[(nr + 1) * W + nc + 1];
      }
    }
    /* the hexes of the Start Board surrounding the Central Chasm (Place
     * Wolves Using a Snake Draft) */
    if (b->hex[h].kind != WOLVES_LAND || b->hex[h].region != WOLVES_NONE) continue;
    for (int d = 0; d < 6; d++)
      if (nbr[d] != WOLVES_NONE && b->hex[nbr[d]].kind == WOLVES_CHASM)
        b->hex[h].flags |= WOLVES_HEX_CHASM_RING;
  }
  /* the 2-player AI hex, "the top hex to the right" of the Water Source
   * (TWO.AI_PACK ruling: the upper-right neighbour) */
  for (int r = 0; r < nregions; r++) {
    const uint8_t w = b->water[r];
    const uint8_t ai = w == WOLVES_NONE ? WOLVES_NONE : b->nbr[w][1]; /* direction 1: NE */
    if (ai != WOLVES_NONE && b->hex[ai].kind == WOLVES_LAND) b->hex[ai].flags |= WOLVES_HEX_AI;
  }
  b->fingerprint = fingerprint(b);
}

void wolves_hex_name(const wolves_board *b, uint8_t h, char *buf, size_t n) {
  char letters[4];
  int len = 0;
  if (buf == NULL || n == 0) return;
  if (!board_ok(b) || h >= b->nhex) {
    buf[0] = '\0';
    return;
  }
  /* bijective base 26: A..Z, AA..AZ, BA.. */
  int c = b->hex[h].col + 1;
  char rev[4];
  while (c > 0 && len < 3) {
    c--;
    rev[len++] = (char)('A' + c % 26);
    c /= 26;
  }
  for (int i = 0; i < len; i++) letters[i] = rev[len - 1 - i];
  letters[len] = '\0';
  const int row = b->hex[h].row + 1;
  /* snprintf would pull in stdio; the engine stays I/O-free. */
  char digits[4];
  int nd = 0;
  int r = row;
  do {
    digits[nd++] = (char)('0' + r % 10);
    r /= 10;
  } while (r > 0 && nd < 3);
  size_t o = 0;
  for (int i = 0; i < len && o + 1 < n; i++) buf[o++] = letters[i];
  for (int i = nd - 1; i >= 0 && o + 1 < n; i--) buf[o++] = digits[i];
  buf[o] = '\0';
}

uint8_t wolves_hex_parse(const wolves_board *b, const char *s) {
  int col = 0, row = 0, nl = 0, nd = 0;
  if (s == NULL) return WOLVES_NONE; /* (b: wolves_hex_at) */
  while (isalpha((unsigned char)*s)) {
    col = col * 26 + (toupper((unsigned char)*s) - 'A' + 1);
    if (++nl > 3) return WOLVES_NONE;
    s++;
  }
  while (isdigit((unsigned char)*s)) {
    row = row * 10 + (*s - '0');
    if (++nd > 3) return WOLVES_NONE;
    s++;
  }
  if (*s != '\0' || nl == 0 || nd == 0 || row == 0) return WOLVES_NONE;
  return wolves_hex_at(b, col - 1, row - 1);
}
