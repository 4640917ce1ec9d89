/* perft_table.h - perft counts: move-generator counts, as chess engines check
 * theirs.  perft(N) of a position is the number of sequences of N actions
 * from it (`wolves perft`), each action one that wolves_legal_actions lists (what `wolves
 * legal` prints: a Move of one wolf with the default push and payment, a
 * Build Den or Dominate of a Den per attribute, an Upgrade with the
 * default pushes, a Howl, end_turn when it is legal, a draft placement in
 * the draft).  Ending the turn is an action like any other; a sequence
 * that reaches the end of the game before N actions counts 0 (leaves are
 * counted at depth N only).  Also the table of perft counts that `wolves
 * export` writes (perft.json) and `wolves conform` can compare. */
#ifndef CLI_PERFT_TABLE_H
#define CLI_PERFT_TABLE_H

#include <stdint.h>

#include "doc.h"
#include "scenario/moves.h"
#include "wolves.h"

#define PERFT_MAX_DEPTH 10
#define PERFT_FORMAT "wolves-perft/1"
/* Which actions perft counts, for perft.json. */
#define PERFT_SET                                                                                            \
  "the actions `wolves legal` lists (wolves_legal_actions): in the draft each hex the drafting player may "  \
  "take; in play each Move of one wolf (the default push and payment), each Build Den per attribute, each "  \
  "Upgrade (default pushes), each Howl, each Dominate of a piece (of a Den: per attribute), and end_turn "   \
  "when it is legal; sequences are counted at the full depth only (a game that ends sooner counts 0)"

/* The work of a count, bounded so that no count takes more than seconds
 * (it grows as the actions to the power of the depth: 77 million at depth
 * 5 in the middle of a 4-player game): the positions whose legal actions
 * it lists (each a walk over the board, a few microseconds), at most
 * PERFT_POSITIONS_MAX, and the actions they list (the last ply's lists are
 * the count itself), at most PERFT_ACTIONS_MAX.  positions, actions: what
 * a count may still list, from those; over: PERFT_OVER_POSITIONS or
 * PERFT_OVER_ACTIONS when a count needed more (its result is no count). */
#define PERFT_POSITIONS_MAX 500000u
#define PERFT_ACTIONS_MAX 20000000u
enum { PERFT_OVER_POSITIONS = 1, PERFT_OVER_ACTIONS };
typedef struct {
  uint64_t positions, actions;
  int over;
} perft_work;
#define PERFT_WORK                                                                                           \
  { PERFT_POSITIONS_MAX, PERFT_ACTIONS_MAX, 0 }

/* perft(depth) of s, depth 1..PERFT_MAX_DEPTH, with a legal list per ply
 * kept by the caller (plies[0] for depth's, plies[1] for the next, ...:
 * PERFT_MAX_DEPTH of them, zeroed at first), so that counts in a row reuse
 * the buffers; perft_plies_free frees them.  *refused (may be NULL) counts
 * listed actions that wolves_apply refused: the generator and the engine
 * disagree (never, unless the engine is broken).  What it lists is taken
 * from *work: 0 and work->over set when that runs out. */
uint64_t perft_count_with(const wolves_game *g, const wolves_state *s, int depth, legal_buf plies[],
                          uint64_t *refused, perft_work *work);
void perft_plies_free(legal_buf plies[]);

/* One position of the perft table: game `seed` of `wolves play --players
 * N --seed S` (the same as scenarios/games/Np-seed-S.yaml when bundled)
 * after its first `actions` actions, with its counts at depths 1..depth. */
typedef struct {
  const char *name;  /* "start-3p", "pending-3p", ... */
  const char *about; /* one line: what the position is */
  int players;
  uint64_t seed;
  int actions;
  int depth;
} perft_entry;

int perft_table_size(void);
const perft_entry *perft_table_entry(int i);
/* The position of entry e: replays the self-play game.  0, or -1 when the
 * game ends before (never, for the table's entries). */
int perft_table_position(const perft_entry *e, wolves_game *g, wolves_state *s);
/* The whole table as a document {format, set, positions: [{name, about,
 * game: {players, seed, actions}, position, counts}]}: counts at depths 1
 * to the entry's, as far as each is within the bounds on work (all of
 * them: the table takes about a second). */
doc_node *perft_table_write(doc *d);

#endif
