/* skipped.c - what the engine cannot do is never the end of a run: an
 * action, a load, a new_game or a request it answers `unsupported`
 * (wolves-engine(5), ERRORS) is a skip of the checks it would have made,
 * with the engine's reason: counted per clause (the clauses our engine
 * records for that action), in its case (one entry per request and
 * reason) and in the summary, and the case goes on with the rest.  A skip
 * alone never fails a run: the engine said what it lacks, rather than a
 * wrong answer. */
#include "conform/checker.h"

#include <stdio.h>
#include <string.h>

#include "base/err.h"
#include "doc.h"
#include "events_doc.h"
#include "state_doc.h"
#include "strbuf.h"
#include "wolves.h"

static void count_clauses(conform *c, const unsigned char *clauses) {
  c->skipped_checks++;
  for (int k = 1; clauses && k < WOLVES_CLAUSE_COUNT; k++) c->skipped[k] += clauses[k];
}

void skip_request(conform *c, const char *cmd, unsigned number, const char *reason,
                  const unsigned char *clauses) {
  count_clauses(c, clauses);
  conform_case *cs = c->now;
  if (cs == NULL) return;
  cs->skips++;
  doc *d = &c->d;
  if (cs->skip_list == NULL) cs->skip_list = doc_seq(d);
  for (doc_node *e = cs->skip_list->first; e; e = e->next)
    if (strcmp(doc_get(e, "request")->str, cmd) == 0 && strcmp(doc_get(e, "reason")->str, reason) == 0) {
      ((doc_node *)doc_get(e, "count"))->num++;
      return;
    }
  doc_node *m = doc_map(d);
  doc_put(d, m, "request", doc_str(d, cmd));
  doc_put(d, m, "action", doc_int(d, number)); /* (the first) */
  doc_put(d, m, "reason", doc_str(d, reason));
  doc_put(d, m, "count", doc_int(d, 1));
  m->layout = DOC_INLINE;
  doc_push(cs->skip_list, m);
}

void skip_case(conform *c, conform_case *cs, const char *cmd, const wolves_game *g, wolves_state s,
               const scripted_action *acts, size_t n) {
  cs->result = SKIP;
  cs->unsupported = 1;
  sb_printf(&cs->text, "the engine does not support the %s that starts it: ", cmd);
  err_escape(&cs->text, c->last_clause, strlen(c->last_clause), NULL);
  for (size_t i = 0; i < n; i++) {
    wolves_action a = acts[i].a;
    if (acts[i].by_current) a.player = s.current;
    event_list ev = {0};
    (void)apply_logged(g, &s, &a, WOLVES_CHECKS_PASSED, &ev, 1);
    unsigned char all[WOLVES_CLAUSE_COUNT], effects[WOLVES_CLAUSE_COUNT];
    unsigned parts[WOLVES_CLAUSE_COUNT];
    clauses_of(&ev, all, effects, parts);
    events_free(&ev);
    count_clauses(c, all);
    cs->skips++;
  }
}

void skip_if_nothing_compared(conform *c, conform_case *cs) {
  if (cs->result != AGREE || cs->compared || cs->skip_list == NULL) return;
  const doc_node *first = cs->skip_list->first;
  cs->result = SKIP;
  cs->unsupported = 1;
  sb_printf(&cs->text, "the engine does not support the %s at action %lld: ", doc_get(first, "request")->str,
            doc_get(first, "action")->num);
  const char *reason = doc_get(first, "reason")->str;
  err_escape(&cs->text, reason, strlen(reason), NULL);
  (void)c;
}
