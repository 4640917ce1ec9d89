/* render_test.c - tests of cli/report/render*.c on a hand-built board (and on the
 * standard boards), ending with "render: N passed, N failed".
 *
 *   render_test                      run the checks
 *   render_test --text [--color]     print the text render of the test board
 *   render_test --svg FILE           write its SVG (tests/render/chromium.sh)
 *   render_test --over ...           the same position, the game over (final scores)
 *   render_test --standard N ...     the same for a standard N-player setup */
/* posix_openpt and friends (the build asks for POSIX only). */
#define _XOPEN_SOURCE 700

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "report/render.h"
#include "report/render_impl.h"
#include "wolves.h"

typedef struct {
  int passed, failed;
} tally;

static void check(tally *t, int ok, const char *what) {
  if (ok) {
    t->passed++;
  } else {
    t->failed++;
    fprintf(stderr, "FAIL: %s\n", what);
  }
}

/* ---- the test board ----
 * One string per row, two characters per hex: terrain (F G D T R, W water,
 * C chasm) and region digit ('.' for none); "--" leaves the spot empty.
 * Three regions around a region-less middle with a chasm, holes at the
 * edges, and both odd and even rows ending short, so that every kind of
 * edge gets drawn. */
static const char *const test_map[] = {
    "F0F0G0D1T1R1", "W0G0D0R1W1--", "T.R.C.F.G1D1", "G2F2W2T2R.--", "--D2G2F2T2R2",
};

static int terrain_of(char c) {
  static const char letters[] = "FGDTR";
  const char *p = strchr(letters, c);
  return p ? (int)(p - letters) : -1;
}

static void build_test_game(wolves_game *g, wolves_state *s) {
  memset(g, 0, sizeof *g);
  g->nplayers = 2;
  wolves_data_defaults(&g->data, 2);
  wolves_board *b = &g->board;
  for (int row = 0; row < (int)(sizeof test_map / sizeof *test_map); row++)
    for (int col = 0; test_map[row][2 * col]; col++) {
      const char t = test_map[row][2 * col], r = test_map[row][2 * col + 1];
      if (t == '-') continue;
      wolves_hex_info *h = &b->hex[b->nhex++];
      h->col = (uint8_t)col;
      h->row = (uint8_t)row;
      h->kind = t == 'W' ? WOLVES_WATER : t == 'C' ? WOLVES_CHASM : WOLVES_LAND;
      h->terrain = h->kind == WOLVES_LAND ? (uint8_t)terrain_of(t) : 0;
      h->region = r == '.' ? WOLVES_NONE : (uint8_t)(r - '0');
    }
  wolves_board_link(b);

  const uint8_t packs[2] = {WOLVES_ROCKY, WOLVES_GRASS};
  wolves_state_init(g, s, packs);
  s->ai_pack = WOLVES_DESERT;
  const struct {
    const char *hex;
    uint8_t piece[WOLVES_HEX_SLOTS];
  } pieces[] = {
      {"A1", {WOLVES_PIECE(WOLVES_ROCKY, WOLVES_ALPHA), WOLVES_PIECE(WOLVES_GRASS, WOLVES_PACK), 0}},
      {"B1", {WOLVES_PIECE(WOLVES_FOREST, WOLVES_DEN), 0, 0}},
      {"D1", {WOLVES_PIECE(WOLVES_DESERT, WOLVES_LAIR), 0, 0}},
      {"F3",
       {WOLVES_PIECE(WOLVES_DESERT, WOLVES_ALPHA), WOLVES_PIECE(WOLVES_DESERT, WOLVES_PACK),
        WOLVES_PIECE(WOLVES_TUNDRA, WOLVES_DEN)}},
      {"D4", {WOLVES_PIECE(WOLVES_ROCKY, WOLVES_LAIR), WOLVES_PIECE(WOLVES_ROCKY, WOLVES_PACK), 0}},
  };
  for (size_t i = 0; i < sizeof pieces / sizeof *pieces; i++) {
    const uint8_t h = wolves_hex_parse(b, pieces[i].hex);
    memcpy(s->hex[h].piece, pieces[i].piece, sizeof s->hex[h].piece);
  }
  s->hex[wolves_hex_parse(b, "C2")].lone_wolf = 1;
  s->hex[wolves_hex_parse(b, "F5")].lone_wolf = 1;
  s->hex[wolves_hex_parse(b, "D2")].prey_type = WOLVES_MOOSE;
  s->hex[wolves_hex_parse(b, "D2")].prey_count = 3;
  s->hex[wolves_hex_parse(b, "F5")].prey_type = WOLVES_RACCOON;
  s->hex[wolves_hex_parse(b, "F5")].prey_count = 2;
  s->region_token[0][0] = 1 + WOLVES_CRESCENT; /* bottom */
  s->region_token[0][1] = 1 + WOLVES_QUARTER;  /* top */
  s->region_token[1][0] = 1 + WOLVES_FULL;
  s->player[0].flipped = 0x06;
  s->player[0].dens_taken[WOLVES_WOLF_SPEED] = 1;
  s->player[0].bonus_terrain = 1;
  s->player[1].region_tokens[WOLVES_CRESCENT] = 1;
  s->player[1].vp_tokens = 4;
  s->moon_filled = 5;
  s->turn = 5;
  s->current = 1;
}

static int build_standard_game(wolves_game *g, wolves_state *s, int n) {
  static const uint8_t packs[WOLVES_MAX_PLAYERS] = {WOLVES_ROCKY, WOLVES_FOREST, WOLVES_GRASS, WOLVES_DESERT,
                                                    WOLVES_TUNDRA};
  const uint8_t ai = n == 2 ? WOLVES_DESERT : WOLVES_NONE;
  return wolves_setup(g, s, n, packs, ai, 42, NULL);
}

/* ---- rendering into memory ---- */

typedef struct {
  char *buf;
  size_t len;
} text;

enum { TEXT_PLAIN, TEXT_COLOR, SVG };

/* The text render with o, or (o NULL) the SVG. */
static text render_with(const wolves_game *g, const wolves_state *s, const render_opts *o) {
  text t = {NULL, 0};
  FILE *f = open_memstream(&t.buf, &t.len);
  if (f == NULL) {
    perror("open_memstream");
    exit(2);
  }
  const int rc = o == NULL ? render_svg(f, g, s) : render_text(f, g, s, o);
  if (fclose(f) != 0 || rc != 0) {
    fprintf(stderr, "render failed\n");
    exit(2);
  }
  return t;
}

