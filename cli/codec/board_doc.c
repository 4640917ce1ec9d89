/* board_doc.c - see board_doc.h.  The map format is documented in
 * wolves-scenario(5): one text row per board row, 2-character cells. */
#include "board_doc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "read.h"

#define GRID_MAX 64
#define PREY_STACK_MAX 2
#define REGION_STACK 2

static const char terrain_letters[] = "FGDTR";

char region_letter(int r) { return (char)('a' + r); }

void hex_name(const wolves_board *b, int h, char buf[HEX_NAME_MAX]) {
  wolves_hex_name(b, (uint8_t)h, buf, HEX_NAME_MAX);
}

int hex_read_word(const wolves_board *b, const doc_node *n, const char *word, cli_err *e) {
  const uint8_t h = wolves_hex_parse(b, word);
  if (h != WOLVES_NONE) return h;
  /* Distinguish a malformed name from one that is just not on this map. */
  const char *p = word;
  while ((*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z')) p++;
  const int letters = (int)(p - word);
  while (*p >= '0' && *p <= '9') p++;
  if (letters == 0 || p == word + letters || *p != '\0')
    return err_at(e, n, "'%s' is not a hex name (column letters and row number, like 'C4')", word);
  return err_at(e, n, "hex '%s' is not on the map", word);
}

int hex_read(const wolves_board *b, const doc_node *n, cli_err *e) {
  if (n->kind != DOC_STR)
    return err_at(e, n, "expected a hex name like 'C4', not %s", doc_kind_name(n->kind));
  return hex_read_word(b, n, n->str, e);
}

static int cmp_reading(const void *x, const void *y, const wolves_board *b) {
  const wolves_hex_info *p = &b->hex[*(const uint8_t *)x], *q = &b->hex[*(const uint8_t *)y];
  if (p->row != q->row) return p->row - q->row;
  return p->col - q->col;
}

int board_order(const wolves_board *b, uint8_t order[WOLVES_MAX_HEXES]) {
  /* a board set up is in reading order already: one pass says so */
  int sorted = 1;
  for (int i = 0; i < b->nhex; i++) {
    order[i] = (uint8_t)i;
    const wolves_hex_info *p = &b->hex[i];
    if (i && (p[-1].row > p->row || (p[-1].row == p->row && p[-1].col > p->col))) sorted = 0;
  }
  if (sorted) return b->nhex;
  /* Insertion sort: qsort has no context argument in C11, and n <= 250. */
  for (int i = 0; i < b->nhex; i++) {
    int j = i;
    const uint8_t h = (uint8_t)i;
    while (j > 0 && cmp_reading(&order[j - 1], &h, b) > 0) {
      order[j] = order[j - 1];
      j--;
    }
    order[j] = h;
  }
  return b->nhex;
}

/* ---- reading the map ---- */

typedef struct {
  const doc_node *n; /* the node holding the row text */
  int line0, col0;   /* where byte 0 of the row is in the source */
} row_src;

static int cell_error(cli_err *e, const row_src *rs, size_t at, const char *fmt, const char *cell) {
  return err_set(e, rs->n->file, rs->line0, rs->col0 + (int)at, fmt, cell);
}

static int parse_cell(wolves_board *b, const row_src *rs, const char *cell, size_t at, int col, int row,
                      cli_err *e) {
  wolves_hex_info x = {(uint8_t)col, (uint8_t)row, WOLVES_LAND, WOLVES_NONE, WOLVES_NONE, 0};
  const char *t = strchr(terrain_letters, cell[0]);
  if (cell[0] == '~')
    x.kind = WOLVES_WATER;
  else if (cell[0] == '#')
    x.kind = WOLVES_CHASM;
  else if (t && cell[0])
    x.terrain = (uint8_t)(t - terrain_letters);
  else
    return cell_error(e, rs, at, "map cell '%s': terrain must be one of F G D T R, ~ (water) or # (chasm)",
                      cell);
  if (cell[1] >= 'a' && cell[1] < 'a' + WOLVES_MAX_REGIONS)
    x.region = (uint8_t)(cell[1] - 'a');
  else if (cell[1] != '-')
    return cell_error(e, rs, at, "map cell '%s': region must be a letter a..j or - (start board)", cell);
  if (b->nhex >= WOLVES_MAX_HEXES)
    return cell_error(e, rs, at, "map has more than 250 hexes (at '%s')", cell);
  b->hex[b->nhex++] = x;
  return 0;
}

static int parse_row(wolves_board *b, const row_src *rs, const char *text, size_t len, int row, cli_err *e) {
  int col = 0;
  size_t i = 0;
  while (i < len) {
    if (text[i] == ' ' || text[i] == '\t' || text[i] == '\r') {
      i++;
      continue;
    }
    size_t j = i;
    while (j < len && text[j] != ' ' && text[j] != '\t' && text[j] != '\r') j++;
    char cell[16];
    const size_t n = j - i < 12 ? j - i : 12; /* (a cell is 2 characters; more is shown cut) */
    memcpy(cell, text + i, n);
    cell[n] = '\0';
    if (j - i != 2) return cell_error(e, rs, i, "map cell '%s' must be 2 characters ('..' for no hex)", cell);
    if (col >= GRID_MAX) return cell_error(e, rs, i, "map row has more than 64 cells (at '%s')", cell);
    if (strcmp(cell, "..") != 0 && parse_cell(b, rs, cell, i, col, row, e)) return -1;
    col++;
    i = j;
  }
  return 0;
}

static int map_rows_from_text(wolves_board *b, const doc_node *map, cli_err *e) {
  if (!map->literal) return err_at(e, map, "map must be a literal block (map: |) or a list of row strings");
  const char *p = map->str, *end = map->str + map->len;
  int row = 0;
  while (p < end) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    const size_t len = nl ? (size_t)(nl - p) : (size_t)(end - p);
    if (row >= GRID_MAX) return err_set(e, map->file, map->line + 1 + row, 1, "map has more than 64 rows");
    const row_src rs = {map, map->line + 1 + row, map->indent + 1};
    if (parse_row(b, &rs, p, len, row, e)) return -1;
    row++;
    p += len + (nl ? 1 : 0);
  }
  return 0;
}

static int map_rows_from_list(wolves_board *b, const doc_node *map, cli_err *e) {
  int row = 0;
  for (const doc_node *r = map->first; r; r = r->next, row++) {
    if (r->kind != DOC_STR) return err_at(e, r, "a map row must be a string, not %s", doc_kind_name(r->kind));
    if (memchr(r->str, '\n', r->len)) return err_at(e, r, "a map row must be a single line");
    if (row >= GRID_MAX) return err_at(e, r, "map has more than 64 rows");
    const row_src rs = {r, r->line, r->col + r->quoted};
    if (parse_row(b, &rs, r->str, r->len, row, e)) return -1;
  }
  return 0;
}

int board_map_read(const doc_node *map, wolves_board *b, cli_err *e) {
  memset(b, 0, sizeof *b);
  int rc;
  if (map->kind == DOC_STR)
    rc = map_rows_from_text(b, map, e);
  else if (map->kind == DOC_SEQ)
    rc = map_rows_from_list(b, map, e);
  else
    return err_at(e, map, "map must be a literal block (map: |) or a list of row strings");
  if (rc) return -1;
  if (b->nhex == 0) return err_at(e, map, "map has no hexes");
  wolves_board_link(b);
  return 0;
}

/* ---- tokens ---- */

static int land_hex(const wolves_game *g, const doc_node *n, const char *what, cli_err *e) {
  const int h = hex_read(&g->board, n, e);
  if (h < 0) return -1;
  if (g->board.hex[h].kind != WOLVES_LAND)
    return err_at(e, n, "%s on %s, which is not a land hex", what, n->str);
  return h;
}

static int read_lone_wolves(const doc_node *list, const wolves_game *g, wolves_state *s, cli_err *e) {
  if (read_kind(list, DOC_SEQ, "lone_wolves", e)) return -1;
  for (const doc_node *c = list->first; c; c = c->next) {
    const int h = land_hex(g, c, "a Lone Wolf Token", e);
    if (h < 0) return -1;
    if (s->hex[h].lone_wolf) return err_at(e, c, "hex %s listed twice in lone_wolves", c->str);
    s->hex[h].lone_wolf = 1;
  }
  return 0;
}

/* A value that is one item or a list of them, as `prey: {C4: moose}` or
 * `{C4: [moose, moose]}`: calls each(item) for every item. */
static const doc_node *first_item(const doc_node *v) { return v->kind == DOC_SEQ ? v->first : v; }
static const doc_node *next_item(const doc_node *v, const doc_node *c) {
  return v->kind == DOC_SEQ ? c->next : NULL;
}
static size_t item_count(const doc_node *v) { return v->kind == DOC_SEQ ? v->count : 1; }

static int read_prey(const doc_node *map, const wolves_game *g, wolves_state *s, cli_err *e) {
  if (read_kind(map, DOC_MAP, "prey", e)) return -1;
  for (const doc_node *v = map->first; v; v = v->next) {
    const int h = hex_read_word(&g->board, v, v->key, e);
    if (h < 0) return -1;
    if (g->board.hex[h].kind != WOLVES_LAND)
      return err_at_key(e, v, "prey on %s, which is not a land hex", v->key);
    if (s->hex[h].lone_wolf)
      return err_at_key(e, v, "hex %s holds both a Lone Wolf and a Prey Token", v->key);
    if (item_count(v) < 1 || item_count(v) > PREY_STACK_MAX)
      return err_at(e, v, "a prey stack holds 1 or 2 tokens, not %zu", item_count(v));
    for (const doc_node *c = first_item(v); c; c = next_item(v, c)) {
      const int p = read_name(c, NAMES_PREY, e);
      if (p < 0) return -1;
      if (c != first_item(v) && p != s->hex[h].prey_type)
        return err_at(e, c, "a prey stack holds tokens of one type");
      s->hex[h].prey_type = (uint8_t)p;
      s->hex[h].prey_count++;
    }
  }
  return 0;
}

static int region_exists(const wolves_board *b, int r) {
  for (int h = 0; h < b->nhex; h++)
    if (b->hex[h].region == r) return 1;
  return 0;
}

/* Listed top first (the order they are scored); stored [0] bottom, [1] top. */
static int read_region_tokens(const doc_node *map, const wolves_game *g, wolves_state *s, cli_err *e) {
  if (read_kind(map, DOC_MAP, "region_tokens", e)) return -1;
  for (const doc_node *v = map->first; v; v = v->next) {
    const char *k = v->key;
    if (k[0] < 'a' || k[0] >= 'a' + WOLVES_MAX_REGIONS || k[1] != '\0')
      return err_at_key(e, v, "region '%s' must be a letter a..j", k);
    const int r = k[0] - 'a';
    if (!region_exists(&g->board, r)) return err_at_key(e, v, "region '%s' is not on the map", k);
    const size_t n = item_count(v);
    if (n < 1 || n > REGION_STACK)
      return err_at(e, v, "a region holds 1 or 2 Region Scoring Tokens, not %zu", n);
    size_t i = 0;
    for (const doc_node *c = first_item(v); c; c = next_item(v, c), i++) {
      const int p = read_name(c, NAMES_PHASE, e);
      if (p < 0) return -1;
      s->region_token[r][n - 1 - i] = (uint8_t)(p + 1);
    }
  }
  return 0;
}

int board_tokens_read(const doc_node *board, const wolves_game *g, wolves_state *s, cli_err *e) {
  const doc_node *n;
  for (int h = 0; h < WOLVES_MAX_HEXES; h++) {
    s->hex[h].lone_wolf = s->hex[h].prey_count = s->hex[h].prey_type = 0;
  }
  memset(s->region_token, 0, sizeof s->region_token);
  if ((n = doc_get(board, "lone_wolves")) && read_lone_wolves(n, g, s, e)) return -1;
  if ((n = doc_get(board, "prey")) && read_prey(n, g, s, e)) return -1;
  if ((n = doc_get(board, "region_tokens")) && read_region_tokens(n, g, s, e)) return -1;
  return 0;
}

/* ---- writing ---- */

static void cell_text(const wolves_hex_info *x, char out[3]) {
  out[0] = x->kind == WOLVES_WATER        ? '~'
           : x->kind == WOLVES_CHASM      ? '#'
           : x->terrain < WOLVES_TERRAINS ? terrain_letters[x->terrain]
                                          : '?';
  out[1] = x->region < WOLVES_MAX_REGIONS ? region_letter(x->region) : '-';
  out[2] = '\0';
}

static void map_emit(emitter *em, const char *key, const wolves_board *b) {
  emit_seq(em, key, DOC_BLOCK); /* one row per line: the JSON still looks like the map */
  /* the hex at each cell, once (a state is written after every action) */
  uint8_t grid[GRID_MAX][GRID_MAX];
  memset(grid, WOLVES_NONE, sizeof grid);
  for (int h = 0; h < b->nhex; h++)
    if (b->hex[h].col < GRID_MAX && b->hex[h].row < GRID_MAX) grid[b->hex[h].row][b->hex[h].col] = (uint8_t)h;
  for (int r = 0; r < b->height && r < GRID_MAX; r++) {
    char line[GRID_MAX * 4 + 4] = "";
    size_t len = 0;
    int last = -1;
    for (int c = 0; c < b->width && c < GRID_MAX; c++)
      if (grid[r][c] != WOLVES_NONE) last = c;
    if (r % 2) line[len++] = ' ', line[len++] = ' ';
    for (int c = 0; c <= (last < 0 ? 0 : last); c++) {
      const uint8_t h = grid[r][c];
      char cell[3] = "..";
      if (h != WOLVES_NONE) cell_text(&b->hex[h], cell);
      if (c) line[len++] = ' ', line[len++] = ' ';
      line[len++] = cell[0];
      line[len++] = cell[1];
    }
    line[len] = '\0';
    emit_str(em, NULL, line);
  }
  emit_end(em);
}

/* lone_wolves, prey and region_tokens of a `board:` mapping */
static void tokens_emit(emitter *em, const wolves_board *b, const wolves_state *s) {
  uint8_t order[WOLVES_MAX_HEXES];
  const int n = board_order(b, order);
  emit_seq(em, "lone_wolves", DOC_AUTO);
  for (int i = 0; i < n; i++)
    if (s->hex[order[i]].lone_wolf) {
      char name[HEX_NAME_MAX];
      hex_name(b, order[i], name);
      emit_str(em, NULL, name);
    }
  emit_end(em);
  emit_map(em, "prey", DOC_AUTO);
  for (int i = 0; i < n; i++) {
    const wolves_hex_state *x = &s->hex[order[i]];
    if (!x->prey_count) continue;
    char name[HEX_NAME_MAX];
    hex_name(b, order[i], name);
    emit_seq(em, name, DOC_AUTO);
    for (int k = 0; k < x->prey_count; k++) emit_str(em, NULL, names_word(NAMES_PREY, x->prey_type));
    emit_end(em);
  }
  emit_end(em);
  emit_map(em, "region_tokens", DOC_AUTO);
  for (int r = 0; r < WOLVES_MAX_REGIONS; r++) {
    int any = 0;
    for (int i = 0; i < REGION_STACK; i++) any |= s->region_token[r][i];
    if (!any) continue;
    const char letter[2] = {region_letter(r), '\0'};
    emit_seq(em, letter, DOC_AUTO);
    for (int i = REGION_STACK - 1; i >= 0; i--)
      if (s->region_token[r][i]) emit_str(em, NULL, wolves_phase_name(s->region_token[r][i] - 1));
    emit_end(em);
  }
  emit_end(em);
}

void board_emit(emitter *em, const char *key, const wolves_game *g, const wolves_state *s, board_memo *memo) {
  const wolves_board *b = &g->board;
  emit_map(em, key, DOC_AUTO);
  const void *const board_in[] = {b};
  const size_t board_size[] = {sizeof *b};
  if (!emit_memo_use(em, memo ? &memo->map : NULL, board_in, board_size, 1)) {
    map_emit(em, "map", b);
    if (memo) emit_memo_keep(em, &memo->map);
  }
  /* the tokens' entries are made of the board (names, order) and the
   * tokens on it */
  uint8_t tokens[3 * WOLVES_MAX_HEXES];
  const int nhex = b->nhex < WOLVES_MAX_HEXES ? b->nhex : WOLVES_MAX_HEXES;
  for (int h = 0; h < nhex; h++) {
    tokens[3 * h] = s->hex[h].lone_wolf;
    tokens[3 * h + 1] = s->hex[h].prey_type;
    tokens[3 * h + 2] = s->hex[h].prey_count;
  }
  const void *const tokens_in[] = {b, tokens, s->region_token};
  const size_t tokens_size[] = {sizeof *b, 3 * (size_t)nhex, sizeof s->region_token};
  if (!emit_memo_use(em, memo ? &memo->tokens : NULL, tokens_in, tokens_size, 3)) {
    tokens_emit(em, b, s);
    if (memo) emit_memo_keep(em, &memo->tokens);
  }
  emit_end(em);
}

void board_memo_free(board_memo *m) {
  emit_memo_free(&m->map);
  emit_memo_free(&m->tokens);
}
