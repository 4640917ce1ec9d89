/* runner.c - see runner.h. */
#include "runner.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "expect.h"
#include "golden.h"
#include "scenario.h"

#define DIFF_LINES 20

typedef struct {
  int passed, failed, bad;
  int changes[3]; /* per golden_change */
} tally;

static const char *const change_words[] = {"unchanged", "created", "updated"};

/* Writes the golden; says what changed.  -1 if it could not be written. */
static int bless(const scenario *sc, const char *golden, const runner_opts *o, tally *t) {
  golden_change change;
  if (golden_write(golden, sc->json.buf, sc->json.len, &change)) {
    fprintf(stderr, "wolves: cannot write %s: %s\n", golden, strerror(errno));
    return -1;
  }
  t->changes[change]++;
  if (change != GOLDEN_UNCHANGED || !o->quiet) printf("  %s %s\n", change_words[change], golden);
  return 0;
}

static void print_lines(const char *text) {
  for (const char *p = text; p && *p;) {
    const char *nl = strchr(p, '\n');
    const int n = nl ? (int)(nl - p) : (int)strlen(p);
    printf("  %.*s\n", n, p);
    p += n + (nl ? 1 : 0);
  }
}

static void run_one(const char *path, const runner_opts *o, tally *t) {
  scenario *sc = scenario_open(path, 0);
  if (sc == NULL) {
    t->bad++;
    t->failed++;
    return;
  }
  char *golden = sc->golden ? golden_path(path) : NULL;
  diff_report r = {{0}, 0, DIFF_LINES, 0};
  const int failures = expect_check(sc, o->bless ? NULL : golden, &r);
  diff_finish(&r);
  if (failures) {
    printf("FAIL %s\n", path);
    print_lines(r.out.buf);
    t->failed++;
  } else {
    if (!o->quiet) printf("PASS %s\n", path);
    t->passed++;
  }
  if (o->bless && golden && bless(sc, golden, o, t)) t->bad++;
  free(golden);
  sb_free(&r.out);
  scenario_close(sc);
}

int runner_run(const path_list *files, const runner_opts *o) {
  tally t = {0, 0, 0, {0, 0, 0}};
  for (size_t i = 0; i < files->len; i++) {
    run_one(files->paths[i], o, &t);
    fflush(stdout); /* keep PASS/FAIL lines and stderr diagnostics in order */
  }
  if (o->bless)
    printf("golden: %d created, %d updated, %d unchanged\n", t.changes[GOLDEN_CREATED],
           t.changes[GOLDEN_UPDATED], t.changes[GOLDEN_UNCHANGED]);
  if (o->summary) printf("scenarios: %d passed, %d failed\n", t.passed, t.failed);
  return t.bad ? 2 : t.failed ? 1 : 0;
}
