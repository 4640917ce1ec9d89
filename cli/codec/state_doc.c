/* state_doc.c - see state_doc.h.  Reading goes in dependency order:
 * players (colours), data, board or setup, tokens, turn, Player Boards,
 * supply, pieces, Moonlight Board, history; derived values are verified
 * last, against the finished position. */
#include "state_doc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board_doc.h"
#include "bounds.h"
#include "data_doc.h"
#include "pieces_doc.h"
#include "players_doc.h"
#include "read.h"
#include "readings_doc.h"

#define LOG_START 1024

static const char *const keys[] = {
    "format",  "title",        "player_count",  "setup",      "ai",       "phase",   "turn",
    "current", "first_player", "actions_taken", "draft_step", "board",    "pieces",  "moon",
    "supply",  "players",      "data",          "events",     "readings", "edition", NULL};

const char *const *state_keys(void) { return keys; }

int state_read_keys(const doc_node *root, const char *const known[], const char *where, cli_err *e) {
  const doc_node *const derived = doc_get(root, "derived");
  if (derived)
    return err_at_key(e, derived,
                      "'derived' is what `wolves run --derived` adds for reading, never an input: delete it "
                      "(jq 'del(.derived)')");
  return read_keys(root, known, where, e);
}

void position_free(position *pos) { events_free(&pos->events); }

int run_logged(logged_fn fn, void *ctx, wolves_state *s, int log_checks, event_list *out, unsigned action) {
  const wolves_state before = *s;
  for (size_t cap = LOG_START;; cap *= 2) {
    wolves_event *buf = malloc(cap * sizeof *buf);
    if (!buf) {
      fputs("wolves: out of memory\n", stderr);
      exit(2);
    }
    wolves_log log = {buf, 0, cap, 0, log_checks};
    const int rc = fn(ctx, s, &log);
    if (log.dropped == 0) {
      events_append(out, log.ev, log.len, action);
      free(buf);
      return rc;
    }
    free(buf);
    *s = before; /* the engine ran out of log: run it again with more */
  }
}

typedef struct {
  const wolves_game *g;
  const wolves_action *a;
} apply_ctx;

static int call_apply(void *ctx, wolves_state *s, wolves_log *log) {
  const apply_ctx *c = ctx;
  return wolves_apply(c->g, s, c->a, log);
}

int apply_logged(const wolves_game *g, wolves_state *s, const wolves_action *a, int log_checks,
                 event_list *out, unsigned action) {
  apply_ctx ctx = {g, a};
  return run_logged(call_apply, &ctx, s, log_checks, out, action);
}

/* ---- the players' colours and the game ---- */

static int read_colours(const doc_node *players, uint8_t packs[WOLVES_MAX_PLAYERS], int *n, cli_err *e) {
  if (read_kind(players, DOC_MAP, "players", e)) return -1;
  if (players->count < 2 || players->count > WOLVES_MAX_PLAYERS)
    return err_at(e, players, "the game is for 2 to 5 players, not %zu", players->count);
  *n = 0;
  for (const doc_node *v = players->first; v; v = v->next) {
    const doc_node k = read_key_node(v);
    const int c = read_name(&k, NAMES_COLOUR, e);
    if (c < 0) return -1;
    packs[(*n)++] = (uint8_t)c;
  }
  return 0;
}

static int colour_player(const doc_node *n, const uint8_t packs[], int np, cli_err *e) {
  const int c = read_name(n, NAMES_COLOUR, e);
  if (c < 0) return -1;
  for (int p = 0; p < np; p++)
    if (packs[p] == c) return p;
  return err_at(e, n, "'%s' is not a player in this game", n->str);
}

/* The 2-player AI colour: given, or the first colour no player has. */
static int read_ai(const doc_node *root, const uint8_t packs[], int np, uint8_t *ai, cli_err *e) {
  const doc_node *n = doc_get(root, "ai");
  *ai = WOLVES_NONE;
  if (np != 2) return n ? err_at_key(e, n, "'ai' is only for 2 players") : 0;
  int used[WOLVES_TERRAINS] = {0};
  for (int p = 0; p < np; p++) used[packs[p]] = 1;
  if (n) {
    const int c = read_name(n, NAMES_COLOUR, e);
    if (c < 0) return -1;
    if (used[c]) return err_at(e, n, "the AI pack cannot be a player's colour '%s'", n->str);
    *ai = (uint8_t)c;
    return 0;
  }
  for (int c = 0; c < WOLVES_TERRAINS; c++)
    if (!used[c]) {
      *ai = (uint8_t)c;
      break;
    }
  return 0;
}

