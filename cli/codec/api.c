/* api.c - the codec's public functions (wolves.h, "positions and actions
 * as text"): wrappers over the functions the program itself reads and
 * writes scenarios with (state_read, state_write, actions_read,
 * action_write), so the library and `wolves` share one codec.  Strings
 * in, malloc'ed strings out; no files, nothing printed. */
#include "api.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "actions_doc.h"
#include "bounds.h"
#include "engine.h" /* the argument checks of every public function */
#include "json.h"
#include "read.h"
#include "wolves.h"

struct wolves_history {
  char *title; /* NULL: none */
  event_list events;
};

doc_node *position_print(doc *d, const position *pos, strbuf *json) {
  doc_node *const root = state_write(d, pos);
  json_write(json, root);
  return root;
}

static int fail(wolves_error *err, int line, int col, const char *message) {
  if (err) {
    err->line = line;
    err->col = col;
    snprintf(err->message, sizeof err->message, "%s", message);
  }
  return -1;
}

/* Copies the codec's diagnostic (its file name dropped: there is none). */
static int fail_with(wolves_error *err, const cli_err *e) {
  return e->set ? fail(err, e->line, e->col, e->msg) : fail(err, 1, 1, "bad input");
}

static char *copy(const char *s) {
  const size_t n = strlen(s) + 1;
  return memcpy(xmalloc(n), s, n);
}

int wolves_state_from_json(const char *text, size_t len, wolves_game *g, wolves_state *s,
                           wolves_history **history, wolves_error *err) {
  if (history) *history = NULL;
  if (!g || !s || (!text && len))
    return fail(err, 0, 0, "wolves_state_from_json: g, s and text must not be NULL");
  position *const pos = xmalloc(sizeof *pos);
  memset(pos, 0, sizeof *pos);
  cli_err e = {0};
  doc d;
  doc_init(&d, "-");
  const int bad = doc_parse(&d, text ? text : "", len, &e) || read_kind(d.root, DOC_MAP, "a position", &e) ||
                  state_read_keys(d.root, state_keys(), "a position", &e) || state_read(d.root, pos, 0, &e);
  if (!bad) {
    *g = pos->g;
    *s = pos->s;
    if (history) {
      wolves_history *const h = wolves_history_new(pos->title);
      h->events = pos->events; /* moved: events_free below sees none */
      memset(&pos->events, 0, sizeof pos->events);
      *history = h;
    }
  }
  position_free(pos);
  free(pos);
  doc_free(&d);
  return bad ? fail_with(err, &e) : 0;
}

char *wolves_state_to_json(const wolves_game *g, const wolves_state *s, const wolves_history *history) {
  if (wolves_state_misfit(g, s)) return NULL; /* wolves(3), ERRORS */
  position *const pos = xmalloc(sizeof *pos);
  memset(pos, 0, sizeof *pos);
  pos->g = *g;
  pos->s = *s;
  if (history) {
    pos->title = history->title;
    pos->events = history->events; /* borrowed, not freed */
    pos->carried_to = history->events.len;
  }
  strbuf json = {0};
  doc d;
  doc_init(&d, "-");
  position_print(&d, pos, &json);
  /* what the library writes, it reads back (bounds.h): never more */
  if (json.len > FILE_MAX || d.nodes > DOC_NODES_MAX) sb_free(&json);
  doc_free(&d);
  free(pos);
  return json.buf;
}

wolves_history *wolves_history_new(const char *title) {
  if (title && strlen(title) > TITLE_MAX) return NULL; /* could not be read back */
  wolves_history *const h = xmalloc(sizeof *h);
  memset(h, 0, sizeof *h);
  h->title = title ? copy(title) : NULL;
  return h;
}

int wolves_history_record(wolves_history *history, const wolves_log *log, unsigned action) {
  if (!history || !log || log->dropped || (log->len && !log->ev)) return -1;
  if (history->events.len + log->len > EVENTS_MAX) return -1; /* could not be read back */
  events_append(&history->events, log->ev, log->len, action);
  return 0;
}

