/* render.c - `wolves render`: a position as a text hex map or an SVG picture.
 *
 * The board uses "odd-r" offset coordinates (Red Blob Games' hex grid
 * guide): pointy-top hexes, every odd row shifted right by half a hex.  In
 * text that is a brick wall: each hex is a box of CELL columns, odd rows
 * start HALF a box later, so a hex touches its W/E neighbours through the
 * vertical bars and its NW/NE/SW/SE neighbours through half of the line
 * above or below it.  Every hex edge therefore has its own characters, and
 * region borders can be drawn exactly.
 *
 * The text map is ASCII only; colour adds ANSI escapes around the very same
 * characters (stripping the escapes gives the plain render), so goldens,
 * logs and terminals without UTF-8 all read the same picture. */
#include "render.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- shared vocabulary ---- */

/* Initials are for reading at a glance; the legend spells them out.  Pack
 * initials are lower case and piece types upper case, so "rA" (rocky
 * Alpha) cannot be mistaken for a terrain letter or a prey abbreviation. */
static const char terrain_letter[WOLVES_TERRAINS] = {'F', 'G', 'D', 'T', 'R'};
static const char pack_letter[WOLVES_TERRAINS] = {'f', 'g', 'd', 't', 'r'};
static const char type_letter[4] = {'D', 'P', 'A', 'L'}; /* wolves_piece_type order */
/* Raccoon and rabbit share an initial, hence two letters. */
static const char *const prey_abbrev[WOLVES_PREY_TYPES] = {"Mo", "De", "Ra", "Bo", "Rb"};
static const char phase_letter[WOLVES_PHASES] = {'C', 'Q', 'F'};
static const char *const phase_short[WOLVES_PHASES] = {"cres", "qtr", "full"};

#define SUMMARY_INDENT 4 /* under the pack name */

static int valid_terrain(int t) { return t >= 0 && t < WOLVES_TERRAINS; }

static char region_letter(uint8_t r) { return r < WOLVES_MAX_REGIONS ? (char)('a' + r) : ' '; }

/* The pack whose pieces these are, for colour: the players' packs or the
 * 2-player AI pack, all of them terrains. */
static int piece_pack(uint8_t piece) { return WOLVES_PIECE_PACK(piece); }

static int nplayers_of(const wolves_game *g) { return g->nplayers <= WOLVES_MAX_PLAYERS ? g->nplayers : 0; }

static const char *phase_word(uint8_t phase) {
  return phase == WOLVES_PHASE_DRAFT ? "draft" : phase == WOLVES_PHASE_PLAY ? "play" : "over";
}

/* One player's summary, as a table would read the Player Board: `head`
 * (what goes after the pack name: tiles, attributes, Bonus Tokens; tiles
 * upper case face up, lower case flipped) and `detail` (a second line:
 * what was taken off the board, prey hunted, tokens scored). */
static void player_summary(char *head, char *detail, size_t n, const wolves_game *g, const wolves_state *s,
                           int i) {
  const wolves_player *p = &s->player[i];
  char tiles[WOLVES_TILES + 1];
  size_t o = 0;
  for (int k = 0; k < WOLVES_TILES; k++) {
    const int t = wolves_tile_terrain(g, s, i, k);
    const char c = valid_terrain(t) ? terrain_letter[t] : '?';
    tiles[o++] = (p->flipped >> k) & 1 && k != 0 ? (char)(c - 'A' + 'a') : c;
  }
  tiles[o] = '\0';
  int dens = 0, hunted = 0;
  for (int a = 0; a < WOLVES_ATTRIBUTES; a++) dens += p->dens_taken[a];
  for (int k = 0; k < WOLVES_HUNT_SPACES; k++) hunted += p->prey[k] != 0;
  snprintf(head, n, "  tiles %s  spread %d speed %d howl %d  bonus terrain %d action %d", tiles,
           wolves_attribute(g, s, i, WOLVES_PACK_SPREAD), wolves_attribute(g, s, i, WOLVES_WOLF_SPEED),
           wolves_attribute(g, s, i, WOLVES_HOWL_RANGE), p->bonus_terrain, p->bonus_action);
  snprintf(detail, n, "%*staken dens %d/%d lairs %d/%d wolves %d/%d  prey %d/%d  tokens C%d Q%d F%d vp %d",
           SUMMARY_INDENT, "", dens, WOLVES_ATTRIBUTES * (WOLVES_ATTR_POSITIONS - 1), p->lairs_taken,
           WOLVES_LAIRS, p->wolves_taken, WOLVES_WOLF_SPACES, hunted, WOLVES_HUNT_SPACES,
           p->region_tokens[WOLVES_CRESCENT], p->region_tokens[WOLVES_QUARTER], p->region_tokens[WOLVES_FULL],
           p->vp_tokens);
}

