/* compare.c - our engine against the other: the state over the fields it
 * declares, the legal actions as sets, the final scores; one action
 * applied in both engines (conform_step) and the checks at the end of a
 * case (conform_finish). */
#include "conform/checker.h"

#include <stdlib.h>
#include <string.h>

#include "actions_doc.h"
#include "base/err.h"
#include "diag.h"
#include "doc.h"
#include "emit.h"
#include "events_doc.h"
#include "json.h"
#include "protocol/engine_client.h"
#include "scenario/diff.h"
#include "scenario/moves.h"
#include "scenario/vector.h"
#include "state_doc.h"
#include "strbuf.h"
#include "wolves.h"

#define SHOWN_LEGAL 5 /* actions listed of a legal-set difference, each way */

/* Opens, in em writing to out, the answer `wolves engine` would give to
 * the request about to be sent: {"id": N, "ok": true, ...}.  The state and
 * legal lists are compared first as this text. */
static void our_answer(const conform *c, emitter *em, strbuf *out) {
  emit_json(em, out);
  emit_map(em, NULL, DOC_AUTO);
  emit_int(em, "id", (long long)c->e.next_id);
  emit_bool(em, "ok", 1);
}

/* The engine's answer to `state` (its state object), or NULL on a protocol
 * error or when it answers unsupported (*matched 2: a skip, recorded).
 * The answer is first compared as text with the one wolves engine would
 * give for (g, s) (all the fields, in its order): equal, *matched is set
 * and it is not parsed (an empty mapping is returned). */
const doc_node *engine_state(conform *c, const wolves_game *g, const wolves_state *s, int *matched) {
  const position p = make_position(g, s);
  doc_node *req = engine_request(&c->e, "state");
  strbuf line = {0};
  emitter em;
  our_answer(c, &em, &line);
  state_emit(&em, "state", &p, 0, &c->memo); /* (vector_position's, as text) */
  emit_end(&em);
  *matched = 0;
  const doc_node *r = engine_call_expecting(&c->e, req, 1, &line, matched);
  sb_free(&line);
  if (r == NULL || *matched) return r;
  if (!doc_get(r, "ok")->num) {
    if (unsupported_answer(c, r, "state", 0, NULL) > 0) *matched = 2;
    return NULL;
  }
  const doc_node *theirs = doc_get(r, "state");
  if (theirs == NULL || theirs->kind != DOC_MAP)
    return engine_fail(&c->e, "the state response has no state object");
  return theirs;
}

/* One part of the state the engine declares (state_paths_walk), compared. */
typedef struct {
  diff_report *dr;
  int n;
} parts_compared;

static void compare_part(void *ctx, const char *label, const doc_node *want, const doc_node *got) {
  parts_compared *pc = ctx;
  if (want && got) {
    pc->n += diff_docs(pc->dr, label, want, got);
    return;
  }
  diff_add(pc->dr, label, want ? "missing" : "unexpected", want, got, "%s: %s", label,
           want ? "missing in the engine's state" : "in the engine's state, not in wolves'");
  pc->n++;
}

int state_differences(conform *c, const wolves_game *g, const wolves_state *s, const doc_node *theirs,
                      diff_report *dr) {
  const position p = make_position(g, s);
  doc mine;
  doc_init(&mine, "wolves");
  parts_compared pc = {dr, 0};
  state_paths_walk(&c->e.fields, vector_position(&mine, &p), theirs, compare_part, &pc);
  doc_free(&mine);
  return pc.n;
}

/* Differences between our position and the engine's state, over the
 * parts it declares, into dr: how many; -1 on a protocol error. */
int compare_state(conform *c, const wolves_game *g, const wolves_state *s, diff_report *dr) {
  int matched;
  const doc_node *theirs = engine_state(c, g, s, &matched);
  if (theirs == NULL) return matched == 2 ? 0 : -1; /* (unsupported: a skip) */
  return matched ? 0 : state_differences(c, g, s, theirs, dr);
}

static int canonical_action(doc *d, const wolves_game *g, const wolves_state *s, const wolves_action *a,
                            strbuf *out) {
  out->len = 0;
  json_inline(out, action_write(d, g, s, a), (size_t)-1);
  return 0;
}

/* An action of a legal list as canonical text, and where the list has it:
 * sorted, each difference finds its action without a search (an engine's
 * list may hold hundreds of thousands). */
typedef struct {
  char *text;
  size_t at;
} legal_text;

/* By text, then by place: the first of equal texts is the list's first. */
static int legal_text_cmp(const void *a, const void *b) {
  const legal_text *x = a, *y = b;
  const int c = strcmp(x->text, y->text);
  return c ? c : (x->at > y->at) - (x->at < y->at);
}

static char *copy_str(const char *s) {
  const size_t n = strlen(s) + 1;
  return memcpy(xmalloc(n), s, n);
}

