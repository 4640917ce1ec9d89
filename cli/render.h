/* render.h - pictures of a position for `wolves render`: a hex map for a
 * terminal (plain ASCII, optionally with ANSI 256-colour escapes) and a
 * standalone SVG 1.1 document.  Both are deterministic: the same position
 * gives the same bytes, so renders can be kept as goldens. */
#ifndef CLI_RENDER_H
#define CLI_RENDER_H

#include <stdio.h>

#include "wolves.h"

/* The map as text, then a legend and one summary line per player.  Hex
 * names can be read off the picture (column letters on top, row numbers on
 * the left, and each hex's name in its cell).  With color, the same
 * characters are written with ANSI 256-colour escapes added; without it,
 * the output is pure ASCII.  Returns 0, or -1 on a write error. */
int render_text(FILE *out, const wolves_game *g, const wolves_state *s, int color);

/* 1 if render_text should colour its output on `out`: it is a terminal,
 * NO_COLOR (https://no-color.org) is unset or empty and TERM is not
 * "dumb".  (--color always|never: color_option.) */
int render_want_color(FILE *out);

/* The position as a standalone SVG 1.1 document (pointy-top hexes at their
 * odd-r positions, region borders, pieces and tokens, a summary below).
 * Returns 0, or -1 on a write error. */
int render_svg(FILE *out, const wolves_game *g, const wolves_state *s);

#endif
