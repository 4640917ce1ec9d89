/* engine_server.c - see engine_server.h.  Every request is read with the codec the
 * scenarios are read with (a standard game through a scenario's `setup:`
 * path, a position as a scenario's `start:`, an action as an `actions:`
 * item) and every answer written with the writers `wolves legal`, `run`
 * and `export` use, so the engine behind the protocol is the engine the
 * suite checks.  The position of the game in play is the session's only
 * state; the event log is not kept (each apply returns its own events),
 * so memory stays bounded however long a checker plays. */
#include "protocol/engine_server.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "actions_doc.h"
#include "base/err.h"
#include "bounds.h"
#include "emit.h"
#include "json.h"
#include "protocol/protocol.h"
#include "protocol/state_fields.h"
#include "read.h"
#include "scenario/moves.h"
#include "scenario/vector.h"
#include "state_doc.h"
#include "strbuf.h"

/* The capabilities, in the order hello lists them (wolves-engine(5)). */
enum {
  CAP_NEW_GAME,
  CAP_LOAD,
  CAP_LEGAL,
  CAP_CLAUSES,
  CAP_EVENTS,
  CAP_STATE,
  CAP_SCORES,
  CAP_DATA,
  CAP_READINGS,
  CAP_JUDGE,
  CAP_CHOOSES
};
#define CAP(c) (1u << (c))
/* Declared by default: all but chooses.  This engine makes every choice an
 * action leaves open by the defaults of wolves-engine(5), CHOICES, and a
 * checker compares it best with every choice named, which it sends unless
 * the engine declares chooses (--capabilities ...,chooses declares it). */
#define DEFAULT_CAPS (CAP(CAP_CHOOSES) - 1)

struct engine_session {
  unsigned caps;      /* CAP() bits declared */
  state_paths fields; /* the parts of the state declared and answered (--state-fields) */
  int some_fields;    /* declared by --state-fields: the state answered holds only those */
  doc texts;          /* (the paths' text) */
  int have_game;
  int quit;        /* quit was answered: read no further */
  position pos;    /* the game in play (its events are not kept) */
  state_memo memo; /* its state's text, part by part, from one state request to the next */
};
typedef struct engine_session session;

/* One response: its fields (after "id" and "ok"), written as they come
 * (as one JSON mapping, in fields), or an error. */
typedef struct {
  doc d;            /* for the parts built as trees first */
  strbuf fields;    /* {...} */
  emitter em;       /* writing fields */
  const char *code; /* NULL: ok */
  strbuf message;
} reply;

static int fail(reply *r, const char *code, const char *fmt, const char *arg) {
  r->code = code;
  sb_printf(&r->message, fmt, arg);
  return -1;
}

/* A codec diagnostic: its message (the position is in the request's
 * text, which the checker has; the message names the key or value). */
static int fail_read(reply *r, const char *what, const cli_err *e) {
  r->code = "bad_request";
  sb_printf(&r->message, "%s: %s", what, e->set ? e->msg : "bad value");
  return -1;
}

static void put(reply *r, const char *key, doc_node *v) { emit_node(&r->em, key, v); }

static int need(const session *S, reply *r, int cap, const char *what) {
  if (S->caps & CAP(cap)) return 0;
  return fail(r, "unsupported", "%s: this engine was started without that capability", what);
}

static int need_game(const session *S, reply *r) {
  return S->have_game ? 0 : fail(r, "no_game", "%s", "no game: send new_game or load first");
}

static int check_keys(const doc_node *req, const char *const keys[], const char *cmd, reply *r) {
  cli_err e = {0};
  if (read_keys(req, keys, "a request", &e) == 0) return 0;
  char where[64]; /* (named in the message only when there is one) */
  snprintf(where, sizeof where, "a %s request", cmd);
  e = (cli_err){0};
  read_keys(req, keys, where, &e);
  r->code = "bad_request";
  sb_puts(&r->message, e.msg);
  return -1;
}

/* `data`, `readings` and `edition` beside a position or a setup:
 * optional, mappings (an edition: its name), and only with their
 * capability (an edition is readings, selected at once). */
static int check_options(const session *S, const doc_node *req, reply *r) {
  static const int caps[] = {CAP_DATA, CAP_READINGS, CAP_READINGS};
  static const char *const keys[] = {"data", "readings", "edition"};
  for (int i = 0; i < 3; i++) {
    const doc_node *n = doc_get(req, keys[i]);
    if (!n) continue;
    if (need(S, r, caps[i], keys[i])) return -1;
    if (i < 2 && n->kind != DOC_MAP) return fail(r, "bad_request", "%s must be a mapping", keys[i]);
    if (i == 2 && n->kind != DOC_STR)
      return fail(r, "bad_request", "%s", "edition must be a string: en, pl, ru, uk, summary or wolves");
  }
  return 0;
}