static void free_texts(legal_text *v, size_t n) {
  for (size_t i = 0; i < n; i++) free(v[i].text);
  free(v);
}

/* Our legal actions at (g, s) and the engine's, as sets of canonical
 * action texts; the differences (up to SHOWN_LEGAL each way) into dr,
 * and the first action only one side lists into *odd (1: the engine
 * lists it, we do not; 2: the reverse).  How many differ; -1 on a
 * protocol error. */

int compare_legal(conform *c, const wolves_game *g, const wolves_state *s, diff_report *dr,
                  wolves_action *odd, int *odd_side, unsigned char *blamed) {
  legal_buf legal = {0};
  const int listed = legal_list(g, s, &legal);
  const int no = listed > 0 ? listed : 0;
  wolves_action *const our_a = legal.buf;
  doc d;
  doc_init(&d, "legal");
  /* the answer wolves engine would give: the same line, the same list */
  doc_node *const req = engine_request(&c->e, "legal");
  strbuf sb = {0};
  emitter em;
  our_answer(c, &em, &sb);
  emit_int(&em, "count", no);
  emit_seq(&em, "actions", DOC_AUTO);
  for (int i = 0; i < no; i++) action_emit(&em, NULL, g, s, &our_a[i]);
  emit_end(&em);
  emit_end(&em);
  int matched = 0;
  const doc_node *const r = engine_call_expecting(&c->e, req, 1, &sb, &matched);
  if (r && !matched && !doc_get(r, "ok")->num) {
    free(our_a);
    doc_free(&d);
    sb_free(&sb);
    return unsupported_answer(c, r, "legal", 0, NULL) < 0 ? -1 : 0;
  }
  const doc_node *const list = r && !matched ? doc_get(r, "actions") : NULL;
  if (r && !matched && (list == NULL || list->kind != DOC_SEQ))
    engine_fail(&c->e, "the legal response has no actions (a %s)", doc_kind_name(DOC_SEQ));
  if (r == NULL || matched || list == NULL || list->kind != DOC_SEQ) {
    free(our_a);
    doc_free(&d);
    sb_free(&sb);
    return r && matched ? 0 : -1;
  }
  /* theirs: each read as a scenario action, written back canonically */
  legal_text *theirs = xmalloc((list->count + 1) * sizeof *theirs);
  wolves_action *their_a = xmalloc((list->count + 1) * sizeof *their_a);
  size_t nt = 0;
  for (const doc_node *item = list->first; item; item = item->next) {
    doc_node *one = doc_seq(&d);
    doc_push(one, doc_copy(&d, item));
    scripted_action *sa = NULL;
    size_t n = 0;
    cli_err e = {0};
    if (actions_read(one, g, s, &sa, &n, &e) || n != 1) {
      free(sa);
      free_texts(theirs, nt);
      free(their_a);
      free(our_a);
      doc_free(&d);
      sb_free(&sb);
      return engine_fail(&c->e, "the legal list holds an action wolves cannot read: %s", e.msg), -1;
    }
    wolves_action a = sa[0].a;
    if (sa[0].by_current) a.player = s->current;
    free(sa);
    canonical_action(&d, g, s, &a, &sb);
    their_a[nt] = a;
    theirs[nt] = (legal_text){copy_str(sb.buf), nt};
    nt++;
  }
  legal_text *ours = xmalloc(((size_t)no + 1) * sizeof *ours);
  for (int i = 0; i < no; i++) {
    canonical_action(&d, g, s, &our_a[i], &sb);
    ours[i] = (legal_text){copy_str(sb.buf), (size_t)i};
  }
  /* sorted to compare as sets (duplicates count once) */
  qsort(ours, (size_t)no, sizeof *ours, legal_text_cmp);
  qsort(theirs, nt, sizeof *theirs, legal_text_cmp);
  int missing = 0, extra = 0;
  *odd_side = 0;
  size_t i = 0, j = 0;
  while (i < (size_t)no || j < nt) {
    const int cmp = i == (size_t)no ? 1 : j == nt ? -1 : strcmp(ours[i].text, theirs[j].text);
    const legal_text *const one = cmp < 0 ? &ours[i] : &theirs[j];
    const wolves_action *const act = cmp < 0 ? &our_a[one->at] : &their_a[one->at];
    if (cmp > 0) { /* listed by the engine, refused by us: blame the clause that refuses it */
      wolves_state after = *s;
      const int why = wolves_apply(g, &after, act, NULL);
      if (why > 0 && why < WOLVES_CLAUSE_COUNT) blamed[why] = 1;
    }
    if (cmp != 0) {
      int *count = cmp < 0 ? &missing : &extra;
      if (++*count <= SHOWN_LEGAL)
        diff_add(dr, "legal", cmp < 0 ? "missing" : "unexpected", cmp < 0 ? diff_str(dr, one->text) : NULL,
                 cmp < 0 ? NULL : diff_str(dr, one->text), "legal: %s %s", diff_name(dr, one->text),
                 cmp < 0 ? "is legal (wolves), not in the engine's list"
                         : "is in the engine's list, not legal (wolves)");
      if (!*odd_side) {
        *odd_side = cmp < 0 ? 2 : 1;
        *odd = *act;
      }
    }
    const char *const cur = one->text;
    if (cmp <= 0)
      while (i < (size_t)no && strcmp(ours[i].text, cur) == 0) i++;
    if (cmp >= 0)
      while (j < nt && strcmp(theirs[j].text, cur) == 0) j++;
  }
  if (missing > SHOWN_LEGAL || extra > SHOWN_LEGAL)
    diff_add(dr, "legal", "count", NULL, NULL,
             "legal: %d legal actions not in the engine's list, %d listed not legal", missing, extra);
  free_texts(ours, (size_t)no);
  free_texts(theirs, nt);
  free(our_a);
  free(their_a);
  doc_free(&d);
  sb_free(&sb);
  return missing + extra;
}

