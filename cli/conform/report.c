/* report.c - the report: each case as it ends (text, TAP, the JSON
 * report's object, a JUnit test case) and the summary (the tallies per
 * clause and the counts; the JSON report, the JUnit file). */
#include "conform/checker.h"

#include <stdio.h>

#include "base/err.h"
#include "doc.h"
#include "json.h"
#include "protocol/engine_client.h"
#include "report/test_report.h"
#include "strbuf.h"
#include "wolves.h"

static const char *const result_words[] = {"agree", "disagree", "skip", "error"};

void conform_header(const conform *c) {
  printf("engine: ");
  err_text(stdout, c->e.name[0] ? c->e.name : "(no name)", NULL);
  if (c->e.version[0]) {
    putchar(' ');
    err_text(stdout, c->e.version, NULL);
  }
  fputs(" (", stdout);
  for (int i = 0, n = 0; engine_capability_name(i); i++)
    if (c->e.caps & (1u << i)) printf("%s%s", n++ ? " " : "", engine_capability_name(i));
  puts("); expected: wolves, got: the engine");
  if ((c->e.caps & ENGINE_STATE) && !state_paths_all(&c->e.fields)) { /* (a partial state: what is compared) */
    fputs(c->e.fields.n ? "state compared:" : "state compared: nothing", stdout);
    for (int i = 0; i < c->e.fields.n; i++) {
      putchar(' ');
      err_text(stdout, c->e.fields.text[i], NULL);
    }
    putchar('\n');
  }
}

void report_case(conform *c, size_t number, conform_case *cs) {
  c->counts[cs->result]++;
  /* with --known, a case whose differences are all known: a TAP TODO, a
   * JUnit skip (as pytest's xfail), its details only without --quiet */
  const int known = cs->result == DISAGREE && known_given(c) && !cs->fresh;
  c->new_cases += cs->result == DISAGREE && !known;
  known_case_done(c, cs);
  if (c->json) {
    doc *d = &c->d;
    doc_node *m = doc_map(d);
    doc_put(d, m, "name", doc_str(d, cs->name));
    doc_put(d, m, "result", doc_str(d, result_words[cs->result]));
    doc_put(d, m, "compared", doc_int(d, (long long)cs->compared));
    if (cs->result == SKIP) doc_put(d, m, "reason", doc_str(d, cs->text.buf ? cs->text.buf : ""));
    if (cs->result == BAD) doc_put(d, m, "error", doc_str(d, cs->text.buf ? cs->text.buf : ""));
    doc_put(d, m, "disagreements", cs->list ? cs->list : doc_seq(d));
    doc_push(c->cases, m);
  }
  if (c->junit)
    junit_case(&c->junit_cases, cs->name, cs->seconds,
               cs->result == AGREE      ? JUNIT_PASSED
               : known                  ? JUNIT_SKIPPED
               : cs->result == DISAGREE ? JUNIT_FAILED
               : cs->result == SKIP     ? JUNIT_SKIPPED
                                        : JUNIT_ERROR,
               cs->text.buf ? cs->text.buf : "", cs->list ? (int)cs->list->count : 0);
  if (cs->result == BAD) fprintf(stderr, "%s\n", cs->text.buf ? cs->text.buf : "");
  if (c->tap) {
    printf("%s %zu - ", cs->result == DISAGREE || cs->result == BAD ? "not ok" : "ok", number);
    err_text(stdout, cs->name, "#");
    if (cs->result == SKIP) {
      fputs(" # SKIP ", stdout);
      err_text(stdout, cs->text.buf ? cs->text.buf : "", NULL);
    }
    if (known) fputs(" # TODO known differences", stdout);
    putchar('\n');
    if (cs->result == BAD)
      tap_yaml(cs->text.buf ? cs->text.buf : "");
    else if (cs->result == DISAGREE)
      print_lines(cs->text.buf, "  # ");
  } else if (c->text && (cs->result == DISAGREE || cs->result == BAD || !c->quiet)) {
    static const char *const words[] = {"AGREE", "DISAGREE", "SKIP", "ERROR"};
    printf("%s ", words[cs->result]);
    err_path(stdout, cs->name);
    if (cs->result == AGREE) printf(" (%lu compared)", cs->compared);
    if (cs->result == SKIP) {
      fputs(": ", stdout);
      err_text(stdout, cs->text.buf ? cs->text.buf : "", NULL);
    }
    if (known) fputs(" (known)", stdout);
    putchar('\n');
    if (cs->result == DISAGREE && !(known && c->quiet)) print_lines(cs->text.buf, "  ");
  }
  fflush(stdout);
}

