/* conform.c - see conform.h.
 *
 * A case is a scenario (replayed) or a game (differential play).  Each
 * action of a case is applied in both engines and compared: the verdict
 * (applied or refused, and the refusing clause when the engine declares
 * `clauses`), then after an applied action the state's declared fields
 * (`state`); at the end of a case the state, the legal actions as sets
 * (`legal`) and the final scores (`scores`).  A case stops at its first
 * disagreement (the two positions may differ from there on).  Each check
 * counts for every clause our engine recorded for that action (the
 * checks that allowed it, the one that refused it, the effects): as agreed,
 * or, in a disagreement, as disagreed for the clauses blamed (the refusing
 * ones; for a state difference the effects that change that part of the
 * state): the report per clause.  Expectations are "ours": "expected" in
 * a state difference is wolves', "got" the engine's.
 *
 * Readings (wolves_reading_at): `--reading CLAUSE=NAME` is the reading
 * the engine follows.  Every scenario that keeps our reading at that
 * point is checked under NAME on our side too; a scenario that selects a
 * reading itself keeps its own (it is about that reading), and is sent
 * to an engine that declares `readings` with it, skipped for one that
 * does not.  Games are played under the --reading readings. */
#include "conform/conform.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "actions_doc.h"
#include "base/err.h"
#include "base/input.h"
#include "base/options.h"
#include "base/output.h"
#include "base/progress.h"
#include "emit.h"
#include "json.h"
#include "protocol/engine_client.h"
#include "readings_doc.h"
#include "report/test_report.h"
#include "rng.h"
#include "scenario/diff.h"
#include "scenario/moves.h"
#include "scenario/scenario.h"
#include "scenario/vector.h"
#include "state_doc.h"
#include "wolves.h"

#define DIFF_LINES 20
#define MAX_SEED 0x7fffffffffffffffULL
#define GAME_ACTIONS_MAX 10000
#define LEGAL_PROBES 2                   /* other legal actions offered per position (load, no legal) */
#define PROBES 12                        /* near misses offered per position, at most */
#define PROBE_SALT 0x9e3779b97f4a7c15ULL /* the near misses' own random stream */
#define SHOWN_LEGAL 5                    /* actions listed of a legal-set difference, each way */

typedef enum { AGREE, DISAGREE, SKIP, BAD } case_result;
static const char *const result_words[] = {"agree", "disagree", "skip", "error"};

typedef struct {
  engine_client e;
  int quiet, tap, json, text, progress;
  const char *junit, *out;
  unsigned shard, of;
  uint8_t reading[WOLVES_READINGS], reading_set[WOLVES_READINGS];
  int players;
  uint64_t seed, games;
  /* tallies */
  unsigned long agreed[WOLVES_CLAUSE_COUNT], disagreed[WOLVES_CLAUSE_COUNT];
  unsigned long checks, applies, probes;
  int counts[4];   /* per case_result */
  int last_theirs; /* the engine's last verdict (engine_apply) */
  char last_clause[128];
  int written; /* reproducers written */
  int write_failed;
  doc d; /* the JSON report */
  doc_node *cases;
  strbuf junit_cases;
  state_memo memo; /* our state's text, part by part, from one state to the next */
} conform;

/* One case as it is judged. */
typedef struct {
  const char *name;
  case_result result;
  strbuf text;    /* details, one per line (disagreements, a skip's reason, an error) */
  doc_node *list; /* the disagreements as objects (in conform.d) */
  unsigned long compared;
  double seconds;
} conform_case;

/* The actions of a case so far, to write a reproducer from a new game:
 * the position before each and what our engine said. */
typedef struct {
  wolves_state *before;
  wolves_action *a;
  int *rc;
  size_t len, cap;
} trail;

/* How a case's engine game started: loaded, or set up from a seed. */
typedef struct {
  int loaded;
  uint64_t seed;
  wolves_game g0; /* the game and start position set up */
  wolves_state s0;
} origin;

static void trail_add(trail *t, const wolves_state *before, const wolves_action *a, int rc) {
  if (t->len == t->cap) {
    t->cap = t->cap ? 2 * t->cap : 256;
    t->before = xrealloc(t->before, t->cap * sizeof *t->before);
    t->a = xrealloc(t->a, t->cap * sizeof *t->a);
    t->rc = xrealloc(t->rc, t->cap * sizeof *t->rc);
  }
  t->before[t->len] = *before;
  t->a[t->len] = *a;
  t->rc[t->len++] = rc;
}

static void trail_free(trail *t) {
  free(t->before);
  free(t->a);
  free(t->rc);
  memset(t, 0, sizeof *t);
}

static const char *clause_id(int c) {
  const wolves_clause_info *info = wolves_clause_get(c);
  return info ? info->id : "?";
}

static position make_position(const wolves_game *g, const wolves_state *s) {
  position p;
  memset(&p, 0, sizeof p);
  p.g = *g;
  p.s = *s;
  return p;
}

/* ---- talking to the engine ---- */

/* Puts g's data overrides and readings (when not ours) into a request. */
static void put_rules(conform *c, doc_node *req, const wolves_game *g) {
  doc_node *data = data_write(&c->e.req, &g->data, g->nplayers), *readings = readings_write(&c->e.req, g);
  if (data) doc_put(&c->e.req, req, "data", data);
  if (readings) doc_put(&c->e.req, req, "readings", readings);
}

/* The engine's answer r to a load: 0; 1 when the engine refuses the
 * position (its error message in c->last_clause); -1 on a protocol error
 * (r NULL).  A position wolves reads is valid: an engine that refuses it
 * disagrees. */
static int load_answer(conform *c, const doc_node *r) {
  if (r == NULL) return -1;
  if (doc_get(r, "ok")->num) return 0;
  const doc_node *err = doc_get(r, "error"), *code = doc_get(err, "code"), *msg = doc_get(err, "message");
  if (code && code->kind == DOC_STR && strcmp(code->str, "bad_request") != 0)
    return engine_fail(&c->e, "the engine answered error %s: %s", code->str,
                       msg && msg->kind == DOC_STR ? msg->str : "(no message)"),
           -1;
  snprintf(c->last_clause, sizeof c->last_clause, "%s",
           msg && msg->kind == DOC_STR ? msg->str : "(no message)");
  return 1;
}

/* Loads position (g, s) into the engine: as load_answer. */
static int engine_load(conform *c, const wolves_game *g, const wolves_state *s) {
  doc_node *req = engine_request(&c->e, "load");
  const position p = make_position(g, s);
  doc_put(&c->e.req, req, "state", vector_position(&c->e.req, &p));
  return load_answer(c, engine_call(&c->e, req, 1));
}

static const uint8_t seating[] = {WOLVES_ROCKY, WOLVES_GRASS, WOLVES_TUNDRA, WOLVES_DESERT, WOLVES_FOREST};

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
  return engine_call(&c->e, req, 0) ? 0 : -1;
}

static int engine_begin(conform *c, const origin *o) {
  return o->loaded ? engine_load(c, &o->g0, &o->s0) : engine_new_game(c, o);
}

/* The engine's verdict on a: 0 applied, 1 refused (its clause, when it
 * gives one, in clause[]); 2 when it answers `unsupported` (a partial
 * engine that does not play that action: the case is skipped from there,
 * its message in c->last_clause); -1 on a protocol error. */