/* A position read: the session's game on success; on failure the game in
 * play (if any) stays. */
static int take_position(session *S, reply *r, const doc_node *state, const char *what) {
  position pos = {0};
  cli_err e = {0};
  if (state_read(state, &pos, 0, &e)) {
    position_free(&pos);
    return fail_read(r, what, &e);
  }
  position_free(&pos); /* the history is not kept (wolves-engine(5), load) */
  pos.title = NULL;
  pos.carried_from = pos.carried_to = 0;
  S->pos = pos;
  S->have_game = 1;
  return 0;
}

/* ---- the requests ---- */

static int cmd_hello(session *S, doc_node *req, reply *r) {
  static const char *const keys[] = {"cmd", "id", "protocol", NULL};
  if (check_keys(req, keys, "hello", r)) return -1;
  const doc_node *p = doc_get(req, "protocol");
  if (!p) return fail(r, "bad_request", "%s", "hello needs 'protocol': the version the checker speaks (1)");
  if (p->kind != DOC_INT || p->num < 1)
    return fail(r, "bad_request", "%s", "protocol must be a positive integer (the version, 1)");
  doc *d = &r->d;
  doc_node *const engine = doc_map(d), *const caps = doc_seq(d), *const fields = doc_seq(d);
  put(r, "protocol", doc_int(d, ENGINE_PROTOCOL));
  doc_put(d, engine, "name", doc_str(d, "wolves"));
  doc_put(d, engine, "version", doc_str(d, wolves_version()));
  put(r, "engine", engine);
  for (int c = 0; engine_capability_name(c); c++)
    if (S->caps & CAP(c)) doc_push(caps, doc_str(d, engine_capability_name(c)));
  put(r, "capabilities", caps);
  if (S->caps & CAP(CAP_STATE)) {
    for (int i = 0; i < S->fields.n; i++) doc_push(fields, doc_str(d, S->fields.text[i]));
    put(r, "state_fields", fields);
  }
  return 0;
}

/* new_game: the scenario `{setup: {seed: S}, players: {C: null, ...}, ai:
 * A, data: ..., readings: ...}` read as any scenario's start is: one
 * code path for a seeded setup, wherever it is asked for. */
static int cmd_new_game(session *S, doc_node *req, reply *r) {
  static const char *const keys[] = {"cmd",  "id",       "players", "ai", "seed",
                                     "data", "readings", "edition", NULL};
  if (need(S, r, CAP_NEW_GAME, "new_game") || check_keys(req, keys, "new_game", r) ||
      check_options(S, req, r))
    return -1;
  const doc_node *const players = doc_get(req, "players"), *const seed = doc_get(req, "seed");
  if (!players || players->kind != DOC_SEQ)
    return fail(r, "bad_request", "%s", "new_game needs 'players': a list of pack colours in seating order");
  if (!seed || seed->kind != DOC_INT || seed->num < 0)
    return fail(r, "bad_request", "%s", "new_game needs 'seed': an integer from 0 to 9223372036854775807");
  doc *d = &r->d;
  doc_node *const scenario = doc_map(d), *const setup = doc_map(d), *const colours = doc_map(d);
  for (const doc_node *p = players->first; p; p = p->next) {
    if (p->kind != DOC_STR)
      return fail(r, "bad_request", "%s", "players: each player is a pack colour (a string)");
    if (doc_get(colours, p->str)) return fail(r, "bad_request", "players: '%s' is listed twice", p->str);
    doc_put(d, colours, p->str, doc_new(d, DOC_NULL));
  }
  doc_put(d, setup, "seed", doc_int(d, seed->num));
  doc_put(d, scenario, "setup", setup);
  doc_put(d, scenario, "players", colours);
  static const char *const copied[] = {"ai", "data", "readings", "edition"};
  for (int i = 0; i < 4; i++)
    if (doc_get(req, copied[i])) doc_put(d, scenario, copied[i], doc_copy(d, doc_get(req, copied[i])));
  return take_position(S, r, scenario, "new_game");
}

/* `data` or `readings` beside the state: its entries under the state's
 * own, which win entry by entry (a data field, a clause). */
