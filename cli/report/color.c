/* color.c - see color.h. */
#include "report/color.h"

#include <string.h>

#include "base/err.h"
#include "report/render.h"

int color_option(const char *cmd, const char *when, FILE *out) {
  if (when == NULL || strcmp(when, "auto") == 0) return render_want_color(out);
  if (strcmp(when, "always") == 0) return 1;
  if (strcmp(when, "never") == 0) return 0;
  usage_error(cmd, "--color is auto, always or never, not '%s'", when);
  return -1;
}

void color_word(FILE *out, int color, color_sgr c, const char *word) {
  if (color)
    fprintf(out, "\033[1;%dm%s\033[0m", (int)c, word);
  else
    fputs(word, out);
}
