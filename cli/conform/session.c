/* session.c - the checker's side of the engine protocol: the engine set
 * to a case's start (load, or new_game from a seed), an action applied in
 * it and its verdict read, an applied action applied again (replay), and
 * the requests a case will make written ahead (pipelining).  The client
 * itself is cli/protocol/engine_client.c. */
#include "conform/checker.h"

#include <stdio.h>
#include <string.h>

#include "actions_doc.h"
#include "data_doc.h"
#include "doc.h"
#include "emit.h"
#include "protocol/engine_client.h"
#include "readings_doc.h"
#include "scenario/vector.h"
#include "state_doc.h"
#include "strbuf.h"
#include "wolves.h"

position make_position(const wolves_game *g, const wolves_state *s) {
  position p;
  memset(&p, 0, sizeof p);
  p.g = *g;
  p.s = *s;
  return p;
}

/* Puts g's data overrides and readings (when not ours) into a request;
 * under --edition, to an engine that declares readings, the edition and
 * every reading by name (an engine may take either: they agree). */
static void put_rules(conform *c, doc_node *req, const wolves_game *g) {
  const int edition = c->edition != WOLVES_EDITION_DEFAULT && (c->e.caps & ENGINE_READINGS);
  doc_node *data = data_write(&c->e.req, &g->data, g->nplayers),
           *readings = edition ? vector_readings(&c->e.req, g) : readings_write(&c->e.req, g);
  if (edition) doc_put(&c->e.req, req, "edition", doc_str(&c->e.req, wolves_edition_name(c->edition)));
  if (data) doc_put(&c->e.req, req, "data", data);
  if (readings) doc_put(&c->e.req, req, "readings", readings);
}

/* An answer r with ok false: 2 when it is unsupported (what a partial
 * engine cannot do: a skip, never the end of the run), 1 when refusable
 * and a bad_request (or without a code), the message in c->last_clause
 * for both; else -1, a protocol error. */
static int error_answer(conform *c, const doc_node *r, int refusable) {
  const doc_node *err = doc_get(r, "error"), *code = doc_get(err, "code"), *msg = doc_get(err, "message");
  const char *text = msg && msg->kind == DOC_STR ? msg->str : "(no message)";
  const char *name = code && code->kind == DOC_STR ? code->str : NULL;
  const int unsupported = name && strcmp(name, "unsupported") == 0;
  if (!unsupported && !(refusable && (name == NULL || strcmp(name, "bad_request") == 0)))
    return engine_fail(&c->e, "the engine answered error %s: %s", name ? name : "(no code)", text), -1;
  snprintf(c->last_clause, sizeof c->last_clause, "%s", text);
  return unsupported ? 2 : 1;
}

int unsupported_answer(conform *c, const doc_node *r, const char *cmd, unsigned number,
                       const unsigned char *clauses) {
  if (error_answer(c, r, 0) < 0) return -1;
  skip_request(c, cmd, number, c->last_clause, clauses);
  return 1;
}

/* The engine's answer r to a load: 0; 1 when the engine refuses the
 * position, 2 when it answers unsupported (a position it cannot take),
 * the message in c->last_clause for both; -1 on a protocol error (r
 * NULL).  A position wolves reads is valid: an engine that refuses it
 * disagrees. */
int load_answer(conform *c, const doc_node *r) {
  if (r == NULL) return -1;
  return doc_get(r, "ok")->num ? 0 : error_answer(c, r, 1);
}

/* Loads position (g, s) into the engine: as load_answer. */
int engine_load(conform *c, const wolves_game *g, const wolves_state *s) {
  doc_node *req = engine_request(&c->e, "load");
  const position p = make_position(g, s);
  doc_put(&c->e.req, req, "state", vector_position(&c->e.req, &p));
  return load_answer(c, engine_call(&c->e, req, 1));
}

/* Sets up the game of o in the engine, as a scenario's `setup: {seed}`. */
static int engine_new_game(conform *c, const origin *o) {
  doc_node *req = engine_request(&c->e, "new_game"), *players = doc_seq(&c->e.req);
  for (int p = 0; p < o->g0.nplayers; p++)
    doc_push(players, doc_str(&c->e.req, wolves_terrain_name(o->s0.player[p].pack)));
  doc_put(&c->e.req, req, "players", players);
  if (o->g0.nplayers == 2 && o->s0.ai_pack < WOLVES_TERRAINS)
    doc_put(&c->e.req, req, "ai", doc_str(&c->e.req, wolves_terrain_name(o->s0.ai_pack)));
  doc_put(&c->e.req, req, "seed", doc_int(&c->e.req, (long long)o->seed));
  put_rules(c, req, &o->g0);
  const doc_node *r = engine_call(&c->e, req, 1);
  if (r == NULL) return -1;
  return doc_get(r, "ok")->num ? 0 : error_answer(c, r, 0); /* (only unsupported: a game it cannot set up) */
}

