/* render_impl.h - what the pictures of cli/render*.c share (internal to
 * the program): the vocabulary of initials, and the summaries of the
 * players and of the game that the text and the SVG both print. */
#ifndef CLI_RENDER_IMPL_H
#define CLI_RENDER_IMPL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "wolves.h"

/* The initials of the pictures (render.c says why these): terrains
 * (F G D T R, also the packs'), piece types in wolves_piece_type order
 * (N P A L), prey in the wide layout (Moo Dee Rac Boa Rab) and the compact one
 * (m s n w r), Moonlight phases (C Q O). */
extern const char render_terrain_letter[WOLVES_TERRAINS];
extern const char render_type_letter[4];
extern const char *const render_prey_abbrev[WOLVES_PREY_TYPES];
extern const char render_prey_letter[WOLVES_PREY_TYPES];
extern const char render_phase_letter[WOLVES_PHASES];

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

/* Whether player i's tile in slot k shows its back (slot 1, the faction
 * tile, is the same on both sides). */
static inline int render_tile_flipped(const wolves_state *s, int i, int k) {
  return k != 0 && (s->player[i].flipped >> k) & 1;
}

/* Player i's tiles, slot 1 first: each its terrain's letter, a flipped
 * one followed by ' ("RR'T'DTR"). */
void render_tiles(char out[2 * WOLVES_TILES + 1], const wolves_game *g, const wolves_state *s, int i);

/* One player's summary, as a table would read the Player Board: `head`
 * (what goes after the pack name: tiles (render_tiles), attributes,
 * Bonus Tokens) and `detail` (a second line:
 * what was taken off the board, prey hunted, tokens scored). */
void render_player_summary(char *head, char *detail, size_t n, const wolves_game *g, const wolves_state *s,
                           int i);

/* The Moonlight Board (`moon`) and whose turn it is (`turn`). */
void render_game_summary(char *moon, char *turn, size_t n, const wolves_game *g, const wolves_state *s);

/* The result of a finished game, given its final scores: `who` is
 * "Winner: rocky" or, for a tie no tie-breaker breaks, "Winners (tied):
 * rocky, grass"; `tie` says how a tie on VP was settled ("tied with grass
 * on 30 VP; more Region Scoring Tokens (END.TIE_TOKENS)"), or is empty
 * when the winner has the most VP outright. */
void render_winner(char *who, char *tie, size_t n, const wolves_game *g, const wolves_state *s,
                   const wolves_score *sc);

/* The SVG's geometry (render_svg.c): the centre of hex hi on the map. */
void render_svg_centre(const wolves_hex_info *hi, double *x, double *y);
/* Character data or an attribute value, escaped for XML. */
void render_xml_text(FILE *out, const char *str);
/* The overlay's group (render_overlay.c); ids prefixed with prefix. */
struct render_overlay;           /* render.h */
#define RENDER_CAPTION_BAND 40.0 /* above the map: the caption's two lines */
void render_svg_overlay(FILE *out, const wolves_board *b, const struct render_overlay *ov,
                        const char *prefix);

/* Flushes out: 0, or -1 on a write error. */
int render_finish(FILE *out);

#endif
