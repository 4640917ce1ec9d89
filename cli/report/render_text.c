/* render_text.c - the text hex map of `wolves render`, plain ASCII or with
 * ANSI 256-colour escapes (render.c has the notes on the geometry). */
#include "report/render.h"
#include "report/render_impl.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ==== text ==== */

#define MARGIN 4 /* "%3d " row numbers */
#define NO_COLOR_IDX (-1)

/* The geometry of a text layout and the window drawn.  Wide: boxes of
 * `cell` columns (a separator and `inner` characters), odd rows `half` to
 * the right, a separator line between rows and `lines` content lines.
 * Compact: the same brick wall without separator lines, half a box being
 * 2 of 5 columns. */
typedef struct {
  int cell, half, inner, lines, sep;
  int c0, r0, ncols, nrows; /* the window: columns c0.., rows r0.. */
  const uint8_t *show;      /* hexes in the window (NULL: all) */
  int color;
} geom;

static const geom wide_geom = {10, 5, 9, 3, 1, 0, 0, 0, 0, NULL, 0};
static const geom compact_geom = {5, 2, 4, 2, 0, 0, 0, 0, 0, NULL, 0};

typedef struct {
  int16_t fg, bg; /* xterm-256 indexes, NO_COLOR_IDX = terminal default */
  uint8_t bold;
} tstyle;

typedef struct {
  char ch;
  tstyle st;
} tcell;

typedef struct {
  tcell *c;
  int w, h;
} canvas;

static const tstyle plain = {NO_COLOR_IDX, NO_COLOR_IDX, 0};

/* xterm-256 colours.  Terrain backgrounds are muted so the letters on them
 * stay legible; pack colours are bright and mutually distinct, drawn on a
 * black chip so that a forest Alpha still shows on a forest hex. */
static const int16_t terrain_bg[WOLVES_TERRAINS] = {28, 149, 180, 195, 247};
static const int16_t terrain_fg[WOLVES_TERRAINS] = {231, 16, 16, 16, 16};
static const int16_t pack_fg[WOLVES_TERRAINS] = {34, 190, 215, 51, 196};
#define WATER_BG 25
#define WATER_FG 159
#define CHASM_BG 236
#define CHASM_FG 245
#define CHIP_BG 16
#define LIGHT_EDGE_FG 244

static void put(canvas *cv, int x, int y, char ch, tstyle st) {
  if (x < 0 || y < 0 || x >= cv->w || y >= cv->h) return;
  cv->c[(size_t)y * (size_t)cv->w + (size_t)x] = (tcell){ch, st};
}

static void puts_at(canvas *cv, int x, int y, const char *str, tstyle st) {
  for (; *str; str++) put(cv, x++, y, *str, st);
}

/* The hex at col, row if the window shows it. */
static uint8_t hex_at(const wolves_board *b, const geom *L, int col, int row) {
  if (col < 0 || row < 0 || col >= b->width || row >= b->height) return WOLVES_NONE;
  const uint8_t h = wolves_hex_at(b, col, row);
  return h != WOLVES_NONE && L->show != NULL && !L->show[h] ? WOLVES_NONE : h;
}

/* 0 no edge (nothing on either side), 1 an edge inside a region (or inside
 * the region-less start area), 2 a region border or the edge of the board
 * (or of the window). */
static int edge_kind(const wolves_board *b, uint8_t a, uint8_t c) {
  if (a == WOLVES_NONE && c == WOLVES_NONE) return 0;
  if (a == WOLVES_NONE || c == WOLVES_NONE) return 2;
  return b->hex[a].region != b->hex[c].region ? 2 : 1;
}

/* Column letters as in hex names (hex.c): bijective base 26, A..Z, AA.. */
static void column_letters(int col, char out[4]) {
  char rev[3];
  int len = 0;
  for (int c = col + 1; c > 0 && len < 3; c /= 26) {
    c--;
    rev[len++] = (char)('A' + c % 26);
  }
  for (int i = 0; i < len; i++) out[i] = rev[len - 1 - i];
  out[len] = '\0';
}

static int row_shift(const geom *L, int row) { return (row & 1) ? L->half : 0; }
/* The text column of the left edge of column col's box in row. */
static int box_x(const geom *L, int col, int row) {
  return MARGIN + row_shift(L, row) + L->cell * (col - L->c0);
}
/* The text line of row's separator (wide) or first content line (compact). */
static int row_y(const geom *L, int row) { return 1 + (L->lines + L->sep) * (row - L->r0); }

