/* disagreement.c - a disagreement recorded in its case: its lines of
 * text, its object in the JSON report, its reproducer; and the engine's
 * refusal of a start position wolves reads. */
#include "conform/checker.h"

#include <stdlib.h>
#include <string.h>

#include "actions_doc.h"
#include "base/err.h"
#include "doc.h"
#include "events_doc.h"
#include "json.h"
#include "scenario/diff.h"
#include "state_doc.h"
#include "strbuf.h"
#include "wolves.h"

void verdict_text(strbuf *sb, int applied_or_clause, int engine, const char *their_clause) {
  if (!engine) {
    if (applied_or_clause)
      sb_printf(sb, "refused by %s", clause_id(applied_or_clause));
    else
      sb_puts(sb, "applied");
  } else if (applied_or_clause < 0) {
    sb_puts(sb, "not asked");
  } else if (applied_or_clause == 0) {
    sb_puts(sb, "applied");
  } else if (their_clause && *their_clause) {
    sb_puts(sb, "refused by ");
    err_escape(sb, their_clause, strlen(their_clause), NULL);
  } else {
    sb_puts(sb, "refused");
  }
}

/* What x is counted under, into ids (its subjects' names) and readings
 * (the reading in force of each that has them); for a refusal without a
 * clause, the clauses our engine checked for the action into *checked. */
static void subjects_of(doc *d, const disagreement *x, doc_node *ids, doc_node *readings,
                        doc_node **checked) {
  for (int k = 0; k < WOLVES_CLAUSE_COUNT; k++) {
    if (!x->seen[k]) continue;
    doc_push(ids, doc_str(d, subject_name(k)));
    const wolves_reading *r = k ? wolves_reading_find(clause_id(k)) : NULL;
    if (r) doc_put(d, readings, clause_id(k), doc_str(d, r->choice[x->g->reading[r->point]].name));
  }
  ids->layout = readings->layout = DOC_INLINE;
  if (!x->seen[REFUSED_WITHOUT_CLAUSE] || x->a == NULL) return;
  wolves_state s = *x->before;
  event_list ev = {0};
  (void)apply_logged(x->g, &s, x->a, WOLVES_CHECKS_PASSED, &ev, 1);
  unsigned char seen[WOLVES_CLAUSE_COUNT] = {0};
  for (size_t i = 0; i < ev.len; i++)
    if (WOLVES_EV_DIAGNOSTIC(ev.ev[i].kind) && ev.ev[i].clause > 0 && ev.ev[i].clause < WOLVES_CLAUSE_COUNT)
      seen[ev.ev[i].clause] = 1;
  events_free(&ev);
  *checked = doc_seq(d);
  for (int k = 1; k < WOLVES_CLAUSE_COUNT; k++)
    if (seen[k]) doc_push(*checked, doc_str(d, clause_id(k)));
  (*checked)->layout = DOC_INLINE;
}

/* The names of a list, one space apart, as a line of the case's text:
 * "  WHAT: A B C". */
static void names_line(strbuf *sb, const char *what, const doc_node *list) {
  if (list == NULL || list->count == 0) return;
  sb_printf(sb, "  %s:", what);
  for (const doc_node *n = list->first; n; n = n->next) sb_printf(sb, " %s", n->str);
  sb_putc(sb, '\n');
}

/* Records x in the case: its lines, its object, the tallies; writes its
 * reproducer.  With --known, marked known or new from its first line. */