static text render(const wolves_game *g, const wolves_state *s, int how) {
  const render_opts o = {RENDER_WIDE, NULL, how == TEXT_COLOR};
  return render_with(g, s, how == SVG ? NULL : &o);
}

static double absd(double x) { return x < 0 ? -x : x; }

static int count(const char *hay, const char *needle) {
  int n = 0;
  for (const char *p = strstr(hay, needle); p; p = strstr(p + 1, needle)) n++;
  return n;
}

/* Removes CSI escapes ("\033[...m"). */
static char *strip_ansi(const char *in) {
  char *out = malloc(strlen(in) + 1), *o = out;
  while (*in) {
    if (in[0] == '\033' && in[1] == '[') {
      in += 2;
      while (*in && *in != 'm') in++;
      if (*in) in++;
    } else {
      *o++ = *in++;
    }
  }
  *o = '\0';
  return out;
}

/* Line `n` (0-based) of s, copied into buf. */
static const char *line_at(const char *s, int n, char *buf, size_t cap) {
  for (; n > 0 && s; n--) {
    s = strchr(s, '\n');
    if (s) s++;
  }
  if (s == NULL) return "";
  size_t len = strcspn(s, "\n");
  if (len >= cap) len = cap - 1;
  memcpy(buf, s, len);
  buf[len] = '\0';
  return buf;
}

static size_t longest_line(const char *s) {
  size_t best = 0;
  while (*s) {
    const size_t len = strcspn(s, "\n");
    if (len > best) best = len;
    s += len + (s[len] == '\n');
  }
  return best;
}

/* The text layout the renderer documents: a header line, then per row a
 * separator and 3 lines; a hex box starts at column 4 (+5 on odd rows),
 * 10 columns per hex, its name right after the left edge. */
static void check_text_layout(tally *t, const wolves_game *g, const char *plain, const char *what) {
  char line[2048], name[8], msg[160];
  const char *header = line_at(plain, 0, (char[2048]){0}, 2048);
  int names_ok = 1, header_ok = 1, rows_ok = 1;
  for (int h = 0; h < g->board.nhex; h++) {
    const wolves_hex_info *hi = &g->board.hex[h];
    wolves_hex_name(&g->board, (uint8_t)h, name, sizeof name);
    const char *l = line_at(plain, 2 + 4 * hi->row, line, sizeof line);
    const size_t x = 4 + (hi->row & 1 ? 5 : 0) + 10 * (size_t)hi->col + 1;
    if (strlen(l) < x + strlen(name) || strncmp(l + x, name, strlen(name)) != 0 || l[x - 1] == ' ') {
      if (names_ok)
        fprintf(stderr, "  %s: %s not at line %d col %zu: \"%s\"\n", what, name, 2 + 4 * hi->row, x, l);
      names_ok = 0;
    }
    /* Row number at the left of the name line. */
    if (atoi(l) != hi->row + 1) rows_ok = 0;
    /* Even rows: the column letters of the header sit over the box. */
    if ((hi->row & 1) == 0) {
      size_t letters = strspn(name, "ABCDEFGHIJKLMNOPQRSTUVWXYZ");
      const size_t hx = 4 + 10 * (size_t)hi->col + 1 + (9 - letters) / 2;
      if (strlen(header) < hx + letters || strncmp(header + hx, name, letters) != 0) header_ok = 0;
    }
  }
  snprintf(msg, sizeof msg, "%s: every hex name in its box", what);
  check(t, names_ok, msg);
  snprintf(msg, sizeof msg, "%s: column letters over the even-row boxes", what);
  check(t, header_ok, msg);
  snprintf(msg, sizeof msg, "%s: row numbers at the left", what);
  check(t, rows_ok, msg);
}

/* The compact layout: a header line, then 2 lines per row; a hex box
 * starts at column 4 (+2 on odd rows), 5 columns per hex: terrain (or ~ #)
 * and region letter, then on the second line its pieces.  With `show`,
 * only those hexes, the picture cropped to them. */
static void check_compact(tally *t, const wolves_game *g, const wolves_state *s, const uint8_t *show,
                          size_t max_width, const char *what) {
  char msg[160], line[2048];
  const render_opts o = {RENDER_COMPACT, show, 0}, oc = {RENDER_COMPACT, show, 1};
  text plain = render_with(g, s, &o), color = render_with(g, s, &oc);
  char *stripped = strip_ansi(color.buf);
  snprintf(msg, sizeof msg, "%s compact: colour minus escapes is the plain render", what);
  check(t, strcmp(stripped, plain.buf) == 0 && strchr(plain.buf, '\033') == NULL, msg);
  free(stripped);
  snprintf(msg, sizeof msg, "%s compact: at most %zu columns (got %zu)", what, max_width,
           longest_line(plain.buf));
  check(t, longest_line(plain.buf) <= max_width, msg);
  int c0 = 255, r0 = 255, placed = 1, pieces = 1, drawn = 0;
  for (int h = 0; h < g->board.nhex; h++) {
    const wolves_hex_info *hi = &g->board.hex[h];
    if (show && !show[h]) continue;
    if (hi->col < c0) c0 = hi->col;
    if (hi->row < r0) r0 = hi->row;
  }
  for (int h = 0; h < g->board.nhex; h++) {
    const wolves_hex_info *hi = &g->board.hex[h];
    if (show && !show[h]) continue;
    drawn++;
    const size_t x = 4 + (hi->row & 1 ? 2 : 0) + 5 * (size_t)(hi->col - c0) + 1;
    const char *l = line_at(plain.buf, 1 + 2 * (hi->row - r0), line, sizeof line);
    const char want = hi->kind == WOLVES_WATER ? '~' : hi->kind == WOLVES_CHASM ? '#' : "FGDTR"[hi->terrain];
    const char region = hi->region < WOLVES_MAX_REGIONS ? (char)('a' + hi->region) : ' ';
    if (strlen(l) < x + 2 || l[x] != want || l[x + 1] != region || atoi(l) != hi->row + 1) placed = 0;
    const uint8_t p = s->hex[h].piece[0];
    l = line_at(plain.buf, 2 + 2 * (hi->row - r0), line, sizeof line);
    if (p != 0 && (strlen(l) < x + 2 || l[x + 1] != "FGDTR"[WOLVES_PIECE_PACK(p)] ||
                   l[x] != "NPAL"[WOLVES_PIECE_TYPE(p)]))
      pieces = 0;
  }
  snprintf(msg, sizeof msg, "%s compact: terrain and region of each of %d hexes in its box, row numbers",
           what, drawn);
  check(t, placed && drawn > 0, msg);
  snprintf(msg, sizeof msg, "%s compact: the first piece of each hex under it", what);
  check(t, pieces, msg);
  free(plain.buf);
  free(color.buf);
}