/* ---- one action in both engines ---- */

/* Our verdict on a at (g, *s), *s the position after it, and the clauses
 * it records (clauses_of). */
static int ours_apply(const wolves_game *g, wolves_state *s, const wolves_action *a, unsigned char *all,
                      unsigned char *effects, unsigned *parts) {
  event_list ev = {0};
  const int ours = apply_logged(g, s, a, WOLVES_CHECKS_PASSED, &ev, 1);
  clauses_of(&ev, all, effects, parts);
  events_free(&ev);
  return ours;
}

/* Applies a at (g, *s) in both engines and compares; *s becomes our
 * position after it, *a what was judged (as sent, or the resolution the
 * engine took: choices.c).  1 agreed, 0 disagreed (recorded), 2 the
 * engine answered unsupported (a skip, recorded), -1 on a protocol error.
 * compare_after: compare the state after an applied action. */
int conform_step(conform *c, conform_case *cs, const wolves_game *g, wolves_state *s, wolves_action *a,
                 unsigned number, const char *probe, const origin *o, const trail *t, int compare_after,
                 int *ours_rc) {
  const wolves_state before = *s;
  wolves_action sent;
  const int open = choices_sent(c, g, s, a, &sent);
  *a = sent;
  unsigned char all[WOLVES_CLAUSE_COUNT], effects[WOLVES_CLAUSE_COUNT], blamed[WOLVES_CLAUSE_COUNT];
  unsigned parts[WOLVES_CLAUSE_COUNT];
  int ours = ours_apply(g, s, a, all, effects, parts);
  if (ours_rc) *ours_rc = ours;
  char their_clause[128];
  /* a near miss is judged where the engine can, so it never changes its game */
  const char *cmd = probe && ours ? probe_request(c) : "apply";
  const int theirs = engine_verdict(c, cmd, g, &before, a, their_clause, sizeof their_clause);
  if (theirs < 0) return -1;
  if (theirs == 2) {
    skip_request(c, cmd, number, c->last_clause, all);
    return 2;
  }
  /* choices left to the engine: judged as the resolution it took (ours
   * again on it when that is not our default) */
  diff_report dr;
  diff_init(&dr, DIFF_LINES);
  int state_compared = 0, ways = 0;
  const int followed = open ? choices_follow(c, g, &before, a, theirs, strcmp(cmd, "judge") == 0,
                                             their_clause, &dr, &state_compared, &ways)
                            : 1;
  c->choices_left += open > 0;
  c->chosen_otherwise += followed > 1;
  if (followed > 1) {
    *s = before;
    ours = ours_apply(g, s, a, all, effects, parts);
    if (ours_rc) *ours_rc = ours;
  }
  int rc = followed < 0 ? -1 : 1;
  cs->compared += rc > 0;
  if (rc > 0 && c->playing) tally_probe(c, all, ours);
  /* a verdict is blamed on the clauses that refused (ours, the engine's);
   * an action we allow and the engine refuses without a clause of the
   * catalog, on refused-without-clause alone (its report lists the checks
   * that allowed it); a state difference, on the action's effects */
  memset(blamed, 0, sizeof blamed);
  const int their_id = theirs ? wolves_clause_find(their_clause) : 0;
  if (ours) blamed[ours] = 1;
  if (their_id > 0) blamed[their_id] = 1;
  if (!ours && theirs && their_id <= 0) blamed[REFUSED_WITHOUT_CLAUSE] = 1;
  disagreement x = {"verdict", number, g, &before, a, ours, theirs, their_clause, blamed, NULL, probe, 0};
  if (rc > 0 && (ours != 0) != (theirs != 0)) {
    rc = 0;
  } else if (rc > 0 && ours && (c->e.caps & ENGINE_CLAUSES) && strcmp(their_clause, clause_id(ours)) != 0) {
    x.kind = "clause";
    rc = 0;
  } else if (rc > 0 && !ours && (state_compared || (compare_after && (c->e.caps & ENGINE_STATE)))) {
    /* (a state choices_follow compared: its differences, none when it matched) */
    const int n = state_compared ? dr.total : compare_state(c, g, s, &dr);
    if (n < 0) rc = -1;
    if (n > 0) {
      x.kind = "state";
      x.dr = &dr;
      blame_state(&dr, effects, parts, blamed);
      if (state_compared) /* (its state matched no way of choosing) */
        diff_add(&dr, "choices", "open", NULL, NULL,
                 "choices: sent open, the engine chose; none of the %d ways wolves accepts gives its state "
                 "(the differences are from wolves' default)",
                 ways);
      rc = 0;
    }
  }
  if (rc == 0) {
    tally(c, all, blamed);
    disagree(c, cs, &x, o, t);
  } else if (rc > 0) {
    tally(c, all, NULL);
  }
  diff_free(&dr);
  sb_free(&dr.out);
  return rc;
}

