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
#include "report/render.h"
#include "report/render_impl.h"

#include <stdio.h>

/* ---- shared vocabulary ----
 *
 * Initials are for reading at a glance; the legends spell them out.  No
 * two things share one (tests/render checks it): upper-case letters are
 * terrains (and the packs named after them), piece types and Moonlight
 * phases; lower-case a-j are regions, as in a scenario's map; prey have
 * three letters (Moo) in the wide layout and one lower-case letter past j in
 * the compact one.  A piece is its type then its pack ("AR": rocky Alpha),
 * so that no piece reads as a hex's terrain and region ("Ra"). */

const char render_terrain_letter[WOLVES_TERRAINS] = {'F', 'G', 'D', 'T', 'R'};
/* wolves_piece_type order: deN, Pack Wolf, Alpha, Lair (D is desert). */
const char render_type_letter[4] = {'N', 'P', 'A', 'L'};
/* Three letters: two would read as a hex's terrain and region ("De",
 * "Rc"), and raccoon and rabbit share two. */
const char *const render_prey_abbrev[WOLVES_PREY_TYPES] = {"Moo", "Dee", "Rac", "Boa", "Rab"};
/* moose, deer (s: stag), raccoon (n), boar (w: wild boar), rabbit. */
const char render_prey_letter[WOLVES_PREY_TYPES] = {'m', 's', 'n', 'w', 'r'};
/* Crescent, Quarter, and O for the full disc (F is forest). */
const char render_phase_letter[WOLVES_PHASES] = {'C', 'Q', 'O'};

const char *render_phase_word(uint8_t phase) {
  return phase == WOLVES_PHASE_DRAFT ? "draft" : phase == WOLVES_PHASE_PLAY ? "play" : "over";
}

void render_tiles(char out[2 * WOLVES_TILES + 1], const wolves_game *g, const wolves_state *s, int i) {
  size_t o = 0;
  for (int k = 0; k < WOLVES_TILES; k++) {
    const int t = wolves_tile_terrain(g, s, i, k);
    out[o++] = valid_terrain(t) ? render_terrain_letter[t] : '?';
    if (render_tile_flipped(s, i, k)) out[o++] = '\'';
  }
  out[o] = '\0';
}

void render_player_summary(char *head, char *detail, size_t n, const wolves_game *g, const wolves_state *s,
                           int i) {
  const wolves_player *p = &s->player[i];
  char tiles[2 * WOLVES_TILES + 1];
  render_tiles(tiles, g, s, i);
  int dens = 0, hunted = 0;
  for (int a = 0; a < WOLVES_ATTRIBUTES; a++) dens += p->dens_taken[a];
  for (int k = 0; k < WOLVES_HUNT_SPACES; k++) hunted += p->prey[k] != 0;
  snprintf(head, n, "  tiles %s  spread %d speed %d howl %d  bonus terrain %d action %d", tiles,
           wolves_attribute(g, s, i, WOLVES_PACK_SPREAD), wolves_attribute(g, s, i, WOLVES_WOLF_SPEED),
           wolves_attribute(g, s, i, WOLVES_HOWL_RANGE), p->bonus_terrain, p->bonus_action);
  snprintf(detail, n,
           "%*staken dens %d/%d lairs %d/%d wolves %d/%d  prey %d/%d  tokens %c:%d %c:%d %c:%d vp %d",
           SUMMARY_INDENT, "", dens, WOLVES_ATTRIBUTES * (WOLVES_ATTR_POSITIONS - 1), p->lairs_taken,
           WOLVES_LAIRS, p->wolves_taken, WOLVES_WOLF_SPACES, hunted, WOLVES_HUNT_SPACES,
           render_phase_letter[WOLVES_CRESCENT], p->region_tokens[WOLVES_CRESCENT],
           render_phase_letter[WOLVES_QUARTER], p->region_tokens[WOLVES_QUARTER],
           render_phase_letter[WOLVES_FULL], p->region_tokens[WOLVES_FULL], p->vp_tokens);
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

/* ---- the end of the game ---- */

/* The first tie-breaker on which a and b differ (0: none, they tie). */
static int tie_breaker(const wolves_score *a, const wolves_score *b) {
  if (a->region_tokens != b->region_tokens) return WOLVES_C_END_TIE_TOKENS;
  if (a->wolves_on_board != b->wolves_on_board) return WOLVES_C_END_TIE_WOLVES;
  if (a->alphas_on_board != b->alphas_on_board) return WOLVES_C_END_TIE_ALPHAS;
  return 0;
}

static const char *pack_name(const wolves_state *s, int i) {
  return valid_terrain(s->player[i].pack) ? wolves_terrain_name(s->player[i].pack) : "?";
}

void render_winner(char *who, char *tie, size_t n, const wolves_game *g, const wolves_state *s,
                   const wolves_score *sc) {
  const int np = nplayers_of(g);
  size_t len = 0;
  int winners = 0, first = -1;
  who[0] = tie[0] = '\0';
  for (int i = 0; i < np; i++)
    if (sc[i].rank == 1) {
      if (first < 0) first = i;
      winners++;
    }
  char names[96] = "";
  for (int i = 0; i < np; i++)
    if (sc[i].rank == 1 && len < sizeof names)
      len += (size_t)snprintf(names + len, sizeof names - len, "%s%s", len ? ", " : "", pack_name(s, i));
  if (first < 0) {
    snprintf(who, n, "Winner: none (no scores)");
    return;
  }
  snprintf(who, n, "%s: %s", winners > 1 ? "Winners (tied)" : "Winner", names);
  if (winners > 1) {
    snprintf(tie, n, "%d VP each, every tie-breaker equal: they share the victory (END.TIE_ALPHAS)",
             sc[first].total);
    return;
  }
  /* A winner on equal VP: the deepest tie-breaker needed to beat the
   * others on the same VP. */
  int clause = 0;
  char beaten[96] = "";
  len = 0;
  for (int i = 0; i < np; i++) {
    if (i == first || sc[i].total != sc[first].total) continue;
    const int c = tie_breaker(&sc[first], &sc[i]);
    if (c > clause) clause = c;
    if (len < sizeof beaten)
      len += (size_t)snprintf(beaten + len, sizeof beaten - len, "%s%s", len ? ", " : "", pack_name(s, i));
  }
  if (clause == 0) return;
  static const char *const what[] = {"more Region Scoring Tokens", "more wolves on the board",
                                     "more Alphas on the board"};
  const wolves_clause_info *ci = wolves_clause_get(clause);
  snprintf(tie, n, "tied with %s on %d VP; %s (%s)", beaten, sc[first].total,
           what[clause - WOLVES_C_END_TIE_TOKENS], ci ? ci->id : "?");
}
