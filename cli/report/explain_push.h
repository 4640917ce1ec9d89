/* explain_push.h - `wolves explain` on a push (MOVE.ALPHA_PUSH, LAIR.PUSH):
 * every hex the pushed wolf might be argued onto and why it qualifies or
 * not, from the engine's candidate events (WOLVES_EV_CANDIDATE). */
#ifndef CLI_EXPLAIN_PUSH_H
#define CLI_EXPLAIN_PUSH_H

#include "doc.h"
#include "events_doc.h"
#include "strbuf.h"
#include "wolves.h"

/* One object per pushed wolf, in the order pushed:
 * {wolf: "grass pack C1", counted: the reading of MOVE.PUSH_CHOICE,
 *  nearest: the distance of the nearest empty or friendly hex (null: none),
 *  candidates: [{hex, distance (null: no walk reaches it), qualifies,
 *  clause, why, named, pushed_here}]}, the candidates by distance, then in
 * board order.  `before` is the position the action was applied to. */
doc_node *pushes_write(doc *d, const wolves_game *g, const wolves_state *before, const wolves_action *a,
                       const event_list *ev);

/* What a check of MOVE.PUSH_CHOICE on wolf ("grass pack C1") about hex
 * `to` with verdict ok was about, in d: for the check that some hex
 * qualifies (to is the wolf's own hex) "grass pack C1: B2, C2 qualify" or
 * ": no hex qualifies"; for a refused hex the action named, "grass pack
 * C1 -> D1: " and why it does not qualify; NULL otherwise (no push of
 * that wolf, or a hex that qualifies). */
const char *push_check_about(doc *d, const doc_node *pushes, const char *wolf, const char *to, int ok);

/* The candidate that explains a refusal by MOVE.PUSH_CHOICE on hex `at`:
 * the hex the action named for a pushed wolf, when it does not qualify and
 * another does; or NULL (the refusal is that no hex qualifies).  *wolf:
 * the pushed wolf. */
const doc_node *push_refused_candidate(const doc_node *pushes, const char *at, const char **wolf);

/* The pushes as text: a header per pushed wolf, then a line per hex. */
void pushes_text(strbuf *sb, const doc_node *pushes);

#endif
