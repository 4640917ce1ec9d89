/* coverage.c - `wolves coverage`: which scenarios exercised each clause of
 * the catalog, measured from the events the engine recorded while running
 * them, never from what a scenario claims.  A clause is "applied" in a scenario when any
 * event cites it (an effect, a note, or a check that allowed an action),
 * "refused" when a refusal or a blocked automatic effect cites it.  --strict
 * fails on a clause no scenario applied or refused, and on a restriction no
 * scenario saw refuse.  --format json prints the same as JSON. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diagnostic.h"
#include "base/err.h"
#include "base/input.h"
#include "base/options.h"
#include "commands/commands.h"
#include "doc.h"
#include "json.h"
#include "scenario/scenario.h"
#include "strbuf.h"

typedef struct {
  const char **applied, **refused; /* scenario paths, in run order */
  size_t napplied, nrefused;
} clause_use;

static void add(const char ***list, size_t *n, const char *path) {
  const char **grown = realloc(*list, (*n + 1) * sizeof **list);
  if (grown == NULL) {
    fputs("wolves: out of memory\n", stderr);
    exit(2);
  }
  *list = grown;
  (*list)[(*n)++] = path;
}

/* Runs one scenario and records what it exercised; -1 on bad input, its
 * error printed, and with --format json kept in errors (d) for the report. */
static int measure(const char *path, clause_use use[], doc *d, doc_node *errors) {
  cli_err e = {0};
  scenario *sc = scenario_open_err(path, WOLVES_EDITION_DEFAULT, 0, &e);
  if (sc == NULL) {
    err_print(&e, stderr);
    if (errors) doc_push(errors, diagnostic_json(d, &e));
    return -1;
  }
  for (int c = 1; c < WOLVES_CLAUSE_COUNT; c++) {
    if (scenario_fired(sc, c, 1)) add(&use[c].refused, &use[c].nrefused, path);
    if (scenario_fired_applied(sc, c)) add(&use[c].applied, &use[c].napplied, path);
  }
  scenario_close(sc);
  return 0;
}

/* What --strict holds against a clause, or NULL.  API.BAD_ARGUMENT, the
 * library's check of its arguments, is no rule a scenario can reach (the
 * reader never builds a malformed argument): the unit tests cover it. */
static const char *gap(const wolves_clause_info *c, const clause_use *u) {
  if (c == wolves_clause_get(WOLVES_C_API_BAD_ARGUMENT)) return NULL;
  if (u->napplied + u->nrefused == 0) return "no scenario";
  if (c->kind == WOLVES_RESTRICTION && u->nrefused == 0) return "never refused";
  return NULL;
}

static void print_text(const clause_use use[], int *gaps) {
  printf("%-26s %-11s %7s %7s  %s\n", "CLAUSE", "KIND", "APPLIED", "REFUSED", "FIRST SCENARIOS / GAP");
  for (int c = 1; c < WOLVES_CLAUSE_COUNT; c++) {
    const wolves_clause_info *ci = wolves_clause_get(c);
    const clause_use *u = &use[c];
    const char *why = gap(ci, u);
    *gaps += why != NULL;
    printf("%-26s %-11s %7zu %7zu  ", ci->id, ci->kind == WOLVES_RESTRICTION ? "restriction" : "rule",
           u->napplied, u->nrefused);
    if (why) {
      printf("GAP: %s", why);
    } else { /* (scenario paths: escaped, err_path) */
      err_path(stdout, u->napplied ? u->applied[0] : "");
      fputs(u->napplied && u->nrefused ? "  " : "", stdout);
      err_path(stdout, u->nrefused ? u->refused[0] : "");
    }
    putchar('\n');
  }
}

static doc_node *path_seq(doc *d, const char **paths, size_t n) {
  doc_node *seq = doc_seq(d);
  for (size_t i = 0; i < n; i++) doc_push(seq, doc_str(d, paths[i]));
  return seq;
}

/* errors: the scenarios that are bad input, reported only when there is
 * one. */
static void print_json(const clause_use use[], int *gaps, const doc_node *errors) {
  doc d;
  strbuf sb = {0};
  doc_init(&d, "coverage");
  doc_node *root = doc_map(&d), *list = doc_seq(&d);
  for (int c = 1; c < WOLVES_CLAUSE_COUNT; c++) {
    const wolves_clause_info *ci = wolves_clause_get(c);
    const char *why = gap(ci, &use[c]);
    doc_node *m = doc_map(&d);
    *gaps += why != NULL;
    doc_put(&d, m, "id", doc_str(&d, ci->id));
    doc_put(&d, m, "kind", doc_str(&d, ci->kind == WOLVES_RESTRICTION ? "restriction" : "rule"));
    doc_put(&d, m, "applied", path_seq(&d, use[c].applied, use[c].napplied));
    doc_put(&d, m, "refused", path_seq(&d, use[c].refused, use[c].nrefused));
    if (why) doc_put(&d, m, "gap", doc_str(&d, why));
    doc_push(list, m);
  }
  doc_put(&d, root, "clauses", list);
  doc_put(&d, root, "gaps", doc_int(&d, *gaps));
  if (errors->count) doc_put(&d, root, "errors", doc_copy(&d, errors));
  json_write(&sb, root);
  fwrite(sb.buf, 1, sb.len, stdout);
  sb_free(&sb);
  doc_free(&d);
}

static int cmd_coverage(int argc, char **argv, const char *flags, const char *const *values) {
  const int json = format_option("coverage", values[0]);
  if (json < 0) return 2;
  path_list files = {0};
  if (files_collect_operands("coverage", argc, argv, &files)) return 2;
  const size_t unreadable = files.unreadable;
  clause_use *use = calloc(WOLVES_CLAUSE_COUNT, sizeof *use);
  int bad = 0, gaps = 0;
  if (use == NULL) return 2;
  doc d; /* --format json: the errors */
  doc_init(&d, "errors");
  doc_node *const errors = doc_seq(&d);
  for (size_t i = 0; i < files.len; i++) bad |= measure(files.paths[i], use, &d, json ? errors : NULL) != 0;
  if (json)
    print_json(use, &gaps, errors);
  else
    print_text(use, &gaps);
  if (!json)
    printf("coverage: %d clauses, %d gaps, %zu scenarios\n", WOLVES_CLAUSE_COUNT - 1, gaps, files.len);
  for (int c = 1; c < WOLVES_CLAUSE_COUNT; c++) {
    free(use[c].applied);
    free(use[c].refused);
  }
  free(use);
  doc_free(&d);
  paths_free(&files);
  if (bad || unreadable) return 2;
  return strchr(flags, 's') && gaps ? 1 : 0;
}

static const option_spec coverage_options[] = {FLAG("strict", 0, 's'), VALUE("format", 0, 0), OPTIONS_END};

const command coverage_command = {
    "coverage", "Usage: wolves coverage [--strict] [--format text|json] [PATH]...\n",
    "Run every scenario under the PATHs (default: scenarios/) and report, for every clause\n"
    "of the catalog, how many scenarios it applied in and how many it refused in, measured\n"
    "from the events the engine recorded (not from a scenario's 'clauses:' list).\n"
    "\n"
    "  --strict        exit 1 if a clause was never exercised, or a restriction never refused\n"
    "  --format json   print the table as JSON (default: text)\n",
    coverage_options, cmd_coverage};
