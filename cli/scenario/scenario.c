/* scenario.c - see scenario.h. */
#include "scenario/scenario.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api.h"
#include "base/diagnostic.h"
#include "base/err.h"
#include "base/file_id.h"
#include "base/input.h"
#include "base/options.h"
#include "read.h"
#include "scenario/state_schema.h"

/* Keys beside a `start:` file or an inline `state:`. */
static const char *const script_keys[] = {"title",  "clauses", "about", "actions",
                                          "expect", "start",   "state", NULL};

static void all_keys(const char *out[], size_t max) {
  size_t n = 0;
  for (const char *const *k = state_keys(); *k && n < max; k++) out[n++] = *k;
  for (int i = 0; script_keys[i] && n < max; i++)
    if (strcmp(script_keys[i], "title") != 0) out[n++] = script_keys[i];
  out[n] = NULL;
}

static int read_clause_list(const doc_node *list, cli_err *e) {
  if (read_kind(list, DOC_SEQ, "clauses", e)) return -1;
  for (const doc_node *c = list->first; c; c = c->next)
    if (read_clause(c, e) < 0) return -1;
  return 0;
}

static int read_refusals(scenario *sc, const doc_node *list, cli_err *e) {
  static const char *const keys[] = {"action", "clause", NULL};
  if (read_kind(list, DOC_SEQ, "refused", e)) return -1;
  sc->expected = xmalloc((list->count ? list->count : 1) * sizeof *sc->expected);
  for (const doc_node *c = list->first; c; c = c->next) {
    long long k;
    if (read_kind(c, DOC_MAP, "a refusal", e) || read_keys(c, keys, "a refusal", e)) return -1;
    if (read_require(c, "action", "a refusal", e) || read_require(c, "clause", "a refusal", e)) return -1;
    const doc_node *at = doc_get(c, "action");
    if (read_kind(at, DOC_INT, "action", e)) return -1;
    if (at->num < 1 || at->num > (long long)sc->nactions)
      return err_at(e, at, "there is no action %lld (the scenario has %zu)", at->num, sc->nactions);
    k = at->num;
    const int clause = read_clause(doc_get(c, "clause"), e);
    if (clause < 0) return -1;
    sc->expected[sc->nexpected++] = (refusal){(unsigned)k, clause, c};
  }
  return 0;
}

static int read_expect(scenario *sc, const doc_node *x, cli_err *e) {
  static const char *const keys[] = {"refused", "golden", "state", NULL};
  const doc_node *n;
  sc->golden = 1;
  if (!x) return 0;
  if (read_kind(x, DOC_MAP, "expect", e) || read_keys(x, keys, "expect", e)) return -1;
  if ((n = doc_get(x, "golden"))) {
    if (read_kind(n, DOC_BOOL, "golden", e)) return -1;
    sc->golden = (int)n->num;
  }
  if ((n = doc_get(x, "refused")) && read_refusals(sc, n, e)) return -1;
  if ((n = doc_get(x, "state")) && (read_kind(n, DOC_MAP, "expect.state", e) || state_schema_check(n, e)))
    return -1;
  sc->assertions = n;
  return 0;
}

static int parse_loaded(doc *d, const char *path, const char *text, size_t len, cli_err *e) {
  doc_init(d, path);
  if (doc_parse(d, text, len, e)) return -1;
  return read_kind(d->root, DOC_MAP, "a scenario", e);
}

/* Standard input can be read only once, and a run may load a scenario
 * twice (check and test load each once to see what --junit or --bless
 * could overwrite, then again to judge it): the first read of "-" is kept,
 * as text or as its error, for the process.  A lock: a worker thread may
 * be the one to load it. */
static struct {
  pthread_mutex_t lock;
  int read;
  char *text;
  size_t len;
  cli_err err;
} stdin_kept = {.lock = PTHREAD_MUTEX_INITIALIZER};

static void stdin_free(void) { free(stdin_kept.text); }

static int read_input(const char *path, char **text, size_t *len, cli_err *e) {
  if (strcmp(path, "-") != 0) return file_read(path, text, len, e);
  pthread_mutex_lock(&stdin_kept.lock);
  if (!stdin_kept.read) {
    stdin_kept.read = 1;
    if (file_read(path, &stdin_kept.text, &stdin_kept.len, &stdin_kept.err) == 0) atexit(stdin_free);
  }
  const int rc = stdin_kept.err.set ? -1 : 0;
  if (rc && !e->set)
    *e = stdin_kept.err;
  else
    *text = memcpy(xmalloc(stdin_kept.len + 1), stdin_kept.text, stdin_kept.len + 1);
  *len = stdin_kept.len;
  pthread_mutex_unlock(&stdin_kept.lock);
  return rc;
}

