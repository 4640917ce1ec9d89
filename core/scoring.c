/* scoring.c - Scoring Regions (Tallying Control), Scoring Unbroken Ties,
 * and Game End and Final Scoring with its Tie-Breaker. */
#include <string.h>

#include "engine.h"

/* Every colour a piece byte can name, WOLVES_PIECE_PACK(255) included: a
 * position's bytes are not all checked (the AI pack's colour is not). */
#define COLOURS (WOLVES_PIECE_PACK(255) + 1)

/* Control in region per colour (Tallying Control), and the Alphas there,
 * in one pass over the board. */
static void region_control(const wolves_game *g, const wolves_state *s, int region, int control[COLOURS],
                           int alphas[COLOURS]) {
  for (int t = 0; t < COLOURS; t++) control[t] = alphas[t] = 0;
  for (int h = 0; h < g->board.nhex; h++) {
    if (g->board.hex[h].region != region) continue;
    for (int i = 0; i < WOLVES_HEX_SLOTS; i++) {
      const uint8_t p = s->hex[h].piece[i];
      if (p == 0) continue;
      control[WOLVES_PIECE_PACK(p)] += g->data.control[WOLVES_PIECE_TYPE(p)];
      alphas[WOLVES_PIECE_PACK(p)] += WOLVES_PIECE_TYPE(p) == WOLVES_ALPHA;
    }
  }
}

int wolves_control(const wolves_game *g, const wolves_state *s, int region, int pack, int *alphas) {
  if (wolves_state_misfit(g, s) != NULL || region < 0 || region >= g->board.nregions || pack < 0 ||
      pack >= WOLVES_TERRAINS)
    return -1;
  int control[COLOURS], a[COLOURS];
  region_control(g, s, region, control, a);
  if (alphas != NULL) *alphas = a[pack];
  return control[pack];
}

/* The token a region shows: the top of a stack, else the bottom. */
static uint8_t *visible_token(wolves_state *s, int region) {
  uint8_t *t = s->region_token[region];
  return t[1] != 0 ? &t[1] : t[0] != 0 ? &t[0] : NULL;
}

static int player_of(const wolves_game *g, const wolves_state *s, int pack) {
  for (int i = 0; i < g->nplayers; i++)
    if (s->player[i].pack == pack) return i;
  return -1;
}

typedef struct {
  uint8_t pack;
  int control, alphas;
} standing;

static int ahead(const standing *a, const standing *b) {
  return a->control != b->control ? a->control > b->control : a->alphas > b->alphas;
}

static int same(const standing *a, const standing *b) {
  return a->control == b->control && a->alphas == b->alphas;
}

/* Awards `value` VP Token (or the token itself with `token`) to a pack. */
static void award(wolves_ctx *c, int clause, uint8_t pack, int phase, int region, int value, int token) {
  const int i = player_of(c->g, c->s, pack);
  const uint8_t water = c->g->board.water[region];
  if (i < 0) { /* TWO.AI_NO_TOKEN: the AI pack keeps nothing */
    EMIT(c, TWO_AI_NO_TOKEN, TOKEN_DISCARD, pack, (uint8_t)phase, water, WOLVES_NONE, value);
    return;
  }
  wolves_player *p = &c->s->player[i];
  if (token) {
    p->region_tokens[phase]++;
  } else {
    /* counters stop at their limits, never wrap (reachable only from a
     * position given with them near it) */
    p->vp_tokens = (uint16_t)(value > UINT16_MAX - p->vp_tokens ? UINT16_MAX : p->vp_tokens + value);
    p->vp_token_count = (uint8_t)(p->vp_token_count < UINT8_MAX ? p->vp_token_count + 1 : UINT8_MAX);
  }
  wolves_emit(c, clause, WOLVES_EV_SCORE, pack, (uint8_t)phase, water, WOLVES_NONE, value);
}

static void score_region(wolves_ctx *c, int region, int phase) {
  const wolves_game *g = c->g;
  const uint8_t water = g->board.water[region];
  standing st[WOLVES_MAX_PLAYERS + 1];
  int n = 0, control[COLOURS], alphas[COLOURS];
  region_control(g, c->s, region, control, alphas);
  for (int k = 0; k <= g->nplayers; k++) {
    const uint8_t pack = k < g->nplayers ? c->s->player[k].pack : c->s->ai_pack;
    if (pack >= COLOURS) continue; /* WOLVES_NONE, or a colour no piece has: no Control */
    standing x = {pack, control[pack], alphas[pack]};
    if (x.control == 0) continue; /* SCORE.FIRST ruling: no Control, no place */
    EMIT(c, SCORE_CONTROL, NOTE, pack, (uint8_t)phase, water, WOLVES_NONE, x.control);
    int j = n++;
    while (j > 0 && ahead(&x, &st[j - 1])) {
      st[j] = st[j - 1];
      j--;
    }
    st[j] = x;
  }
  const int high = g->data.token_high[phase], low = g->data.token_low[phase];
  int tied = 1;
  while (tied < n && same(&st[0], &st[tied])) tied++;
  if (n > 1 && st[0].control == st[1].control && tied == 1)
    EMIT(c, SCORE_ALPHA_TIEBREAK, NOTE, st[0].pack, (uint8_t)phase, water, WOLVES_NONE, st[0].alphas);
  if (tied > 1) {
    for (int k = 0; k < tied; k++) award(c, WOLVES_C_SCORE_TIE_FIRST, st[k].pack, phase, region, low, 0);
    EMIT(c, SCORE_TIE_FIRST, TOKEN_DISCARD, WOLVES_NONE, (uint8_t)phase, water, WOLVES_NONE, high);
    return;
  }
  if (n == 0) {
    EMIT(c, SCORE_FIRST, NOTE, WOLVES_NONE, (uint8_t)phase, water, WOLVES_NONE, 0);
    return;
  }
  award(c, WOLVES_C_SCORE_FIRST, st[0].pack, phase, region, high, 1);
  if (n < 2) return;
  int second = 2;
  while (second < n && same(&st[1], &st[second])) second++;
  if (second > 2) {
    EMIT(c, SCORE_TIE_SECOND, NOTE, WOLVES_NONE, (uint8_t)phase, water, WOLVES_NONE, second - 1);
    return;
  }
  if (n > 2 && st[1].control == st[2].control)
    EMIT(c, SCORE_ALPHA_TIEBREAK, NOTE, st[1].pack, (uint8_t)phase, water, WOLVES_NONE, st[1].alphas);
  award(c, WOLVES_C_SCORE_SECOND, st[1].pack, phase, region, low, 0);
}

