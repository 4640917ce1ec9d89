/* runner.c - see runner.h.  Each scenario is judged into a verdict (no
 * output), then verdicts are reported strictly in the order of the files,
 * so the output is byte-identical whatever --jobs is.  With one job the
 * main thread judges each scenario just before reporting it; with more,
 * worker threads take the next scenario from a shared counter and the main
 * thread prints each verdict as soon as every earlier one is printed. */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/diagnostic.h"
#include "base/err.h"
#include "base/file_id.h"
#include "base/input.h"
#include "base/options.h"
#include "base/output.h"
#include "base/progress.h"
#include "commands/runner.h"
#include "doc.h"
#include "json.h"
#include "report/color.h"
#include "report/report_html.h"
#include "report/test_report.h"
#include "scenario/expect.h"
#include "scenario/golden.h"
#include "scenario/scenario.h"

#define DIFF_LINES 20
#define MAX_JOBS 64

typedef enum { PASSED, FAILED, BAD_INPUT } outcome;

/* What became of one scenario. */
typedef struct {
  const char *path;
  outcome outcome;
  char *details;  /* differences, one per line; the error line for bad input */
  cli_err err;    /* bad input: the error (--format json gives it as an object) */
  doc diffs;      /* the differences as objects (diff_report.items) */
  doc_node *list; /* in diffs: [{path, kind, expected, got}], or NULL */
  char *golden;   /* the golden's path when blessing, else NULL */
  int change;     /* golden_change, or -1: not written */
  char *changes;  /* --bless, a golden updated: what changed, as differences read */
  doc change_doc; /* (their objects, for --format json) */
  doc_node *change_list;
  int write_errno; /* nonzero: the golden could not be written */
  double seconds;  /* how long loading, running and judging took */
  size_t number;   /* 1-based, in the run */
  html_case *html; /* --html: a failing scenario's section */
  int done;
} verdict;

static const char *const outcome_words[] = {"pass", "fail", "error"};

/* ---- judging (no output: runs on worker threads) ---- */

static char *copy(const char *s) {
  const size_t n = strlen(s) + 1;
  return memcpy(xmalloc(n), s, n);
}

/* The one-line FILE:LINE:COL error, as scenario_read prints it. */
static char *error_line(const cli_err *e) {
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  if (f == NULL) return copy("bad input");
  err_print(e, f);
  fclose(f);
  if (len && buf[len - 1] == '\n') buf[len - 1] = '\0';
  return buf;
}

/* Writes the golden of sc; an update keeps what it changed (the golden's
 * differences from the new output, as a check would have reported them)
 * for the report: a person reads the diff of what is blessed. */
static void bless(const scenario *sc, const char *golden, verdict *v) {
  diff_report g;
  diff_init(&g, DIFF_LINES);
  struct stat st;
  if (lstat(golden, &st) == 0) expect_golden(sc, golden, &g); /* (none to compare a new one with) */
  diff_finish(&g);
  golden_change change;
  if (golden_write(golden, sc->json.buf, sc->json.len, &change)) {
    v->write_errno = errno ? errno : EIO;
  } else {
    v->change = (int)change;
    if (change == GOLDEN_UPDATED && g.list) {
      v->changes = g.out.buf; /* moved: the verdict owns them */
      g.out.buf = NULL;
      v->change_doc = g.items;
      v->change_list = g.list;
      doc_init(&g.items, "differences");
    }
  }
  sb_free(&g.out);
  diff_free(&g);
}

/* A scenario's golden is blessed only when everything else it expects holds:
 * blessing a failing scenario would make a wrong result the claim. */
static void judge_timed(const char *path, const runner_opts *o, verdict *v);

static void judge(const char *path, const runner_opts *o, verdict *v) {
  const double start = progress_clock();
  judge_timed(path, o, v);
  v->seconds = progress_clock() - start;
}

