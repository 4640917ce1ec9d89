/* merge.c - `wolves conform --merge REPORT...`: the JSON reports of the
 * shards of one run (--shard I/N --format json), on as many machines, as
 * the report of the run: its cases in the order one run checks them, the
 * tallies summed, known differences judged again (--known) on the whole;
 * printed in any of the run's formats.  The report of a shard says which
 * it is, so that the merge can put its cases back in place and refuse
 * the reports of another engine, another run or another wolves. */
#include "conform/checker.h"
#include "conform/conform.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/err.h"
#include "base/input.h"
#include "doc.h"
#include "json.h"
#include "protocol/engine_client.h"
#include "strbuf.h"
#include "wolves.h"

/* ---- the shard, in its report ---- */

/* The cases of slice `shard` of `of` among n (run.c takes I, I+N, ...). */
static unsigned long long slice(unsigned long long n, unsigned shard, unsigned of) {
  return n >= shard ? (n - shard) / of + 1 : 0;
}

void shard_put(const conform *c, doc *d, doc_node *root) {
  if (c->of <= 1) return;
  doc_node *shard = doc_map(d), *run = doc_map(d), *readings = doc_seq(d);
  doc_put(d, shard, "index", doc_int(d, c->shard));
  doc_put(d, shard, "of", doc_int(d, c->of));
  doc_put(d, shard, "scenarios", doc_int(d, (long long)slice(c->nfiles, c->shard, c->of)));
  doc_put(d, shard, "games", doc_int(d, (long long)slice(c->games, c->shard, c->of)));
  doc_put(d, shard, "wolves", doc_str(d, wolves_version()));
  /* what decides the cases and their results besides the engine */
  doc_put(d, run, "scenarios", doc_int(d, (long long)c->nfiles));
  doc_put(d, run, "games", doc_int(d, (long long)c->games));
  doc_put(d, run, "seed", doc_int(d, (long long)c->seed));
  doc_put(d, run, "players", doc_int(d, c->players));
  for (int p = 0; p < WOLVES_READINGS; p++)
    if (c->reading_set[p]) {
      const wolves_reading *r = wolves_reading_at(p);
      strbuf sb = {0};
      sb_printf(&sb, "%s=%s", clause_id(r->clause), r->choice[c->reading[p]].name);
      doc_push(readings, doc_str(d, sb.buf));
      sb_free(&sb);
    }
  readings->layout = run->layout = DOC_INLINE;
  doc_put(d, run, "readings", readings);
  if (c->keep_going) doc_put(d, run, "keep_going", doc_bool(d, 1));
  doc_put(d, shard, "run", run);
  doc_put(d, root, "shard", shard);
}

int merge_options(const conform *c, const char *const *values) {
  if (c->keep_going) /* (how far the cases went is the run's: its reports say it) */
    return usage_error("conform", "%s", "--keep-going is for a run: --merge reads the reports of runs");
  static const struct {
    int slot;
    const char *name;
  } run_only[] = {{CONFORM_ENGINE, "--engine"}, {CONFORM_TIMEOUT, "--timeout"}, {CONFORM_SHARD, "--shard"},
                  {CONFORM_OUT, "--out"},       {CONFORM_READING, "--reading"}, {CONFORM_GAMES, "--games"},
                  {CONFORM_SEED, "--seed"},     {CONFORM_PLAYERS, "--players"}};
  for (size_t i = 0; i < sizeof run_only / sizeof *run_only; i++)
    if (values[run_only[i].slot])
      return usage_error("conform", "%s is for a run: --merge reads the reports of runs", run_only[i].name);
  return 0;
}

/* ---- reading the reports ---- */

typedef struct {
  const char *path;
  char *text;
  doc d;
  const doc_node *root, *cases;
  unsigned index, of;
  unsigned long long scenarios, games; /* its cases of each */
  const doc_node *case_at;             /* the next case to take */
  unsigned long long taken;
} report;

/* A collection written on one line stays on one line, one written over
 * several lines stays so: the layout json_write gave it (merged cases
 * are written as they were).  The last line n reaches. */
static int relayout(doc_node *n) {
  int last = n->line;
  for (doc_node *k = n->first; k; k = k->next) {
    const int l = relayout(k);
    if (l > last) last = l;
  }
  if (n->kind == DOC_SEQ || n->kind == DOC_MAP) n->layout = last == n->line ? DOC_INLINE : DOC_BLOCK;
  return last;
}