static void merge_beside(doc *d, doc_node *state, const doc_node *beside, const char *key) {
  if (!beside) return;
  doc_node *own = (doc_node *)doc_get(state, key);
  if (!own || own->kind != DOC_MAP) {
    if (!own) doc_put(d, state, key, doc_copy(d, beside));
    return; /* (a state's own `data` that is no mapping: state_read says so) */
  }
  for (const doc_node *c = beside->first; c; c = c->next)
    if (!doc_get(own, c->key)) doc_put(d, own, c->key, doc_copy(d, c));
}

static int cmd_load(session *S, doc_node *req, reply *r) {
  static const char *const keys[] = {"cmd", "id", "state", "data", "readings", "edition", NULL};
  if (need(S, r, CAP_LOAD, "load") || check_keys(req, keys, "load", r) || check_options(S, req, r)) return -1;
  doc_node *const state = (doc_node *)doc_get(req, "state");
  if (!state || state->kind != DOC_MAP)
    return fail(r, "bad_request", "%s", "load needs 'state': a position (the JSON `wolves run` prints)");
  cli_err e = {0};
  if (read_keys(state, state_keys(), "a position", &e)) return fail_read(r, "state", &e);
  merge_beside(&r->d, state, doc_get(req, "data"), "data");
  merge_beside(&r->d, state, doc_get(req, "readings"), "readings");
  const doc_node *const edition = doc_get(req, "edition"); /* under the state's own, as readings */
  if (edition && !doc_get(state, "edition")) doc_put(&r->d, state, "edition", doc_copy(&r->d, edition));
  return take_position(S, r, state, "state");
}

/* The action of an apply or judge request, read as one item of a
 * scenario's `actions:` list is: 0, or -1 (bad_request). */
static int read_action(const session *S, const doc_node *req, const char *cmd, reply *r, wolves_action *a) {
  static const char *const keys[] = {"cmd", "id", "action", NULL};
  if (check_keys(req, keys, cmd, r) || need_game(S, r)) return -1;
  const doc_node *const action = doc_get(req, "action");
  if (!action) return fail(r, "bad_request", "%s needs 'action': one action in the scenario syntax", cmd);
  doc *d = &r->d;
  doc_node *const list = doc_seq(d);
  doc_push(list, doc_copy(d, action));
  scripted_action *sa = NULL;
  size_t n = 0;
  cli_err e = {0};
  if (actions_read(list, &S->pos.g, &S->pos.s, &sa, &n, &e)) {
    free(sa);
    return fail_read(r, "action", &e);
  }
  *a = sa[0].a;
  if (sa[0].by_current) a->player = S->pos.s.current;
  free(sa);
  return 0;
}

/* The verdict of an apply or a judge, and the refusing clause when declared. */
static void put_verdict(const session *S, reply *r, int refused) {
  put(r, "verdict", doc_str(&r->d, refused ? "refused" : "applied"));
  if (refused && (S->caps & CAP(CAP_CLAUSES)))
    put(r, "clause", doc_str(&r->d, wolves_clause_get(refused)->id));
}

static int cmd_apply(session *S, doc_node *req, reply *r) {
  wolves_action a;
  if (read_action(S, req, "apply", r, &a)) return -1;
  const wolves_game *const g = &S->pos.g;
  wolves_state *const s = &S->pos.s;
  event_list events = {0};
  const int refused = apply_logged(g, s, &a, 0, &events, 1);
  put_verdict(S, r, refused);
  if (!refused && (S->caps & CAP(CAP_EVENTS)))
    events_emit(&r->em, "events", g, s, &events, 0); /* (as vectors') */
  events_free(&events);
  return 0;
}

/* judge: apply's verdict on a copy of the position (no events), so that
 * a checker's near misses never change the game in play. */
static int cmd_judge(session *S, doc_node *req, reply *r) {
  wolves_action a;
  if (need(S, r, CAP_JUDGE, "judge") || read_action(S, req, "judge", r, &a)) return -1;
  wolves_state copy = S->pos.s;
  put_verdict(S, r, wolves_apply(&S->pos.g, &copy, &a, NULL));
  return 0;
}

static int cmd_legal(session *S, doc_node *req, reply *r) {
  static const char *const keys[] = {"cmd", "id", NULL};
  if (need(S, r, CAP_LEGAL, "legal") || check_keys(req, keys, "legal", r) || need_game(S, r)) return -1;
  const wolves_game *const g = &S->pos.g;
  const wolves_state *const s = &S->pos.s;
  legal_buf legal = {0};
  const int n = legal_list(g, s, &legal);
  wolves_action *const acts = legal.buf;
  doc_node *const list = doc_seq(&r->d);
  for (int i = 0; i < n; i++) doc_push(list, action_write(&r->d, g, s, &acts[i]));
  free(acts);
  put(r, "count", doc_int(&r->d, n < 0 ? 0 : n));
  put(r, "actions", list);
  return 0;
}