static void judge_timed(const char *path, const runner_opts *o, verdict *v) {
  scenario *sc = xmalloc(sizeof *sc);
  cli_err e = {0};
  v->path = path;
  v->change = -1;
  wolves_state *start = NULL; /* --html: the position before the run */
  const int loaded = scenario_load_house(sc, path, o->data, o->edition, &e) == 0;
  sc->golden_without_readings = o->edition != WOLVES_EDITION_DEFAULT;
  if (loaded && o->html) start = memcpy(xmalloc(sizeof *start), &sc->pos.s, sizeof *start);
  if (!loaded || scenario_run(sc, 0, &e)) {
    v->outcome = BAD_INPUT;
    v->details = error_line(&e);
    v->err = e;
    free(start);
    scenario_close(sc);
    return;
  }
  char *golden = sc->golden ? golden_path(path) : NULL;
  diff_report r;
  diff_init(&r, DIFF_LINES);
  const int failures =
      o->verdicts ? expect_check_verdicts(sc, golden, &r) : expect_check(sc, o->bless ? NULL : golden, &r);
  diff_finish(&r);
  if (start && failures) v->html = html_case_make(sc, start, r.list, v->number);
  free(start);
  v->outcome = failures ? FAILED : PASSED;
  v->details = r.out.buf ? r.out.buf : copy("");
  v->diffs = r.items; /* moved: the verdict owns it */
  v->list = r.list;
  doc_init(&r.items, "differences");
  diff_free(&r); /* the rest (r.out is the verdict's details) */
  if (o->bless && golden && !failures) bless(sc, golden, v);
  if (o->bless)
    v->golden = golden; /* reported: what was written, or "not blessed" */
  else
    free(golden);
  scenario_close(sc);
}

/* ---- reporting (main thread, in file order) ---- */

typedef struct {
  int passed, failed, bad;
  int changes[3]; /* per golden_change */
  doc d;          /* --format json: the verdicts as a document */
  doc_node *list;
  strbuf junit;    /* --junit: the testcase elements */
  html_page *html; /* --html: the page so far */
  double seconds;  /* the run's wall-clock time, for --junit */
  int color;       /* PASS and FAIL in colour */
} tally;

static void record(tally *t, const verdict *v) {
  doc_node *m = doc_map(&t->d);
  doc_put(&t->d, m, "path", doc_str(&t->d, v->path));
  doc_put(&t->d, m, "result", doc_str(&t->d, outcome_words[v->outcome]));
  if (v->outcome == BAD_INPUT)
    doc_put(&t->d, m, "error", diagnostic_json(&t->d, &v->err));
  else
    doc_put(&t->d, m, "differences", v->list ? doc_copy(&t->d, v->list) : doc_seq(&t->d));
  if (v->change >= 0)
    doc_put(&t->d, m, "golden", doc_str(&t->d, golden_change_name((golden_change)v->change)));
  if (v->change_list) doc_put(&t->d, m, "golden_changes", doc_copy(&t->d, v->change_list));
  if (v->write_errno) doc_put(&t->d, m, "golden_error", doc_str(&t->d, file_strerror(v->write_errno)));
  doc_push(t->list, m);
}

