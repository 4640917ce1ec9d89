/* inspect.c - `wolves clauses` (the clause catalog) and `wolves render`
 * (a picture of the position a scenario ends in). */
#include "inspect.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "render.h"
#include "scenario.h"

/* An ID matches "MOVE.LAIR_BLOCKS" exactly, or its area "MOVE" / "move". */
static int selected(const char *id, const char *want) {
  if (want == NULL || strcmp(id, want) == 0) return 1;
  const size_t n = strlen(want);
  if (strncasecmp(id, want, n) != 0 || id[n] != '.') return 0;
  return 1;
}

static void print_clause(const wolves_clause_info *c, int verbose) {
  printf("%-24s %-11s %s\n", c->id, c->kind == WOLVES_RESTRICTION ? "restriction" : "rule", c->text);
  if (!verbose) return;
  printf("  section:  %s\n", c->section);
  if (c->editions[0]) printf("  editions: %s\n", c->editions);
  if (c->ruling[0]) printf("  ruling:   %s\n", c->ruling);
}

int cmd_clauses(int argc, char **argv, const char *flags) {
  (void)flags;
  if (argc > 1) {
    return usage_error("clauses", "%s", "clauses takes at most one ID or AREA");
  }
  const char *want = argc ? argv[0] : NULL;
  const int exact = want != NULL && wolves_clause_find(want) != WOLVES_OK;
  int shown = 0;
  for (int i = 1; i < WOLVES_CLAUSE_COUNT; i++) {
    const wolves_clause_info *c = wolves_clause_get(i);
    if (!selected(c->id, want)) continue;
    print_clause(c, exact);
    shown++;
  }
  if (shown == 0) {
    fprintf(stderr, "wolves: no clause or area '%s'\nTry 'wolves clauses' for the list.\n", want);
    return 2;
  }
  return 0;
}

int cmd_render(int argc, char **argv, const char *flags) {
  if (argc != 1) {
    return usage_error("render", "%s", "render needs one FILE");
  }
  scenario *sc = scenario_open(argv[0], 0);
  if (sc == NULL) return 2;
  const wolves_game *g = &sc->pos.g;
  const wolves_state *s = &sc->pos.s;
  const int r =
      strchr(flags, 's') ? render_svg(stdout, g, s) : render_text(stdout, g, s, render_want_color(stdout));
  scenario_close(sc);
  return r != 0 ? 2 : 0;
}
