/* reach.c - how far a wolf goes over land (MOVE.IMPASSABLE: "Wolves
 * cannot move through Water Sources or the Central Chasm"; other pieces
 * do not stop them).  Wolf Speed counts steps, so a hex within Wolf Speed
 * may still be out of reach around water or the chasm.
 *
 * The search goes by rows of the board's land[] (wolves_board_link), all
 * the hexes of a row a step at a time: a hex of an odd row touches
 * columns c and c + 1 of the rows beside it, a hex of an even row c - 1
 * and c ("odd-r", hex.c).  A board with a hex beyond the grid has no
 * land[]; it is searched hex by hex through nbr[][] (wolves_land_reach). */
#include <string.h>

#include "engine.h"

/* reach[] (rows lo..hi, two rows of 0 either side) grown by one step into
 * rows lo..hi of next[] (lo - 1 <= lo <= hi <= hi + 1 of reach[]), and
 * two rows of 0 either side; 0 when nothing was added. */
static inline uint64_t step(const wolves_board *b, const uint64_t *reach, uint64_t *next, int lo, int hi) {
  uint64_t grew = 0;
  for (int r = lo; r <= hi; r++) {
    const uint64_t x = reach[r], beside = reach[r - 1] | reach[r + 1];
    next[r] = (x | x << 1 | x >> 1 | beside | (r & 1 ? beside >> 1 : beside << 1)) & b->land[r];
    grew |= next[r] ^ x;
  }
  next[lo - 2] = next[lo - 1] = next[hi + 1] = next[hi + 2] = 0;
  return grew;
}

/* The rows a step reaches from rows lo..hi. */
static inline int row_below(int lo) { return lo > 0 ? lo - 1 : 0; }
static inline int row_above(int hi) { return hi + 1 < WOLVES_GRID ? hi + 1 : hi; }

/* The search's rows: WOLVES_GRID and two of 0 either side. */
typedef struct {
  uint64_t row[2][WOLVES_GRID + 4];
} rows;

/* Starts the search at `from` in r->row[0]; its land[] row, or -1 when
 * from is not in land[]. */
static int start(const wolves_board *b, uint8_t from, rows *r) {
  const int row = b->hex[from].row, col = b->hex[from].col;
  if (row >= WOLVES_GRID || col >= WOLVES_GRID || !(b->land[row] >> col & 1)) return -1;
  uint64_t *const reach = r->row[0] + 2;
  reach[row - 2] = reach[row - 1] = reach[row + 1] = reach[row + 2] = 0;
  reach[row] = (uint64_t)1 << col;
  return row;
}

int wolves_land_within(const wolves_game *g, uint8_t from, uint8_t to, int limit) {
  const wolves_board *const b = &g->board;
  rows r;
  int lo = start(b, from, &r), hi = lo;
  if (lo < 0) { /* no land[] row holds `from`: hex by hex */
    uint8_t dist[WOLVES_MAX_HEXES], reached[WOLVES_MAX_HEXES];
    wolves_land_reach(g, from, limit, dist, reached);
    return dist[to] != WOLVES_NONE;
  }
  const int row = b->hex[to].row, col = b->hex[to].col;
  if (row >= WOLVES_GRID || col >= WOLVES_GRID) return 0;
  for (int k = 0;; k++) {
    const uint64_t *const reach = r.row[k & 1] + 2;
    if (row >= lo && row <= hi && (reach[row] >> col & 1)) return 1;
    /* only the rows from which `to` is still within reach: as many rows
     * away as steps are left, at most */
    const int left = limit - k - 1, nlo = row_below(lo), nhi = row_above(hi);
    lo = nlo > row - left ? nlo : row - left;
    hi = nhi < row + left ? nhi : row + left;
    if (left < 0 || lo > hi || !step(b, reach, r.row[(k + 1) & 1] + 2, lo, hi)) return 0;
  }
}

int wolves_land_rows(const wolves_board *b, uint8_t from, int limit, uint64_t reach[WOLVES_GRID]) {
  rows r;
  int lo = start(b, from, &r), hi = lo, k = 0;
  if (lo < 0) return 0;
  for (; k < limit; k++) {
    lo = row_below(lo);
    hi = row_above(hi);
    if (!step(b, r.row[k & 1] + 2, r.row[(k + 1) & 1] + 2, lo, hi)) {
      k++; /* (nothing added: the rows of the last step are those before it) */
      break;
    }
  }
  memset(reach, 0, WOLVES_GRID * sizeof *reach);
  memcpy(reach + lo, r.row[k & 1] + 2 + lo, (size_t)(hi - lo + 1) * sizeof *reach);
  return 1;
}

/* wolves_land_reach on a board (wolves_land_path has no game). */
static int land_reach(const wolves_board *b, uint8_t from, int limit, uint8_t dist[WOLVES_MAX_HEXES],
                      uint8_t reached[WOLVES_MAX_HEXES]) {
  memset(dist, WOLVES_NONE, b->nhex);
  int head = 0, tail = 0;
  dist[from] = 0;
  reached[tail++] = from;
  while (head < tail) {
    const uint8_t h = reached[head++];
    if (dist[h] >= limit) continue;
    for (int d = 0; d < 6; d++) {
      const uint8_t n = b->nbr[h][d];
      if (n >= b->nhex || dist[n] != WOLVES_NONE || b->hex[n].kind != WOLVES_LAND) continue;
      dist[n] = (uint8_t)(dist[h] + 1);
      reached[tail++] = n;
    }
  }
  return tail;
}

int wolves_land_reach(const wolves_game *g, uint8_t from, int limit, uint8_t dist[WOLVES_MAX_HEXES],
                      uint8_t reached[WOLVES_MAX_HEXES]) {
  return land_reach(&g->board, from, limit, dist, reached);
}

int wolves_land_steps(const wolves_game *g, uint8_t from, uint8_t to) {
  uint8_t dist[WOLVES_MAX_HEXES], reached[WOLVES_MAX_HEXES];
  if (!wolves_is_land(g, from) || !wolves_is_land(g, to)) return -1;
  land_reach(&g->board, from, WOLVES_MAX_HEXES, dist, reached);
  return dist[to] == WOLVES_NONE ? -1 : dist[to];
}

int wolves_land_path(const wolves_board *b, uint8_t a, uint8_t c, uint8_t *path, int max) {
  if (b == NULL || b->nhex > WOLVES_MAX_HEXES || a >= b->nhex || c >= b->nhex || max < 0 ||
      (path == NULL && max > 0))
    return -1;
  if (b->hex[a].kind != WOLVES_LAND || b->hex[c].kind != WOLVES_LAND) return -1;
  /* the steps to c from every hex; then from a, always a step nearer */
  uint8_t dist[WOLVES_MAX_HEXES], reached[WOLVES_MAX_HEXES];
  land_reach(b, c, WOLVES_MAX_HEXES, dist, reached);
  if (dist[a] == WOLVES_NONE) return -1;
  uint8_t h = a;
  for (int i = 0; i <= dist[a]; i++) {
    if (i < max) path[i] = h;
    if (h == c) return dist[a];
    uint8_t next = WOLVES_NONE;
    for (int d = 0; d < 6 && next == WOLVES_NONE; d++) {
      const uint8_t n = b->nbr[h][d];
      if (n < b->nhex && dist[n] != WOLVES_NONE && dist[n] + 1 == dist[h]) next = n;
    }
    if (next == WOLVES_NONE) break; /* (neighbours that are not mutual: a malformed board) */
    h = next;
  }
  return -1;
}
