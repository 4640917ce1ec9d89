/* pieces.c - player pieces on hexes: the 2-piece limit, territory markers,
 * Alphas in reach, and pushing a wolf to the nearest empty or friendly hex
 * (Move - Continued; Upgrading Den into Lair - Special Rules). */
#include "engine.h"

void wolves_piece_add(wolves_state *s, uint8_t h, uint8_t piece) {
  if (s != NULL) wolves_place(s, h, piece);
}

int wolves_alpha_near(const wolves_game *g, const wolves_state *s, uint8_t pack, uint8_t h) {
  if (wolves_count(s, h, pack, WOLVES_ALPHA) > 0) return 1;
  for (int d = 0; d < 6; d++) {
    const uint8_t n = g->board.nbr[h][d];
    if (n < g->board.nhex && wolves_count(s, n, pack, WOLVES_ALPHA) > 0) return 1;
  }
  return 0;
}

int wolves_alpha_within(const wolves_game *g, const wolves_state *s, uint8_t pack, uint8_t h, int range) {
  const uint8_t alpha = WOLVES_PIECE(pack, WOLVES_ALPHA); /* (pack is a player's colour) */
  for (int x = 0; x < g->board.nhex; x++) {
    const uint8_t *p = s->hex[x].piece;
    if ((p[0] == alpha || p[1] == alpha || p[2] == alpha) &&
        wolves_distance(&g->board, (uint8_t)x, h) <= range)
      return 1;
  }
  return 0;
}

int wolves_alpha_in_range(wolves_ctx *c, uint8_t h, int beside, int range) {
  const wolves_game *g = c->g;
  const int ok =
      beside ? wolves_alpha_near(g, c->s, c->pack, h) : wolves_alpha_within(g, c->s, c->pack, h, range);
  if (!wolves_measuring(c)) return ok;
  int nearest = -1;
  uint8_t at = WOLVES_NONE;
  for (int x = 0; x < g->board.nhex; x++) {
    const int d = wolves_distance(&g->board, (uint8_t)x, h);
    if (wolves_count(c->s, (uint8_t)x, c->pack, WOLVES_ALPHA) > 0 && (nearest < 0 || d < nearest)) {
      nearest = d;
      at = (uint8_t)x;
    }
  }
  wolves_measure(c, nearest, range, at);
  return ok;
}

int wolves_lair_in_region(const wolves_game *g, const wolves_state *s, uint8_t pack, uint8_t region) {
  for (int h = 0; h < g->board.nhex; h++)
    if (g->board.hex[h].region == region && wolves_count(s, (uint8_t)h, pack, WOLVES_LAIR) > 0) return 1;
  return 0;
}

int wolves_region_without_lair(wolves_ctx *c, uint8_t h) {
  const wolves_game *g = c->g;
  const uint8_t region = g->board.hex[h].region;
  if (region == WOLVES_NONE) return 1;
  const int ok = !wolves_lair_in_region(g, c->s, c->pack, region);
  if (!wolves_measuring(c)) return ok;
  int n = 0;
  uint8_t first = WOLVES_NONE;
  for (int x = 0; x < g->board.nhex; x++)
    if (g->board.hex[x].region == region && wolves_count(c->s, (uint8_t)x, c->pack, WOLVES_LAIR) > 0 &&
        n++ == 0)
      first = (uint8_t)x;
  wolves_measure(c, n, 1, first);
  return ok;
}

void wolves_census(const wolves_game *g, const wolves_state *s, int n[WOLVES_TERRAINS][4]) {
  for (int t = 0; t < WOLVES_TERRAINS; t++)
    for (int type = 0; type < 4; type++) n[t][type] = 0;
  for (int h = 0; h < g->board.nhex; h++)
    for (int i = 0; i < WOLVES_HEX_SLOTS; i++) {
      const uint8_t p = s->hex[h].piece[i];
      if (p != 0 && WOLVES_PIECE_PACK(p) < WOLVES_TERRAINS) n[WOLVES_PIECE_PACK(p)][WOLVES_PIECE_TYPE(p)]++;
    }
}