/* The Moonlight Board (`moon`) and whose turn it is (`turn`). */
static void game_summary(char *moon, char *turn, size_t n, const wolves_game *g, const wolves_state *s) {
  const int ph = s->phases_scored;
  if (ph < WOLVES_PHASES)
    snprintf(moon, n, "Moonlight %d/%d dates filled, next phase %s at date %d", s->moon_filled,
             WOLVES_MOON_DATES, wolves_phase_name(ph), g->data.moon_phase_date[ph]);
  else
    snprintf(moon, n, "Moonlight %d/%d dates filled, all phases scored", s->moon_filled, WOLVES_MOON_DATES);
  char who[48] = "nobody to act";
  if (s->phase == WOLVES_PHASE_OVER)
    snprintf(who, sizeof who, "game over");
  else if (s->current < nplayers_of(g))
    snprintf(who, sizeof who, "player %d (%s) to act", s->current + 1,
             wolves_terrain_name(s->player[s->current].pack));
  snprintf(turn, n, "Turn %d, %s phase, %s; supply bonus terrain %d action %d", s->turn, phase_word(s->phase),
           who, s->supply_bonus_terrain, s->supply_bonus_action);
}

static int finish(FILE *out) { return (fflush(out) != 0 || ferror(out)) ? -1 : 0; }

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

/* Prey in the compact layout: one lower-case letter and the count. */
static const char prey_letter[WOLVES_PREY_TYPES] = {'m', 'd', 'c', 'b', 'h'};

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
  const char tletter = kind ? kind : land ? terrain_letter[hi->terrain] : '?';
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
    const char tok[3] = {valid_terrain(pack) ? pack_letter[pack] : '?', type_letter[WOLVES_PIECE_TYPE(p)],
                         '\0'};
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
      snprintf(tok, sizeof tok, "%s%d", known ? prey_abbrev[hs->prey_type] : "??", hs->prey_count);
    else
      snprintf(tok, sizeof tok, "%c%d", known ? prey_letter[hs->prey_type] : '?', hs->prey_count % 10);
    flow_token(&f, tok, color ? (tstyle){52, 223, 1} : plain);
  }
  /* Region Scoring Tokens sit on the region's Water Source: "Q/C" (wide) or
   * "QC" is a Quarter on top of a Crescent. */
  if (hi->region < WOLVES_MAX_REGIONS && g->board.water[hi->region] == h) {
    const uint8_t *t = s->region_token[hi->region];
    char tok[4] = {0};
    int o = 0;
    if (t[1] > 0 && t[1] <= WOLVES_PHASES) tok[o++] = phase_letter[t[1] - 1];
    if (t[0] > 0 && t[0] <= WOLVES_PHASES) {
      if (o && wide) tok[o++] = '/';
      tok[o++] = phase_letter[t[0] - 1];
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
    {LEGEND_WIDE, "     ## chasm), region a-j; edges | - region border or board edge, : . inside"},
    {LEGEND_COMPACT, "Hex: terrain (F forest G grass D desert T tundra R rocky ~ water # chasm),"},
    {LEGEND_COMPACT, "     region a-j, a token; below, its pieces; | region border, : inside;"},
    {LEGEND_COMPACT, "     odd rows sit half a hex right (the column letters name even rows' hexes)"},
    {LEGEND_BOTH, "Pieces: pack f g d t r + type A alpha P pack D den L lair (rA = rocky Alpha)"},
    {LEGEND_WIDE, "Tokens: LW lone wolf; prey + count: Mo moose De deer Ra raccoon Bo boar"},
    {LEGEND_WIDE, "        Rb rabbit; on water Region Scoring Tokens top/bottom: C crescent"},
    {LEGEND_WIDE, "        Q quarter F full; + more than fits"},
    {LEGEND_COMPACT, "Tokens: LW lone wolf; prey + count: m moose d deer c raccoon b boar h rabbit;"},
    {LEGEND_COMPACT, "        on water Region Scoring Tokens top/bottom: C crescent Q quarter F full;"},
    {LEGEND_COMPACT, "        + more than fits"},
    {LEGEND_BOTH, "Players: > to act, * first; tiles upper case face up, lower case flipped;"},
    {LEGEND_BOTH, "         taken off the Player Board; tokens: Region Scoring Tokens won,"},
    {LEGEND_BOTH, "         vp: VP Tokens' value"},
};

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
    player_summary(line, detail, sizeof line, g, s, i);
    fprintf(out, "%s\n%s\n", line, detail);
  }
  if (nplayers_of(g) == 2 && valid_terrain(s->ai_pack)) {
    fputs("  AI ", out);
    print_pack(out, s->ai_pack, color);
    fputc('\n', out);
  }
  game_summary(line, detail, sizeof line, g, s);
  fprintf(out, "%s\n%s\n", line, detail);
  return finish(out);
}

