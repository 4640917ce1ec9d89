/* perft_table.c - see perft_table.h.  A depth-first walk over
 * wolves_legal_actions and wolves_apply on copies of the flat state; at
 * depth 1 the length of the list is the count (the generator has verified
 * each action already, as chess programs count "bulk" at the last ply). */
#include "scenario/perft_table.h"

#include <stdlib.h>

#include "rng.h"
#include "scenario/moves.h"
#include "scenario/vector.h"

/* (Each ply's legal actions are listed in a legal_buf of its own.) */

static uint64_t walk(const wolves_game *g, const wolves_state *s, int depth, legal_buf *p, uint64_t *refused,
                     perft_work *work) {
  if (work->positions == 0) {
    work->over = PERFT_OVER_POSITIONS;
    return 0;
  }
  work->positions--;
  const int n = legal_list(g, s, p);
  if (n < 0 || (uint64_t)n > work->actions) { /* (-1: never, for a position that loaded) */
    work->over = PERFT_OVER_ACTIONS;
    return 0;
  }
  work->actions -= (uint64_t)n;
  if (depth <= 1) return (uint64_t)n;
  uint64_t total = 0;
  for (int i = 0; i < n && !work->over; i++) {
    wolves_state next = *s;
    if (wolves_apply(g, &next, &p->buf[i], NULL) != WOLVES_OK) {
      ++*refused;
      continue;
    }
    total += walk(g, &next, depth - 1, p + 1, refused, work);
  }
  return work->over ? 0 : total;
}

uint64_t perft_count_with(const wolves_game *g, const wolves_state *s, int depth, legal_buf plies[],
                          uint64_t *refused, perft_work *work) {
  uint64_t none = 0;
  return walk(g, s, depth, plies, refused ? refused : &none, work);
}

void perft_plies_free(legal_buf plies[]) {
  for (int i = 0; i < PERFT_MAX_DEPTH; i++) free(plies[i].buf);
}

/* ---- the table of `wolves export` ---- */

/* Games of `wolves play` (seeds of the bundled scenarios/games/), at the
 * start (the draft), when play begins (the draft done), in the middle,
 * near the end, and where a Moonlight phase waits to be scored at the end
 * of the turn.  The depths keep the whole table to about a second. */
static const perft_entry table[] = {
    {"start-2p", "2 players: the start, before the draft", 2, 1, 0, 3},
    {"start-3p", "3 players: the start, before the draft", 3, 109, 0, 4},
    {"start-4p", "4 players: the start, before the draft", 4, 111, 0, 4},
    {"start-5p", "5 players: the start, before the draft", 5, 100, 0, 4},
    {"play-2p", "2 players: the first turn of play, the draft done", 2, 1, 4, 4},
    {"play-3p", "3 players: the first turn of play, the draft done", 3, 109, 6, 3},
    {"play-4p", "4 players: the first turn of play, the draft done", 4, 111, 8, 3},
    {"play-5p", "5 players: the first turn of play, the draft done", 5, 100, 10, 3},
    {"mid-3p", "3 players: mid-game, turn 19", 3, 2012, 61, 2},
    {"mid-5p", "5 players: mid-game, turn 36", 5, 100, 118, 2},
    {"pending-3p", "3 players: the crescent phase reached this turn, scored when the turn ends", 3, 109, 54,
     3},
    {"late-2p", "2 players: late game, turn 60", 2, 1, 188, 3},
    {"end-4p", "4 players: the full moon reached this turn: ending it ends the game", 4, 111, 149, 4},
};

#define TABLE_SIZE ((int)(sizeof table / sizeof *table))

int perft_table_size(void) { return TABLE_SIZE; }

const perft_entry *perft_table_entry(int i) { return i >= 0 && i < TABLE_SIZE ? &table[i] : NULL; }

int perft_table_position(const perft_entry *e, wolves_game *g, wolves_state *s) {
  static const uint8_t seating[] = {WOLVES_ROCKY, WOLVES_GRASS, WOLVES_TUNDRA, WOLVES_DESERT, WOLVES_FOREST};
  wolves_rng rng;
  wolves_action a;
  if (wolves_setup(g, s, e->players, seating, e->players == 2 ? WOLVES_FOREST : WOLVES_NONE, e->seed, NULL))
    return -1;
  wolves_rng_seed(&rng, e->seed);
  for (int i = 0; i < e->actions; i++)
    if (!wolves_sample(g, s, &rng, &a, NULL) || wolves_apply(g, s, &a, NULL) != WOLVES_OK) return -1;
  return 0;
}

doc_node *perft_table_write(doc *d) {
  doc_node *const root = doc_map(d), *const list = doc_seq(d);
  doc_put(d, root, "format", doc_str(d, PERFT_FORMAT));
  doc_put(d, root, "set", doc_str(d, PERFT_SET));
  legal_buf plies[PERFT_MAX_DEPTH] = {{0}};
  for (int i = 0; i < TABLE_SIZE; i++) {
    const perft_entry *const e = &table[i];
    position pos = {0};
    if (perft_table_position(e, &pos.g, &pos.s)) continue;
    doc_node *const m = doc_map(d), *const game = doc_map(d), *const counts = doc_seq(d);
    doc_put(d, m, "name", doc_str(d, e->name));
    doc_put(d, m, "about", doc_str(d, e->about));
    doc_put(d, game, "players", doc_int(d, e->players));
    doc_put(d, game, "seed", doc_int(d, (long long)e->seed));
    doc_put(d, game, "actions", doc_int(d, e->actions));
    game->layout = DOC_INLINE;
    doc_put(d, m, "game", game);
    doc_put(d, m, "position", vector_position(d, &pos));
    for (int k = 1; k <= e->depth; k++) {
      perft_work work = PERFT_WORK;
      const uint64_t n = perft_count_with(&pos.g, &pos.s, k, plies, NULL, &work);
      if (work.over) break;
      doc_push(counts, doc_int(d, (long long)n));
    }
    doc_put(d, m, "counts", counts);
    doc_push(list, m);
  }
  perft_plies_free(plies);
  doc_put(d, root, "positions", list);
  return root;
}