static void report(const runner_opts *o, size_t number, const verdict *v, tally *t) {
  const int failed = v->outcome != PASSED;
  /* (bad input goes to stderr too, unless that is where the report goes:
   * a terminal shows it once) */
  if (v->outcome == BAD_INPUT && !o->stderr_is_stdout) fprintf(stderr, "%s\n", v->details);
  if (v->write_errno) err_say("wolves: cannot write %s: %s", v->golden, file_strerror(v->write_errno));
  t->passed += !failed;
  t->failed += failed;
  t->bad += v->outcome == BAD_INPUT || v->write_errno;
  if (v->change >= 0) t->changes[v->change]++;
  if (o->report == REPORT_JSON) record(t, v);
  if (o->junit)
    junit_case(&t->junit, v->path, v->seconds,
               v->outcome == PASSED   ? JUNIT_PASSED
               : v->outcome == FAILED ? JUNIT_FAILED
                                      : JUNIT_ERROR,
               v->details, v->list ? (int)v->list->count : 0);
  if (t->html) html_page_add(t->html, v->path, (int)v->outcome, v->details, v->html);
  if (o->report == REPORT_TAP) {
    printf("%s %zu - ", failed ? "not ok" : "ok", number);
    err_text(stdout, v->path, "#"); /* (TAP: '#' would start a directive, "# SKIP") */
    putchar('\n');
    if (v->outcome == BAD_INPUT)
      tap_yaml(v->details);
    else
      print_lines(v->details, "  # ");
  } else if (o->report == REPORT_TEXT && (failed || !o->quiet)) {
    color_word(stdout, t->color, failed ? COLOR_RED : COLOR_GREEN,
               !failed                ? "PASS"
               : v->outcome == FAILED ? "FAIL"
                                      : "ERROR");
    putchar(' ');
    err_path(stdout, v->path);
    putchar('\n');
    if (failed) print_lines(v->details, "  ");
  }
  if (o->report == REPORT_TEXT || o->report == REPORT_TAP) {
    if (o->bless && v->golden && v->outcome == FAILED) {
      fputs("  not blessed ", stdout);
      err_path(stdout, v->golden);
      fputs(" (expectations failed)\n", stdout);
    }
    if (v->change > GOLDEN_UNCHANGED || (v->change == GOLDEN_UNCHANGED && !o->quiet)) {
      printf("  %s ", golden_change_name((golden_change)v->change));
      err_path(stdout, v->golden);
      putchar('\n');
      print_lines(v->changes, o->report == REPORT_TAP ? "  #   " : "    ");
    }
  }
  fflush(stdout); /* keep verdicts and stderr diagnostics in order */
  fflush(stderr);
}

static void print_json(const runner_opts *o, tally *t, doc_node *pruned) {
  doc_node *root = doc_map(&t->d);
  strbuf sb = {0};
  doc_put(&t->d, root, "scenarios", t->list);
  doc_put(&t->d, root, "passed", doc_int(&t->d, t->passed));
  doc_put(&t->d, root, "failed", doc_int(&t->d, t->failed));
  if (o->bless) {
    doc_node *g = doc_map(&t->d);
    for (int c = GOLDEN_UNCHANGED; c <= GOLDEN_UPDATED; c++)
      doc_put(&t->d, g, golden_change_name((golden_change)c), doc_int(&t->d, t->changes[c]));
    doc_put(&t->d, root, "golden", g);
  }
  if (o->prune) doc_put(&t->d, root, "pruned", pruned);
  if (o->data_path) doc_put(&t->d, root, "data", doc_str(&t->d, o->data_path));
  if (o->edition) doc_put(&t->d, root, "edition", doc_str(&t->d, wolves_edition_name(o->edition)));
  json_write(&sb, root);
  fwrite(sb.buf, 1, sb.len, stdout);
  sb_free(&sb);
}

/* ---- orphan goldens (test) ---- */

/* The mirrored golden/ directory of the scenarios in directory dir (under
 * a "scenarios" directory), or NULL when their goldens are kept beside
 * them: there a JSON file may as well be a start state or a scenario, so
 * only golden/ trees, which hold nothing but goldens, are looked at. */
static char *golden_dir(const char *dir) {
  strbuf probe = {0};
  sb_printf(&probe, "%s%sx.yaml", dir, dir[0] && dir[strlen(dir) - 1] == '/' ? "" : "/");
  char *g = golden_path(probe.buf);
  *strrchr(g, '/') = '\0';
  *strrchr(probe.buf, '/') = '\0';
  if (strcmp(g, probe.buf) == 0) {
    free(g);
    g = NULL;
  }
  sb_free(&probe);
  return g;
}

/* The files the scenarios read or own that a golden/ tree may hold
 * (their goldens, their start files), by identity; the first scenario
 * whose start file cannot be known (it does not parse) in *unknown. */
