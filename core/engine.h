/* engine.h - internals shared by the action files of the engine.  Not part
 * of the public API (wolves.h). */
#ifndef WOLVES_ENGINE_H
#define WOLVES_ENGINE_H

#include <string.h>

#include "wolves.h"

/* What one action runs against. */
typedef struct {
  const wolves_game *g;
  wolves_state *s;
  wolves_log *log;
  uint8_t player;   /* acting player index */
  uint8_t pack;     /* acting player's colour */
  uint8_t fail_hex; /* hex of the check that refused, for the refuse event */
  /* What the next checks are about (recorded in check events): a piece of
   * subj_pack and type subj_piece standing on subj_from, WOLVES_NONE for
   * none.  Set by the action with wolves_about. */
  uint8_t subj_pack, subj_piece, subj_from;
  /* The numbers the next check compares (wolves_measure), kept only
   * while checks are logged: measuring is 1 until that check's event. */
  int measured, limit;
  uint8_t measured_from, measuring;
  int refused;                    /* the first clause that refused, 0 while none has */
  int verdict_only;               /* wolves_judge: the automatic effects that never refuse are skipped */
  const uint64_t *prey;           /* wolves_apply_hinted: the hexes that may hold prey, or NULL (all) */
  struct wolves_choices *choices; /* wolves_action_resolve: the choices made are recorded there, else NULL */
} wolves_ctx;

/* ---- names (editions.c) ----
 * wolves_name_equal: are a's first n bytes and the whole of b the same
 * word in any case (ASCII)?  Reading and edition names are matched so, as
 * users type them (issue 34). */
int wolves_name_equal(const char *a, size_t n, const char *b);

/* ---- arguments (fit.c): what the public functions check before they
 * read a game, a state or an action (wolves(3), ERRORS) ----
 * wolves_game_misfit: NULL if g is not NULL, has 2 to 5 players and at
 *   most WOLVES_MAX_HEXES hexes and WOLVES_MAX_REGIONS regions, else why;
 * wolves_state_misfit: the same of g, then NULL if s is not NULL and fits
 *   g: a phase, a player to act and a first player in the game, a
 *   Moonlight count within the board, g->nplayers seats with distinct
 *   colours and the others WOLVES_NONE, nothing taken from a Player Board
 *   beyond what it holds;
 * wolves_action_fits: 1 if every field the kind of a reads is within its
 *   values (g as checked above), else 0 (API.BAD_ARGUMENT). */
const char *wolves_game_misfit(const wolves_game *g);
const char *wolves_state_misfit(const wolves_game *g, const wolves_state *s);
int wolves_action_fits(const wolves_game *g, const wolves_action *a);

/* The unchecked forms of public functions, for the engine's own calls on
 * what it has checked: wolves_hex_distance, wolves_attribute (of player
 * p), wolves_tile_side and wolves_tile_terrain.  Inline: the legal-move
 * generator and the sampler call them millions of times a second.
 * wolves_axial_q: the axial column of offset coordinates ("odd-r", hex.c). */
static inline int wolves_axial_q(int col, int row) { return col - (row - (row & 1)) / 2; }
/* The hex distance of an axial difference (dq, dr) (Red Blob Games). */
static inline int wolves_axial_distance(int dq, int dr) {
  const int ds = dq + dr;
  return ((dq < 0 ? -dq : dq) + (dr < 0 ? -dr : dr) + (ds < 0 ? -ds : ds)) / 2;
}
static inline int wolves_distance(const wolves_board *b, uint8_t a, uint8_t c) {
  const wolves_hex_info *x = &b->hex[a], *y = &b->hex[c];
  return wolves_axial_distance(wolves_axial_q(x->col, x->row) - wolves_axial_q(y->col, y->row),
                               (int)x->row - (int)y->row);
}
static inline int wolves_attribute_of(const wolves_game *g, const wolves_player *p, int attribute) {
  return g->data.attr_value[attribute][p->dens_taken[attribute]];
}
/* (back, 0 or 1, read as an index, not a branch: which tiles are flipped
 * is unpredictable) */