static int parse_text(doc *d, const char *path, char **text, cli_err *e) {
  size_t len;
  if (read_input(path, text, &len, e)) return -1;
  return parse_loaded(d, path, *text, len, e);
}

/* The position the actions start from: the scenario itself, a `start:`
 * file beside it, or an inline `state:`. */
static const doc_node *state_root(scenario *sc, cli_err *e) {
  const doc_node *root = sc->in.root, *start = doc_get(root, "start"), *inline_state = doc_get(root, "state");
  if (!start && !inline_state) {
    const char *keys[64];
    all_keys(keys, 63);
    return state_read_keys(root, keys, "a scenario", e) ? NULL : root;
  }
  if (state_read_keys(root, script_keys, "a scenario with a start state", e)) return NULL;
  if (start && inline_state)
    return err_at_key(e, inline_state, "'state' cannot be combined with 'start'"), NULL;
  if (inline_state)
    return read_kind(inline_state, DOC_MAP, "state", e) ||
                   state_read_keys(inline_state, state_keys(), "state", e)
               ? NULL
               : inline_state;
  if (read_kind(start, DOC_STR, "start", e)) return NULL;
  if (strcmp(start->str, "-") == 0)
    return err_at(e, start, "start file '-': standard input cannot be a start file"), NULL;
  sc->start_path = path_sibling(sc->path, start->str);
  cli_err unreadable = {0};
  size_t len;
  if (file_read(sc->start_path, &sc->start_text, &len, &unreadable))
    return err_at(e, start, "start file '%s': %s", sc->start_path, unreadable.msg), NULL;
  /* Errors inside the start file are reported there. */
  if (parse_loaded(&sc->start, sc->start_path, sc->start_text, len, e)) return NULL;
  return state_read_keys(sc->start.root, state_keys(), "a state file", e) ? NULL : sc->start.root;
}

int scenario_load(scenario *sc, const char *path, cli_err *e) {
  return scenario_load_house(sc, path, NULL, 0, e);
}

int scenario_load_house(scenario *sc, const char *path, const data_overrides *house, int edition,
                        cli_err *e) {
  const doc_node *n;
  memset(sc, 0, sizeof *sc);
  sc->path = path;
  sc->pos.house = house;
  sc->pos.edition = edition;
  doc_init(&sc->out, path);
  if (parse_text(&sc->in, path, &sc->text, e)) return -1;
  const doc_node *root = sc->in.root, *state = state_root(sc, e);
  if (!state) return -1;
  if ((n = doc_get(root, "clauses")) && read_clause_list(n, e)) return -1;
  sc->claims = n;
  if (state_read(state, &sc->pos, 0, e)) return -1;
  if (state == sc->start.root) { /* read whole: its tree is not needed again (memory, bounds.h) */
    if (sc->pos.title) sc->pos.title = doc_strdup(&sc->in, sc->pos.title, strlen(sc->pos.title));
    doc_free(&sc->start);
    free(sc->start_text);
    sc->start_text = NULL;
  }
  if ((n = doc_get(root, "title")) && read_title(n, &sc->pos.title, e)) return -1;
  if ((n = doc_get(root, "about"))) {
    /* what the scenario tests: the game (any engine), or this tool */
    if (n->kind != DOC_STR || (strcmp(n->str, "game") != 0 && strcmp(n->str, "tool") != 0))
      return err_at(e, n, "%s",
                    "about is 'game' (the rules: any engine) or 'tool' (this program's own limits)");
    sc->about_tool = n->str[0] == 't';
  }
  if (actions_read(doc_get(root, "actions"), &sc->pos.g, &sc->pos.s, &sc->actions, &sc->nactions, e))
    return -1;
  return read_expect(sc, doc_get(root, "expect"), e);
}

/* Moves the check events out of the printed log unless they are wanted;
 * only this run's go to `checks` (carried ones are history). */
