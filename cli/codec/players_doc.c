/* players_doc.c - see players_doc.h. */
#include "players_doc.h"

#include <string.h>

#include "read.h"

static const char *const player_keys[] = {
    "tiles", "bonus_terrain", "bonus_action",   "dens",          "attributes", "lairs", "wolves",
    "prey",  "vp_tokens",     "vp_token_count", "region_tokens", "track_vp",   "score", NULL};
static const char *const attr_keys[] = {"pack_spread", "wolf_speed", "howl_range", NULL};
/* the words of wolves_track_name, as keys (NULL-terminated for read_keys) */
static const char *const track_keys[] = {"pack_spread", "wolf_speed", "howl_range", "lairs",
                                         "prey",        "wolves",     NULL};
static const char *const score_keys[] = {"tokens", "total", "rank", NULL};

static int read_tiles(const doc_node *n, const wolves_game *g, wolves_state *s, int p, cli_err *e) {
  if (read_kind(n, DOC_SEQ, "tiles", e)) return -1;
  if (n->count != WOLVES_TILES)
    return err_at(e, n, "tiles lists %zu terrains, not %d", n->count, WOLVES_TILES);
  int slot = 0;
  s->player[p].flipped = 0;
  for (const doc_node *c = n->first; c; c = c->next, slot++) {
    const int t = read_name(c, NAMES_TERRAIN, e); /* (a tile shows a terrain, not a pack) */
    if (t < 0) return -1;
    if (t == wolves_tile_side(g, s, p, slot, 0)) continue;
    if (t != wolves_tile_side(g, s, p, slot, 1))
      return err_at(e, c, "tile %d shows %s or %s, not %s", slot + 1,
                    wolves_terrain_name(wolves_tile_side(g, s, p, slot, 0)),
                    wolves_terrain_name(wolves_tile_side(g, s, p, slot, 1)), c->str);
    s->player[p].flipped |= (uint8_t)(1u << slot);
  }
  return 0;
}

/* A mapping attribute -> integer in 0..hi; absent entries are -1. */
static int read_attribute_map(const doc_node *n, const char *what, long long hi,
                              long long out[WOLVES_ATTRIBUTES], cli_err *e) {
  if (read_kind(n, DOC_MAP, what, e) || read_keys(n, attr_keys, what, e)) return -1;
  for (int a = 0; a < WOLVES_ATTRIBUTES; a++) {
    const doc_node *v = doc_get(n, wolves_attribute_name(a));
    out[a] = -1;
    if (v && read_int(v, 0, hi, wolves_attribute_name(a), &out[a], e)) return -1;
  }
  return 0;
}

/* `attributes:` without `dens:` sets the markers taken: the first position
 * of the section that shows the value. */
static int dens_from_attributes(const doc_node *n, const wolves_game *g, wolves_state *s, int p, cli_err *e) {
  long long v[WOLVES_ATTRIBUTES];
  if (read_attribute_map(n, "attributes", 255, v, e)) return -1;
  for (int a = 0; a < WOLVES_ATTRIBUTES; a++) {
    if (v[a] < 0) continue;
    int k = 0;
    while (k < WOLVES_ATTR_POSITIONS && g->data.attr_value[a][k] != v[a]) k++;
    if (k == WOLVES_ATTR_POSITIONS)
      return err_at(e, doc_get(n, wolves_attribute_name(a)), "no position of the %s section shows %lld",
                    wolves_attribute_name(a), v[a]);
    s->player[p].dens_taken[a] = (uint8_t)k;
  }
  return 0;
}

static int read_prey_track(const doc_node *n, wolves_player *pl, cli_err *e) {
  if (read_kind(n, DOC_SEQ, "prey", e)) return -1;
  if (n->count > WOLVES_HUNT_SPACES)
    return err_at(e, n, "the hunting track has %d spaces", WOLVES_HUNT_SPACES);
  memset(pl->prey, 0, sizeof pl->prey);
  int i = 0;
  for (const doc_node *c = n->first; c; c = c->next, i++) {
    const int t = read_name(c, NAMES_PREY, e);
    if (t < 0) return -1;
    for (int j = 0; j < i; j++)
      if (pl->prey[j] == t + 1) return err_at(e, c, "prey '%s' is on the hunting track twice", c->str);
    pl->prey[i] = (uint8_t)(t + 1);
  }
  return 0;
}