static inline int wolves_tile_face(const wolves_game *g, const wolves_player *p, int slot, int back) {
  if (slot == 0) return p->pack; /* the Faction-specific tile: same terrain both sides */
  const uint8_t *const side[2] = {g->data.tile_front, g->data.tile_back};
  return side[back & 1][slot];
}
static inline int wolves_tile_shown(const wolves_game *g, const wolves_player *p, int slot) {
  return wolves_tile_face(g, p, slot, (p->flipped >> slot) & 1);
}
/* Bit i: tile slot i of p shows terrain t. */
static inline unsigned wolves_tiles_showing(const wolves_game *g, const wolves_player *p, int t) {
  unsigned mask = 0;
  for (int i = 0; i < WOLVES_TILES; i++) mask |= (unsigned)(wolves_tile_shown(g, p, i) == t) << i;
  return mask;
}
/* Bit t of a set of terrains (wolves_can_pay); 0 for a value that is no
 * terrain (a malformed board's). */
static inline unsigned wolves_terrain_in(unsigned set, uint8_t t) {
  return t < WOLVES_TERRAINS ? (set >> t) & 1u : 0u;
}

/* wolves_rng_next and wolves_rng_below of a non-NULL r (rng.c), inline
 * for the sampler's many draws. */
static inline uint64_t wolves_next(wolves_rng *r) {
  uint64_t z = (r->state += 0x9E3779B97F4A7C15u);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
  return z ^ (z >> 31);
}
static inline uint32_t wolves_below(wolves_rng *r, uint32_t n) {
  if (n == 0) return 0;
  /* Reject the lowest 2^64 mod n values so every residue is equally likely.
   * That bound is below n: it costs a division only for a draw below n. */
  uint64_t x = wolves_next(r);
  if (x < n) {
    const uint64_t threshold = (0u - (uint64_t)n) % n;
    while (x < threshold) x = wolves_next(r);
  }
  return (uint32_t)(x % n);
}

/* The set bits of m < 256 (tile slots), without a branch (a builtin
 * would call libgcc where the CPU's instruction is not enabled). */
static inline int wolves_popcount(unsigned m) {
  m = m - ((m >> 1) & 0x55u);
  m = (m & 0x33u) + ((m >> 2) & 0x33u);
  return (int)((m + (m >> 4)) & 0x0Fu);
}

/* Eight bytes at p as one word, in memory order: a mask built from bytes
 * the same way matches them whatever the machine's byte order. */
static inline uint64_t wolves_word(const void *p) {
  uint64_t w;
  memcpy(&w, p, sizeof w);
  return w;
}

/* The index of the lowest set bit of a nonzero word (sets of hexes). */
static inline int wolves_lowest_bit(uint64_t w) {
#if defined(__GNUC__)
  return __builtin_ctzll(w);
#else
  int n = 0;
  for (; !(w & 1); w >>= 1) n++;
  return n;
#endif
}

/* Sets what the following checks are about (wolves_ctx). */
static inline void wolves_about(wolves_ctx *c, uint8_t pack, uint8_t piece, uint8_t from) {
  c->subj_pack = pack;
  c->subj_piece = piece;
  c->subj_from = from;
}

/* Records an event (if the log has room). */
void wolves_emit_event(wolves_ctx *c, int clause, int kind, uint8_t pack, uint8_t piece, uint8_t from,
                       uint8_t to, int value);
static inline void wolves_emit(wolves_ctx *c, int clause, int kind, uint8_t pack, uint8_t piece, uint8_t from,
                               uint8_t to, int value) {
  if (c->log != NULL) wolves_emit_event(c, clause, kind, pack, piece, from, to, value);
}
/* Records the verdict of clause `clause` on `hex`.  Returns 1 when the
 * action goes on checking: the clause allowed it, or it refused under
 * WOLVES_CHECKS_ALL and is no gate (a check whose failure leaves the later
 * ones meaningless or out of bounds).  The first refusal is kept in
 * c->refused either way. */
int wolves_check(wolves_ctx *c, int clause, int ok, uint8_t hex, int gate);
/* Records an alternative to a choice the engine made (WOLVES_EV_OPTION),
 * when checks are logged. */
void wolves_option(wolves_ctx *c, int clause, uint8_t pack, uint8_t piece, uint8_t from, uint8_t to,
                   int value);

