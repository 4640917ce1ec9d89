/* render_impl.h - what the pictures of cli/render*.c share (internal to
 * the program): the vocabulary of initials, and the summaries of the
 * players and of the game that the text and the SVG both print. */
#ifndef CLI_RENDER_IMPL_H
#define CLI_RENDER_IMPL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "wolves.h"

/* Terrain initials (F G D T R), in terrain order. */
extern const char render_terrain_letter[WOLVES_TERRAINS];

#define SUMMARY_INDENT 4 /* under the pack name */

static inline int valid_terrain(int t) { return t >= 0 && t < WOLVES_TERRAINS; }

static inline char region_letter(uint8_t r) { return r < WOLVES_MAX_REGIONS ? (char)('a' + r) : ' '; }

/* The pack whose pieces these are, for colour: the players' packs or the
 * 2-player AI pack, all of them terrains. */
static inline int piece_pack(uint8_t piece) { return WOLVES_PIECE_PACK(piece); }

static inline int nplayers_of(const wolves_game *g) {
  return g->nplayers <= WOLVES_MAX_PLAYERS ? g->nplayers : 0;
}

/* "draft", "play" or "over". */
const char *render_phase_word(uint8_t phase);

/* One player's summary, as a table would read the Player Board: `head`
 * (what goes after the pack name: tiles, attributes, Bonus Tokens; tiles
 * upper case face up, lower case flipped) and `detail` (a second line:
 * what was taken off the board, prey hunted, tokens scored). */
void render_player_summary(char *head, char *detail, size_t n, const wolves_game *g, const wolves_state *s,
                           int i);

/* The Moonlight Board (`moon`) and whose turn it is (`turn`). */
void render_game_summary(char *moon, char *turn, size_t n, const wolves_game *g, const wolves_state *s);

/* Flushes out: 0, or -1 on a write error. */
int render_finish(FILE *out);

#endif
