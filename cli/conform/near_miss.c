/* near_miss.c - the near misses of differential play: actions close to a
 * legal one (a hex off, out of range, unpaid, by the wrong wolf or
 * player, in the wrong phase, ...) that our engine refuses, offered to
 * the engine at each position of a game; and Upgrades of the player's
 * Dens that a Lair's restrictions refuse. */
#include "conform/checker.h"

#include <string.h>

#include "rng.h"
#include "wolves.h"

/* A random hex of the board. */
static uint8_t any_hex(const wolves_game *g, wolves_rng *r) {
  return (uint8_t)wolves_rng_below(r, g->board.nhex);
}

/* A random neighbour of h (h itself if it has none). */
static uint8_t beside(const wolves_game *g, uint8_t h, wolves_rng *r) {
  uint8_t n[6];
  int k = 0;
  for (int d = 0; d < 6; d++)
    if (g->board.nbr[h][d] != WOLVES_NONE) n[k++] = g->board.nbr[h][d];
  return k ? n[wolves_rng_below(r, (uint32_t)k)] : h;
}

const char *const miss_names[] = {
    "one hex off", "out of range", "unpaid", "by the wrong wolf", "by the wrong player", "in the wrong phase",
    "the wrong piece or attribute", "turn ended early, or a third action", "too many wolves, or to two hexes",
    "a push to a hex not the nearest", "a Howl at any Lone Wolf", "a Dominate of any piece",
    /* upgrade_miss's, by the clause that refuses them */
    "an Upgrade of a Den not beside a Water Source", "a second Lair in a region",
    "an Upgrade of a Den without the player's Alpha", "an Upgrade with no Lair left"};
enum {
  MISS_OFF,
  MISS_RANGE,
  MISS_UNPAID,
  MISS_WOLF,
  MISS_PLAYER,
  MISS_PHASE,
  MISS_PIECE,
  MISS_END,
  MISS_SPREAD,
  MISS_PUSH,
  MISS_HOWL,
  MISS_DOMINATE,
  MISS_KINDS, /* (the kinds near_misses draws from; upgrade_miss's follow) */
  MISS_UPGRADE_WATER = MISS_KINDS,
  MISS_UPGRADE_REGION,
  MISS_UPGRADE_ALPHA,
  MISS_UPGRADE_NONE_LEFT
};

/* An action of the player to act with no field set yet. */
void blank_action(const wolves_state *s, int kind, wolves_action *out) {
  memset(out, 0, sizeof *out);
  out->kind = (uint8_t)kind;
  out->player = s->current;
  out->piece = out->pack = WOLVES_NONE;
  out->push_to[0] = out->push_to[1] = WOLVES_NONE;
}

/* A hex chosen uniformly among those for which want(g, s, h, player) is
 * true, or WOLVES_NONE. */
static uint8_t some_hex(const wolves_game *g, const wolves_state *s, wolves_rng *r,
                        int (*want)(const wolves_game *, const wolves_state *, int, int)) {
  uint8_t found[WOLVES_MAX_HEXES];
  int n = 0;
  for (int h = 0; h < g->board.nhex; h++)
    if (want(g, s, h, s->current)) found[n++] = (uint8_t)h;
  return n ? found[wolves_rng_below(r, (uint32_t)n)] : WOLVES_NONE;
}

static int has_lone_wolf(const wolves_game *g, const wolves_state *s, int h, int player) {
  (void)g, (void)player;
  return s->hex[h].lone_wolf != 0;
}

static int has_enemy_piece(const wolves_game *g, const wolves_state *s, int h, int player) {
  (void)g;
  const uint8_t p = s->hex[h].piece[0];
  return p != 0 && WOLVES_PIECE_PACK(p) != s->player[player].pack;
}

/* A Move of several of the player's wolves: one more than its Pack Spread
 * allows to one hex, or two to two different hexes. */
