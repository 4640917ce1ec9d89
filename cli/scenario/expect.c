/* expect.c - see expect.h. */
#include "scenario/expect.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/input.h"
#include "json.h"
#include "read.h"
#include "scenario/verdict.h"

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

/* Each line says why (verdict.h): the numbers the engine compared and
 * what was legal instead, also in the difference's object ("refusal"). */
static void check_refusals(const scenario *sc, diff_report *r) {
  char path[32];
  doc words;
  doc_init(&words, "refusals");
  for (size_t i = 0; i < sc->nrefused; i++) {
    const refusal *x = &sc->refused[i];
    if (listed(sc->expected, sc->nexpected, x)) continue;
    action_path(path, sizeof path, x->action);
    strbuf why = {0};
    const doc_node *const detail = verdict_refused(sc, x->action, x->clause, &why, &words);
    diff_source(r, DIFF_REFUSED | DIFF_NAMED);
    diff_add_at(r, x->node, path, "refusal", NULL, diff_str(r, clause_id(x->clause)),
                "action %u (%s): refused by %s, which expect.refused does not list%s", x->action,
                wolves_action_name(sc->actions[x->action - 1].a.kind), clause_id(x->clause),
                why.buf ? why.buf : "");
    diff_detail(r, "refusal", detail);
    sb_free(&why);
  }
  for (size_t i = 0; i < sc->nexpected; i++) {
    const refusal *x = &sc->expected[i];
    if (listed(sc->refused, sc->nrefused, x)) continue;
    action_path(path, sizeof path, x->action);
    strbuf why = {0};
    const doc_node *const detail = verdict_not_refused(sc, x->action, x->clause, &why, &words);
    diff_source(r, DIFF_REFUSED);
    diff_add_at(r, x->node, path, "refusal", diff_str(r, clause_id(x->clause)), NULL,
                "action %u (%s): expected a refusal by %s, but it was not refused by it%s", x->action,
                wolves_action_name(sc->actions[x->action - 1].a.kind), clause_id(x->clause),
                why.buf ? why.buf : "");
    diff_detail(r, "refusal", detail);
    sb_free(&why);
  }
  doc_free(&words);
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
    struct stat st;
    if (lstat(golden, &st) != 0 && errno == ENOENT) /* (not there yet: how to make it) */
      diff_add(r, golden, "golden", NULL, diff_str(r, "cannot be read"),
               "golden file %s cannot be read (create it with 'wolves test --bless')", diff_name(r, golden));
    else /* (there, and unreadable: the system's reason) */
      diff_add(r, golden, "golden", NULL, diff_str(r, e.msg), "golden file %s: %s", diff_name(r, golden),
               diff_name(r, e.msg));
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
    diff_add_at(r, c, "clauses", "claim", diff_str(r, c->str), NULL,
                "clauses: %s is claimed but never fired (line %d)", c->str, c->line);
}

int expect_golden(const scenario *sc, const char *golden, diff_report *r) {
  const int before = r->total;
  check_golden(sc, golden, r);
  diff_source(r, 0);
  return r->total - before;
}

/* ---- --verdicts: each action's verdict and refusing clause, nothing else ---- */

/* The refusals the golden records for this run's actions: its refuse
 * events, less those the scenario carried in as history (`events:`, which
 * the golden holds again); each with the event's node (its line). */
static size_t golden_refusals(const scenario *sc, const doc_node *events, refusal *out, size_t max) {
  size_t n = 0;
  for (const doc_node *ev = events && events->kind == DOC_SEQ ? events->first : NULL; ev && n < max;
       ev = ev->next) {
    const doc_node *const kind = doc_get(ev, "event"), *const action = doc_get(ev, "action"),
                          *const clause = doc_get(ev, "clause");
    if (!kind || kind->kind != DOC_STR || strcmp(kind->str, "refuse") != 0 || !action ||
        action->kind != DOC_INT || !clause || clause->kind != DOC_STR)
      continue;
    out[n++] = (refusal){(unsigned)action->num, read_clause_find(clause->str), ev};
  }
  const event_list *const l = &sc->pos.events; /* (history: one golden refusal each) */
  for (size_t i = sc->pos.carried_from; i < sc->pos.carried_to && i < l->len; i++) {
    if (l->ev[i].kind != WOLVES_EV_REFUSE) continue;
    for (size_t k = 0; k < n; k++)
      if (out[k].action == l->action[i] && out[k].clause == l->ev[i].clause) {
        out[k] = out[--n];
        break;
      }
  }
  return n;
}

static void check_golden_verdicts(const scenario *sc, const char *golden, diff_report *r) {
  char *text = NULL;
  size_t len;
  cli_err e = {0};
  doc want;
  doc_init(&want, golden);
  if (file_read(golden, &text, &len, &e) || doc_parse(&want, text, len, &e)) {
    check_golden(sc, golden, r); /* (the golden's own trouble, said as without --verdicts) */
    doc_free(&want);
    free(text);
    return;
  }
  const doc_node *const events = doc_get(want.root, "events");
  const size_t max = events && events->kind == DOC_SEQ ? events->count : 0;
  refusal *const had = xmalloc((max + 1) * sizeof *had);
  const size_t nhad = golden_refusals(sc, events, had, max);
  char path[32];
  r->golden = diff_name(r, golden);
  diff_source(r, DIFF_GOLDEN);
  for (size_t i = 0; i < sc->nrefused; i++) {
    const refusal *x = &sc->refused[i];
    if (listed(had, nhad, x)) continue;
    action_path(path, sizeof path, x->action);
    diff_add_at(r, events, path, "refusal", NULL, diff_str(r, clause_id(x->clause)),
                "action %u (%s): refused by %s, which the golden does not have", x->action,
                wolves_action_name(sc->actions[x->action - 1].a.kind), clause_id(x->clause));
  }
  for (size_t i = 0; i < nhad; i++) {
    const refusal *x = &had[i];
    if (listed(sc->refused, sc->nrefused, x)) continue;
    const int known = x->action >= 1 && x->action <= sc->nactions;
    action_path(path, sizeof path, x->action);
    diff_add_at(r, x->node, path, "refusal", diff_str(r, clause_id(x->clause)), NULL,
                "action %u (%s): the golden has a refusal by %s, but it was not refused by it", x->action,
                known ? wolves_action_name(sc->actions[x->action - 1].a.kind) : "?", clause_id(x->clause));
  }
  free(had);
  doc_free(&want);
  free(text);
}

int expect_check_verdicts(const scenario *sc, const char *golden, diff_report *r) {
  const int before = r->total;
  diff_source(r, DIFF_REFUSED);
  check_refusals(sc, r);
  if (golden && sc->golden) check_golden_verdicts(sc, golden, r);
  diff_source(r, 0);
  return r->total - before;
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
