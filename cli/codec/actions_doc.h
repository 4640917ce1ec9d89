/* actions_doc.h - a scenario's `actions:` list as engine actions. */
#ifndef CLI_ACTIONS_DOC_H
#define CLI_ACTIONS_DOC_H

#include "bounds.h"
#include "doc.h"
#include "emit.h"
#include "wolves.h"

typedef struct {
  wolves_action a;
  int by_current; /* no `by:`: the player whose turn it is when applied */
  const doc_node *node;
} scripted_action;

/* Reads every action up front, so a mistake in the last one is reported
 * before anything is applied.  *out is malloc'ed (free it). */
/* At most ACTIONS_MAX actions (bounds.h). */
int actions_read(const doc_node *list, const wolves_game *g, const wolves_state *s, scripted_action **out,
                 size_t *n, cli_err *e);

/* The reverse: action a, to be applied to position s, as a one-key
 * mapping in the same syntax (`move: {wolves: ["alpha B2 C4"]}`).  `by`
 * appears only when a->player is not the player to act; pay, pushes,
 * piece and pack only when a names them (not the engine's default). */
doc_node *action_write(doc *d, const wolves_game *g, const wolves_state *s, const wolves_action *a);
/* The same under key (see emit.h). */
void action_emit(emitter *em, const char *key, const wolves_game *g, const wolves_state *s,
                 const wolves_action *a);

#endif