static void spread_miss(const wolves_game *g, const wolves_state *s, wolves_rng *r, wolves_action *out) {
  const uint8_t pack = s->player[s->current].pack;
  uint8_t from[WOLVES_MAX_HEXES * WOLVES_HEX_SLOTS], type[WOLVES_MAX_HEXES * WOLVES_HEX_SLOTS];
  int n = 0;
  for (int h = 0; h < g->board.nhex; h++)
    for (int i = 0; i < WOLVES_HEX_SLOTS; i++) {
      const uint8_t p = s->hex[h].piece[i];
      if (p && WOLVES_PIECE_PACK(p) == pack &&
          (WOLVES_PIECE_TYPE(p) == WOLVES_ALPHA || WOLVES_PIECE_TYPE(p) == WOLVES_PACK)) {
        from[n] = (uint8_t)h;
        type[n++] = WOLVES_PIECE_TYPE(p);
      }
    }
  const int spread = wolves_attribute(g, s, s->current, WOLVES_PACK_SPREAD);
  const int apart = wolves_rng_below(r, 2) == 0;
  const int want = apart ? 2 : spread + 1;
  if (n < want || want > WOLVES_MAX_MOVERS || n == 0) return;
  for (int i = n - 1; i > 0; i--) { /* the wolves in a random order */
    const int j = (int)wolves_rng_below(r, (uint32_t)i + 1);
    const uint8_t f = from[i], t = type[i];
    from[i] = from[j], type[i] = type[j];
    from[j] = f, type[j] = t;
  }
  blank_action(s, WOLVES_ACT_MOVE, out);
  const uint8_t to = beside(g, from[0], r);
  out->nsteps = (uint8_t)want;
  for (int i = 0; i < want; i++)
    out->step[i] = (wolves_step){from[i], apart ? beside(g, from[i], r) : to, type[i], WOLVES_NONE};
}

