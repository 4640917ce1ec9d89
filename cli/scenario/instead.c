/* instead.c - see instead.h.  Each variation is a whole action given to
 * wolves_apply on a copy of the position; only the accepted ones are
 * kept, ranked by how near they are to what the refused action asked
 * (in hexes from the refused hex, or in tiles changed), then in board
 * order. */
#include "scenario/instead.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "actions_doc.h"
#include "board_doc.h"
#include "scenario/moves.h"
#include "strbuf.h"

typedef struct {
  const judgement *j;
  instead *out;
  long rank[INSTEAD_SHOWN];
} collect;

/* Keeps a when the engine accepts it, by rank (lower first; equal ranks
 * in the order offered). */
static void offer(collect *c, const wolves_action *a, long rank, const char *label) {
  wolves_state s = *c->j->before;
  if (wolves_apply(c->j->g, &s, a, NULL) != 0) return;
  instead *const x = c->out;
  x->count++;
  int k = x->shown;
  if (k == INSTEAD_SHOWN) {
    if (rank >= c->rank[k - 1]) return;
    k--;
  } else {
    x->shown++;
  }
  for (; k > 0 && c->rank[k - 1] > rank; k--) {
    c->rank[k] = c->rank[k - 1];
    x->item[k] = x->item[k - 1];
    memcpy(x->label[k], x->label[k - 1], INSTEAD_LABEL);
  }
  c->rank[k] = rank;
  x->item[k] = *a;
  snprintf(x->label[k], INSTEAD_LABEL, "%s", label);
}

static void name_of(const wolves_game *g, uint8_t h, char buf[HEX_NAME_MAX]) {
  if (h < g->board.nhex)
    hex_name(&g->board, h, buf);
  else
    snprintf(buf, HEX_NAME_MAX, "?");
}

/* How far h is from `near` (board order among equals); h alone when near
 * is not on the board. */
static long nearness(const wolves_game *g, uint8_t h, uint8_t near) {
  const int d = near < g->board.nhex ? wolves_hex_distance(&g->board, h, near) : 0;
  return (long)d * 256 + h;
}

/* The action with the engine's payment and pushes: what a changed target
 * may not keep. */
static wolves_action defaults(const wolves_action *a) {
  wolves_action b = *a;
  b.pay_tiles = b.pay_bonus = 0;
  b.push_to[0] = b.push_to[1] = WOLVES_NONE;
  for (int k = 0; k < WOLVES_MAX_MOVERS; k++) b.step[k].push_to = WOLVES_NONE;
  return b;
}

/* ---- what changes ---- */

/* The destination of step k of a Move, among hexes of terrain t (-1: any). */
static void vary_step_to(collect *c, int k, uint8_t refused, int t) {
  const wolves_game *const g = c->j->g;
  char name[HEX_NAME_MAX];
  for (int h = 0; h < g->board.nhex; h++) {
    if (h == refused || (t >= 0 && (g->board.hex[h].kind != WOLVES_LAND || g->board.hex[h].terrain != t)))
      continue;
    wolves_action b = defaults(c->j->a);
    b.step[k].to = (uint8_t)h;
    name_of(g, (uint8_t)h, name);
    offer(c, &b, nearness(g, (uint8_t)h, refused), name);
  }
}

/* The start of step k: another wolf of the pack of the same type. */
static void vary_step_from(collect *c, int k) {
  const wolves_game *const g = c->j->g;
  const wolves_step *const st = &c->j->a->step[k];
  const uint8_t mine = WOLVES_PIECE(c->j->before->player[c->j->a->player].pack, st->type);
  char name[HEX_NAME_MAX], label[INSTEAD_LABEL];
  for (int h = 0; h < g->board.nhex; h++) {
    const uint8_t *const p = c->j->before->hex[h].piece;
    if (h == st->from || (p[0] != mine && p[1] != mine && p[2] != mine)) continue;
    wolves_action b = defaults(c->j->a);
    b.step[k].from = (uint8_t)h;
    name_of(g, (uint8_t)h, name);
    snprintf(label, sizeof label, "%s %s", wolves_piece_name(st->type), name);
    offer(c, &b, nearness(g, (uint8_t)h, st->from), label);
  }
}