int render_want_color(FILE *out) {
  const char *no = getenv("NO_COLOR"), *term = getenv("TERM");
  if (no != NULL && no[0] != '\0') return 0;
  if (term != NULL && strcmp(term, "dumb") == 0) return 0;
  const int fd = fileno(out);
  return fd >= 0 && isatty(fd);
}

/* ==== SVG ==== */

#define SIZE 40.0                  /* hex radius: centre to corner */
#define SQRT3_2 0.8660254          /* sin 60 degrees */
#define HEX_W (2 * SQRT3_2 * SIZE) /* width of a pointy-top hex, so neighbours share edges exactly */
#define PAD 16.0
#define FONT_W 7.3 /* advance of the 12px monospace summary font */
#define LINE_H 16.0

/* Corner i of a pointy-top hex at 60i - 30 degrees (screen y down), as
 * unit offsets: written out so the output needs no libm and is exact. */
static const double corner_dx[6] = {SQRT3_2, SQRT3_2, 0.0, -SQRT3_2, -SQRT3_2, 0.0};
static const double corner_dy[6] = {-0.5, 0.5, 1.0, 0.5, -0.5, -1.0};

static const char *const terrain_fill[WOLVES_TERRAINS] = {"#2e7d32", "#9ccc65", "#e3c58b", "#e0f2f1",
                                                          "#9e9e9e"};
/* Pack colours: saturated, far from every terrain, water and chasm fill
 * (tests/render checks the distance), each piece on a white chip so that a
 * forest Alpha shows on a forest hex; the legend names them. */
static const char *const pack_fill[WOLVES_TERRAINS] = {"#00e676", "#c6ff00", "#ff6d00", "#00e5ff", "#d50000"};
#define WATER_FILL "#3f88c5"
#define CHASM_FILL "#263238"
#define INK "#1a1a1a"

static double hex_cx(const wolves_hex_info *hi) {
  return PAD + HEX_W / 2 + HEX_W * (hi->col + 0.5 * (hi->row & 1));
}
static double hex_cy(const wolves_hex_info *hi) { return PAD + SIZE + 1.5 * SIZE * hi->row; }

static const char *hex_fill(const wolves_hex_info *hi) {
  if (hi->kind == WOLVES_WATER) return WATER_FILL;
  if (hi->kind == WOLVES_CHASM) return CHASM_FILL;
  return valid_terrain(hi->terrain) ? terrain_fill[hi->terrain] : "#ffffff";
}

static const char *hex_class(const wolves_hex_info *hi) {
  if (hi->kind == WOLVES_WATER) return "water";
  if (hi->kind == WOLVES_CHASM) return "chasm";
  return valid_terrain(hi->terrain) ? wolves_terrain_name(hi->terrain) : "unknown";
}

/* Labels on dark hexes are white. */
static const char *label_fill(const wolves_hex_info *hi) {
  return hi->kind != WOLVES_LAND || hi->terrain == WOLVES_FOREST ? "#ffffff" : "#222222";
}

