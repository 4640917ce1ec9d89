/* moves.h - the legal actions of the player to act as lists: the engine's
 * list (wolves_legal_actions) in a buffer that grows as needed, and every
 * legal Move, once per position it leads to (`wolves legal --moves all`),
 * over the engine's walk (wolves_legal_moves). */
#ifndef CLI_MOVES_H
#define CLI_MOVES_H

#include <stddef.h>

#include "doc.h"
#include "strbuf.h"
#include "wolves.h"

/* A list of actions that grows as needed: zeroed at first, buf freed
 * with free() (it may serve one position after another). */
typedef struct {
  wolves_action *buf;
  int cap;
} legal_buf;

/* The legal actions of s as wolves_legal_actions lists them, into b->buf:
 * how many (-1 for a bad argument, as wolves_legal_actions). */
int legal_list(const wolves_game *g, const wolves_state *s, legal_buf *b);

typedef struct {
  wolves_action *a; /* in the order of the engine's walk */
  size_t n;
} move_list;

/* The legal Moves of s, one per position they lead to (the first the walk
 * finds: the fewest wolves, then wolves by hex), into *out: 0, or (out
 * empty) MOVES_TOO_MANY when there are more than limit of them,
 * MOVES_TOO_LONG when the engine's walk stopped at its bound on work
 * (WOLVES_MOVES_TRIED_MAX Moves tried) first, -1 for a bad argument (as
 * wolves_legal_moves). */
enum { MOVES_TOO_MANY = 1, MOVES_TOO_LONG = 2 };
int moves_all(const wolves_game *g, const wolves_state *s, size_t limit, move_list *out);
void moves_free(move_list *m);

/* The player to act: drafting or playing, WOLVES_NONE once the game is
 * over. */
uint8_t legal_player(const wolves_game *g, const wolves_state *s);
/* An action as `legal` prints it, in the scenario syntax on one line
 * (`howl: {at: C4}`, `end_turn`): item is an action's document
 * (action_write). */
void legal_action_line(strbuf *sb, const doc_node *item);

#endif