/* The target of a Build Den, Upgrade, Howl, Dominate or draft.  A
 * Dominate names no piece unless the hex holds two it could take
 * (DOM.WHICH), then each; it tries each section for a Den when the action
 * names none.  One alternative a hex: the first accepted. */
static void vary_target(collect *c) {
  const wolves_game *const g = c->j->g;
  const wolves_action *const a = c->j->a;
  const int dominate = a->kind == WOLVES_ACT_DOMINATE;
  char name[HEX_NAME_MAX];
  for (int h = 0; h < g->board.nhex; h++) {
    if (h == a->target) continue;
    wolves_action b = defaults(a);
    b.target = (uint8_t)h;
    name_of(g, (uint8_t)h, name);
    const int sections = dominate && a->attribute == WOLVES_NONE ? WOLVES_ATTRIBUTES : 0;
    const uint8_t *const p = c->j->before->hex[h].piece;
    const int before = c->out->count;
    for (int k = -1; k < (dominate ? WOLVES_HEX_SLOTS : 0) && c->out->count == before; k++) {
      if (k >= 0 && p[k] == 0) break;
      b.piece = k < 0 ? WOLVES_NONE : WOLVES_PIECE_TYPE(p[k]);
      b.pack = k < 0 ? WOLVES_NONE : WOLVES_PIECE_PACK(p[k]);
      for (int s = -1; s < sections && c->out->count == before; s++) {
        b.attribute = s < 0 ? a->attribute : (uint8_t)s;
        offer(c, &b, nearness(g, (uint8_t)h, a->target), name);
      }
    }
  }
}

static int bits(unsigned m) {
  int n = 0;
  for (; m; m &= m - 1) n++;
  return n;
}

/* The tiles and Bonus Terrain Tokens paid: every way the player has. */
static void vary_payment(collect *c) {
  const wolves_action *const a = c->j->a;
  const int held = c->j->before->player[a->player].bonus_terrain;
  for (int tiles = 0; tiles < 1 << WOLVES_TILES; tiles++)
    for (int bonus = 0; bonus <= held; bonus++) {
      if ((tiles == 0 && bonus == 0) || (tiles == a->pay_tiles && bonus == a->pay_bonus)) continue;
      wolves_action b = *a;
      b.pay_tiles = (uint8_t)tiles;
      b.pay_bonus = (uint8_t)bonus;
      strbuf label = {0};
      sb_puts(&label, "{pay: [");
      for (int k = 0, n = 0; k < WOLVES_TILES; k++)
        if (tiles >> k & 1) sb_printf(&label, "%s%d", n++ ? ", " : "", k + 1);
      sb_putc(&label, ']');
      if (bonus) sb_printf(&label, ", bonus_terrain: %d", bonus);
      sb_putc(&label, '}');
      const int changed = bits((unsigned)(tiles ^ a->pay_tiles)) + abs(bonus - a->pay_bonus);
      offer(c, &b, (long)changed * 1024 + tiles * 8 + bonus, label.buf);
      sb_free(&label);
    }
}

/* The attribute section a Den Marker comes from. */
static void vary_attribute(collect *c) {
  for (int s = 0; s < WOLVES_ATTRIBUTES; s++) {
    if (s == c->j->a->attribute) continue;
    wolves_action b = *c->j->a;
    b.attribute = (uint8_t)s;
    offer(c, &b, s, wolves_attribute_name(s));
  }
}

/* Which opponent's piece on the target a Dominate names. */
static void vary_which(collect *c) {
  const wolves_action *const a = c->j->a;
  const uint8_t *const p = c->j->before->hex[a->target].piece;
  for (int i = 0; i < WOLVES_HEX_SLOTS && p[i]; i++) {
    wolves_action b = *a;
    b.piece = WOLVES_PIECE_TYPE(p[i]);
    b.pack = WOLVES_PIECE_PACK(p[i]);
    char label[INSTEAD_LABEL];
    snprintf(label, sizeof label, "{piece: %s, pack: %s}", wolves_piece_name(b.piece),
             wolves_terrain_name(b.pack));
    offer(c, &b, i, label);
  }
}