typedef struct {
  file_id *ids;
  size_t n;
  const char *unknown;
} kept_files;

static void keep(kept_files *k, const char *path) {
  k->ids = xrealloc(k->ids, (k->n + 1) * sizeof *k->ids);
  file_id_get(&k->ids[k->n++], path);
}

static void kept_load(kept_files *k, const path_list *files) {
  scenario *sc = xmalloc(sizeof *sc);
  for (size_t i = 0; i < files->len; i++) {
    cli_err e = {0};
    char *golden = golden_path(files->paths[i]);
    if (golden) keep(k, golden);
    free(golden);
    if (scenario_load(sc, files->paths[i], &e) && !k->unknown &&
        (!sc->in.root || sc->in.root->kind != DOC_MAP))
      k->unknown = files->paths[i];
    if (sc->start_path) keep(k, sc->start_path);
    scenario_free(sc);
  }
  free(sc);
}

static int kept_has(const kept_files *k, const char *path) {
  file_id id;
  file_id_get(&id, path);
  int found = 0;
  for (size_t i = 0; i < k->n && !found; i++) found = file_id_same(&k->ids[i], &id);
  file_id_free(&id);
  return found;
}

/* Goldens in the golden/ trees of the directories test ran (its directory
 * operands) that belong to none of the scenarios found there: each is
 * warned about, or with --prune removed and listed (in pruned, for
 * --format json).  A file there that a scenario reads (its `start:`, by
 * any name) is no orphan; while a scenario does not parse (what it reads
 * is unknown) nothing is removed.  Returns 2 if one could not be removed,
 * or an entry there is neither a file nor a directory (reported), else 0. */
static int orphans(const path_list *files, const runner_opts *o, doc *d, doc_node *pruned) {
  static const char *const default_dir[] = {"scenarios"};
  const char *const *dirs = o->noperands ? (const char *const *)o->operands : default_dir;
  const int ndirs = o->noperands ? o->noperands : 1;
  char **owned = xmalloc((files->len + 1) * sizeof *owned);
  size_t nowned = 0;
  for (size_t i = 0; i < files->len; i++)
    if ((owned[nowned] = golden_path(files->paths[i])) != NULL) nowned++;
  qsort(owned, nowned, sizeof *owned, path_cmp);
  path_list found = {0};
  for (int k = 0; k < ndirs; k++)
    if (files_is_dir(dirs[k])) {
      char *g = golden_dir(dirs[k]);
      if (g) files_collect_json(g, &found); /* no golden directory: nothing to find */
      free(g);
    }
  if (found.len) qsort(found.paths, found.len, sizeof *found.paths, path_cmp);
  int rc = found.unreadable ? 2 : 0;
  kept_files kept = {NULL, 0, NULL};
  int loaded = 0;
  for (size_t i = 0; i < found.len; i++) {
    const char *path = found.paths[i];
    if ((i > 0 && strcmp(path, found.paths[i - 1]) == 0) ||
        bsearch(&path, owned, nowned, sizeof *owned, path_cmp))
      continue;
    if (!loaded) kept_load(&kept, files); /* (only when there is a candidate) */
    loaded = 1;
    if (kept_has(&kept, path)) continue;
    if (!o->prune) {
      err_say("wolves: warning: %s is a golden without a scenario (remove it with 'wolves test --prune')",
              path);
    } else if (kept.unknown) {
      err_say(
          "wolves: warning: %s is a golden without a scenario (not pruned: cannot tell whether %s reads it)",
          path, kept.unknown);
    } else if (unlink(path) != 0) {
      err_say("wolves: cannot remove %s: %s", path, strerror(errno));
      rc = 2;
    } else if (o->report == REPORT_JSON) {
      doc_push(pruned, doc_str(d, path));
    } else {
      FILE *out = o->report == REPORT_NONE ? stderr : stdout; /* (--junit -, --html -) */
      fprintf(out, "%spruned ", o->report == REPORT_TAP ? "# " : "");
      err_path(out, path);
      fputc('\n', out);
    }
  }
  for (size_t i = 0; i < kept.n; i++) file_id_free(&kept.ids[i]);
  free(kept.ids);
  for (size_t i = 0; i < nowned; i++) free(owned[i]);
  free(owned);
  paths_free(&found);
  return rc;
}

