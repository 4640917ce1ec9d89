/* render_overlay.c - an action drawn over the SVG picture of a position
 * (`wolves explain --svg`): marked hexes, the paths of a Move's wolves and
 * a caption.  Drawn after the pieces, half transparent, so the position
 * stays readable under it. */
#include "report/render.h"
#include "report/render_impl.h"

#include <stdint.h>
#include <string.h>

#define RING 34.0 /* a mark's circle: inside the hex (radius 40), outside its pieces */

/* The colour of a mark by its first class word: a refusal red, a hex that
 * qualifies green, one that does not orange, the range blue, the target
 * (and a path's start) purple. */
static const char *mark_stroke(const char *cls) {
  static const struct {
    const char *word, *stroke;
  } table[] = {{"refused", "#d50000"},   {"candidate qualifies", "#00c853"},
               {"candidate", "#ff6d00"}, {"range", "#2962ff"},
               {"target", "#aa00ff"},    {"from", "#aa00ff"}};
  for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
    if (strncmp(cls, table[i].word, strlen(table[i].word)) == 0) return table[i].stroke;
  return "#1a1a1a";
}

static void overlay_mark(FILE *out, const wolves_board *b, const render_mark *m) {
  if (m->hex >= b->nhex) return;
  double x, y;
  render_svg_centre(&b->hex[m->hex], &x, &y);
  char name[8];
  wolves_hex_name(b, m->hex, name, sizeof name);
  const char *const stroke = mark_stroke(m->cls);
  /* the range is a fainter, dashed ring: it is where, not what */
  const int range = strcmp(m->cls, "range") == 0;
  fprintf(out,
          "<g class=\"%s\" data-hex=\"%s\"><circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"none\" "
          "stroke=\"%s\" stroke-width=\"%s\"%s>",
          m->cls, name, x, y, range ? RING + 2 : RING, stroke, range ? "2.0" : "4.0",
          range ? " stroke-dasharray=\"4 3\" stroke-opacity=\"0.8\"" : "");
  if (m->title) {
    fputs("<title>", out);
    render_xml_text(out, m->title);
    fputs("</title>", out);
  }
  fputs("</circle>", out);
  if (m->label) {
    fprintf(out,
            "<text x=\"%.1f\" y=\"%.1f\" font-size=\"9\" font-weight=\"bold\" fill=\"%s\" stroke=\"#ffffff\" "
            "stroke-width=\"3\" paint-order=\"stroke\">",
            x, y + (strcmp(m->cls, "refused") == 0 ? 31 : 20), stroke); /* under a candidate's ok/no */
    render_xml_text(out, m->label);
    fputs("</text>", out);
  }
  fputs("</g>\n", out);
}

/* A polyline through the hex centres, a dot at its end (where the wolf
 * goes; its start is ringed): no marker, since a url() reference is what
 * the HTML report promises not to hold. */
static void overlay_line(FILE *out, const wolves_board *b, const render_line *l, const char *prefix, int k) {
  fprintf(out,
          "<polyline class=\"%s\" id=\"%spath-%d\" fill=\"none\" stroke=\"#aa00ff\" stroke-width=\"5\" "
          "stroke-linejoin=\"round\" stroke-opacity=\"0.85\" points=\"",
          l->cls, prefix, k + 1);
  for (int i = 0; i < l->n; i++) {
    if (l->hex[i] >= b->nhex) continue;
    double x, y;
    render_svg_centre(&b->hex[l->hex[i]], &x, &y);
    fprintf(out, "%s%.1f,%.1f", i ? " " : "", x, y);
  }
  fputs("\"><title>", out);
  for (int i = 0; i < l->n; i++) {
    char name[8];
    wolves_hex_name(b, l->hex[i], name, sizeof name);
    fprintf(out, "%s%s", i ? " - " : "", name);
  }
  fputs("</title></polyline>\n", out);
  if (l->n > 0 && l->hex[l->n - 1] < b->nhex) {
    double x, y;
    render_svg_centre(&b->hex[l->hex[l->n - 1]], &x, &y);
    fprintf(out, "<circle class=\"to\" cx=\"%.1f\" cy=\"%.1f\" r=\"7\" fill=\"#aa00ff\"/>\n", x, y);
  }
}

void render_svg_overlay(FILE *out, const wolves_board *b, const render_overlay *ov, const char *prefix) {
  fputs("<g class=\"action\" text-anchor=\"middle\">\n", out);
  /* the range under the rest: the other marks sit on hexes inside it */
  for (int pass = 0; pass < 2; pass++)
    for (int i = 0; i < ov->nmarks; i++)
      if ((strcmp(ov->mark[i].cls, "range") == 0) == (pass == 0)) overlay_mark(out, b, &ov->mark[i]);
  for (int i = 0; i < ov->nlines; i++) overlay_line(out, b, &ov->line[i], prefix, i);
  /* in the band render_svg.c leaves above the map (the group is moved down by it) */
  const char *const line[2] = {ov->caption, ov->caption ? ov->detail : NULL};
  const char *const cls[2] = {"caption", "detail"};
  for (int i = 0; i < 2; i++)
    if (line[i]) {
      fprintf(out,
              "<text class=\"%s\" x=\"16\" y=\"%.1f\" font-size=\"%d\"%s text-anchor=\"start\" "
              "fill=\"#1a1a1a\">",
              cls[i], -RENDER_CAPTION_BAND + 16 + 16 * i, i ? 11 : 13, i ? "" : " font-weight=\"bold\"");
      render_xml_text(out, line[i]);
      fputs("</text>\n", out);
    }
  fputs("</g>\n", out);
}