/* n is of kind k (for a number, at least 0): 0, else -1 with e set. */
static int need(cli_err *e, const doc_node *n, const doc_node *in, const char *key, doc_kind k) {
  if (n && n->kind == k && (k != DOC_INT || n->num >= 0)) return 0;
  if (n == NULL) return err_at(e, in, "not a report of wolves conform --format json: no '%s'", key);
  return err_at(e, n, "not a report of wolves conform --format json: '%s' is not %s", key,
                k == DOC_INT   ? "a number"
                : k == DOC_STR ? "a string"
                : k == DOC_SEQ ? "a list"
                               : "an object");
}

static const doc_node *field(cli_err *e, const doc_node *m, const char *key, doc_kind k) {
  const doc_node *n = doc_get(m, key);
  return need(e, n, m, key, k) ? NULL : n;
}

/* The fields of case k that merge_case reads back, of their kinds: 0, or
 * -1 with e set. */
static int read_case_fields(cli_err *e, const doc_node *cases, const doc_node *k) {
  if (need(e, k, cases, "cases", DOC_MAP) || !field(e, k, "name", DOC_STR) ||
      !field(e, k, "result", DOC_STR) || !field(e, k, "compared", DOC_INT) ||
      !field(e, k, "disagreements", DOC_SEQ) || !field(e, k, "skipped", DOC_INT))
    return -1;
  const doc_node *unsupported = field(e, k, "unsupported", DOC_SEQ);
  if (unsupported == NULL) return -1;
  for (const doc_node *u = unsupported->first; u; u = u->next)
    if (need(e, u, unsupported, "unsupported", DOC_MAP) || !field(e, u, "request", DOC_STR) ||
        !field(e, u, "action", DOC_INT) || !field(e, u, "reason", DOC_STR) || !field(e, u, "count", DOC_INT))
      return -1;
  const doc_node *stopped = doc_get(k, "stopped"); /* (how far it went: --keep-going, or stopped) */
  if (stopped == NULL) return 0;
  if (stopped->kind != DOC_NULL && need(e, stopped, k, "stopped", DOC_STR)) return -1;
  return !field(e, k, "actions", DOC_INT) || !field(e, k, "reached", DOC_INT) ||
                 !field(e, k, "stopped_after", DOC_BOOL)
             ? -1
             : 0;
}

/* Reads the report at r->path: 0, or -1 with e set. */
static int read_report(report *r, cli_err *e) {
  size_t len = 0;
  doc_init(&r->d, r->path);
  if (file_read(r->path, &r->text, &len, e) || json_parse(&r->d, r->text, len, e)) return -1;
  r->root = r->d.root;
  if (r->root->kind != DOC_MAP)
    return err_at(e, r->root, "not a report of wolves conform --format json (an object)");
  (void)relayout(r->d.root);
  const doc_node *shard = doc_get(r->root, "shard");
  r->cases = field(e, r->root, "cases", DOC_SEQ);
  if (!r->cases || !field(e, r->root, "engine", DOC_MAP) || !field(e, r->root, "clauses", DOC_SEQ)) return -1;
  r->index = r->of = 1;
  r->scenarios = r->cases->count;
  r->games = 0;
  if (shard) {
    const doc_node *index = field(e, shard, "index", DOC_INT),
                   *of = index ? field(e, shard, "of", DOC_INT) : NULL;
    const doc_node *sc = of ? field(e, shard, "scenarios", DOC_INT) : NULL;
    const doc_node *games = sc ? field(e, shard, "games", DOC_INT) : NULL;
    if (!games) return -1;
    if (index->num < 1 || index->num > of->num || of->num > 1000000)
      return err_at(e, index, "not a shard: %lld of %lld", index->num, of->num);
    if ((unsigned long long)sc->num + (unsigned long long)games->num != r->cases->count)
      return err_at(e, r->cases, "the shard has %zu cases, not its %lld scenarios and %lld games",
                    r->cases->count, sc->num, games->num);
    r->index = (unsigned)index->num;
    r->of = (unsigned)of->num;
    r->scenarios = (unsigned long long)sc->num;
    r->games = (unsigned long long)games->num;
  }
  for (const doc_node *k = r->cases->first; k; k = k->next)
    if (read_case_fields(e, r->cases, k)) return -1;
  r->case_at = r->cases->first;
  return 0;
}

/* The first difference between a and b (the same shape expected): its
 * path and both values, into sb; 0 when they are equal. */
