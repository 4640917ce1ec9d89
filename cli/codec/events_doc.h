/* events_doc.h - the event log in a state document: one object per event,
 * tagged with the scenario action that caused it (0 = setup). */
#ifndef CLI_EVENTS_DOC_H
#define CLI_EVENTS_DOC_H

#include "doc.h"
#include "emit.h"
#include "wolves.h"

typedef struct {
  wolves_event *ev;
  unsigned *action;
  size_t len, cap;
} event_list;

void events_append(event_list *l, const wolves_event *ev, size_t n, unsigned action);
void events_free(event_list *l);

int events_read(const doc_node *list, const wolves_game *g, const wolves_state *s, event_list *out,
                cli_err *e);
doc_node *events_write(doc *d, const wolves_game *g, const wolves_state *s, const event_list *l);
/* The same under key (see emit.h); each event's `action` only with
 * EVENTS_ACTION in parts (an apply's answer, a vector's step: it is
 * theirs). */
enum { EVENTS_ACTION = 1 };
void events_emit(emitter *em, const char *key, const wolves_game *g, const wolves_state *s,
                 const event_list *l, unsigned parts);

#endif
