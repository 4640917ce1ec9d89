/* pieces_doc.h - player pieces as text ("rocky alpha", "grass den"): the
 * `pieces:` mapping, Moonlight Board items, and the checks that a position
 * puts no piece where the rules never allow one. */
#ifndef CLI_PIECES_DOC_H
#define CLI_PIECES_DOC_H

#include "doc.h"
#include "emit.h"
#include "wolves.h"

#define PIECE_TEXT_MAX 24

/* "rocky alpha" -> piece byte for a pack in the game (a player or the AI
 * pack); -1 with a diagnostic at n otherwise. */
int piece_read(const wolves_state *s, int nplayers, const doc_node *n, cli_err *e);
void piece_text(uint8_t piece, char buf[PIECE_TEXT_MAX]);
/* Moonlight Board item: "lone wolf" or a piece. */
int moon_item_read(const wolves_state *s, int nplayers, const doc_node *n, cli_err *e);
void moon_item_text(uint8_t item, char buf[PIECE_TEXT_MAX]);

/* Replaces every piece on the map with the `pieces:` mapping. */
int pieces_read(const doc_node *map, const wolves_game *g, wolves_state *s, cli_err *e);
/* No colour has more pieces of a type on the map and the Moonlight Board
 * than exist; `at` is where to report. */
int pieces_check_supply(const wolves_game *g, const wolves_state *s, const doc_node *at, cli_err *e);
/* The `pieces:` mapping under key (see emit.h); hexes, when not NULL,
 * keeps each hex's entry from one state to the next. */
void pieces_emit(emitter *em, const char *key, const wolves_game *g, const wolves_state *s,
                 emit_memo hexes[WOLVES_MAX_HEXES]);
/* The pieces on one hex as pieces_emit lists them: ["rocky alpha", ...]. */
void hex_pieces_emit(emitter *em, const char *key, const wolves_hex_state *x);

#endif