static int first_difference(strbuf *sb, const char *path, const doc_node *a, const doc_node *b) {
  if (a == NULL ? b == NULL : b && doc_equal(a, b)) return 0;
  if (a && b && a->kind == DOC_MAP && b->kind == DOC_MAP)
    for (const doc_node *k = a->first; k; k = k->next) {
      strbuf sub = {0};
      sb_printf(&sub, "%s.%s", path, k->key);
      const int differ = first_difference(sb, sub.buf, k, doc_get(b, k->key));
      sb_free(&sub);
      if (differ) return 1;
    }
  sb_printf(sb, "%s: ", path);
  if (b) json_inline(sb, b, 80);
  sb_puts(sb, b ? ", not " : "none, not ");
  if (a) json_inline(sb, a, 80);
  if (!a) sb_puts(sb, "none");
  return 1;
}

/* The reports are of one run's shards, each once: 0, or 2 after saying
 * why. */
static int check_shards(const report *r, size_t n) {
  const unsigned of = r[0].of;
  for (size_t i = 0; i < n; i++) {
    strbuf why = {0};
    int bad = 0;
    if (r[i].of != of) {
      sb_printf(&why, "a shard of %u, not of %u as %s", r[i].of, of, r[0].path);
      bad = 1;
    }
    for (size_t j = 0; j < i && !bad; j++)
      if (r[j].index == r[i].index) {
        sb_printf(&why, "shard %u/%u again (%s is)", r[i].index, of, r[j].path);
        bad = 1;
      }
    /* (the engine's command may differ, as paths do from one machine to
     * another: the engine is what it says it is) */
    static const char *const same[] = {"engine.name",         "engine.version", "engine.capabilities",
                                       "engine.state_fields", "shard.wolves",   "shard.run"};
    for (size_t k = 0; k < sizeof same / sizeof *same && !bad && i; k++) {
      sb_printf(&why, "of another run than %s (", r[0].path);
      bad = first_difference(&why, same[k], doc_path(r[0].root, same[k]), doc_path(r[i].root, same[k]));
      sb_putc(&why, ')');
      if (!bad) why.len = 0;
    }
    if (bad) err_say("wolves: --merge: %s: %s", r[i].path, why.buf);
    sb_free(&why);
    if (bad) return 2;
  }
  for (unsigned k = 1; k <= of; k++) {
    size_t i = 0;
    while (i < n && r[i].index != k) i++;
    if (i == n) {
      err_say("wolves: --merge: no report of shard %u/%u", k, of);
      return 2;
    }
  }
  return 0;
}

/* ---- the run's report, again ---- */

/* A disagreement's object copied into c's report, judged again against
 * --known: "known" and "new" where disagree() puts them (after its
 * clauses, checks and readings); *judged. */
static doc_node *rejudge(conform *c, conform_case *cs, const doc_node *x, int *judged, strbuf *fresh) {
  doc *d = &c->d;
  const doc_node *kind = doc_get(x, "kind");
  *judged = known_judge(c, cs->name, kind && kind->kind == DOC_STR ? kind->str : "", doc_get(x, "clauses"),
                        doc_get(x, "readings"), fresh);
  const char *anchor = NULL;
  for (const doc_node *k = x->first; k; k = k->next)
    if (strcmp(k->key, "clauses") == 0 || strcmp(k->key, "checked") == 0 || strcmp(k->key, "readings") == 0)
      anchor = k->key;
  doc_node *m = doc_map(d);
  m->layout = x->layout;
  for (const doc_node *k = x->first; k; k = k->next) {
    if (strcmp(k->key, "known") == 0 || strcmp(k->key, "new") == 0) continue;
    doc_put(d, m, k->key, doc_copy(d, k));
    if (anchor && strcmp(k->key, anchor) == 0) known_put(d, m, *judged, fresh->buf);
  }
  if (!anchor) known_put(d, m, *judged, fresh->buf);
  return m;
}

/* A disagreement as the case's text shows it, from its object: the lines
 * disagree() writes, but for the differences, which are given by path. */
