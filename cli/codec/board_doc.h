/* board_doc.h - the `board:` part of a state document: the hex map drawn
 * as text, and the tokens on it (Lone Wolf, Prey, Region Scoring). */
#ifndef CLI_BOARD_DOC_H
#define CLI_BOARD_DOC_H

#include "doc.h"
#include "emit.h"
#include "wolves.h"

#define HEX_NAME_MAX 8

/* Fills b from a `map:` node (literal block or list of row strings) and
 * links it. */
int board_map_read(const doc_node *map, wolves_board *b, cli_err *e);
/* Reads lone_wolves, prey and region_tokens of a `board:` mapping. */
int board_tokens_read(const doc_node *board, const wolves_game *g, wolves_state *s, cli_err *e);
/* What board_emit keeps from one state to the next: the map's text, and
 * that of the tokens on it (zero-initialised). */
typedef struct {
  emit_memo map, tokens;
} board_memo;
void board_memo_free(board_memo *m);
/* The `board:` mapping under key (see emit.h); memo, or NULL. */
void board_emit(emitter *em, const char *key, const wolves_game *g, const wolves_state *s, board_memo *memo);

/* A hex named by node n (a string "C4"); returns its index or -1. */
int hex_read(const wolves_board *b, const doc_node *n, cli_err *e);
/* Same for a word inside a longer string held by n. */
int hex_read_word(const wolves_board *b, const doc_node *n, const char *word, cli_err *e);
void hex_name(const wolves_board *b, int h, char buf[HEX_NAME_MAX]);
/* Hex indices in reading order (row by row, left to right): the order of
 * every per-hex listing in the output, whatever order the board has. */
int board_order(const wolves_board *b, uint8_t order[WOLVES_MAX_HEXES]);
/* Region letter 'a'.. for region index r. */
char region_letter(int r);

#endif