/* The contents of hex `name`'s box (lines 2-3), as one string. */
static void box_contents(const wolves_game *g, const char *plain, const char *name, char *out, size_t cap) {
  const uint8_t h = wolves_hex_parse(&g->board, name);
  const wolves_hex_info *hi = &g->board.hex[h];
  char line[2048];
  out[0] = '\0';
  for (int k = 1; k <= 2; k++) {
    const char *l = line_at(plain, 2 + 4 * hi->row + k, line, sizeof line);
    const size_t x = 4 + (hi->row & 1 ? 5 : 0) + 10 * (size_t)hi->col + 1;
    char part[16] = "";
    if (strlen(l) > x) snprintf(part, sizeof part, "%.9s", l + x);
    strncat(out, part, cap - strlen(out) - 2);
    strncat(out, "|", cap - strlen(out) - 1);
  }
}

/* A minimal XML well-formedness check: tags nest and close, attribute
 * quotes balance, no stray '<' or '&' in text. */
static int xml_balanced(const char *x, char *err, size_t errn) {
  char stack[64][32];
  int depth = 0, roots = 0;
  const char *p = x;
  while (*p) {
    if (*p == '&') {
      const char *semi = strchr(p, ';');
      if (!semi || semi - p > 8) return snprintf(err, errn, "stray & at %td", p - x), 0;
      p = semi + 1;
      continue;
    }
    if (*p != '<') {
      if (*p == '>') return snprintf(err, errn, "stray > at %td", p - x), 0;
      p++;
      continue;
    }
    if (strncmp(p, "<?", 2) == 0) {
      const char *e = strstr(p, "?>");
      if (!e) return snprintf(err, errn, "unclosed <?"), 0;
      p = e + 2;
      continue;
    }
    const int closing = p[1] == '/';
    const char *n = p + 1 + closing;
    const size_t nlen = strcspn(n, " \t\n/>");
    if (nlen == 0 || nlen >= sizeof stack[0]) return snprintf(err, errn, "bad tag at %td", p - x), 0;
    const char *q = n + nlen;
    int inq = 0;
    while (*q && (inq || *q != '>')) {
      if (*q == '"') inq = !inq;
      if (inq && *q == '<') return snprintf(err, errn, "< in attribute at %td", q - x), 0;
      q++;
    }
    if (!*q) return snprintf(err, errn, "unclosed tag at %td", p - x), 0;
    const int self = q[-1] == '/';
    if (closing) {
      if (depth == 0 || strlen(stack[depth - 1]) != nlen || strncmp(stack[depth - 1], n, nlen) != 0)
        return snprintf(err, errn, "mismatched </%.*s> at %td", (int)nlen, n, p - x), 0;
      depth--;
    } else if (!self) {
      if (depth == 64) return snprintf(err, errn, "too deep"), 0;
      if (depth == 0) roots++;
      memcpy(stack[depth], n, nlen);
      stack[depth++][nlen] = '\0';
    } else if (depth == 0) {
      roots++;
    }
    p = q + 1;
  }
  if (depth != 0) return snprintf(err, errn, "unclosed <%s>", stack[depth - 1]), 0;
  if (roots != 1) return snprintf(err, errn, "%d root elements", roots), 0;
  return 1;
}

static int total_pieces(const wolves_game *g, const wolves_state *s, int type) {
  int n = 0;
  for (int h = 0; h < g->board.nhex; h++)
    for (int i = 0; i < WOLVES_HEX_SLOTS; i++)
      if (s->hex[h].piece[i] != 0 && (type < 0 || WOLVES_PIECE_TYPE(s->hex[h].piece[i]) == type)) n++;
  return n;
}

/* Region border edges as the SVG should draw them: between hexes of
 * different regions once, and a region hex's side on the board's edge. */
static int border_edges(const wolves_board *b) {
  int n = 0;
  for (int h = 0; h < b->nhex; h++)
    for (int d = 0; d < 6; d++) {
      const uint8_t o = b->nbr[h][d];
      if (o == WOLVES_NONE ? b->hex[h].region != WOLVES_NONE : o > h && b->hex[o].region != b->hex[h].region)
        n++;
    }
  return n;
}

static void check_svg(tally *t, const wolves_game *g, const wolves_state *s, const char *svg,
                      const char *what) {
  char msg[200], err[120] = "";
  int tokens = 0, lone = 0, prey = 0;
  for (int r = 0; r < g->board.nregions; r++) tokens += s->region_token[r][0] || s->region_token[r][1];
  for (int h = 0; h < g->board.nhex; h++) {
    lone += s->hex[h].lone_wolf != 0;
    prey += s->hex[h].prey_count != 0;
  }
  const int ok = xml_balanced(svg, err, sizeof err);
  snprintf(msg, sizeof msg, "%s: SVG tags balance (%s)", what, err);
  check(t, ok, msg);
  snprintf(msg, sizeof msg, "%s: SVG header", what);
  check(t,
        strncmp(svg, "<?xml version=\"1.0\"", 19) == 0 &&
            strstr(svg, "xmlns=\"http://www.w3.org/2000/svg\"") && strstr(svg, "viewBox=\"0 0 ") &&
            strstr(svg, " width=\"") && strstr(svg, "<title>The Wolves: "),
        msg);
  snprintf(msg, sizeof msg, "%s: one polygon per hex", what);
  check(t, count(svg, "<polygon class=\"hex ") == g->board.nhex, msg);
  snprintf(msg, sizeof msg, "%s: one hex name label per hex", what);
  check(t, count(svg, "<text class=\"name\"") == g->board.nhex, msg);
  snprintf(msg, sizeof msg, "%s: one shape per piece", what);
  check(t, count(svg, "class=\"piece ") == total_pieces(g, s, -1), msg);
  static const char *const type_class[4] = {"class=\"piece den ", "class=\"piece pack ",
                                            "class=\"piece alpha ", "class=\"piece lair "};
  int types_ok = 1;
  for (int ty = 0; ty < 4; ty++) types_ok &= count(svg, type_class[ty]) == total_pieces(g, s, ty);
  snprintf(msg, sizeof msg, "%s: shapes per piece type", what);
  check(t, types_ok, msg);
  snprintf(msg, sizeof msg, "%s: Lone Wolf tokens, Prey stacks, Region Scoring Tokens", what);
  check(t,
        count(svg, "class=\"lone-wolf\"") == lone && count(svg, "class=\"prey\"") == prey &&
            count(svg, "class=\"region-token ") == tokens,
        msg);
  snprintf(msg, sizeof msg, "%s: region borders", what);
  const char *regions = strstr(svg, "<g class=\"regions\"");
  const char *end = regions ? strstr(regions, "</g>") : NULL;
  int lines = 0;
  for (const char *p = regions; p && p < end; p = strstr(p + 1, "<line ")) lines += p != regions;
  check(t, regions && lines == border_edges(&g->board), msg);
}