/* The hex of `row` above or below half box k of a separator line. */
static uint8_t hex_over_half(const wolves_board *b, const geom *L, int row, int k) {
  const int o = row & 1;
  if (k - o < 0) return WOLVES_NONE;
  return hex_at(b, L, L->c0 + (k - o) / 2, row);
}

/* The vertical edge of `row` at text column x, if x is on one. */
static int vertical_at(const wolves_board *b, const geom *L, int row, int x) {
  const int rel = x - MARGIN - row_shift(L, row);
  if (row < L->r0 || row >= L->r0 + L->nrows || rel < 0 || rel % L->cell != 0) return 0;
  const int c = L->c0 + rel / L->cell;
  return edge_kind(b, hex_at(b, L, c - 1, row), hex_at(b, L, c, row));
}

static tstyle edge_style(int kind, int color) {
  if (!color) return plain;
  return kind == 2 ? (tstyle){NO_COLOR_IDX, NO_COLOR_IDX, 1} : (tstyle){LIGHT_EDGE_FG, NO_COLOR_IDX, 0};
}

/* The line between row r-1 and row r (wide).  Half boxes are the
 * NW/NE/SW/SE edges: "-----" on a region border, "....." inside a region.
 * Corners take the strongest edge that meets them. */
static void draw_separator(canvas *cv, const wolves_board *b, const geom *L, int r, int y) {
  const int halves = 2 * L->ncols + 1;
  int prev = 0;
  for (int k = 0; k <= halves; k++) {
    const int x = MARGIN + L->half * k;
    const int e = k < halves ? edge_kind(b, hex_over_half(b, L, r - 1, k), hex_over_half(b, L, r, k)) : 0;
    for (int i = 1; i < L->half && e; i++) put(cv, x + i, y, e == 2 ? '-' : '.', edge_style(e, L->color));
    int corner = prev > e ? prev : e;
    const int up = vertical_at(b, L, r - 1, x), down = vertical_at(b, L, r, x);
    if (up > corner) corner = up;
    if (down > corner) corner = down;
    if (corner) put(cv, x, y, corner == 2 ? '+' : '.', edge_style(corner, L->color));
    prev = e;
  }
}

/* Lays out the tokens of a hex on its lower lines, left to right,
 * wrapping like words; '+' marks what did not fit. */
typedef struct {
  canvas *cv;
  int x0, y0; /* first content character of the first token line */
  int nlines; /* token lines */
  int inner;  /* characters per line */
  int spaced; /* a space between tokens */
  int line, col;
  tstyle gap; /* the hex's background for the spaces */
} flow;

static void flow_token(flow *f, const char *tok, tstyle st) {
  const int len = (int)strlen(tok), sp = f->spaced && f->col > 0;
  if (f->line >= f->nlines) return;
  if (f->col > 0 && f->col + sp + len > f->inner) {
    f->line++;
    f->col = 0;
  }
  if (f->line >= f->nlines || len > f->inner) {
    put(f->cv, f->x0 + f->inner - 1, f->y0 + f->nlines - 1, '+', f->gap);
    f->line = f->nlines;
    return;
  }
  if (f->spaced && f->col > 0) put(f->cv, f->x0 + f->col++, f->y0 + f->line, ' ', f->gap);
  puts_at(f->cv, f->x0 + f->col, f->y0 + f->line, tok, st);
  f->col += len;
}

