/* sample.c - one random legal action without listing them all (the
 * policy is documented at wolves_sample in wolves.h).
 *
 * One pass over the board lists the hexes with a piece or a Lone Wolf and
 * the player's pieces.  A kind, when its turn in the random order of kinds
 * comes, builds the candidates that pass necessary conditions (the rules
 * cited below; wolves_apply judges the rest) and verifies them in a random
 * order until one is legal: the first legal candidate of a random order
 * is uniform among the legal ones, and a kind none of whose candidates is
 * legal has no legal action.  A Move first tries random destinations
 * within Wolf Speed; only when those miss are all its candidates built. */
#include <stddef.h>
#include <string.h>

#include "engine.h"

#define DRAWS 16 /* random Move destinations before building every Move candidate */
#define MAX_WOLVES 16
#define MAX_CANDIDATES 512 /* > 4 opponents x 20 Pack Wolves and Dens x 3 attributes */

/* A candidate target of Build Den, Upgrade, Howl or Dominate. */
typedef struct {
  uint8_t target, attribute, piece, pack;
} target;

typedef struct {
  const wolves_game *g;
  const wolves_state *s;
  wolves_rng *rng;
  uint8_t p, pack;
  int nwolves, nalphas;
  /* (entries to spare: collect writes them, then counts those that are) */
  struct {
    uint8_t hex, type;
  } wolf[MAX_WOLVES + 1];
  struct {
    uint8_t hex, wolf; /* the Alpha's entry in wolf[] */
  } alpha[MAX_WOLVES + WOLVES_HEX_SLOTS];
  unsigned pay[WOLVES_MAX_COST + 1]; /* wolves_can_pay */
  const wolves_sampler *ix;          /* where the pieces, Lone Wolves and Prey of s lie */
  int words;                         /* of a set of hexes that the board's fill */
  int upgrades_listed;               /* upgrades() has run */
  int n[WOLVES_ACT_KINDS];
  target cand[WOLVES_ACT_KINDS][MAX_CANDIDATES];
} context;

static const uint64_t *hunt_hint(const wolves_sampler *ix, int kind);

/* Is a legal?  Applied to a copy: *after (garbage when refused).  The
 * Hunting at its end looks only at the prey hexes of s that the index
 * says it may take (hunt_hint). */
static int verify(const wolves_game *g, const wolves_state *s, const wolves_sampler *ix,
                  const wolves_action *a, wolves_state *after) {
  wolves_state next;
  wolves_state *const to = after != NULL ? after : &next;
  *to = *s;
  return wolves_apply_hinted(g, to, a, hunt_hint(ix, a->kind)) == WOLVES_OK;
}

/* ---- the index (wolves_sampler) ---- */
_Static_assert(sizeof(wolves_hex_state) == 6, "a hex's state is six bytes, four hexes three words");

/* Runs the statements (the rest of the arguments) with h = each hex of
 * set (its first `words` words), in board order. */
#define FOR_EACH_HEX(set, words, h, ...)                                                                     \
  for (int w_ = 0; w_ < (words); w_++)                                                                       \
    for (uint64_t bits_ = (set)[w_]; bits_ != 0; bits_ &= bits_ - 1) {                                       \
      const uint8_t h = (uint8_t)(w_ * 64 + wolves_lowest_bit(bits_));                                       \
      __VA_ARGS__                                                                                            \
    }

/* The pieces on x as the sampler reads a hex: bit colour * 4 + type of
 * each (one with a piece in its first slot or a Lone Wolf: the others are
 * empty, or a malformed state's, and hold no candidate; a byte that is no
 * piece counts for nothing). */
_Static_assert(WOLVES_PIECE(WOLVES_TERRAINS - 1, WOLVES_LAIR) == 20, "twenty piece bytes, 1 to 20");
/* (a table: a load a slot, no compare or shift) */
static const uint32_t piece_bit[256] = {
    [1] = 1u << 0,   [2] = 1u << 1,   [3] = 1u << 2,   [4] = 1u << 3,   [5] = 1u << 4,
    [6] = 1u << 5,   [7] = 1u << 6,   [8] = 1u << 7,   [9] = 1u << 8,   [10] = 1u << 9,
    [11] = 1u << 10, [12] = 1u << 11, [13] = 1u << 12, [14] = 1u << 13, [15] = 1u << 14,
    [16] = 1u << 15, [17] = 1u << 16, [18] = 1u << 17, [19] = 1u << 18, [20] = 1u << 19};
static inline unsigned pieces_on(const wolves_hex_state *x) {
  _Static_assert(WOLVES_HEX_SLOTS == 3, "three slots a hex");
  const unsigned any = (x->piece[0] | x->lone_wolf) != 0;
  return (piece_bit[x->piece[0]] | piece_bit[x->piece[1]] | piece_bit[x->piece[2]]) & (0u - any);
}

static inline void toggle(uint64_t *set, unsigned h) { set[h / 64] ^= (uint64_t)1 << (h % 64); }