static void render(strbuf *sb, const doc_node *x, int judged, const char *fresh) {
  const doc_node *kind = doc_get(x, "kind"), *number = doc_get(x, "action"), *act = doc_get(x, "act"),
                 *probe = doc_get(x, "near_miss"), *pos = doc_get(x, "position"),
                 *wolves = doc_get(x, "wolves"), *engine = doc_get(x, "engine"),
                 *differences = doc_get(x, "differences"), *file = doc_get(x, "reproducer");
  const char *k = kind && kind->kind == DOC_STR ? kind->str : "?";
  sb_puts(sb, judged < 0 ? "" : judged ? "[known] " : "[new] ");
  if (strcmp(k, "load") == 0) {
    sb_puts(sb, "load: the engine refused the start position: ");
    if (engine && engine->kind == DOC_STR) err_escape(sb, engine->str, strlen(engine->str), NULL);
    engine = NULL;
  } else {
    sb_printf(sb, "%s %s action %lld", k, act ? "at" : "after", number ? number->num : 0);
  }
  if (act) {
    sb_puts(sb, ": ");
    yaml_flow(sb, act);
  }
  if (probe && probe->kind == DOC_STR) sb_printf(sb, " (a near miss: %s)", probe->str);
  sb_putc(sb, '\n');
  const doc_node *turn = doc_get(pos, "turn"), *phase = doc_get(pos, "phase"),
                 *current = doc_get(pos, "current"), *taken = doc_get(pos, "actions_taken");
  if (turn && current && current->kind == DOC_STR) { /* (a load's: the turn and who acts) */
    sb_printf(sb, "  position: turn %lld, ", turn->num);
    if (phase && phase->kind == DOC_STR) sb_printf(sb, "%s, ", phase->str);
    sb_printf(sb, "%s to act", current->str);
    if (taken) sb_printf(sb, ", %lld action%s taken", taken->num, taken->num == 1 ? "" : "s");
    sb_putc(sb, '\n');
  }
  if (wolves && engine && wolves->kind == DOC_STR && engine->kind == DOC_STR) {
    sb_printf(sb, "  wolves: %s; engine: ", wolves->str);
    err_escape(sb, engine->str, strlen(engine->str), NULL);
    sb_putc(sb, '\n');
  }
  int shown = 0;
  for (const doc_node *e = differences ? differences->first : NULL; e; e = e->next) {
    if (shown++ == DIFF_LINES) {
      const size_t more = differences->count - DIFF_LINES;
      sb_printf(sb, "  ... and %zu more difference%s\n", more, more == 1 ? "" : "s");
      break;
    }
    /* (as scenario/diff.c words them) */
    const doc_node *path = doc_get(e, "path"), *how = doc_get(e, "kind"), *want = doc_get(e, "expected"),
                   *got = doc_get(e, "got");
    const char *at = path && path->kind == DOC_STR ? path->str : "?",
               *change = how && how->kind == DOC_STR ? how->str : "changed";
    if (strcmp(change, "missing") == 0) {
      sb_printf(sb, "  %s: missing\n", at);
      continue;
    }
    if (strcmp(change, "inserted") == 0 || strcmp(change, "deleted") == 0)
      sb_printf(sb, "  %s at %s: ", change, at);
    else if (strcmp(change, "unexpected") == 0)
      sb_printf(sb, "  %s: unexpected, got ", at);
    else {
      sb_printf(sb, "  %s: expected ", at);
      json_inline(sb, want, 120);
      sb_puts(sb, ", got ");
    }
    json_inline(sb, strcmp(change, "deleted") == 0 ? want : got, 120);
    sb_putc(sb, '\n');
  }
  static const char *const lists[][2] = {{"clauses", "clauses"}, {"checked", "checked by wolves"}};
  for (size_t i = 0; i < 2; i++) {
    const doc_node *list = doc_get(x, lists[i][0]);
    if (list == NULL || list->count == 0) continue;
    sb_printf(sb, "  %s:", lists[i][1]);
    for (const doc_node *n = list->first; n; n = n->next)
      sb_printf(sb, " %s", n->kind == DOC_STR ? n->str : "?");
    sb_putc(sb, '\n');
  }
  if (judged == 0) sb_printf(sb, "  new: %s\n", fresh);
  if (file && file->kind == DOC_STR) {
    sb_puts(sb, "  reproducer: ");
    err_escape(sb, file->str, strlen(file->str), NULL);
    sb_putc(sb, '\n');
  }
}

