/* keep_going.c - a case that goes on: after a disagreement (--keep-going)
 * or an action the engine answers unsupported, the engine's game is set
 * to our position again, so that the rest of the case compares the same
 * positions: by load where the engine declares it, else, for a case
 * started with new_game, by setting it up again and replaying the actions
 * our engine applied (the engine applied each before).  Where neither can
 * be done (no load, and the engine refused the game's own action, or its
 * state differs) the case stops there and says why.  And how far each
 * case went: "went to the end: N actions", "stopped at action K of N:
 * why". */
#include "conform/checker.h"

#include <string.h>

#include "base/err.h"
#include "doc.h"
#include "protocol/engine_client.h"
#include "rng.h"
#include "strbuf.h"
#include "wolves.h"

int going(const conform *c, const conform_case *cs) {
  return cs->stopped == NULL && (cs->result == AGREE || c->keep_going);
}

void stop_case(conform *c, conform_case *cs, unsigned number, int after, const char *why,
               const char *detail) {
  if (cs->stopped) return;
  strbuf sb = {0};
  sb_puts(&sb, why);
  if (detail && *detail) {
    sb_puts(&sb, ": ");
    err_escape(&sb, detail, strlen(detail), NULL);
  }
  cs->stopped = doc_str(&c->d, sb.buf)->str;
  cs->stop_at = number;
  cs->stop_after = after;
  sb_free(&sb);
}

/* new_game again, then every action of t our engine applied, written
 * ahead: 0, 1 when the engine does not follow (the case stopped), -1. */
static int replay_trail(conform *c, conform_case *cs, const origin *o, const trail *t, unsigned number,
                        int after) {
  const wolves_game *g = &o->g0;
  const int begun = engine_begin(c, o);
  if (begun < 0) return -1;
  if (begun > 0) {
    stop_case(c, cs, number, after, "the engine does not set up the game again", c->last_clause);
    return 1;
  }
  unsigned long id = c->e.next_id;
  for (size_t k = 0; k < t->len; k++)
    if (t->rc[k] == 0) expect_request(c, &id, "apply", g, &t->before[k], &t->a[k]);
  for (size_t k = 0; k < t->len; k++) {
    if (t->rc[k]) continue; /* (refused by us: the engine's game never had it, once restored) */
    char clause[128];
    const int r = engine_apply(c, g, &t->before[k], &t->a[k], clause, sizeof clause);
    if (r < 0) return -1;
    if (r) {
      stop_case(c, cs, number, after,
                "no load, and the engine does not apply again, replayed from the seed, an action it applied",
                NULL);
      return 1;
    }
  }
  return 0;
}

int restore(conform *c, conform_case *cs, const origin *o, const trail *t, const wolves_state *s,
            unsigned number, int after, const char *without) {
  if (c->e.caps & ENGINE_LOAD) {
    const int r = engine_load(c, &o->g0, s);
    if (r <= 0) return r;
    stop_case(c, cs, number, after,
              r == 2 ? "the engine does not support the load of our position"
                     : "the engine refuses to load our position",
              c->last_clause);
    return 1;
  }
  if (without == NULL && !o->loaded && t) return replay_trail(c, cs, o, t, number, after);
  stop_case(c, cs, number, after, without ? without : "no load, and the engines' games diverged", NULL);
  return 1;
}

int resync(conform *c, conform_case *cs, const origin *o, const trail *t, const wolves_state *s,
           unsigned number, int step, int ours, int judged) {
  if (ours && (judged || step == 2 || c->last_theirs == 1)) return 0; /* (neither game moved) */
  const char *without = ours             ? NULL /* it applied what we refuse: replayed without it */
                        : step == 2      ? "no load, and the engine does not support an action wolves applies"
                        : c->last_theirs ? "no load, and the engine refuses an action wolves applies"
                                         : "no load, and the engines' states differ";
  return restore(c, cs, o, t, s, number, 0, without);
}

unsigned game_length(const wolves_game *g, wolves_state s, wolves_rng rng, unsigned limit) {
  unsigned n = 0;
  wolves_action a;
  wolves_state after;
  while (s.phase != WOLVES_PHASE_OVER && n < limit && wolves_sample(g, &s, &rng, &a, &after) == 1) {
    s = after;
    n++;
  }
  return n;
}

void went_text(const conform *c, const conform_case *cs, strbuf *sb) {
  if (cs->stopped && cs->stop_at == 0)
    sb_printf(sb, "stopped at its start, of %u action%s: %s", cs->length, cs->length == 1 ? "" : "s",
              cs->stopped);
  else if (cs->stopped)
    sb_printf(sb, "stopped %s action %u of %u: %s", cs->stop_after ? "after" : "at", cs->stop_at, cs->length,
              cs->stopped);
  else if (c->keep_going && (cs->result == AGREE || cs->result == DISAGREE))
    sb_printf(sb, "went to the end: %u action%s", cs->length, cs->length == 1 ? "" : "s");
}