/* The #rrggbb after `fill="` following the first occurrence of `at`. */
static int fill_after(const char *svg, const char *at, int rgb[3]) {
  const char *p = strstr(svg, at);
  p = p ? strstr(p, "fill=\"#") : NULL;
  return p && sscanf(p + 7, "%2x%2x%2x", &rgb[0], &rgb[1], &rgb[2]) == 3;
}

/* Issue 13: the SVG explains itself - a legend naming every pack in play
 * with its colour and every terrain, pack colours far from every terrain
 * fill, a tooltip on every hex and piece. */
static void check_svg_legend(tally *t, const wolves_game *g, const wolves_state *s, const char *svg,
                             const char *what) {
  char msg[200], at[80];
  static const char *const fills[] = {"class=\"hex forest", "class=\"hex grass", "class=\"hex desert",
                                      "class=\"hex tundra", "class=\"hex rocky", "class=\"hex water",
                                      "class=\"hex chasm"};
  int packs = 0, named = 1, far = 1, nearest = 1 << 30;
  for (int i = 0; i <= g->nplayers; i++) {
    const int pack = i < g->nplayers ? s->player[i].pack : s->ai_pack;
    if (i == g->nplayers && (g->nplayers != 2 || pack >= WOLVES_TERRAINS)) break;
    int rgb[3];
    snprintf(at, sizeof at, "class=\"swatch pack %s\"", wolves_terrain_name(pack));
    if (!fill_after(svg, at, rgb)) {
      named = 0;
      continue;
    }
    packs++;
    snprintf(at, sizeof at, i < g->nplayers ? ">%s: player %d<" : ">%s: the AI pack<",
             wolves_terrain_name(pack), i + 1);
    named &= strstr(svg, at) != NULL;
    /* against the fills of every hex kind the board has */
    for (size_t k = 0; k < sizeof fills / sizeof *fills; k++) {
      int other[3];
      if (!fill_after(svg, fills[k], other)) continue;
      const int d = (rgb[0] - other[0]) * (rgb[0] - other[0]) + (rgb[1] - other[1]) * (rgb[1] - other[1]) +
                    (rgb[2] - other[2]) * (rgb[2] - other[2]);
      if (d < nearest) nearest = d;
      far &= d >= 90 * 90;
    }
  }
  snprintf(msg, sizeof msg, "%s: legend swatch and name for each of %d packs", what, packs);
  check(t, named && packs >= g->nplayers, msg);
  snprintf(msg, sizeof msg, "%s: pack colours at least 90 from every terrain fill (nearest %d)", what,
           nearest);
  check(t, far, msg);
  snprintf(msg, sizeof msg, "%s: legend of the terrains, water and chasm", what);
  check(t,
        count(svg, "class=\"swatch terrain\"") == WOLVES_TERRAINS + 2 && strstr(svg, ">forest<") &&
            strstr(svg, ">rocky<") && strstr(svg, ">water (impassable)<"),
        msg);
  /* Issue 23: the regions (border, letters) and every kind of piece and
   * token in the legend; the players in a table (a cell per value, each
   * tile drawn), not lines of monospace text. */
  char letters[64];
  if (g->board.nregions > 1)
    snprintf(letters, sizeof letters, ">region letters a-%c, after names<", 'a' + g->board.nregions - 1);
  else
    snprintf(letters, sizeof letters, ", after names<");
  snprintf(msg, sizeof msg, "%s: legend of the regions (border, letters %s), pieces and tokens", what,
           letters);
  check(t,
        count(svg, "class=\"swatch region-border\"") == 1 && strstr(svg, letters) &&
            count(svg, "class=\"swatch-piece ") == 4 && count(svg, "class=\"swatch-lone-wolf\"") == 1 &&
            count(svg, "class=\"swatch-prey\"") == 1 && count(svg, "class=\"swatch-moon ") == 1,
        msg);
  int flipped = 0;
  for (int i = 0; i < g->nplayers; i++)
    for (int k = 0; k < WOLVES_TILES; k++) flipped += render_tile_flipped(s, i, k);
  snprintf(msg, sizeof msg, "%s: the players' table: %d tiles (%d flipped), headings, no monospace dump",
           what, WOLVES_TILES * g->nplayers, flipped);
  check(t,
        count(svg, "<rect class=\"tile") == WOLVES_TILES * g->nplayers &&
            count(svg, "<rect class=\"tile flipped\"") == flipped && strstr(svg, "class=\"players-panel\"") &&
            strstr(svg, ">Tokens C/Q/O<") && strstr(svg, "class=\"turn\"") &&
            strstr(svg, "xml:space") == NULL && strstr(svg, "monospace") == NULL,
        msg);
  snprintf(msg, sizeof msg, "%s: a tooltip on every hex and piece", what);
  check(t,
        count(svg, "</polygon>") == g->board.nhex &&
            count(svg, "<title>") == 1 + g->board.nhex + total_pieces(g, s, -1),
        msg);
}

