/* verdict.c - see verdict.h. */
#include "scenario/verdict.h"

#include "scenario/instead.h"
#include "scenario/numbers.h"

/* Action of sc judged again in the position it was applied to, into *ev;
 * its verdict, or -1 when that position was not kept. */
static int judge_again(const scenario *sc, unsigned action, wolves_action *a, event_list *ev) {
  const wolves_state *const before = scenario_before(sc, action);
  if (before == NULL || action < 1 || action > sc->nactions) return -1;
  *a = sc->actions[action - 1].a;
  if (sc->actions[action - 1].by_current) a->player = before->current;
  return judge_logged(&sc->pos.g, before, a, WOLVES_CHECKS_FIRST, ev);
}

doc_node *verdict_refused(const scenario *sc, unsigned action, int clause, strbuf *sb, doc *d) {
  wolves_action a;
  event_list ev = {0};
  if (judge_again(sc, action, &a, &ev) < 0) return NULL;
  const judgement j = {&sc->pos.g, scenario_before(sc, action), &a, &ev};
  const size_t i = numbers_refusing(&j, clause);
  doc_node *r = NULL;
  if (i != (size_t)-1) {
    r = numbers_write(d, &j, i);
    sb_printf(sb, ": %s", doc_get(r, "because")->str);
    instead x;
    instead_find(&x, &j, i);
    doc_node *const alternatives = instead_write(d, &j, &x);
    if (alternatives) doc_put(d, r, "legal_instead", alternatives);
    /* (TURN.TWO_ACTIONS: the line counts them; any action would do) */
    if (clause == WOLVES_C_TURN_TWO_ACTIONS) x.shown = x.count = 0, x.of[0] = '\0';
    for (int k = 0; k < x.shown && k < VERDICT_LABELS; k++)
      sb_printf(sb, "%s%s", k == 0 ? "; legal instead: " : ", ", x.label[k]);
    if (x.count > VERDICT_LABELS && x.shown) sb_printf(sb, " and %d more", x.count - VERDICT_LABELS);
    if (x.of[0] && x.count == 0) sb_printf(sb, "; legal instead: none of %s", x.of);
  }
  events_free(&ev);
  return r;
}

doc_node *verdict_not_refused(const scenario *sc, unsigned action, int clause, strbuf *sb, doc *d) {
  wolves_action a;
  event_list ev = {0};
  const int got = judge_again(sc, action, &a, &ev);
  if (got < 0) return NULL;
  const judgement j = {&sc->pos.g, scenario_before(sc, action), &a, &ev};
  const size_t i = numbers_last_check(&j, clause);
  const char *const id = wolves_clause_get(clause)->id;
  doc_node *const r = doc_map(d);
  doc_put(d, r, "clause", doc_str(d, id));
  const wolves_event *const m = i != (size_t)-1 ? numbers_of(&j, i) : NULL;
  if (i != (size_t)-1) {
    doc_put(d, r, "verdict", doc_str(d, "allowed"));
    sb_printf(sb, "; %s allowed it", id);
    if (m) sb_puts(sb, ": ");
    numbers_short(sb, &j, i);
  } else if (got) {
    doc_put(d, r, "verdict", doc_str(d, "refused first"));
    sb_printf(sb, "; it was refused first by %s", wolves_clause_get(got)->id);
  } else {
    doc_put(d, r, "verdict", doc_str(d, "not checked"));
    sb_printf(sb, "; it was legal: %s was not checked", id);
  }
  doc_put(d, r, "measured", m ? doc_int(d, m->value) : doc_new(d, DOC_NULL));
  doc_put(d, r, "limit", m ? doc_int(d, m->piece) : doc_new(d, DOC_NULL));
  events_free(&ev);
  return r;
}