typedef struct {
  wolves_game *g;
  int np;
  const uint8_t *packs;
  uint8_t ai;
  uint64_t seed;
} setup_ctx;

static int call_setup(void *ctx, wolves_state *s, wolves_log *log) {
  const setup_ctx *c = ctx;
  return wolves_setup(c->g, s, c->np, c->packs, c->ai, c->seed, log);
}

/* What the readings in force give at setup (wolves_setup_readings). */
static int call_setup_readings(void *ctx, wolves_state *s, wolves_log *log) {
  return wolves_setup_readings(ctx, s, log);
}

static int standard_game(const doc_node *setup, position *pos, const uint8_t packs[], int np, uint8_t ai,
                         int log_checks, cli_err *e) {
  static const char *const setup_keys[] = {"seed", NULL};
  long long seed = 0;
  const doc_node *n;
  if (read_kind(setup, DOC_MAP, "setup", e) || read_keys(setup, setup_keys, "setup", e)) return -1;
  if ((n = doc_get(setup, "seed")) && read_int(n, 0, 0x7fffffffffffffffLL, "seed", &seed, e)) return -1;
  setup_ctx ctx = {&pos->g, np, packs, ai, (uint64_t)seed};
  memset(&pos->s, 0, sizeof pos->s);
  const int rc = run_logged(call_setup, &ctx, &pos->s, log_checks, &pos->events, 0);
  if (rc) {
    const wolves_clause_info *c = wolves_clause_get(rc);
    return err_at(e, setup, "setup refused: %s", c ? c->id : "?");
  }
  return 0;
}

static int custom_game(const doc_node *root, position *pos, const uint8_t packs[], int np, uint8_t ai,
                       cli_err *e) {
  static const char *const board_keys[] = {"map", "lone_wolves", "prey", "region_tokens", NULL};
  const doc_node *board = doc_get(root, "board");
  if (!board) return err_at(e, root, "missing required key 'board' (or 'setup' for a standard game)");
  if (read_kind(board, DOC_MAP, "board", e) || read_keys(board, board_keys, "board", e)) return -1;
  if (read_require(board, "map", "board", e)) return -1;
  if (board_map_read(doc_get(board, "map"), &pos->g.board, e)) return -1;
  pos->g.nplayers = (uint8_t)np;
  wolves_state_init(&pos->g, &pos->s, packs);
  pos->s.phase = WOLVES_PHASE_PLAY;
  pos->s.turn = 1;
  pos->s.current = pos->s.first_player = 0;
  pos->s.actions_taken = pos->s.draft_step = 0;
  pos->s.ai_pack = ai;
  return board_tokens_read(board, &pos->g, &pos->s, e);
}

/* ---- turn, supply, Moonlight Board ---- */

static int read_u8(const doc_node *root, const char *key, long long hi, uint8_t *out, cli_err *e) {
  const doc_node *n = doc_get(root, key);
  long long v;
  if (!n) return 0;
  if (read_int(n, 0, hi, key, &v, e)) return -1;
  *out = (uint8_t)v;
  return 0;
}

static int read_turn(const doc_node *root, position *pos, const uint8_t packs[], int np, cli_err *e) {
  wolves_state *s = &pos->s;
  const doc_node *n;
  long long v;
  int i;
  if ((n = doc_get(root, "phase"))) {
    if ((i = read_name(n, NAMES_GAME_PHASE, e)) < 0) return -1;
    s->phase = (uint8_t)i;
  }
  if ((n = doc_get(root, "turn"))) {
    if (read_int(n, 1, 65535, "turn", &v, e)) return -1;
    s->turn = (uint16_t)v;
  }
  if ((n = doc_get(root, "current"))) {
    if ((i = colour_player(n, packs, np, e)) < 0) return -1;
    s->current = (uint8_t)i;
  }
  if ((n = doc_get(root, "first_player"))) {
    if ((i = colour_player(n, packs, np, e)) < 0) return -1;
    s->first_player = (uint8_t)i;
  }
  if (read_u8(root, "actions_taken", 255, &s->actions_taken, e)) return -1;
  return read_u8(root, "draft_step", 2 * np, &s->draft_step, e);
}