static void draw_hex(canvas *cv, const wolves_game *g, const wolves_state *s, const geom *L, uint8_t h) {
  const wolves_hex_info *hi = &g->board.hex[h];
  const wolves_hex_state *hs = &s->hex[h];
  const int x0 = box_x(L, hi->col, hi->row) + 1;
  const int y0 = row_y(L, hi->row) + L->sep;
  const int land = hi->kind == WOLVES_LAND && valid_terrain(hi->terrain);
  const int wide = L->sep, color = L->color;
  tstyle bg = plain;
  if (color) {
    bg = hi->kind == WOLVES_WATER   ? (tstyle){WATER_FG, WATER_BG, 0}
         : hi->kind == WOLVES_CHASM ? (tstyle){CHASM_FG, CHASM_BG, 0}
         : land                     ? (tstyle){terrain_fg[hi->terrain], terrain_bg[hi->terrain], 0}
                                    : plain;
  }
  for (int y = 0; y < L->lines; y++)
    for (int x = 0; x < L->inner; x++) put(cv, x0 + x, y0 + y, ' ', bg);

  /* Line 1: wide "C4   F  a" - name, terrain, region; compact "Fa". */
  const char kind = hi->kind == WOLVES_WATER ? '~' : hi->kind == WOLVES_CHASM ? '#' : 0;
  const char tletter = kind ? kind : land ? render_terrain_letter[hi->terrain] : '?';
  if (wide) {
    char name[8];
    wolves_hex_name(&g->board, h, name, sizeof name);
    tstyle name_st = bg;
    name_st.bold = 1;
    puts_at(cv, x0, y0, name, name_st);
    put(cv, x0 + 5, y0, tletter, bg);
    if (kind) put(cv, x0 + 6, y0, kind, bg);
    put(cv, x0 + L->inner - 1, y0, region_letter(hi->region), bg);
  } else {
    put(cv, x0, y0, tletter, bg);
    put(cv, x0 + 1, y0, region_letter(hi->region), bg);
  }

  /* Pieces (highest tier first, as stored), then tokens: wide on lines 2-3
   * together; compact pieces on line 2, tokens after "Fa" on line 1. */
  flow f = {cv, x0, y0 + 1, L->lines - 1, L->inner, wide, 0, 0, bg};
  for (int i = 0; i < WOLVES_HEX_SLOTS; i++) {
    const uint8_t p = hs->piece[i];
    if (p == 0) continue;
    const int pack = piece_pack(p);
    /* type first: "AR" (Alpha, rocky) never reads as a hex's "Ra" */
    const char tok[3] = {render_type_letter[WOLVES_PIECE_TYPE(p)],
                         valid_terrain(pack) ? render_terrain_letter[pack] : '?', '\0'};
    const tstyle st =
        color ? (tstyle){valid_terrain(pack) ? pack_fg[pack] : (int16_t)231, CHIP_BG, 1} : plain;
    flow_token(&f, tok, st);
  }
  if (!wide) f = (flow){cv, x0 + 2, y0, 1, L->inner - 2, 0, 0, 0, bg};
  if (hs->lone_wolf) flow_token(&f, "LW", color ? (tstyle){16, 250, 1} : plain);
  if (hs->prey_count > 0) {
    char tok[8];
    const int known = hs->prey_type < WOLVES_PREY_TYPES;
    if (wide)
      snprintf(tok, sizeof tok, "%s%d", known ? render_prey_abbrev[hs->prey_type] : "??", hs->prey_count);
    else
      snprintf(tok, sizeof tok, "%c%d", known ? render_prey_letter[hs->prey_type] : '?', hs->prey_count % 10);
    flow_token(&f, tok, color ? (tstyle){52, 223, 1} : plain);
  }
  /* Region Scoring Tokens sit on the region's Water Source: "Q/C" (wide) or
   * "QC" is a Quarter on top of a Crescent. */
  if (hi->region < WOLVES_MAX_REGIONS && g->board.water[hi->region] == h) {
    const uint8_t *t = s->region_token[hi->region];
    char tok[4] = {0};
    int o = 0;
    if (t[1] > 0 && t[1] <= WOLVES_PHASES) tok[o++] = render_phase_letter[t[1] - 1];
    if (t[0] > 0 && t[0] <= WOLVES_PHASES) {
      if (o && wide) tok[o++] = '/';
      tok[o++] = render_phase_letter[t[0] - 1];
    }
    if (o) flow_token(&f, tok, color ? (tstyle){16, 228, 1} : plain);
  }
}

static void draw_map(canvas *cv, const wolves_game *g, const wolves_state *s, const geom *L) {
  const wolves_board *b = &g->board;
  const tstyle bold = L->color ? (tstyle){NO_COLOR_IDX, NO_COLOR_IDX, 1} : plain;
  /* Column letters over the boxes of the even rows; odd rows sit half a
   * box to the right. */
  for (int c = L->c0; c < L->c0 + L->ncols; c++) {
    char letters[4];
    column_letters(c, letters);
    const int len = (int)strlen(letters);
    puts_at(cv, box_x(L, c, 0) + 1 + (L->inner - len) / 2, 0, letters, bold);
  }
  for (int r = L->r0; r <= L->r0 + L->nrows; r++) {
    const int y = row_y(L, r);
    if (L->sep) draw_separator(cv, b, L, r, y);
    if (r == L->r0 + L->nrows) break;
    char num[12];
    snprintf(num, sizeof num, "%3d", r + 1);
    puts_at(cv, 0, y + L->sep, num, bold);
    for (int c = L->c0; c <= L->c0 + L->ncols; c++) {
      const int x = box_x(L, c, r);
      const int e = edge_kind(b, hex_at(b, L, c - 1, r), hex_at(b, L, c, r));
      for (int i = 0; i < L->lines && e; i++)
        put(cv, x, y + L->sep + i, e == 2 ? '|' : ':', edge_style(e, L->color));
    }
  }
  for (int h = 0; h < b->nhex; h++)
    if (L->show == NULL || L->show[h]) draw_hex(cv, g, s, L, (uint8_t)h);
}

