/* setup.c - Game Setup and the 2 Player Variant's Setup Differences: the
 * board, tokens, Player Boards and first player of a standard game, every
 * random choice drawn from one seed (SETUP.FIRST_PLAYER ruling).  The
 * draft that follows is core/draft.c. */
#include <string.h>

#include "board.h"
#include "engine.h"
#include "rng.h"

static int valid_pack(uint8_t p) { return p < WOLVES_TERRAINS; }

void wolves_state_init(const wolves_game *g, wolves_state *s, const uint8_t packs[]) {
  if (wolves_game_misfit(g) != NULL || s == NULL || packs == NULL) return;
  memset(s, 0, sizeof *s);
  for (int i = 0; i < WOLVES_MAX_PLAYERS; i++)
    s->player[i].pack = i < g->nplayers ? packs[i] : WOLVES_NONE; /* no colour for an empty seat */
  s->ai_pack = WOLVES_NONE;
  s->phase = WOLVES_PHASE_PLAY;
  s->turn = 1;
  s->supply_bonus_terrain = g->data.supply_bonus_terrain;
  s->supply_bonus_action = g->data.supply_bonus_action;
}

uint8_t wolves_draft_player(const wolves_game *g, const wolves_state *s) {
  /* Place Wolves Using a Snake Draft: clockwise from the first player, then
   * counterclockwise from the last.  2 players (TWO.DRAFT): first, second
   * twice, first - the same snake. */
  if (wolves_game_misfit(g) != NULL || s == NULL) return WOLVES_NONE; /* (reads only the draft's counters) */
  const int n = g->nplayers, k = s->draft_step;
  if (k >= 2 * n) return WOLVES_NONE;
  return (uint8_t)((s->first_player + (k < n ? k : 2 * n - 1 - k)) % n);
}

/* Prey stacks per player count (SETUP.PREY); 2 players one token of each
 * type (TWO.SETUP). */
static int prey_pool(int nplayers, uint8_t out[WOLVES_MAX_REGIONS]) {
  static const uint8_t three[] = {WOLVES_MOOSE, WOLVES_DEER,   WOLVES_RACCOON,
                                  WOLVES_BOAR,  WOLVES_RABBIT, WOLVES_RABBIT};
  static const uint8_t four[] = {WOLVES_MOOSE,  WOLVES_DEER,   WOLVES_RACCOON, WOLVES_BOAR,
                                 WOLVES_RABBIT, WOLVES_RABBIT, WOLVES_RACCOON, WOLVES_BOAR};
  int n = 0;
  switch (nplayers) {
  case 2:
    for (int p = 0; p < WOLVES_PREY_TYPES; p++) out[n++] = (uint8_t)p;
    break;
  case 3:
    memcpy(out, three, n = sizeof three);
    break;
  case 4:
    memcpy(out, four, n = sizeof four);
    break;
  default:
    for (int p = 0; p < 2 * WOLVES_PREY_TYPES; p++) out[n++] = (uint8_t)(p % WOLVES_PREY_TYPES);
  }
  return n;
}

/* Region Scoring Tokens as (bottom, top), phase + 1, 0 = none.  A single
 * token lies at the bottom.  SETUP.REGION_TOKENS; TWO.SETUP. */
static int token_pool(int nplayers, uint8_t out[WOLVES_MAX_REGIONS][2]) {
  static const uint8_t counts[WOLVES_MAX_PLAYERS + 1][WOLVES_PHASES] = {{0, 0, 0}, {0, 0, 0}, {0, 0, 0},
                                                                        {2, 2, 2}, {2, 3, 3}, {3, 4, 3}};
  static const uint8_t two[5][2] = {{1 + WOLVES_CRESCENT, 0},
                                    {1 + WOLVES_FULL, 0},
                                    {1 + WOLVES_FULL, 0},
                                    {1 + WOLVES_QUARTER, 1 + WOLVES_CRESCENT},
                                    {1 + WOLVES_FULL, 1 + WOLVES_QUARTER}};
  int n = 0;
  if (nplayers == 2) {
    memcpy(out, two, sizeof two);
    return 5;
  }
  if (nplayers < 3 || nplayers > WOLVES_MAX_PLAYERS) return 0;
  for (int p = 0; p < WOLVES_PHASES; p++)
    for (int i = 0; i < counts[nplayers][p] && n < WOLVES_MAX_REGIONS; i++) {
      out[n][0] = (uint8_t)(p + 1);
      out[n++][1] = 0;
    }
  return n;
}