/* A Move of `spread` of its wolves, in the order named (the earlier kept
 * first). */
static void vary_wolves(collect *c, int spread) {
  const wolves_action *const a = c->j->a;
  const int n = a->nsteps;
  if (spread < 1 || n > WOLVES_MAX_MOVERS) return;
  for (int mask = (1 << n) - 1; mask > 0; mask--) {
    if (bits((unsigned)mask) != spread) continue;
    wolves_action b = defaults(a);
    strbuf label = {0};
    sb_putc(&label, '[');
    b.nsteps = 0;
    for (int k = 0; k < n; k++) {
      if (!(mask >> k & 1)) continue;
      char from[HEX_NAME_MAX], to[HEX_NAME_MAX];
      b.step[b.nsteps++] = a->step[k];
      b.step[b.nsteps - 1].push_to = WOLVES_NONE;
      name_of(c->j->g, a->step[k].from, from);
      name_of(c->j->g, a->step[k].to, to);
      sb_printf(&label, "%s%s %s %s", b.nsteps > 1 ? ", " : "", wolves_piece_name(a->step[k].type), from, to);
    }
    sb_putc(&label, ']');
    offer(c, &b, (1 << n) - mask, label.buf);
    sb_free(&label);
  }
}

/* Every legal action but ending the turn, as the engine lists them. */
static void vary_kind(collect *c) {
  legal_buf list = {0};
  const int n = legal_list(c->j->g, c->j->before, &list);
  for (int i = 0; i < n; i++) {
    const wolves_action *const b = &list.buf[i];
    if (b->kind == WOLVES_ACT_END_TURN) continue;
    char *const text = wolves_action_format(c->j->g, c->j->before, b);
    offer(c, b, i, text ? text : wolves_action_name(b->kind));
    wolves_free(text);
  }
  free(list.buf);
}

/* ---- which change, by the clause that refused ---- */

static const char *const target_of[] = {
    [WOLVES_ACT_BUILD_DEN] = "the hexes %s can build a Den on",
    [WOLVES_ACT_UPGRADE] = "the Dens %s can upgrade",
    [WOLVES_ACT_HOWL] = "the Lone Wolves %s can Howl at",
    [WOLVES_ACT_DOMINATE] = "the pieces %s can Dominate",
    [WOLVES_ACT_DRAFT] = "the hexes %s can draft",
};

static void nearest_first(instead *x, const wolves_game *g, uint8_t h) {
  char name[HEX_NAME_MAX];
  if (h >= g->board.nhex || x->count < 2) return;
  hex_name(&g->board, h, name);
  const size_t n = strlen(x->of);
  snprintf(x->of + n, sizeof x->of - n, ", nearest %s first", name);
}

/* A Move refused about step k (its destination, its path, its payment):
 * other destinations of that wolf, of the refused hex's terrain when some
 * are legal (the player paid, or meant to pay, that terrain), else any. */
static void move_instead(collect *c, int k, int clause) {
  const judgement *const j = c->j;
  const wolves_step *const st = &j->a->step[k];
  const uint8_t to = st->to;
  char from[HEX_NAME_MAX];
  name_of(j->g, st->from, from);
  const char *const pack = wolves_terrain_name(j->before->player[j->a->player].pack);
  /* (not for a terrain refused as such: the first destination's, or one
   * that cannot be paid) */
  const int land = to < j->g->board.nhex && j->g->board.hex[to].kind == WOLVES_LAND;
  const int t = land && clause != WOLVES_C_MOVE_DESTINATION && clause != WOLVES_C_PAY_MATCH
                    ? j->g->board.hex[to].terrain
                    : -1;
  if (t >= 0) vary_step_to(c, k, to, t);
  if (c->out->count) {
    snprintf(c->out->of, sizeof c->out->of, "the %s hexes %s %s %s can reach", wolves_terrain_name(t), pack,
             wolves_piece_name(st->type), from);
  } else {
    vary_step_to(c, k, to, -1);
    snprintf(c->out->of, sizeof c->out->of, "the hexes %s %s %s can reach", pack, wolves_piece_name(st->type),
             from);
  }
  nearest_first(c->out, j->g, to);
}

