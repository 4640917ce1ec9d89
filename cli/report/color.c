/* color.c - see color.h. */
#include "report/color.h"

#include <string.h>

#include "base/err.h"
#include "base/options.h"
#include "report/render.h"

int color_option(const char *cmd, const char *when, FILE *out) {
  const int i =
      when ? choice_option(cmd, "--color", when, (const char *const[]){"auto", "always", "never", NULL}) : 0;
  return i == 0 ? render_want_color(out) : i == 1 ? 1 : i == 2 ? 0 : -1;
}

void color_word(FILE *out, int color, color_sgr c, const char *word) {
  if (color)
    fprintf(out, "\033[1;%dm%s\033[0m", (int)c, word);
  else
    fputs(word, out);
}