/* A wolf on x, as Hunting reads x. */
static inline int holds_wolf(const wolves_hex_state *x) { return wolves_wolves_on(x) != 0; }

/* The i-th prey hex has `near` neighbours holding a wolf. */
static void count_near(wolves_sampler *ix, int i, int near) {
  const uint8_t p = ix->prey_hex[i];
  const uint64_t bit = (uint64_t)1 << (p % 64);
  ix->prey_near[i] = (uint8_t)near;
  for (int k = 0; k < 3; k++) ix->near[k][p / 64] = (ix->near[k][p / 64] & ~bit) | (near > k ? bit : 0);
}

/* nprey of a list to be read again, after the hexes are (follow_prey). */
#define PREY_STALE 0xFE

/* Hex h of the index from what was on it (was) to what is (now), on g's
 * board. */
static void reindex(wolves_sampler *ix, const wolves_game *g, unsigned h, const wolves_hex_state *was,
                    const wolves_hex_state *now) {
  for (unsigned m = pieces_on(was) ^ pieces_on(now); m != 0; m &= m - 1) {
    const int k = wolves_lowest_bit(m);
    toggle(ix->piece[k / 4][k % 4], h);
  }
  if ((was->lone_wolf != 0) != (now->lone_wolf != 0)) toggle(ix->lone, h);
  if ((was->prey_count != 0) != (now->prey_count != 0)) {
    toggle(ix->prey, h);
    ix->nprey = PREY_STALE;
    return;
  }
  if (!(ix->beside[h / 64] >> (h % 64) & 1) || ix->nprey > WOLVES_SAMPLER_PREY) return;
  const int by = holds_wolf(now) - holds_wolf(was);
  /* a wolf came or left beside a prey: each prey counts it as often as its
   * neighbours list h (as follow_prey counts) */
  for (int i = 0; i < ix->nprey && by != 0; i++) {
    const uint8_t *const row = g->board.nbr[ix->prey_hex[i]];
    const int times =
        (row[0] == h) + (row[1] == h) + (row[2] == h) + (row[3] == h) + (row[4] == h) + (row[5] == h);
    if (times != 0) count_near(ix, i, ix->prey_near[i] + by * times);
  }
}

/* Appends h to busy[0..n) if it holds a piece, a Lone Wolf or Prey;
 * returns the new count. */
static inline size_t list_busy(uint8_t *busy, size_t n, const wolves_hex_state *hex, int h) {
  busy[n] = (uint8_t)h;
  return n + ((hex[h].piece[0] | hex[h].lone_wolf | hex[h].prey_count) != 0);
}

/* The index of s's nhex hexes, read whole (as reindex would, from empty
 * hexes); with `keep` their bytes too (a wolves_sampler kept between
 * calls). */
static void index_all(wolves_sampler *ix, const wolves_state *s, int nhex, int keep) {
  memset(ix, 0, offsetof(wolves_sampler, hex));
  /* the hexes with anything on them, four at a step without a branch
   * (which are empty is unpredictable): the entry is written either way
   * and counted only then */
  uint8_t busy[WOLVES_MAX_HEXES];
  size_t n = 0;
  const wolves_hex_state *const hex = s->hex;
  int h = 0;
  for (; h + 4 <= nhex; h += 4) {
    n = list_busy(busy, n, hex, h);
    n = list_busy(busy, n, hex, h + 1);
    n = list_busy(busy, n, hex, h + 2);
    n = list_busy(busy, n, hex, h + 3);
  }
  for (; h < nhex; h++) n = list_busy(busy, n, hex, h);
  for (size_t i = 0; i < n; i++) {
    const unsigned w = busy[i] / 64;
    const uint64_t bit = (uint64_t)1 << (busy[i] % 64);
    const wolves_hex_state *const x = &hex[busy[i]];
    if (x->lone_wolf) ix->lone[w] |= bit;
    if (x->prey_count) ix->prey[w] |= bit;
    if ((x->piece[0] | x->lone_wolf) == 0) continue;
    /* colour * 4 + type, as pieces_on; mostly one piece */
    const unsigned c = x->piece[0] - 1u;
    if (c < WOLVES_TERRAINS * 4) ix->piece[c / 4][c % 4][w] |= bit;
    for (int k = 1; k < WOLVES_HEX_SLOTS && (x->piece[1] | x->piece[2]) != 0; k++) {
      const unsigned ck = x->piece[k] - 1u;
      if (ck < WOLVES_TERRAINS * 4) ix->piece[ck / 4][ck % 4][w] |= bit;
    }
  }
  if (keep) {
    memcpy(ix->hex, s->hex, (size_t)nhex * sizeof *s->hex);
    ix->nprey = PREY_STALE;
  }
  ix->nhex = (uint8_t)nhex;
  ix->ready = keep;
}

/* The prey list of a kept index brought up to its hexes: read again when
 * the prey hexes changed or the board is another (the counts were made
 * with its neighbours). */