void conform_summary(conform *c, size_t ncases, double seconds) {
  (void)ncases;
  if (c->json) {
    doc *d = &c->d;
    doc_node *root = doc_map(d), *engine = doc_map(d), *caps = doc_seq(d), *fields = doc_seq(d),
             *clauses = doc_seq(d);
    doc_put(d, engine, "command", doc_str(d, c->e.cmd));
    doc_put(d, engine, "name", doc_str(d, c->e.name));
    doc_put(d, engine, "version", doc_str(d, c->e.version));
    for (int i = 0; engine_capability_name(i); i++)
      if (c->e.caps & (1u << i)) doc_push(caps, doc_str(d, engine_capability_name(i)));
    for (int i = 0; i < c->e.fields.n && (c->e.caps & ENGINE_STATE); i++) /* (the parts compared) */
      doc_push(fields, doc_str(d, c->e.fields.text[i]));
    caps->layout = fields->layout = DOC_INLINE;
    doc_put(d, engine, "capabilities", caps);
    doc_put(d, engine, "state_fields", fields);
    doc_put(d, root, "engine", engine);
    doc_put(d, root, "cases", c->cases);
    for (int i = 1; i <= WOLVES_CLAUSE_COUNT; i++) { /* (refused-without-clause last) */
      const int k = i % WOLVES_CLAUSE_COUNT;
      if (!c->agreed[k] && !c->disagreed[k]) continue;
      doc_node *m = doc_map(d);
      doc_put(d, m, "clause", doc_str(d, subject_name(k)));
      doc_put(d, m, "agreed", doc_int(d, (long long)c->agreed[k]));
      doc_put(d, m, "disagreed", doc_int(d, (long long)c->disagreed[k]));
      if (known_given(c)) doc_put(d, m, "known", doc_int(d, (long long)c->disagreed_known[k]));
      m->layout = DOC_INLINE;
      doc_push(clauses, m);
    }
    doc_put(d, root, "clauses", clauses);
    for (int r = AGREE; r <= BAD; r++) doc_put(d, root, result_words[r], doc_int(d, c->counts[r]));
    doc_put(d, root, "checks", doc_int(d, (long long)c->checks));
    doc_put(d, root, "actions", doc_int(d, (long long)c->applies));
    doc_put(d, root, "near_misses", doc_int(d, (long long)c->probes));
    known_summary_json(c, d, root);
    shard_put(c, d, root);
    if (c->e.caps & ENGINE_CHOOSES) { /* (choices left to the engine: CHOICES) */
      doc_node *ch = doc_map(d);
      doc_put(d, ch, "left", doc_int(d, (long long)c->choices_left));
      doc_put(d, ch, "chosen_otherwise", doc_int(d, (long long)c->chosen_otherwise));
      ch->layout = DOC_INLINE;
      doc_put(d, root, "choices", ch);
    }
    strbuf sb = {0};
    json_write(&sb, root);
    fwrite(sb.buf, 1, sb.len, stdout);
    sb_free(&sb);
  } else if (c->text || c->tap) {
    const char *hash = c->tap ? "# " : "";
    const int known = known_given(c);
    int any = 0;
    for (int i = 1; i <= WOLVES_CLAUSE_COUNT; i++) { /* (refused-without-clause last) */
      const int k = i % WOLVES_CLAUSE_COUNT;
      if (!c->agreed[k] && !c->disagreed[k]) continue;
      if (c->quiet && !c->disagreed[k]) continue;
      if (!any++)
        printf("%s%-28s %8s %9s%s\n", hash, "clause", "agreed", "disagreed", known ? "    known" : "");
      printf("%s%-28s %8lu %9lu", hash, subject_name(k), c->agreed[k], c->disagreed[k]);
      if (known) printf(" %8lu", c->disagreed_known[k]);
      putchar('\n');
    }
    if (c->e.caps & ENGINE_CHOOSES)
      printf(
          "%schoices: %lu actions sent with choices open, %lu resolved otherwise than by wolves' defaults\n",
          hash, c->choices_left, c->chosen_otherwise);
    known_summary_text(c, hash);
    printf("%sconform: %d agree, %d disagree", hash, c->counts[AGREE], c->counts[DISAGREE]);
    if (known) printf(" (%d known, %d new)", c->counts[DISAGREE] - c->new_cases, c->new_cases);
    printf(", %d skipped%s; %lu checks, %lu actions sent (%lu near misses)\n", c->counts[SKIP],
           c->counts[BAD] ? ", errors" : "", c->checks, c->applies, c->probes);
  }
  if (c->junit) {
    const int known = known_given(c) ? c->counts[DISAGREE] - c->new_cases : 0; /* (as report_case: skipped) */
    const junit_counts n = {c->counts[AGREE], c->counts[DISAGREE] - known, c->counts[BAD],
                            c->counts[SKIP] + known};
    if (junit_write(c->junit, "conform", &n, seconds, NULL, c->junit_cases.buf)) c->write_failed = 1;
  }
}