static void svg_piece(FILE *out, uint8_t p, double x, double y) {
  const int pack = piece_pack(p), type = WOLVES_PIECE_TYPE(p);
  const char *fill = valid_terrain(pack) ? pack_fill[pack] : "#ffffff";
  const char *const pack_name = valid_terrain(pack) ? wolves_terrain_name(pack) : "unknown";
  fprintf(out, "<g class=\"piece %s %s\" fill=\"%s\" stroke=\"" INK "\"><title>%s %s</title>",
          wolves_piece_name(type), pack_name, fill, pack_name, wolves_piece_name(type));
  fprintf(out,
          "<circle class=\"chip\" cx=\"%.1f\" cy=\"%.1f\" r=\"11.5\" fill=\"#ffffff\" "
          "fill-opacity=\"0.85\" stroke=\"none\"/>",
          x, y);
  switch (type) {
  case WOLVES_ALPHA: /* a bigger, bolder Pack Wolf wearing a crown */
    fprintf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"9.0\" stroke-width=\"2.5\"/>", x, y + 2);
    fprintf(out,
            "<polygon points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f %.1f,%.1f %.1f,%.1f %.1f,%.1f %.1f,%.1f\" "
            "fill=\"#ffd54f\" stroke-width=\"1.0\"/>",
            x - 5, y - 5, x - 5, y - 11, x - 2.5, y - 8, x, y - 12, x + 2.5, y - 8, x + 5, y - 11, x + 5,
            y - 5);
    break;
  case WOLVES_PACK:
    fprintf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"6.5\" stroke-width=\"1.5\"/>", x, y);
    break;
  case WOLVES_DEN:
    fprintf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"11.0\" height=\"11.0\" stroke-width=\"1.5\"/>", x - 5.5,
            y - 5.5);
    break;
  default: /* Lair: a house */
    fprintf(out,
            "<polygon points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f %.1f,%.1f %.1f,%.1f\" stroke-width=\"1.5\"/>",
            x - 9, y + 8, x + 9, y + 8, x + 9, y - 2, x, y - 11, x - 9, y - 2);
    break;
  }
  fputs("</g>\n", out);
}

/* A Moonlight phase as a moon on a night-blue token: a crescent is a lit
 * sliver on the right, a quarter the lit right half, full the whole disc. */
static void svg_moon(FILE *out, int phase, double x, double y) {
  fprintf(out, "<g class=\"region-token %s\">", wolves_phase_name(phase));
  fprintf(
      out,
      "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"10.0\" fill=\"#243447\" stroke=\"#fff3b0\" stroke-width=\"1.0\"/>",
      x, y);
  if (phase == WOLVES_CRESCENT)
    fprintf(out, "<path d=\"M %.1f %.1f A 8 8 0 1 1 %.1f %.1f A 4 8 0 1 0 %.1f %.1f Z\" fill=\"#fff3b0\"/>",
            x, y - 8, x, y + 8, x, y - 8);
  else if (phase == WOLVES_QUARTER)
    fprintf(out, "<path d=\"M %.1f %.1f A 8 8 0 0 1 %.1f %.1f Z\" fill=\"#fff3b0\"/>", x, y - 8, x, y + 8);
  else
    fprintf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"8.0\" fill=\"#fff3b0\"/>", x, y);
  fputs("</g>\n", out);
}

static void svg_hex_contents(FILE *out, const wolves_game *g, const wolves_state *s, uint8_t h) {
  const wolves_hex_info *hi = &g->board.hex[h];
  const wolves_hex_state *hs = &s->hex[h];
  const double cx = hex_cx(hi), cy = hex_cy(hi);

  uint8_t pieces[WOLVES_HEX_SLOTS];
  int n = 0;
  for (int i = 0; i < WOLVES_HEX_SLOTS; i++)
    if (hs->piece[i] != 0) pieces[n++] = hs->piece[i];
  for (int i = 0; i < n; i++) svg_piece(out, pieces[i], cx + 21.0 * (i - (n - 1) / 2.0), cy - 3);

  /* Region Scoring Tokens on the Water Source: the top one as a moon, the
   * stack spelt out as "top/bottom". */
  if (hi->region < WOLVES_MAX_REGIONS && g->board.water[hi->region] == h) {
    const uint8_t *t = s->region_token[hi->region];
    const int top = t[1] > 0 && t[1] <= WOLVES_PHASES ? t[1] - 1 : -1;
    const int bottom = t[0] > 0 && t[0] <= WOLVES_PHASES ? t[0] - 1 : -1;
    const int shown = top >= 0 ? top : bottom;
    if (shown >= 0) {
      svg_moon(out, shown, cx, cy - 4);
      fprintf(out, "<text class=\"stack\" x=\"%.1f\" y=\"%.1f\" font-size=\"9\" fill=\"#ffffff\">", cx,
              cy + 16);
      if (top >= 0 && bottom >= 0)
        fprintf(out, "%s/%s</text>\n", phase_short[top], phase_short[bottom]);
      else
        fprintf(out, "%s</text>\n", phase_short[shown]);
    }
  }

  /* Tokens below the pieces, centred as a row. */
  char prey[24] = "";
  if (hs->prey_count > 0)
    snprintf(prey, sizeof prey, "%s %d",
             hs->prey_type < WOLVES_PREY_TYPES ? wolves_prey_name(hs->prey_type) : "?", hs->prey_count);
  const double lw_w = hs->lone_wolf ? 18.0 : 0.0;
  const double prey_w = prey[0] ? 4.6 * (double)strlen(prey) + 6.0 : 0.0;
  const double gap = lw_w > 0 && prey_w > 0 ? 3.0 : 0.0;
  double x = cx - (lw_w + gap + prey_w) / 2;
  const double y = cy + 17;
  if (hs->lone_wolf) {
    fprintf(out,
            "<g class=\"lone-wolf\"><circle cx=\"%.1f\" cy=\"%.1f\" r=\"9.0\" fill=\"#8a8a8a\" stroke=\"" INK
            "\" stroke-width=\"1.0\"/><text x=\"%.1f\" y=\"%.1f\" font-size=\"7\" font-weight=\"bold\" "
            "fill=\"#ffffff\">LW</text></g>\n",
            x + 9, y, x + 9, y + 2.5);
    x += lw_w + gap;
  }
  if (prey[0]) {
    fprintf(out,
            "<g class=\"prey\"><rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"11.0\" rx=\"3.0\" "
            "fill=\"#fff4dc\" stroke=\"#7a4b1e\" stroke-width=\"1.0\"/>"
            "<text x=\"%.1f\" y=\"%.1f\" font-size=\"8\" fill=\"#5a2d0c\">%s</text></g>\n",
            x, y - 5.5, prey_w, x + prey_w / 2, y + 3, prey);
  }
}

