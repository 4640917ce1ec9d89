/* moves.c - see moves.h.  Two Moves are the same when they leave the same
 * position: the pieces and tokens of every hex, every Player Board and
 * what the Moonlight Board and the supply hold.  Each position found is
 * kept as a 64-bit hash in an open-addressing table; two hashes that match
 * are compared in full (the earlier Move applied again), so the set is
 * exact. */
#include "scenario/moves.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "strbuf.h" /* xmalloc */

/* Everything a Move can change, as bytes (no struct padding). */
#define KEY_MAX (WOLVES_MAX_HEXES * sizeof(wolves_hex_state) + WOLVES_MAX_PLAYERS * 32 + 64)
static size_t position_key(const wolves_game *g, const wolves_state *s, uint8_t *k) {
  size_t n = 0;
  memcpy(k, s->hex, g->board.nhex * sizeof *s->hex); /* uint8_t fields only */
  n += g->board.nhex * sizeof *s->hex;
  for (int p = 0; p < g->nplayers; p++) {
    const wolves_player *pl = &s->player[p];
    k[n++] = pl->flipped;
    memcpy(k + n, pl->dens_taken, WOLVES_ATTRIBUTES), n += WOLVES_ATTRIBUTES;
    k[n++] = pl->lairs_taken;
    k[n++] = pl->wolves_taken;
    memcpy(k + n, pl->prey, WOLVES_HUNT_SPACES), n += WOLVES_HUNT_SPACES;
    k[n++] = pl->bonus_terrain;
    k[n++] = pl->bonus_action;
    memcpy(k + n, pl->region_tokens, WOLVES_PHASES), n += WOLVES_PHASES;
    k[n++] = (uint8_t)(pl->vp_tokens & 0xFF);
    k[n++] = (uint8_t)(pl->vp_tokens >> 8);
    k[n++] = pl->vp_token_count;
  }
  const uint8_t top[] = {s->phase,
                         s->current,
                         s->actions_taken,
                         s->moon_filled,
                         s->phases_scored,
                         s->phases_pending,
                         s->supply_bonus_terrain,
                         s->supply_bonus_action,
                         (uint8_t)s->turn,
                         (uint8_t)(s->turn >> 8)};
  memcpy(k + n, top, sizeof top), n += sizeof top;
  memcpy(k + n, s->moon, WOLVES_MOON_DATES), n += WOLVES_MOON_DATES;
  return n;
}

/* A key is a few thousand bytes and every Move found is hashed: eight
 * bytes a step (a byte a step was 40% of a long listing), each word
 * multiplied and rotated so that its high bits reach the table's low
 * ones. */
static uint64_t key_hash(const uint8_t *k, size_t n) {
  uint64_t h = 1469598103934665603u;
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    uint64_t x;
    memcpy(&x, k + i, 8);
    h = (h ^ x) * 0x9E3779B97F4A7C15u;
    h = h << 31 | h >> 33;
  }
  for (; i < n; i++) h = (h ^ k[i]) * 1099511628211u;
  h ^= h >> 33;
  return h * 0xFF51AFD7ED558CCDu ^ (h >> 29);
}

typedef struct {
  const wolves_game *g;
  const wolves_state *s;
  size_t limit;
  move_list *out;
  size_t cap;
  uint64_t *hash; /* table: hash of a position, slot used when index[i] > 0 */
  size_t *index;  /* 1 + the index in out of the Move that leads there */
  size_t slots;
  uint8_t key[KEY_MAX], other[KEY_MAX];
  int over;
} collector;

/* Does out's Move i lead to the position whose key is c->key (n bytes)? */
static int same_position(collector *c, size_t i, size_t n) {
  wolves_state after = *c->s;
  if (wolves_apply(c->g, &after, &c->out->a[i], NULL) != WOLVES_OK) return 0;
  return position_key(c->g, &after, c->other) == n && memcmp(c->key, c->other, n) == 0;
}

static void grow(collector *c) {
  const size_t old = c->slots;
  uint64_t *const hash = c->hash;
  size_t *const index = c->index;
  c->slots = old ? old * 2 : 1024;
  c->hash = xmalloc(c->slots * sizeof *c->hash);
  c->index = memset(xmalloc(c->slots * sizeof *c->index), 0, c->slots * sizeof *c->index);
  for (size_t i = 0; i < old; i++) {
    if (!index[i]) continue;
    size_t j = (size_t)hash[i] & (c->slots - 1);
    while (c->index[j]) j = (j + 1) & (c->slots - 1);
    c->hash[j] = hash[i];
    c->index[j] = index[i];
  }
  free(hash);
  free(index);
}

static int visit(void *ctx, const wolves_action *a, const wolves_state *after) {
  collector *c = ctx;
  const size_t n = position_key(c->g, after, c->key);
  const uint64_t h = key_hash(c->key, n);
  if (2 * (c->out->n + 1) > c->slots) grow(c);
  size_t j = (size_t)h & (c->slots - 1);
  for (; c->index[j]; j = (j + 1) & (c->slots - 1))
    if (c->hash[j] == h && same_position(c, c->index[j] - 1, n)) return 0; /* seen */
  if (c->out->n == c->limit) return c->over = 1;
  if (c->out->n == c->cap) {
    c->cap = c->cap ? c->cap * 2 : 256;
    c->out->a = xrealloc(c->out->a, c->cap * sizeof *c->out->a);
  }
  c->out->a[c->out->n++] = *a;
  c->hash[j] = h;
  c->index[j] = c->out->n;
  return 0;
}

int moves_all(const wolves_game *g, const wolves_state *s, size_t limit, move_list *out) {
  collector c = {.g = g, .s = s, .limit = limit, .out = out};
  out->a = NULL;
  out->n = 0;
  grow(&c);
  const long walked = wolves_legal_moves(g, s, visit, &c);
  free(c.hash);
  free(c.index);
  if (walked >= 0 && !c.over) return 0;
  moves_free(out);
  return c.over ? MOVES_TOO_MANY : walked == WOLVES_MOVES_TOO_MANY ? MOVES_TOO_LONG : -1;
}

void moves_free(move_list *m) {
  free(m->a);
  m->a = NULL;
  m->n = 0;
}

int legal_list(const wolves_game *g, const wolves_state *s, legal_buf *b) {
  int n;
  while ((n = wolves_legal_actions(g, s, b->buf, b->cap)) > b->cap) {
    b->cap = n;
    b->buf = xrealloc(b->buf, (size_t)n * sizeof *b->buf);
  }
  return n;
}

uint8_t legal_player(const wolves_game *g, const wolves_state *s) {
  return s->phase == WOLVES_PHASE_DRAFT  ? wolves_draft_player(g, s)
         : s->phase == WOLVES_PHASE_PLAY ? s->current
                                         : WOLVES_NONE;
}

void legal_action_line(strbuf *sb, const doc_node *item) {
  const doc_node *const args = item->first;
  sb_puts(sb, args->key);
  if (args->kind == DOC_NULL) return;
  sb_puts(sb, ": ");
  yaml_flow(sb, args);
}