static int read_claimed_tokens(const doc_node *n, wolves_player *pl, cli_err *e) {
  if (read_kind(n, DOC_SEQ, "region_tokens", e)) return -1;
  memset(pl->region_tokens, 0, sizeof pl->region_tokens);
  for (const doc_node *c = n->first; c; c = c->next) {
    const int t = read_name(c, NAMES_PHASE, e);
    if (t < 0) return -1;
    if (pl->region_tokens[t] == 255) return err_at(e, c, "too many Region Scoring Tokens");
    pl->region_tokens[t]++;
  }
  return 0;
}

typedef struct {
  const char *key;
  long long hi;
  size_t offset; /* in wolves_player */
  int wide;      /* uint16_t */
} int_field;

static const int_field int_fields[] = {
    {"bonus_terrain", 255, offsetof(wolves_player, bonus_terrain), 0},
    {"bonus_action", 255, offsetof(wolves_player, bonus_action), 0},
    {"lairs", WOLVES_LAIRS, offsetof(wolves_player, lairs_taken), 0},
    {"wolves", WOLVES_WOLF_SPACES, offsetof(wolves_player, wolves_taken), 0},
    {"vp_tokens", 65535, offsetof(wolves_player, vp_tokens), 1},
    {"vp_token_count", 255, offsetof(wolves_player, vp_token_count), 0},
};

static int read_int_fields(const doc_node *v, wolves_player *pl, cli_err *e) {
  for (size_t i = 0; i < sizeof int_fields / sizeof *int_fields; i++) {
    const int_field *f = &int_fields[i];
    const doc_node *n = doc_get(v, f->key);
    long long x;
    if (!n) continue;
    if (read_int(n, 0, f->hi, f->key, &x, e)) return -1;
    unsigned char *at = (unsigned char *)pl + f->offset;
    if (f->wide) {
      const uint16_t w = (uint16_t)x;
      memcpy(at, &w, sizeof w);
    } else {
      *at = (uint8_t)x;
    }
  }
  return 0;
}

int player_read(const doc_node *v, const wolves_game *g, wolves_state *s, int p, cli_err *e) {
  if (!v || v->kind == DOC_NULL) return 0;
  wolves_player *pl = &s->player[p];
  const doc_node *n;
  if (read_kind(v, DOC_MAP, "a player board", e) || read_keys(v, player_keys, "a player board", e)) return -1;
  if ((n = doc_get(v, "tiles")) && read_tiles(n, g, s, p, e)) return -1;
  if (read_int_fields(v, pl, e)) return -1;
  if (pl->vp_tokens > 0 && pl->vp_token_count == 0) /* VP Tokens sum to vp_tokens */
    return err_at(e, doc_get(v, "vp_tokens"), "vp_tokens %u needs vp_token_count, the tokens it sums, not 0",
                  (unsigned)pl->vp_tokens);
  if ((n = doc_get(v, "dens"))) {
    long long taken[WOLVES_ATTRIBUTES];
    if (read_attribute_map(n, "dens", WOLVES_ATTR_POSITIONS - 1, taken, e)) return -1;
    for (int a = 0; a < WOLVES_ATTRIBUTES; a++)
      if (taken[a] >= 0) pl->dens_taken[a] = (uint8_t)taken[a];
  } else if ((n = doc_get(v, "attributes")) && dens_from_attributes(n, g, s, p, e)) {
    return -1;
  }
  if ((n = doc_get(v, "prey")) && read_prey_track(n, pl, e)) return -1;
  if ((n = doc_get(v, "region_tokens")) && read_claimed_tokens(n, pl, e)) return -1;
  return 0;
}

/* Every entry of the mapping n must equal the derived value. */
static int verify_map(const doc_node *n, const char *what, const char *const keys[], const int values[],
                      cli_err *e) {
  if (read_kind(n, DOC_MAP, what, e) || read_keys(n, keys, what, e)) return -1;
  for (int i = 0; keys[i]; i++) {
    const doc_node *v = doc_get(n, keys[i]);
    if (!v) continue;
    if (read_kind(v, DOC_INT, keys[i], e)) return -1;
    if (v->num != values[i])
      return err_at(e, v, "%s.%s is %d in this position, not %lld (it is derived)", what, keys[i], values[i],
                    v->num);
  }
  return 0;
}