static void split_checks(position *pos, event_list *checks, int show) {
  event_list *events = &pos->events;
  size_t w = 0, carried_to = pos->carried_to;
  for (size_t i = 0; i < events->len; i++) {
    if (i == pos->carried_to) carried_to = w;
    if (WOLVES_EV_DIAGNOSTIC(events->ev[i].kind)) {
      if (i < pos->carried_from || i >= pos->carried_to)
        events_append(checks, &events->ev[i], 1, events->action[i]);
      if (show) w++;
      continue;
    }
    events->ev[w] = events->ev[i];
    events->action[w++] = events->action[i];
  }
  if (!show) {
    events->len = w;
    pos->carried_to = carried_to < w ? carried_to : w;
  }
}

static int expected(const scenario *sc, unsigned action) {
  for (size_t k = 0; k < sc->nexpected; k++)
    if (sc->expected[k].action == action) return 1;
  return 0;
}

int scenario_run(scenario *sc, int show_checks, cli_err *e) {
  position *pos = &sc->pos;
  sc->refused = xmalloc((sc->nactions ? sc->nactions : 1) * sizeof *sc->refused);
  for (size_t i = 0; i < sc->nactions; i++) {
    wolves_action a = sc->actions[i].a;
    if (sc->actions[i].by_current) a.player = pos->s.current;
    const wolves_state before = pos->s;
    const int rc = apply_logged(&pos->g, &pos->s, &a, WOLVES_CHECKS_PASSED, &pos->events, (unsigned)(i + 1));
    if (rc) sc->refused[sc->nrefused++] = (refusal){(unsigned)(i + 1), rc, sc->actions[i].node};
    if (rc || expected(sc, (unsigned)(i + 1))) { /* (a refusal is a few: games refuse nothing) */
      sc->kept = xrealloc(sc->kept, (sc->nkept + 1) * sizeof *sc->kept);
      sc->kept[sc->nkept++] = (kept_position){(unsigned)(i + 1), before};
    }
    /* the state printed must load again (bounds.h): memory stays bounded */
    if (pos->events.len > EVENTS_MAX)
      return err_at(e, sc->actions[i].node,
                    "action %zu takes the event log to %zu events, past the %d a position holds (clause "
                    "checks count; wolves-scenario(5), LIMITS): end the scenario before it and carry on "
                    "from its state without its events",
                    i + 1, pos->events.len, EVENTS_MAX);
  }
  split_checks(pos, &sc->checks, show_checks);
  sc->out.root = position_print(&sc->out, pos, &sc->json); /* as wolves_state_to_json prints */
  /* never reached by the engine's own events; a forged history could */
  if (sc->json.len > FILE_MAX || sc->out.nodes > DOC_NODES_MAX)
    return err_at(
        e, sc->in.root,
        "the resulting state would be %zu bytes and %zu nodes, more than a file may hold (" FILE_MAX_TEXT
        ", " DOC_NODES_MAX_TEXT " nodes; wolves-scenario(5), LIMITS)",
        sc->json.len, sc->out.nodes);
  return 0;
}

enum { ANY, REFUSING, APPLYING };

/* Only events[from, to) of l: what the engine did in this run. */
static int list_has(const event_list *l, size_t from, size_t to, int clause, int which) {
  for (size_t i = from; i < to && i < l->len; i++) {
    const wolves_event *ev = &l->ev[i];
    const int refusing = ev->kind == WOLVES_EV_REFUSE || ev->kind == WOLVES_EV_BLOCK;
    if (ev->clause == clause && (which == ANY || (which == REFUSING) == refusing)) return 1;
  }
  return 0;
}

/* Events carried in `events:` are history, not what this run did: they
 * count for no claim and no coverage. */
static int fired(const scenario *sc, int clause, int which) {
  const event_list *ev = &sc->pos.events;
  return list_has(ev, 0, sc->pos.carried_from, clause, which) ||
         list_has(ev, sc->pos.carried_to, ev->len, clause, which) ||
         list_has(&sc->checks, 0, sc->checks.len, clause, which);
}

const wolves_state *scenario_before(const scenario *sc, unsigned action) {
  for (size_t k = 0; k < sc->nkept; k++)
    if (sc->kept[k].action == action) return &sc->kept[k].before;
  return NULL;
}

int scenario_fired(const scenario *sc, int clause, int refused) {
  return fired(sc, clause, refused ? REFUSING : ANY);
}

int scenario_fired_applied(const scenario *sc, int clause) { return fired(sc, clause, APPLYING); }