static void check_text(tally *t, const wolves_game *g, const wolves_state *s, size_t max_width,
                       const char *what) {
  char msg[160];
  text plain = render(g, s, TEXT_PLAIN), color = render(g, s, TEXT_COLOR);
  snprintf(msg, sizeof msg, "%s: no escapes without colour", what);
  check(t, strchr(plain.buf, '\033') == NULL, msg);
  int ascii = 1;
  for (const char *p = plain.buf; *p; p++) ascii &= (*p >= ' ' && *p <= '~') || *p == '\n';
  snprintf(msg, sizeof msg, "%s: plain render is printable ASCII", what);
  check(t, ascii, msg);
  snprintf(msg, sizeof msg, "%s: 256-colour escapes with colour", what);
  check(t, strstr(color.buf, "\033[0;") && strstr(color.buf, ";48;5;") && strstr(color.buf, "\033[0m"), msg);
  char *stripped = strip_ansi(color.buf);
  snprintf(msg, sizeof msg, "%s: colour render minus escapes is the plain render", what);
  check(t, strcmp(stripped, plain.buf) == 0, msg);
  free(stripped);
  snprintf(msg, sizeof msg, "%s: at most %zu columns (got %zu)", what, max_width, longest_line(plain.buf));
  check(t, longest_line(plain.buf) <= max_width, msg);
  check_text_layout(t, g, plain.buf, what);
  text again = render(g, s, TEXT_COLOR);
  snprintf(msg, sizeof msg, "%s: text deterministic", what);
  check(t, again.len == color.len && memcmp(again.buf, color.buf, color.len) == 0, msg);
  free(again.buf);
  free(plain.buf);
  free(color.buf);

  text svg = render(g, s, SVG), svg2 = render(g, s, SVG);
  snprintf(msg, sizeof msg, "%s: SVG deterministic", what);
  check(t, svg.len == svg2.len && memcmp(svg.buf, svg2.buf, svg.len) == 0, msg);
  check_svg(t, g, s, svg.buf, what);
  check_svg_legend(t, g, s, svg.buf, what);
  free(svg.buf);
  free(svg2.buf);
}

/* Issue 23: no two things share an abbreviation.  Every initial of the
 * text render: terrains, regions, water and chasm, piece types, prey (wide
 * and compact), Moonlight phases, and the tokens written on the map
 * (pieces: pack and type; prey; LW), each string once; and each legend
 * spells each of its layout's initials out. */
typedef struct {
  char abbrev[8];
  char meaning[32];
} word;

static int add_word(word *w, int n, const char *abbrev, const char *meaning) {
  snprintf(w[n].abbrev, sizeof w[n].abbrev, "%s", abbrev);
  snprintf(w[n].meaning, sizeof w[n].meaning, "%s", meaning);
  return n + 1;
}

static int same_ci(const char *a, const char *b) {
  for (; *a && *b; a++, b++)
    if ((*a | 0x20) != (*b | 0x20)) return 0;
  return *a == *b;
}

static void check_vocabulary(tally *t, const wolves_game *g, const wolves_state *s) {
  static const char *const type_word[4] = {"deN", "Pack Wolf", "Alpha", "Lair"};
  word single[64], token[128];
  int ns = 0, nt = 0;
  char a[4] = "", msg[200];
  for (int k = 0; k < WOLVES_TERRAINS; k++) {
    a[0] = render_terrain_letter[k];
    ns = add_word(single, ns, a, wolves_terrain_name(k));
  }
  for (int r = 0; r < WOLVES_MAX_REGIONS; r++) {
    a[0] = region_letter((uint8_t)r);
    ns = add_word(single, ns, a, "a region");
  }
  ns = add_word(single, ns, "~", "water");
  ns = add_word(single, ns, "#", "chasm");
  for (int k = 0; k < 4; k++) {
    a[0] = render_type_letter[k];
    ns = add_word(single, ns, a, type_word[k]);
  }
  for (int k = 0; k < WOLVES_PREY_TYPES; k++) {
    a[0] = render_prey_letter[k];
    ns = add_word(single, ns, a, wolves_prey_name(k));
  }
  for (int k = 0; k < WOLVES_PHASES; k++) {
    a[0] = render_phase_letter[k];
    ns = add_word(single, ns, a, wolves_phase_name(k));
  }
  int unique = 1;
  for (int i = 0; i < ns; i++)
    for (int j = i + 1; j < ns; j++)
      if (strcmp(single[i].abbrev, single[j].abbrev) == 0) {
        if (unique)
          fprintf(stderr, "  '%s': %s and %s\n", single[i].abbrev, single[i].meaning, single[j].meaning);
        unique = 0;
      }
  snprintf(msg, sizeof msg, "each of %d one-character initials means one thing", ns);
  check(t, unique, msg);
  /* Tokens on the map, compared without case: RA and Ra (raccoon, or a
   * rocky hex of region a) would read the same at a glance. */
  for (int p = 0; p < WOLVES_TERRAINS; p++)
    for (int k = 0; k < 4; k++) {
      const char tok[3] = {render_type_letter[k], render_terrain_letter[p], '\0'};
      nt = add_word(token, nt, tok, type_word[k]);
    }
  for (int p = 0; p < WOLVES_TERRAINS + 2; p++) /* a compact hex's terrain and region */
    for (int r = 0; r < WOLVES_MAX_REGIONS; r++) {
      const char tok[3] = {p < WOLVES_TERRAINS ? render_terrain_letter[p] : "~#"[p - WOLVES_TERRAINS],
                           region_letter((uint8_t)r), '\0'};
      nt = add_word(token, nt, tok, "a hex");
    }
  for (int k = 0; k < WOLVES_PREY_TYPES; k++)
    nt = add_word(token, nt, render_prey_abbrev[k], wolves_prey_name(k));
  nt = add_word(token, nt, "LW", "Lone Wolf");
  nt = add_word(token, nt, "~~", "water");
  nt = add_word(token, nt, "##", "chasm");
  unique = 1;
  for (int i = 0; i < nt; i++)
    for (int j = i + 1; j < nt; j++)
      if (same_ci(token[i].abbrev, token[j].abbrev)) {
        if (unique) fprintf(stderr, "  '%s' and '%s'\n", token[i].abbrev, token[j].abbrev);
        unique = 0;
      }
  snprintf(msg, sizeof msg, "each of %d tokens on the map reads as one thing, whatever the case", nt);
  check(t, unique, msg);

  /* The legends: "F forest", "Mo moose" (wide), "m moose" (compact), ... */
  for (int layout = 0; layout < 2; layout++) {
    const render_opts o = {layout ? RENDER_COMPACT : RENDER_WIDE, NULL, 0};
    text out = render_with(g, s, &o);
    const char *legend = strstr(out.buf, "\nHex: ");
    char want[64];
    int found = legend != NULL, missing = 0;
    for (int k = 0; found && k < WOLVES_TERRAINS + WOLVES_PREY_TYPES + WOLVES_PHASES + 4; k++) {
      if (k < WOLVES_TERRAINS)
        snprintf(want, sizeof want, "%c %s ", render_terrain_letter[k], wolves_terrain_name(k));
      else if (k < WOLVES_TERRAINS + WOLVES_PREY_TYPES && layout == 0)
        snprintf(want, sizeof want, " %s %s", render_prey_abbrev[k - WOLVES_TERRAINS],
                 wolves_prey_name(k - WOLVES_TERRAINS));
      else if (k < WOLVES_TERRAINS + WOLVES_PREY_TYPES)
        snprintf(want, sizeof want, " %c %s", render_prey_letter[k - WOLVES_TERRAINS],
                 wolves_prey_name(k - WOLVES_TERRAINS));
      else if (k < WOLVES_TERRAINS + WOLVES_PREY_TYPES + WOLVES_PHASES)
        snprintf(want, sizeof want, " %c %s", render_phase_letter[k - WOLVES_TERRAINS - WOLVES_PREY_TYPES],
                 wolves_phase_name(k - WOLVES_TERRAINS - WOLVES_PREY_TYPES));
      else
        snprintf(want, sizeof want, "%c %s",
                 render_type_letter[k - WOLVES_TERRAINS - WOLVES_PREY_TYPES - WOLVES_PHASES],
                 type_word[k - WOLVES_TERRAINS - WOLVES_PREY_TYPES - WOLVES_PHASES]);
      /* (a legend line may break between an initial and its word) */
      char *flat = strdup(legend);
      for (char *p = flat, *q = flat;; p++) {
        if (*p == '\n') {
          *q++ = ' ';
          while (p[1] == ' ') p++;
        } else if ((*q++ = *p) == '\0')
          break;
      }
      if (strstr(flat, want) == NULL) {
        if (!missing) fprintf(stderr, "  legend lacks '%s'\n", want);
        missing++;
      }
      free(flat);
    }
    snprintf(msg, sizeof msg, "%s legend spells out every initial (%d missing)", layout ? "compact" : "wide",
             missing);
    check(t, found && missing == 0, msg);
    /* The rows it says are shifted are: row 2's first bar is right of row 1's. */
    char l1[512] = "", l2[512] = "", tmp[512];
    for (int n = 0; n < 12; n++) {
      const char *l = line_at(out.buf, n, tmp, sizeof tmp);
      if (strncmp(l, "  1 ", 4) == 0) strcpy(l1, l);
      if (strncmp(l, "  2 ", 4) == 0) strcpy(l2, l);
    }
    snprintf(msg, sizeof msg, "%s legend: rows 2, 4, ... sit half a hex right, as drawn",
             layout ? "compact" : "wide");
    check(t,
          strstr(out.buf, "rows 2, 4, ... sit half a hex right") && l1[0] && l2[0] &&
              strcspn(l2, "|") > strcspn(l1, "|"),
          msg);
    free(out.buf);
  }
}