/* TWO.AI_PACK: the AI pack's pieces for the visible token stack, each with
 * the direction of its hex from the Water Source: "the top hex to the
 * right" (NE, the digital edition's (1,0)), except that the 2 Alphas of a
 * Quarter on a Full go on the next hex (E, its (1,1)) so that no hex holds 3
 * pieces (ruling). */
enum { AI_HEX = 1 /* NE */, AI_NEXT_HEX = 0 /* E */ };
static int ai_pieces(const uint8_t tok[2], uint8_t type[WOLVES_HEX_SLOTS], uint8_t dir[WOLVES_HEX_SLOTS]) {
  const int bottom = tok[0] - 1, top = tok[1] - 1;
  int n = 0;
  if (top < 0 && bottom == WOLVES_CRESCENT) {
    type[n] = WOLVES_PACK, dir[n++] = AI_HEX;
    type[n] = WOLVES_PACK, dir[n++] = AI_HEX;
  } else if (top == WOLVES_CRESCENT) {
    type[n] = WOLVES_LAIR, dir[n++] = AI_HEX;
  } else if (top < 0 && bottom == WOLVES_FULL) {
    type[n] = WOLVES_LAIR, dir[n++] = AI_HEX;
    type[n] = WOLVES_ALPHA, dir[n++] = AI_HEX;
  } else if (top == WOLVES_QUARTER) {
    type[n] = WOLVES_LAIR, dir[n++] = AI_HEX;
    type[n] = WOLVES_ALPHA, dir[n++] = AI_NEXT_HEX;
    type[n] = WOLVES_ALPHA, dir[n++] = AI_NEXT_HEX;
  }
  return n;
}

