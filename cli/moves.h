/* moves.h - every legal Move of the player to act, once per position it
 * leads to (`wolves legal --moves all`), over the engine's walk
 * (wolves_legal_moves). */
#ifndef CLI_MOVES_H
#define CLI_MOVES_H

#include <stddef.h>

#include "wolves.h"

typedef struct {
  wolves_action *a; /* in the order of the engine's walk */
  size_t n;
} move_list;

/* The legal Moves of s, one per position they lead to (the first the walk
 * finds: the fewest wolves, then wolves by hex), into *out: 0, or -1 (out
 * empty) when there are more than limit of them. */
int moves_all(const wolves_game *g, const wolves_state *s, size_t limit, move_list *out);
void moves_free(move_list *m);

#endif