static void follow_prey(wolves_sampler *ix, const wolves_game *g) {
  if (ix->nprey != PREY_STALE && ix->board == g->board.fingerprint) return;
  ix->board = g->board.fingerprint;
  memset(ix->beside, 0, sizeof ix->beside);
  memset(ix->near, 0, sizeof ix->near);
  int n = 0;
  FOR_EACH_HEX(ix->prey, (ix->nhex + 63) / 64, p, {
    if (n == WOLVES_SAMPLER_PREY) {
      ix->nprey = WOLVES_NONE;
      return;
    }
    int near = 0;
    for (int d = 0; d < 6; d++) {
      const uint8_t x = g->board.nbr[p][d];
      if (x >= ix->nhex) continue;
      ix->beside[x / 64] |= (uint64_t)1 << (x % 64);
      near += holds_wolf(&ix->hex[x]);
    }
    ix->prey_hex[n] = p;
    count_near(ix, n++, near);
  })
  ix->nprey = (uint8_t)n;
}

/* HUNT.SURROUND: the prey hexes of s where the Hunting at the end of a
 * candidate of `kind` may take a token, for wolves_apply_hinted.  A pack
 * takes one where it has wolves on 3 hexes around it after the action, as
 * Hunting reads a hex (wolves_wolves_on); before the action those hexes
 * held a wolf as read so, or gained one.  An action of the sampler gives
 * a colour a wolf on at most one more hex around a prey (a Move's wolf, or
 * the wolf it pushes, another colour's; a Howl's or a Dominate's wolf; the
 * draft's pair: wolves_place never makes a slot after an empty one read),
 * two for an Upgrade (LAIR.PUSH: the wolves it pushes may share a colour)
 * and none for a Build Den.  So a prey with fewer neighbours holding a
 * wolf than 3 less that cannot be taken, and the Hunting need not look at
 * it; one that some pack surrounds already (a position given whole may
 * hold one not yet taken) has 3 and is looked at.  Without a kept list (an
 * index read for one call, or more prey hexes than it holds): every prey
 * hex. */
static const uint64_t *hunt_hint(const wolves_sampler *ix, int kind) {
  if (ix == NULL) return NULL;
  if (!ix->ready || ix->nprey > WOLVES_SAMPLER_PREY) return ix->prey;
  return ix->near[kind == WOLVES_ACT_BUILD_DEN ? 2 : kind == WOLVES_ACT_UPGRADE ? 0 : 1];
}

/* Hex h of s, which changed since the index read it, read again. */
static inline void reread(wolves_sampler *ix, const wolves_game *g, const wolves_state *s, int h) {
  reindex(ix, g, (unsigned)h, &ix->hex[h], &s->hex[h]);
  ix->hex[h] = s->hex[h];
}

/* Hex h, if it changed since the index read it. */
static inline void refresh(wolves_sampler *ix, const wolves_game *g, const wolves_state *s, int h) {
  if (memcmp(&ix->hex[h], &s->hex[h], sizeof *s->hex) != 0) reread(ix, g, s, h);
}

/* The differences of eight hexes (48 bytes) at a and b, or'ed into one
 * value that is zero when none differs: sixteen bytes at a step where the
 * compiler has vectors (half the instructions), else eight. */
#if defined(__GNUC__)
typedef uint64_t differences __attribute__((vector_size(16)));
static inline differences at(const unsigned char *p) {
  differences d;
  memcpy(&d, p, sizeof d);
  return d;
}
static inline differences block_differences(const unsigned char *a, const unsigned char *b) {
  return (at(a) ^ at(b)) | (at(a + 16) ^ at(b + 16)) | (at(a + 32) ^ at(b + 32));
}
static inline int differ(differences d) { return (d[0] | d[1]) != 0; }
#else
typedef uint64_t differences;
static inline differences at(const unsigned char *p) { return wolves_word(p); }
static inline differences block_differences(const unsigned char *a, const unsigned char *b) {
  return (at(a) ^ at(b)) | (at(a + 8) ^ at(b + 8)) | (at(a + 16) ^ at(b + 16)) | (at(a + 24) ^ at(b + 24)) |
         (at(a + 32) ^ at(b + 32)) | (at(a + 40) ^ at(b + 40));
}
static inline int differ(differences d) { return d != 0; }
#endif

/* Bit k: hex h + k of a block of eight from h changed, compared as the
 * word at byte `byte` of the block, `mask` keeping its six bytes (a flag,
 * not a branch: which hex changed is unpredictable). */
static inline unsigned changed_at(const unsigned char *now, const unsigned char *was, int k, int byte,
                                  uint64_t mask) {
  return (((wolves_word(now + byte) ^ wolves_word(was + byte)) & mask) != 0) << k;
}

/* The eight hexes from h, in a block that changed: the few that did are
 * read again.  Each hex is compared as a word: its six bytes and the two
 * after it (the first) or before it (the others: none past the block),
 * those two masked off. */
