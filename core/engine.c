/* engine.c - applying one action: the turn structure around the actions
 * (TURN.*), the event log, and the transaction that leaves the state
 * untouched when a clause refuses. */
#include <string.h>

#include "engine.h"

void wolves_emit_event(wolves_ctx *c, int clause, int kind, uint8_t pack, uint8_t piece, uint8_t from,
                       uint8_t to, int value) {
  wolves_log *log = c->log;
  if (log->len >= log->cap || log->ev == NULL) {
    log->dropped++;
    return;
  }
  const int region = (from != WOLVES_NONE && from < c->g->board.nhex) ? c->g->board.hex[from].region
                     : (to != WOLVES_NONE && to < c->g->board.nhex)   ? c->g->board.hex[to].region
                                                                      : WOLVES_NONE;
  log->ev[log->len++] = (wolves_event){.clause = (uint16_t)clause,
                                       .kind = (uint8_t)kind,
                                       .player = c->player,
                                       .pack = pack,
                                       .piece = piece,
                                       .from = from,
                                       .to = to,
                                       .value = (int16_t)value,
                                       .region = (int16_t)(region == WOLVES_NONE ? -1 : region)};
}

int wolves_check(wolves_ctx *c, int clause, int ok, uint8_t hex, int gate) {
#ifdef WOLVES_MUTANT_CLAUSE
  /* `make mutants` (tests/conform/mutants): an engine built with
   * -DWOLVES_MUTANT_CLAUSE=WOLVES_C_HOWL_RANGE (or the clause's number)
   * skips that one check, so it accepts what the clause forbids.  Never
   * defined in a real build. */
  if (clause == (WOLVES_MUTANT_CLAUSE)) ok = 1;
#endif
  const int mode = c->log != NULL ? c->log->checks : 0;
  const uint8_t pack = c->subj_pack != WOLVES_NONE ? c->subj_pack : c->pack;
  if (mode && (ok || mode >= WOLVES_CHECKS_FIRST))
    wolves_emit(c, clause, WOLVES_EV_CHECK, pack, c->subj_piece, c->subj_from, hex, ok);
  if (c->measuring && mode >= WOLVES_CHECKS_FIRST) {
    /* (every limit is a small count; piece holds 0 to 254) */
    const int limit = c->limit < 0 ? 0 : c->limit > WOLVES_NONE - 1 ? WOLVES_NONE - 1 : c->limit;
    wolves_emit(c, clause, WOLVES_EV_MEASURE, pack, (uint8_t)limit,
                c->measured_from != WOLVES_NONE ? c->measured_from : c->subj_from, hex, c->measured);
  }
  c->measuring = 0;
  if (ok) return 1;
  if (!c->refused) {
    c->refused = clause;
    c->fail_hex = hex;
  }
  return mode == WOLVES_CHECKS_ALL && !gate;
}

void wolves_option(wolves_ctx *c, int clause, uint8_t pack, uint8_t piece, uint8_t from, uint8_t to,
                   int value) {
  if (c->log != NULL && c->log->checks)
    wolves_emit(c, clause, WOLVES_EV_OPTION, pack, piece, from, to, value);
}

/* TURN.TWO_ACTIONS, TURN.BONUS_ACTION: the third and later actions of a
 * turn each discard a Bonus Action Token. */
static int turn_allows(wolves_ctx *c) {
  wolves_player *p = &c->s->player[c->player];
  if (c->s->actions_taken < 2) {
    CHECK(c, TURN_TWO_ACTIONS, wolves_counted(c, c->s->actions_taken, 2), WOLVES_NONE);
    return WOLVES_OK;
  }
  /* the actions taken are 2 or more here: the tokens are what is counted */
  CHECK(c, TURN_BONUS_ACTION, wolves_at_least(c, p->bonus_action, 1), WOLVES_NONE);
  if (c->refused) return WOLVES_OK; /* WOLVES_CHECKS_ALL: on to the action's checks */
  p->bonus_action--;
  c->s->supply_bonus_action++;
  EMIT(c, TURN_BONUS_ACTION, SPEND_BONUS_ACTION, c->pack, WOLVES_NONE, WOLVES_NONE, WOLVES_NONE,
       p->bonus_action);
  return WOLVES_OK;
}