/* The numbers a check compares, for its measure event (WOLVES_EV_MEASURE,
 * explain's "4 hexes, Wolf Speed 3"): called in the check's condition, so
 * that what is recorded is what was compared; from is where the measure
 * starts (WOLVES_NONE: the hex of what the check is about).  Nothing is
 * kept when nothing is logged.  The predicates compare and record:
 * wolves_at_most (measured <= limit), wolves_fewer (<), wolves_at_least
 * (>=); wolves_counted records a count beside a condition of another
 * kind. */
static inline void wolves_measure(wolves_ctx *c, int measured, int limit, uint8_t from) {
  if (c->log == NULL) return;
  c->measured = measured;
  c->limit = limit;
  c->measured_from = from;
  c->measuring = 1;
}
static inline int wolves_at_most(wolves_ctx *c, int measured, int limit) {
  wolves_measure(c, measured, limit, WOLVES_NONE);
  return measured <= limit;
}
static inline int wolves_fewer(wolves_ctx *c, int measured, int limit) {
  wolves_measure(c, measured, limit, WOLVES_NONE);
  return measured < limit;
}
static inline int wolves_at_least(wolves_ctx *c, int measured, int limit) {
  wolves_measure(c, measured, limit, WOLVES_NONE);
  return measured >= limit;
}
/* 1, the numbers recorded: for a check that holds where it is made (the
 * first 2 actions of a turn, TURN.TWO_ACTIONS). */
static inline int wolves_counted(wolves_ctx *c, int measured, int limit) {
  wolves_measure(c, measured, limit, WOLVES_NONE);
  return 1;
}
/* Are measures logged (explain)?  For the measures that cost a search of
 * their own, made only then. */
static inline int wolves_measuring(const wolves_ctx *c) {
  return c->log != NULL && c->log->checks >= WOLVES_CHECKS_FIRST;
}

/* CHECK(c, MOVE_LAIR_BLOCKS, cond, hex): the clause allows the action when
 * cond holds, else the action function returns the (first) refusal; under
 * WOLVES_CHECKS_ALL the checks go on.  GATE: the checks stop there in any
 * mode.  GATE_IF: a gate only when `gate` holds.  SETTLED: before the
 * first change to the state, stops an action that any check refused. */