static void refresh_block(wolves_sampler *ix, const wolves_game *g, const wolves_state *s, int h) {
  static const unsigned char first[8] = {255, 255, 255, 255, 255, 255, 0, 0},
                             last[8] = {0, 0, 255, 255, 255, 255, 255, 255};
  const uint64_t head = wolves_word(first), tail = wolves_word(last);
  const unsigned char *now = (const unsigned char *)&s->hex[h], *was = (const unsigned char *)&ix->hex[h];
  unsigned changed = changed_at(now, was, 0, 0, head) | changed_at(now, was, 1, 4, tail) |
                     changed_at(now, was, 2, 10, tail) | changed_at(now, was, 3, 16, tail) |
                     changed_at(now, was, 4, 22, tail) | changed_at(now, was, 5, 28, tail) |
                     changed_at(now, was, 6, 34, tail) | changed_at(now, was, 7, 40, tail);
  for (; changed != 0; changed &= changed - 1) reread(ix, g, s, h + wolves_lowest_bit(changed));
}

/* The index of a kept sampler brought up to s: the blocks of eight hexes
 * that changed are found first, as flags (one compare of 48 bytes each,
 * without a branch: which changed is unpredictable), then read again. */
static void index_update(wolves_sampler *ix, const wolves_game *g, const wolves_state *s) {
  const int nhex = g->board.nhex;
  if (!ix->ready || ix->nhex != nhex) {
    index_all(ix, s, nhex, 1);
    follow_prey(ix, g);
    return;
  }
  _Static_assert(WOLVES_MAX_HEXES / 8 <= 32, "a flag per block of eight hexes in 32 bits");
  const unsigned char *const now = (const unsigned char *)s->hex, *const was = (const unsigned char *)ix->hex;
  const int blocks = nhex / 8;
  uint32_t changed = 0;
  for (int b = 0; b < blocks; b++)
    changed |= (uint32_t)differ(block_differences(now + 48 * b, was + 48 * b)) << b;
  for (; changed != 0; changed &= changed - 1) refresh_block(ix, g, s, 8 * wolves_lowest_bit(changed));
  for (int h = 8 * blocks; h < nhex; h++) refresh(ix, g, s, h);
  follow_prey(ix, g);
}

static void add(context *x, int kind, uint8_t h, uint8_t attribute, uint8_t piece, uint8_t pack) {
  if (x->n[kind] < MAX_CANDIDATES) x->cand[kind][x->n[kind]++] = (target){h, attribute, piece, pack};
}

/* Each attribute whose track still has a Den Marker (DEN.TRACK_EMPTY,
 * DOM.NONE_LEFT). */
static void add_per_attribute(context *x, int kind, uint8_t h, uint8_t piece, uint8_t pack) {
  const uint8_t *const taken = x->s->player[x->p].dens_taken;
  target *const c = x->cand[kind];
  int n = x->n[kind]; /* (in a local: the stores to c may alias it) */
  for (int at = 0; at < WOLVES_ATTRIBUTES; at++)
    if (taken[at] < WOLVES_ATTR_POSITIONS - 1 && n < MAX_CANDIDATES)
      c[n++] = (target){h, (uint8_t)at, piece, pack};
  x->n[kind] = n;
}

/* An Alpha of the player within `range` of h (HOWL.RANGE, DOM.RANGE). */
static int alpha_within(const context *x, uint8_t h, int range) {
  for (int i = 0; i < x->nalphas; i++)
    if (wolves_distance(&x->g->board, x->alpha[i].hex, h) <= range) return 1;
  return 0;
}

/* The player's pieces, from the index: its wolves and Alphas (the
 * candidates of the other kinds come from upgrades() and targets(), when
 * tried). */
static void collect(context *x) {
  const wolves_game *g = x->g;
  const wolves_state *s = x->s;
  wolves_can_pay(g, s, x->p, x->pay);
  for (int i = 0; i < WOLVES_ACT_KINDS; i++) x->n[i] = 0;
  x->nwolves = x->nalphas = 0;
  x->upgrades_listed = 0;
  const uint64_t(*const mine)[WOLVES_HEX_SET_WORDS] = x->ix->piece[x->pack];
  /* the wolves, one entry per hex and type as wolves_legal_actions lists
   * Moves, an Alpha before a Pack Wolf (the slots' order), and one entry
   * per Alpha (two on a hex count twice).  A wolf's entry is written,
   * then counted if it is one: which wolves a hex holds is unpredictable.
   * The Alphas' entries are written on the hexes with one only (few, and
   * three each).  (Counters in locals: a store to a byte array may alias
   * them.) */
  int nwolves = 0, nalphas = 0;
  const uint8_t alpha = WOLVES_PIECE(x->pack, WOLVES_ALPHA);
  for (int w = 0; w < x->words; w++) {
    const uint64_t alphas = mine[WOLVES_ALPHA][w], packs = mine[WOLVES_PACK][w];
    for (uint64_t bits = alphas | packs; bits != 0; bits &= bits - 1) {
      const int at = wolves_lowest_bit(bits);
      const uint8_t h = (uint8_t)(w * 64 + at);
      const uint8_t *const piece = s->hex[h].piece;
      const int has_alpha = (int)(alphas >> at & 1), has_pack = (int)(packs >> at & 1);
      x->wolf[nwolves].hex = h;
      x->wolf[nwolves].type = WOLVES_ALPHA;
      nwolves += has_alpha & (nwolves < MAX_WOLVES);
      if (has_alpha) {
        const uint8_t entry = (uint8_t)(nwolves - 1);
        _Static_assert(WOLVES_HEX_SLOTS == 3, "three slots a hex");
        x->alpha[nalphas].hex = x->alpha[nalphas + 1].hex = x->alpha[nalphas + 2].hex = h;
        x->alpha[nalphas].wolf = x->alpha[nalphas + 1].wolf = x->alpha[nalphas + 2].wolf = entry;
        nalphas += (piece[0] == alpha) + (piece[1] == alpha) + (piece[2] == alpha);
        nalphas = nalphas < MAX_WOLVES ? nalphas : MAX_WOLVES;
      }
      x->wolf[nwolves].hex = h;
      x->wolf[nwolves].type = WOLVES_PACK;
      nwolves += has_pack & (nwolves < MAX_WOLVES);
    }
  }
  x->nwolves = nwolves;
  x->nalphas = nalphas;
}