/* Near miss `kind` of legal action b at s into *out. */
static void near_miss(const wolves_game *g, const wolves_state *s, const wolves_action *b, int kind,
                      wolves_rng *r, wolves_action *out) {
  *out = *b;
  const int move = b->kind == WOLVES_ACT_MOVE && b->nsteps > 0;
  switch (kind) {
  case MISS_OFF:
    if (move)
      out->step[0].to = beside(g, b->step[0].to, r);
    else if (b->kind != WOLVES_ACT_END_TURN)
      out->target = beside(g, b->target, r);
    break;
  case MISS_RANGE: { /* a hex one further than the attribute allows */
    const int move_speed = wolves_attribute(g, s, s->current, WOLVES_WOLF_SPEED);
    const int howl = wolves_attribute(g, s, s->current, WOLVES_HOWL_RANGE);
    const uint8_t from = move ? b->step[0].from : b->target;
    const int want = (move ? move_speed : howl) + 1;
    uint8_t far[WOLVES_MAX_HEXES];
    int nfar = 0;
    for (int h = 0; h < g->board.nhex; h++)
      if (wolves_hex_distance(&g->board, from, (uint8_t)h) == want) far[nfar++] = (uint8_t)h;
    const uint8_t to = nfar ? far[wolves_rng_below(r, (uint32_t)nfar)] : any_hex(g, r);
    if (move)
      out->step[0].to = to;
    else
      out->target = to;
    break;
  }
  case MISS_UNPAID: /* tiles of the wrong terrain, no Bonus Terrain Token */
    out->pay_tiles = (uint8_t)(1u << wolves_rng_below(r, WOLVES_TILES));
    out->pay_bonus = 0;
    break;
  case MISS_WOLF:
    if (move) {
      out->step[0].type = b->step[0].type == WOLVES_ALPHA ? WOLVES_PACK : WOLVES_ALPHA;
      if (wolves_rng_below(r, 2)) out->step[0].from = beside(g, b->step[0].from, r);
    }
    break;
  case MISS_PLAYER:
    out->player = (uint8_t)((s->current + 1 + wolves_rng_below(r, (uint32_t)g->nplayers - 1)) % g->nplayers);
    break;
  case MISS_PHASE:
    memset(out, 0, sizeof *out);
    out->player = s->current;
    out->piece = out->pack = WOLVES_NONE;
    out->push_to[0] = out->push_to[1] = WOLVES_NONE;
    out->kind = s->phase == WOLVES_PHASE_DRAFT ? (uint8_t)(WOLVES_ACT_HOWL - wolves_rng_below(r, 2) * 2)
                                               : WOLVES_ACT_DRAFT;
    out->target = any_hex(g, r);
    break;
  case MISS_PIECE:
    if (b->kind == WOLVES_ACT_DOMINATE) {
      out->piece = (uint8_t)wolves_rng_below(r, 4);
      out->pack = s->player[wolves_rng_below(r, g->nplayers)].pack;
    }
    out->attribute = (uint8_t)((b->attribute + 1 + wolves_rng_below(r, 2)) % WOLVES_ATTRIBUTES);
    break;
  case MISS_SPREAD:
    spread_miss(g, s, r, out);
    break;
  case MISS_PUSH: /* (a Move that pushes no wolf ignores it: legal, not offered) */
    if (move) out->step[0].push_to = wolves_rng_below(r, 2) ? beside(g, b->step[0].to, r) : any_hex(g, r);
    break;
  case MISS_HOWL: {
    const uint8_t h = some_hex(g, s, r, has_lone_wolf);
    if (h != WOLVES_NONE) blank_action(s, WOLVES_ACT_HOWL, out), out->target = h;
    break;
  }
  case MISS_DOMINATE: {
    const uint8_t h = some_hex(g, s, r, has_enemy_piece);
    if (h == WOLVES_NONE) break;
    blank_action(s, WOLVES_ACT_DOMINATE, out);
    out->target = h;
    if (wolves_rng_below(r, 2)) { /* a piece named: maybe not there */
      out->piece = (uint8_t)wolves_rng_below(r, 4);
      out->pack = s->player[wolves_rng_below(r, g->nplayers)].pack;
    }
    out->attribute = (uint8_t)wolves_rng_below(r, WOLVES_ATTRIBUTES);
    break;
  }
  default:
    if (s->phase == WOLVES_PHASE_PLAY && s->actions_taken >= 2) { /* a third action without a token */
      wolves_state fresh = *s;
      fresh.actions_taken = 0;
      fresh.player[s->current].bonus_action = 0;
      if (wolves_sample(g, &fresh, r, out, NULL) == 1 && out->kind != WOLVES_ACT_END_TURN) break;
    }
    blank_action(s, WOLVES_ACT_END_TURN, out);
    break;
  }
  if (out->kind == WOLVES_ACT_MOVE && kind != MISS_PUSH)
    for (int i = 0; i < out->nsteps; i++) out->step[i].push_to = WOLVES_NONE;
}

/* A Howl just out of range: at a Lone Wolf Token one hex further from the
 * player's nearest Alpha than its Howl Range; 0 when there is none. */
static int howl_too_far(const wolves_game *g, const wolves_state *s, wolves_rng *r, wolves_action *out) {
  const uint8_t alpha = WOLVES_PIECE(s->player[s->current].pack, WOLVES_ALPHA);
  const int range = wolves_attribute(g, s, s->current, WOLVES_HOWL_RANGE);
  uint8_t far[WOLVES_MAX_HEXES];
  int nfar = 0;
  for (int h = 0; h < g->board.nhex; h++) {
    if (!s->hex[h].lone_wolf) continue;
    int nearest = 1000;
    for (int a = 0; a < g->board.nhex; a++)
      for (int i = 0; i < WOLVES_HEX_SLOTS; i++)
        if (s->hex[a].piece[i] == alpha) {
          const int d = wolves_hex_distance(&g->board, (uint8_t)a, (uint8_t)h);
          if (d < nearest) nearest = d;
        }
    if (nearest == range + 1) far[nfar++] = (uint8_t)h;
  }
  if (nfar == 0) return 0;
  memset(out, 0, sizeof *out);
  out->kind = WOLVES_ACT_HOWL;
  out->player = s->current;
  out->target = far[wolves_rng_below(r, (uint32_t)nfar)];
  out->piece = out->pack = WOLVES_NONE;
  out->push_to[0] = out->push_to[1] = WOLVES_NONE;
  return 1;
}