void instead_find(instead *out, const judgement *j, size_t i) {
  memset(out, 0, sizeof *out);
  collect c = {j, out, {0}};
  const wolves_event *const e = &j->ev->ev[i];
  const wolves_action *const a = j->a;
  const char *const pack =
      a->player < j->g->nplayers ? wolves_terrain_name(j->before->player[a->player].pack) : "?";
  switch (e->clause) {
  case WOLVES_C_TURN_ORDER:
  case WOLVES_C_TURN_GAME_OVER:
  case WOLVES_C_DRAFT_IN_PROGRESS:
  case WOLVES_C_DRAFT_ORDER:
  case WOLVES_C_TURN_LIMIT:
  case WOLVES_C_API_BAD_ARGUMENT:
  case WOLVES_C_MOVE_PUSH_CHOICE:
    return;
  case WOLVES_C_TURN_BONUS_ACTION: {
    const wolves_action end = {.kind = WOLVES_ACT_END_TURN,
                               .player = a->player,
                               .target = WOLVES_NONE,
                               .attribute = WOLVES_NONE,
                               .push_to = {WOLVES_NONE, WOLVES_NONE},
                               .piece = WOLVES_NONE,
                               .pack = WOLVES_NONE};
    offer(&c, &end, 0, "end_turn");
    snprintf(out->of, sizeof out->of, "ending the turn");
    return;
  }
  case WOLVES_C_TURN_TWO_ACTIONS:
    if (a->kind != WOLVES_ACT_END_TURN) return;
    vary_kind(&c);
    snprintf(out->of, sizeof out->of, "the actions %s can still take", pack);
    return;
  case WOLVES_C_PAY_CHOICE:
    vary_payment(&c);
    snprintf(out->of, sizeof out->of, "the ways %s can pay, fewest changes first", pack);
    return;
  case WOLVES_C_DEN_TRACK_EMPTY:
    vary_attribute(&c);
    snprintf(out->of, sizeof out->of, "the sections with a Den Marker left");
    return;
  case WOLVES_C_DOM_WHICH:
    vary_which(&c);
    snprintf(out->of, sizeof out->of, "the pieces the action may name");
    return;
  default:
    break;
  }
  if (a->kind == WOLVES_ACT_MOVE) {
    const int k = numbers_step(j, e);
    if (e->clause == WOLVES_C_MOVE_PACK_SPREAD) {
      const wolves_event *const m = numbers_of(j, i);
      vary_wolves(&c, m ? m->piece : 0);
      snprintf(out->of, sizeof out->of, "the Moves of %d of these wolves", m ? m->piece : 0);
    } else if (e->clause == WOLVES_C_MOVE_OWN_WOLF && k >= 0) {
      vary_step_from(&c, k);
      snprintf(out->of, sizeof out->of, "the other %s %s wolves that could go there", pack,
               wolves_piece_name(a->step[k].type));
    } else if (a->nsteps > 0 && e->clause != WOLVES_C_MOVE_OWN_WOLF) {
      move_instead(&c, k >= 0 ? k : 0, e->clause); /* (the payment, the first destination: step 1's) */
    }
    return;
  }
  if (a->kind < sizeof target_of / sizeof *target_of && target_of[a->kind]) {
    vary_target(&c);
    snprintf(out->of, sizeof out->of, target_of[a->kind], pack);
    nearest_first(out, j->g, a->target);
  }
}

doc_node *instead_write(doc *d, const judgement *j, const instead *x) {
  if (x->of[0] == '\0') return NULL;
  doc_node *const m = doc_map(d), *const actions = doc_seq(d), *const labels = doc_seq(d);
  for (int k = 0; k < x->shown; k++) {
    doc_push(actions, action_write(d, j->g, j->before, &x->item[k]));
    doc_push(labels, doc_str(d, x->label[k]));
  }
  doc_put(d, m, "of", doc_str(d, x->of));
  doc_put(d, m, "count", doc_int(d, x->count));
  doc_put(d, m, "actions", actions);
  doc_put(d, m, "labels", labels);
  return m;
}
