/* render.c - `wolves render FILE`: a picture of the position a scenario
 * ends in (or reaches after --after N actions), as a text hex map or SVG
 * (report/render.h), whole or a window of it (--around, --region). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "base/err.h"
#include "base/output.h"
#include "commands/commands.h"
#include "report/color.h"
#include "report/render.h"
#include "scenario/scenario.h"

/* Writes the SVG to path through file_save (a file atomically, so a reader
 * never sees half a picture; a FIFO or device as a stream).  2 on failure,
 * reported. */
static int write_svg(const char *path, const wolves_game *g, const wolves_state *s) {
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  if (f == NULL) return 2;
  const int drawn = render_svg(f, g, s) == 0;
  const int rc = fclose(f) != 0 || !drawn ? 2 : file_save(path, buf, len, 0, NULL) ? 2 : 0;
  free(buf);
  return rc;
}

/* The terminal's width: $COLUMNS, else the terminal's own, else 80. */
static int terminal_width(void) {
  uint64_t n;
  const char *cols = getenv("COLUMNS");
  if (cols != NULL && number_option(cols, 1, 10000, &n) == 0) return (int)n;
  struct winsize ws;
  if (isatty(STDOUT_FILENO) && ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0) return ws.ws_col;
  return 80;
}

/* The hexes --around HEX [--radius N] or --region LETTER shows in show[];
 * returns what is wrong with them, or NULL. */
static const char *window(const wolves_game *g, const char *around, const char *radius, const char *region,
                          uint8_t *show) {
  const wolves_board *b = &g->board;
  if (radius && !around) return "--radius goes with --around HEX";
  if (around && region) return "--around and --region exclude each other";
  if (around) {
    const uint8_t h = wolves_hex_parse(b, around);
    uint64_t r = 2;
    if (h == WOLVES_NONE) return "--around needs a hex of the board";
    if (radius && number_option(radius, 0, 99, &r)) return "--radius is a number of hexes from 0 to 99";
    for (int x = 0; x < b->nhex; x++) show[x] = wolves_hex_distance(b, h, (uint8_t)x) <= (int)r;
  } else if (region) {
    const int r = strlen(region) == 1 ? region[0] - 'a' : -1;
    if (r < 0 || r >= b->nregions) return "--region is a region letter of the board (a, b, ...)";
    for (int x = 0; x < b->nhex; x++) show[x] = b->hex[x].region == r;
  }
  return NULL;
}

int cmd_render(int argc, char **argv, const char *flags, const char *const *values) {
  (void)flags;
  static const char *const layouts[] = {"auto", "wide", "compact", NULL};
  if (argc != 1) return usage_error("render", "%s", "render needs one FILE");
  const int layout =
      values[RENDER_LAYOUT] ? choice_option("render", "--layout", values[RENDER_LAYOUT], layouts) : 0;
  if (layout < 0) return 2;
  const int color = color_option("render", values[RENDER_COLOR], stdout);
  if (color < 0) return 2;
  scenario *sc = scenario_read_after(argv[0], WOLVES_EDITION_DEFAULT, "render", values[RENDER_AFTER]);
  if (sc == NULL) return 2;
  const wolves_game *g = &sc->pos.g;
  const wolves_state *s = &sc->pos.s;
  uint8_t show[WOLVES_MAX_HEXES];
  const char *const bad =
      window(g, values[RENDER_AROUND], values[RENDER_RADIUS], values[RENDER_REGION], show);
  const int windowed = values[RENDER_AROUND] || values[RENDER_REGION];
  const char *svg = values[RENDER_SVG];
  int rc = 0;
  if (bad) {
    rc = usage_error("render", "%s", bad);
  } else if (svg && strcmp(svg, "-") != 0 && scenario_output_ok(sc, "--svg", svg)) {
    rc = 2; /* an input: nothing written */
  } else if (svg && strcmp(svg, "-") == 0) {
    rc = render_svg(stdout, g, s) ? 2 : 0;
  } else if (svg) {
    rc = write_svg(svg, g, s);
  } else {
    render_opts o = {RENDER_WIDE, windowed ? show : NULL, color};
    if (layout == 2 || (layout == 0 && render_text_width(g, &o) > terminal_width()))
      o.layout = RENDER_COMPACT;
    rc = render_text(stdout, g, s, &o) ? 2 : 0;
  }
  scenario_close(sc);
  return rc;
}

static const option_spec render_options[] = {
    VALUE("after", 0, RENDER_AFTER),   VALUE("svg", 0, RENDER_SVG),
    VALUE("color", 0, RENDER_COLOR),   VALUE("layout", 0, RENDER_LAYOUT),
    VALUE("around", 0, RENDER_AROUND), VALUE("radius", 0, RENDER_RADIUS),
    VALUE("region", 0, RENDER_REGION), OPTIONS_END};

const command render_command = {
    "render",
    "Usage: wolves render [--after N] [--layout auto|wide|compact] [--around HEX [--radius N] |\n"
    "                     --region LETTER] [--color WHEN] [--svg OUT.svg] FILE\n",
    "Draw the position a scenario ends in (or reaches after its first N actions) as a hex\n"
    "map for the terminal, then a legend and the players' summaries.  Colour only on a\n"
    "terminal, unless NO_COLOR is set or TERM is dumb.\n"
    "\n"
    "  --after N        the position after the first N actions\n"
    "  --layout L       wide: each hex a 10 x 3 box with its name; compact: 5 x 2 (terrain,\n"
    "                   region, a token; the pieces); auto (default): wide if it fits the\n"
    "                   terminal ($COLUMNS, else its width, else 80 columns), else compact\n"
    "  --around HEX     only the hexes within --radius N (default 2) of HEX\n"
    "  --region LETTER  only the hexes of one region\n"
    "  --color WHEN     auto (on a terminal, unless NO_COLOR or TERM=dumb), always or\n"
    "                   never\n"
    "  --svg OUT.svg    write the position as an SVG picture to OUT.svg instead ('-':\n"
    "                   on stdout)\n",
    render_options, cmd_render};