static int cmd_state(session *S, doc_node *req, reply *r) {
  static const char *const keys[] = {"cmd", "id", NULL};
  if (need(S, r, CAP_STATE, "state") || check_keys(req, keys, "state", r) || need_game(S, r)) return -1;
  if (S->some_fields) { /* (a partial engine's state: only the parts declared) */
    put(r, "state", state_paths_select(&r->d, &S->fields, vector_position(&r->d, &S->pos)));
    return 0;
  }
  state_emit(&r->em, "state", &S->pos, 0, &S->memo); /* (vector_position's, without the tree) */
  return 0;
}

static int cmd_scores(session *S, doc_node *req, reply *r) {
  static const char *const keys[] = {"cmd", "id", NULL};
  if (need(S, r, CAP_SCORES, "scores") || check_keys(req, keys, "scores", r) || need_game(S, r)) return -1;
  put(r, "finished", doc_bool(&r->d, S->pos.s.phase == WOLVES_PHASE_OVER));
  put(r, "scores", vector_scores(&r->d, &S->pos));
  return 0;
}

static int cmd_quit(session *S, doc_node *req, reply *r) {
  static const char *const keys[] = {"cmd", "id", NULL};
  if (check_keys(req, keys, "quit", r)) return -1;
  S->quit = 1;
  return 0;
}

/* The requests of the protocol, by name. */
static const struct {
  const char *name;
  int (*run)(session *S, doc_node *req, reply *r);
} requests[] = {{"hello", cmd_hello},   {"new_game", cmd_new_game}, {"load", cmd_load},
                {"apply", cmd_apply},   {"legal", cmd_legal},       {"state", cmd_state},
                {"scores", cmd_scores}, {"judge", cmd_judge},       {"quit", cmd_quit}};
#define NREQUESTS (sizeof requests / sizeof *requests)

/* Runs request `cmd` (unknown_cmd with a suggestion if there is none). */
static void run_request(session *S, const char *cmd, doc_node *req, reply *r) {
  const char *names[NREQUESTS];
  for (size_t i = 0; i < NREQUESTS; i++) {
    if (strcmp(cmd, requests[i].name) == 0) {
      requests[i].run(S, req, r);
      return;
    }
    names[i] = requests[i].name;
  }
  const char *hint = read_suggest(cmd, names, (int)NREQUESTS);
  sb_printf(&r->message, "unknown cmd '%s'%s%s%s", cmd, hint ? " (did you mean '" : "", hint ? hint : "",
            hint ? "'?)" : "");
  r->code = "unknown_cmd";
}

/* ---- one line ---- */

/* The id as the response echoes it (JSON text), or NULL: none given, or
 * one that is neither a number nor a string (then a bad_request). */
static const char *read_id(const doc_node *req, reply *r, strbuf *text) {
  const doc_node *const id = doc_get(req, "id");
  if (!id) return NULL;
  if (id->kind == DOC_INT) {
    json_put_int(text, id->num);
  } else if (id->kind == DOC_STR && !id->quoted) {
    sb_puts(text, id->str); /* a number JSON has and YAML does not type (1.5, 1e3): as written */
  } else if (id->kind == DOC_STR) {
    json_inline(text, id, (size_t)-1);
  } else {
    fail(r, "bad_request", "%s", "id must be a number or a string");
    return NULL;
  }
  return text->buf;
}

/* Nothing but spaces, tabs and carriage returns (or nothing at all). */
static int blank(const char *s, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (s[i] != ' ' && s[i] != '\t' && s[i] != '\r') return 0;
  return 1;
}

