/* render_svg.c - the SVG picture of `wolves render`: a standalone SVG 1.1
 * document of the position, with a legend, and for a finished game the
 * final scores. */
#include "render.h"
#include "render_impl.h"

#include <stdint.h>
#include <string.h>

static const char *const phase_short[WOLVES_PHASES] = {"cres", "qtr", "full"};

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
    render_player_summary(head, lines[nl + 1], sizeof head, g, s, i);
    snprintf(lines[nl], sizeof lines[0], "%c%c%d %-6s%s",
             s->phase != WOLVES_PHASE_OVER && s->current == i ? '>' : ' ', s->first_player == i ? '*' : ' ',
             i + 1, wolves_terrain_name(s->player[i].pack), head);
    nl += 2;
  }
  if (np == 2 && valid_terrain(s->ai_pack))
    snprintf(lines[nl++], sizeof lines[0], "  AI %s", wolves_terrain_name(s->ai_pack));
  render_game_summary(lines[nl], lines[nl + 1], sizeof lines[0], g, s);
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
          np, b->nhex, b->nregions, render_phase_word(s->phase), s->turn, s->moon_filled, WOLVES_MOON_DATES);
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
  return render_finish(out);
}
