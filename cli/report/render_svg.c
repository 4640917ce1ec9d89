/* render_svg.c - the SVG picture of `wolves render`: a standalone SVG 1.1
 * document of the position, with a legend, and for a finished game the
 * final scores. */
#include "report/render.h"
#include "report/render_impl.h"

#include <stdint.h>
#include <string.h>

static const char *const phase_short[WOLVES_PHASES] = {"cres", "qtr", "full"};

/* ==== SVG ==== */

#define SIZE 40.0                  /* hex radius: centre to corner */
#define SQRT3_2 0.8660254          /* sin 60 degrees */
#define HEX_W (2 * SQRT3_2 * SIZE) /* width of a pointy-top hex, so neighbours share edges exactly */
#define PAD 16.0
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

void render_svg_centre(const wolves_hex_info *hi, double *x, double *y) {
  *x = hex_cx(hi);
  *y = hex_cy(hi);
}

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

/* Piece p centred on x, y; a swatch (the legend's) is grey, untitled. */
static void svg_piece(FILE *out, uint8_t p, double x, double y, int swatch) {
  const int pack = piece_pack(p), type = WOLVES_PIECE_TYPE(p);
  const char *fill = swatch ? "#bdbdbd" : valid_terrain(pack) ? pack_fill[pack] : "#ffffff";
  const char *const pack_name = valid_terrain(pack) ? wolves_terrain_name(pack) : "unknown";
  if (swatch)
    fprintf(out, "<g class=\"swatch-piece %s\" fill=\"%s\" stroke=\"" INK "\">", wolves_piece_name(type),
            fill);
  else
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
static void svg_moon(FILE *out, const char *cls, int phase, double x, double y) {
  fprintf(out, "<g class=\"%s %s\">", cls, wolves_phase_name(phase));
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

/* A Lone Wolf token centred on x, y. */
static void svg_lone_wolf(FILE *out, const char *cls, double x, double y) {
  fprintf(out,
          "<g class=\"%s\"><circle cx=\"%.1f\" cy=\"%.1f\" r=\"9.0\" fill=\"#8a8a8a\" stroke=\"" INK
          "\" stroke-width=\"1.0\"/><text x=\"%.1f\" y=\"%.1f\" font-size=\"7\" font-weight=\"bold\" "
          "fill=\"#ffffff\" text-anchor=\"middle\">LW</text></g>\n",
          cls, x, y, x, y + 2.5);
}

/* A Prey stack, a label `w` wide from x, centred on y. */
static void svg_prey(FILE *out, const char *cls, double x, double y, double w, const char *label) {
  fprintf(
      out,
      "<g class=\"%s\"><rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"11.0\" rx=\"3.0\" "
      "fill=\"#fff4dc\" stroke=\"#7a4b1e\" stroke-width=\"1.0\"/>"
      "<text x=\"%.1f\" y=\"%.1f\" font-size=\"8\" fill=\"#5a2d0c\" text-anchor=\"middle\">%s</text></g>\n",
      cls, x, y - 5.5, w, x + w / 2, y + 3, label);
}

static void svg_hex_contents(FILE *out, const wolves_game *g, const wolves_state *s, uint8_t h) {
  const wolves_hex_info *hi = &g->board.hex[h];
  const wolves_hex_state *hs = &s->hex[h];
  const double cx = hex_cx(hi), cy = hex_cy(hi);

  uint8_t pieces[WOLVES_HEX_SLOTS];
  int n = 0;
  for (int i = 0; i < WOLVES_HEX_SLOTS; i++)
    if (hs->piece[i] != 0) pieces[n++] = hs->piece[i];
  for (int i = 0; i < n; i++) svg_piece(out, pieces[i], cx + 21.0 * (i - (n - 1) / 2.0), cy - 3, 0);

  /* Region Scoring Tokens on the Water Source: the top one as a moon, the
   * stack spelt out as "top/bottom". */
  if (hi->region < WOLVES_MAX_REGIONS && g->board.water[hi->region] == h) {
    const uint8_t *t = s->region_token[hi->region];
    const int top = t[1] > 0 && t[1] <= WOLVES_PHASES ? t[1] - 1 : -1;
    const int bottom = t[0] > 0 && t[0] <= WOLVES_PHASES ? t[0] - 1 : -1;
    const int shown = top >= 0 ? top : bottom;
    if (shown >= 0) {
      svg_moon(out, "region-token", shown, cx, cy - 4);
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
    svg_lone_wolf(out, "lone-wolf", x + 9, y);
    x += lw_w + gap;
  }
  if (prey[0]) svg_prey(out, "prey", x, y, prey_w, prey);
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
void render_xml_text(FILE *out, const char *str) {
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

/* Breaks text into lines of at most width characters, at spaces (a word
 * longer than width stands alone); returns the lines written (up to max). */
static int wrap(const char *text, int width, char lines[][160], int max) {
  int n = 0;
  while (*text && n < max) {
    while (*text == ' ') text++;
    size_t len = strlen(text), cut = len;
    if ((int)len > width) {
      cut = (size_t)width;
      while (cut > 0 && text[cut] != ' ') cut--;
      if (cut == 0) cut = strcspn(text, " ");
    }
    if (cut >= 160) cut = 159;
    memcpy(lines[n], text, cut);
    lines[n++][cut] = '\0';
    text += cut;
  }
  return n;
}

static void svg_text(FILE *out, double x, double y, const char *attrs, const char *text) {
  fprintf(out, "<text x=\"%.1f\" y=\"%.1f\"%s>", x, y, attrs);
  render_xml_text(out, text);
  fputs("</text>\n", out);
}

#define BOLD " font-weight=\"bold\""

/* ---- the side panel: the legend, and the final scores of a finished game ---- */

#define SIDE_W 300.0
#define LEGEND_BG "#fffdf6"
#define SCORES_BG "#fff3c4"
#define PLAYERS_BG "#f9f6ee"
#define TIE_WIDTH 40 /* characters of a line of the tie's explanation */

/* What the panels hold, worked out before anything is drawn. */
typedef struct {
  int legend, scores; /* lines of the side panels (scores: 0 before the end) */
  wolves_score sc[WOLVES_MAX_PLAYERS];
  char who[160], tie[4][160]; /* the winner, how a tie was settled */
  int ntie;
  char note[6][160]; /* the players table's key */
  int nnote;
} panels;

/* Opens panel `cls` (a group with `attrs`, a box w by h filled with bg,
 * the heading in bold); returns the heading's baseline. */
static double svg_panel(FILE *out, const char *cls, const char *attrs, const char *bg, double x, double y,
                        double w, double h, const char *heading) {
  fprintf(out,
          "<g class=\"%s\" %s text-anchor=\"start\" fill=\"#222222\">\n"
          "<rect class=\"%s-panel\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\" "
          "stroke=\"#6b6b6b\" stroke-width=\"1.0\"/>\n",
          cls, attrs, cls, x, y, w, h, bg);
  svg_text(out, x + 8, y + LINE_H, BOLD, heading);
  return y + LINE_H;
}

static int packs_shown(const wolves_game *g, const wolves_state *s) {
  const int np = nplayers_of(g);
  return np + (np == 2 && valid_terrain(s->ai_pack));
}

/* The legend: packs, terrains, regions, pieces and tokens. */
static void svg_legend(FILE *out, const wolves_game *g, const wolves_state *s, double x, double y, int n) {
  const int np = nplayers_of(g);
  char line[96];
  double ty = svg_panel(out, "legend", "font-size=\"12\"", LEGEND_BG, x, y, SIDE_W - PAD, LINE_H * n + PAD,
                        "Packs (piece colours)");
  for (int i = 0; i <= np; i++) {
    const int ai = i == np;
    if (ai && !(np == 2 && valid_terrain(s->ai_pack))) break;
    const int pack = ai ? s->ai_pack : s->player[i].pack;
    ty += LINE_H;
    if (!valid_terrain(pack)) continue;
    fprintf(out,
            "<circle class=\"swatch pack %s\" cx=\"%.1f\" cy=\"%.1f\" r=\"6.0\" fill=\"%s\" stroke=\"" INK
            "\" stroke-width=\"1.5\"/>\n",
            wolves_terrain_name(pack), x + 16, ty - 4, pack_fill[pack]);
    if (ai)
      snprintf(line, sizeof line, "%s: the AI pack", wolves_terrain_name(pack));
    else
      snprintf(line, sizeof line, "%s: player %d", wolves_terrain_name(pack), i + 1);
    svg_text(out, x + 28, ty, "", line);
  }
  ty += LINE_H;
  svg_text(out, x + 8, ty, BOLD, "Terrain (hex colours)");
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
    svg_text(out, x + 28, ty, "", what);
  }
  /* Regions: the border as the map draws it, the letter as it follows a
   * hex's name. */
  ty += LINE_H;
  svg_text(out, x + 8, ty, BOLD, "Regions");
  ty += LINE_H;
  fprintf(out,
          "<line class=\"swatch region-border\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"" INK
          "\" stroke-width=\"4.0\" stroke-linecap=\"round\"/>\n",
          x + 10, ty - 4, x + 22, ty - 4);
  svg_text(out, x + 28, ty, "", "region border, or the board's edge");
  ty += LINE_H;
  svg_text(out, x + 16, ty, " class=\"swatch region-letter\" font-style=\"italic\" text-anchor=\"middle\"",
           "a");
  if (g->board.nregions > 1)
    snprintf(line, sizeof line, "region letters a-%c, after names",
             region_letter((uint8_t)(g->board.nregions - 1)));
  else
    snprintf(line, sizeof line, "region letter%s, after names", g->board.nregions ? " a" : "");
  svg_text(out, x + 28, ty, "", line);
  /* Pieces and tokens, two to a line. */
  ty += LINE_H;
  svg_text(out, x + 8, ty, BOLD, "Pieces and tokens");
  static const uint8_t types[4] = {WOLVES_ALPHA, WOLVES_PACK, WOLVES_DEN, WOLVES_LAIR};
  static const char *const type_words[4] = {"Alpha Wolf", "Pack Wolf", "Den", "Lair"};
  for (int k = 0; k < 4; k++) {
    const double cx = x + 16 + (k & 1) * 140;
    if ((k & 1) == 0) ty += LINE_H + 8;
    svg_piece(out, WOLVES_PIECE(WOLVES_FOREST, types[k]), cx, ty - 5, 1);
    svg_text(out, cx + 16, ty, "", type_words[k]);
  }
  ty += LINE_H + 8;
  svg_lone_wolf(out, "swatch-lone-wolf", x + 16, ty - 4);
  svg_text(out, x + 32, ty, "", "Lone Wolf");
  svg_prey(out, "swatch-prey", x + 143, ty - 4, 34, "deer 2");
  svg_text(out, x + 182, ty, "", "Prey, count");
  ty += LINE_H + 8;
  svg_moon(out, "swatch-moon", WOLVES_QUARTER, x + 16, ty - 4);
  svg_text(out, x + 32, ty, "", "Region Scoring Token on its");
  ty += LINE_H;
  svg_text(out, x + 32, ty, "", "Water Source (stack: top/bottom)");
  fputs("</g>\n", out);
}

/* Lines of the legend (headings, packs, terrains, regions, pieces: 4 of
 * them 1.5 lines high). */
static int legend_lines(const wolves_game *g, const wolves_state *s) {
  return 1 + packs_shown(g, s) + 1 + WOLVES_TERRAINS + 2 + 3 + 1 + 6 + 1;
}

/* The final scores (END.FINAL_SCORE): rank, pack and total; the VP per
 * track and the tokens; then the winner(s) and how a tie was settled. */
static void svg_scores(FILE *out, const wolves_game *g, const wolves_state *s, const panels *P, double x,
                       double y) {
  const int np = nplayers_of(g);
  char line[160];
  double ty = svg_panel(out, "scores", "font-size=\"12\"", SCORES_BG, x, y, SIDE_W - PAD,
                        LINE_H * P->scores + PAD, "Final scores");
  for (int rank = 1; rank <= np; rank++)
    for (int i = 0; i < np; i++) {
      if (P->sc[i].rank != rank) continue;
      const wolves_score *c = &P->sc[i];
      const int pack = s->player[i].pack;
      ty += LINE_H;
      snprintf(line, sizeof line, "%d.", rank);
      svg_text(out, x + 8, ty, rank == 1 ? BOLD : "", line);
      if (valid_terrain(pack))
        fprintf(out,
                "<circle class=\"swatch\" cx=\"%.1f\" cy=\"%.1f\" r=\"5.0\" fill=\"%s\" stroke=\"" INK
                "\" stroke-width=\"1.0\"/>\n",
                x + 32, ty - 4, pack_fill[pack]);
      svg_text(out, x + 42, ty, rank == 1 ? BOLD : "", valid_terrain(pack) ? wolves_terrain_name(pack) : "?");
      snprintf(line, sizeof line, "%d VP", c->total);
      svg_text(out, x + SIDE_W - PAD - 10, ty,
               rank == 1 ? BOLD " text-anchor=\"end\"" : " text-anchor=\"end\"", line);
      snprintf(line, sizeof line, "spread %d, speed %d, howl %d, lairs %d",
               c->track[WOLVES_TRACK_PACK_SPREAD], c->track[WOLVES_TRACK_WOLF_SPEED],
               c->track[WOLVES_TRACK_HOWL_RANGE], c->track[WOLVES_TRACK_LAIRS]);
      ty += LINE_H;
      svg_text(out, x + 42, ty, " font-size=\"11\"", line);
      snprintf(line, sizeof line, "prey %d, wolves %d, tokens %d", c->track[WOLVES_TRACK_PREY],
               c->track[WOLVES_TRACK_WOLVES], c->tokens);
      ty += LINE_H;
      svg_text(out, x + 42, ty, " font-size=\"11\"", line);
    }
  ty += LINE_H;
  svg_text(out, x + 8, ty, " class=\"winner\"" BOLD, P->who);
  for (int k = 0; k < P->ntie; k++) {
    ty += LINE_H;
    svg_text(out, x + 8, ty, " class=\"tie\" font-size=\"11\"", P->tie[k]);
  }
  fputs("</g>\n", out);
}

/* ---- the players' table, the AI pack and the game ---- */

/* Columns of the players' table: heading, left edge (from the panel's). */
enum {
  COL_PLAYER,
  COL_NOTE,
  COL_TILES,
  COL_SPREAD,
  COL_SPEED,
  COL_HOWL,
  COL_BONUS,
  COL_DENS,
  COL_LAIRS,
  COL_WOLVES,
  COL_PREY,
  COL_TOKENS,
  COL_VP,
  NCOLS
};
static const struct {
  const char *head;
  double x;
} cols[NCOLS] = {{"Player", 8},     {"", 100},       {"Tiles", 180},     {"Spread", 290},
                 {"Speed", 348},    {"Howl", 402},   {"Bonus T/A", 448}, {"Dens", 526},
                 {"Lairs", 576},    {"Wolves", 622}, {"Prey", 680},      {"Tokens C/Q/O", 724},
                 {"VP tokens", 826}};
#define TABLE_W 900.0
#define NOTE_WIDTH 118 /* characters of a line of the table's key */

static void svg_players(FILE *out, const wolves_game *g, const wolves_state *s, const panels *P, double x,
                        double y, double w, double h) {
  const int np = nplayers_of(g);
  char cell[96];
  double ty = svg_panel(out, "players", "font-size=\"12\"", PLAYERS_BG, x, y, w, h, "");
  /* (the heading row is the columns') */
  for (int c = 0; c < NCOLS; c++)
    if (cols[c].head[0]) svg_text(out, x + cols[c].x, ty, BOLD, cols[c].head);
  for (int i = 0; i < np; i++) {
    const wolves_player *p = &s->player[i];
    const int pack = p->pack;
    ty += LINE_H + 4;
    const int acting = s->phase != WOLVES_PHASE_OVER && s->current == i;
    if (valid_terrain(pack))
      fprintf(out,
              "<circle class=\"swatch\" cx=\"%.1f\" cy=\"%.1f\" r=\"5.0\" fill=\"%s\" stroke=\"" INK
              "\" stroke-width=\"1.0\"/>\n",
              x + cols[COL_PLAYER].x + 6, ty - 4, pack_fill[pack]);
    snprintf(cell, sizeof cell, "%d %s", i + 1, valid_terrain(pack) ? wolves_terrain_name(pack) : "?");
    svg_text(out, x + cols[COL_PLAYER].x + 16, ty, acting ? BOLD : "", cell);
    snprintf(cell, sizeof cell, "%s%s%s", s->first_player == i ? "first" : "",
             s->first_player == i && acting ? ", " : "", acting ? "to act" : "");
    if (cell[0]) svg_text(out, x + cols[COL_NOTE].x, ty, " font-style=\"italic\"", cell);
    for (int k = 0; k < WOLVES_TILES; k++) {
      const int t = wolves_tile_terrain(g, s, i, k), flipped = render_tile_flipped(s, i, k);
      const double tx = x + cols[COL_TILES].x + 16 * k;
      fprintf(out,
              "<rect class=\"tile%s\" x=\"%.1f\" y=\"%.1f\" width=\"14.0\" height=\"14.0\" fill=\"%s\" "
              "stroke=\"" INK "\" stroke-width=\"1.0\"%s/>\n",
              flipped ? " flipped" : "", tx, ty - 11, valid_terrain(t) ? terrain_fill[t] : "#ffffff",
              flipped ? " stroke-dasharray=\"2,2\" fill-opacity=\"0.45\"" : "");
      const char letter[2] = {valid_terrain(t) ? render_terrain_letter[t] : '?', '\0'};
      svg_text(out, tx + 7, ty,
               t == WOLVES_FOREST ? " font-size=\"10\" text-anchor=\"middle\" fill=\"#ffffff\""
                                  : " font-size=\"10\" text-anchor=\"middle\"",
               letter);
    }
    static const int attr[3] = {WOLVES_PACK_SPREAD, WOLVES_WOLF_SPEED, WOLVES_HOWL_RANGE};
    for (int a = 0; a < 3; a++) {
      snprintf(cell, sizeof cell, "%d", wolves_attribute(g, s, i, attr[a]));
      svg_text(out, x + cols[COL_SPREAD + a].x, ty, "", cell);
    }
    snprintf(cell, sizeof cell, "%d / %d", p->bonus_terrain, p->bonus_action);
    svg_text(out, x + cols[COL_BONUS].x, ty, "", cell);
    int dens = 0, hunted = 0;
    for (int a = 0; a < WOLVES_ATTRIBUTES; a++) dens += p->dens_taken[a];
    for (int k = 0; k < WOLVES_HUNT_SPACES; k++) hunted += p->prey[k] != 0;
    snprintf(cell, sizeof cell, "%d/%d", dens, WOLVES_ATTRIBUTES * (WOLVES_ATTR_POSITIONS - 1));
    svg_text(out, x + cols[COL_DENS].x, ty, "", cell);
    snprintf(cell, sizeof cell, "%d/%d", p->lairs_taken, WOLVES_LAIRS);
    svg_text(out, x + cols[COL_LAIRS].x, ty, "", cell);
    snprintf(cell, sizeof cell, "%d/%d", p->wolves_taken, WOLVES_WOLF_SPACES);
    svg_text(out, x + cols[COL_WOLVES].x, ty, "", cell);
    snprintf(cell, sizeof cell, "%d/%d", hunted, WOLVES_HUNT_SPACES);
    svg_text(out, x + cols[COL_PREY].x, ty, "", cell);
    snprintf(cell, sizeof cell, "%d / %d / %d", p->region_tokens[WOLVES_CRESCENT],
             p->region_tokens[WOLVES_QUARTER], p->region_tokens[WOLVES_FULL]);
    svg_text(out, x + cols[COL_TOKENS].x, ty, "", cell);
    snprintf(cell, sizeof cell, "%d", p->vp_tokens);
    svg_text(out, x + cols[COL_VP].x, ty, "", cell);
  }
  if (np == 2 && valid_terrain(s->ai_pack)) {
    ty += LINE_H + 4;
    fprintf(out,
            "<circle class=\"swatch\" cx=\"%.1f\" cy=\"%.1f\" r=\"5.0\" fill=\"%s\" stroke=\"" INK
            "\" stroke-width=\"1.0\"/>\n",
            x + cols[COL_PLAYER].x + 6, ty - 4, pack_fill[s->ai_pack]);
    snprintf(cell, sizeof cell, "AI %s", wolves_terrain_name(s->ai_pack));
    svg_text(out, x + cols[COL_PLAYER].x + 16, ty, "", cell);
    svg_text(out, x + cols[COL_NOTE].x, ty, " font-style=\"italic\"", "the AI pack (2 players)");
  }
  ty += 6;
  for (int k = 0; k < P->nnote; k++) {
    ty += LINE_H - 2;
    svg_text(out, x + 8, ty, " class=\"key\" font-size=\"10\" fill=\"#555555\"", P->note[k]);
  }
  /* The game: whose turn, the Moonlight Board, the supply. */
  char moon[160], turn[160];
  render_game_summary(moon, turn, sizeof moon, g, s);
  ty += LINE_H + 4;
  svg_text(out, x + 8, ty, " class=\"turn\"" BOLD, turn);
  ty += LINE_H;
  svg_text(out, x + 8, ty, " class=\"moon\"", moon);
  fputs("</g>\n", out);
}

/* The height of the players' panel: the heading row, a row per player
 * and the AI, the key, the game's two lines, as svg_players draws them. */
static double players_height(const wolves_game *g, const wolves_state *s, const panels *P) {
  const int rows = packs_shown(g, s);
  return LINE_H + (LINE_H + 4) * rows + 6 + (LINE_H - 2) * P->nnote + 2 * LINE_H + 4 + PAD;
}

/* ---- the whole picture ---- */

static void plan(panels *P, const wolves_game *g, const wolves_state *s) {
  memset(P, 0, sizeof *P);
  const int np = nplayers_of(g);
  P->legend = legend_lines(g, s);
  if (s->phase == WOLVES_PHASE_OVER) {
    char tie[160];
    wolves_final_scores(g, s, P->sc);
    render_winner(P->who, tie, sizeof P->who, g, s, P->sc);
    P->ntie = wrap(tie, TIE_WIDTH, P->tie, 4);
    P->scores = 1 + 3 * np + 1 + P->ntie;
  }
  P->nnote = wrap("Tiles: slot 1 first, their terrain's letter; dashed: flipped.  Bonus T/A: Bonus Terrain "
                  "and Bonus Action Tokens held.  Dens, Lairs, Wolves: taken off the Player Board.  Prey: "
                  "hunted.  Tokens C/Q/O: Region Scoring Tokens won, Crescent, Quarter, Full.  VP tokens: "
                  "the VP Tokens' value.",
                  NOTE_WIDTH, P->note, 6);
}

static int svg_picture(FILE *out, const wolves_game *g, const wolves_state *s, const char *prefix,
                       int standalone, const render_overlay *ov) {
  const wolves_board *b = &g->board;
  panels P;
  plan(&P, g, s);

  const double map_w = 2 * PAD + HEX_W * b->width + (b->height > 1 ? HEX_W / 2 : 0);
  const double map_h = 2 * PAD + (b->height > 0 ? 2 * SIZE + 1.5 * SIZE * (b->height - 1) : 0);
  /* the side panels right of the map, the players' panel below both */
  const double side_h = PAD + LINE_H * P.legend + PAD + (P.scores ? PAD + LINE_H * P.scores + PAD : 0) + PAD;
  const double top = map_h > side_h ? map_h : side_h;
  const double players_h = players_height(g, s, &P);
  /* Whole pixels, so that width/height and the viewBox agree exactly. */
  const double w =
      (double)(long)((map_w + SIDE_W > TABLE_W + 2 * PAD ? map_w + SIDE_W : TABLE_W + 2 * PAD) + 0.999);
  /* an action's caption (render_overlay.c) gets a band of its own above the map */
  const double band = ov && ov->caption ? RENDER_CAPTION_BAND : 0;
  const double h = (double)(long)(top + players_h + PAD + band + 0.999);

  if (standalone) fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", out);
  fprintf(
      out,
      "<svg%s version=\"1.1\" width=\"%.0f\" height=\"%.0f\" "
      "viewBox=\"0 0 %.1f %.1f\" font-family=\"DejaVu Sans, Arial, sans-serif\" text-anchor=\"middle\">\n",
      standalone ? " xmlns=\"http://www.w3.org/2000/svg\"" : "", w, h, w, h);
  fprintf(out,
          "<title>The Wolves: %d players, %d hexes, %d regions; %s phase, turn %d; Moonlight %d/%d</title>\n",
          nplayers_of(g), b->nhex, b->nregions, render_phase_word(s->phase), s->turn, s->moon_filled,
          WOLVES_MOON_DATES);
  fprintf(out, "<rect class=\"background\" width=\"%.1f\" height=\"%.1f\" fill=\"#f5f1e6\"/>\n", w, h);
  if (band) fprintf(out, "<g transform=\"translate(0 %.1f)\">\n", band);

  fputs("<g class=\"hexes\" stroke=\"#4a4a4a\" stroke-width=\"1.0\">\n", out);
  for (int i = 0; i < b->nhex; i++) {
    const wolves_hex_info *hi = &b->hex[i];
    const double cx = hex_cx(hi), cy = hex_cy(hi);
    char name[8];
    wolves_hex_name(b, (uint8_t)i, name, sizeof name);
    fprintf(out, "<polygon class=\"hex %s\" id=\"%shex-%s\" fill=\"%s\" points=\"", hex_class(hi), prefix,
            name, hex_fill(hi));
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
  if (ov) render_svg_overlay(out, b, ov, prefix);

  svg_legend(out, g, s, map_w, PAD, P.legend);
  if (P.scores) svg_scores(out, g, s, &P, map_w, 2 * PAD + LINE_H * P.legend + PAD);
  svg_players(out, g, s, &P, PAD, top, w - 2 * PAD, players_h);
  if (band) fputs("</g>\n", out);
  fputs("</svg>\n", out);
  return render_finish(out);
}

/* Other strings go out as they are: hex names, numbers and the fixed ASCII
 * words of names.c, none with XML metacharacters. */
int render_svg(FILE *out, const wolves_game *g, const wolves_state *s) {
  return svg_picture(out, g, s, "", 1, NULL);
}

int render_svg_inline(FILE *out, const wolves_game *g, const wolves_state *s, const char *id_prefix) {
  return svg_picture(out, g, s, id_prefix ? id_prefix : "", 0, NULL);
}

int render_svg_action(FILE *out, const wolves_game *g, const wolves_state *s, const render_overlay *ov,
                      const char *id_prefix) {
  return svg_picture(out, g, s, id_prefix ? id_prefix : "", id_prefix == NULL, ov);
}