/* One case of a report, reported as the run reported it. */
static void merge_case(conform *c, size_t number, const doc_node *k) {
  static const char *const words[] = {"agree", "disagree", "skip", "error"};
  const doc_node *result = doc_get(k, "result"), *list = doc_get(k, "disagreements");
  conform_case cs = {.name = doc_get(k, "name")->str, .result = BAD, .list = doc_seq(&c->d)};
  for (int r = AGREE; r <= BAD; r++)
    if (strcmp(result->str, words[r]) == 0) cs.result = (case_result)r;
  cs.compared = (unsigned long)doc_get(k, "compared")->num;
  /* what was skipped, how far it went (the summary's unsupported cases
   * are the reports' sum: add_tallies) */
  const doc_node *unsupported = doc_get(k, "unsupported"), *stopped = doc_get(k, "stopped");
  cs.skips = (unsigned long)doc_get(k, "skipped")->num;
  if (unsupported->count) cs.skip_list = doc_copy(&c->d, unsupported);
  if (stopped) {
    cs.length = (unsigned)doc_get(k, "actions")->num;
    if (stopped->kind == DOC_STR) {
      cs.stopped = doc_str(&c->d, stopped->str)->str;
      cs.stop_at = (unsigned)doc_get(k, "reached")->num;
      cs.stop_after = doc_get(k, "stopped_after")->num != 0;
    }
  }
  const doc_node *why = doc_get(k, cs.result == SKIP ? "reason" : "error");
  if ((cs.result == SKIP || cs.result == BAD) && why && why->kind == DOC_STR) sb_puts(&cs.text, why->str);
  for (const doc_node *x = list->first; x; x = x->next) {
    if (x->kind != DOC_MAP) continue;
    strbuf fresh = {0};
    int judged = -1;
    doc_push(cs.list, rejudge(c, &cs, x, &judged, &fresh));
    cs.fresh += judged == 0;
    render(&cs.text, x, judged, fresh.buf);
    sb_free(&fresh);
  }
  if (cs.list->count == 0) cs.list = NULL;
  report_case(c, number, &cs);
  sb_free(&cs.text);
}

/* The run's tallies from a report: per clause (refused-without-clause
 * too: index 0 of each), the checks, skips, actions and near misses, the
 * cases skipped as unsupported.  (The cases that went to the end and
 * stopped are counted again as report_case reports them.) */
static int add_tallies(conform *c, const report *r, cli_err *e) {
  static const char *const columns[] = {"agreed", "disagreed", "skipped", "allowed", "refused"};
  unsigned long *const per_clause[] = {c->agreed, c->disagreed, c->skipped, c->allowed, c->refused};
  for (const doc_node *row = doc_get(r->root, "clauses")->first; row; row = row->next) {
    const doc_node *name = field(e, row, "clause", DOC_STR), *n[5] = {0};
    for (int i = 0; i < 5 && name && (i == 0 || n[i - 1]); i++) n[i] = field(e, row, columns[i], DOC_INT);
    if (!n[4]) return -1;
    const int k = subject_find(name->str);
    if (k < 0 || k >= WOLVES_CLAUSE_COUNT) return err_at(e, name, "unknown clause '%s'", name->str);
    for (int i = 0; i < 5; i++) per_clause[i][k] += (unsigned long)n[i]->num;
  }
  static const char *const sums[] = {"checks", "skipped_checks", "actions", "near_misses", "unsupported"};
  unsigned long unsupported = 0;
  unsigned long *const to[] = {&c->checks, &c->skipped_checks, &c->applies, &c->probes, &unsupported};
  for (int i = 0; i < 5; i++) {
    const doc_node *n = field(e, r->root, sums[i], DOC_INT);
    if (n == NULL) return -1;
    *to[i] += (unsigned long)n->num;
  }
  c->unsupported_cases += (int)unsupported;
  const doc_node *choices = doc_get(r->root, "choices"); /* (an engine that declares chooses) */
  if (choices) {
    const doc_node *left = field(e, choices, "left", DOC_INT),
                   *other = left ? field(e, choices, "chosen_otherwise", DOC_INT) : NULL;
    if (other == NULL) return -1;
    c->choices_left += (unsigned long)left->num;
    c->chosen_otherwise += (unsigned long)other->num;
  }
  return 0;
}

