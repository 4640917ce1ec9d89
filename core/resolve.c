/* resolve.c - the choices an action leaves to the engine, made explicit
 * (wolves-engine(5), CHOICES).  The rules give three choices to the
 * acting player that an action need not name:
 *  - where a pushed wolf goes: "the nearest empty or friendly ... hex of
 *    the Alpha's choice" (Move - Continued; MOVE.ALPHA_PUSH,
 *    MOVE.PUSH_CHOICE) and "any nearest empty or friendly ... hex of your
 *    choice" (Upgrading Den into Lair - Special Rules; LAIR.PUSH);
 *    unnamed, the first candidate in board order (pieces.c);
 *  - which face-up tiles matching the target, and how many Bonus Terrain
 *    Tokens, pay the cost (Action System - Flipping Tiles; PAY.MATCH,
 *    PAY.CHOICE); unnamed, the matching tiles from slot 1 rightwards and
 *    tokens only for the rest (payment.c);
 *  - which opponent's piece a Dominate takes (Dominate; DOM.WHICH);
 *    unnamed, the only one that could be Dominated (dominate.c).
 * The action functions report each choice here as they make it, after
 * every check before it has passed: a choice is made in the position the
 * action has reached by then (a Move's later steps see the wolf its first
 * step pushed), so the resolutions of an action are walked one choice at
 * a time, each value of its first open choice fixed before the next open
 * choice is looked at. */
#include "engine.h"

void wolves_chose_push(wolves_ctx *c, int slot, uint8_t to, const uint8_t *cand, int n) {
  wolves_choices *ch = c->choices;
  if (ch->named.kind == WOLVES_ACT_MOVE)
    ch->named.step[slot].push_to = to;
  else
    ch->named.push_to[slot] = to;
  if (cand == NULL || ch->kind) return;
  ch->kind = WOLVES_CHOICE_PUSH;
  ch->slot = (uint8_t)slot;
  ch->nvalues = n; /* (cand[0] is the one made) */
  for (int i = 0; i < n; i++) ch->value[i][0] = cand[i];
}

void wolves_chose_payment(wolves_ctx *c, int tiles, int bonus, int match, int tokens, int cost) {
  wolves_choices *ch = c->choices;
  ch->named.pay_tiles = (uint8_t)tiles;
  ch->named.pay_bonus = (uint8_t)bonus;
  if (ch->kind) return;
  ch->kind = WOLVES_CHOICE_PAY;
  ch->nvalues = 0;
  /* PAY.CHOICE: every set of matching tiles with the tokens for the rest,
   * the one made first */
  ch->value[ch->nvalues][0] = (uint8_t)tiles;
  ch->value[ch->nvalues++][1] = (uint8_t)bonus;
  for (int set = 0; set < (1 << WOLVES_TILES); set++) {
    const int k = wolves_popcount((unsigned)set);
    if ((set & ~match) != 0 || set == tiles || k > cost || cost - k > tokens) continue;
    ch->value[ch->nvalues][0] = (uint8_t)set;
    ch->value[ch->nvalues++][1] = (uint8_t)(cost - k);
  }
}

void wolves_chose_target(wolves_ctx *c, uint8_t piece) {
  wolves_choices *ch = c->choices;
  const int open = ch->named.piece == WOLVES_NONE || ch->named.pack == WOLVES_NONE;
  ch->named.piece = WOLVES_PIECE_TYPE(piece);
  ch->named.pack = WOLVES_PIECE_PACK(piece);
  if (!open || ch->kind) return;
  ch->kind = WOLVES_CHOICE_TARGET; /* (DOM.WHICH leaves one piece: one value) */
  ch->nvalues = 1;
  ch->value[0][0] = ch->named.piece;
  ch->value[0][1] = ch->named.pack;
}

/* a with the choices made named (*out), the first open one in *ch; a's
 * verdict, and the position after it in *after. */
static int resolve(const wolves_game *g, const wolves_state *s, const wolves_action *a, wolves_choices *ch,
                   wolves_state *after) {
  ch->named = *a;
  ch->kind = 0;
  ch->nvalues = 0;
  *after = *s;
  const int r = wolves_apply_choosing(g, after, a, ch);
  if (r != WOLVES_OK) *after = *s; /* (as wolves_apply leaves it) */
  return r;
}

int wolves_action_resolve(const wolves_game *g, const wolves_state *s, const wolves_action *a,
                          wolves_action *out) {
  if (wolves_state_misfit(g, s) != NULL || a == NULL || out == NULL || !wolves_action_fits(g, a))
    return WOLVES_C_API_BAD_ARGUMENT;
  wolves_choices ch;
  wolves_state after;
  const int r = resolve(g, s, a, &ch, &after);
  *out = ch.named;
  return r;
}

/* The first open choice of ch fixed to its value k in *a. */
static void fix(wolves_action *a, const wolves_choices *ch, int k) {
  const uint8_t *v = ch->value[k];
  switch (ch->kind) {
  case WOLVES_CHOICE_PUSH:
    if (a->kind == WOLVES_ACT_MOVE)
      a->step[ch->slot].push_to = v[0];
    else
      a->push_to[ch->slot] = v[0];
    break;
  case WOLVES_CHOICE_PAY:
    a->pay_tiles = v[0];
    a->pay_bonus = v[1];
    break;
  default:
    a->piece = v[0];
    a->pack = v[1];
  }
}

/* The resolutions of a, depth first; *count so far.  0, or what stopped
 * the walk (visit's nonzero return). */
static int walk(const wolves_game *g, const wolves_state *s, const wolves_action *a,
                wolves_resolution_visit visit, void *ctx, long *count) {
  wolves_choices ch;
  wolves_state after;
  const int r = resolve(g, s, a, &ch, &after);
  if (ch.kind == 0) { /* every choice named, or never reached */
    ++*count;
    return visit ? visit(ctx, &ch.named, r, &after) : 0;
  }
  /* (each value named makes one more choice explicit: the depth is the
   * number of choices an action has) */
  for (int k = 0; k < ch.nvalues; k++) {
    wolves_action next = *a;
    fix(&next, &ch, k);
    const int stop = walk(g, s, &next, visit, ctx, count);
    if (stop) return stop;
  }
  return 0;
}

long wolves_action_resolutions(const wolves_game *g, const wolves_state *s, const wolves_action *a,
                               wolves_resolution_visit visit, void *ctx) {
  if (wolves_state_misfit(g, s) != NULL || a == NULL || !wolves_action_fits(g, a)) return -1;
  long count = 0;
  walk(g, s, a, visit, ctx, &count);
  return count;
}
