/* legal.c - the legal actions of the player to act.  Candidates are built
 * from the position and each is verified by applying it to a copy, so the
 * list can never disagree with wolves_apply.  A Move is listed one wolf at
 * a time: any legal Move's first wolf is itself a legal single-wolf Move. */
#include "engine.h"

typedef struct {
  wolves_action *out;
  int max, n;
  int stop_at_first;
} collector;

/* Returns nonzero to stop the enumeration. */
static int offer(const wolves_game *g, const wolves_state *s, collector *col, const wolves_action *a) {
  wolves_state copy = *s;
  if (wolves_apply(g, &copy, a, NULL) != WOLVES_OK) return 0;
  if (col->n < col->max) col->out[col->n] = *a;
  col->n++;
  return col->stop_at_first;
}

static wolves_action blank(uint8_t kind, uint8_t player) {
  wolves_action a = {.kind = kind,
                     .player = player,
                     .target = WOLVES_NONE,
                     .attribute = WOLVES_NONE,
                     .push_to = {WOLVES_NONE, WOLVES_NONE},
                     .piece = WOLVES_NONE,
                     .pack = WOLVES_NONE};
  return a;
}

static int moves(const wolves_game *g, const wolves_state *s, collector *col, uint8_t p) {
  const uint8_t pack = s->player[p].pack;
  const int speed = wolves_attribute(g, s, p, WOLVES_WOLF_SPEED);
  for (int from = 0; from < g->board.nhex; from++)
    for (int type = WOLVES_PACK; type <= WOLVES_ALPHA; type++) {
      if (wolves_count(s, (uint8_t)from, pack, type) == 0) continue;
      for (int to = 0; to < g->board.nhex; to++) {
        if (!wolves_is_land(g, (uint8_t)to) ||
            wolves_hex_distance(&g->board, (uint8_t)from, (uint8_t)to) > speed)
          continue;
        wolves_action a = blank(WOLVES_ACT_MOVE, p);
        a.nsteps = 1;
        a.step[0] = (wolves_step){(uint8_t)from, (uint8_t)to, (uint8_t)type, WOLVES_NONE};
        if (offer(g, s, col, &a)) return 1;
      }
    }
  return 0;
}

static int targeted(const wolves_game *g, const wolves_state *s, collector *col, uint8_t p) {
  const uint8_t pack = s->player[p].pack;
  for (int h = 0; h < g->board.nhex; h++) {
    if (!wolves_is_land(g, (uint8_t)h)) continue;
    wolves_action a = blank(WOLVES_ACT_HOWL, p);
    a.target = (uint8_t)h;
    if (s->hex[h].lone_wolf && offer(g, s, col, &a)) return 1;
    a.kind = WOLVES_ACT_UPGRADE;
    if (wolves_count(s, (uint8_t)h, pack, WOLVES_DEN) && offer(g, s, col, &a)) return 1;
    const int near = wolves_alpha_near(g, s, pack, (uint8_t)h);
    for (int at = 0; at < WOLVES_ATTRIBUTES; at++) {
      a.attribute = (uint8_t)at;
      a.kind = WOLVES_ACT_BUILD_DEN;
      if (near && offer(g, s, col, &a)) return 1;
    }
    for (int i = 0; i < WOLVES_HEX_SLOTS; i++) {
      const uint8_t piece = s->hex[h].piece[i];
      if (piece == 0 || WOLVES_PIECE_PACK(piece) == pack) continue;
      const int type = WOLVES_PIECE_TYPE(piece);
      if (type != WOLVES_PACK && type != WOLVES_DEN) continue;
      a = blank(WOLVES_ACT_DOMINATE, p);
      a.target = (uint8_t)h;
      a.piece = (uint8_t)type;
      a.pack = WOLVES_PIECE_PACK(piece);
      for (int at = 0; at < (type == WOLVES_DEN ? WOLVES_ATTRIBUTES : 1); at++) {
        a.attribute = type == WOLVES_DEN ? (uint8_t)at : WOLVES_NONE;
        if (offer(g, s, col, &a)) return 1;
      }
    }
  }
  return 0;
}

static void enumerate(const wolves_game *g, const wolves_state *s, collector *col, int with_end) {
  if (s->phase == WOLVES_PHASE_DRAFT) {
    const uint8_t p = wolves_draft_player(g, s);
    for (int h = 0; h < g->board.nhex && p != WOLVES_NONE; h++) {
      wolves_action a = blank(WOLVES_ACT_DRAFT, p);
      a.target = (uint8_t)h;
      if (offer(g, s, col, &a)) return;
    }
    return;
  }
  if (s->phase != WOLVES_PHASE_PLAY) return;
  const uint8_t p = s->current;
  if (moves(g, s, col, p) || targeted(g, s, col, p)) return;
  if (with_end) {
    const wolves_action a = blank(WOLVES_ACT_END_TURN, p);
    offer(g, s, col, &a);
  }
}

int wolves_legal_actions(const wolves_game *g, const wolves_state *s, wolves_action *out, int max) {
  collector col = {out, max, 0, 0};
  enumerate(g, s, &col, 1);
  return col.n;
}

int wolves_has_legal_action(const wolves_game *g, const wolves_state *s) {
  collector col = {NULL, 0, 0, 1};
  enumerate(g, s, &col, 0);
  return col.n > 0;
}