void wolves_end_turn_scoring(wolves_ctx *c) {
  wolves_state *s = c->s;
  for (int phase = 0; phase < WOLVES_PHASES; phase++) {
    if (!(s->phases_pending & (1 << phase))) continue;
    for (int r = 0; r < c->g->board.nregions; r++) {
      uint8_t *t = visible_token(s, r);
      if (t == NULL || *t != phase + 1) continue;
      score_region(c, r, phase);
      *t = 0;
      if (s->region_token[r][0] != 0 && t != &s->region_token[r][0])
        EMIT(c, SCORE_STACKED, NOTE, WOLVES_NONE, (uint8_t)(s->region_token[r][0] - 1), c->g->board.water[r],
             WOLVES_NONE, 0);
    }
    s->phases_pending &= (uint8_t) ~(1 << phase);
    s->phases_scored = (uint8_t)(phase + 1);
  }
}

/* ---- Game End and Final Scoring ---- */

static int highest(const uint8_t *vp, int n) {
  int best = 0;
  for (int i = 0; i < n; i++)
    if (vp[i] > best) best = vp[i];
  return best;
}

/* Does a rank above b?  END.TIE_ALPHAS "alphas" (ours, ru) breaks a tie
 * that survives END.TIE_WOLVES by the Alphas on the board; "shared" (en,
 * pl, uk, summary 004: two tie-breakers) leaves it shared. */
static int beats(const wolves_game *g, const wolves_score *a, const wolves_score *b) {
  if (a->total != b->total) return a->total > b->total;
  if (a->region_tokens != b->region_tokens) return a->region_tokens > b->region_tokens; /* END.TIE_TOKENS */
  if (a->wolves_on_board != b->wolves_on_board)
    return a->wolves_on_board > b->wolves_on_board; /* END.TIE_WOLVES */
  return !WOLVES_READS(g, TIE_ALPHAS, WOLVES_TIE_SHARED) && a->alphas_on_board > b->alphas_on_board;
}

void wolves_final_scores(const wolves_game *g, const wolves_state *s, wolves_score out[WOLVES_MAX_PLAYERS]) {
  if (out == NULL) return;
  if (wolves_state_misfit(g, s) != NULL) { /* every score 0, rank 0: no player (wolves(3), ERRORS) */
    memset(out, 0, WOLVES_MAX_PLAYERS * sizeof *out);
    return;
  }
  const wolves_data *d = &g->data;
  int on_map[WOLVES_TERRAINS][4]; /* Wolves and Alphas on the map: tie-breakers 2 and 3 */
  wolves_census(g, s, on_map);
  for (int i = 0; i < g->nplayers; i++) {
    const wolves_player *p = &s->player[i];
    wolves_score *x = &out[i];
    int hunted = 0;
    while (hunted < WOLVES_HUNT_SPACES && p->prey[hunted] != 0) hunted++;
    for (int a = 0; a < WOLVES_ATTRIBUTES; a++) x->track[a] = highest(d->attr_vp[a], p->dens_taken[a] + 1);
    x->track[WOLVES_TRACK_LAIRS] = highest(d->lair_vp, p->lairs_taken);
    x->track[WOLVES_TRACK_PREY] = highest(d->hunt_vp, hunted);
    x->track[WOLVES_TRACK_WOLVES] = highest(d->wolf_vp, p->wolves_taken);
    x->tokens = p->vp_tokens;
    x->region_tokens = 0;
    for (int ph = 0; ph < WOLVES_PHASES; ph++) {
      x->tokens += p->region_tokens[ph] * d->token_high[ph];
      x->region_tokens += p->region_tokens[ph];
    }
    x->total = x->tokens;
    for (int t = 0; t < WOLVES_TRACKS; t++) x->total += x->track[t];
    x->alphas_on_board = on_map[p->pack][WOLVES_ALPHA];
    x->wolves_on_board = x->alphas_on_board + on_map[p->pack][WOLVES_PACK];
  }
  for (int i = 0; i < g->nplayers; i++) {
    out[i].rank = 1;
    for (int j = 0; j < g->nplayers; j++) out[i].rank += beats(g, &out[j], &out[i]);
  }
}