/* A hex's tooltip: "C4: forest, region a; rocky alpha, grass pack; lone
 * wolf; moose x2". */
static void svg_hex_title(FILE *out, const wolves_game *g, const wolves_state *s, uint8_t h) {
  const wolves_hex_info *hi = &g->board.hex[h];
  const wolves_hex_state *hs = &s->hex[h];
  char name[8];
  wolves_hex_name(&g->board, h, name, sizeof name);
  fprintf(out, "<title>%s: %s", name, hex_class(hi));
  if (hi->region < WOLVES_MAX_REGIONS) fprintf(out, ", region %c", region_letter(hi->region));
  const char *sep = "; ";
  for (int i = 0; i < WOLVES_HEX_SLOTS; i++) {
    const uint8_t p = hs->piece[i];
    if (p == 0) continue;
    fprintf(out, "%s%s %s", sep,
            valid_terrain(piece_pack(p)) ? wolves_terrain_name(piece_pack(p)) : "unknown",
            wolves_piece_name(WOLVES_PIECE_TYPE(p)));
    sep = ", ";
  }
  if (hs->lone_wolf) fputs("; lone wolf", out);
  if (hs->prey_count > 0)
    fprintf(out, "; %s x%d", hs->prey_type < WOLVES_PREY_TYPES ? wolves_prey_name(hs->prey_type) : "prey",
            hs->prey_count);
  fputs("</title>", out);
}

/* Character data: the summary's "> to act" marker needs escaping. */
static void xml_text(FILE *out, const char *str) {
  for (; *str; str++) {
    if (*str == '<')
      fputs("&lt;", out);
    else if (*str == '>')
      fputs("&gt;", out);
    else if (*str == '&')
      fputs("&amp;", out);
    else
      fputc(*str, out);
  }
}

/* ---- the side panel: the legend, and the final scores of a finished game ---- */

#define SIDE_W 300.0
#define LEGEND_BG "#fffdf6"
#define SCORES_BG "#fff3c4"

/* Lines of the side panel: the legend (packs, terrains), and for a
 * finished game the scores (per player, best first, 3 lines each). */
static int side_lines(const wolves_game *g, const wolves_state *s, int *legend) {
  const int np = nplayers_of(g);
  *legend = 1 + np + (np == 2 && valid_terrain(s->ai_pack)) + 1 + WOLVES_TERRAINS + 2;
  return *legend + (s->phase == WOLVES_PHASE_OVER ? 2 + 3 * np + 1 : 0);
}

static void svg_swatch_text(FILE *out, double x, double y, const char *bold, const char *text) {
  fprintf(out, "<text x=\"%.1f\" y=\"%.1f\"%s>", x, y, bold);
  xml_text(out, text);
  fputs("</text>\n", out);
}

/* Opens panel `cls` (a group with `attrs`, a box of n lines filled with
 * bg, the heading in bold); returns the heading's baseline. */