/* ---- what a run may write: never one of its inputs ---- */

/* Before anything is written: no output of the run (a golden it blesses,
 * the --junit or --html report) may name an input (a scenario, a start file, a
 * golden it compares with) or another output (a.yaml and a.yml share a
 * golden), by any path (io_refuse).  Every scenario is loaded once for its
 * start file.  0, or 2 after printing the error. */
static int outputs_clash(const path_list *files, const runner_opts *o) {
  io_files l = {0};
  scenario *sc = xmalloc(sizeof *sc);
  strbuf what = {0}, who = {0};
  for (size_t i = 0; i < files->len; i++) {
    const char *path = files->paths[i];
    cli_err e = {0};
    const int loaded = scenario_load_house(sc, path, o->data, o->edition, &e) == 0;
    scenario_inputs(&l, path, sc);
    char *golden = loaded && sc->golden ? golden_path(path) : NULL;
    what.len = who.len = 0;
    sb_printf(&what, "the golden file of %s", path);
    sb_printf(&who, "%s:1:1: error: its golden file %s", path, golden ? golden : "");
    if (golden && o->bless)
      io_output(&l, golden, who.buf, what.buf);
    else if (golden)
      io_input(&l, golden, what.buf);
    free(golden);
    scenario_free(sc);
  }
  free(sc);
  if (o->data_path) io_input(&l, o->data_path, "the --data file"); /* an input too */
  if (o->junit && strcmp(o->junit, "-") != 0) {
    who.len = 0;
    sb_printf(&who, "wolves: --junit %s", o->junit);
    io_output(&l, o->junit, who.buf, "the --junit report");
  }
  if (o->html && strcmp(o->html, "-") != 0) {
    who.len = 0;
    sb_printf(&who, "wolves: --html %s", o->html);
    io_output(&l, o->html, who.buf, "the --html report");
  }
  const int rc = io_refuse(&l);
  io_free(&l);
  sb_free(&what);
  sb_free(&who);
  return rc;
}

/* ---- running, in parallel when asked ---- */

typedef struct {
  const char **paths;
  verdict *v;
  size_t n, next;
  const runner_opts *o;
  pthread_mutex_t lock;
  pthread_cond_t done;
} pool;

static void *worker(void *arg) {
  pool *p = arg;
  for (;;) {
    pthread_mutex_lock(&p->lock);
    const size_t i = p->next < p->n ? p->next++ : p->n;
    pthread_mutex_unlock(&p->lock);
    if (i == p->n) return NULL;
    verdict v = {0};
    v.number = i + 1;
    judge(p->paths[i], p->o, &v);
    pthread_mutex_lock(&p->lock);
    v.done = 1;
    p->v[i] = v;
    pthread_cond_broadcast(&p->done);
    pthread_mutex_unlock(&p->lock);
  }
}

/* Verdict i, once some worker has written it. */
static verdict *wait_for(pool *p, size_t i) {
  pthread_mutex_lock(&p->lock);
  while (!p->v[i].done) pthread_cond_wait(&p->done, &p->lock);
  pthread_mutex_unlock(&p->lock);
  return &p->v[i];
}