int engine_answer(session *S, const char *line, size_t len, int too_long, strbuf *out) {
  reply r = {0};
  doc req;
  doc_init(&r.d, "engine");
  doc_init(&req, "request");
  emit_json(&r.em, &r.fields);
  emit_map(&r.em, NULL, DOC_AUTO);
  strbuf id = {0};
  const char *id_text = NULL;
  cli_err e = {0};
  if (too_long) {
    fail(&r, "bad_request", "%s",
         "the line is longer than " ENGINE_LINE_MAX_TEXT " (wolves-engine(5), TRANSPORT): skipped");
  } else if (blank(line, len)) {
    fail(&r, "bad_json", "%s", "an empty line: each line is one request, a JSON object");
  } else if (json_parse(&req, line, len, &e)) {
    sb_printf(&r.message, "not JSON at byte %d: %s", e.col, e.msg); /* (one line: its column) */
    r.code = "bad_json";
  } else if (req.root == NULL || req.root->kind != DOC_MAP) {
    fail(&r, "bad_json", "%s", "a request is a JSON object ({\"cmd\": ...})");
  } else {
    doc_node *const q = req.root;
    const doc_node *const cmd = doc_get(q, "cmd");
    id_text = read_id(q, &r, &id);
    if (r.code) {
      /* a bad id: said above */
    } else if (!cmd || cmd->kind != DOC_STR) {
      fail(&r, "bad_request", "%s", "a request needs 'cmd': a string (hello, new_game, load, apply, ...)");
    } else {
      run_request(S, cmd->str, q, &r);
    }
  }
  /* {"id": ID, "ok": ..., fields} on one line */
  emit_end(&r.em);
  sb_putc(out, '{');
  if (id_text) {
    sb_puts(out, "\"id\": ");
    sb_puts(out, id_text);
    sb_puts(out, ", ");
  }
  if (r.code) {
    emitter em;
    emit_json(&em, out);
    sb_puts(out, "\"ok\": false, \"error\": ");
    emit_map(&em, NULL, DOC_AUTO);
    emit_str(&em, "code", r.code);
    emit_str(&em, "message", r.message.buf ? r.message.buf : "");
    emit_end(&em);
  } else {
    sb_puts(out, "\"ok\": true");
    if (r.fields.len > 2) { /* (the fields without their braces) */
      sb_puts(out, ", ");
      sb_putn(out, r.fields.buf + 1, r.fields.len - 2);
    }
  }
  sb_puts(out, "}\n");
  sb_free(&r.fields);
  sb_free(&id);
  sb_free(&r.message);
  doc_free(&r.d);
  doc_free(&req);
  return S->quit;
}

engine_session *engine_session_new(void) {
  session *const S = xmalloc(sizeof *S);
  memset(S, 0, sizeof *S);
  S->caps = DEFAULT_CAPS;
  doc_init(&S->texts, "--state-fields");
  char why[8];
  for (int i = 0; i < STATE_FIELDS_DEFAULT; i++) state_paths_add(&S->fields, state_fields_default[i], why, 0);
  return S;
}

void engine_session_free(engine_session *S) {
  if (S) state_memo_free(&S->memo);
  if (S) doc_free(&S->texts);
  free(S);
}

int engine_session_declare(engine_session *S, const char *list) {
  unsigned *const caps = &S->caps;
  *caps = 0;
  const char *p = list;
  while (*p) {
    const size_t n = strcspn(p, ",");
    int found = -1;
    for (int c = 0; engine_capability_name(c) && found < 0; c++)
      if (strlen(engine_capability_name(c)) == n && strncmp(engine_capability_name(c), p, n) == 0) found = c;
    if (found < 0) {
      char word[64];
      snprintf(word, sizeof word, "%.*s", (int)(n < 60 ? n : 60), p);
      return usage_error("engine",
                         "unknown capability '%s' (new_game, load, legal, clauses, events, state, scores, "
                         "data, readings, judge, chooses)",
                         word);
    }
    *caps |= CAP(found);
    p += n;
    if (*p == ',') p++;
  }
  return 0;
}

int engine_session_state_fields(engine_session *S, const char *list) {
  if (!(S->caps & CAP(CAP_STATE)))
    return usage_error("engine", "%s",
                       "--state-fields declares the parts of the state: not without the "
                       "capability state");
  S->fields.n = 0;
  S->some_fields = 1;
  for (const char *p = list; *p;) {
    const size_t n = strcspn(p, ",");
    char *const path = doc_alloc_text(&S->texts, n + 1), why[256], said[512];
    memcpy(path, p, n);
    path[n] = '\0';
    if (state_paths_add(&S->fields, path, why, sizeof why)) {
      snprintf(said, sizeof said, "'%s' is not a path of a state: %s", path, why);
      return usage_error("engine", "--state-fields: %s", said);
    }
    p += n + (p[n] == ',');
  }
  if (S->fields.n == 0)
    return usage_error("engine", "%s", "--state-fields needs a path (players.*.tiles, ...)");
  return 0;
}