static double svg_panel(FILE *out, const char *cls, const char *attrs, const char *bg, double x, double y,
                        int n, const char *heading) {
  fprintf(out,
          "<g class=\"%s\" %s text-anchor=\"start\" fill=\"#222222\">\n"
          "<rect class=\"%s-panel\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\" "
          "stroke=\"#6b6b6b\" stroke-width=\"1.0\"/>\n",
          cls, attrs, cls, x, y, SIDE_W - PAD, LINE_H * n + PAD, bg);
  svg_swatch_text(out, x + 8, y + LINE_H, " font-weight=\"bold\"", heading);
  return y + LINE_H;
}

static void svg_legend(FILE *out, const wolves_game *g, const wolves_state *s, double x, double y, int n) {
  const int np = nplayers_of(g);
  char line[96];
  double ty = svg_panel(out, "legend", "font-size=\"12\"", LEGEND_BG, x, y, n, "Packs (piece colours)");
  for (int i = 0; i <= np; i++) {
    const int ai = i == np;
    if (ai && !(np == 2 && valid_terrain(s->ai_pack))) break;
    const int pack = ai ? s->ai_pack : s->player[i].pack;
    if (!valid_terrain(pack)) continue;
    ty += LINE_H;
    fprintf(out,
            "<circle class=\"swatch pack %s\" cx=\"%.1f\" cy=\"%.1f\" r=\"6.0\" fill=\"%s\" stroke=\"" INK
            "\" stroke-width=\"1.5\"/>\n",
            wolves_terrain_name(pack), x + 16, ty - 4, pack_fill[pack]);
    if (ai)
      snprintf(line, sizeof line, "%s: the AI pack", wolves_terrain_name(pack));
    else
      snprintf(line, sizeof line, "%s: player %d", wolves_terrain_name(pack), i + 1);
    svg_swatch_text(out, x + 28, ty, "", line);
  }
  ty += LINE_H;
  svg_swatch_text(out, x + 8, ty, " font-weight=\"bold\"", "Terrain (hex colours)");
  for (int t = 0; t < WOLVES_TERRAINS + 2; t++) {
    const char *const fill = t < WOLVES_TERRAINS    ? terrain_fill[t]
                             : t == WOLVES_TERRAINS ? WATER_FILL
                                                    : CHASM_FILL;
    const char *const what = t < WOLVES_TERRAINS    ? wolves_terrain_name(t)
                             : t == WOLVES_TERRAINS ? "water (impassable)"
                                                    : "Central Chasm (impassable)";
    ty += LINE_H;
    fprintf(out,
            "<rect class=\"swatch terrain\" x=\"%.1f\" y=\"%.1f\" width=\"14.0\" height=\"11.0\" "
            "fill=\"%s\" stroke=\"#4a4a4a\" stroke-width=\"1.0\"/>\n",
            x + 9, ty - 10, fill);
    svg_swatch_text(out, x + 28, ty, "", what);
  }
  fputs("</g>\n", out);
}

/* The final scores: rank, pack, total; the VP per track and the tokens;
 * then the winner(s). */
static void svg_scores(FILE *out, const wolves_game *g, const wolves_state *s, double x, double y, int n) {
  const int np = nplayers_of(g);
  wolves_score sc[WOLVES_MAX_PLAYERS];
  wolves_final_scores(g, s, sc);
  char line[160];
  double ty = svg_panel(out, "scores",
                        "xml:space=\"preserve\" font-family=\"DejaVu Sans Mono, monospace\" font-size=\"11\"",
                        SCORES_BG, x, y, n, "Final scores");
  char winners[64] = "";
  for (int rank = 1; rank <= np; rank++)
    for (int i = 0; i < np; i++) {
      if (sc[i].rank != rank) continue;
      const wolves_score *c = &sc[i];
      const char *const name =
          valid_terrain(s->player[i].pack) ? wolves_terrain_name(s->player[i].pack) : "?";
      snprintf(line, sizeof line, "%d. %-6s %3d VP", rank, name, c->total);
      ty += LINE_H;
      svg_swatch_text(out, x + 8, ty, rank == 1 ? " font-weight=\"bold\"" : "", line);
      snprintf(line, sizeof line, "   spread %d speed %d howl %d lairs %d",
               c->track[WOLVES_TRACK_PACK_SPREAD], c->track[WOLVES_TRACK_WOLF_SPEED],
               c->track[WOLVES_TRACK_HOWL_RANGE], c->track[WOLVES_TRACK_LAIRS]);
      ty += LINE_H;
      svg_swatch_text(out, x + 8, ty, "", line);
      snprintf(line, sizeof line, "   prey %d wolves %d tokens %d", c->track[WOLVES_TRACK_PREY],
               c->track[WOLVES_TRACK_WOLVES], c->tokens);
      ty += LINE_H;
      svg_swatch_text(out, x + 8, ty, "", line);
      if (rank == 1) {
        const size_t len = strlen(winners);
        snprintf(winners + len, sizeof winners - len, "%s%s", len ? ", " : "", name);
      }
    }
  ty += LINE_H;
  snprintf(line, sizeof line, "%s: %s", strchr(winners, ',') ? "Winners (tied)" : "Winner", winners);
  svg_swatch_text(out, x + 8, ty, " font-weight=\"bold\"", line);
  fputs("</g>\n", out);
}

