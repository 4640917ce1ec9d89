/* color.h - colour on a terminal: --color=auto|always|never, and the
 * words reports colour (PASS green, FAIL and ERROR red, REFUSED red). */
#ifndef CLI_COLOR_H
#define CLI_COLOR_H

#include <stdio.h>

/* The value of --color for output to out: 1 colour, 0 not, -1 after a
 * usage error.  NULL or "auto": render_want_color's rule (a terminal,
 * NO_COLOR unset or empty, TERM not "dumb"). */
int color_option(const char *cmd, const char *when, FILE *out);

typedef enum { COLOR_GREEN = 32, COLOR_RED = 31, COLOR_YELLOW = 33 } color_sgr;

/* Writes word to out, bold and in colour c when color is set. */
void color_word(FILE *out, int color, color_sgr c, const char *word);

#endif