static void run_checks(tally *t) {
  static wolves_game g;
  static wolves_state s;
  build_test_game(&g, &s);
  check_text(t, &g, &s, 80, "test board");
  check_compact(t, &g, &s, NULL, 80, "test board");
  check_vocabulary(t, &g, &s);

  /* What sits in which box. */
  text plain = render(&g, &s, TEXT_PLAIN);
  char box[64];
  static const struct {
    const char *hex, *want;
  } boxes[] = {
      {"A1", "AR PG    |         |"}, {"B1", "NF       |         |"}, {"D1", "LD       |         |"},
      {"F3", "AD PD NT |         |"}, {"C2", "LW       |         |"}, {"D2", "Moo3     |         |"},
      {"F5", "LW Rac2  |         |"}, {"A2", "Q/C      |         |"}, {"E2", "O        |         |"},
      {"C4", "         |         |"},
  };
  for (size_t i = 0; i < sizeof boxes / sizeof *boxes; i++) {
    box_contents(&g, plain.buf, boxes[i].hex, box, sizeof box);
    char msg[120];
    snprintf(msg, sizeof msg, "box %s holds \"%s\" (got \"%s\")", boxes[i].hex, boxes[i].want, box);
    check(t, strcmp(box, boxes[i].want) == 0, msg);
  }
  /* Terrain, water, chasm and region letters on the name lines. */
  char line[256];
  check(t,
        strcmp(line_at(plain.buf, 2, line, sizeof line),
               "  1 |A1   F  a:B1   F  a:C1   G  a|D1   D  b:E1   T  b:F1   R  b|") == 0,
        "row 1: names, terrain, regions, edges");
  check(t, strstr(plain.buf, "C3   ## ") != NULL && strstr(plain.buf, "A2   ~~ a") != NULL,
        "water and chasm");
  check(t,
        strstr(plain.buf,
               "\n> 2 grass   tiles GFGDTR  spread 2 speed 3 howl 2  bonus terrain 0 action 0\n") != NULL,
        "player 2 to act");
  check(t,
        strstr(plain.buf,
               "\n *1 rocky   tiles RR'T'DTR  spread 2 speed 4 howl 2  bonus terrain 1 action 0\n") != NULL,
        "player 1 summary: flipped tiles, attributes, bonus");
  check(t,
        strstr(plain.buf,
               "\n    taken dens 0/12 lairs 0/4 wolves 0/8  prey 0/5  tokens C:1 Q:0 O:0 vp 4\n") != NULL,
        "player 2 detail: region tokens, VP tokens");
  check(t, strstr(plain.buf, "\nMoonlight 5/30 dates filled, next phase crescent at date 7\n") != NULL,
        "Moonlight summary");
  check(t, strstr(plain.buf, "\nTurn 5, play phase, player 2 (grass) to act;") != NULL, "whose turn");
  check(t, strstr(plain.buf, "\n  AI desert\n") != NULL, "AI pack");
  free(plain.buf);

  /* More than a box holds: the last line ends in '+'. */
  static wolves_state crowded;
  crowded = s;
  const uint8_t a2 = wolves_hex_parse(&g.board, "A2");
  memcpy(crowded.hex[a2].piece, s.hex[wolves_hex_parse(&g.board, "F3")].piece, sizeof crowded.hex[a2].piece);
  crowded.hex[a2].lone_wolf = 1;
  crowded.hex[a2].prey_type = WOLVES_RABBIT;
  crowded.hex[a2].prey_count = 2;
  plain = render(&g, &crowded, TEXT_PLAIN);
  box_contents(&g, plain.buf, "A2", box, sizeof box);
  char msg[120];
  snprintf(msg, sizeof msg, "overflowing box marked with + (got \"%s\")", box);
  check(t, strcmp(box, "AD PD NT |LW Rab2 +|") == 0, msg);
  free(plain.buf);

  /* SVG geometry: odd-r centres, a row apart is 1.5 radii down and odd
   * rows half a hex to the right. */
  text svg = render(&g, &s, SVG);
  double ax, ay, bx, by, cx, cy;
  const char *pa = strstr(svg.buf, "id=\"hex-A1\""), *pb = strstr(svg.buf, "id=\"hex-B1\""),
             *pc = strstr(svg.buf, "id=\"hex-A2\"");
  const int parsed = pa && pb && pc && sscanf(strstr(pa, "points=\"") + 8, "%lf,%lf", &ax, &ay) == 2 &&
                     sscanf(strstr(pb, "points=\"") + 8, "%lf,%lf", &bx, &by) == 2 &&
                     sscanf(strstr(pc, "points=\"") + 8, "%lf,%lf", &cx, &cy) == 2;
  check(t,
        parsed && absd(bx - ax - 69.3) < 0.15 && absd(by - ay) < 0.01 && absd(cx - ax - 34.6) < 0.15 &&
            absd(cy - ay - 60.0) < 0.15,
        "SVG hexes at odd-r positions");
  free(svg.buf);

  /* A finished game: the final scores, the breakdown per track and the
   * winner (rocky: VP Tokens 30 against grass's 4 plus a Crescent token at
   * its high value), in the text and the SVG; none before the end. */
  static wolves_state over;
  over = s;
  over.phase = WOLVES_PHASE_OVER;
  over.player[0].vp_tokens = 30;
  svg = render(&g, &over, SVG);
  wolves_score sc[WOLVES_MAX_PLAYERS];
  wolves_final_scores(&g, &over, sc);
  char want[96];
  snprintf(want, sizeof want, ">%d VP<", sc[0].total);
  check(t,
        strstr(svg.buf, "class=\"scores\"") && strstr(svg.buf, ">Final scores<") && strstr(svg.buf, want) &&
            strstr(svg.buf, ">rocky<") &&
            strstr(svg.buf, "class=\"winner\" font-weight=\"bold\">Winner: rocky<") &&
            count(svg.buf, ">spread ") == 2 && sc[0].rank == 1 && strstr(svg.buf, "class=\"tie\"") == NULL,
        "finished game: scores, breakdown, winner in the SVG");
  free(svg.buf);
  plain = render(&g, &over, TEXT_PLAIN);
  snprintf(want, sizeof want, "\n  1. rocky   %4d ", sc[0].total);
  check(t,
        strstr(plain.buf, "\nFinal scores   VP spread speed howl lairs prey wolves tokens\n") &&
            strstr(plain.buf, want) && strstr(plain.buf, "\nWinner: rocky\n") &&
            strstr(plain.buf, "\n  2. grass ") > strstr(plain.buf, "\n  1. rocky "),
        "finished game: final scores, best first, and the winner in the text");
  free(plain.buf);
  svg = render(&g, &s, SVG);
  plain = render(&g, &s, TEXT_PLAIN);
  check(t,
        strstr(svg.buf, "class=\"scores\"") == NULL && strstr(plain.buf, "Final scores") == NULL &&
            strstr(plain.buf, "Winner") == NULL,
        "no scores before the end");
  free(svg.buf);
  free(plain.buf);

  /* Ties: on VP, broken by the Region Scoring Tokens (grass has one, rocky
   * none: END.TIE_TOKENS), and one no tie-breaker breaks (shared). */
  over.player[0].vp_tokens += sc[1].total - sc[0].total;
  wolves_final_scores(&g, &over, sc);
  check(t, sc[0].total == sc[1].total && sc[1].rank == 1 && sc[0].rank == 2, "a tie on VP set up");
  plain = render(&g, &over, TEXT_PLAIN);
  svg = render(&g, &over, SVG);
  snprintf(want, sizeof want, "tied with rocky on %d VP; more Region Scoring Tokens (END.TIE_TOKENS)",
           sc[1].total);
  check(t,
        strstr(plain.buf, "\nWinner: grass\n  ") && strstr(plain.buf, want) &&
            strstr(svg.buf, ">Winner: grass<") && strstr(svg.buf, "END.TIE_TOKENS)<") &&
            strstr(svg.buf, "class=\"tie\""),
        "a tie on VP broken by END.TIE_TOKENS, text and SVG");
  free(plain.buf);
  free(svg.buf);
  static wolves_state shared;
  shared = over;
  for (int h = 0; h < g.board.nhex; h++) memset(shared.hex[h].piece, 0, sizeof shared.hex[h].piece);
  shared.player[0] = shared.player[1];
  shared.player[0].pack = over.player[0].pack;
  wolves_final_scores(&g, &shared, sc);
  plain = render(&g, &shared, TEXT_PLAIN);
  svg = render(&g, &shared, SVG);
  check(t,
        sc[0].rank == 1 && sc[1].rank == 1 && strstr(plain.buf, "\n  1. rocky ") &&
            strstr(plain.buf, "\n  1. grass ") && strstr(plain.buf, "\nWinners (tied): rocky, grass\n") &&
            strstr(plain.buf, "they share the victory (END.TIE_ALPHAS)") &&
            strstr(svg.buf, ">Winners (tied): rocky, grass<"),
        "a tie no tie-breaker breaks: both ranked 1, the victory shared");
  free(plain.buf);
  free(svg.buf);

  /* The picture for an HTML page: no XML declaration nor namespace, the
   * same elements, every id prefixed. */
  {
    text inl = {NULL, 0};
    FILE *f = open_memstream(&inl.buf, &inl.len);
    const int rc = f ? render_svg_inline(f, &g, &s, "s1-before-") : -1;
    if (f) fclose(f);
    svg = render(&g, &s, SVG);
    const char *body = strstr(svg.buf, "<title>");
    char err[120] = "";
    check(t,
          rc == 0 && inl.buf && strncmp(inl.buf, "<svg version=\"1.1\" ", 19) == 0 &&
              strstr(inl.buf, "http") == NULL && xml_balanced(inl.buf, err, sizeof err) &&
              count(inl.buf, " id=\"s1-before-hex-") == g.board.nhex &&
              count(inl.buf, " id=\"") == g.board.nhex && body && strstr(inl.buf, "<title>") &&
              strlen(strstr(inl.buf, "<title>")) ==
                  strlen(body) + (size_t)g.board.nhex * strlen("s1-before-"),
          "inline SVG: no declaration nor namespace, ids prefixed");
    free(inl.buf);
    free(svg.buf);
  }

  /* An empty board still makes a document. */
  static wolves_game empty;
  memset(&empty, 0, sizeof empty);
  empty.nplayers = 2;
  wolves_data_defaults(&empty.data, 2);
  text e1 = render(&empty, &s, TEXT_PLAIN), e2 = render(&empty, &s, SVG);
  char err[120];
  check(t, strstr(e1.buf, "Moonlight") != NULL && xml_balanced(e2.buf, err, sizeof err), "empty board");
  free(e1.buf);
  free(e2.buf);

  /* Write errors are reported: /dev/full refuses every write. */
  FILE *full = fopen("/dev/full", "w");
  if (full != NULL) {
    const render_opts o = {RENDER_WIDE, NULL, 0};
    check(t, render_text(full, &g, &s, &o) == -1, "text write error");
    clearerr(full);
    check(t, render_svg(full, &g, &s) == -1, "svg write error");
    fclose(full);
  }

  /* Colour only on a terminal, never with NO_COLOR set or TERM=dumb. */
  FILE *mem;
  char *buf = NULL;
  size_t len = 0;
  mem = open_memstream(&buf, &len);
  check(t, render_want_color(mem) == 0, "no colour off a terminal");
  fclose(mem);
  free(buf);
  /* A pseudo-terminal stands in for one, so this runs under make too. */
  FILE *tty = NULL;
  const int master = posix_openpt(O_RDWR | O_NOCTTY);
  if (master >= 0 && grantpt(master) == 0 && unlockpt(master) == 0 && ptsname(master) != NULL)
    tty = fopen(ptsname(master), "w");
  check(t, tty != NULL, "a pseudo-terminal for the colour checks");
  if (tty != NULL) {
    unsetenv("NO_COLOR");
    setenv("TERM", "dumb", 1);
    check(t, render_want_color(tty) == 0, "no colour with TERM=dumb");
    setenv("TERM", "xterm", 1);
    check(t, render_want_color(tty) == 1, "colour on a terminal");
    setenv("NO_COLOR", "", 1);
    check(t, render_want_color(tty) == 1, "colour with NO_COLOR empty");
    setenv("NO_COLOR", "1", 1);
    check(t, render_want_color(tty) == 0, "no colour with NO_COLOR set");
    fclose(tty);
  }
  if (master >= 0) close(master);

  /* The standard boards: legible, wider. */
  for (int n = 2; n <= WOLVES_MAX_PLAYERS; n++) {
    char what[32];
    snprintf(what, sizeof what, "standard %d players", n);
    if (build_standard_game(&g, &s, n) != 0) {
      check(t, 0, what);
      continue;
    }
    check_text(t, &g, &s, 240, what);
    /* Issue 13: 80 columns for 2-3 players, 120 for 4-5. */
    check_compact(t, &g, &s, NULL, n <= 3 ? 80 : 120, what);
    /* A window: 2 hexes around the middle hex, in the wide layout, in 80. */
    uint8_t show[WOLVES_MAX_HEXES];
    const uint8_t mid = (uint8_t)(g.board.nhex / 2);
    int shown = 0;
    for (int h = 0; h < g.board.nhex; h++)
      shown += show[h] = wolves_hex_distance(&g.board, mid, (uint8_t)h) <= 2;
    const render_opts o = {RENDER_WIDE, show, 0};
    text win = render_with(&g, &s, &o);
    char name[8], wmsg[120];
    int names = 0;
    for (int h = 0; h < g.board.nhex; h++) {
      wolves_hex_name(&g.board, (uint8_t)h, name, sizeof name);
      strcat(name, " ");
      names += show[h] ? strstr(win.buf, name) != NULL : 0;
    }
    snprintf(wmsg, sizeof wmsg, "%s: --around window of %d hexes, each named, in 80 columns (got %zu)", what,
             shown, longest_line(win.buf));
    check(t, names == shown && longest_line(win.buf) <= 80 && render_text_width(&g, &o) <= 80, wmsg);
    free(win.buf);
    check_compact(t, &g, &s, show, 80, what);
  }
}

