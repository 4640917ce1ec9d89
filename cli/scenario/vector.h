/* vector.h - a position and its final scores as documents, as the test
 * vectors of `wolves export` hold them and the perft table, the engine
 * protocol (`wolves engine`) and the checker (`wolves conform`) carry
 * them. */
#ifndef CLI_VECTOR_H
#define CLI_VECTOR_H

#include "doc.h"
#include "state_doc.h"

#define VECTOR_FORMAT "wolves-vector/1"

/* The position of pos as a vector holds it: the state document `run`
 * prints (format wolves/1, loadable as a scenario's state) without its
 * title and event log. */
doc_node *vector_position(doc *d, const position *pos);

/* The readings g is played under, every point by clause ID and reading
 * name ({"MOVE.PUSH_CHOICE": "straight", ...}): what a vector assumes. */
doc_node *vector_readings(doc *d, const wolves_game *g);

/* A player as a vector names it: by the colour of its pack ("rocky"). */
doc_node *vector_player(doc *d, int pack);

/* The final scores of pos as a vector holds them: [{player, total, rank,
 * tokens, track_vp: {pack_spread, ...}, region_tokens, wolves_on_board,
 * alphas_on_board}], one per player in seating order. */
doc_node *vector_scores(doc *d, const position *pos);

#endif
