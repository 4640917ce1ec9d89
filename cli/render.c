/* render.c - `wolves render`: a position as a text hex map (render_text.c)
 * or an SVG picture (render_svg.c); here what both share.
 *
 * The board uses "odd-r" offset coordinates (Red Blob Games' hex grid
 * guide): pointy-top hexes, every odd row shifted right by half a hex.  In
 * text that is a brick wall: each hex is a box of CELL columns, odd rows
 * start HALF a box later, so a hex touches its W/E neighbours through the
 * vertical bars and its NW/NE/SW/SE neighbours through half of the line
 * above or below it.  Every hex edge therefore has its own characters, and
 * region borders can be drawn exactly.
 *
 * The text map is ASCII only; colour adds ANSI escapes around the very same
 * characters (stripping the escapes gives the plain render), so goldens,
 * logs and terminals without UTF-8 all read the same picture. */
#include "render.h"
#include "render_impl.h"

#include <stdio.h>

/* ---- shared vocabulary ---- */

const char render_terrain_letter[WOLVES_TERRAINS] = {'F', 'G', 'D', 'T', 'R'};

const char *render_phase_word(uint8_t phase) {
  return phase == WOLVES_PHASE_DRAFT ? "draft" : phase == WOLVES_PHASE_PLAY ? "play" : "over";
}

/* One player's summary, as a table would read the Player Board: `head`
 * (what goes after the pack name: tiles, attributes, Bonus Tokens; tiles
 * upper case face up, lower case flipped) and `detail` (a second line:
 * what was taken off the board, prey hunted, tokens scored). */
void render_player_summary(char *head, char *detail, size_t n, const wolves_game *g, const wolves_state *s,
                           int i) {
  const wolves_player *p = &s->player[i];
  char tiles[WOLVES_TILES + 1];
  size_t o = 0;
  for (int k = 0; k < WOLVES_TILES; k++) {
    const int t = wolves_tile_terrain(g, s, i, k);
    const char c = valid_terrain(t) ? render_terrain_letter[t] : '?';
    tiles[o++] = (p->flipped >> k) & 1 && k != 0 ? (char)(c - 'A' + 'a') : c;
  }
  tiles[o] = '\0';
  int dens = 0, hunted = 0;
  for (int a = 0; a < WOLVES_ATTRIBUTES; a++) dens += p->dens_taken[a];
  for (int k = 0; k < WOLVES_HUNT_SPACES; k++) hunted += p->prey[k] != 0;
  snprintf(head, n, "  tiles %s  spread %d speed %d howl %d  bonus terrain %d action %d", tiles,
           wolves_attribute(g, s, i, WOLVES_PACK_SPREAD), wolves_attribute(g, s, i, WOLVES_WOLF_SPEED),
           wolves_attribute(g, s, i, WOLVES_HOWL_RANGE), p->bonus_terrain, p->bonus_action);
  snprintf(detail, n, "%*staken dens %d/%d lairs %d/%d wolves %d/%d  prey %d/%d  tokens C%d Q%d F%d vp %d",
           SUMMARY_INDENT, "", dens, WOLVES_ATTRIBUTES * (WOLVES_ATTR_POSITIONS - 1), p->lairs_taken,
           WOLVES_LAIRS, p->wolves_taken, WOLVES_WOLF_SPACES, hunted, WOLVES_HUNT_SPACES,
           p->region_tokens[WOLVES_CRESCENT], p->region_tokens[WOLVES_QUARTER], p->region_tokens[WOLVES_FULL],
           p->vp_tokens);
}

/* The Moonlight Board (`moon`) and whose turn it is (`turn`). */
void render_game_summary(char *moon, char *turn, size_t n, const wolves_game *g, const wolves_state *s) {
  const int ph = s->phases_scored;
  if (ph < WOLVES_PHASES)
    snprintf(moon, n, "Moonlight %d/%d dates filled, next phase %s at date %d", s->moon_filled,
             WOLVES_MOON_DATES, wolves_phase_name(ph), g->data.moon_phase_date[ph]);
  else
    snprintf(moon, n, "Moonlight %d/%d dates filled, all phases scored", s->moon_filled, WOLVES_MOON_DATES);
  char who[48] = "nobody to act";
  if (s->phase == WOLVES_PHASE_OVER)
    snprintf(who, sizeof who, "game over");
  else if (s->current < nplayers_of(g))
    snprintf(who, sizeof who, "player %d (%s) to act", s->current + 1,
             wolves_terrain_name(s->player[s->current].pack));
  snprintf(turn, n, "Turn %d, %s phase, %s; supply bonus terrain %d action %d", s->turn,
           render_phase_word(s->phase), who, s->supply_bonus_terrain, s->supply_bonus_action);
}

int render_finish(FILE *out) { return (fflush(out) != 0 || ferror(out)) ? -1 : 0; }