/* Up to max near misses at s, of the chosen action and of other legal
 * ones, that our engine refuses, each a different action. */
int near_misses(const wolves_game *g, const wolves_state *s, const wolves_action *chosen, wolves_rng *r,
                wolves_action *out, int *kinds, int max) {
  int n = 0;
  wolves_action legal[8];
  int nlegal = 0;
  legal[nlegal++] = *chosen;
  wolves_action other;
  for (int k = 0; k < 3; k++) {
    if (wolves_sample(g, s, r, &other, NULL) == 1) legal[nlegal++] = other;
  }
  for (int tries = 0; tries < 4 * max && n < max; tries++) {
    int kind = (int)wolves_rng_below(r, MISS_KINDS);
    wolves_action m;
    if (tries == 0 && s->phase == WOLVES_PHASE_PLAY && howl_too_far(g, s, r, &m)) {
      kind = MISS_RANGE; /* (a Howl is rarely legal, so rarely a base: one out of range first) */
    } else {
      near_miss(g, s, &legal[wolves_rng_below(r, (uint32_t)nlegal)], kind, r, &m);
    }
    wolves_state after = *s;
    if (wolves_apply(g, &after, &m, NULL) == 0) continue; /* legal after all: not a miss */
    int dup = 0;
    for (int i = 0; i < n && !dup; i++) dup = memcmp(&out[i], &m, sizeof m) == 0;
    if (dup) continue;
    kinds[n] = kind;
    out[n++] = m;
  }
  return n;
}

/* The kind of an Upgrade our engine refuses by clause, or -1. */
static int upgrade_kind(int clause) {
  switch (clause) {
  case WOLVES_C_LAIR_WATER:
    return MISS_UPGRADE_WATER;
  case WOLVES_C_LAIR_ONE_PER_REGION:
    return MISS_UPGRADE_REGION;
  case WOLVES_C_LAIR_ALPHA:
    return MISS_UPGRADE_ALPHA;
  case WOLVES_C_LAIR_NONE_LEFT:
    return MISS_UPGRADE_NONE_LEFT;
  default:
    return -1;
  }
}

static int has_own_den(const wolves_game *g, const wolves_state *s, int h, int player) {
  (void)g;
  const uint8_t den = WOLVES_PIECE(s->player[player].pack, WOLVES_DEN);
  for (int i = 0; i < WOLVES_HEX_SLOTS; i++)
    if (s->hex[h].piece[i] == den) return 1;
  return 0;
}

int upgrade_miss(const wolves_game *g, const wolves_state *s, wolves_rng *r, wolves_action *out, int *kind) {
  if (s->phase != WOLVES_PHASE_PLAY) return 0;
  /* the Dens each clause refuses, a kind drawn first: LAIR.WATER, checked
   * first, would refuse most of them */
  enum { UPGRADE_KINDS = MISS_UPGRADE_NONE_LEFT - MISS_UPGRADE_WATER + 1 };
  uint8_t found[UPGRADE_KINDS][WOLVES_MAX_HEXES];
  int n[UPGRADE_KINDS] = {0}, kinds = 0;
  wolves_action a;
  blank_action(s, WOLVES_ACT_UPGRADE, &a);
  for (int h = 0; h < g->board.nhex; h++) {
    if (!has_own_den(g, s, h, s->current)) continue;
    a.target = (uint8_t)h;
    wolves_state after = *s;
    const int k = upgrade_kind(wolves_apply(g, &after, &a, NULL));
    if (k < 0) continue;
    kinds += n[k - MISS_UPGRADE_WATER] == 0;
    found[k - MISS_UPGRADE_WATER][n[k - MISS_UPGRADE_WATER]++] = (uint8_t)h;
  }
  if (kinds == 0) return 0;
  uint32_t pick = wolves_rng_below(r, (uint32_t)kinds);
  int k = 0;
  while (n[k] == 0 || pick-- > 0) k++;
  a.target = found[k][wolves_rng_below(r, (uint32_t)n[k])];
  *out = a;
  *kind = MISS_UPGRADE_WATER + k;
  return 1;
}