/* The Upgrade candidates, when Upgrade or Move is tried (a Move's draws
 * aim at them). */
static void upgrades(context *x) {
  const wolves_game *g = x->g;
  const wolves_player *me = &x->s->player[x->p];
  const uint64_t(*const mine)[WOLVES_HEX_SET_WORDS] = x->ix->piece[x->pack];
  x->upgrades_listed = 1;
  /* LAIR.ALPHA, LAIR.NONE_LEFT */
  if (x->nalphas == 0 || me->lairs_taken >= WOLVES_LAIRS) return;
  unsigned lair_regions = 0;
  FOR_EACH_HEX(mine[WOLVES_LAIR], x->words, h, {
    if (g->board.hex[h].region < 32) lair_regions |= 1u << g->board.hex[h].region;
  })
  FOR_EACH_HEX(mine[WOLVES_DEN], x->words, h, {
    const uint8_t region = g->board.hex[h].region;
    /* PAY.MATCH, LAIR.ONE_PER_REGION, LAIR.WATER */
    if (wolves_terrain_in(x->pay[2], g->board.hex[h].terrain) &&
        (region >= 32 || !(lair_regions >> region & 1)) && wolves_adjacent_to_water(g, h))
      add(x, WOLVES_ACT_UPGRADE, h, WOLVES_NONE, WOLVES_NONE, WOLVES_NONE);
  })
}

/* The candidates of Howl, Dominate or Build Den, when that kind is tried. */
static void targets(context *x, int kind) {
  const wolves_game *g = x->g;
  const wolves_state *s = x->s;
  const wolves_player *me = &s->player[x->p];
  const unsigned pay2 = x->pay[2], pay3 = x->pay[3];
  const int range = wolves_attribute_of(g, me, WOLVES_HOWL_RANGE);
  const int wolf_left = me->wolves_taken < WOLVES_WOLF_SPACES; /* HOWL.NO_WOLF, DOM.NONE_LEFT */
  const int den_left = wolves_dens_left(me) > 0;               /* DEN.TRACK_EMPTY, DOM.NONE_LEFT */
  if (x->nalphas == 0) return;                                 /* HOWL.RANGE, DOM.RANGE, DEN.ALPHA */
  /* (PAY.MATCH: no terrain paid for, no candidate) */
  if (kind == WOLVES_ACT_HOWL && wolf_left && pay2 != 0) /* HOWL.LONE_WOLF */
    FOR_EACH_HEX(x->ix->lone, x->words, h, {
      if (wolves_terrain_in(pay2, g->board.hex[h].terrain) && alpha_within(x, h, range))
        add(x, WOLVES_ACT_HOWL, h, WOLVES_NONE, WOLVES_NONE, WOLVES_NONE);
    })
  if (kind == WOLVES_ACT_DOMINATE && pay3 != 0) {
    /* DOM.TARGET: an opponent's Pack Wolf or Den */
    uint64_t theirs[WOLVES_HEX_SET_WORDS] = {0};
    for (int c = 0; c < WOLVES_TERRAINS; c++)
      for (int w = 0; w < WOLVES_HEX_SET_WORDS && c != x->pack; w++)
        theirs[w] |= x->ix->piece[c][WOLVES_DEN][w] | x->ix->piece[c][WOLVES_PACK][w];
    FOR_EACH_HEX(theirs, x->words, h, {
      const wolves_hex_state *hx = &s->hex[h];
      if (!wolves_terrain_in(pay3, g->board.hex[h].terrain)) continue;
      int checked = 0;
      for (int i = 0; i < WOLVES_HEX_SLOTS && hx->piece[i] != 0; i++) {
        const uint8_t piece = hx->piece[i], type = WOLVES_PIECE_TYPE(piece);
        if (WOLVES_PIECE_PACK(piece) == x->pack || WOLVES_PIECE_PACK(piece) >= WOLVES_TERRAINS ||
            (type != WOLVES_DEN && type != WOLVES_PACK))
          continue;
        if (!checked++ && !alpha_within(x, h, range)) break;
        if (type == WOLVES_DEN && den_left)
          add_per_attribute(x, WOLVES_ACT_DOMINATE, h, type, WOLVES_PIECE_PACK(piece));
        if (type == WOLVES_PACK && wolf_left)
          add(x, WOLVES_ACT_DOMINATE, h, WOLVES_NONE, type, WOLVES_PIECE_PACK(piece));
      }
    })
  }
  if (kind == WOLVES_ACT_BUILD_DEN && den_left && pay2 != 0) {
    /* a hex with or beside an Alpha (DEN.ALPHA), each once; those that
     * wolves_den_target's first conditions refuse are not even marked
     * seen (they would be refused again) */
    uint64_t seen[WOLVES_HEX_SET_WORDS] = {0};
    for (int i = 0; i < x->nalphas; i++)
      for (int d = -1; d < 6; d++) {
        const uint8_t h = d < 0 ? x->alpha[i].hex : g->board.nbr[x->alpha[i].hex][d];
        if (!wolves_is_land(g, h) || !wolves_terrain_in(pay2, g->board.hex[h].terrain) ||
            (seen[h / 64] >> (h % 64) & 1))
          continue;
        seen[h / 64] |= (uint64_t)1 << (h % 64);
        if (wolves_den_target(g, s, pay2, h))
          add_per_attribute(x, WOLVES_ACT_BUILD_DEN, h, WOLVES_NONE, WOLVES_NONE);
      }
  }
}

