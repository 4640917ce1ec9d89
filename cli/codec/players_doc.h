/* players_doc.h - one Player Board in a state document (`players.<colour>`).
 * Derived values (attributes, track_vp, score) are printed for readers and
 * verified when read back; they always come from the engine. */
#ifndef CLI_PLAYERS_DOC_H
#define CLI_PLAYERS_DOC_H

#include "doc.h"
#include "emit.h"
#include "wolves.h"

/* Sets player p's board from v (NULL or null: as set up). */
int player_read(const doc_node *v, const wolves_game *g, wolves_state *s, int p, cli_err *e);
/* Checks the derived values v states against the finished position. */
int player_verify(const doc_node *v, const wolves_game *g, const wolves_state *s, int p,
                  const wolves_score score[WOLVES_MAX_PLAYERS], cli_err *e);
/* Player p's board under key (see emit.h); memo, when not NULL, keeps its
 * text from one state to the next (the board's entries, its scores). */
void player_emit(emitter *em, const char *key, const wolves_game *g, const wolves_state *s, int p,
                 const wolves_score score[WOLVES_MAX_PLAYERS], emit_memo memo[2]);

#endif