/* The engine the reports are of, as the run knew it from its handshake. */
static int take_engine(conform *c, const report *r, cli_err *e) {
  const doc_node *engine = doc_get(r->root, "engine"), *cmd = field(e, engine, "command", DOC_STR),
                 *name = cmd ? field(e, engine, "name", DOC_STR) : NULL,
                 *version = name ? field(e, engine, "version", DOC_STR) : NULL,
                 *caps = version ? field(e, engine, "capabilities", DOC_SEQ) : NULL,
                 *fields = caps ? field(e, engine, "state_fields", DOC_SEQ) : NULL;
  if (fields == NULL) return -1;
  c->e.cmd = cmd->str;
  snprintf(c->e.name, sizeof c->e.name, "%s", name->str);
  snprintf(c->e.version, sizeof c->e.version, "%s", version->str);
  for (const doc_node *n = caps->first; n; n = n->next)
    for (int i = 0; engine_capability_name(i); i++)
      if (n->kind == DOC_STR && strcmp(n->str, engine_capability_name(i)) == 0) c->e.caps |= 1u << i;
  for (const doc_node *n = fields->first; n; n = n->next) {
    char why[256];
    if (n->kind != DOC_STR || state_paths_add(&c->e.fields, n->str, why, sizeof why))
      return err_at(e, n, "not a report of wolves conform --format json: state field: %s",
                    n->kind == DOC_STR ? why : "not a string");
  }
  return 0;
}

/* The next case of the run's order: scenario (game 0) or game number j
 * is the (j / N)-th of its kind in shard j % N + 1, whose scenarios come
 * before its games.  NULL when that shard has no such case. */
static const doc_node *next_case(report *r, size_t n, unsigned of, unsigned long long j, int game) {
  for (size_t i = 0; i < n; i++) {
    if (r[i].index != j % of + 1) continue;
    if (game ? r[i].taken < r[i].scenarios || r[i].taken >= r[i].scenarios + r[i].games
             : r[i].taken >= r[i].scenarios)
      return NULL;
    r[i].taken++;
    const doc_node *k = r[i].case_at;
    r[i].case_at = k->next;
    return k;
  }
  return NULL;
}

int conform_merge(conform *c, int argc, char **argv) {
  if (argc == 0)
    return usage_error("conform", "%s", "--merge needs the reports to merge (each of --format json)");
  report *r = xmalloc((size_t)argc * sizeof *r);
  memset(r, 0, (size_t)argc * sizeof *r);
  int rc = 0;
  strbuf what = {0};
  for (int i = 0; i < argc; i++) {
    what.len = 0;
    sb_printf(&what, "the report %s", argv[i]);
    io_input(&c->io, argv[i], what.buf);
  }
  sb_free(&what);
  outputs_list(c);
  if (io_refuse(&c->io)) rc = 2;
  cli_err e = {0};
  for (int i = 0; i < argc && rc == 0; i++) {
    r[i].path = argv[i];
    if (read_report(&r[i], &e)) rc = 2;
  }
  if (rc == 0) rc = check_shards(r, (size_t)argc);
  for (int i = 0; i < argc && rc == 0; i++)
    if (add_tallies(c, &r[i], &e)) rc = 2;
  if (rc == 0 && take_engine(c, &r[0], &e)) rc = 2;
  if (e.set) err_print(&e, stderr);
  if (rc == 0) {
    doc_init(&c->d, "report");
    c->cases = doc_seq(&c->d);
    c->of = 1; /* (the merged report is the whole run's) */
    const unsigned of = r[0].of;
    unsigned long long scenarios = 0, games = 0;
    for (int i = 0; i < argc; i++) {
      scenarios += r[i].scenarios;
      games += r[i].games;
    }
    /* as the run: --keep-going (its report says how far cases went, and
     * so does each shard's: shard.run), games played (the columns of what
     * play probed; a report without shards counts its cases as scenarios,
     * its near misses say it played) */
    c->keep_going = doc_get(r[0].root, "went_to_end") != NULL;
    c->games = games ? games : c->probes > 0;
    if (c->tap) printf("TAP version 13\n1..%llu\n", scenarios + games);
    if (c->text && !c->quiet) conform_header(c);
    size_t number = 0;
    for (unsigned long long j = 0; j < scenarios + games && rc == 0; j++) {
      const int game = j >= scenarios;
      const doc_node *k = next_case(r, (size_t)argc, of, game ? j - scenarios : j, game);
      if (k == NULL) {
        err_say("wolves: --merge: the shards' cases do not make one run's (%s %llu is missing)",
                game ? "game" : "scenario", game ? j - scenarios + 1 : j + 1);
        rc = 2;
      } else {
        merge_case(c, ++number, k);
      }
    }
    if (rc == 0) {
      conform_summary(c, number, 0);
      known_save(c, 1);
      rc = c->counts[BAD] || c->write_failed ? 2 : conform_failed(c);
    }
  }
  for (int i = 0; i < argc; i++) {
    doc_free(&r[i].d);
    free(r[i].text);
  }
  free(r); /* (c's report, io and the rest: the caller's, conform_run) */
  return rc;
}