/* Draws one of a[0..left) uniformly and moves it to a[left - 1]: called
 * with left = n, n - 1, ... it is a Fisher-Yates shuffle, done only as far
 * as needed. */
static uint8_t take(wolves_rng *rng, uint8_t *a, int left) {
  const int j = (int)wolves_below(rng, (uint32_t)left);
  const uint8_t t = a[j];
  a[j] = a[left - 1];
  a[left - 1] = t;
  return t;
}

/* PAY.CHOICE: the tiles that pay for a are drawn uniformly among the sets
 * of `cost` face-up tiles showing its target's terrain (Action System -
 * Flipping Tiles: Move 1, Build Den, Upgrade and Howl 2, Dominate 3).
 * With no choice to make the engine's default stays (pay_tiles 0).  Any
 * such set pays exactly when the default does, so legality is unchanged. */
static void choose_payment(const context *x, wolves_action *a) {
  static const uint8_t cost[WOLVES_ACT_KINDS] = {[WOLVES_ACT_MOVE] = 1,
                                                 [WOLVES_ACT_BUILD_DEN] = 2,
                                                 [WOLVES_ACT_UPGRADE] = 2,
                                                 [WOLVES_ACT_HOWL] = 2,
                                                 [WOLVES_ACT_DOMINATE] = 3};
  const int c = cost[a->kind];
  const uint8_t h = a->kind == WOLVES_ACT_MOVE ? a->step[0].to : a->target;
  if (c == 0 || h >= x->g->board.nhex || x->g->board.hex[h].terrain >= WOLVES_TERRAINS) return;
  const unsigned showing = wolves_tiles_showing(x->g, &x->s->player[x->p], x->g->board.hex[h].terrain);
  int n = wolves_popcount(showing);
  if (n <= c) return;
  uint8_t tiles[WOLVES_TILES];
  n = 0;
  for (unsigned m = showing; m != 0; m &= m - 1) tiles[n++] = (uint8_t)wolves_lowest_bit(m);
  a->pay_tiles = 0;
  for (int i = 0; i < c; i++) a->pay_tiles |= (uint8_t)(1 << take(x->rng, tiles, n - i));
}

/* A candidate some check surely refuses, found without applying it to a
 * copy: a single-wolf Move (MOVE.STAY, MOVE.WOLF_SPEED, and its
 * destination's rules: wolves_move_end), an Upgrade without an Alpha
 * near (LAIR.ALPHA), a Build Den on two pieces or beside an enemy piece
 * (DEN.MAX_PIECES, DEN.ENEMY_PACK_WOLF, DEN.HIERARCHY); 0 for the rest. */
static int surely_refused(const context *x, const wolves_action *a) {
  const wolves_game *g = x->g;
  const wolves_state *s = x->s;
  if (a->kind == WOLVES_ACT_MOVE) {
    const wolves_step *st = &a->step[0];
    return st->from == st->to ||
           wolves_distance(&g->board, st->from, st->to) >
               wolves_attribute_of(g, &s->player[x->p], WOLVES_WOLF_SPEED) ||
           wolves_move_end(g, s, x->pack, st->type, x->pay[1], st->to) == 0;
  }
  if (a->kind == WOLVES_ACT_UPGRADE) return !wolves_alpha_near(g, s, x->pack, a->target);
  if (a->kind != WOLVES_ACT_BUILD_DEN) return 0;
  int enemies = 0;
  for (int i = 0; i < WOLVES_HEX_SLOTS; i++) {
    const uint8_t p = s->hex[a->target].piece[i];
    enemies += p != 0 && WOLVES_PIECE_PACK(p) != x->pack;
  }
  return wolves_pieces(s, a->target) >= 2 || enemies > 0;
}