const doc_node *scenario_stale_claim(const scenario *sc) {
  for (const doc_node *c = sc->claims ? sc->claims->first : NULL; c; c = c->next)
    if (!scenario_fired(sc, read_clause_find(c->str), 0)) return c;
  return NULL;
}

void scenario_free(scenario *sc) {
  doc_free(&sc->in);
  doc_free(&sc->start);
  doc_free(&sc->out);
  free(sc->text);
  free(sc->start_text);
  free(sc->start_path);
  free(sc->actions);
  free(sc->expected);
  free(sc->refused);
  free(sc->kept);
  position_free(&sc->pos);
  events_free(&sc->checks);
  sb_free(&sc->json);
}

scenario *scenario_read_as(const char *path, int edition, int json) {
  scenario *sc = xmalloc(sizeof *sc);
  cli_err e = {0};
  if (scenario_load_house(sc, path, NULL, edition, &e) == 0) return sc;
  diagnostic_report(&e, json);
  scenario_close(sc);
  return NULL;
}

scenario *scenario_read(const char *path, int edition) { return scenario_read_as(path, edition, 0); }

scenario *scenario_open_err(const char *path, int edition, int show_checks, cli_err *e) {
  scenario *sc = xmalloc(sizeof *sc);
  if (scenario_load_house(sc, path, NULL, edition, e) == 0 && scenario_run(sc, show_checks, e) == 0)
    return sc;
  scenario_close(sc);
  return NULL;
}

scenario *scenario_open(const char *path, int edition, int show_checks) {
  cli_err e = {0};
  scenario *sc = scenario_open_err(path, edition, show_checks, &e);
  if (sc == NULL) err_print(&e, stderr);
  return sc;
}

void scenario_apply_first(scenario *sc, size_t n) {
  for (size_t i = 0; i < n && i < sc->nactions; i++) {
    wolves_action a = sc->actions[i].a;
    if (sc->actions[i].by_current) a.player = sc->pos.s.current;
    (void)wolves_apply(&sc->pos.g, &sc->pos.s, &a, NULL);
  }
}

int scenario_after(const scenario *sc, const char *cmd, const char *value, size_t *n) {
  uint64_t v = sc->nactions;
  if (value && number_option(value, 0, sc->nactions, &v)) {
    char fmt[96];
    snprintf(fmt, sizeof fmt, "--after is a number from 0 to %zu (the scenario's actions), not '%%s'",
             sc->nactions);
    return usage_error(cmd, fmt, value);
  }
  *n = (size_t)v;
  return 0;
}

scenario *scenario_read_after(const char *path, int edition, const char *cmd, const char *after) {
  return scenario_read_after_as(path, edition, cmd, after, 0);
}

scenario *scenario_read_after_as(const char *path, int edition, const char *cmd, const char *after,
                                 int json) {
  scenario *sc = scenario_read_as(path, edition, json);
  size_t n;
  if (sc == NULL) return NULL;
  if (scenario_after(sc, cmd, after, &n)) {
    scenario_close(sc);
    return NULL;
  }
  scenario_apply_first(sc, n);
  return sc;
}

void scenario_close(scenario *sc) {
  scenario_free(sc);
  free(sc);
}

void scenario_inputs(io_files *l, const char *path, const scenario *sc) {
  strbuf what = {0};
  sb_printf(&what, "the scenario %s", path);
  io_input(l, path, what.buf);
  if (sc && sc->start_path) {
    what.len = 0;
    sb_printf(&what, "the start file of %s", path);
    io_input(l, sc->start_path, what.buf);
  }
  sb_free(&what);
}

int scenario_output_ok(const scenario *sc, const char *option, const char *path) {
  io_files l = {0};
  strbuf who = {0};
  scenario_inputs(&l, sc->path, sc);
  sb_printf(&who, "wolves: %s %s", option, path);
  io_output(&l, path, who.buf, who.buf);
  const int rc = io_refuse(&l);
  io_free(&l);
  sb_free(&who);
  return rc;
}

int data_load(const char *path, data_overrides *ov, cli_err *e) {
  char *text = NULL;
  size_t len;
  doc d;
  doc_init(&d, path);
  int rc = file_read(path, &text, &len, e) || doc_parse(&d, text, len, e) ? -1 : 0;
  if (rc == 0 && d.root == NULL)
    rc = err_set(e, path, 1, 1, "%s", "empty file: expected a mapping of data fields");
  if (rc == 0) rc = data_read(d.root, ov, e);
  doc_free(&d);
  free(text);
  return rc;
}
