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

/* Each line of text, indented under its PASS/FAIL (or TAP) line. */
static void print_lines(const char *text, const char *indent) {
  for (const char *p = text; p && *p;) {
    const char *nl = strchr(p, '\n');
    const int n = nl ? (int)(nl - p) : (int)strlen(p);
    printf("%s%.*s\n", indent, n, p);
    p += n + (nl ? 1 : 0);
  }
}

/* One scenario's verdict: "PASS path" / "FAIL path" with the differences,
 * or in TAP "ok N - path" / "not ok N - path" with them as comments. */
static void report(const runner_opts *o, size_t number, const char *path, int failed, const char *details) {
  if (o->tap) {
    printf("%s %zu - %s\n", failed ? "not ok" : "ok", number, path);
    print_lines(details, "  # ");
  } else if (failed) {
    printf("FAIL %s\n", path);
    print_lines(details, "  ");
  } else if (!o->quiet) {
    printf("PASS %s\n", path);
  }
}

static void run_one(const char *path, size_t number, const runner_opts *o, tally *t) {
  scenario *sc = scenario_open(path, 0);
  if (sc == NULL) {
    t->bad++;
    t->failed++;
    if (o->tap) report(o, number, path, 1, "bad input (see stderr)");
    return;
  }
  char *golden = sc->golden ? golden_path(path) : NULL;
  diff_report r = {{0}, 0, DIFF_LINES, 0};
  const int failures = expect_check(sc, o->bless ? NULL : golden, &r);
  diff_finish(&r);
  report(o, number, path, failures != 0, r.out.buf);
  if (failures)
    t->failed++;
  else
    t->passed++;
  if (o->bless && golden && bless(sc, golden, o, t)) t->bad++;
  free(golden);
  sb_free(&r.out);
  scenario_close(sc);
}

int runner_run(const path_list *files, const runner_opts *o) {
  tally t = {0, 0, 0, {0, 0, 0}};
  if (o->tap) printf("TAP version 13\n1..%zu\n", files->len);
  for (size_t i = 0; i < files->len; i++) {
    run_one(files->paths[i], i + 1, o, &t);
    fflush(stdout); /* keep PASS/FAIL lines and stderr diagnostics in order */
  }
  if (o->bless)
    printf("golden: %d created, %d updated, %d unchanged\n", t.changes[GOLDEN_CREATED],
           t.changes[GOLDEN_UPDATED], t.changes[GOLDEN_UNCHANGED]);
  if (o->summary) printf("%sscenarios: %d passed, %d failed\n", o->tap ? "# " : "", t.passed, t.failed);
  return t.bad ? 2 : t.failed ? 1 : 0;
}