/* At the end of a case: the state, the legal actions, the scores.  1
 * agreed, 0 disagreed, -1 protocol error.  A case stops at the first
 * difference; with --keep-going each is compared, the engine set to our
 * position after a state difference (the legal actions and scores are
 * those of our position). */
int conform_finish(conform *c, conform_case *cs, const wolves_game *g, const wolves_state *s, unsigned number,
                   const origin *o, const trail *t) {
  unsigned char seen[WOLVES_CLAUSE_COUNT];
  memset(seen, 0, sizeof seen);
  disagreement x = {"state", number, g, s, NULL, 0, -1, "", seen, NULL, NULL, 1};
  diff_report dr;
  int rc = 1;
  if (c->e.caps & ENGINE_STATE) {
    diff_init(&dr, DIFF_LINES);
    const int n = compare_state(c, g, s, &dr);
    cs->compared++;
    if (n > 0) {
      x.dr = &dr;
      tally(c, seen, seen);
      disagree(c, cs, &x, o, t);
    }
    diff_free(&dr);
    sb_free(&dr.out);
    if (n < 0) return -1;
    if (n > 0) {
      const int r = c->keep_going ? restore(c, cs, o, t, s, number, 1,
                                            "no load, and the engines' states differ: the legal actions and "
                                            "the scores are not compared")
                                  : 1;
      if (r) return r < 0 ? -1 : 0;
      rc = 0;
    }
  }
  if (c->e.caps & ENGINE_LEGAL) {
    wolves_action odd;
    int side = 0;
    diff_init(&dr, DIFF_LINES);
    const int n = compare_legal(c, g, s, &dr, &odd, &side, seen);
    cs->compared++;
    if (n > 0) {
      /* the reproducer: the first action one side lists, our verdict on it */
      wolves_state after = *s;
      x.kind = "legal";
      x.dr = &dr;
      x.a = side ? &odd : NULL;
      x.ours = side ? wolves_apply(g, &after, &odd, NULL) : 0;
      x.theirs = side == 1 ? 0 : -1;
      if (x.ours) seen[x.ours] = 1;
      tally(c, seen, seen);
      disagree(c, cs, &x, o, t);
      rc = 0;
    }
    diff_free(&dr);
    sb_free(&dr.out);
    if (n < 0 || (n > 0 && !c->keep_going)) return n < 0 ? -1 : 0;
  }
  if (c->e.caps & ENGINE_SCORES) {
    const doc_node *r = engine_call(&c->e, engine_request(&c->e, "scores"), 1);
    if (r == NULL) return -1;
    if (!doc_get(r, "ok")->num) return unsupported_answer(c, r, "scores", 0, NULL) < 0 ? -1 : rc;
    const doc_node *theirs = doc_get(r, "scores");
    if (theirs == NULL || theirs->kind != DOC_SEQ)
      return engine_fail(&c->e, "the scores response has no scores (a %s)", doc_kind_name(DOC_SEQ)), -1;
    doc mine;
    doc_init(&mine, "wolves");
    const position p = make_position(g, s);
    diff_init(&dr, DIFF_LINES);
    const int n = diff_docs(&dr, "scores", vector_scores(&mine, &p), theirs);
    cs->compared++;
    if (n > 0) {
      memset(seen, 0, sizeof seen);
      x.kind = "scores";
      x.dr = &dr;
      x.a = NULL;
      seen[WOLVES_C_END_FINAL_SCORE] = 1;
      tally(c, seen, seen);
      disagree(c, cs, &x, o, t);
      rc = 0;
    }
    diff_free(&dr);
    sb_free(&dr.out);
    doc_free(&mine);
  }
  return rc;
}