void wolves_history_free(wolves_history *history) {
  if (!history) return;
  free(history->title);
  events_free(&history->events);
  free(history);
}

int wolves_action_parse(const wolves_game *g, const wolves_state *s, const char *text, size_t len,
                        wolves_action *a, wolves_error *err) {
  const char *const misfit = wolves_state_misfit(g, s);
  if (misfit || !a || (!text && len)) {
    char why[256];
    snprintf(why, sizeof why, "wolves_action_parse: %s", misfit ? misfit : "text and a must not be NULL");
    return fail(err, 0, 0, why);
  }
  cli_err e = {0};
  scripted_action *sa = NULL;
  size_t n = 0;
  doc d;
  doc_init(&d, "-");
  int bad = doc_parse(&d, text ? text : "", len, &e);
  if (!bad && d.root == NULL)
    bad = err_set(&e, "-", 1, 1, "%s",
                  "an action is a mapping with one key, the action name (move, build_den, ...)");
  if (!bad) {
    /* one item of a scenario's `actions:` list, read as the list is */
    doc_node *const list = doc_seq(&d);
    doc_push(list, d.root);
    bad = actions_read(list, g, s, &sa, &n, &e);
  }
  if (!bad) {
    *a = sa[0].a;
    if (sa[0].by_current) a->player = s->current;
  }
  free(sa);
  doc_free(&d);
  return bad ? fail_with(err, &e) : 0;
}

/* Do a and b say the same action: the fields its kind reads (wolves.h),
 * whatever the others hold? */
static int same_action(const wolves_action *a, const wolves_action *b) {
  if (a->kind != b->kind || a->player != b->player) return 0;
  switch (a->kind) {
  case WOLVES_ACT_END_TURN:
    return 1;
  case WOLVES_ACT_DRAFT:
    return a->target == b->target;
  case WOLVES_ACT_MOVE:
    if (a->nsteps != b->nsteps) return 0;
    for (int i = 0; i < a->nsteps; i++)
      if (a->step[i].from != b->step[i].from || a->step[i].to != b->step[i].to ||
          a->step[i].type != b->step[i].type || a->step[i].push_to != b->step[i].push_to)
        return 0;
    return 1;
  default: /* the actions paid for: Build Den, Upgrade, Howl, Dominate */
    return a->target == b->target && a->pay_tiles == b->pay_tiles && a->pay_bonus == b->pay_bonus &&
           (a->kind != WOLVES_ACT_UPGRADE || memcmp(a->push_to, b->push_to, sizeof a->push_to) == 0) &&
           (a->kind != WOLVES_ACT_DOMINATE || (a->piece == b->piece && a->pack == b->pack)) &&
           ((a->kind != WOLVES_ACT_DOMINATE && a->kind != WOLVES_ACT_BUILD_DEN) ||
            a->attribute == b->attribute);
  }
}

char *wolves_action_format(const wolves_game *g, const wolves_state *s, const wolves_action *a) {
  if (!a || wolves_state_misfit(g, s) || !wolves_action_fits(g, a)) return NULL; /* wolves(3), ERRORS */
  strbuf text = {0};
  doc d;
  doc_init(&d, "-");
  yaml_flow(&text, action_write(&d, g, s, a));
  doc_free(&d);
  /* Only text that wolves_action_parse reads back as a: an action the
   * syntax cannot say (a Move of no wolf, a Build Den of no section, an
   * Upgrade pushing only the second wolf) is a bad argument too (wolves(3),
   * ERRORS). */
  wolves_action back;
  if (wolves_action_parse(g, s, text.buf, text.len, &back, NULL) != 0 || !same_action(a, &back))
    sb_free(&text);
  return text.buf;
}

void wolves_free(void *p) { free(p); }