/* Other strings go out as they are: hex names, numbers and the fixed ASCII
 * words of names.c, none with XML metacharacters. */
int render_svg(FILE *out, const wolves_game *g, const wolves_state *s) {
  const wolves_board *b = &g->board;
  const int np = nplayers_of(g);
  char lines[2 * WOLVES_MAX_PLAYERS + 5][512]; /* players, AI, game, legend */
  int nl = 0;
  for (int i = 0; i < np; i++) {
    char head[480];
    player_summary(head, lines[nl + 1], sizeof head, g, s, i);
    snprintf(lines[nl], sizeof lines[0], "%c%c%d %-6s%s",
             s->phase != WOLVES_PHASE_OVER && s->current == i ? '>' : ' ', s->first_player == i ? '*' : ' ',
             i + 1, wolves_terrain_name(s->player[i].pack), head);
    nl += 2;
  }
  if (np == 2 && valid_terrain(s->ai_pack))
    snprintf(lines[nl++], sizeof lines[0], "  AI %s", wolves_terrain_name(s->ai_pack));
  game_summary(lines[nl], lines[nl + 1], sizeof lines[0], g, s);
  nl += 2;
  snprintf(lines[nl++], sizeof lines[0], "Alpha: crowned disc  Pack Wolf: disc  Den: square  Lair: house");
  snprintf(lines[nl++], sizeof lines[0], "LW: Lone Wolf  moon: Region Scoring Tokens (top/bottom)");

  const double map_w = 2 * PAD + HEX_W * b->width + (b->height > 1 ? HEX_W / 2 : 0);
  const double map_h = 2 * PAD + (b->height > 0 ? 2 * SIZE + 1.5 * SIZE * (b->height - 1) : 0);
  size_t longest = 0;
  for (int i = 0; i < nl; i++)
    if (strlen(lines[i]) > longest) longest = strlen(lines[i]);
  const double text_w = 2 * PAD + FONT_W * (double)longest;
  int legend;
  const int nside = side_lines(g, s, &legend);
  /* the side panels right of the map, the summary below both */
  const double side_h = PAD + LINE_H * (nside + 1) + 2 * PAD;
  const double top = map_h > side_h ? map_h : side_h;
  /* Whole pixels, so that width/height and the viewBox agree exactly. */
  const double w = (double)(long)((map_w + SIDE_W > text_w ? map_w + SIDE_W : text_w) + 0.999);
  const double h = (double)(long)(top + LINE_H * nl + PAD + 0.999);

  fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", out);
  fprintf(
      out,
      "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"%.0f\" height=\"%.0f\" "
      "viewBox=\"0 0 %.1f %.1f\" font-family=\"DejaVu Sans, Arial, sans-serif\" text-anchor=\"middle\">\n",
      w, h, w, h);
  fprintf(out,
          "<title>The Wolves: %d players, %d hexes, %d regions; %s phase, turn %d; Moonlight %d/%d</title>\n",
          np, b->nhex, b->nregions, phase_word(s->phase), s->turn, s->moon_filled, WOLVES_MOON_DATES);
  fprintf(out, "<rect class=\"background\" width=\"%.1f\" height=\"%.1f\" fill=\"#f5f1e6\"/>\n", w, h);

  fputs("<g class=\"hexes\" stroke=\"#4a4a4a\" stroke-width=\"1.0\">\n", out);
  for (int i = 0; i < b->nhex; i++) {
    const wolves_hex_info *hi = &b->hex[i];
    const double cx = hex_cx(hi), cy = hex_cy(hi);
    char name[8];
    wolves_hex_name(b, (uint8_t)i, name, sizeof name);
    fprintf(out, "<polygon class=\"hex %s\" id=\"hex-%s\" fill=\"%s\" points=\"", hex_class(hi), name,
            hex_fill(hi));
    for (int k = 0; k < 6; k++)
      fprintf(out, "%s%.1f,%.1f", k ? " " : "", cx + SIZE * corner_dx[k], cy + SIZE * corner_dy[k]);
    fputs("\">", out);
    svg_hex_title(out, g, s, (uint8_t)i);
    fputs("</polygon>\n", out);
    if (hi->kind == WOLVES_WATER)
      fprintf(out,
              "<path class=\"wave\" d=\"M %.1f %.1f q 4 -5 8 0 t 8 0 t 8 0 t 8 0\" fill=\"none\" "
              "stroke=\"#cfe6fa\" stroke-width=\"2.0\"/>\n",
              cx - 16, cy + 27);
    else if (hi->kind == WOLVES_CHASM)
      fprintf(out,
              "<path class=\"crack\" d=\"M %.1f %.1f l 6 8 l -7 8 l 8 8 l -5 8 l 6 7\" fill=\"none\" "
              "stroke=\"#78909c\" stroke-width=\"2.0\"/>\n",
              cx - 3, cy - 15);
  }
  fputs("</g>\n", out);

  /* Region borders: each edge between hexes of different regions (or a
   * region and the region-less start area) once, plus a region's outline
   * on the edge of the board. */
  fputs("<g class=\"regions\" stroke=\"" INK "\" stroke-width=\"4.0\" stroke-linecap=\"round\">\n", out);
  for (int i = 0; i < b->nhex; i++) {
    const wolves_hex_info *hi = &b->hex[i];
    for (int d = 0; d < 6; d++) {
      const uint8_t n = b->nbr[i][d];
      const int border =
          n == WOLVES_NONE ? hi->region < WOLVES_MAX_REGIONS : n > i && b->hex[n].region != hi->region;
      if (!border) continue;
      /* Direction d (E, NE, NW, W, SW, SE) is the edge between corners
       * -d and 1-d (mod 6). */
      const int c0 = (6 - d) % 6, c1 = (7 - d) % 6;
      const double cx = hex_cx(hi), cy = hex_cy(hi);
      fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n", cx + SIZE * corner_dx[c0],
              cy + SIZE * corner_dy[c0], cx + SIZE * corner_dx[c1], cy + SIZE * corner_dy[c1]);
    }
  }
  fputs("</g>\n", out);

  fputs("<g class=\"labels\" font-size=\"9\">\n", out);
  for (int i = 0; i < b->nhex; i++) {
    const wolves_hex_info *hi = &b->hex[i];
    char name[8];
    wolves_hex_name(b, (uint8_t)i, name, sizeof name);
    /* The region letter follows the name, as in the text render. */
    fprintf(out, "<text class=\"name\" x=\"%.1f\" y=\"%.1f\" fill=\"%s\">%s", hex_cx(hi), hex_cy(hi) - 22,
            label_fill(hi), name);
    if (hi->region < WOLVES_MAX_REGIONS)
      fprintf(out, "<tspan class=\"region\" font-style=\"italic\" font-size=\"8\"> %c</tspan>",
              region_letter(hi->region));
    fputs("</text>\n", out);
  }
  fputs("</g>\n", out);

  fputs("<g class=\"contents\">\n", out);
  for (int i = 0; i < b->nhex; i++) svg_hex_contents(out, g, s, (uint8_t)i);
  fputs("</g>\n", out);

  svg_legend(out, g, s, map_w, PAD, legend);
  if (s->phase == WOLVES_PHASE_OVER)
    svg_scores(out, g, s, map_w, 2 * PAD + LINE_H * (legend + 1), nside - legend - 1);

  fputs("<g class=\"summary\" font-family=\"DejaVu Sans Mono, monospace\" font-size=\"12\" "
        "text-anchor=\"start\" fill=\"#222222\">\n",
        out);
  for (int i = 0; i < nl; i++) {
    /* Columns of the summary are aligned with runs of spaces. */
    fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" xml:space=\"preserve\" style=\"white-space:pre\">", PAD,
            top + LINE_H * (i + 0.5));
    xml_text(out, lines[i]);
    fputs("</text>\n", out);
  }
  fputs("</g>\n</svg>\n", out);
  return finish(out);
}
