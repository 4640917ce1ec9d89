/* runner.c - see runner.h.  Each scenario is judged into a verdict (no
 * output), then verdicts are reported strictly in the order of the files,
 * so the output is byte-identical whatever --jobs is.  With jobs > 1,
 * worker threads take the next scenario from a shared counter; the main
 * thread prints each verdict as soon as every earlier one is printed. */
#include "runner.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "doc.h"
#include "expect.h"
#include "golden.h"
#include "json.h"
#include "scenario.h"

#define DIFF_LINES 20
#define MAX_JOBS 64

typedef enum { PASSED, FAILED, BAD_INPUT } outcome;

/* What became of one scenario. */
typedef struct {
  const char *path;
  outcome outcome;
  char *details;   /* differences, one per line; the error line for bad input */
  char *golden;    /* the golden's path when blessing, else NULL */
  int change;      /* golden_change, or -1: not written */
  int write_errno; /* nonzero: the golden could not be written */
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

/* A scenario's golden is blessed only when everything else it expects holds:
 * blessing a failing scenario would make a wrong result the claim. */
static void judge(const char *path, const runner_opts *o, verdict *v) {
  scenario *sc = xmalloc(sizeof *sc);
  cli_err e = {0};
  v->path = path;
  v->change = -1;
  if (scenario_load(sc, path, &e)) {
    v->outcome = BAD_INPUT;
    v->details = error_line(&e);
    scenario_close(sc);
    return;
  }
  scenario_run(sc, 0);
  char *golden = sc->golden ? golden_path(path) : NULL;
  diff_report r = {{0}, 0, DIFF_LINES, 0};
  const int failures = expect_check(sc, o->bless ? NULL : golden, &r);
  diff_finish(&r);
  v->outcome = failures ? FAILED : PASSED;
  v->details = r.out.buf ? r.out.buf : copy("");
  if (o->bless && golden && !failures) {
    golden_change change;
    if (golden_write(golden, sc->json.buf, sc->json.len, &change))
      v->write_errno = errno ? errno : EIO;
    else
      v->change = (int)change;
  }
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
  doc d;          /* --format json and --junit: the verdicts as a document */
  doc_node *list;
} tally;

/* Each line of text, indented under its PASS/FAIL (or TAP) line. */
static void print_lines(const char *text, const char *indent) {
  for (const char *p = text; p && *p;) {
    const char *nl = strchr(p, '\n');
    const int n = nl ? (int)(nl - p) : (int)strlen(p);
    printf("%s%.*s\n", indent, n, p);
    p += n + (nl ? 1 : 0);
  }
}

static doc_node *lines_seq(doc *d, const char *text) {
  doc_node *seq = doc_seq(d);
  for (const char *p = text; p && *p;) {
    const char *nl = strchr(p, '\n');
    const size_t n = nl ? (size_t)(nl - p) : strlen(p);
    doc_node *line = doc_str(d, "");
    line->str = doc_strdup(d, p, n);
    line->len = n;
    doc_push(seq, line);
    p += n + (nl ? 1 : 0);
  }
  return seq;
}

static void record(tally *t, const verdict *v) {
  doc_node *m = doc_map(&t->d);
  doc_put(&t->d, m, "path", doc_str(&t->d, v->path));
  doc_put(&t->d, m, "result", doc_str(&t->d, outcome_words[v->outcome]));
  if (v->outcome == BAD_INPUT)
    doc_put(&t->d, m, "error", doc_str(&t->d, v->details));
  else
    doc_put(&t->d, m, "differences", lines_seq(&t->d, v->details));
  if (v->change >= 0)
    doc_put(&t->d, m, "golden", doc_str(&t->d, golden_change_name((golden_change)v->change)));
  if (v->write_errno) doc_put(&t->d, m, "golden_error", doc_str(&t->d, strerror(v->write_errno)));
  doc_push(t->list, m);
}

static void report(const runner_opts *o, size_t number, const verdict *v, tally *t) {
  const int failed = v->outcome != PASSED;
  if (v->outcome == BAD_INPUT) fprintf(stderr, "%s\n", v->details);
  if (v->write_errno) err_say("wolves: cannot write %s: %s", v->golden, strerror(v->write_errno));
  t->passed += !failed;
  t->failed += failed;
  t->bad += v->outcome == BAD_INPUT || v->write_errno;
  if (v->change >= 0) t->changes[v->change]++;
  if (o->report == REPORT_JSON || o->junit) record(t, v);
  if (o->report == REPORT_TAP) {
    printf("%s %zu - %s\n", failed ? "not ok" : "ok", number, v->path);
    print_lines(v->outcome == BAD_INPUT ? "bad input (see stderr)" : v->details, "  # ");
  } else if (o->report == REPORT_TEXT) {
    if (v->outcome == FAILED) { /* bad input: its one error line on stderr says it all */
      printf("FAIL %s\n", v->path);
      print_lines(v->details, "  ");
    } else if (v->outcome == PASSED && !o->quiet) {
      printf("PASS %s\n", v->path);
    }
  }
  if (o->report != REPORT_JSON) {
    if (o->bless && v->golden && v->outcome == FAILED)
      printf("  not blessed %s (expectations failed)\n", v->golden);
    if (v->change > GOLDEN_UNCHANGED || (v->change == GOLDEN_UNCHANGED && !o->quiet))
      printf("  %s %s\n", golden_change_name((golden_change)v->change), v->golden);
  }
  fflush(stdout); /* keep verdicts and stderr diagnostics in order */
  fflush(stderr);
}

static void print_json(const runner_opts *o, tally *t) {
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
  json_write(&sb, root);
  fwrite(sb.buf, 1, sb.len, stdout);
  sb_free(&sb);
}

/* ---- JUnit XML ---- */

/* Text as XML character data or attribute value: the five escapes, and
 * the control characters XML 1.0 cannot hold as '?'. */
static void xml_text(strbuf *sb, const char *s) {
  for (; *s; s++) {
    const unsigned char c = (unsigned char)*s;
    if (c == '&')
      sb_puts(sb, "&amp;");
    else if (c == '<')
      sb_puts(sb, "&lt;");
    else if (c == '>')
      sb_puts(sb, "&gt;");
    else if (c == '"')
      sb_puts(sb, "&quot;");
    else if (c == '\'')
      sb_puts(sb, "&apos;");
    else if (c < 0x20 && c != '\t' && c != '\n' && c != '\r')
      sb_putc(sb, '?');
    else
      sb_putc(sb, (char)c);
  }
}

/* scenarios/move/a.yaml: classname "scenarios.move", name "a.yaml", as CI
 * systems group test cases by class. */
static void junit_case(strbuf *sb, const doc_node *v) {
  const char *path = doc_get(v, "path")->str, *slash = strrchr(path, '/'), *dir = path;
  const char *result = doc_get(v, "result")->str;
  const doc_node *error = doc_get(v, "error"), *diffs = doc_get(v, "differences");
  strbuf cls = {0};
  while (*dir == '/') dir++;
  sb_putn(&cls, dir, slash && slash > dir ? (size_t)(slash - dir) : 0);
  for (char *p = cls.buf; p && *p; p++)
    if (*p == '/') *p = '.';
  sb_puts(sb, "    <testcase classname=\"");
  xml_text(sb, cls.buf ? cls.buf : "");
  sb_puts(sb, "\" name=\"");
  xml_text(sb, slash ? slash + 1 : path);
  sb_puts(sb, "\" file=\"");
  xml_text(sb, path);
  sb_free(&cls);
  if (strcmp(result, "pass") == 0) {
    sb_puts(sb, "\"/>\n");
    return;
  }
  if (error) {
    sb_puts(sb, "\">\n      <error message=\"");
    xml_text(sb, error->str);
    sb_puts(sb, "\" type=\"bad input\"/>\n    </testcase>\n");
    return;
  }
  sb_printf(sb, "\">\n      <failure message=\"%zu difference%s\" type=\"mismatch\">", diffs->count,
            diffs->count == 1 ? "" : "s");
  for (const doc_node *l = diffs->first; l; l = l->next) {
    xml_text(sb, l->str);
    sb_putc(sb, '\n');
  }
  sb_puts(sb, "</failure>\n    </testcase>\n");
}

/* Writes the report atomically (a CI system never reads half of it). */
static int write_junit(const char *path, const tally *t) {
  strbuf sb = {0};
  const int errors = t->bad, failures = t->failed - t->bad, tests = t->passed + t->failed;
  sb_puts(&sb, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
  sb_printf(&sb, "<testsuites name=\"wolves\" tests=\"%d\" failures=\"%d\" errors=\"%d\">\n", tests, failures,
            errors);
  sb_printf(&sb, "  <testsuite name=\"scenarios\" tests=\"%d\" failures=\"%d\" errors=\"%d\">\n", tests,
            failures, errors);
  for (const doc_node *v = t->list->first; v; v = v->next) junit_case(&sb, v);
  sb_puts(&sb, "  </testsuite>\n</testsuites>\n");
  const int rc = golden_save(path, sb.buf, sb.len, NULL, 0);
  sb_free(&sb);
  return rc;
}

/* ---- what a run may write: never one of its inputs ---- */

typedef enum { ROLE_SCENARIO, ROLE_START, ROLE_GOLDEN, ROLE_JUNIT } file_role;

typedef struct {
  char *canon, *path; /* path: as the user sees it */
  const char *owner;  /* the scenario it belongs to */
  file_role role;
} named_file;

static int cmp_named(const void *a, const void *b) {
  const named_file *x = a, *y = b;
  const int c = strcmp(x->canon, y->canon);
  return c ? c : (int)x->role - (int)y->role;
}

static void add_named(named_file **l, size_t *n, const char *path, const char *owner, file_role role) {
  *l = xrealloc(*l, (*n + 1) * sizeof **l);
  (*l)[(*n)++] = (named_file){path_canonical(path), copy(path), owner, role};
}

/* "the scenario a.yaml", "the start file of a.yaml", ... */
static void describe(char *out, size_t size, const named_file *f) {
  static const char *const what[] = {"the scenario %s", "the start file of %s", "the golden file of %s",
                                     "the --junit report%s"};
  snprintf(out, size, what[f->role], f->role == ROLE_JUNIT ? "" : f->owner);
}

/* Before anything is written: with --bless, no golden may be an input of
 * the run (a scenario, a start file) or the golden of two scenarios
 * (a.yaml and a.yml); no --junit report may be either.  Every scenario is
 * loaded once for its start file.  0, or 2 after printing the error. */
static int outputs_clash(const path_list *files, const runner_opts *o) {
  named_file *l = NULL;
  size_t n = 0;
  scenario *sc = xmalloc(sizeof *sc);
  for (size_t i = 0; i < files->len; i++) {
    const char *path = files->paths[i];
    cli_err e = {0};
    add_named(&l, &n, path, path, ROLE_SCENARIO);
    const int loaded = scenario_load(sc, path, &e) == 0;
    /* (a start file that is not there yet is an input all the same) */
    if (sc->start_path) add_named(&l, &n, sc->start_path, path, ROLE_START);
    char *golden = loaded && o->bless && sc->golden ? golden_path(path) : NULL;
    if (golden) add_named(&l, &n, golden, path, ROLE_GOLDEN);
    free(golden);
    scenario_free(sc);
  }
  free(sc);
  if (o->junit) add_named(&l, &n, o->junit, "", ROLE_JUNIT);
  qsort(l, n, sizeof *l, cmp_named);
  int rc = 0;
  for (size_t i = 1; i < n && rc == 0; i++) {
    const named_file *a = &l[i - 1], *b = &l[i];
    if (strcmp(a->canon, b->canon) != 0 || b->role < ROLE_GOLDEN) continue;
    char was[1200];
    describe(was, sizeof was, a);
    if (b->role == ROLE_JUNIT)
      err_say("wolves: --junit %s would overwrite %s", b->path, was);
    else
      err_say("%s:1:1: error: its golden file %s would overwrite %s", b->owner, b->path, was);
    rc = 2;
  }
  for (size_t i = 0; i < n; i++) {
    free(l[i].canon);
    free(l[i].path);
  }
  free(l);
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
  if ((o->bless || o->junit) && outputs_clash(files, o)) return 2;
  pool p = {NULL, NULL, 0, 0, o, PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER};
  p.paths = xmalloc((files->len + 1) * sizeof *p.paths);
  for (size_t i = 0; i < files->len; i++)
    if (o->of <= 1 || i % o->of == o->shard - 1) p.paths[p.n++] = files->paths[i];
  p.v = xmalloc((p.n + 1) * sizeof *p.v);
  memset(p.v, 0, (p.n + 1) * sizeof *p.v);

  unsigned nthreads = o->jobs > p.n ? (unsigned)p.n : o->jobs;
  pthread_t threads[MAX_JOBS];
  if (nthreads > 1)
    for (unsigned k = 0; k < nthreads; k++)
      if (pthread_create(&threads[k], NULL, worker, &p) != 0) {
        nthreads = k; /* run with the threads there are; the main thread helps below */
        break;
      }
  if (nthreads <= 1) {
    nthreads = 0;
    worker(&p);
  }

  tally t = {0, 0, 0, {0, 0, 0}, {0}, NULL};
  doc_init(&t.d, "report");
  t.list = doc_seq(&t.d);
  if (o->report == REPORT_TAP) printf("TAP version 13\n1..%zu\n", p.n);
  for (size_t i = 0; i < p.n; i++) {
    verdict *v = wait_for(&p, i);
    report(o, i + 1, v, &t);
    free(v->details);
    free(v->golden);
  }
  for (unsigned k = 0; k < nthreads; k++) pthread_join(threads[k], NULL);

  if (o->report == REPORT_JSON) {
    print_json(o, &t);
  } else {
    if (o->bless)
      printf("golden: %d created, %d updated, %d unchanged\n", t.changes[GOLDEN_CREATED],
             t.changes[GOLDEN_UPDATED], t.changes[GOLDEN_UNCHANGED]);
    if (o->summary)
      printf("%sscenarios: %d passed, %d failed\n", o->report == REPORT_TAP ? "# " : "", t.passed, t.failed);
  }
  if (o->junit && write_junit(o->junit, &t)) t.bad++;
  doc_free(&t.d);
  free(p.v);
  free(p.paths);
  return t.bad ? 2 : t.failed ? 1 : 0;
}

int runner_parse(runner_opts *o, const char *jobs, const char *shard) {
  uint64_t v;
  o->jobs = 1;
  o->shard = o->of = 1;
  if (jobs) {
    if (number_option(jobs, 1, MAX_JOBS, &v))
      return usage_error(o->cmd, "--jobs is a number from 1 to 64, not '%s'", jobs);
    o->jobs = (unsigned)v;
  }
  if (shard) {
    const char *slash = strchr(shard, '/');
    char first[24];
    uint64_t of;
    const size_t n = slash ? (size_t)(slash - shard) : 0;
    if (slash == NULL || n == 0 || n >= sizeof first)
      return usage_error(o->cmd, "--shard is I/N (for example 2/4), not '%s'", shard);
    memcpy(first, shard, n);
    first[n] = '\0';
    if (number_option(slash + 1, 1, 1000000, &of) || number_option(first, 1, of, &v))
      return usage_error(o->cmd, "--shard is I/N with 1 <= I <= N, not '%s'", shard);
    o->shard = (unsigned)v;
    o->of = (unsigned)of;
  }
  return 0;
}