/* Verifies the n candidates c of kind in a random order (a partial
 * Fisher-Yates shuffle); the first legal one is drawn.  For a Move,
 * target is the destination and piece the index of the wolf. */
static int draw_first(const context *x, int kind, target *c, int n, wolves_action *out, wolves_state *after) {
  for (int left = n; left > 0; left--) {
    const int j = (int)wolves_below(x->rng, (uint32_t)left);
    const target t = c[j];
    c[j] = c[left - 1];
    c[left - 1] = t;
    *out = wolves_blank_action((uint8_t)kind, kind == WOLVES_ACT_DRAFT ? t.pack : x->p);
    out->target = t.target;
    if (kind == WOLVES_ACT_MOVE) {
      out->target = WOLVES_NONE;
      out->nsteps = 1;
      out->step[0] = (wolves_step){x->wolf[t.piece].hex, t.target, x->wolf[t.piece].type, WOLVES_NONE};
    } else if (kind != WOLVES_ACT_DRAFT) {
      out->attribute = t.attribute;
      out->piece = t.piece;
      out->pack = t.pack;
    }
    choose_payment(x, out);
    if (!surely_refused(x, out) && verify(x->g, x->s, x->ix, out, after)) return 1;
  }
  return 0;
}

/* The hex `dq` steps east (west if negative), then `dr` steps south-east
 * (north-west) of h in axial coordinates, or WOLVES_NONE off the board. */
static uint8_t walk(const wolves_board *b, uint8_t h, int dq, int dr) {
  for (int i = 0; i < (dq < 0 ? -dq : dq) && h < b->nhex; i++) h = b->nbr[h][dq > 0 ? 0 : 3];
  for (int i = 0; i < (dr < 0 ? -dr : dr) && h < b->nhex; i++) h = b->nbr[h][dr > 0 ? 5 : 2];
  return h < b->nhex ? h : WOLVES_NONE;
}

static int draw_move(const context *x, wolves_action *out, wolves_state *after) {
  const wolves_game *g = x->g;
  const int speed = wolves_attribute_of(g, &x->s->player[x->p], WOLVES_WOLF_SPEED);
  const unsigned pay1 = x->pay[1];
  if (x->nwolves == 0 || pay1 == 0) return 0; /* MOVE.OWN_WOLF, PAY.MATCH */
  const int dens = x->n[WOLVES_ACT_UPGRADE];
  for (int k = 0; k < DRAWS && speed > 0; k++) {
    int w;
    uint8_t to;
    if (dens > 0 && k % 2 == 0) { /* progress: an Alpha onto or beside a Den an Upgrade could use */
      w = x->alpha[wolves_below(x->rng, (uint32_t)x->nalphas)].wolf;
      const uint8_t den = x->cand[WOLVES_ACT_UPGRADE][wolves_below(x->rng, (uint32_t)dens)].target;
      const int d = (int)wolves_below(x->rng, 7) - 1;
      to = d < 0 ? den : g->board.nbr[den][d];
      if (to >= g->board.nhex || to == x->wolf[w].hex ||
          wolves_distance(&g->board, x->wolf[w].hex, to) > speed)
        continue;
    } else {
      w = (int)wolves_below(x->rng, (uint32_t)x->nwolves);
      const int dq = (int)wolves_below(x->rng, (uint32_t)(2 * speed + 1)) - speed;
      const int dr = (int)wolves_below(x->rng, (uint32_t)(2 * speed + 1)) - speed;
      if ((dq == 0 && dr == 0) || dq + dr > speed || dq + dr < -speed) continue; /* outside Wolf Speed */
      to = walk(&g->board, x->wolf[w].hex, dq, dr);
    }
    if (to == WOLVES_NONE || !wolves_move_target(g, x->s, pay1, to)) continue;
    target t = {to, WOLVES_NONE, (uint8_t)w, WOLVES_NONE};
    if (draw_first(x, WOLVES_ACT_MOVE, &t, 1, out, after)) return 1;
  }
  /* the draws missed: every Move wolves_legal_actions would list */
  target c[MAX_WOLVES * WOLVES_MAX_HEXES];
  /* the destinations, once for every wolf, with their axial coordinates
   * (read once, not at every wolves_distance) */
  uint8_t ends[WOLVES_MAX_HEXES];
  int16_t end_q[WOLVES_MAX_HEXES], end_r[WOLVES_MAX_HEXES];
  int n = 0, nends = 0;
  for (int to = 0; to < g->board.nhex; to++) {
    const wolves_hex_info *at = &g->board.hex[to];
    ends[nends] = (uint8_t)to;
    end_q[nends] = (int16_t)wolves_axial_q(at->col, at->row);
    end_r[nends] = at->row;
    nends += wolves_move_target(g, x->s, pay1, (uint8_t)to);
  }
  for (int w = 0; w < x->nwolves; w++) {
    const uint8_t from = x->wolf[w].hex;
    const int q = wolves_axial_q(g->board.hex[from].col, g->board.hex[from].row), r = g->board.hex[from].row;
    for (int k = 0; k < nends; k++) {
      const int dr = r - end_r[k];
      if ((unsigned)(dr + speed) > 2u * (unsigned)speed) continue; /* more rows away than Wolf Speed: most */
      if (ends[k] != from && wolves_axial_distance(q - end_q[k], dr) <= speed)
        c[n++] = (target){ends[k], WOLVES_NONE, (uint8_t)w, WOLVES_NONE};
    }
  }
  return draw_first(x, WOLVES_ACT_MOVE, c, n, out, after);
}