/* Bonus tokens: the supply holds what the players do not, unless given. */
static int read_supply(const doc_node *root, position *pos, cli_err *e) {
  static const char *const supply_keys[] = {"bonus_terrain", "bonus_action", NULL};
  const doc_node *n = doc_get(root, "supply");
  wolves_state *s = &pos->s;
  const wolves_data *d = &pos->g.data;
  int held_terrain = 0, held_action = 0;
  for (int p = 0; p < pos->g.nplayers; p++) {
    held_terrain += s->player[p].bonus_terrain;
    held_action += s->player[p].bonus_action;
  }
  s->supply_bonus_terrain =
      (uint8_t)(held_terrain > d->supply_bonus_terrain ? 0 : d->supply_bonus_terrain - held_terrain);
  s->supply_bonus_action =
      (uint8_t)(held_action > d->supply_bonus_action ? 0 : d->supply_bonus_action - held_action);
  const doc_node *at = n ? n : doc_get(root, "players");
  if (n) {
    if (read_kind(n, DOC_MAP, "supply", e) || read_keys(n, supply_keys, "supply", e)) return -1;
    if (read_u8(n, "bonus_terrain", 255, &s->supply_bonus_terrain, e)) return -1;
    if (read_u8(n, "bonus_action", 255, &s->supply_bonus_action, e)) return -1;
  }
  if (held_terrain + s->supply_bonus_terrain > d->supply_bonus_terrain)
    return err_at(e, at, "%d Bonus Terrain Tokens held and in the supply, but only %d exist",
                  held_terrain + s->supply_bonus_terrain, d->supply_bonus_terrain);
  if (held_action + s->supply_bonus_action > d->supply_bonus_action)
    return err_at(e, at, "%d Bonus Action Tokens held and in the supply, but only %d exist",
                  held_action + s->supply_bonus_action, d->supply_bonus_action);
  return 0;
}

static int read_moon(const doc_node *moon, position *pos, cli_err *e) {
  static const char *const moon_keys[] = {"dates", "filled", "phases_scored", "pending", NULL};
  wolves_state *s = &pos->s;
  const doc_node *n;
  if (read_kind(moon, DOC_MAP, "moon", e) || read_keys(moon, moon_keys, "moon", e)) return -1;
  if ((n = doc_get(moon, "dates"))) {
    if (read_kind(n, DOC_SEQ, "dates", e)) return -1;
    if (n->count > WOLVES_MOON_DATES)
      return err_at(e, n, "the Moonlight Board has %d dates", WOLVES_MOON_DATES);
    memset(s->moon, 0, sizeof s->moon);
    s->moon_filled = 0;
    for (const doc_node *c = n->first; c; c = c->next) {
      const int item = moon_item_read(s, pos->g.nplayers, c, e);
      if (item < 0) return -1;
      s->moon[s->moon_filled++] = (uint8_t)item;
    }
  }
  if ((n = doc_get(moon, "filled")) && read_kind(n, DOC_INT, "filled", e)) return -1;
  if (n && n->num != s->moon_filled)
    return err_at(e, n, "moon.filled is %d (the dates listed), not %lld", s->moon_filled, n->num);
  if (read_u8(moon, "phases_scored", WOLVES_PHASES, &s->phases_scored, e)) return -1;
  if ((n = doc_get(moon, "pending"))) {
    if (read_kind(n, DOC_SEQ, "pending", e)) return -1;
    s->phases_pending = 0;
    int last = -1;
    for (const doc_node *c = n->first; c; c = c->next) {
      const int p = read_name(c, NAMES_PHASE, e);
      if (p < 0) return -1;
      /* a set of phases, written once each in order: never rewritten */
      if (p <= last)
        return err_at(e, c, "moon.pending lists '%s' after '%s': each phase once, in moon order", c->str,
                      wolves_phase_name(last));
      if (p < s->phases_scored)
        return err_at(e, c, "phase '%s' is pending but already scored (phases_scored %d)", c->str,
                      s->phases_scored);
      last = p;
      s->phases_pending |= (uint8_t)(1u << p);
    }
  }
  return 0;
}

static int read_boards(const doc_node *players, position *pos, cli_err *e) {
  int p = 0;
  for (const doc_node *v = players->first; v; v = v->next, p++)
    if (player_read(v, &pos->g, &pos->s, p, e)) return -1;
  return 0;
}

/* The engine's invariants hold on the position as given (pieces may be
 * missing, never more than exist); else the error points at the hex's
 * entry under `pieces`, or at `pieces`. */
