/* expect.c - see expect.h. */
#include "scenario/expect.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/input.h"
#include "json.h"

static const char *clause_id(int c) {
  const wolves_clause_info *info = wolves_clause_get(c);
  return info ? info->id : "?";
}

static int listed(const refusal *list, size_t n, const refusal *r) {
  for (size_t i = 0; i < n; i++)
    if (list[i].action == r->action && list[i].clause == r->clause) return 1;
  return 0;
}

/* An action's path in the scenario ("actions[0]" for action 1). */
static void action_path(char *buf, size_t n, unsigned action) { snprintf(buf, n, "actions[%u]", action - 1); }

static void check_refusals(const scenario *sc, diff_report *r) {
  char path[32];
  for (size_t i = 0; i < sc->nrefused; i++) {
    const refusal *x = &sc->refused[i];
    if (listed(sc->expected, sc->nexpected, x)) continue;
    action_path(path, sizeof path, x->action);
    diff_source(r, DIFF_REFUSED | DIFF_NAMED);
    diff_add(r, path, "refusal", NULL, diff_str(r, clause_id(x->clause)),
             "action %u (%s): refused by %s, which expect.refused does not list", x->action,
             wolves_action_name(sc->actions[x->action - 1].a.kind), clause_id(x->clause));
  }
  for (size_t i = 0; i < sc->nexpected; i++) {
    const refusal *x = &sc->expected[i];
    if (listed(sc->refused, sc->nrefused, x)) continue;
    action_path(path, sizeof path, x->action);
    diff_source(r, DIFF_REFUSED);
    diff_add(r, path, "refusal", diff_str(r, clause_id(x->clause)), NULL,
             "action %u (%s): expected a refusal by %s, but it was not refused by it", x->action,
             wolves_action_name(sc->actions[x->action - 1].a.kind), clause_id(x->clause));
  }
}

static void check_assertions(const scenario *sc, diff_report *r) {
  if (!sc->assertions) return;
  for (const doc_node *want = sc->assertions->first; want; want = want->next) {
    const doc_node *got = doc_path(sc->out.root, want->key);
    /* (the path as the golden's differences give it: the same difference
     * from both is one line) */
    char *path = diff_path(sc->out.root, want->key, 0), *shown = diff_path(sc->out.root, want->key, 1);
    strbuf v = {0};
    if (want->kind == DOC_NULL) { /* a state never holds null: null asserts the path is absent */
      if (got) {
        json_inline(&v, got, 60);
        diff_add(r, path, "unexpected", NULL, got, "%s: expected absent, got %s", diff_name(r, shown), v.buf);
      }
    } else if (got) {
      diff_docs_shown(r, path, shown, want, got);
    } else {
      json_inline(&v, want, 60);
      diff_add(r, path, "missing", want, NULL, "%s: missing, expected %s", diff_name(r, shown), v.buf);
    }
    sb_free(&v);
    free(path);
    free(shown);
  }
}

static void check_golden(const scenario *sc, const char *golden, diff_report *r) {
  char *text;
  size_t len;
  cli_err e = {0};
  r->golden = diff_name(r, golden);
  diff_source(r, DIFF_GOLDEN | DIFF_NAMED); /* (the errors name the file) */
  if (file_read(golden, &text, &len, &e)) {
    diff_add(r, golden, "golden", NULL, diff_str(r, "cannot be read"),
             "golden file %s cannot be read (create it with 'wolves test --bless')", diff_name(r, golden));
    return;
  }
  if (len == sc->json.len && memcmp(text, sc->json.buf, len) == 0) {
    free(text);
    return;
  }
  doc want;
  doc_init(&want, golden);
  const int parsed = doc_parse(&want, text, len, &e) == 0;
  const doc_node *got = sc->out.root;
  if (parsed && sc->golden_without_readings && want.root && want.root->kind == DOC_MAP) {
    doc_node *const run = doc_copy(&want, got); /* (sc's own output stays whole) */
    doc_drop(want.root, "readings");
    doc_drop(run, "readings");
    got = run;
  }
  if (!parsed)
    diff_add(r, golden, "golden", NULL, diff_str(r, e.msg), "golden file %s:%d:%d: %s", diff_name(r, golden),
             e.line, e.col, diff_name(r, e.msg));
  else if (diff_source(r, DIFF_GOLDEN), !diff_docs(r, "", want.root, got) && got == sc->out.root) {
    diff_source(r, DIFF_GOLDEN | DIFF_NAMED);
    diff_add(r, golden, "golden", NULL, diff_str(r, "not in canonical form"),
             "golden file %s: same content, not in canonical form (bless it again)", diff_name(r, golden));
  }
  doc_free(&want);
  free(text);
}

/* A scenario that claims a clause the engine never recorded is stale: the
 * rules or the position changed under it. */
static void check_claims(const scenario *sc, diff_report *r) {
  const doc_node *c = scenario_stale_claim(sc);
  if (c)
    diff_add(r, "clauses", "claim", diff_str(r, c->str), NULL,
             "clauses: %s is claimed but never fired (line %d)", c->str, c->line);
}

int expect_check(const scenario *sc, const char *golden, diff_report *r) {
  const int before = r->total;
  diff_source(r, DIFF_CLAUSES | DIFF_NAMED);
  check_claims(sc, r);
  diff_source(r, DIFF_REFUSED);
  check_refusals(sc, r);
  diff_source(r, DIFF_STATE);
  check_assertions(sc, r);
  if (golden && sc->golden) check_golden(sc, golden, r);
  diff_source(r, 0);
  return r->total - before;
}
