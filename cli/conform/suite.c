/* suite.c - scenario cases: whether the engine can take one (from a
 * seed or loaded, its data, its readings), the file read ahead, its
 * requests written ahead, and its replay in both engines. */
#include "conform/checker.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/err.h"
#include "data_doc.h"
#include "diag.h"
#include "doc.h"
#include "emit.h"
#include "protocol/engine_client.h"
#include "scenario/scenario.h"
#include "state_doc.h"
#include "strbuf.h"
#include "wolves.h"

/* Does the scenario start from a standard game, and from which seed?
 * Only when its position is exactly what setup from that seed makes (with
 * its data and readings): then new_game can start it. */
static int setup_only(const scenario *sc, uint64_t *seed) {
  const doc_node *root = sc->in.root, *st = doc_get(root, "state");
  const doc_node *setup = doc_get(st ? st : root, "setup"), *n = doc_get(setup, "seed");
  if (setup == NULL) return 0;
  *seed = n && n->kind == DOC_INT ? (uint64_t)n->num : 0;
  wolves_game g;
  wolves_state s;
  uint8_t packs[WOLVES_MAX_PLAYERS];
  const wolves_game *pg = &sc->pos.g;
  const wolves_state *ps = &sc->pos.s;
  for (int p = 0; p < pg->nplayers; p++) packs[p] = ps->player[p].pack;
  memset(&g, 0, sizeof g);
  memset(&s, 0, sizeof s);
  if (wolves_setup(&g, &s, pg->nplayers, packs, ps->ai_pack, *seed, NULL)) return 0;
  memcpy(g.reading, pg->reading, sizeof g.reading);
  (void)wolves_setup_readings(&g, &s, NULL);
  s.supply_bonus_terrain = pg->data.supply_bonus_terrain; /* (data overrides set the supply) */
  s.supply_bonus_action = pg->data.supply_bonus_action;
  return memcmp(&s, ps, sizeof s) == 0 && memcmp(&g.board, &pg->board, sizeof g.board) == 0;
}

/* Why the engine cannot take this game (NULL: it can). */
const char *unsupported(conform *c, const wolves_game *g, char *why, size_t n) {
  if (!(c->e.caps & ENGINE_DATA) && data_write(&c->d, &g->data, g->nplayers)) {
    snprintf(why, n, "changes component data (data:), and the engine does not declare data");
    return why;
  }
  if (!(c->e.caps & ENGINE_READINGS))
    for (int p = 0; p < WOLVES_READINGS; p++) {
      const int engine = c->reading_set[p] ? c->reading[p] : wolves_edition_reading(c->edition, p);
      if (g->reading[p] != engine) {
        const wolves_reading *r = wolves_reading_at(p);
        snprintf(
            why, n,
            "needs the reading %s=%s, and the engine does not declare readings (see --reading, --edition)",
            clause_id(r->clause), r->choice[g->reading[p]].name);
        return why;
      }
    }
  return NULL;
}

void apply_readings(const conform *c, wolves_game *g, unsigned named) {
  for (int p = 0; p < WOLVES_READINGS; p++)
    if (c->reading_set[p] && !(named & (1u << p))) /* (a reading its readings: name is the scenario's own) */
      g->reading[p] = c->reading[p];
}

/* The requests a scenario makes when both engines agree (the load of
 * its position when the engine loads; an apply for each action, a state
 * after each that applies; then conform_finish's state, legal and
 * scores), to be written ahead: the engine answers the next while wolves
 * checks an answer. */
static void expect_script(conform *c, const wolves_game *g, wolves_state s, const scenario *sc, int load) {
  unsigned long id = c->e.next_id;
  if (load) { /* (engine_load's request, written straight) */
    strbuf line = {0};
    emitter em;
    const position p = make_position(g, &s);
    emit_json(&em, &line);
    emit_map(&em, NULL, DOC_AUTO);
    emit_str(&em, "cmd", "load");
    emit_int(&em, "id", (long long)++id);
    state_emit(&em, "state", &p, 0, &c->memo);
    emit_end(&em);
    engine_expect(&c->e, id, line.buf, line.len);
    sb_free(&line);
  }
  for (size_t i = 0; i < sc->nactions; i++) {
    wolves_action a = sc->actions[i].a;
    if (sc->actions[i].by_current) a.player = s.current;
    expect_request(c, &id, "apply", g, &s, &a);
    if (wolves_apply(g, &s, &a, NULL) == 0 && (c->e.caps & ENGINE_STATE))
      expect_request(c, &id, "state", NULL, NULL, NULL);
  }
  static const struct {
    unsigned cap;
    const char *cmd;
  } last[] = {{ENGINE_STATE, "state"}, {ENGINE_LEGAL, "legal"}, {ENGINE_SCORES, "scores"}};
  for (size_t i = 0; i < sizeof last / sizeof *last; i++)
    if (c->e.caps & last[i].cap) expect_request(c, &id, last[i].cmd, NULL, NULL, NULL);
}