int engine_begin(conform *c, const origin *o) {
  return o->loaded ? engine_load(c, &o->g0, &o->s0) : engine_new_game(c, o);
}

/* The engine's verdict on a, applied as choices_sent says (engine_apply),
 * or sent as it is in request cmd (engine_verdict): 0 applied, 1 refused
 * (its clause, when it gives one, in clause[]); 2 when it answers
 * `unsupported` (a partial engine that does not play that action: a skip,
 * its message in c->last_clause); -1 on a protocol error. */
int engine_apply(conform *c, const wolves_game *g, const wolves_state *before, const wolves_action *a,
                 char *clause, size_t n) {
  wolves_action sent;
  choices_sent(c, g, before, a, &sent);
  return engine_verdict(c, "apply", g, before, &sent, clause, n);
}

const char *probe_request(const conform *c) { return c->e.caps & ENGINE_JUDGE ? "judge" : "apply"; }

int engine_verdict(conform *c, const char *cmd, const wolves_game *g, const wolves_state *before,
                   const wolves_action *a, char *clause, size_t n) {
  doc_node *req = engine_request(&c->e, cmd);
  doc_node *act = action_write(&c->e.req, g, before, a);
  doc_put(&c->e.req, req, "action", act);
  /* how wolves engine's answer starts when it applies (its events follow) */
  strbuf applied = {0};
  sb_printf(&applied, "{\"id\": %lu, \"ok\": true, \"verdict\": \"applied\"", c->e.next_id);
  int matched = 0;
  const doc_node *r = engine_call_prefix(&c->e, req, 1, &applied, &matched);
  sb_free(&applied);
  c->applies++;
  if (r == NULL) return -1;
  if (matched) {
    clause[0] = '\0';
    c->last_theirs = 0;
    c->last_clause[0] = '\0';
    return 0;
  }
  if (!doc_get(r, "ok")->num) return error_answer(c, r, 0);
  const doc_node *v = doc_get(r, "verdict"), *id = doc_get(r, "clause");
  clause[0] = '\0';
  if (v == NULL || v->kind != DOC_STR || (strcmp(v->str, "applied") != 0 && strcmp(v->str, "refused") != 0))
    return engine_fail(&c->e, "the %s response has no verdict \"applied\" or \"refused\"", cmd), -1;
  c->last_theirs = 0;
  c->last_clause[0] = '\0';
  if (strcmp(v->str, "applied") == 0) return 0;
  if (id && id->kind == DOC_STR) snprintf(clause, n, "%s", id->str);
  c->last_theirs = 1;
  snprintf(c->last_clause, sizeof c->last_clause, "%s", clause);
  if ((c->e.caps & ENGINE_CLAUSES) && !clause[0])
    return engine_fail(&c->e, "a refusal without a clause from an engine that declares clauses"), -1;
  return 1;
}

/* Applies again in the engine an action it applied before (replaying a
 * game): 0, or -1 (a protocol error when it does not apply it now). */
int replay(conform *c, const wolves_game *g, const wolves_state *before, const wolves_action *a) {
  char clause[128];
  const int r = engine_apply(c, g, before, a, clause, sizeof clause);
  if (r > 0) engine_fail(&c->e, "the engine does not apply again an action it applied in the same position");
  return r ? -1 : 0;
}

/* Pipelining (engine_expect): the request {"cmd": cmd, "id": *id + 1}
 * (with action, an apply or a judge of it at position s, as choices_sent
 * says) as engine_call will write it, expected next. */
void expect_request(conform *c, unsigned long *id, const char *cmd, const wolves_game *g,
                    const wolves_state *s, const wolves_action *action) {
  strbuf line = {0};
  emitter em;
  emit_json(&em, &line);
  emit_map(&em, NULL, DOC_AUTO);
  emit_str(&em, "cmd", cmd);
  emit_int(&em, "id", (long long)++*id);
  wolves_action sent;
  if (action) choices_sent(c, g, s, action, &sent);
  if (action) action_emit(&em, "action", g, s, &sent);
  emit_end(&em);
  engine_expect(&c->e, *id, line.buf, line.len);
  sb_free(&line);
}