/* DRAFT.EMPTY, DRAFT.CHASM_RING (3-5 players), TWO.DRAFT (land) */
static int draw_draft(context *x, wolves_action *out, wolves_state *after) {
  const wolves_game *g = x->g;
  const uint8_t p = wolves_draft_player(g, x->s);
  target c[WOLVES_MAX_HEXES];
  int n = 0;
  const int anywhere = g->nplayers == 2, nhex = p != WOLVES_NONE ? g->board.nhex : 0;
  for (int h = 0; h < nhex; h++)
    if ((anywhere || (g->board.hex[h].flags & WOLVES_HEX_CHASM_RING)) && wolves_is_land(g, (uint8_t)h) &&
        wolves_pieces(x->s, (uint8_t)h) == 0 && !wolves_has_token(x->s, (uint8_t)h))
      c[n++] = (target){(uint8_t)h, WOLVES_NONE, WOLVES_NONE, p};
  return draw_first(x, WOLVES_ACT_DRAFT, c, n, out, after);
}

/* wolves_sample with the index ix (kept: brought up to s; NULL: read
 * whole here). */
static int sample(const wolves_game *g, const wolves_state *s, wolves_sampler *kept, wolves_rng *rng,
                  wolves_action *out, wolves_state *after) {
  if (wolves_state_misfit(g, s) != NULL || rng == NULL || out == NULL || after == s) return -1;
  if (s->phase != WOLVES_PHASE_DRAFT && s->phase != WOLVES_PHASE_PLAY) return 0;
  /* A random order of the kinds: the first that has a legal action is
   * uniform among those that have one.  Before two actions end_turn comes
   * last: it is legal only when nothing else is (TURN.NO_LEGAL_ACTION). */
  uint8_t order[] = {WOLVES_ACT_MOVE, WOLVES_ACT_BUILD_DEN, WOLVES_ACT_UPGRADE,
                     WOLVES_ACT_HOWL, WOLVES_ACT_DOMINATE,  WOLVES_ACT_END_TURN};
  const int kinds = !wolves_may_act(s) ? 0 : s->actions_taken < 2 ? 5 : 6;
  context x;
  x.g = g;
  x.s = s;
  x.rng = rng;
  x.p = s->current;
  x.pack = s->player[x.p].pack;
  x.ix = NULL;
  if (s->phase == WOLVES_PHASE_DRAFT) return draw_draft(&x, out, after);
  /* the index and the player's pieces, when the first kind other than
   * end_turn is drawn: a call whose first kind is end_turn (one in six
   * after two actions) reads no board (a kept index that is not brought
   * up to s catches up at its next call; neither draws a number) */
  wolves_sampler local;
  x.ix = kept != NULL ? kept : &local;
  x.words = (g->board.nhex + 63) / 64;
  for (int left = kinds; left > 0; left--) {
    const int kind = take(rng, order, left);
    if (kind == WOLVES_ACT_END_TURN) break;
    if (left == kinds) {
      if (kept != NULL)
        index_update(kept, g, s);
      else
        index_all(&local, s, g->board.nhex, 0);
      collect(&x);
    }
    if (kind != WOLVES_ACT_MOVE && kind != WOLVES_ACT_UPGRADE)
      targets(&x, kind);
    else if (!x.upgrades_listed)
      upgrades(&x);
    if (kind == WOLVES_ACT_MOVE ? draw_move(&x, out, after)
                                : draw_first(&x, kind, x.cand[kind], x.n[kind], out, after))
      return 1;
  }
  *out = wolves_blank_action(WOLVES_ACT_END_TURN, s->current);
  return verify(g, s, NULL, out, after);
}

int wolves_sample(const wolves_game *g, const wolves_state *s, wolves_rng *rng, wolves_action *out,
                  wolves_state *after) {
  return sample(g, s, NULL, rng, out, after);
}

int wolves_sample_with(const wolves_game *g, const wolves_state *s, wolves_sampler *sampler, wolves_rng *rng,
                       wolves_action *out, wolves_state *after) {
  return sample(g, s, sampler, rng, out, after);
}