int player_verify(const doc_node *v, const wolves_game *g, const wolves_state *s, int p,
                  const wolves_score score[WOLVES_MAX_PLAYERS], cli_err *e) {
  if (!v || v->kind != DOC_MAP) return 0;
  const doc_node *n;
  if ((n = doc_get(v, "attributes"))) {
    int attr[WOLVES_ATTRIBUTES];
    for (int a = 0; a < WOLVES_ATTRIBUTES; a++) attr[a] = wolves_attribute(g, s, p, a);
    if (verify_map(n, "attributes", attr_keys, attr, e)) return -1;
  }
  if ((n = doc_get(v, "track_vp")) && verify_map(n, "track_vp", track_keys, score[p].track, e)) return -1;
  if ((n = doc_get(v, "score"))) {
    const int values[] = {score[p].tokens, score[p].total, score[p].rank};
    if (verify_map(n, "score", score_keys, values, e)) return -1;
  }
  return 0;
}

static void int_map(emitter *em, const char *key, const char *const keys[], const int values[], int n) {
  emit_map(em, key, DOC_AUTO);
  for (int i = 0; i < n; i++) emit_int(em, keys[i], values[i]);
  emit_end(em);
}

static void name_list(emitter *em, const char *key, read_names names, const uint8_t *items, int n) {
  emit_seq(em, key, DOC_AUTO);
  for (int i = 0; i < n; i++)
    if (items[i]) emit_str(em, NULL, names_word(names, items[i] - 1));
  emit_end(em);
}

void player_emit(emitter *em, const char *key, const wolves_game *g, const wolves_state *s, int p,
                 const wolves_score score[WOLVES_MAX_PLAYERS], emit_memo memo[2]) {
  const wolves_player *pl = &s->player[p];
  emit_map(em, key, DOC_AUTO);
  /* the board's entries are made of the board and the data; its scores
   * (which change with the whole map) of the scores */
  const void *const board_in[] = {pl, &g->data};
  const size_t board_size[] = {sizeof *pl, sizeof g->data};
  if (!emit_memo_use(em, memo ? &memo[0] : NULL, board_in, board_size, 2)) {
    int dens[WOLVES_ATTRIBUTES], attr[WOLVES_ATTRIBUTES];
    for (int a = 0; a < WOLVES_ATTRIBUTES; a++) {
      dens[a] = pl->dens_taken[a];
      attr[a] = wolves_attribute(g, s, p, a);
    }
    emit_seq(em, "tiles", DOC_AUTO);
    for (int i = 0; i < WOLVES_TILES; i++)
      emit_str(em, NULL, wolves_terrain_name(wolves_tile_side(g, s, p, i, (pl->flipped >> i) & 1)));
    emit_end(em);
    emit_int(em, "bonus_terrain", pl->bonus_terrain);
    emit_int(em, "bonus_action", pl->bonus_action);
    int_map(em, "dens", attr_keys, dens, WOLVES_ATTRIBUTES);
    int_map(em, "attributes", attr_keys, attr, WOLVES_ATTRIBUTES);
    emit_int(em, "lairs", pl->lairs_taken);
    emit_int(em, "wolves", pl->wolves_taken);
    name_list(em, "prey", NAMES_PREY, pl->prey, WOLVES_HUNT_SPACES);
    emit_int(em, "vp_tokens", pl->vp_tokens);
    emit_int(em, "vp_token_count", pl->vp_token_count);
    emit_seq(em, "region_tokens", DOC_AUTO);
    for (int t = 0; t < WOLVES_PHASES; t++)
      for (int k = 0; k < pl->region_tokens[t]; k++) emit_str(em, NULL, wolves_phase_name(t));
    emit_end(em);
    if (memo) emit_memo_keep(em, &memo[0]);
  }
  const void *const score_in[] = {&score[p]};
  const size_t score_size[] = {sizeof score[p]};
  if (!emit_memo_use(em, memo ? &memo[1] : NULL, score_in, score_size, 1)) {
    const int totals[] = {score[p].tokens, score[p].total, score[p].rank};
    int_map(em, "track_vp", track_keys, score[p].track, WOLVES_TRACKS);
    int_map(em, "score", score_keys, totals, 3);
    if (memo) emit_memo_keep(em, &memo[1]);
  }
  emit_end(em);
}