static int check_invariants(const doc_node *root, const position *pos, cli_err *e) {
  uint8_t where;
  const char *why = wolves_position_invariants(&pos->g, &pos->s, &where);
  if (why == NULL) return 0;
  const doc_node *pieces = doc_get(root, "pieces"), *at = NULL;
  char name[HEX_NAME_MAX] = "";
  if (where != WOLVES_NONE) {
    hex_name(&pos->g.board, where, name);
    at = pieces && pieces->kind == DOC_MAP ? doc_get(pieces, name) : NULL;
  }
  return err_at_key(e,
                    at       ? at
                    : pieces ? pieces
                             : root,
                    "impossible position: %s%s%s", why, *name ? " at " : "", name);
}

static int verify(const doc_node *root, const position *pos, int np, cli_err *e) {
  const doc_node *n = doc_get(root, "player_count");
  if (n && (read_kind(n, DOC_INT, "player_count", e) ||
            (n->num != np && err_at(e, n, "player_count is %d (the players listed), not %lld", np, n->num))))
    return -1;
  wolves_score score[WOLVES_MAX_PLAYERS];
  wolves_final_scores(&pos->g, &pos->s, score);
  int p = 0;
  for (const doc_node *v = doc_get(root, "players")->first; v; v = v->next, p++)
    if (player_verify(v, &pos->g, &pos->s, p, score, e)) return -1;
  return 0;
}

int read_title(const doc_node *n, const char **title, cli_err *e) {
  if (read_kind(n, DOC_STR, "title", e)) return -1;
  if (n->len > TITLE_MAX)
    return err_at(e, n, "title is %zu bytes; at most %d (wolves-scenario(5), LIMITS)", n->len, TITLE_MAX);
  *title = n->str;
  return 0;
}

/* The readings of a position: its `edition:`'s profile, else the one
 * given (--edition), then its `readings:` clause by clause; the edition
 * in force is left in pos->edition. */
static int read_readings(const doc_node *root, position *pos, uint8_t reading[WOLVES_READINGS], cli_err *e) {
  const doc_node *const n = doc_get(root, "edition");
  if (n && (pos->edition = edition_read(n, e)) < 0) return -1;
  for (int p = 0; p < WOLVES_READINGS; p++) reading[p] = (uint8_t)wolves_edition_reading(pos->edition, p);
  const doc_node *const named = doc_get(root, "readings");
  if (readings_read(named, reading, e)) return -1;
  for (const doc_node *v = named ? named->first : NULL; v; v = v->next) /* (read: each names a point) */
    pos->readings_named |= 1u << wolves_reading_find(wolves_clause_get(read_clause_find(v->key))->id)->point;
  return 0;
}

int state_read(const doc_node *root, position *pos, int log_checks, cli_err *e) {
  const doc_node *n;
  uint8_t packs[WOLVES_MAX_PLAYERS], ai;
  int np = 0;
  data_overrides ov;
  uint8_t reading[WOLVES_READINGS];
  if ((n = doc_get(root, "format")) && (n->kind != DOC_STR || strcmp(n->str, STATE_FORMAT) != 0))
    return err_at(e, n, "format must be '%s'", STATE_FORMAT);
  if ((n = doc_get(root, "title")) && read_title(n, &pos->title, e)) return -1;
  if (read_require(root, "players", "the scenario", e)) return -1;
  const doc_node *players = doc_get(root, "players");
  if (read_colours(players, packs, &np, e) || read_ai(root, packs, np, &ai, e)) return -1;
  if (data_read(doc_get(root, "data"), &ov, e)) return -1;
  if (read_readings(root, pos, reading, e)) return -1;
  if ((n = doc_get(root, "setup"))) {
    if (doc_get(root, "board"))
      return err_at_key(e, doc_get(root, "board"),
                        "'board' cannot be combined with 'setup' (setup makes the board)");
    if (standard_game(n, pos, packs, np, ai, log_checks, e)) return -1;
    if (pos->house) data_apply(pos->house, &pos->g.data);
    data_apply(&ov, &pos->g.data);
  } else {
    wolves_data_defaults(&pos->g.data, np);
    if (pos->house) data_apply(pos->house, &pos->g.data);
    data_apply(&ov, &pos->g.data);
    if (custom_game(root, pos, packs, np, ai, e)) return -1;
  }
  memcpy(pos->g.reading, reading, sizeof pos->g.reading); /* before the pieces: they may depend on it */
  if (doc_get(root, "setup") &&
      run_logged(call_setup_readings, &pos->g, &pos->s, log_checks, &pos->events, 0))
    return err_at(e, doc_get(root, "setup"), "%s", "setup refused by its readings");
  if (read_turn(root, pos, packs, np, e) || read_boards(players, pos, e) || read_supply(root, pos, e))
    return -1;
  if ((n = doc_get(root, "pieces")) && pieces_read(n, &pos->g, &pos->s, e)) return -1;
  if ((n = doc_get(root, "moon")) && read_moon(n, pos, e)) return -1;
  const doc_node *at = doc_get(root, "pieces") ? doc_get(root, "pieces") : root;
  if (pieces_check_supply(&pos->g, &pos->s, at, e)) return -1;
  pos->carried_from = pos->events.len;
  if ((n = doc_get(root, "events")) && events_read(n, &pos->g, &pos->s, &pos->events, e)) return -1;
  pos->carried_to = pos->events.len;
  return check_invariants(root, pos, e) || verify(root, pos, np, e) ? -1 : 0;
}

