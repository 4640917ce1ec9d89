/* state_doc.h - a whole position as a document: the `run` output and, with
 * the same keys, a scenario's starting position (wolves-scenario(5)). */
#ifndef CLI_STATE_DOC_H
#define CLI_STATE_DOC_H

#include "board_doc.h"
#include "data_doc.h"
#include "doc.h"
#include "emit.h"
#include "events_doc.h"
#include "wolves.h"

#define STATE_FORMAT "wolves/1"

typedef struct {
  wolves_game g;
  wolves_state s;
  const char *title; /* owned by the document it came from */
  event_list events; /* history, then what the actions record */
  /* events[carried_from, carried_to): those the document carried under
   * `events:`, the history of an earlier run.  Before them: what setup
   * recorded in this run; after them: what the actions record. */
  size_t carried_from, carried_to;
  /* Set before state_read, or NULL: overrides of the component data under
   * the document's own `data:`, which wins field by field (`wolves test
   * --data FILE`, a house rule for a suite). */
  const data_overrides *house;
  /* Set before state_read: the edition profile (wolves_edition) for a
   * document that names none under `edition:` (`--edition NAME`); 0, the
   * default, when unset.  The document's own `edition:` wins, and its
   * `readings:` win clause by clause over either.  After state_read: the
   * edition the position was read under. */
  int edition;
  /* After state_read: the points (bit 1 << wolves_reading_point) its
   * `readings:` names, which keep their reading whatever edition or
   * checker's --reading (cli/conform/) applies. */
  unsigned readings_named;
} position;

/* The keys a state document may have (NULL-terminated). */
const char *const *state_keys(void);
/* read_keys for the top level of a position or scenario (keys: what it may
 * hold), refusing first the `derived` block `wolves run --derived` adds:
 * facts computed from the position, never read back (wolves-scenario(5)). */
int state_read_keys(const doc_node *root, const char *const keys[], const char *where, cli_err *e);

/* Builds pos from a state mapping (already checked to hold only state
 * keys); `log_checks` asks setup to record WOLVES_EV_CHECK events too. */
int state_read(const doc_node *root, position *pos, int log_checks, cli_err *e);
/* A title: a string of at most TITLE_MAX bytes (bounds.h). */
int read_title(const doc_node *n, const char **title, cli_err *e);
doc_node *state_write(doc *d, const position *pos);
/* The parts of a state written besides the position itself. */
enum { STATE_TITLE = 1, STATE_EVENTS = 2 };
/* The parts of a state kept from one state to the next by a writer of one
 * JSON line per state (zero-initialised; see emit_memo). */
typedef struct {
  board_memo board;
  emit_memo player[WOLVES_MAX_PLAYERS][2];
  emit_memo hex[WOLVES_MAX_HEXES]; /* the entries of `pieces` */
} state_memo;
void state_memo_free(state_memo *m);
/* The state under key (see emit.h): state_write's keys, in its order, the
 * title and the event log only when parts asks for them; memo, or NULL. */
void state_emit(emitter *em, const char *key, const position *pos, unsigned parts, state_memo *memo);
void position_free(position *pos);

/* Calls fn (wolves_setup or wolves_apply through a closure) with a log that
 * grows until nothing is dropped; appends its events under `action`.
 * Restores *s before each retry. */
typedef int (*logged_fn)(void *ctx, wolves_state *s, wolves_log *log);
int run_logged(logged_fn fn, void *ctx, wolves_state *s, int log_checks, event_list *out, unsigned action);
/* run_logged around wolves_apply. */
int apply_logged(const wolves_game *g, wolves_state *s, const wolves_action *a, int log_checks,
                 event_list *out, unsigned action);

#endif