int runner_run(const path_list *files, const runner_opts *o) {
  const double start = progress_clock();
  if ((o->bless || o->junit || o->html) && outputs_clash(files, o)) return 2;
  pool p = {NULL, NULL, 0, 0, o, PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER};
  p.paths = xmalloc((files->len + 1) * sizeof *p.paths);
  for (size_t i = 0; i < files->len; i++)
    if (o->of <= 1 || i % o->of == o->shard - 1) p.paths[p.n++] = files->paths[i];
  p.v = xmalloc((p.n + 1) * sizeof *p.v);
  memset(p.v, 0, (p.n + 1) * sizeof *p.v);

  /* With one job (or no thread to be had) the main thread judges each
   * scenario just before reporting it, so each verdict is printed as soon
   * as it is known; workers run ahead of the reporting otherwise. */
  unsigned nthreads = 0;
  pthread_t threads[MAX_JOBS];
  if (o->jobs > 1 && p.n > 1)
    while (nthreads < o->jobs && nthreads < p.n && pthread_create(&threads[nthreads], NULL, worker, &p) == 0)
      nthreads++;

  tally t = {0};
  doc_init(&t.d, "report");
  t.list = doc_seq(&t.d);
  t.color = o->color;
  if (o->html) t.html = html_page_new(o->cmd, o->operands, o->noperands, o->data_path);
  if (o->report == REPORT_TAP) printf("TAP version 13\n1..%zu\n", p.n);
  if (o->data_path && (o->report == REPORT_TAP || (o->report == REPORT_TEXT && !o->quiet))) {
    fputs(o->report == REPORT_TAP ? "# data: " : "data: ", stdout); /* the house rule the run is under */
    err_path(stdout, o->data_path);
    putchar('\n');
  }
  if (o->edition && (o->report == REPORT_TAP || (o->report == REPORT_TEXT && !o->quiet)))
    printf("%sedition: %s\n", o->report == REPORT_TAP ? "# " : "", wolves_edition_name(o->edition));
  fflush(stdout);
  for (size_t i = 0; i < p.n; i++) {
    if (o->progress) progress_count(i, p.n);
    verdict *v = &p.v[i];
    if (nthreads)
      v = wait_for(&p, i);
    else {
      v->number = i + 1;
      judge(p.paths[i], o, v);
    }
    if (o->progress) progress_count(p.n, p.n);
    report(o, i + 1, v, &t);
    free(v->details);
    free(v->golden);
    free(v->changes);
    doc_free(&v->diffs);
    if (v->change_list) doc_free(&v->change_doc);
  }
  for (unsigned k = 0; k < nthreads; k++) pthread_join(threads[k], NULL);

  doc_node *pruned = doc_seq(&t.d);
  const int orphan_rc = o->orphans ? orphans(files, o, &t.d, pruned) : 0;
  if (o->report == REPORT_JSON) {
    print_json(o, &t, pruned);
  } else if (o->report != REPORT_NONE) {
    if (o->bless)
      printf("golden: %d created, %d updated, %d unchanged\n", t.changes[GOLDEN_CREATED],
             t.changes[GOLDEN_UPDATED], t.changes[GOLDEN_UNCHANGED]);
    if (o->summary) {
      if (o->report == REPORT_TAP) fputs("# ", stdout);
      printf("scenarios: %d passed, %d failed\n", t.passed, t.failed);
    }
  }
  t.seconds = progress_clock() - start;
  const junit_counts counts = {t.passed, t.failed - t.bad, t.bad, 0};
  if (o->junit && junit_write(o->junit, "scenarios", &counts, t.seconds, o->data_path, t.junit.buf)) t.bad++;
  if (t.html && html_page_write(t.html, o->html)) t.bad++;
  doc_free(&t.d);
  sb_free(&t.junit);
  free(p.v);
  free(p.paths);
  return t.bad || orphan_rc ? 2 : t.failed ? 1 : 0;
}

int runner_parse(runner_opts *o, const char *jobs, const char *shard) {
  uint64_t v;
  o->jobs = 1;
  if (jobs) {
    if (number_option(jobs, 1, MAX_JOBS, &v))
      return usage_error(o->cmd, "--jobs is a number from 1 to 64, not '%s'", jobs);
    o->jobs = (unsigned)v;
  }
  return shard_option(o->cmd, shard, &o->shard, &o->of);
}