void disagree(conform *c, conform_case *cs, const disagreement *x, const origin *o, const trail *t) {
  cs->result = DISAGREE;
  strbuf *sb = &cs->text;
  doc *d = &c->d;
  doc_node *ids = doc_seq(d), *readings = doc_map(d), *checked = NULL;
  subjects_of(d, x, ids, readings, &checked);
  strbuf fresh = {0};
  const int judged = known_judge(c, cs->name, x->kind, ids, readings, &fresh);
  cs->fresh += judged == 0;
  doc_node *m = doc_map(d);
  doc_put(d, m, "kind", doc_str(d, x->kind));
  doc_put(d, m, "action", doc_int(d, x->number));
  sb_puts(sb, judged < 0 ? "" : judged ? "[known] " : "[new] ");
  if (x->a) {
    doc_node *act = action_write(d, x->g, x->before, x->a);
    act->layout = DOC_INLINE;
    strbuf flow = {0};
    yaml_flow(&flow, act);
    sb_printf(sb, "%s %s action %u: ", x->kind, x->at_end ? "after" : "at", x->number);
    sb_puts(sb, flow.buf);
    sb_free(&flow);
    doc_put(d, m, "act", act);
    if (x->probe) {
      sb_printf(sb, " (a near miss: %s)", x->probe);
      doc_put(d, m, "near_miss", doc_str(d, x->probe));
    }
  } else {
    sb_printf(sb, "%s after action %u", x->kind, x->number);
  }
  const wolves_state *s = x->before;
  const char *phase = s->phase == WOLVES_PHASE_DRAFT  ? "draft"
                      : s->phase == WOLVES_PHASE_PLAY ? "play"
                                                      : "over";
  sb_printf(sb, "\n  position: turn %u, %s, %s to act, %u action%s taken\n", s->turn, phase,
            wolves_terrain_name(s->player[s->current].pack), s->actions_taken,
            s->actions_taken == 1 ? "" : "s");
  doc_node *pos = doc_map(d);
  doc_put(d, pos, "turn", doc_int(d, s->turn));
  doc_put(d, pos, "phase", doc_str(d, phase));
  doc_put(d, pos, "current", doc_str(d, wolves_terrain_name(s->player[s->current].pack)));
  doc_put(d, pos, "actions_taken", doc_int(d, s->actions_taken));
  doc_put(d, m, "position", pos);
  if (x->a) {
    strbuf w = {0}, e = {0};
    verdict_text(&w, x->ours, 0, NULL);
    verdict_text(&e, x->theirs, 1, x->their_clause);
    sb_printf(sb, "  wolves: %s; engine: %s\n", w.buf, e.buf);
    doc_put(d, m, "wolves", doc_str(d, w.buf));
    doc_put(d, m, "engine", doc_str(d, e.buf));
    sb_free(&w);
    sb_free(&e);
  }
  if (x->dr) {
    diff_finish(x->dr);
    for (const char *p = x->dr->out.buf; p && *p;) {
      const char *nl = strchr(p, '\n');
      const size_t n = nl ? (size_t)(nl - p) : strlen(p);
      sb_puts(sb, "  ");
      sb_putn(sb, p, n);
      sb_putc(sb, '\n');
      p += n + (nl ? 1 : 0);
    }
    doc_put(d, m, "differences", x->dr->list ? doc_copy(d, x->dr->list) : doc_seq(d));
  }
  doc_put(d, m, "clauses", ids);
  if (checked) doc_put(d, m, "checked", checked);
  if (readings->count) doc_put(d, m, "readings", readings);
  known_put(d, m, judged, fresh.buf);
  names_line(sb, "clauses", ids);
  names_line(sb, "checked by wolves", checked);
  if (judged == 0) sb_printf(sb, "  new: %s\n", fresh.buf);
  sb_free(&fresh);
  char *file = write_reproducer(c, cs, x, o, t);
  if (file) {
    sb_puts(sb, "  reproducer: ");
    err_escape(sb, file, strlen(file), NULL);
    sb_putc(sb, '\n');
    doc_put(d, m, "reproducer", doc_str(d, file));
    free(file);
  }
  if (cs->list == NULL) cs->list = doc_seq(d);
  doc_push(cs->list, m);
}

/* The engine refused to load a position wolves reads. */
void refused_load(conform *c, conform_case *cs, const wolves_game *g, const wolves_state *s) {
  cs->result = DISAGREE;
  c->checks++;
  cs->compared++;
  doc *d = &c->d;
  doc_node *ids = doc_seq(d);
  strbuf fresh = {0};
  const int judged = known_judge(c, cs->name, "load", ids, NULL, &fresh);
  cs->fresh += judged == 0;
  sb_puts(&cs->text, judged < 0 ? "" : judged ? "[known] " : "[new] ");
  sb_puts(&cs->text, "load: the engine refused the start position: ");
  err_escape(&cs->text, c->last_clause, strlen(c->last_clause), NULL);
  sb_printf(&cs->text, "\n  position: turn %u, %s to act\n", s->turn,
            wolves_terrain_name(s->player[s->current].pack));
  if (judged == 0) sb_printf(&cs->text, "  new: %s\n", fresh.buf);
  doc_node *m = doc_map(d);
  doc_put(d, m, "kind", doc_str(d, "load"));
  doc_put(d, m, "action", doc_int(d, 0));
  doc_node *pos = doc_map(d);
  doc_put(d, pos, "turn", doc_int(d, s->turn));
  doc_put(d, pos, "current", doc_str(d, wolves_terrain_name(s->player[s->current].pack)));
  doc_put(d, m, "position", pos);
  doc_put(d, m, "engine", doc_str(d, c->last_clause));
  doc_put(d, m, "clauses", ids);
  known_put(d, m, judged, fresh.buf);
  sb_free(&fresh);
  if (cs->list == NULL) cs->list = doc_seq(d);
  doc_push(cs->list, m);
  (void)g;
}