/* MOVE.ALPHA_PUSH ruling: a candidate is a land hex without tokens that is
 * empty or holds a single piece of the pushed wolf's colour.  Returns 0 for
 * a candidate, else the clause that rules h out: MOVE.IMPASSABLE (not
 * land), MOVE.TOKEN_HEX, MOVE.MAX_PIECES (2 pieces), MOVE.PUSH_CHOICE (an
 * enemy piece: neither empty nor friendly). */
static int push_bar(const wolves_game *g, const wolves_state *s, uint8_t h, uint8_t pack) {
  if (!wolves_is_land(g, h)) return WOLVES_C_MOVE_IMPASSABLE;
  if (wolves_has_token(s, h)) return WOLVES_C_MOVE_TOKEN_HEX;
  const int n = wolves_pieces(s, h);
  if (n >= 2) return WOLVES_C_MOVE_MAX_PIECES;
  return n == 1 && WOLVES_PIECE_PACK(s->hex[h].piece[0]) != pack ? WOLVES_C_MOVE_PUSH_CHOICE : 0;
}

/* MOVE.PUSH_CHOICE reading "walk": the steps from `from` to every hex,
 * each step to an adjacent land hex whatever it holds; WOLVES_NONE where
 * no walk around water and the chasm reaches (the search over land of
 * MOVE.IMPASSABLE, without a limit). */
static void walk_distances(const wolves_game *g, uint8_t from, uint8_t dist[WOLVES_MAX_HEXES]) {
  uint8_t reached[WOLVES_MAX_HEXES];
  wolves_land_reach(g, from, WOLVES_MAX_HEXES, dist, reached);
}

/* How near h is to `from` by the reading in force: in a straight line, or
 * walked (walk: from walk_distances, NULL for straight); -1 when no walk
 * reaches it. */
static int push_distance(const wolves_game *g, uint8_t from, uint8_t h, const uint8_t *walk) {
  if (walk == NULL) return wolves_distance(&g->board, from, h);
  return walk[h] == WOLVES_NONE ? -1 : walk[h];
}

/* Does the push of push_clause go to an adjacent hex only?  The reading
 * "adjacent" of MOVE.ALPHA_PUSH (summary 004) or of LAIR.PUSH (pl and
 * summary 004); "nearest" (ours) goes as far as the nearest hex is. */
static int push_adjacent_only(const wolves_game *g, int push_clause) {
  return push_clause == WOLVES_C_MOVE_ALPHA_PUSH ? WOLVES_READS(g, ALPHA_PUSH, WOLVES_ALPHA_PUSH_ADJACENT)
         : push_clause == WOLVES_C_LAIR_PUSH     ? WOLVES_READS(g, LAIR_PUSH, WOLVES_LAIR_PUSH_ADJACENT)
                                                 : 0;
}

/* Nearest empty or friendly hexes for a pushed wolf, in board order:
 * nearest in a straight line, or walked (the reading in force); with
 * `adjacent` (push_adjacent_only) only the hexes next to `from`, none when
 * none qualifies.  A land hex next to `from` is one hex away and one step
 * walked, so both ways of counting agree on them. */
static int push_targets(const wolves_game *g, const wolves_state *s, uint8_t from, uint8_t piece,
                        int adjacent, uint8_t out[WOLVES_MAX_HEXES]) {
  int best = 1 << 30, n = 0;
  const uint8_t pack = WOLVES_PIECE_PACK(piece);
  uint8_t walk[WOLVES_MAX_HEXES];
  const int walking = WOLVES_READS(g, PUSH_NEAREST, WOLVES_PUSH_WALK) && !adjacent;
  if (walking) {
    walk_distances(g, from, walk);
  } else {
    /* most pushes: a neighbour takes the wolf, and nothing is nearer (the
     * neighbours wolves_board_link derives are the hexes one hex away) */
    for (int d = 0; d < 6; d++) {
      const uint8_t h = g->board.nbr[from][d];
      if (h >= g->board.nhex || push_bar(g, s, h, pack) != 0) continue;
      int i = n++;
      for (; i > 0 && out[i - 1] > h; i--) out[i] = out[i - 1]; /* board order */
      out[i] = h;
    }
    if (n > 0 || adjacent) return n;
  }
  for (int h = 0; h < g->board.nhex; h++) {
    if (h == from || push_bar(g, s, (uint8_t)h, pack) != 0) continue;
    const int d = push_distance(g, from, (uint8_t)h, walking ? walk : NULL);
    if (d < 0) continue; /* no walk reaches it */
    if (d < best) {
      best = d;
      n = 0;
    }
    if (d == best) out[n++] = (uint8_t)h;
  }
  return n;
}