int wolves_setup(wolves_game *g, wolves_state *s, int nplayers, const uint8_t packs[], uint8_t ai_pack,
                 uint64_t seed, wolves_log *log) {
  if (g == NULL || s == NULL || packs == NULL) return WOLVES_C_API_BAD_ARGUMENT;
  /* SETUP.PLAYERS: 2-5 packs of distinct colours (and a distinct AI pack). */
  if (nplayers < 2 || nplayers > WOLVES_MAX_PLAYERS) return WOLVES_C_SETUP_PLAYERS;
  unsigned used = 0;
  for (int i = 0; i < nplayers; i++) {
    if (!valid_pack(packs[i]) || (used & (1u << packs[i]))) return WOLVES_C_SETUP_PLAYERS;
    used |= 1u << packs[i];
  }
  const int two = nplayers == 2;
  if (two && (!valid_pack(ai_pack) || (used & (1u << ai_pack)))) return WOLVES_C_SETUP_PLAYERS;

  wolves_rng rng;
  wolves_rng_seed(&rng, seed);
  memset(g, 0, sizeof *g);
  g->nplayers = (uint8_t)nplayers;
  wolves_data_defaults(&g->data, nplayers);

  /* SETUP.BOARD / TWO.SETUP: which Region Boards, and where. */
  uint8_t ids[WOLVES_REGION_BOARDS];
  for (int i = 0; i < WOLVES_REGION_BOARDS; i++) ids[i] = (uint8_t)(i + 1);
  wolves_rng_shuffle(&rng, ids, WOLVES_REGION_BOARDS);
  if (wolves_board_standard(&g->board, nplayers, ids) != 0) return WOLVES_C_SETUP_PLAYERS;
  const wolves_board *b = &g->board;

  wolves_state_init(g, s, packs);
  s->phase = WOLVES_PHASE_DRAFT;
  wolves_ctx c = {
      .g = g, .s = s, .log = log, .player = WOLVES_NONE, .pack = WOLVES_NONE, .fail_hex = WOLVES_NONE};
  EMIT(&c, SETUP_PLAYERS, NOTE, WOLVES_NONE, WOLVES_NONE, WOLVES_NONE, WOLVES_NONE, nplayers);
  if (two)
    EMIT(&c, TWO_SETUP, NOTE, WOLVES_NONE, WOLVES_NONE, WOLVES_NONE, WOLVES_NONE, b->nregions);
  else
    EMIT(&c, SETUP_BOARD, NOTE, WOLVES_NONE, WOLVES_NONE, WOLVES_NONE, WOLVES_NONE, b->nregions);

  /* SETUP.LONE_WOLVES */
  int lone = 0;
  for (int h = 0; h < b->nhex; h++)
    if (b->hex[h].flags & WOLVES_HEX_LONE_ICON) {
      s->hex[h].lone_wolf = 1;
      lone++;
    }
  EMIT(&c, SETUP_LONE_WOLVES, NOTE, WOLVES_NONE, WOLVES_NONE, WOLVES_NONE, WOLVES_NONE, lone);

  /* SETUP.PREY: the stacks in random order onto the Prey icons in board
   * order. */
  uint8_t prey[WOLVES_MAX_REGIONS];
  const int nprey = prey_pool(nplayers, prey);
  wolves_rng_shuffle(&rng, prey, nprey);
  int placed = 0;
  for (int h = 0; h < b->nhex && placed < nprey; h++)
    if (b->hex[h].flags & WOLVES_HEX_PREY_ICON) {
      s->hex[h].prey_type = prey[placed++];
      s->hex[h].prey_count = two ? 1 : 2;
    }
  EMIT(&c, SETUP_PREY, NOTE, WOLVES_NONE, WOLVES_NONE, WOLVES_NONE, WOLVES_NONE, placed);

  /* SETUP.REGION_TOKENS: one random entry of the pool per region. */
  uint8_t pool[WOLVES_MAX_REGIONS][2], perm[WOLVES_MAX_REGIONS];
  const int ntok = token_pool(nplayers, pool);
  for (int i = 0; i < ntok; i++) perm[i] = (uint8_t)i;
  wolves_rng_shuffle(&rng, perm, ntok);
  for (int r = 0; r < b->nregions && r < ntok; r++) memcpy(s->region_token[r], pool[perm[r]], 2);
  EMIT(&c, SETUP_REGION_TOKENS, NOTE, WOLVES_NONE, WOLVES_NONE, WOLVES_NONE, WOLVES_NONE, ntok);

  /* TWO.AI_PACK */
  if (two) {
    s->ai_pack = ai_pack;
    for (int r = 0; r < b->nregions; r++) {
      const uint8_t w = b->water[r];
      uint8_t types[WOLVES_HEX_SLOTS], dirs[WOLVES_HEX_SLOTS];
      const int n = w == WOLVES_NONE ? 0 : ai_pieces(s->region_token[r], types, dirs);
      for (int i = 0; i < n; i++) {
        const uint8_t h = b->nbr[w][dirs[i]];
        if (h == WOLVES_NONE || b->hex[h].kind != WOLVES_LAND) continue; /* custom boards only */
        wolves_place(s, h, WOLVES_PIECE(ai_pack, types[i]));
        EMIT(&c, TWO_AI_PACK, PLACE, ai_pack, types[i], WOLVES_NONE, h, i + 1);
      }
    }
  }

  /* SETUP.PLAYER_BOARD, SETUP.TILES: every board as printed (nothing taken,
   * front sides up) - the state's zero. */
  EMIT(&c, SETUP_PLAYER_BOARD, NOTE, WOLVES_NONE, WOLVES_NONE, WOLVES_NONE, WOLVES_NONE, nplayers);
  EMIT(&c, SETUP_TILES, NOTE, WOLVES_NONE, WOLVES_NONE, WOLVES_NONE, WOLVES_NONE, nplayers);

  /* SETUP.FIRST_PLAYER */
  s->first_player = (uint8_t)wolves_rng_below(&rng, (uint32_t)nplayers);
  s->current = s->first_player;
  c.player = s->first_player;
  c.pack = s->player[s->first_player].pack;
  EMIT(&c, SETUP_FIRST_PLAYER, NOTE, c.pack, WOLVES_NONE, WOLVES_NONE, WOLVES_NONE, s->first_player);
  return WOLVES_OK;
}

int wolves_setup_readings(const wolves_game *g, wolves_state *s, wolves_log *log) {
  if (wolves_state_misfit(g, s) != NULL) return WOLVES_C_API_BAD_ARGUMENT;
  const uint8_t second = (uint8_t)((s->first_player + 1) % 2);
  /* TWO.SECOND_PLAYER_BONUS "setup": the token with the set-up game (the
   * digital edition's), not when the draft ends; given once */
  if (g->nplayers == 2 && WOLVES_READS(g, SECOND_BONUS, WOLVES_SECOND_BONUS_SETUP) &&
      s->phase == WOLVES_PHASE_DRAFT && s->draft_step == 0 && s->player[second].bonus_action == 0) {
    wolves_ctx c = {.g = g,
                    .s = s,
                    .log = log,
                    .player = second,
                    .pack = s->player[second].pack,
                    .fail_hex = WOLVES_NONE,
                    .subj_pack = WOLVES_NONE,
                    .subj_piece = WOLVES_NONE,
                    .subj_from = WOLVES_NONE};
    wolves_gain_bonus(&c, WOLVES_BONUS_ACTION, WOLVES_C_TWO_SECOND_PLAYER_BONUS);
  }
  return WOLVES_OK;
}
