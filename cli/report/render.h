/* render.h - pictures of a position for `wolves render`: a hex map for a
 * terminal (plain ASCII, optionally with ANSI 256-colour escapes) and a
 * standalone SVG 1.1 document.  Both are deterministic: the same position
 * gives the same bytes, so renders can be kept as goldens. */
#ifndef CLI_RENDER_H
#define CLI_RENDER_H

#include <stdint.h>
#include <stdio.h>

#include "wolves.h"

typedef enum { RENDER_WIDE, RENDER_COMPACT } render_layout;

/* How to draw the text map: the layout (wide: each hex a 10 x 3 box with
 * its name; compact: 5 x 2, terrain and region, a token, the pieces), the
 * window (show[h] nonzero for the hexes to draw, NULL for all: the picture
 * is cropped to them) and ANSI colour. */
typedef struct {
  render_layout layout;
  const uint8_t *show;
  int color;
} render_opts;

/* The map as text, then a legend and one summary line per player.  Hex
 * names can be read off the picture (column letters on top, row numbers on
 * the left, and in the wide layout each hex's name in its cell).  With
 * color, the same characters are written with ANSI 256-colour escapes
 * added; without it, the output is pure ASCII.  Returns 0, or -1 on a
 * write error. */
int render_text(FILE *out, const wolves_game *g, const wolves_state *s, const render_opts *o);

/* The columns the map of render_text takes (the legend and the summaries
 * take at most 80). */
int render_text_width(const wolves_game *g, const render_opts *o);

/* 1 if render_text should colour its output on `out`: it is a terminal,
 * NO_COLOR (https://no-color.org) is unset or empty and TERM is not
 * "dumb".  (--color always|never: color_option.) */
int render_want_color(FILE *out);

/* The position as a standalone SVG 1.1 document (pointy-top hexes at their
 * odd-r positions, region borders, pieces and tokens; beside the map a
 * legend and, for a finished game, the final scores; below, a table of the
 * players and the game's turn and Moonlight Board).
 * Returns 0, or -1 on a write error. */
int render_svg(FILE *out, const wolves_game *g, const wolves_state *s);

/* The same picture as an element for an HTML page (wolves test --html):
 * no XML declaration nor namespace (HTML gives <svg> its own), every id
 * prefixed with id_prefix so that several pictures share a page. */
int render_svg_inline(FILE *out, const wolves_game *g, const wolves_state *s, const char *id_prefix);

/* An action drawn on the position (`wolves explain --svg`,
 * render_overlay.c): lines through hex centres (a Move's path), marks on
 * hexes (a class such as "target", "range", "candidate qualifies",
 * "refused"; an optional short label on the hex and a tooltip title) and a
 * caption above the map (the action and its verdict, then the detail:
 * why, with the numbers).  Every class is
 * written as given, so tests and style sheets can find them. */
typedef struct {
  const uint8_t *hex; /* the hexes in order, n of them */
  int n;
  const char *cls;
} render_line;
typedef struct {
  uint8_t hex;
  const char *cls, *label, *title; /* label, title: NULL for none */
} render_mark;
typedef struct render_overlay {
  const char *caption, *detail; /* two lines above the map; detail may be NULL */
  const render_line *line;
  int nlines;
  const render_mark *mark;
  int nmarks;
} render_overlay;

/* render_svg (standalone) or render_svg_inline (id_prefix non-NULL) with
 * the overlay drawn over the pieces. */
int render_svg_action(FILE *out, const wolves_game *g, const wolves_state *s, const render_overlay *ov,
                      const char *id_prefix);

#endif