/* For explain (WOLVES_CHECKS_FIRST and ALL only): every hex the pushed
 * wolf might be argued onto, with why it may go there or not
 * (WOLVES_EV_CANDIDATE): each hex as near as the nearest candidate (every
 * hex when none is; walked: every hex a walk reaches; under "adjacent",
 * the hexes next to it) and the hex the action names.  The clause is push_clause for a candidate (the nearest
 * or not: the distance is the value), else the clause push_bar names, or MOVE.PUSH_CHOICE for the hex pushed
 * off (named: no destination). */
static void log_candidates(wolves_ctx *c, uint8_t from, uint8_t piece, uint8_t choice, int push_clause) {
  if (c->log == NULL || c->log->checks < WOLVES_CHECKS_FIRST) return;
  const wolves_game *g = c->g;
  const uint8_t pack = WOLVES_PIECE_PACK(piece), type = WOLVES_PIECE_TYPE(piece);
  uint8_t walk[WOLVES_MAX_HEXES];
  const int adjacent = push_adjacent_only(g, push_clause);
  const int walking = WOLVES_READS(g, PUSH_NEAREST, WOLVES_PUSH_WALK) && !adjacent;
  if (walking) walk_distances(g, from, walk);
  /* "adjacent": the hexes next to `from` are the ones argued, whether
   * or not one qualifies */
  int nearest = adjacent ? 1 : 1 << 30;
  for (int h = 0; h < g->board.nhex; h++) {
    const int d = push_distance(g, from, (uint8_t)h, walking ? walk : NULL);
    if (!adjacent && h != from && d >= 0 && d < nearest && push_bar(g, c->s, (uint8_t)h, pack) == 0)
      nearest = d;
  }
  for (int h = 0; h < g->board.nhex; h++) {
    const int d = push_distance(g, from, (uint8_t)h, walking ? walk : NULL);
    if (h != choice && (h == from || d < 0 || d > nearest)) continue;
    const int bar = h == from ? WOLVES_C_MOVE_PUSH_CHOICE : push_bar(g, c->s, (uint8_t)h, pack);
    wolves_emit(c, bar ? bar : push_clause, WOLVES_EV_CANDIDATE, pack, type, from, (uint8_t)h, d);
  }
}

int wolves_push(wolves_ctx *c, uint8_t from, uint8_t piece, uint8_t choice, int push_clause, int slot) {
  uint8_t cand[WOLVES_MAX_HEXES];
  const int n = push_targets(c->g, c->s, from, piece, push_adjacent_only(c->g, push_clause), cand);
  const uint8_t pack = WOLVES_PIECE_PACK(piece), type = WOLVES_PIECE_TYPE(piece);
  wolves_about(c, pack, type, from);
  if (c->s->ai_pack != WOLVES_NONE) CHECK(c, TWO_AI_UNTOUCHABLE, !wolves_is_ai(c->s, piece), from);
  log_candidates(c, from, piece, choice, push_clause);
  GATE(c, MOVE_PUSH_CHOICE, n > 0, from);
  uint8_t to = cand[0];
  if (choice != WOLVES_NONE) {
    int found = 0;
    for (int i = 0; i < n; i++) found |= cand[i] == choice;
    CHECK(c, MOVE_PUSH_CHOICE, found, choice);
    to = choice;
  } else {
    CHECK(c, MOVE_PUSH_CHOICE, 1, to);
    for (int i = 1; i < n; i++) wolves_option(c, WOLVES_C_MOVE_PUSH_CHOICE, pack, type, from, cand[i], 0);
  }
  if (c->choices != NULL) wolves_chose_push(c, slot, to, choice == WOLVES_NONE ? cand : NULL, n);
  wolves_piece_remove(c->s, from, piece);
  wolves_place(c->s, to, piece);
  wolves_emit(c, push_clause, WOLVES_EV_PUSH, WOLVES_PIECE_PACK(piece), WOLVES_PIECE_TYPE(piece), from, to,
              n);
  return WOLVES_OK;
}