/* ---- writing ---- */

static void moon_emit(emitter *em, const char *key, const wolves_state *s) {
  emit_map(em, key, DOC_AUTO);
  emit_seq(em, "dates", DOC_AUTO);
  for (int i = 0; i < s->moon_filled && i < WOLVES_MOON_DATES; i++) {
    char text[PIECE_TEXT_MAX];
    moon_item_text(s->moon[i], text);
    emit_str(em, NULL, text);
  }
  emit_end(em);
  emit_int(em, "filled", s->moon_filled);
  emit_int(em, "phases_scored", s->phases_scored);
  emit_seq(em, "pending", DOC_AUTO);
  for (int p = 0; p < WOLVES_PHASES; p++)
    if (s->phases_pending & (1u << p)) emit_str(em, NULL, wolves_phase_name(p));
  emit_end(em);
  emit_end(em);
}

void state_emit(emitter *em, const char *key, const position *pos, unsigned parts, state_memo *memo) {
  const wolves_game *g = &pos->g;
  const wolves_state *s = &pos->s;
  wolves_score score[WOLVES_MAX_PLAYERS];
  memset(score, 0, sizeof score); /* (its bytes are a memo's key) */
  wolves_final_scores(g, s, score);
  emit_map(em, key, DOC_AUTO);
  emit_str(em, "format", STATE_FORMAT);
  if (pos->title && (parts & STATE_TITLE)) emit_str(em, "title", pos->title);
  emit_int(em, "player_count", g->nplayers);
  emit_str(em, "phase", names_word(NAMES_GAME_PHASE, s->phase));
  emit_int(em, "turn", s->turn);
  emit_str(em, "current", wolves_terrain_name(s->player[s->current].pack));
  emit_str(em, "first_player", wolves_terrain_name(s->player[s->first_player].pack));
  emit_int(em, "actions_taken", s->actions_taken);
  emit_int(em, "draft_step", s->draft_step);
  if (g->nplayers == 2 && s->ai_pack < WOLVES_TERRAINS) emit_str(em, "ai", wolves_terrain_name(s->ai_pack));
  board_emit(em, "board", g, s, memo ? &memo->board : NULL);
  pieces_emit(em, "pieces", g, s, memo ? memo->hex : NULL);
  moon_emit(em, "moon", s);
  emit_map(em, "supply", DOC_AUTO);
  emit_int(em, "bonus_terrain", s->supply_bonus_terrain);
  emit_int(em, "bonus_action", s->supply_bonus_action);
  emit_end(em);
  emit_map(em, "players", DOC_AUTO);
  for (int p = 0; p < g->nplayers; p++)
    player_emit(em, wolves_terrain_name(s->player[p].pack), g, s, p, score, memo ? memo->player[p] : NULL);
  emit_end(em);
  data_emit(em, "data", &g->data, g->nplayers);
  readings_emit(em, "readings", g);
  if (parts & STATE_EVENTS) events_emit(em, "events", g, s, &pos->events, EVENTS_ACTION);
  emit_end(em);
}

doc_node *state_write(doc *d, const position *pos) {
  emitter em;
  emit_tree(&em, d);
  state_emit(&em, NULL, pos, STATE_TITLE | STATE_EVENTS, NULL);
  return em.root;
}

void state_memo_free(state_memo *m) {
  board_memo_free(&m->board);
  for (int p = 0; p < WOLVES_MAX_PLAYERS; p++)
    for (int k = 0; k < 2; k++) emit_memo_free(&m->player[p][k]);
  for (int h = 0; h < WOLVES_MAX_HEXES; h++) emit_memo_free(&m->hex[h]);
}