int main(int argc, char **argv) {
  static wolves_game g;
  static wolves_state s;
  int standard = 0, color = 0, over = 0, mode = 0; /* 0 checks, 1 text, 2 svg */
  const char *svg_path = NULL;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--standard") == 0 && i + 1 < argc)
      standard = atoi(argv[++i]);
    else if (strcmp(argv[i], "--text") == 0)
      mode = 1;
    else if (strcmp(argv[i], "--color") == 0)
      color = 1;
    else if (strcmp(argv[i], "--over") == 0)
      over = 1;
    else if (strcmp(argv[i], "--svg") == 0 && i + 1 < argc) {
      mode = 2;
      svg_path = argv[++i];
    } else {
      fprintf(stderr, "usage: render_test [--standard N] [--over] [--text [--color] | --svg FILE]\n");
      return 2;
    }
  }
  if (mode == 0) {
    tally t = {0, 0};
    run_checks(&t);
    printf("render: %d passed, %d failed\n", t.passed, t.failed);
    return t.failed ? 1 : 0;
  }
  if (standard) {
    if (build_standard_game(&g, &s, standard) != 0) {
      fprintf(stderr, "render_test: no standard setup for %d players\n", standard);
      return 2;
    }
  } else {
    build_test_game(&g, &s);
  }
  if (over) { /* a finished game: the SVG shows the final scores */
    s.phase = WOLVES_PHASE_OVER;
    s.player[0].vp_tokens = 30;
  }
  const render_opts o = {RENDER_WIDE, NULL, color};
  if (mode == 1) return render_text(stdout, &g, &s, &o) == 0 ? 0 : 1;
  FILE *f = fopen(svg_path, "w");
  if (f == NULL) {
    perror(svg_path);
    return 2;
  }
  const int rc = render_svg(f, &g, &s);
  return fclose(f) == 0 && rc == 0 ? 0 : 1;
}