void case_read(read_case *r, const char *path, int edition) {
  cli_err e = {0};
  memset(r, 0, sizeof *r);
  r->sc = xmalloc(sizeof *r->sc);
  if (scenario_load_house(r->sc, path, NULL, edition, &e) == 0) return;
  scenario_close(r->sc);
  r->sc = NULL;
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  if (f) {
    err_print(&e, f);
    fclose(f);
    if (len && buf[len - 1] == '\n') buf[--len] = '\0';
    sb_puts(&r->error, buf);
    free(buf);
  }
}

/* Starts the case of r: a bad file or a case the engine cannot take is
 * judged at once (cs->result); else its load and script are sent ahead
 * when the engine loads.  -1 on a protocol error. */
int begin_case(conform *c, conform_case *cs, read_case *r, begun_case *b) {
  char why[256];
  memset(b, 0, sizeof *b);
  c->now = cs;
  if (r->sc == NULL) {
    cs->result = BAD;
    sb_puts(&cs->text, r->error.buf ? r->error.buf : "");
    return 0;
  }
  scenario *const sc = r->sc;
  origin *const o = &b->o;
  apply_readings(c, &sc->pos.g, sc->pos.readings_named);
  (void)wolves_setup_readings(&sc->pos.g, &sc->pos.s, NULL); /* (a --reading on a game just set up) */
  /* load of the start position; without load, new_game for a scenario
   * that is a standard game from its seed (wolves-engine(5), THE CHECKER) */
  b->from_setup = setup_only(sc, &o->seed);
  o->loaded = (c->e.caps & ENGINE_LOAD) != 0;
  o->g0 = sc->pos.g;
  o->s0 = sc->pos.s;
  /* a limit of this program's (TURN.LIMIT) is no rule another engine keeps */
  const char *reason = sc->about_tool ? "about this tool, not the game (about: tool)"
                                      : unsupported(c, &sc->pos.g, why, sizeof why);
  if (!reason && !o->loaded && !(b->from_setup && (c->e.caps & ENGINE_NEW_GAME)))
    reason = "starts from a position, and the engine does not declare load";
  if (reason) {
    cs->result = SKIP;
    sb_puts(&cs->text, reason);
    return 0;
  }
  cs->result = AGREE;
  if (!o->loaded) return 0;
  /* the whole script goes ahead with the load (the answers after a
   * refused load are read and dropped) */
  if (engine_forget(&c->e)) return -1;
  expect_script(c, &sc->pos.g, sc->pos.s, sc, 1);
  b->sent = 1;
  return engine_send_expected(&c->e);
}

/* Replays the begun case of r in both engines; -1 on a protocol error. */
int end_case(conform *c, conform_case *cs, read_case *r, begun_case *b) {
  if (cs->result != AGREE) return 0;
  scenario *const sc = r->sc;
  const origin *const o = &b->o;
  const wolves_game *g = &sc->pos.g;
  wolves_state s = sc->pos.s;
  int rc = b->sent ? load_answer(c, engine_receive(&c->e, 1)) : engine_begin(c, o);
  if (rc == 2) {
    skip_case(c, cs, o->loaded ? "load" : "new_game", g, s, sc->actions, sc->nactions);
    return 0;
  }
  if (rc > 0) { /* (the engine has no game of ours: nothing more is compared) */
    refused_load(c, cs, &sc->pos.g, &sc->pos.s);
    if (c->keep_going) stop_case(c, cs, 0, 0, "the engine refuses to load the start position", NULL);
    rc = 0;
  }
  trail t = {0};
  const trail *whole = b->from_setup ? &t : NULL; /* (a reproducer, a replay from the seed) */
  if (rc == 0 && cs->result == AGREE && !b->sent) expect_script(c, g, s, sc, 0); /* (after the new_game) */
  for (size_t i = 0; i < sc->nactions && rc == 0 && going(c, cs); i++) {
    wolves_action a = sc->actions[i].a;
    if (sc->actions[i].by_current) a.player = s.current;
    const wolves_state before = s;
    int ours = 0;
    const int rs = conform_step(c, cs, g, &s, &a, (unsigned)(i + 1), NULL, o, whole, 1, &ours);
    if (rs < 0) rc = -1;
    trail_add(&t, &before, &a, ours);
    /* the engine's game set to ours again where it left it: an action it
     * does not support, or (--keep-going) a disagreement */
    if ((rs == 2 || (rs == 0 && c->keep_going)) &&
        resync(c, cs, o, whole, &s, (unsigned)(i + 1), rs, ours, 0) < 0)
      rc = -1;
  }
  if (rc == 0 && going(c, cs) && conform_finish(c, cs, g, &s, (unsigned)sc->nactions, o, whole) < 0) rc = -1;
  cs->length = (unsigned)sc->nactions;
  if (rc == 0) skip_if_nothing_compared(c, cs);
  trail_free(&t);
  return rc;
}

void case_free(read_case *r) {
  if (r->sc) scenario_close(r->sc);
  sb_free(&r->error);
  memset(r, 0, sizeof *r);
}