static int dispatch(wolves_ctx *c, const wolves_action *a) {
  const wolves_state *s = c->s;
  GATE(c, TURN_GAME_OVER, s->phase != WOLVES_PHASE_OVER, WOLVES_NONE);
  if (a->kind == WOLVES_ACT_DRAFT) return wolves_do_draft(c, a);
  GATE(c, DRAFT_IN_PROGRESS, s->phase == WOLVES_PHASE_PLAY, WOLVES_NONE);
  CHECK(c, TURN_ORDER, a->player == s->current, WOLVES_NONE);
  if (a->kind == WOLVES_ACT_END_TURN) return wolves_do_end_turn(c, a);
  if (s->actions_taken == UINT8_MAX) return WOLVES_C_TURN_LIMIT; /* never wraps */
  int r = turn_allows(c);
  if (r != WOLVES_OK) return r;
  switch (a->kind) {
  case WOLVES_ACT_MOVE:
    r = wolves_do_move(c, a);
    break;
  case WOLVES_ACT_BUILD_DEN:
    r = wolves_do_build_den(c, a);
    break;
  case WOLVES_ACT_UPGRADE:
    r = wolves_do_upgrade(c, a);
    break;
  case WOLVES_ACT_HOWL:
    r = wolves_do_howl(c, a);
    break;
  case WOLVES_ACT_DOMINATE:
    r = wolves_do_dominate(c, a);
    break;
  default:
    return WOLVES_C_TURN_ORDER;
  }
  if (r != WOLVES_OK) return r;
  SETTLED(c);
  c->s->actions_taken++;
  if (!c->verdict_only) wolves_hunt(c); /* HUNT.SURROUND: automatic at the end of each action */
  return WOLVES_OK;
}

/* On refusal only the checks that ran (and the options seen) stay in the
 * log, then the refusal. */
static void keep_checks_only(wolves_log *log, size_t mark) {
  if (log == NULL || log->ev == NULL) return;
  size_t w = mark;
  for (size_t i = mark; i < log->len; i++)
    if (WOLVES_EV_DIAGNOSTIC(log->ev[i].kind)) log->ev[w++] = log->ev[i];
  log->len = w;
}

/* The action on s itself, whatever the outcome. */
static int run(wolves_ctx *c, const wolves_game *g, wolves_state *s, const wolves_action *a, wolves_log *log,
               int verdict_only, const uint64_t *prey, wolves_choices *choices) {
  const uint8_t player = a->player < g->nplayers ? a->player : s->current;
  *c = (wolves_ctx){.g = g,
                    .s = s,
                    .log = log,
                    .player = player,
                    .pack = s->player[player].pack,
                    .fail_hex = WOLVES_NONE,
                    .subj_pack = WOLVES_NONE,
                    .subj_piece = WOLVES_NONE,
                    .subj_from = WOLVES_NONE,
                    .verdict_only = verdict_only,
                    .prey = prey,
                    .choices = choices};
  return a->player < g->nplayers && a->kind < WOLVES_ACT_KINDS ? dispatch(c, a) : WOLVES_C_TURN_ORDER;
}

int wolves_apply_hinted(const wolves_game *g, wolves_state *s, const wolves_action *a, const uint64_t *prey) {
  wolves_ctx c;
  return run(&c, g, s, a, NULL, 0, prey, NULL);
}

int wolves_judge(const wolves_game *g, wolves_state *s, const wolves_action *a) {
  wolves_ctx c;
  return run(&c, g, s, a, NULL, 1, NULL, NULL);
}

int wolves_apply_choosing(const wolves_game *g, wolves_state *s, const wolves_action *a,
                          wolves_choices *choices) {
  wolves_ctx c;
  return run(&c, g, s, a, NULL, 0, NULL, choices);
}

int wolves_apply(const wolves_game *g, wolves_state *s, const wolves_action *a, wolves_log *log) {
  wolves_ctx c;
  if (wolves_state_misfit(g, s) != NULL || a == NULL || !wolves_action_fits(g, a)) {
    /* API.BAD_ARGUMENT: before any rule, and about no hex (the event
     * reads nothing of g) */
    c = (wolves_ctx){.g = g, .log = log, .player = WOLVES_NONE, .pack = WOLVES_NONE};
    wolves_emit(&c, WOLVES_C_API_BAD_ARGUMENT, WOLVES_EV_REFUSE, WOLVES_NONE, WOLVES_NONE, WOLVES_NONE,
                WOLVES_NONE, 0);
    return WOLVES_C_API_BAD_ARGUMENT;
  }
  wolves_state work = *s;
  const size_t mark = log != NULL ? log->len : 0;
  const int r = run(&c, g, &work, a, log, 0, NULL, NULL);
  if (r != WOLVES_OK) {
    keep_checks_only(log, mark);
    wolves_emit(&c, r, WOLVES_EV_REFUSE, c.pack, WOLVES_NONE, WOLVES_NONE, c.fail_hex, 0);
    return r;
  }
  *s = work;
  return WOLVES_OK;
}