static int same_style(tstyle a, tstyle b) { return a.fg == b.fg && a.bg == b.bg && a.bold == b.bold; }

static void emit_style(FILE *out, tstyle st) {
  fputs("\033[0", out);
  if (st.bold) fputs(";1", out);
  if (st.fg != NO_COLOR_IDX) fprintf(out, ";38;5;%d", st.fg);
  if (st.bg != NO_COLOR_IDX) fprintf(out, ";48;5;%d", st.bg);
  fputc('m', out);
}

static void print_canvas(FILE *out, const canvas *cv, int color) {
  for (int y = 0; y < cv->h; y++) {
    const tcell *line = cv->c + (size_t)y * (size_t)cv->w;
    int end = cv->w;
    /* Trailing blanks go, unless coloured (a background is visible). */
    while (end > 0 && line[end - 1].ch == ' ' && same_style(line[end - 1].st, plain)) end--;
    tstyle cur = plain;
    for (int x = 0; x < end; x++) {
      if (color && !same_style(line[x].st, cur)) {
        if (same_style(line[x].st, plain))
          fputs("\033[0m", out);
        else
          emit_style(out, line[x].st);
        cur = line[x].st;
      }
      fputc(line[x].ch, out);
    }
    if (color && !same_style(cur, plain)) fputs("\033[0m", out);
    fputc('\n', out);
  }
}

static void print_pack(FILE *out, int pack, int color) {
  const char *name = valid_terrain(pack) ? wolves_terrain_name(pack) : "?";
  if (color && valid_terrain(pack)) {
    emit_style(out, (tstyle){pack_fg[pack], CHIP_BG, 1});
    fputs(name, out);
    fputs("\033[0m", out);
    fprintf(out, "%*s", 6 - (int)strlen(name), "");
  } else {
    fprintf(out, "%-6s", name);
  }
}

/* The legend, each line for the wide layout (W), the compact one (C) or
 * both. */
enum { LEGEND_WIDE = 1, LEGEND_COMPACT = 2, LEGEND_BOTH = 3 };
static const struct {
  int layouts;
  const char *text;
} text_legend[] = {
    {LEGEND_WIDE, "Hex: name, terrain (F forest G grass D desert T tundra R rocky ~~ water"},
    {LEGEND_WIDE, "     ## chasm), region a-j; rows 2, 4, ... sit half a hex right; edges:"},
    {LEGEND_WIDE, "     | - region border or board edge, : . inside a region"},
    {LEGEND_COMPACT, "Hex: terrain (F forest G grass D desert T tundra R rocky ~ water # chasm),"},
    {LEGEND_COMPACT, "     region a-j, a token; below, its pieces; | region border, : inside;"},
    {LEGEND_COMPACT, "     rows 2, 4, ... sit half a hex right of the column letters"},
    {LEGEND_BOTH, "Pieces: type (A Alpha P Pack Wolf N deN L Lair) + pack (its terrain's"},
    {LEGEND_BOTH, "        letter): AR = rocky Alpha, NG = grass Den"},
    {LEGEND_WIDE, "Tokens: LW Lone Wolf; prey + count: Moo moose Dee deer Rac raccoon"},
    {LEGEND_COMPACT, "Tokens: LW Lone Wolf; prey + count: m moose s deer n raccoon w boar"},
    {LEGEND_WIDE, "        Boa boar Rab rabbit; on water Region Scoring Tokens top/bottom:"},
    {LEGEND_COMPACT, "        r rabbit; on water Region Scoring Tokens top/bottom:"},
    {LEGEND_BOTH, "        C crescent Q quarter O full; + more than fits"},
    {LEGEND_BOTH, "Players: > to act, * first; tiles slot 1 first, ' flipped; taken: off"},
    {LEGEND_BOTH, "         the Player Board; tokens C: Q: O: Region Scoring Tokens won,"},
    {LEGEND_BOTH, "         vp: VP Tokens' value"},
};

/* A finished game: the final scores (END.FINAL_SCORE), best first, VP
 * per track, then the winner and how a tie was settled. */