#define GATE_IF(c, name, cond, hex, gate)                                                                    \
  do {                                                                                                       \
    const int ok_ = (cond) ? 1 : 0;                                                                          \
    /* an allowing check changes nothing unless checks are logged */                                         \
    if (!(ok_ && (c)->log == NULL) && !wolves_check((c), WOLVES_C_##name, ok_, (hex), (gate)))               \
      return (c)->refused;                                                                                   \
  } while (0)
#define CHECK(c, name, cond, hex) GATE_IF(c, name, cond, hex, 0)
#define GATE(c, name, cond, hex) GATE_IF(c, name, cond, hex, 1)
#define SETTLED(c)                                                                                           \
  do {                                                                                                       \
    if ((c)->refused) return (c)->refused;                                                                   \
  } while (0)
/* (its arguments are not even computed when nothing is logged) */
#define EMIT(c, name, kind, pack, piece, from, to, value)                                                    \
  do {                                                                                                       \
    if ((c)->log != NULL)                                                                                    \
      wolves_emit((c), WOLVES_C_##name, WOLVES_EV_##kind, (pack), (piece), (from), (to), (value));           \
  } while (0)

/* ---- readings (readings.c): the one alternative at each point, by the
 * index of its name; 0 is ours ---- */
enum {
  WOLVES_PUSH_WALK = 1,           /* WOLVES_READ_PUSH_NEAREST "walk" */
  WOLVES_DEN_TOKEN_ALLOW = 1,     /* WOLVES_READ_DEN_TOKEN_HEX "allow" */
  WOLVES_DOM_DEN_ALLOW = 1,       /* WOLVES_READ_DOM_DEN_PLACEMENT "allow" */
  WOLVES_HUNT_ACTING_PACK = 1,    /* WOLVES_READ_HUNT_WHO "acting-pack" */
  WOLVES_SECOND_BONUS_SETUP = 1,  /* WOLVES_READ_SECOND_BONUS "setup" */
  WOLVES_ALPHA_PUSH_ADJACENT = 1, /* WOLVES_READ_ALPHA_PUSH "adjacent" */
  WOLVES_LAIR_PUSH_ADJACENT = 1,  /* WOLVES_READ_LAIR_PUSH "adjacent" */
  WOLVES_TIE_SHARED = 1           /* WOLVES_READ_TIE_ALPHAS "shared" */
};
#define WOLVES_READS(g, point, choice) ((g)->reading[WOLVES_READ_##point] == (choice))

/* ---- pieces on hexes (pieces.c) ---- */
/* (the small ones inline: see wolves_distance) */
static inline int wolves_pieces(const wolves_state *s, uint8_t h) { /* number of pieces */
  const uint8_t *p = s->hex[h].piece;
  return (p[0] != 0) + (p[1] != 0) + (p[2] != 0);
}
/* wolves_piece_add of a state (wolves.h): slots stay sorted, highest byte
 * first, so that equal positions are equal bytes (memcmp-comparable
 * states, canonical output). */
static inline void wolves_place(wolves_state *s, uint8_t h, uint8_t piece) {
  if (h >= WOLVES_MAX_HEXES || piece == 0 || piece > WOLVES_PIECE(WOLVES_TERRAINS - 1, WOLVES_LAIR)) return;
  uint8_t *p = s->hex[h].piece;
  int i = WOLVES_HEX_SLOTS - 1;
  if (p[i] != 0) return; /* full: callers check the limit first */
  while (i > 0 && p[i - 1] < piece) {
    p[i] = p[i - 1];
    i--;
  }
  p[i] = piece;
}
static inline void wolves_piece_remove(wolves_state *s, uint8_t h, uint8_t piece) {
  uint8_t *p = s->hex[h].piece;
  for (int i = 0; i < WOLVES_HEX_SLOTS; i++) {
    if (p[i] != piece) continue;
    for (int j = i; j + 1 < WOLVES_HEX_SLOTS; j++) p[j] = p[j + 1];
    p[WOLVES_HEX_SLOTS - 1] = 0;
    return;
  }
}
static inline int wolves_count(const wolves_state *s, uint8_t h, uint8_t pack, int type) { /* type -1: any */
  int n = 0;
  for (int i = 0; i < WOLVES_HEX_SLOTS; i++) {
    const uint8_t p = s->hex[h].piece[i];
    if (p != 0 && WOLVES_PIECE_PACK(p) == pack && (type < 0 || WOLVES_PIECE_TYPE(p) == type)) n++;
  }
  return n;
}
static inline int wolves_has_marker(const wolves_state *s, uint8_t h) { /* Den or Lair */
  for (int i = 0; i < WOLVES_HEX_SLOTS; i++) {
    const uint8_t p = s->hex[h].piece[i];
    if (p != 0 && (WOLVES_PIECE_TYPE(p) == WOLVES_DEN || WOLVES_PIECE_TYPE(p) == WOLVES_LAIR)) return 1;
  }
  return 0;
}
static inline int wolves_has_token(const wolves_state *s, uint8_t h) { /* Lone Wolf or Prey */
  return s->hex[h].lone_wolf || s->hex[h].prey_count > 0;
}
/* DEN.TOKEN_HEX: may a Den be built on h for its tokens?  "refuse": none
 * there; "allow": the tokens count toward the hex's 2 (the digital
 * edition's), so a Den joins one token, and a stack of 2 Prey Tokens
 * fills the hex (readings.c). */
static inline int wolves_den_token_ok(const wolves_game *g, const wolves_state *s, uint8_t h) {
  if (!wolves_has_token(s, h)) return 1;
  return WOLVES_READS(g, DEN_TOKEN_HEX, WOLVES_DEN_TOKEN_ALLOW) &&
         s->hex[h].lone_wolf + s->hex[h].prey_count < 2;
}
static inline int wolves_is_land(const wolves_game *g, uint8_t h) {
  return h < g->board.nhex && g->board.hex[h].kind == WOLVES_LAND;
}
/* An Alpha of pack on h or adjacent to it. */
int wolves_alpha_near(const wolves_game *g, const wolves_state *s, uint8_t pack, uint8_t h);
/* An Alpha of pack within `range` hexes of h. */
int wolves_alpha_within(const wolves_game *g, const wolves_state *s, uint8_t pack, uint8_t h, int range);
/* HOWL.RANGE, DOM.RANGE (wolves_alpha_within range), DEN.ALPHA,
 * LAIR.ALPHA (beside: wolves_alpha_near, range 1): an Alpha of the
 * acting pack within range of h.  When measures are logged, the distance
 * of the nearest (-1: none on the map) is recorded from its hex against
 * range (the same test on every board wolves_board_link links). */
int wolves_alpha_in_range(wolves_ctx *c, uint8_t h, int beside, int range);
static inline int wolves_adjacent_to_water(const wolves_game *g, uint8_t h) {
  for (int d = 0; d < 6; d++) {
    const uint8_t n = g->board.nbr[h][d];
    if (n < g->board.nhex && g->board.hex[n].kind == WOLVES_WATER) return 1;
  }
  return 0;
}
/* Does pack have a Lair on a hex of region (LAIR.ONE_PER_REGION)? */
int wolves_lair_in_region(const wolves_game *g, const wolves_state *s, uint8_t pack, uint8_t region);
/* LAIR.ONE_PER_REGION for the acting pack and hex h: no Lair of its own
 * in h's region (none for a hex of no region), by wolves_lair_in_region;
 * when measures are logged, its Lairs there are recorded against 1, from
 * the first. */
int wolves_region_without_lair(wolves_ctx *c, uint8_t h);
/* The pieces on the map per colour and type (wolves_piece_type), in one pass. */
void wolves_census(const wolves_game *g, const wolves_state *s, int n[WOLVES_TERRAINS][4]);
/* Pushes `piece` off `from` to choice (WOLVES_NONE: the first nearest in
 * board order, wolves-engine(5), CHOICES); returns
 * 0 or the clause that refused (push_clause for the "pushed" event,
 * MOVE.PUSH_CHOICE when there is no legal destination).  slot: which push
 * of the action it is (a Move's step, an Upgrade's push: where
 * wolves_action_resolve names it). */
int wolves_push(wolves_ctx *c, uint8_t from, uint8_t piece, uint8_t choice, int push_clause, int slot);
/* May a wolf of pack end on h (piece limit, tokens, hierarchy)?  Used for
 * push candidates; Move records the same rules clause by clause. */
static inline int wolves_is_ai(const wolves_state *s, uint8_t piece) {
  return piece != 0 && s->ai_pack != WOLVES_NONE && WOLVES_PIECE_PACK(piece) == s->ai_pack;
}

/* ---- payment (payment.c) ---- */
/* Checks and pays `cost` tiles of the terrain of hex target. */
int wolves_pay(wolves_ctx *c, uint8_t target, int cost, uint8_t pay_tiles, uint8_t pay_bonus);

/* ---- choices (resolve.c; wolves-engine(5), CHOICES) ----
 * What a run for wolves_action_resolve records (wolves_ctx.choices): the
 * action with each choice the engine made named, and the first choice it
 * made that the action left open, with every value the rules allow there
 * (the one made first).  The action functions report each choice as they
 * make it, once every check before it has passed:
 * wolves_chose_push: the push of `slot` went to `to`; cand[0..n) were the
 *   hexes it could go to, or cand NULL when the action named it;
 * wolves_chose_payment: tiles (slot bits) and bonus (tokens) paid by
 *   default, match the tiles showing the terrain, tokens those held;
 * wolves_chose_target: the Dominate took `piece` (a piece byte). */
enum { WOLVES_CHOICE_PUSH = 1, WOLVES_CHOICE_PAY, WOLVES_CHOICE_TARGET };
typedef struct wolves_choices {
  wolves_action named;
  uint8_t kind; /* WOLVES_CHOICE_*: the first open choice made, 0 while none */
  uint8_t slot; /* of a push */
  int nvalues;
  uint8_t value[WOLVES_MAX_HEXES]
               [2]; /* a push: the hex; a payment: the tiles, the tokens; a target: piece, pack */
} wolves_choices;
void wolves_chose_push(wolves_ctx *c, int slot, uint8_t to, const uint8_t *cand, int n);
void wolves_chose_payment(wolves_ctx *c, int tiles, int bonus, int match, int tokens, int cost);
void wolves_chose_target(wolves_ctx *c, uint8_t piece);
/* wolves_apply_hinted without the hint, recording the choices made in
 * *choices (engine.c); *s is left half-changed on refusal. */
int wolves_apply_choosing(const wolves_game *g, wolves_state *s, const wolves_action *a,
                          wolves_choices *choices);

/* ---- Player Board (player.c) ---- */
void wolves_gain_bonus(wolves_ctx *c, int bonus, int clause);
/* Den Markers still on the Player Board, over all attribute tracks. */
static inline int wolves_dens_left(const wolves_player *p) {
  int n = WOLVES_ATTRIBUTES * (WOLVES_ATTR_POSITIONS - 1);
  for (int a = 0; a < WOLVES_ATTRIBUTES; a++) n -= p->dens_taken[a];
  return n;
}
/* Removes the next Den Marker of attribute: upgrade, bonus, VP; returns
 * the piece byte of the Den. */
uint8_t wolves_take_den(wolves_ctx *c, int attribute);
/* Removes the next wolf of the Pack Wolves section; returns its piece. */
uint8_t wolves_take_wolf(wolves_ctx *c);
uint8_t wolves_take_lair(wolves_ctx *c);

/* ---- Moonlight Board (moonlight.c) ---- */
/* Puts item (WOLVES_MOON_LONE or a piece byte) on the next open date. */
void wolves_moon_place(wolves_ctx *c, uint8_t item, uint8_t from, int clause);

/* ---- automatic effects ---- */
void wolves_hunt(wolves_ctx *c); /* hunt.c: after every action */
/* The colours whose wolves Hunting counts on hex x (HUNT.SURROUND), 1 in
 * the nibble of each: its pieces read up to the first empty slot, a
 * byte through wolves_wolf_nibble (hunt.c). */
extern const uint32_t wolves_wolf_nibble[256];
static inline uint32_t wolves_wolves_on(const wolves_hex_state *x) {
  const uint8_t *const p = x->piece;
  return wolves_wolf_nibble[p[0]] |
         (p[0] != 0 ? wolves_wolf_nibble[p[1]] | (p[1] != 0 ? wolves_wolf_nibble[p[2]] : 0) : 0);
}
void wolves_end_turn_scoring(wolves_ctx *c); /* scoring.c: scores pending phases */

/* ---- the actions (one file each) ---- */
int wolves_do_move(wolves_ctx *c, const wolves_action *a);
int wolves_do_build_den(wolves_ctx *c, const wolves_action *a);
int wolves_do_upgrade(wolves_ctx *c, const wolves_action *a);
int wolves_do_howl(wolves_ctx *c, const wolves_action *a);
int wolves_do_dominate(wolves_ctx *c, const wolves_action *a);
int wolves_do_end_turn(wolves_ctx *c, const wolves_action *a);
int wolves_do_draft(wolves_ctx *c, const wolves_action *a);

/* wolves_apply without its transaction or log (engine.c), for a scratch
 * copy of the state: on refusal *s is left half-changed.  prey, if not
 * NULL, holds bit h (of word h / 64) for every hex with prey before the
 * action, and maybe others (a sampler's index, wolves_sampler): the
 * Hunting looks at those hexes only (actions never add prey). */
int wolves_apply_hinted(const wolves_game *g, wolves_state *s, const wolves_action *a, const uint64_t *prey);
/* Its verdict alone: the same, without the Hunting at the end of the
 * action (HUNT.SURROUND, which never refuses); *s is left half-changed. */
int wolves_judge(const wolves_game *g, wolves_state *s, const wolves_action *a);

/* ---- legal actions (legal.c), shared with the sampler (sample.c) ---- */
/* An action of kind for player with every optional field at its default. */
static inline wolves_action wolves_blank_action(uint8_t kind, uint8_t player) {
  const wolves_action a = {.kind = kind,
                           .player = player,
                           .target = WOLVES_NONE,
                           .attribute = WOLVES_NONE,
                           .push_to = {WOLVES_NONE, WOLVES_NONE},
                           .piece = WOLVES_NONE,
                           .pack = WOLVES_NONE};
  return a;
}
/* Necessary conditions only, for skipping candidates cheaply:
 * wolves_can_pay - bit t of pay[cost]: the player can pay `cost` tiles of
 *   terrain t (PAY.MATCH, tiles showing t plus Bonus Terrain Tokens);
 * wolves_may_act - the player to act may take another action (TURN.TWO_ACTIONS,
 *   TURN.BONUS_ACTION);
 * wolves_move_target - a wolf may end a single-wolf Move on `to`, paid with
 *   pay1 = pay[1] of wolves_can_pay (MOVE.IMPASSABLE, PAY.MATCH,
 *   MOVE.TOKEN_HEX, MOVE.MAX_PIECES);
 * wolves_den_target - a Den may be built on h, paid with pay2 = pay[2]
 *   (PAY.TARGET_LAND, PAY.MATCH, DEN.TOKEN_HEX, DEN.ONE_MARKER). */
#define WOLVES_MAX_COST 3 /* tiles an action flips: Dominate's 3 */
void wolves_can_pay(const wolves_game *g, const wolves_state *s, int player,
                    unsigned pay[WOLVES_MAX_COST + 1]);
static inline int wolves_may_act(const wolves_state *s) {
  const uint8_t p = s->current;
  return s->phase == WOLVES_PHASE_PLAY && (s->actions_taken < 2 || s->player[p].bonus_action > 0);
}
static inline int wolves_move_target(const wolves_game *g, const wolves_state *s, unsigned pay1, uint8_t to) {
  /* MOVE.IMPASSABLE, PAY.MATCH, MOVE.TOKEN_HEX, MOVE.MAX_PIECES */
  return wolves_is_land(g, to) && wolves_terrain_in(pay1, g->board.hex[to].terrain) &&
         !wolves_has_token(s, to) && s->hex[to].piece[1] == 0;
}
static inline int wolves_den_target(const wolves_game *g, const wolves_state *s, unsigned pay2, uint8_t h) {
  return wolves_is_land(g, h) && wolves_terrain_in(pay2, g->board.hex[h].terrain) &&
         wolves_den_token_ok(g, s, h) && !wolves_has_marker(s, h);
}
/* wolves_move_end: may a wolf of pack and type end a single-wolf Move on
 * `to`, paid with pay1?  By the rules of the destination as Move checks
 * them (wolves_move_target, TWO.AI_UNTOUCHABLE, MOVE.LAIR_BLOCKS,
 * MOVE.MAX_PIECES, MOVE.NO_ENEMY_PAIR, MOVE.HIERARCHY): 1 yes, 0 no,
 * WOLVES_MOVE_PUSH when an Alpha lands on a lone enemy Pack Wolf, whose
 * push (MOVE.ALPHA_PUSH) only wolves_judge decides.  The rest of a legal
 * single-wolf Move: the player's wolf on `from`, `to` within Wolf Speed
 * (MOVE.WOLF_SPEED) and as many steps over land (wolves_land_reach), Pack
 * Spread at least 1, an action left.
 * MOVE.IMPASSABLE over land, through any pieces (reach.c):
 * wolves_land_within: is `to` within limit steps of `from`?  By the rows
 *   of land[], or hex by hex (wolves_land_reach) when the board has no
 *   land[] (a hex beyond the grid) or from is not land;
 * wolves_land_rows: the hexes within limit steps of land hex `from`, bit
 *   col of reach[row]; 0 (reach[] untouched) where the board has no
 *   land[] or from is not land;
 * wolves_land_reach: dist[h] the steps over land hexes from `from` to h
 *   through nbr[][], for those within limit steps, else WOLVES_NONE;
 *   reached[] those hexes, `from` first, nearest first; returns how many. */
#define WOLVES_MOVE_PUSH 2
int wolves_move_end(const wolves_game *g, const wolves_state *s, uint8_t pack, uint8_t type, unsigned pay1,
                    uint8_t to);
int wolves_land_within(const wolves_game *g, uint8_t from, uint8_t to, int limit);
int wolves_land_rows(const wolves_board *b, uint8_t from, int limit, uint64_t reach[WOLVES_GRID]);
int wolves_land_reach(const wolves_game *g, uint8_t from, int limit, uint8_t dist[WOLVES_MAX_HEXES],
                      uint8_t reached[WOLVES_MAX_HEXES]);
/* wolves_land_steps: the steps of the shortest walk over land from `from`
 * to `to`, -1 when none (either not land, or cut off); the measure of
 * MOVE.IMPASSABLE (wolves_land_path's count). */
int wolves_land_steps(const wolves_game *g, uint8_t from, uint8_t to);

#endif