static int engine_apply(conform *c, const wolves_game *g, const wolves_state *before, const wolves_action *a,
                        char *clause, size_t n) {
  doc_node *req = engine_request(&c->e, "apply");
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
  if (!doc_get(r, "ok")->num) {
    const doc_node *err = doc_get(r, "error"), *code = doc_get(err, "code"), *msg = doc_get(err, "message");
    const char *text = msg && msg->kind == DOC_STR ? msg->str : "(no message)";
    if (code && code->kind == DOC_STR && strcmp(code->str, "unsupported") == 0) {
      snprintf(c->last_clause, sizeof c->last_clause, "%s", text); /* a partial engine: the case stops */
      return 2;
    }
    return engine_fail(&c->e, "the engine answered error %s: %s",
                       code && code->kind == DOC_STR ? code->str : "(no code)", text),
           -1;
  }
  const doc_node *v = doc_get(r, "verdict"), *id = doc_get(r, "clause");
  clause[0] = '\0';
  if (v == NULL || v->kind != DOC_STR || (strcmp(v->str, "applied") != 0 && strcmp(v->str, "refused") != 0))
    return engine_fail(&c->e, "the apply response has no verdict \"applied\" or \"refused\""), -1;
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

/* Differences between our position and the engine's state, over the
 * fields it declares, into dr: how many; -1 on a protocol error.  The
 * response is first compared as text with the one wolves engine would
 * give (all the fields, in its order): equal, it is not parsed. */
static int compare_state(conform *c, const wolves_game *g, const wolves_state *s, diff_report *dr) {
  const position p = make_position(g, s);
  doc_node *req = engine_request(&c->e, "state");
  strbuf line = {0};
  emitter em;
  emit_json(&em, &line);
  emit_map(&em, NULL, DOC_AUTO);
  emit_int(&em, "id", (long long)c->e.next_id);
  emit_bool(&em, "ok", 1);
  state_emit(&em, "state", &p, 0, &c->memo); /* (vector_position's, as text) */
  emit_end(&em);
  int matched = 0;
  const doc_node *r = engine_call_expecting(&c->e, req, 0, &line, &matched);
  sb_free(&line);
  const doc_node *theirs = r ? doc_get(r, "state") : NULL;
  int n = r == NULL ? -1 : 0;
  doc mine;
  doc_init(&mine, "wolves");
  const doc_node *ours = r && !matched ? vector_position(&mine, &p) : NULL;
  if (r && !matched && (theirs == NULL || theirs->kind != DOC_MAP)) {
    engine_fail(&c->e, "the state response has no state object");
    n = -1;
  }
  for (int i = 0; i < c->e.nfields && n >= 0 && !matched; i++) {
    const char *k = c->e.fields[i];
    const doc_node *want = doc_get(ours, k), *got = doc_get(theirs, k);
    if (want == NULL && got == NULL) continue;
    if (want && got) {
      n += diff_docs(dr, k, want, got);
    } else {
      diff_add(dr, k, want ? "missing" : "unexpected", want, got, "%s: %s", k,
               want ? "missing in the engine's state" : "in the engine's state, not in wolves'");
      n++;
    }
  }
  doc_free(&mine);
  return n;
}

/* Our legal actions at (g, s) and the engine's, as sets of canonical
 * action texts; the differences (up to SHOWN_LEGAL each way) into dr,
 * and the first action only one side lists into *odd (1: the engine
 * lists it, we do not; 2: the reverse).  How many differ; -1 on a
 * protocol error. */
static int canonical_action(doc *d, const wolves_game *g, const wolves_state *s, const wolves_action *a,
                            strbuf *out) {
  out->len = 0;
  json_inline(out, action_write(d, g, s, a), (size_t)-1);
  return 0;
}

static int text_cmp(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static char *copy_str(const char *s) {
  const size_t n = strlen(s) + 1;
  return memcpy(xmalloc(n), s, n);
}

static void free_texts(char **v, size_t n) {
  for (size_t i = 0; i < n; i++) free(v[i]);
  free(v);
}

static int compare_legal(conform *c, const wolves_game *g, const wolves_state *s, diff_report *dr,
                         wolves_action *odd, int *odd_side, unsigned char *blamed) {
  legal_buf legal = {0};
  const int listed = legal_list(g, s, &legal);
  const int no = listed > 0 ? listed : 0;
  wolves_action *const our_a = legal.buf;
  doc d;
  doc_init(&d, "legal");
  /* the answer wolves engine would give: the same line, the same list */
  doc_node *const req = engine_request(&c->e, "legal");
  strbuf sb = {0};
  emitter em;
  emit_json(&em, &sb);
  emit_map(&em, NULL, DOC_AUTO);
  emit_int(&em, "id", (long long)c->e.next_id);
  emit_bool(&em, "ok", 1);
  emit_int(&em, "count", no);
  emit_seq(&em, "actions", DOC_AUTO);
  for (int i = 0; i < no; i++) action_emit(&em, NULL, g, s, &our_a[i]);
  emit_end(&em);
  emit_end(&em);
  int matched = 0;
  const doc_node *const r = engine_call_expecting(&c->e, req, 0, &sb, &matched);
  const doc_node *const list = r && !matched ? doc_get(r, "actions") : NULL;
  if (r && !matched && (list == NULL || list->kind != DOC_SEQ))
    engine_fail(&c->e, "the legal response has no actions (a %s)", doc_kind_name(DOC_SEQ));
  if (r == NULL || matched || list == NULL || list->kind != DOC_SEQ) {
    free(our_a);
    doc_free(&d);
    sb_free(&sb);
    return r && matched ? 0 : -1;
  }
  /* theirs: each read as a scenario action, written back canonically */
  char **theirs = xmalloc((list->count + 1) * sizeof *theirs);
  wolves_action *their_a = xmalloc((list->count + 1) * sizeof *their_a);
  size_t nt = 0;
  for (const doc_node *item = list->first; item; item = item->next) {
    doc_node *one = doc_seq(&d);
    doc_push(one, doc_copy(&d, item));
    scripted_action *sa = NULL;
    size_t n = 0;
    cli_err e = {0};
    if (actions_read(one, g, s, &sa, &n, &e) || n != 1) {
      free(sa);
      free_texts(theirs, nt);
      free(their_a);
      free(our_a);
      doc_free(&d);
      sb_free(&sb);
      return engine_fail(&c->e, "the legal list holds an action wolves cannot read: %s", e.msg), -1;
    }
    wolves_action a = sa[0].a;
    if (sa[0].by_current) a.player = s->current;
    free(sa);
    canonical_action(&d, g, s, &a, &sb);
    their_a[nt] = a;
    theirs[nt++] = copy_str(sb.buf);
  }
  char **ours = xmalloc(((size_t)no + 1) * sizeof *ours);
  for (int i = 0; i < no; i++) {
    canonical_action(&d, g, s, &our_a[i], &sb);
    ours[i] = copy_str(sb.buf);
  }
  /* sorted copies to compare as sets (duplicates count once) */
  char **so = xmalloc(((size_t)no + 1) * sizeof *so), **st = xmalloc((nt + 1) * sizeof *st);
  memcpy(so, ours, (size_t)no * sizeof *so);
  memcpy(st, theirs, nt * sizeof *st);
  qsort(so, (size_t)no, sizeof *so, text_cmp);
  qsort(st, nt, sizeof *st, text_cmp);
  int missing = 0, extra = 0;
  *odd_side = 0;
  size_t i = 0, j = 0;
  while (i < (size_t)no || j < nt) {
    const int cmp = i == (size_t)no ? 1 : j == nt ? -1 : strcmp(so[i], st[j]);
    const char *one = cmp < 0 ? so[i] : st[j];
    if (cmp > 0) /* listed by the engine, refused by us: blame the clause that refuses it */
      for (size_t k = 0; k < nt; k++)
        if (strcmp(theirs[k], one) == 0) {
          wolves_state after = *s;
          const int why = wolves_apply(g, &after, &their_a[k], NULL);
          if (why > 0 && why < WOLVES_CLAUSE_COUNT) blamed[why] = 1;
          break;
        }
    if (cmp != 0) {
      int *count = cmp < 0 ? &missing : &extra;
      if (++*count <= SHOWN_LEGAL)
        diff_add(dr, "legal", cmp < 0 ? "missing" : "unexpected", cmp < 0 ? diff_str(dr, one) : NULL,
                 cmp < 0 ? NULL : diff_str(dr, one), "legal: %s %s", diff_name(dr, one),
                 cmp < 0 ? "is legal (wolves), not in the engine's list"
                         : "is in the engine's list, not legal (wolves)");
      if (!*odd_side) {
        *odd_side = cmp < 0 ? 2 : 1;
        const char *const *from = cmp < 0 ? (const char *const *)ours : (const char *const *)theirs;
        const size_t nfrom = cmp < 0 ? (size_t)no : nt;
        for (size_t k = 0; k < nfrom; k++)
          if (strcmp(from[k], one) == 0) {
            *odd = cmp < 0 ? our_a[k] : their_a[k];
            break;
          }
      }
    }
    const char *cur = one;
    if (cmp <= 0)
      while (i < (size_t)no && strcmp(so[i], cur) == 0) i++;
    if (cmp >= 0)
      while (j < nt && strcmp(st[j], cur) == 0) j++;
  }
  if (missing > SHOWN_LEGAL || extra > SHOWN_LEGAL)
    diff_add(dr, "legal", "count", NULL, NULL,
             "legal: %d legal actions not in the engine's list, %d listed not legal", missing, extra);
  free(so);
  free(st);
  free_texts(ours, (size_t)no);
  free_texts(theirs, nt);
  free(our_a);
  free(their_a);
  doc_free(&d);
  sb_free(&sb);
  return missing + extra;
}

/* ---- tallies and the disagreements ---- */

/* The parts of a state an effect event may change, to blame a state
 * difference on the effects that could have made it. */
enum {
  PART_PIECES = 1,     /* pieces */
  PART_TILES = 2,      /* players.*.tiles */
  PART_BONUS = 4,      /* players.*.bonus_*, supply */
  PART_TOKENS = 8,     /* board.lone_wolves, board.prey */
  PART_BOARD_USE = 16, /* players.*.dens, attributes, lairs, wolves */
  PART_VP = 32,        /* players.*.vp_tokens, region_tokens, track_vp, score; board.region_tokens */
  PART_PREY = 64,      /* players.*.prey, board.prey */
  PART_MOON = 128,     /* moon */
  PART_TURN = 256,     /* phase, turn, current, actions_taken, first_player, draft_step */
  PART_ANY = 511
};

static unsigned event_parts(int kind) {
  switch (kind) {
  case WOLVES_EV_FLIP:
    return PART_TILES;
  case WOLVES_EV_SPEND_BONUS_TERRAIN:
  case WOLVES_EV_SPEND_BONUS_ACTION:
  case WOLVES_EV_GAIN_BONUS_TERRAIN:
  case WOLVES_EV_GAIN_BONUS_ACTION:
    return PART_BONUS;
  case WOLVES_EV_MOVE:
  case WOLVES_EV_PUSH:
    return PART_PIECES;
  case WOLVES_EV_PLACE:
    return PART_PIECES | PART_BOARD_USE;
  case WOLVES_EV_REMOVE:
    return PART_PIECES | PART_TOKENS | PART_MOON;
  case WOLVES_EV_UPGRADE_ATTRIBUTE:
    return PART_BOARD_USE;
  case WOLVES_EV_REVEAL_VP:
  case WOLVES_EV_SCORE:
  case WOLVES_EV_TOKEN_DISCARD:
    return PART_VP;
  case WOLVES_EV_MOON:
  case WOLVES_EV_PHASE:
    return PART_MOON;
  case WOLVES_EV_HUNT:
    return PART_PREY | PART_TOKENS;
  case WOLVES_EV_TURN_END:
  case WOLVES_EV_GAME_END:
    return PART_TURN;
  case WOLVES_EV_DRAFT:
    return PART_TURN | PART_PIECES;
  default:
    return 0;
  }
}

/* The parts a difference's path ("players.grass.vp_tokens",
 * "board.prey.D11[1]") is in. */
static unsigned path_parts(const char *path) {
  static const struct {
    const char *prefix;
    unsigned parts;
  } map[] = {{"pieces", PART_PIECES},
             {"moon", PART_MOON},
             {"supply", PART_BONUS},
             {"phase", PART_TURN},
             {"turn", PART_TURN},
             {"current", PART_TURN},
             {"actions_taken", PART_TURN},
             {"first_player", PART_TURN},
             {"draft_step", PART_TURN},
             {"board.lone_wolves", PART_TOKENS},
             {"board.prey", PART_PREY | PART_TOKENS},
             {"board.region_tokens", PART_VP},
             {"tiles", PART_TILES},
             {"bonus_", PART_BONUS},
             {"dens", PART_BOARD_USE},
             {"attributes", PART_BOARD_USE},
             {"lairs", PART_BOARD_USE},
             {"wolves", PART_BOARD_USE},
             {"prey", PART_PREY},
             {"vp_token", PART_VP},
             {"region_tokens", PART_VP},
             {"track_vp", PART_VP},
             {"score", PART_VP}};
  const char *p = path;
  if (strncmp(path, "players.", 8) == 0) { /* players.COLOUR.FIELD: the field */
    const char *dot = strchr(path + 8, '.');
    p = dot ? dot + 1 : path + 8;
  }
  for (size_t i = 0; i < sizeof map / sizeof *map; i++)
    if (strncmp(p, map[i].prefix, strlen(map[i].prefix)) == 0) return map[i].parts;
  return PART_ANY;
}

/* The clauses our engine recorded for one action, once each: every one
 * (checks, the refusal, effects) into all[], the effects alone (events
 * that change the game) into effects[], with the parts of the state they
 * change into parts[]. */
static void clauses_of(const event_list *ev, unsigned char *all, unsigned char *effects, unsigned *parts) {
  memset(all, 0, WOLVES_CLAUSE_COUNT);
  memset(effects, 0, WOLVES_CLAUSE_COUNT);
  memset(parts, 0, WOLVES_CLAUSE_COUNT * sizeof *parts);
  for (size_t i = 0; i < ev->len; i++) {
    const int k = ev->ev[i].clause;
    if (k <= 0 || k >= WOLVES_CLAUSE_COUNT) continue;
    all[k] = 1;
    if (!WOLVES_EV_DIAGNOSTIC(ev->ev[i].kind) && ev->ev[i].kind != WOLVES_EV_REFUSE) {
      effects[k] = 1;
      parts[k] |= event_parts(ev->ev[i].kind);
    }
  }
}

/* A state difference is blamed on the effects that change the parts
 * where it differs, or, when none does (a value the engine derives, as
 * actions_taken), on every effect of the action. */
static void blame_state(const diff_report *dr, const unsigned char *effects, const unsigned *parts,
                        unsigned char *blamed) {
  unsigned differ = 0;
  for (const doc_node *e = dr->list ? dr->list->first : NULL; e; e = e->next) {
    const doc_node *path = doc_get(e, "path");
    differ |= path && path->kind == DOC_STR ? path_parts(path->str) : PART_ANY;
  }
  int any = 0;
  for (int k = 1; k < WOLVES_CLAUSE_COUNT; k++) {
    blamed[k] = effects[k] && (parts[k] & differ);
    any |= blamed[k];
  }
  blamed[0] = 0;
  if (!any) memcpy(blamed, effects, WOLVES_CLAUSE_COUNT);
}

/* One comparison: every clause in all[] counts it, as disagreed when
 * blamed (blamed NULL: it agreed). */
static void tally(conform *c, const unsigned char *all, const unsigned char *blamed) {
  c->checks++;
  for (int k = 1; k < WOLVES_CLAUSE_COUNT; k++) {
    if (blamed && blamed[k])
      c->disagreed[k]++;
    else if (all[k])
      c->agreed[k]++;
  }
}

/* What a disagreement was about. */
typedef struct {
  const char *kind; /* "verdict", "clause", "state", "legal", "scores" */
  unsigned number;  /* the case's action number (1-based), 0: at the end of the case */
  const wolves_game *g;
  const wolves_state *before; /* the position the action was offered in */
  const wolves_action *a;     /* NULL: none (the end of the case) */
  int ours;                   /* our verdict: 0 applied, else the refusing clause */
  int theirs;                 /* the engine's: 0 applied, 1 refused, -1 not asked */
  const char *their_clause;   /* "" when none */
  const unsigned char *seen;  /* the clauses it counts for */
  diff_report *dr;            /* differences (state, legal, scores), or NULL */
  const char *probe;          /* a near miss: which kind, else NULL */
  int at_end;                 /* found at the end of the case, after action `number` */
} disagreement;

static void verdict_text(strbuf *sb, int applied_or_clause, int engine, const char *their_clause) {
  if (!engine) {
    if (applied_or_clause)
      sb_printf(sb, "refused by %s", clause_id(applied_or_clause));
    else
      sb_puts(sb, "applied");
  } else if (applied_or_clause < 0) {
    sb_puts(sb, "not asked");
  } else if (applied_or_clause == 0) {
    sb_puts(sb, "applied");
  } else if (their_clause && *their_clause) {
    sb_puts(sb, "refused by ");
    err_escape(sb, their_clause, strlen(their_clause), NULL);
  } else {
    sb_puts(sb, "refused");
  }
}

/* A reproducer's file name from the case name: unsafe bytes as '-'. */
static void safe_name(strbuf *sb, const char *s) {
  for (; *s; s++) {
    const char ch = *s;
    const int ok = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') ||
                   ch == '-' || ch == '_' || ch == '.';
    sb_putc(sb, ok ? ch : '-');
  }
}

/* Writes the disagreement as a scenario that `wolves check` passes on
 * our side: the position before the action (loaded) or the game from its
 * seed with the actions before it, then the action, expecting our
 * verdict.  Its path into *written (malloc'ed), or NULL when not written. */
static char *write_reproducer(conform *c, const conform_case *cs, const disagreement *x, const origin *o,
                              const trail *t) {
  if (!c->out || x->a == NULL) return NULL;
  doc d;
  doc_init(&d, "reproducer");
  doc_node *root = doc_map(&d), *actions = doc_seq(&d), *refused = doc_seq(&d), *expect = doc_map(&d);
  strbuf title = {0}, path = {0};
  sb_printf(&title, "conform: %s at action %u of ", x->kind, x->number);
  sb_puts(&title, cs->name);
  sb_puts(&title, ": wolves ");
  verdict_text(&title, x->ours, 0, NULL);
  sb_puts(&title, ", the engine ");
  verdict_text(&title, x->theirs, 1, x->their_clause);
  doc_put(&d, root, "title", doc_str(&d, title.buf));
  unsigned n = 0;
  if (o->loaded || t == NULL) {
    const position p = make_position(x->g, x->before);
    doc_put(&d, root, "state", vector_position(&d, &p));
  } else {
    doc_node *setup = doc_map(&d), *players = doc_map(&d);
    doc_put(&d, setup, "seed", doc_int(&d, (long long)o->seed));
    doc_put(&d, root, "setup", setup);
    if (o->g0.nplayers == 2 && o->s0.ai_pack < WOLVES_TERRAINS)
      doc_put(&d, root, "ai", doc_str(&d, wolves_terrain_name(o->s0.ai_pack)));
    for (int p = 0; p < o->g0.nplayers; p++)
      doc_put(&d, players, wolves_terrain_name(o->s0.player[p].pack), doc_map(&d));
    doc_put(&d, root, "players", players);
    doc_node *data = data_write(&d, &o->g0.data, o->g0.nplayers), *readings = readings_write(&d, &o->g0);
    if (data) doc_put(&d, root, "data", data);
    if (readings) doc_put(&d, root, "readings", readings);
    for (size_t i = 0; i < t->len; i++) {
      doc_node *item = action_write(&d, x->g, &t->before[i], &t->a[i]);
      item->layout = DOC_INLINE;
      doc_push(actions, item);
      n++;
      if (t->rc[i]) {
        doc_node *r = doc_map(&d);
        doc_put(&d, r, "action", doc_int(&d, n));
        doc_put(&d, r, "clause", doc_str(&d, clause_id(t->rc[i])));
        r->layout = DOC_INLINE;
        doc_push(refused, r);
      }
    }
  }
  doc_node *item = action_write(&d, x->g, x->before, x->a);
  item->layout = DOC_INLINE;
  doc_push(actions, item);
  n++;
  if (x->ours) {
    doc_node *r = doc_map(&d);
    doc_put(&d, r, "action", doc_int(&d, n));
    doc_put(&d, r, "clause", doc_str(&d, clause_id(x->ours)));
    r->layout = DOC_INLINE;
    doc_push(refused, r);
  }
  doc_put(&d, root, "actions", actions);
  doc_put(&d, expect, "golden", doc_bool(&d, 0));
  if (refused->count) doc_put(&d, expect, "refused", refused);
  doc_put(&d, root, "expect", expect);
  strbuf text = {0};
  sb_puts(&text, "# wolves conform: a disagreement, as a scenario `wolves check` passes on our side\n");
  json_write(&text, root);
  sb_printf(&path, "%s/", c->out);
  const char *dot = strrchr(cs->name, '.'), *slash = strrchr(cs->name, '/');
  strbuf stem = {0};
  sb_putn(&stem, cs->name, dot && (!slash || dot > slash) ? (size_t)(dot - cs->name) : strlen(cs->name));
  safe_name(&path, stem.buf);
  sb_free(&stem);
  sb_printf(&path, "-action-%u.yaml", x->number);
  char *written = NULL;
  if (file_save(path.buf, text.buf, text.len, 1, NULL))
    c->write_failed = 1;
  else {
    written = path.buf;
    path.buf = NULL;
    c->written++;
  }
  sb_free(&path);
  sb_free(&text);
  sb_free(&title);
  doc_free(&d);
  return written;
}

/* Records x in the case: its lines, its object, the tallies; writes its
 * reproducer. */
static void disagree(conform *c, conform_case *cs, const disagreement *x, const origin *o, const trail *t) {
  cs->result = DISAGREE;
  strbuf *sb = &cs->text;
  doc *d = &c->d;
  doc_node *m = doc_map(d);
  doc_put(d, m, "kind", doc_str(d, x->kind));
  doc_put(d, m, "action", doc_int(d, x->number));
  if (x->a) {
    doc_node *act = action_write(d, x->g, x->before, x->a);
    act->layout = DOC_INLINE;
    strbuf flow = {0};
    yaml_flow(&flow, act);
    sb_printf(sb, "%s %s action %u: ", x->kind, x->at_end ? "after" : "at", x->number);
    sb_puts(sb, flow.buf);
    sb_free(&flow);
    doc_put(d, m, "act", act);
    if (x->probe) {
      sb_printf(sb, " (a near miss: %s)", x->probe);
      doc_put(d, m, "near_miss", doc_str(d, x->probe));
    }
  } else {
    sb_printf(sb, "%s after action %u", x->kind, x->number);
  }
  const wolves_state *s = x->before;
  sb_printf(sb, "\n  position: turn %u, %s, %s to act, %u action%s taken\n", s->turn,
            s->phase == WOLVES_PHASE_DRAFT  ? "draft"
            : s->phase == WOLVES_PHASE_PLAY ? "play"
                                            : "over",
            wolves_terrain_name(s->player[s->current].pack), s->actions_taken,
            s->actions_taken == 1 ? "" : "s");
  doc_node *pos = doc_map(d);
  doc_put(d, pos, "turn", doc_int(d, s->turn));
  doc_put(d, pos, "current", doc_str(d, wolves_terrain_name(s->player[s->current].pack)));
  doc_put(d, pos, "actions_taken", doc_int(d, s->actions_taken));
  doc_put(d, m, "position", pos);
  if (x->a) {
    strbuf w = {0}, e = {0};
    verdict_text(&w, x->ours, 0, NULL);
    verdict_text(&e, x->theirs, 1, x->their_clause);
    sb_printf(sb, "  wolves: %s; engine: %s\n", w.buf, e.buf);
    doc_put(d, m, "wolves", doc_str(d, w.buf));
    doc_put(d, m, "engine", doc_str(d, e.buf));
    sb_free(&w);
    sb_free(&e);
  }
  if (x->dr) {
    diff_finish(x->dr);
    for (const char *p = x->dr->out.buf; p && *p;) {
      const char *nl = strchr(p, '\n');
      const size_t n = nl ? (size_t)(nl - p) : strlen(p);
      sb_puts(sb, "  ");
      sb_putn(sb, p, n);
      sb_putc(sb, '\n');
      p += n + (nl ? 1 : 0);
    }
    doc_put(d, m, "differences", x->dr->list ? doc_copy(d, x->dr->list) : doc_seq(d));
  }
  doc_node *ids = doc_seq(d);
  strbuf line = {0};
  for (int k = 1; k < WOLVES_CLAUSE_COUNT; k++)
    if (x->seen[k]) {
      doc_push(ids, doc_str(d, clause_id(k)));
      sb_printf(&line, "%s%s", line.len ? " " : "", clause_id(k));
    }
  ids->layout = DOC_INLINE;
  doc_put(d, m, "clauses", ids);
  if (line.len) sb_printf(sb, "  clauses: %s\n", line.buf);
  sb_free(&line);
  char *file = write_reproducer(c, cs, x, o, t);
  if (file) {
    sb_puts(sb, "  reproducer: ");
    err_escape(sb, file, strlen(file), NULL);
    sb_putc(sb, '\n');
    doc_put(d, m, "reproducer", doc_str(d, file));
    free(file);
  }
  if (cs->list == NULL) cs->list = doc_seq(d);
  doc_push(cs->list, m);
}

/* ---- one action in both engines ---- */

/* Applies a at (g, *s) in both engines and compares; *s becomes our
 * position after it.  1 agreed, 0 disagreed (recorded), -1 on a protocol
 * error.  compare_after: compare the state after an applied action. */
static int step(conform *c, conform_case *cs, const wolves_game *g, wolves_state *s, const wolves_action *a,
                unsigned number, const char *probe, const origin *o, const trail *t, int compare_after,
                int *ours_rc) {
  const wolves_state before = *s;
  event_list ev = {0};
  const int ours = apply_logged(g, s, a, WOLVES_CHECKS_PASSED, &ev, 1);
  if (ours_rc) *ours_rc = ours;
  unsigned char all[WOLVES_CLAUSE_COUNT], effects[WOLVES_CLAUSE_COUNT], blamed[WOLVES_CLAUSE_COUNT];
  unsigned parts[WOLVES_CLAUSE_COUNT];
  clauses_of(&ev, all, effects, parts);
  events_free(&ev);
  char their_clause[128];
  const int theirs = engine_apply(c, g, &before, a, their_clause, sizeof their_clause);
  if (theirs < 0) return -1;
  if (theirs == 2) {
    cs->result = SKIP;
    sb_printf(&cs->text, "stopped at action %u, which the engine does not support: ", number);
    err_escape(&cs->text, c->last_clause, strlen(c->last_clause), NULL);
    return 0;
  }
  cs->compared++;
  /* a verdict is blamed on the clauses that refused (ours, the engine's);
   * an action we allow and the engine refuses without a clause, on the
   * checks that allowed it; a state difference, on the action's effects */
  memset(blamed, 0, sizeof blamed);
  const int their_id = theirs ? wolves_clause_find(their_clause) : 0;
  if (ours) blamed[ours] = 1;
  if (their_id > 0) blamed[their_id] = 1;
  if (!ours && !their_id) memcpy(blamed, all, sizeof blamed);
  disagreement x = {"verdict", number, g, &before, a, ours, theirs, their_clause, blamed, NULL, probe, 0};
  if ((ours != 0) != (theirs != 0)) {
    tally(c, all, blamed);
    disagree(c, cs, &x, o, t);
    return 0;
  }
  if (ours && (c->e.caps & ENGINE_CLAUSES) && strcmp(their_clause, clause_id(ours)) != 0) {
    x.kind = "clause";
    tally(c, all, blamed);
    disagree(c, cs, &x, o, t);
    return 0;
  }
  if (!ours && compare_after && (c->e.caps & ENGINE_STATE)) {
    diff_report dr;
    diff_init(&dr, DIFF_LINES);
    const int n = compare_state(c, g, s, &dr);
    if (n > 0) {
      x.kind = "state";
      x.dr = &dr;
      blame_state(&dr, effects, parts, blamed);
      tally(c, all, blamed);
      disagree(c, cs, &x, o, t);
    }
    diff_free(&dr);
    sb_free(&dr.out);
    if (n != 0) return n < 0 ? -1 : 0;
  }
  tally(c, all, NULL);
  return 1;
}

/* At the end of a case: the state, the legal actions, the scores.  1
 * agreed, 0 disagreed, -1 protocol error. */
static int finish(conform *c, conform_case *cs, const wolves_game *g, const wolves_state *s, unsigned number,
                  const origin *o, const trail *t) {
  unsigned char seen[WOLVES_CLAUSE_COUNT];
  memset(seen, 0, sizeof seen);
  disagreement x = {"state", number, g, s, NULL, 0, -1, "", seen, NULL, NULL, 1};
  diff_report dr;
  int rc = 1;
  if (c->e.caps & ENGINE_STATE) {
    diff_init(&dr, DIFF_LINES);
    const int n = compare_state(c, g, s, &dr);
    cs->compared++;
    if (n > 0) {
      x.dr = &dr;
      tally(c, seen, seen);
      disagree(c, cs, &x, o, t);
    }
    diff_free(&dr);
    sb_free(&dr.out);
    if (n) return n < 0 ? -1 : 0;
  }
  if (c->e.caps & ENGINE_LEGAL) {
    wolves_action odd;
    int side = 0;
    diff_init(&dr, DIFF_LINES);
    const int n = compare_legal(c, g, s, &dr, &odd, &side, seen);
    cs->compared++;
    if (n > 0) {
      /* the reproducer: the first action one side lists, our verdict on it */
      wolves_state after = *s;
      x.kind = "legal";
      x.dr = &dr;
      x.a = side ? &odd : NULL;
      x.ours = side ? wolves_apply(g, &after, &odd, NULL) : 0;
      x.theirs = side == 1 ? 0 : -1;
      if (x.ours) seen[x.ours] = 1;
      tally(c, seen, seen);
      disagree(c, cs, &x, o, t);
      rc = 0;
    }
    diff_free(&dr);
    sb_free(&dr.out);
    if (n) return n < 0 ? -1 : 0;
  }
  if (c->e.caps & ENGINE_SCORES) {
    const doc_node *theirs = engine_ask(&c->e, "scores", "scores", DOC_SEQ);
    if (theirs == NULL) return -1;
    doc mine;
    doc_init(&mine, "wolves");
    const position p = make_position(g, s);
    diff_init(&dr, DIFF_LINES);
    const int n = diff_docs(&dr, "scores", vector_scores(&mine, &p), theirs);
    cs->compared++;
    if (n > 0) {
      x.kind = "scores";
      x.dr = &dr;
      x.a = NULL;
      seen[WOLVES_C_END_FINAL_SCORE] = 1;
      tally(c, seen, seen);
      disagree(c, cs, &x, o, t);
      rc = 0;
    }
    diff_free(&dr);
    sb_free(&dr.out);
    doc_free(&mine);
  }
  return rc;
}

/* The engine refused to load a position wolves reads. */
static void refused_load(conform *c, conform_case *cs, const wolves_game *g, const wolves_state *s) {
  cs->result = DISAGREE;
  c->checks++;
  cs->compared++;
  sb_puts(&cs->text, "load: the engine refused the start position: ");
  err_escape(&cs->text, c->last_clause, strlen(c->last_clause), NULL);
  sb_printf(&cs->text, "\n  position: turn %u, %s to act\n", s->turn,
            wolves_terrain_name(s->player[s->current].pack));
  doc *d = &c->d;
  doc_node *m = doc_map(d);
  doc_put(d, m, "kind", doc_str(d, "load"));
  doc_put(d, m, "action", doc_int(d, 0));
  doc_put(d, m, "engine", doc_str(d, c->last_clause));
  doc_put(d, m, "clauses", doc_seq(d));
  if (cs->list == NULL) cs->list = doc_seq(d);
  doc_push(cs->list, m);
  (void)g;
}

/* ---- scenarios ---- */

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
  s.supply_bonus_terrain = pg->data.supply_bonus_terrain; /* (data overrides set the supply) */
  s.supply_bonus_action = pg->data.supply_bonus_action;
  return memcmp(&s, ps, sizeof s) == 0 && memcmp(&g.board, &pg->board, sizeof g.board) == 0;
}

/* Why the engine cannot take this game (NULL: it can). */
static const char *unsupported(conform *c, const wolves_game *g, char *why, size_t n) {
  if (!(c->e.caps & ENGINE_DATA) && data_write(&c->d, &g->data, g->nplayers)) {
    snprintf(why, n, "changes component data (data:), and the engine does not declare data");
    return why;
  }
  if (!(c->e.caps & ENGINE_READINGS))
    for (int p = 0; p < WOLVES_READINGS; p++) {
      const uint8_t engine = c->reading_set[p] ? c->reading[p] : 0;
      if (g->reading[p] != engine) {
        const wolves_reading *r = wolves_reading_at(p);
        snprintf(why, n, "needs the reading %s=%s, and the engine does not declare readings (see --reading)",
                 clause_id(r->clause), r->choice[g->reading[p]].name);
        return why;
      }
    }
  return NULL;
}

static void apply_readings(const conform *c, wolves_game *g) {
  for (int p = 0; p < WOLVES_READINGS; p++)
    if (c->reading_set[p] && g->reading[p] == 0) g->reading[p] = c->reading[p];
}

/* Pipelining (engine_expect): the request {"cmd": cmd, "id": *id + 1}
 * (with action, an apply of it at position s) as engine_call will write it,
 * expected next. */
static void expect_request(conform *c, unsigned long *id, const char *cmd, const wolves_game *g,
                           const wolves_state *s, const wolves_action *action) {
  strbuf line = {0};
  emitter em;
  emit_json(&em, &line);
  emit_map(&em, NULL, DOC_AUTO);
  emit_str(&em, "cmd", cmd);
  emit_int(&em, "id", (long long)++*id);
  if (action) action_emit(&em, "action", g, s, action);
  emit_end(&em);
  engine_expect(&c->e, *id, line.buf, line.len);
  sb_free(&line);
}

/* The requests a scenario makes when both engines agree (the load of
 * its position when the engine loads; an apply for each action, a state
 * after each that applies; then finish's state, legal and scores), to be
 * written ahead: the engine answers the next while wolves checks an
 * answer. */
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

/* A scenario file read (the next one is read while the engine loads the
 * position of the one before): the scenario, or the error that stops it. */
typedef struct {
  scenario *sc; /* NULL: unreadable (error says why) */
  strbuf error;
} read_case;

static void case_read(read_case *r, const char *path) {
  cli_err e = {0};
  memset(r, 0, sizeof *r);
  r->sc = xmalloc(sizeof *r->sc);
  if (scenario_load(r->sc, path, &e) == 0) return;
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

/* A scenario on its way through both engines. */
typedef struct {
  origin o;
  int from_setup;
  int sent; /* its load (and its script) sent, the answer not yet read */
} begun_case;

/* Starts the case of r: a bad file or a case the engine cannot take is
 * judged at once (cs->result); else its load and script are sent ahead
 * when the engine loads.  -1 on a protocol error. */
static int begin_case(conform *c, conform_case *cs, read_case *r, begun_case *b) {
  char why[256];
  memset(b, 0, sizeof *b);
  if (r->sc == NULL) {
    cs->result = BAD;
    sb_puts(&cs->text, r->error.buf ? r->error.buf : "");
    return 0;
  }
  scenario *const sc = r->sc;
  origin *const o = &b->o;
  apply_readings(c, &sc->pos.g);
  /* load of the start position; without load, new_game for a scenario
   * that is a standard game from its seed (wolves-engine(5), THE CHECKER) */
  b->from_setup = setup_only(sc, &o->seed);
  o->loaded = (c->e.caps & ENGINE_LOAD) != 0;
  o->g0 = sc->pos.g;
  o->s0 = sc->pos.s;
  const char *reason = unsupported(c, &sc->pos.g, why, sizeof why);
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
static int end_case(conform *c, conform_case *cs, read_case *r, begun_case *b) {
  if (cs->result != AGREE) return 0;
  scenario *const sc = r->sc;
  const origin *const o = &b->o;
  const wolves_game *g = &sc->pos.g;
  wolves_state s = sc->pos.s;
  int rc = b->sent ? load_answer(c, engine_receive(&c->e, 1)) : engine_begin(c, o);
  if (rc > 0) {
    refused_load(c, cs, &sc->pos.g, &sc->pos.s);
    rc = 0;
  }
  trail t = {0};
  if (rc == 0 && cs->result == AGREE && !b->sent) expect_script(c, g, s, sc, 0); /* (after the new_game) */
  for (size_t i = 0; i < sc->nactions && rc == 0 && cs->result == AGREE; i++) {
    wolves_action a = sc->actions[i].a;
    if (sc->actions[i].by_current) a.player = s.current;
    const wolves_state before = s;
    int ours = 0;
    const int rs = step(c, cs, g, &s, &a, (unsigned)(i + 1), NULL, o, b->from_setup ? &t : NULL, 1, &ours);
    if (rs < 0) rc = -1;
    trail_add(&t, &before, &a, ours);
  }
  if (rc == 0 && cs->result == AGREE &&
      finish(c, cs, g, &s, (unsigned)sc->nactions, o, b->from_setup ? &t : NULL) < 0)
    rc = -1;
  trail_free(&t);
  return rc;
}

static void case_free(read_case *r) {
  if (r->sc) scenario_close(r->sc);
  sb_free(&r->error);
  memset(r, 0, sizeof *r);
}

/* ---- differential play ---- */

/* A random hex of the board. */
static uint8_t any_hex(const wolves_game *g, wolves_rng *r) {
  return (uint8_t)wolves_rng_below(r, g->board.nhex);
}

/* A random neighbour of h (h itself if it has none). */
static uint8_t beside(const wolves_game *g, uint8_t h, wolves_rng *r) {
  uint8_t n[6];
  int k = 0;
  for (int d = 0; d < 6; d++)
    if (g->board.nbr[h][d] != WOLVES_NONE) n[k++] = g->board.nbr[h][d];
  return k ? n[wolves_rng_below(r, (uint32_t)k)] : h;
}

static const char *const miss_names[] = {"one hex off",
                                         "out of range",
                                         "unpaid",
                                         "by the wrong wolf",
                                         "by the wrong player",
                                         "in the wrong phase",
                                         "the wrong piece or attribute",
                                         "turn ended early, or a third action",
                                         "too many wolves, or to two hexes",
                                         "a push to a hex not the nearest",
                                         "a Howl at any Lone Wolf",
                                         "a Dominate of any piece"};
enum {
  MISS_OFF,
  MISS_RANGE,
  MISS_UNPAID,
  MISS_WOLF,
  MISS_PLAYER,
  MISS_PHASE,
  MISS_PIECE,
  MISS_END,
  MISS_SPREAD,
  MISS_PUSH,
  MISS_HOWL,
  MISS_DOMINATE,
  MISS_KINDS
};

/* An action of the player to act with no field set yet. */
static void blank_action(const wolves_state *s, int kind, wolves_action *out) {
  memset(out, 0, sizeof *out);
  out->kind = (uint8_t)kind;
  out->player = s->current;
  out->piece = out->pack = WOLVES_NONE;
  out->push_to[0] = out->push_to[1] = WOLVES_NONE;
}

/* A hex chosen uniformly among those for which want(g, s, h, player) is
 * true, or WOLVES_NONE. */
static uint8_t some_hex(const wolves_game *g, const wolves_state *s, wolves_rng *r,
                        int (*want)(const wolves_game *, const wolves_state *, int, int)) {
  uint8_t found[WOLVES_MAX_HEXES];
  int n = 0;
  for (int h = 0; h < g->board.nhex; h++)
    if (want(g, s, h, s->current)) found[n++] = (uint8_t)h;
  return n ? found[wolves_rng_below(r, (uint32_t)n)] : WOLVES_NONE;
}

static int has_lone_wolf(const wolves_game *g, const wolves_state *s, int h, int player) {
  (void)g, (void)player;
  return s->hex[h].lone_wolf != 0;
}

static int has_enemy_piece(const wolves_game *g, const wolves_state *s, int h, int player) {
  (void)g;
  const uint8_t p = s->hex[h].piece[0];
  return p != 0 && WOLVES_PIECE_PACK(p) != s->player[player].pack;
}

/* A Move of several of the player's wolves: one more than its Pack Spread
 * allows to one hex, or two to two different hexes. */
static void spread_miss(const wolves_game *g, const wolves_state *s, wolves_rng *r, wolves_action *out) {
  const uint8_t pack = s->player[s->current].pack;
  uint8_t from[WOLVES_MAX_HEXES * WOLVES_HEX_SLOTS], type[WOLVES_MAX_HEXES * WOLVES_HEX_SLOTS];
  int n = 0;
  for (int h = 0; h < g->board.nhex; h++)
    for (int i = 0; i < WOLVES_HEX_SLOTS; i++) {
      const uint8_t p = s->hex[h].piece[i];
      if (p && WOLVES_PIECE_PACK(p) == pack &&
          (WOLVES_PIECE_TYPE(p) == WOLVES_ALPHA || WOLVES_PIECE_TYPE(p) == WOLVES_PACK)) {
        from[n] = (uint8_t)h;
        type[n++] = WOLVES_PIECE_TYPE(p);
      }
    }
  const int spread = wolves_attribute(g, s, s->current, WOLVES_PACK_SPREAD);
  const int apart = wolves_rng_below(r, 2) == 0;
  const int want = apart ? 2 : spread + 1;
  if (n < want || want > WOLVES_MAX_MOVERS || n == 0) return;
  for (int i = n - 1; i > 0; i--) { /* the wolves in a random order */
    const int j = (int)wolves_rng_below(r, (uint32_t)i + 1);
    const uint8_t f = from[i], t = type[i];
    from[i] = from[j], type[i] = type[j];
    from[j] = f, type[j] = t;
  }
  blank_action(s, WOLVES_ACT_MOVE, out);
  const uint8_t to = beside(g, from[0], r);
  out->nsteps = (uint8_t)want;
  for (int i = 0; i < want; i++)
    out->step[i] = (wolves_step){from[i], apart ? beside(g, from[i], r) : to, type[i], WOLVES_NONE};
}

/* Near miss `kind` of legal action b at s into *out. */
static void near_miss(const wolves_game *g, const wolves_state *s, const wolves_action *b, int kind,
                      wolves_rng *r, wolves_action *out) {
  *out = *b;
  const int move = b->kind == WOLVES_ACT_MOVE && b->nsteps > 0;
  switch (kind) {
  case MISS_OFF:
    if (move)
      out->step[0].to = beside(g, b->step[0].to, r);
    else if (b->kind != WOLVES_ACT_END_TURN)
      out->target = beside(g, b->target, r);
    break;
  case MISS_RANGE: { /* a hex one further than the attribute allows */
    const int move_speed = wolves_attribute(g, s, s->current, WOLVES_WOLF_SPEED);
    const int howl = wolves_attribute(g, s, s->current, WOLVES_HOWL_RANGE);
    const uint8_t from = move ? b->step[0].from : b->target;
    const int want = (move ? move_speed : howl) + 1;
    uint8_t far[WOLVES_MAX_HEXES];
    int nfar = 0;
    for (int h = 0; h < g->board.nhex; h++)
      if (wolves_hex_distance(&g->board, from, (uint8_t)h) == want) far[nfar++] = (uint8_t)h;
    const uint8_t to = nfar ? far[wolves_rng_below(r, (uint32_t)nfar)] : any_hex(g, r);
    if (move)
      out->step[0].to = to;
    else
      out->target = to;
    break;
  }
  case MISS_UNPAID: /* tiles of the wrong terrain, no Bonus Terrain Token */
    out->pay_tiles = (uint8_t)(1u << wolves_rng_below(r, WOLVES_TILES));
    out->pay_bonus = 0;
    break;
  case MISS_WOLF:
    if (move) {
      out->step[0].type = b->step[0].type == WOLVES_ALPHA ? WOLVES_PACK : WOLVES_ALPHA;
      if (wolves_rng_below(r, 2)) out->step[0].from = beside(g, b->step[0].from, r);
    }
    break;
  case MISS_PLAYER:
    out->player = (uint8_t)((s->current + 1 + wolves_rng_below(r, (uint32_t)g->nplayers - 1)) % g->nplayers);
    break;
  case MISS_PHASE:
    memset(out, 0, sizeof *out);
    out->player = s->current;
    out->piece = out->pack = WOLVES_NONE;
    out->push_to[0] = out->push_to[1] = WOLVES_NONE;
    out->kind = s->phase == WOLVES_PHASE_DRAFT ? (uint8_t)(WOLVES_ACT_HOWL - wolves_rng_below(r, 2) * 2)
                                               : WOLVES_ACT_DRAFT;
    out->target = any_hex(g, r);
    break;
  case MISS_PIECE:
    if (b->kind == WOLVES_ACT_DOMINATE) {
      out->piece = (uint8_t)wolves_rng_below(r, 4);
      out->pack = s->player[wolves_rng_below(r, g->nplayers)].pack;
    }
    out->attribute = (uint8_t)((b->attribute + 1 + wolves_rng_below(r, 2)) % WOLVES_ATTRIBUTES);
    break;
  case MISS_SPREAD:
    spread_miss(g, s, r, out);
    break;
  case MISS_PUSH: /* (a Move that pushes no wolf ignores it: legal, not offered) */
    if (move) out->step[0].push_to = wolves_rng_below(r, 2) ? beside(g, b->step[0].to, r) : any_hex(g, r);
    break;
  case MISS_HOWL: {
    const uint8_t h = some_hex(g, s, r, has_lone_wolf);
    if (h != WOLVES_NONE) blank_action(s, WOLVES_ACT_HOWL, out), out->target = h;
    break;
  }
  case MISS_DOMINATE: {
    const uint8_t h = some_hex(g, s, r, has_enemy_piece);
    if (h == WOLVES_NONE) break;
    blank_action(s, WOLVES_ACT_DOMINATE, out);
    out->target = h;
    if (wolves_rng_below(r, 2)) { /* a piece named: maybe not there */
      out->piece = (uint8_t)wolves_rng_below(r, 4);
      out->pack = s->player[wolves_rng_below(r, g->nplayers)].pack;
    }
    out->attribute = (uint8_t)wolves_rng_below(r, WOLVES_ATTRIBUTES);
    break;
  }
  default:
    if (s->phase == WOLVES_PHASE_PLAY && s->actions_taken >= 2) { /* a third action without a token */
      wolves_state fresh = *s;
      fresh.actions_taken = 0;
      fresh.player[s->current].bonus_action = 0;
      if (wolves_sample(g, &fresh, r, out, NULL) == 1 && out->kind != WOLVES_ACT_END_TURN) break;
    }
    blank_action(s, WOLVES_ACT_END_TURN, out);
    break;
  }
  if (out->kind == WOLVES_ACT_MOVE && kind != MISS_PUSH)
    for (int i = 0; i < out->nsteps; i++) out->step[i].push_to = WOLVES_NONE;
}

/* A Howl just out of range: at a Lone Wolf Token one hex further from the
 * player's nearest Alpha than its Howl Range; 0 when there is none. */
static int howl_too_far(const wolves_game *g, const wolves_state *s, wolves_rng *r, wolves_action *out) {
  const uint8_t alpha = WOLVES_PIECE(s->player[s->current].pack, WOLVES_ALPHA);
  const int range = wolves_attribute(g, s, s->current, WOLVES_HOWL_RANGE);
  uint8_t far[WOLVES_MAX_HEXES];
  int nfar = 0;
  for (int h = 0; h < g->board.nhex; h++) {
    if (!s->hex[h].lone_wolf) continue;
    int nearest = 1000;
    for (int a = 0; a < g->board.nhex; a++)
      for (int i = 0; i < WOLVES_HEX_SLOTS; i++)
        if (s->hex[a].piece[i] == alpha) {
          const int d = wolves_hex_distance(&g->board, (uint8_t)a, (uint8_t)h);
          if (d < nearest) nearest = d;
        }
    if (nearest == range + 1) far[nfar++] = (uint8_t)h;
  }
  if (nfar == 0) return 0;
  memset(out, 0, sizeof *out);
  out->kind = WOLVES_ACT_HOWL;
  out->player = s->current;
  out->target = far[wolves_rng_below(r, (uint32_t)nfar)];
  out->piece = out->pack = WOLVES_NONE;
  out->push_to[0] = out->push_to[1] = WOLVES_NONE;
  return 1;
}

/* Up to max near misses at s, of the chosen action and of other legal
 * ones, that our engine refuses, each a different action. */
static int near_misses(const wolves_game *g, const wolves_state *s, const wolves_action *chosen,
                       wolves_rng *r, wolves_action *out, int *kinds, int max) {
  int n = 0;
  wolves_action legal[8];
  int nlegal = 0;
  legal[nlegal++] = *chosen;
  wolves_action other;
  for (int k = 0; k < 3; k++) {
    if (wolves_sample(g, s, r, &other, NULL) == 1) legal[nlegal++] = other;
  }
  for (int tries = 0; tries < 4 * max && n < max; tries++) {
    int kind = (int)wolves_rng_below(r, MISS_KINDS);
    wolves_action m;
    if (tries == 0 && s->phase == WOLVES_PHASE_PLAY && howl_too_far(g, s, r, &m)) {
      kind = MISS_RANGE; /* (a Howl is rarely legal, so rarely a base: one out of range first) */
    } else {
      near_miss(g, s, &legal[wolves_rng_below(r, (uint32_t)nlegal)], kind, r, &m);
    }
    wolves_state after = *s;
    if (wolves_apply(g, &after, &m, NULL) == 0) continue; /* legal after all: not a miss */
    int dup = 0;
    for (int i = 0; i < n && !dup; i++) dup = memcmp(&out[i], &m, sizeof m) == 0;
    if (dup) continue;
    kinds[n] = kind;
    out[n++] = m;
  }
  return n;
}

/* Applies again in the engine an action it applied before (replaying a
 * game): 0, or -1 (a protocol error when it does not apply it now). */
static int replay(conform *c, const wolves_game *g, const wolves_state *before, const wolves_action *a) {
  char clause[128];
  const int r = engine_apply(c, g, before, a, clause, sizeof clause);
  if (r > 0) engine_fail(&c->e, "the engine does not apply again an action it applied in the same position");
  return r ? -1 : 0;
}

/* No load: the earliest position of the game (after trail action j) at
 * which probe p gets a different verdict from the engine than from us, as
 * it did at the end of the trail; the engine restarted from the seed.
 * j in *at (the trail's length: none earlier).  0, or -1 on a protocol
 * error. */
static int shrink(conform *c, const origin *o, const trail *t, const wolves_action *p, int ours_then,
                  size_t *at) {
  *at = t->len;
  if (engine_begin(c, o)) return -1; /* (it loaded before) */
  const int wrong_player = t->len && p->player != t->before[t->len - 1].current;
  for (size_t j = 0; j < t->len; j++) {
    const wolves_state *s = &t->before[j];
    wolves_action q = *p;
    q.player = wrong_player ? (uint8_t)((s->current + 1) % o->g0.nplayers) : s->current;
    wolves_state after = *s;
    const int ours = wolves_apply(&o->g0, &after, &q, NULL);
    char clause[128];
    if (ours && ours_then) { /* (a near miss is refused by us: only such are tried) */
      const int theirs = engine_apply(c, &o->g0, s, &q, clause, sizeof clause);
      if (theirs < 0) return -1;
      if (theirs == 2) continue; /* (the engine does not support it here) */
      if (!theirs || ((c->e.caps & ENGINE_CLAUSES) && strcmp(clause, clause_id(ours)) != 0)) {
        *at = j;
        return 0;
      }
    }
    if (replay(c, &o->g0, s, &t->a[j])) return -1;
  }
  return 0;
}

/* The state differed after trail actions [from, t->len) (it agreed
 * before them): the engine is brought to the position before `from` again
 * (loaded, or set up and replayed) and the actions applied with the state
 * compared after each; the first that differs is the disagreement
 * recorded.  now: our position after the trail.  0, or -1 on a protocol
 * error. */
static int trace_state(conform *c, conform_case *cs, const origin *o, const trail *t, size_t from,
                       const wolves_state *now_s) {
  const wolves_game *g = &o->g0;
  if (o->loaded) {
    const int r = engine_load(c, g, &t->before[from]);
    if (r) return r < 0 ? -1 : (refused_load(c, cs, g, &t->before[from]), 0);
  } else {
    if (engine_begin(c, o)) return -1;
    for (size_t k = 0; k < from; k++)
      if (replay(c, g, &t->before[k], &t->a[k])) return -1;
  }
  for (size_t k = from; k < t->len; k++) {
    if (replay(c, g, &t->before[k], &t->a[k])) return -1;
    const wolves_state *after = k + 1 < t->len ? &t->before[k + 1] : now_s;
    diff_report dr;
    diff_init(&dr, DIFF_LINES);
    const int n = compare_state(c, g, after, &dr);
    if (n > 0) {
      wolves_state s = t->before[k];
      event_list ev = {0};
      (void)apply_logged(g, &s, &t->a[k], WOLVES_CHECKS_PASSED, &ev, 1);
      unsigned char all[WOLVES_CLAUSE_COUNT], effects[WOLVES_CLAUSE_COUNT], blamed[WOLVES_CLAUSE_COUNT];
      unsigned parts[WOLVES_CLAUSE_COUNT];
      clauses_of(&ev, all, effects, parts);
      events_free(&ev);
      blame_state(&dr, effects, parts, blamed);
      trail prefix = *t;
      prefix.len = k;
      disagreement x = {"state", (unsigned)k + 1, g,   &t->before[k], &t->a[k], t->rc[k], 0,
                        "",      blamed,          &dr, NULL,          0};
      tally(c, all, blamed);
      disagree(c, cs, &x, o, &prefix);
    }
    diff_free(&dr);
    sb_free(&dr.out);
    if (n) return n < 0 ? -1 : 0;
  }
  return 0; /* (not found again: nothing recorded) */
}

/* The requests of a game's position when both engines agree (run_game):
 * an apply of each near miss, legal at a turn's start, the apply of the
 * action chosen and the state after it at the next turn's start.  (Not
 * with load and without legal: the other legal actions offered then
 * depend on the answers.) */
static void expect_position(conform *c, const wolves_game *g, const wolves_state *s, const wolves_action *a,
                            const wolves_action *miss, int nmiss) {
  unsigned long id = c->e.next_id;
  for (int i = 0; i < nmiss; i++) expect_request(c, &id, "apply", g, s, &miss[i]);
  if ((c->e.caps & ENGINE_LEGAL) || !(c->e.caps & ENGINE_LOAD)) {
    if ((c->e.caps & ENGINE_LEGAL) && s->actions_taken == 0)
      expect_request(c, &id, "legal", NULL, NULL, NULL);
    expect_request(c, &id, "apply", g, s, a);
    wolves_state after = *s;
    if (wolves_apply(g, &after, a, NULL) == 0 && (c->e.caps & ENGINE_STATE) &&
        (after.actions_taken == 0 || after.phase == WOLVES_PHASE_OVER))
      expect_request(c, &id, "state", NULL, NULL, NULL);
  }
}

/* Plays the seeded game of differential play; -1 on a protocol error. */
static int run_game(conform *c, conform_case *cs, uint64_t seed) {
  origin o;
  memset(&o, 0, sizeof o);
  o.seed = seed;
  o.loaded = !(c->e.caps & ENGINE_NEW_GAME);
  if (wolves_setup(&o.g0, &o.s0, c->players, seating, c->players == 2 ? WOLVES_FOREST : WOLVES_NONE, seed,
                   NULL)) {
    cs->result = BAD;
    sb_puts(&cs->text, "setup refused");
    return 0;
  }
  apply_readings(c, &o.g0);
  char why[256];
  const char *reason = unsupported(c, &o.g0, why, sizeof why);
  if (reason) {
    cs->result = SKIP;
    sb_puts(&cs->text, reason);
    return 0;
  }
  cs->result = AGREE;
  const int begun = engine_begin(c, &o);
  if (begun < 0) return -1;
  if (begun > 0) {
    refused_load(c, cs, &o.g0, &o.s0);
    return 0;
  }
  const wolves_game *g = &o.g0;
  wolves_state s = o.s0;
  wolves_rng rng, probe_rng;
  wolves_rng_seed(&rng, seed);
  wolves_rng_seed(&probe_rng, seed ^ PROBE_SALT);
  trail t = {0};
  int rc = 0;
  unsigned number = 0;
  size_t checked = 0; /* the trail's length at the last state that agreed */
  while (rc == 0 && cs->result == AGREE && s.phase != WOLVES_PHASE_OVER && t.len < GAME_ACTIONS_MAX) {
    wolves_action a, miss[PROBES];
    int kinds[PROBES];
    if (wolves_sample(g, &s, &rng, &a, NULL) != 1) break;
    const int nmiss = near_misses(g, &s, &a, &probe_rng, miss, kinds, PROBES);
    expect_position(c, g, &s, &a, miss, nmiss);
    for (int i = 0; i < nmiss && rc == 0 && cs->result == AGREE; i++) {
      wolves_state probe = s;
      int ours = 0;
      c->probes++;
      /* (a disagreement here is written after shrinking, below) */
      const char *out = c->out;
      c->out = NULL;
      const int r = step(c, cs, g, &probe, &miss[i], number + 1, miss_names[kinds[i]], &o, &t, 0, &ours);
      c->out = out;
      if (r < 0) rc = -1;
      if (r == 0 && out && cs->result == DISAGREE) {
        /* the reproducer: the loaded position, or the shortest prefix */
        const int theirs0 = c->last_theirs;
        char clause0[sizeof c->last_clause];
        memcpy(clause0, c->last_clause, sizeof clause0);
        size_t at = t.len;
        if (!o.loaded && shrink(c, &o, &t, &miss[i], ours, &at)) rc = -1;
        if (rc == 0) {
          trail shorter = t;
          shorter.len = at;
          const wolves_state *before = at < t.len ? &t.before[at] : &s;
          wolves_action q = miss[i];
          if (at < t.len) {
            q.player = before->current;
            if (miss[i].player != s.current) q.player = (uint8_t)((before->current + 1) % g->nplayers);
          }
          wolves_state after = *before;
          const int ours_there = wolves_apply(g, &after, &q, NULL);
          unsigned char seen[WOLVES_CLAUSE_COUNT];
          memset(seen, 0, sizeof seen);
          disagreement x = {"verdict", (unsigned)at + 1, g,    before, &q,   ours_there,
                            theirs0,   clause0,          seen, NULL,   NULL, 0};
          if (at < t.len) {
            x.theirs = c->last_theirs;
            x.their_clause = c->last_clause;
          }
          char *file = write_reproducer(c, cs, &x, &o, &shorter);
          if (file) {
            sb_puts(&cs->text, "  reproducer: ");
            err_escape(&cs->text, file, strlen(file), NULL);
            if (at < t.len) sb_printf(&cs->text, " (shrunk to %zu actions before it)", at);
            sb_putc(&cs->text, '\n');
            doc_put(&c->d, cs->list->last, "reproducer", doc_str(&c->d, file));
            free(file);
          }
        }
      }
    }
    if (rc || cs->result != AGREE) break;
    if ((c->e.caps & ENGINE_LEGAL) && s.actions_taken == 0) { /* (at each turn's start) */
      wolves_action odd;
      int side = 0;
      diff_report dr;
      diff_init(&dr, DIFF_LINES);
      unsigned char seen[WOLVES_CLAUSE_COUNT];
      memset(seen, 0, sizeof seen);
      const int n = compare_legal(c, g, &s, &dr, &odd, &side, seen);
      cs->compared++;
      if (n > 0) {
        wolves_state after = s;
        const int ours = side ? wolves_apply(g, &after, &odd, NULL) : 0;
        if (ours) seen[ours] = 1;
        disagreement x = {"legal", number + 1, g,    &s, side ? &odd : NULL, ours, side == 1 ? 0 : -1, "",
                          seen,    &dr,        NULL, 0};
        tally(c, seen, seen);
        disagree(c, cs, &x, &o, &t);
      }
      diff_free(&dr);
      sb_free(&dr.out);
      if (n < 0) rc = -1;
      if (n) break;
    }
    /* without legal, but with load: other legal actions are offered too
     * (an engine that refuses too much), the position loaded again after
     * each the engine applies */
    if (!(c->e.caps & ENGINE_LEGAL) && (c->e.caps & ENGINE_LOAD))
      for (int k = 0; k < LEGAL_PROBES && rc == 0 && cs->result == AGREE; k++) {
        wolves_action other;
        if (wolves_sample(g, &s, &probe_rng, &other, NULL) != 1 || memcmp(&other, &a, sizeof a) == 0)
          continue;
        wolves_state probe = s;
        int ours = 0;
        const int r = step(c, cs, g, &probe, &other, number + 1, "another legal action", &o, &t,
                           (c->e.caps & ENGINE_STATE) != 0, &ours);
        if (r < 0 || (r == 1 && ours == 0 && engine_load(c, g, &s) != 0)) rc = -1;
      }
    if (rc || cs->result != AGREE) break;
    const wolves_state before = s;
    int ours = 0;
    const int r = step(c, cs, g, &s, &a, ++number, NULL, &o, &t, 0, &ours);
    if (r < 0) rc = -1;
    trail_add(&t, &before, &a, ours);
    /* the state at each turn's start (and each draft step): a difference
     * is traced to its action by replaying the turn */
    if (r == 1 && (c->e.caps & ENGINE_STATE) && (s.actions_taken == 0 || s.phase == WOLVES_PHASE_OVER)) {
      diff_report dr;
      diff_init(&dr, DIFF_LINES);
      const int n = compare_state(c, g, &s, &dr);
      diff_free(&dr);
      sb_free(&dr.out);
      if (n < 0 || (n > 0 && trace_state(c, cs, &o, &t, checked, &s) < 0)) rc = -1;
      checked = t.len;
    }
  }
  /* once the game is over, every action is refused (TURN.GAME_OVER): the
   * last one again, and ending the turn */
  for (int k = 0; k < 2 && rc == 0 && cs->result == AGREE && s.phase == WOLVES_PHASE_OVER && t.len; k++) {
    wolves_action late = t.a[t.len - 1];
    if (k) blank_action(&s, WOLVES_ACT_END_TURN, &late);
    late.player = s.current;
    wolves_state probe = s;
    c->probes++;
    if (step(c, cs, g, &probe, &late, number + 1, "after the game is over", &o, &t, 0, NULL) < 0) rc = -1;
  }
  if (rc == 0 && cs->result == AGREE && finish(c, cs, g, &s, number, &o, &t) < 0) rc = -1;
  trail_free(&t);
  return rc;
}

/* ---- reporting ---- */

static void report_case(conform *c, size_t number, conform_case *cs) {
  c->counts[cs->result]++;
  if (c->json) {
    doc *d = &c->d;
    doc_node *m = doc_map(d);
    doc_put(d, m, "name", doc_str(d, cs->name));
    doc_put(d, m, "result", doc_str(d, result_words[cs->result]));
    doc_put(d, m, "compared", doc_int(d, (long long)cs->compared));
    if (cs->result == SKIP) doc_put(d, m, "reason", doc_str(d, cs->text.buf ? cs->text.buf : ""));
    if (cs->result == BAD) doc_put(d, m, "error", doc_str(d, cs->text.buf ? cs->text.buf : ""));
    doc_put(d, m, "disagreements", cs->list ? cs->list : doc_seq(d));
    doc_push(c->cases, m);
  }
  if (c->junit)
    junit_case(&c->junit_cases, cs->name, cs->seconds,
               cs->result == AGREE      ? JUNIT_PASSED
               : cs->result == DISAGREE ? JUNIT_FAILED
               : cs->result == SKIP     ? JUNIT_SKIPPED
                                        : JUNIT_ERROR,
               cs->text.buf ? cs->text.buf : "", cs->list ? (int)cs->list->count : 0);
  if (cs->result == BAD) fprintf(stderr, "%s\n", cs->text.buf ? cs->text.buf : "");
  if (c->tap) {
    printf("%s %zu - ", cs->result == DISAGREE || cs->result == BAD ? "not ok" : "ok", number);
    err_text(stdout, cs->name, "#");
    if (cs->result == SKIP) {
      fputs(" # SKIP ", stdout);
      err_text(stdout, cs->text.buf ? cs->text.buf : "", NULL);
    }
    putchar('\n');
    if (cs->result == BAD)
      tap_yaml(cs->text.buf ? cs->text.buf : "");
    else if (cs->result == DISAGREE)
      print_lines(cs->text.buf, "  # ");
  } else if (c->text && (cs->result == DISAGREE || cs->result == BAD || !c->quiet)) {
    static const char *const words[] = {"AGREE", "DISAGREE", "SKIP", "ERROR"};
    printf("%s ", words[cs->result]);
    err_path(stdout, cs->name);
    if (cs->result == AGREE) printf(" (%lu compared)", cs->compared);
    if (cs->result == SKIP) {
      fputs(": ", stdout);
      err_text(stdout, cs->text.buf ? cs->text.buf : "", NULL);
    }
    putchar('\n');
    if (cs->result == DISAGREE) print_lines(cs->text.buf, "  ");
  }
  fflush(stdout);
}

static void summary(conform *c, size_t ncases, double seconds) {
  (void)ncases;
  if (c->json) {
    doc *d = &c->d;
    doc_node *root = doc_map(d), *engine = doc_map(d), *caps = doc_seq(d), *fields = doc_seq(d),
             *clauses = doc_seq(d);
    doc_put(d, engine, "command", doc_str(d, c->e.cmd));
    doc_put(d, engine, "name", doc_str(d, c->e.name));
    doc_put(d, engine, "version", doc_str(d, c->e.version));
    for (int i = 0; engine_capability_name(i); i++)
      if (c->e.caps & (1u << i)) doc_push(caps, doc_str(d, engine_capability_name(i)));
    for (int i = 0; i < c->e.nfields; i++) doc_push(fields, doc_str(d, c->e.fields[i]));
    caps->layout = fields->layout = DOC_INLINE;
    doc_put(d, engine, "capabilities", caps);
    doc_put(d, engine, "state_fields", fields);
    doc_put(d, root, "engine", engine);
    doc_put(d, root, "cases", c->cases);
    for (int k = 1; k < WOLVES_CLAUSE_COUNT; k++) {
      if (!c->agreed[k] && !c->disagreed[k]) continue;
      doc_node *m = doc_map(d);
      doc_put(d, m, "clause", doc_str(d, clause_id(k)));
      doc_put(d, m, "agreed", doc_int(d, (long long)c->agreed[k]));
      doc_put(d, m, "disagreed", doc_int(d, (long long)c->disagreed[k]));
      m->layout = DOC_INLINE;
      doc_push(clauses, m);
    }
    doc_put(d, root, "clauses", clauses);
    for (int r = AGREE; r <= BAD; r++) doc_put(d, root, result_words[r], doc_int(d, c->counts[r]));
    doc_put(d, root, "checks", doc_int(d, (long long)c->checks));
    doc_put(d, root, "actions", doc_int(d, (long long)c->applies));
    strbuf sb = {0};
    json_write(&sb, root);
    fwrite(sb.buf, 1, sb.len, stdout);
    sb_free(&sb);
  } else if (c->text || c->tap) {
    const char *hash = c->tap ? "# " : "";
    int any = 0;
    for (int k = 1; k < WOLVES_CLAUSE_COUNT; k++) {
      if (!c->agreed[k] && !c->disagreed[k]) continue;
      if (c->quiet && !c->disagreed[k]) continue;
      if (!any++) printf("%s%-28s %8s %9s\n", hash, "clause", "agreed", "disagreed");
      printf("%s%-28s %8lu %9lu\n", hash, clause_id(k), c->agreed[k], c->disagreed[k]);
    }
    printf("%sconform: %d agree, %d disagree, %d skipped%s; %lu checks, %lu actions sent (%lu near misses)\n",
           hash, c->counts[AGREE], c->counts[DISAGREE], c->counts[SKIP], c->counts[BAD] ? ", errors" : "",
           c->checks, c->applies, c->probes);
  }
  if (c->junit) {
    const junit_counts n = {c->counts[AGREE], c->counts[DISAGREE], c->counts[BAD], c->counts[SKIP]};
    if (junit_write(c->junit, "conform", &n, seconds, NULL, c->junit_cases.buf)) c->write_failed = 1;
  }
}

/* ---- options ---- */

static int read_readings(conform *c, const char *list) {
  for (const char *p = list; p && *p;) {
    const char *nl = strchr(p, '\n');
    const size_t n = nl ? (size_t)(nl - p) : strlen(p);
    char one[256];
    snprintf(one, sizeof one, "%.*s", (int)(n < 255 ? n : 255), p);
    char *eq = strchr(one, '=');
    if (eq == NULL)
      return usage_error("conform", "--reading is CLAUSE=NAME (see wolves clauses CLAUSE), not '%s'", one);
    *eq = '\0';
    const wolves_reading *r = wolves_reading_find(one);
    if (r == NULL) {
      *eq = '=';
      return usage_error("conform", "--reading %s: the clause has no readings (see wolves clauses)", one);
    }
    const int k = wolves_reading_choice_find(r, eq + 1);
    if (k < 0) {
      *eq = '=';
      return usage_error("conform", "--reading %s: no reading of that name (see wolves clauses)", one);
    }
    c->reading[r->point] = (uint8_t)k;
    c->reading_set[r->point] = 1;
    p += n + (nl ? 1 : 0);
  }
  return 0;
}

static int read_options(conform *c, const char *flags, const char *const *values, double *timeout) {
  const char *cmd = values[CONFORM_ENGINE];
  if (cmd == NULL || !*cmd)
    return usage_error("conform", "%s", "conform needs --engine CMD (a shell command line)");
  *timeout = 10;
  if (values[CONFORM_TIMEOUT]) {
    uint64_t v;
    if (number_option(values[CONFORM_TIMEOUT], 1, 3600, &v))
      return usage_error("conform", "--timeout is a number of seconds from 1 to 3600, not '%s'",
                         values[CONFORM_TIMEOUT]);
    *timeout = (double)v;
  }
  const int json = format_option("conform", values[CONFORM_FORMAT]);
  if (json < 0) return 2;
  c->quiet = strchr(flags, 'q') != NULL;
  c->tap = strchr(flags, 't') != NULL;
  if (json && c->tap) return usage_error("conform", "%s", "--tap and --format json exclude each other");
  c->json = json;
  c->text = !json && !c->tap;
  c->junit = values[CONFORM_JUNIT];
  if (c->junit && !*c->junit)
    return usage_error("conform", "%s", "--junit needs a FILE ('-': standard output)");
  if (c->junit && strcmp(c->junit, "-") == 0) {
    if (!c->text)
      return usage_error("conform", "%s",
                         "--junit - writes to standard output: not with --tap or --format json");
    c->text = 0;
  }
  if (shard_option("conform", values[CONFORM_SHARD], &c->shard, &c->of)) return 2;
  c->out = values[CONFORM_OUT];
  if (c->out && !*c->out) return usage_error("conform", "%s", "--out needs a DIR");
  if (read_readings(c, values[CONFORM_READING])) return 2;
  uint64_t v;
  if (values[CONFORM_GAMES]) {
    if (number_option(values[CONFORM_GAMES], 1, 1000000, &c->games))
      return usage_error("conform", "--games is a number from 1 to 1000000, not '%s'", values[CONFORM_GAMES]);
    if (!values[CONFORM_SEED]) return usage_error("conform", "%s", "--games needs --seed S");
    if (number_option(values[CONFORM_SEED], 0, MAX_SEED, &c->seed))
      return usage_error("conform", "--seed is a number from 0 to 2^63-1, not '%s'", values[CONFORM_SEED]);
    if (c->games - 1 > MAX_SEED - c->seed)
      return usage_error("conform", "%s", "--seed plus --games passes 2^63-1");
    c->players = 3;
    if (values[CONFORM_PLAYERS]) {
      if (number_option(values[CONFORM_PLAYERS], 2, WOLVES_MAX_PLAYERS, &v))
        return usage_error("conform", "--players is 2 to 5, not '%s'", values[CONFORM_PLAYERS]);
      c->players = (int)v;
    }
  } else if (values[CONFORM_SEED] || values[CONFORM_PLAYERS]) {
    return usage_error("conform", "%s", "--seed and --players are for differential play: give --games N");
  }
  c->progress = progress_wanted();
  return 0;
}

int cmd_conform(int argc, char **argv, const char *flags, const char *const *values) {
  conform *c = xmalloc(sizeof *c);
  memset(c, 0, sizeof *c);
  double timeout = 10;
  if (read_options(c, flags, values, &timeout)) {
    free(c);
    return 2;
  }
  /* the scenarios: PATHs, else the suite (only when no --games) */
  path_list files = {0};
  if ((argc || !c->games) && files_collect_operands("conform", argc, argv, &files)) {
    free(c);
    return 2;
  }
  const int unreadable = files.unreadable > 0;
  doc_init(&c->d, "report");
  c->cases = doc_seq(&c->d);
  const double start = progress_clock();
  int rc = 0;
  if (engine_start(&c->e, values[CONFORM_ENGINE], timeout)) {
    err_say("wolves conform: protocol error: %s", c->e.error.buf ? c->e.error.buf : "?");
    engine_stop(&c->e);
    doc_free(&c->d);
    paths_free(&files);
    free(c);
    return 2;
  }
  size_t total = 0;
  for (size_t i = 0; i < files.len; i++) total += c->of <= 1 || i % c->of == c->shard - 1;
  for (uint64_t k = 0; k < c->games; k++) total += c->of <= 1 || k % c->of == c->shard - 1;
  if (c->tap) printf("TAP version 13\n1..%zu\n", total);
  if (c->text && !c->quiet) {
    printf("engine: ");
    err_text(stdout, c->e.name[0] ? c->e.name : "(no name)", NULL);
    if (c->e.version[0]) {
      putchar(' ');
      err_text(stdout, c->e.version, NULL);
    }
    fputs(" (", stdout);
    for (int i = 0, n = 0; engine_capability_name(i); i++)
      if (c->e.caps & (1u << i)) printf("%s%s", n++ ? " " : "", engine_capability_name(i));
    puts("); expected: wolves, got: the engine");
  }
  fflush(stdout);
  size_t number = 0;
  /* each file is read while the engine loads the position of the one before */
  read_case next = {0};
  size_t at = 0;
  while (at < files.len && c->of > 1 && at % c->of != c->shard - 1) at++;
  if (at < files.len) case_read(&next, files.paths[at]);
  while (at < files.len && rc == 0) {
    const size_t i = at;
    read_case cur = next;
    memset(&next, 0, sizeof next);
    if (c->progress) progress_count(number, total);
    conform_case cs = {files.paths[i], AGREE, {0}, NULL, 0, 0};
    const double t0 = progress_clock();
    begun_case b;
    if (begin_case(c, &cs, &cur, &b) < 0) rc = 2;
    for (at++; at < files.len && c->of > 1 && at % c->of != c->shard - 1;) at++;
    if (rc == 0 && at < files.len) case_read(&next, files.paths[at]);
    if (rc == 0 && end_case(c, &cs, &cur, &b) < 0) rc = 2;
    cs.seconds = progress_clock() - t0;
    if (c->progress) progress_count(total, total);
    if (rc == 0) report_case(c, ++number, &cs);
    sb_free(&cs.text);
    case_free(&cur);
  }
  case_free(&next);
  strbuf name = {0};
  for (uint64_t k = 0; k < c->games && rc == 0; k++) {
    if (c->of > 1 && k % c->of != c->shard - 1) continue;
    if (c->progress) progress_count(number, total);
    name.len = 0;
    sb_printf(&name, "game-%dp-seed-%llu", c->players, (unsigned long long)(c->seed + k));
    conform_case cs = {name.buf, AGREE, {0}, NULL, 0, 0};
    const double t0 = progress_clock();
    if (run_game(c, &cs, c->seed + k) < 0) rc = 2;
    cs.seconds = progress_clock() - t0;
    if (c->progress) progress_count(total, total);
    if (rc == 0) report_case(c, ++number, &cs);
    sb_free(&cs.text);
  }
  sb_free(&name);
  if (rc) {
    if (c->tap) puts("Bail out! protocol error (see standard error)");
    fflush(stdout);
    err_say("wolves conform: protocol error: %s", c->e.error.buf ? c->e.error.buf : "?");
  } else {
    summary(c, number, progress_clock() - start);
  }
  engine_stop(&c->e);
  if (rc == 0) rc = c->counts[BAD] || c->write_failed || unreadable ? 2 : c->counts[DISAGREE] ? 1 : 0;
  state_memo_free(&c->memo);
  doc_free(&c->d);
  sb_free(&c->junit_cases);
  paths_free(&files);
  free(c);
  return rc;
}