static void print_final_scores(FILE *out, const wolves_game *g, const wolves_state *s) {
  const int np = nplayers_of(g);
  wolves_score sc[WOLVES_MAX_PLAYERS];
  wolves_final_scores(g, s, sc);
  fprintf(out, "\nFinal scores %4s %6s %5s %4s %5s %4s %6s %6s\n", "VP", "spread", "speed", "howl", "lairs",
          "prey", "wolves", "tokens");
  for (int rank = 1; rank <= np; rank++)
    for (int i = 0; i < np; i++) {
      if (sc[i].rank != rank) continue;
      const wolves_score *c = &sc[i];
      fprintf(out, "  %d. %-7s %4d %6d %5d %4d %5d %4d %6d %6d\n", rank,
              valid_terrain(s->player[i].pack) ? wolves_terrain_name(s->player[i].pack) : "?", c->total,
              c->track[WOLVES_TRACK_PACK_SPREAD], c->track[WOLVES_TRACK_WOLF_SPEED],
              c->track[WOLVES_TRACK_HOWL_RANGE], c->track[WOLVES_TRACK_LAIRS], c->track[WOLVES_TRACK_PREY],
              c->track[WOLVES_TRACK_WOLVES], c->tokens);
    }
  char who[160], tie[160];
  render_winner(who, tie, sizeof who, g, s, sc);
  fprintf(out, "%s\n", who);
  if (tie[0]) fprintf(out, "  %s\n", tie);
}

/* The layout and window of o on g's board. */
static geom layout_of(const wolves_board *b, const render_opts *o) {
  geom L = o->layout == RENDER_COMPACT ? compact_geom : wide_geom;
  L.color = o->color;
  L.show = o->show;
  int c1 = -1, r1 = -1;
  L.c0 = b->width;
  L.r0 = b->height;
  for (int h = 0; h < b->nhex; h++) {
    if (o->show != NULL && !o->show[h]) continue;
    const wolves_hex_info *hi = &b->hex[h];
    if (hi->col < L.c0) L.c0 = hi->col;
    if (hi->row < L.r0) L.r0 = hi->row;
    if (hi->col > c1) c1 = hi->col;
    if (hi->row > r1) r1 = hi->row;
  }
  if (c1 < 0) L.c0 = L.r0 = 0; /* nothing to draw */
  L.ncols = c1 + 1 - L.c0;
  L.nrows = r1 + 1 - L.r0;
  return L;
}

int render_text_width(const wolves_game *g, const render_opts *o) {
  const geom L = layout_of(&g->board, o);
  return MARGIN + L.half + L.cell * L.ncols + 1;
}

int render_text(FILE *out, const wolves_game *g, const wolves_state *s, const render_opts *o) {
  const geom L = layout_of(&g->board, o);
  canvas cv = {NULL, render_text_width(g, o), 1 + L.sep + (L.lines + L.sep) * L.nrows};
  cv.c = malloc((size_t)cv.w * (size_t)cv.h * sizeof *cv.c);
  if (cv.c == NULL) return -1;
  for (size_t i = 0; i < (size_t)cv.w * (size_t)cv.h; i++) cv.c[i] = (tcell){' ', plain};
  draw_map(&cv, g, s, &L);
  print_canvas(out, &cv, o->color);
  free(cv.c);

  fputc('\n', out);
  for (size_t i = 0; i < sizeof text_legend / sizeof *text_legend; i++)
    if (text_legend[i].layouts & (L.sep ? LEGEND_WIDE : LEGEND_COMPACT))
      fprintf(out, "%s\n", text_legend[i].text);
  fputc('\n', out);
  char line[512], detail[512];
  const int color = o->color;
  for (int i = 0; i < nplayers_of(g); i++) {
    const int acting = s->phase != WOLVES_PHASE_OVER && s->current == i;
    fprintf(out, "%c%c%d ", acting ? '>' : ' ', s->first_player == i ? '*' : ' ', i + 1);
    print_pack(out, s->player[i].pack, color);
    render_player_summary(line, detail, sizeof line, g, s, i);
    fprintf(out, "%s\n%s\n", line, detail);
  }
  if (nplayers_of(g) == 2 && valid_terrain(s->ai_pack)) {
    fputs("  AI ", out);
    print_pack(out, s->ai_pack, color);
    fputc('\n', out);
  }
  render_game_summary(line, detail, sizeof line, g, s);
  fprintf(out, "%s\n%s\n", line, detail);
  if (s->phase == WOLVES_PHASE_OVER) print_final_scores(out, g, s);
  return render_finish(out);
}

int render_want_color(FILE *out) {
  const char *no = getenv("NO_COLOR"), *term = getenv("TERM");
  if (no != NULL && no[0] != '\0') return 0;
  if (term != NULL && strcmp(term, "dumb") == 0) return 0;
  const int fd = fileno(out);
  return fd >= 0 && isatty(fd);
}
