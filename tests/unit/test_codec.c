/* test_codec.c - the codec's public functions (wolves.h, "positions and
 * actions as text"): every golden position read and written back to the
 * same bytes; every legal action at every position of the bundled
 * scenarios formatted and parsed back to the same action; the errors; the
 * version.  Run from the top of the source tree (tests/run-all does). */
#include <stdlib.h>

#include "actions_doc.h"
#include "bounds.h"
#include "doc.h"
#include "emit.h"
#include "json.h"
#include "state_doc.h"
#include "bundled.h"
#include "unit.h"
#include "wolves.h"

/* ---- positions ---- */

/* from_json then to_json gives the golden's bytes, for every golden (all
 * are `wolves run` outputs, history included). */
static void golden_round_trip(unit *u) {
  file_list l = find_files("golden", ".json");
  EXPECT(u, l.n >= 100);
  for (size_t i = 0; i < l.n; i++) {
    size_t len;
    char *text = slurp(l.path[i], &len);
    wolves_game g;
    wolves_state s;
    wolves_history *h = NULL;
    wolves_error err = {0};
    if (!text || wolves_state_from_json(text, len, &g, &s, &h, &err) != 0) {
      UNIT_FAIL_AT(u, "%s:%d:%d: %s", l.path[i], err.line, err.col, err.message);
    } else {
      char *out = wolves_state_to_json(&g, &s, h);
      if (!out || strlen(out) != len || memcmp(out, text, len) != 0)
        UNIT_FAIL_AT(u, "%s: to_json differs from the golden", l.path[i]);
      wolves_free(out);
    }
    wolves_history_free(h);
    free(text);
  }
  list_free(&l);
}

/* Without the history: no title, no events, the same game and state. */
static void without_history(unit *u) {
  size_t len;
  char *text = slurp("golden/howl/range.json", &len);
  wolves_game g, g2;
  wolves_state s, s2;
  EXPECT(u, text != NULL);
  if (!text) return;
  EXPECT_EQ(u, wolves_state_from_json(text, len, &g, &s, NULL, NULL), 0);
  char *out = wolves_state_to_json(&g, &s, NULL);
  EXPECT(u, out && strstr(out, "\"title\"") == NULL && strstr(text, "\"title\"") != NULL);
  EXPECT(u, out && strlen(out) > 17 && strcmp(out + strlen(out) - 17, "  \"events\": []\n}\n") == 0);
  EXPECT_EQ(u, wolves_state_from_json(out, strlen(out), &g2, &s2, NULL, NULL), 0);
  EXPECT(u, memcmp(&g, &g2, sizeof g) == 0 && memcmp(&s, &s2, sizeof s) == 0);
  /* a new history's title, then events recorded from a log */
  wolves_history *h = wolves_history_new("a \"new\" title");
  char *titled = wolves_state_to_json(&g, &s, h);
  EXPECT(u, titled && strstr(titled, "  \"title\": \"a \\\"new\\\" title\",\n") != NULL);
  wolves_event ev[64];
  wolves_log log = {ev, 0, 64, 0, 0};
  wolves_action a;
  EXPECT_EQ(u, wolves_action_parse(&g, &s, "{howl: {at: D3}}", 16, &a, NULL), 0);
  EXPECT_EQ(u, wolves_apply(&g, &s, &a, &log), WOLVES_C_HOWL_RANGE); /* refused: 3 hexes away */
  EXPECT_EQ(u, wolves_history_record(h, &log, 1), 0);
  char *refused = wolves_state_to_json(&g, &s, h);
  EXPECT(u, refused &&
                strstr(refused, "{\"action\": 1, \"event\": \"refuse\", \"clause\": \"HOWL.RANGE\"") != NULL);
  log.dropped = 1; /* an incomplete log is not recorded */
  EXPECT_EQ(u, wolves_history_record(h, &log, 2), -1);
  /* nor one that would make a document no reader takes (bounds.h) */
  wolves_event *const many = calloc(EVENTS_MAX, sizeof *many);
  wolves_log big = {many, EVENTS_MAX, EVENTS_MAX, 0, 0};
  EXPECT(u, many && refused && wolves_history_record(h, &big, 2) == -1);
  free(many);
  char long_title[TITLE_MAX + 2];
  memset(long_title, 'x', sizeof long_title - 1);
  long_title[TITLE_MAX + 1] = '\0';
  EXPECT(u, wolves_history_new(long_title) == NULL);
  long_title[TITLE_MAX] = '\0';
  wolves_history *longest = wolves_history_new(long_title);
  EXPECT(u, longest != NULL);
  wolves_history_free(longest);
  char *again = wolves_state_to_json(&g, &s, h);
  EXPECT(u, again && refused && strcmp(again, refused) == 0);
  wolves_free(again);
  wolves_free(refused);
  wolves_free(titled);
  wolves_history_free(h);
  wolves_free(out);
  free(text);
}

static void expect_error(unit *u, const char *text, int line, int col, const char *message) {
  wolves_game g;
  wolves_state s;
  wolves_history *h = (wolves_history *)&g; /* set to NULL on failure */
  wolves_error err = {0};
  EXPECT_EQ(u, wolves_state_from_json(text, strlen(text), &g, &s, &h, &err), -1);
  EXPECT(u, h == NULL);
  EXPECT_EQ(u, err.line, line);
  EXPECT_EQ(u, err.col, col);
  EXPECT_STR(u, err.message, message);
}

static void position_errors(unit *u) {
  expect_error(u, "{\"format\": \"wolves/1\",\n \"players\": {\"rocky\": null, \"pink\": null}}", 2, 29,
               "unknown pack colour 'pink'");
  expect_error(u, "{\"players\": {\"rocky\": {}, \"grass\": {}},\n \"actions\": []}", 2, 2,
               "unknown key 'actions' in a position");
  expect_error(u, "{\"players\": [", 2, 1,
               "syntax error: did not find expected node content while parsing a flow node");
  expect_error(u, "", 1, 1, "empty file");
  wolves_game g;
  wolves_state s;
  wolves_error err;
  EXPECT_EQ(u, wolves_state_from_json(NULL, 3, &g, &s, NULL, &err), -1);
  EXPECT_EQ(u, err.line, 0);
  EXPECT_EQ(u, wolves_state_from_json("{}", 2, NULL, &s, NULL, NULL), -1);
  memset(&g, 0, sizeof g);
  memset(&s, 0, sizeof s);
  EXPECT(u, wolves_state_to_json(&g, &s, NULL) == NULL); /* no players: not a position */
}

/* ---- actions ---- */

/* parse(format(a)) == a, byte for byte, for every legal action at s. */
static int round_trip_legal(unit *u, const char *where, size_t at, const wolves_game *g,
                            const wolves_state *s) {
  enum { MAX = 4096 };
  static wolves_action legal[MAX];
  const int n = wolves_legal_actions(g, s, legal, MAX);
  EXPECT(u, n <= MAX);
  for (int i = 0; i < n && i < MAX; i++) {
    char *text = wolves_action_format(g, s, &legal[i]);
    wolves_action back;
    wolves_error err = {0};
    memset(&back, 0xAA, sizeof back); /* every byte must be written */
    if (!text || wolves_action_parse(g, s, text, strlen(text), &back, &err) != 0)
      UNIT_FAIL_AT(u, "%s, position %zu: %s: %s", where, at, text ? text : "(null)", err.message);
    else if (memcmp(&back, &legal[i], sizeof back) != 0)
      UNIT_FAIL_AT(u, "%s, position %zu: %s reads back as another action", where, at, text);
    wolves_free(text);
  }
  return n;
}

static void action_round_trip(unit *u) {
  file_list l = find_files("scenarios", ".yaml");
  long positions = 0, actions = 0;
  EXPECT(u, l.n >= 100);
  for (size_t i = 0; i < l.n; i++) {
    loaded sc;
    if (load(&sc, l.path[i])) {
      UNIT_FAIL_AT(u, "%s does not load", l.path[i]);
    } else {
      wolves_state *s = &sc.pos.s;
      for (size_t k = 0;; k++) {
        actions += round_trip_legal(u, l.path[i], k, &sc.pos.g, s);
        positions++;
        if (k == sc.nactions) break;
        wolves_action a = sc.actions[k].a;
        if (sc.actions[k].by_current) a.player = s->current;
        (void)wolves_apply(&sc.pos.g, s, &a, NULL);
      }
    }
    unload(&sc);
  }
  EXPECT(u, positions > 1000 && actions > 50000);
  list_free(&l);
}

/* One field of a (the kinds' own and the others) set to a value of its
 * range, or to "none": an action wolves_action_fits may take, or not. */
static void mutate(wolves_action *a, const wolves_game *g, wolves_rng *r) {
  const uint8_t hex = (uint8_t)wolves_rng_below(r, g->board.nhex);
  const uint8_t maybe = wolves_rng_below(r, 3) ? hex : WOLVES_NONE;
  const int i = (int)wolves_rng_below(r, WOLVES_MAX_MOVERS);
  switch (wolves_rng_below(r, 12)) {
  case 0:
    a->nsteps = (uint8_t)wolves_rng_below(r, WOLVES_MAX_MOVERS + 1);
    break;
  case 1:
    a->step[i].from = hex;
    break;
  case 2:
    a->step[i].to = hex;
    break;
  case 3:
    a->step[i].push_to = maybe;
    break;
  case 4:
    a->step[i].type = wolves_rng_below(r, 2) ? WOLVES_ALPHA : WOLVES_PACK;
    break;
  case 5:
    a->target = hex;
    break;
  case 6:
    a->attribute = wolves_rng_below(r, 4) ? (uint8_t)wolves_rng_below(r, WOLVES_ATTRIBUTES) : WOLVES_NONE;
    break;
  case 7:
    a->push_to[wolves_rng_below(r, 2)] = maybe;
    break;
  case 8:
    a->pay_tiles = (uint8_t)wolves_rng_below(r, 1u << WOLVES_TILES);
    break;
  case 9:
    a->pay_bonus = (uint8_t)wolves_rng_below(r, 3);
    break;
  case 10:
    a->piece = wolves_rng_below(r, 3) ? (uint8_t)wolves_rng_below(r, WOLVES_LAIR + 1) : WOLVES_NONE;
    break;
  default:
    a->pack = wolves_rng_below(r, 3) ? (uint8_t)wolves_rng_below(r, WOLVES_TERRAINS) : WOLVES_NONE;
    break;
  }
}

/* What wolves_action_format writes, wolves_action_parse reads back as the
 * same action: one that wolves_apply judges alike, to the byte of the
 * state after it and the clause of a refusal, and that formats as the same
 * text; else format refuses it (NULL).  Tried on every legal action of
 * positions along the bundled games, each changed in one field at a time. */
static void action_format_reads_back(unit *u) {
  file_list l = find_files("scenarios/games", ".yaml");
  wolves_rng r;
  wolves_rng_seed(&r, 31);
  enum { MAX = 4096 };
  static wolves_action legal[MAX];
  long written = 0, refused = 0;
  EXPECT(u, l.n >= 3);
  for (size_t f = 0; f < l.n; f++) {
    loaded sc;
    if (load(&sc, l.path[f])) {
      UNIT_FAIL_AT(u, "%s does not load", l.path[f]);
      continue;
    }
    const wolves_game *g = &sc.pos.g;
    wolves_state *s = &sc.pos.s;
    for (size_t k = 0; k <= sc.nactions; k++) {
      const int n = k % 7 ? 0 : wolves_legal_actions(g, s, legal, MAX);
      for (int i = 0; i < n && i < MAX; i++)
        for (int t = 0; t < 6; t++) {
          wolves_action m = legal[i];
          mutate(&m, g, &r);
          char *text = wolves_action_format(g, s, &m);
          wolves_action back;
          wolves_error err = {0};
          if (text == NULL) {
            refused++;
          } else if (wolves_action_parse(g, s, text, strlen(text), &back, &err) != 0) {
            UNIT_FAIL_AT(u, "%s: %s is written and not read back: %s", l.path[f], text, err.message);
          } else {
            wolves_state x = *s, y = *s;
            const int rx = wolves_apply(g, &x, &m, NULL), ry = wolves_apply(g, &y, &back, NULL);
            char *again = wolves_action_format(g, s, &back);
            if (rx != ry || memcmp(&x, &y, sizeof x) != 0)
              UNIT_FAIL_AT(u, "%s: %s reads back as an action judged otherwise", l.path[f], text);
            else if (again == NULL || strcmp(again, text) != 0)
              UNIT_FAIL_AT(u, "%s: %s reads back as %s", l.path[f], text, again ? again : "(null)");
            wolves_free(again);
            written++;
          }
          wolves_free(text);
        }
      if (k == sc.nactions) break;
      wolves_action a = sc.actions[k].a;
      if (sc.actions[k].by_current) a.player = s->current;
      (void)wolves_apply(g, s, &a, NULL);
    }
    unload(&sc);
  }
  EXPECT(u, written > 10000 && refused > 100); /* (both sides tried) */
  list_free(&l);
}

static void expect_parse_error(unit *u, const wolves_game *g, const wolves_state *s, const char *text,
                               int line, int col, const char *message) {
  wolves_action a;
  wolves_error err = {0};
  EXPECT_EQ(u, wolves_action_parse(g, s, text, strlen(text), &a, &err), -1);
  EXPECT_EQ(u, err.line, line);
  EXPECT_EQ(u, err.col, col);
  EXPECT_STR(u, err.message, message);
}

static void action_syntax(unit *u) {
  size_t len;
  char *golden = slurp("golden/howl/range.json", &len); /* rocky, grass, tundra; rocky to act */
  wolves_game g;
  wolves_state s;
  EXPECT(u, golden != NULL);
  if (!golden) return;
  EXPECT_EQ(u, wolves_state_from_json(golden, len, &g, &s, NULL, NULL), 0);
  free(golden);
  s.current = 1;
  wolves_action flow, block, by;
  const char *const block_text =
      "move:\n  wolves:\n    - alpha A2 C2\n    - {wolf: pack, from: B3, to: D3, push: E1}\n";
  EXPECT_EQ(
      u, wolves_action_parse(&g, &s, "{move: {wolves: [alpha A2 C2, pack B3 D3 push E1]}}", 51, &flow, NULL),
      0);
  EXPECT_EQ(u, wolves_action_parse(&g, &s, block_text, strlen(block_text), &block, NULL), 0);
  EXPECT(u, memcmp(&flow, &block, sizeof flow) == 0);
  EXPECT_EQ(u, flow.kind, WOLVES_ACT_MOVE);
  EXPECT_EQ(u, flow.player, 1); /* no `by`: the player to act */
  EXPECT_EQ(u, flow.nsteps, 2);
  EXPECT_EQ(u, flow.step[1].push_to, wolves_hex_parse(&g.board, "E1"));
  char *text = wolves_action_format(&g, &s, &flow);
  EXPECT_STR(u, text, "{move: {wolves: [\"alpha A2 C2\", \"pack B3 D3 push E1\"]}}");
  wolves_free(text);
  EXPECT_EQ(u, wolves_action_parse(&g, &s, "end_turn: tundra", 16, &by, NULL), 0);
  EXPECT_EQ(u, by.player, 2);
  text = wolves_action_format(&g, &s, &by);
  EXPECT_STR(u, text, "{end_turn: {by: tundra}}");
  wolves_free(text);
  by.player = 1;
  text = wolves_action_format(&g, &s, &by);
  EXPECT_STR(u, text, "{end_turn: null}");
  wolves_free(text);
  expect_parse_error(u, &g, &s, "{howl: {at: Z99}}", 1, 13, "hex 'Z99' is not on the map");
  expect_parse_error(u, &g, &s, "howl:\n  at: C2\n  pay: [7]\n", 3, 9, "tile slot 7 is out of range 1..6");
  expect_parse_error(u, &g, &s, "{hwol: {at: C4}}", 1, 2, "unknown action 'hwol' (did you mean 'howl'?)");
  expect_parse_error(u, &g, &s, "[howl]", 1, 1,
                     "an action is a mapping with one key, the action name (move, build_den, ...)");
  /* out of range: no text */
  by.kind = WOLVES_ACT_KINDS;
  EXPECT(u, wolves_action_format(&g, &s, &by) == NULL);
  by = flow;
  by.step[0].to = 250;
  EXPECT(u, wolves_action_format(&g, &s, &by) == NULL);
  /* what the syntax cannot say, parse could not read back: no text */
  by = flow;
  by.nsteps = 0; /* a Move of no wolf */
  EXPECT(u, wolves_action_format(&g, &s, &by) == NULL);
  EXPECT_EQ(u, wolves_action_parse(&g, &s, "{build_den: {at: C2, attribute: wolf_speed}}", 44, &by, NULL), 0);
  by.attribute = WOLVES_NONE; /* a Build Den of no section */
  EXPECT(u, wolves_action_format(&g, &s, &by) == NULL);
  EXPECT_EQ(u, wolves_action_parse(&g, &s, "{upgrade: {at: C2, push: [C3, C4]}}", 35, &by, NULL), 0);
  by.push_to[0] = WOLVES_NONE; /* the second wolf pushed somewhere, the first to the nearest hex */
  EXPECT(u, wolves_action_format(&g, &s, &by) == NULL);
}

/* ---- bad arguments (wolves(3), ERRORS): NULL pointers, a state that
 * does not fit its game, malformed actions, and text of random bytes ---- */

static void bad_arguments(unit *u) {
  size_t len;
  char *golden = slurp("golden/howl/range.json", &len);
  wolves_game g;
  wolves_state s;
  wolves_action a;
  wolves_error err;
  EXPECT(u, golden != NULL);
  if (!golden || wolves_state_from_json(golden, len, &g, &s, NULL, NULL) != 0) {
    free(golden);
    return;
  }
  EXPECT_EQ(u, wolves_action_parse(&g, &s, "{howl: {at: C2}}", 16, &a, NULL), 0);
  EXPECT(u, wolves_state_to_json(NULL, &s, NULL) == NULL && wolves_state_to_json(&g, NULL, NULL) == NULL);
  EXPECT(u, wolves_action_format(NULL, &s, &a) == NULL && wolves_action_format(&g, &s, NULL) == NULL);
  EXPECT_EQ(u, wolves_action_parse(&g, &s, "{howl: {at: C2}}", 16, NULL, &err), -1);
  EXPECT_EQ(u, err.line, 0);
  EXPECT_EQ(u, wolves_action_parse(&g, NULL, "{howl: {at: C2}}", 16, &a, &err), -1);
  EXPECT_STR(u, err.message, "wolves_action_parse: no state (a NULL pointer)");
  EXPECT_EQ(u, wolves_history_record(NULL, NULL, 0), -1);
  wolves_history_free(NULL);
  wolves_free(NULL);
  /* states that do not fit the game: nothing printed, nothing parsed */
  for (int k = 0; k < 4; k++) {
    wolves_game bad_g = g;
    wolves_state bad = s;
    if (k == 0) bad.current = 7;
    if (k == 1) bad.player[3].pack = WOLVES_FOREST; /* a fourth seat in a 3-player game */
    if (k == 2) bad_g.nplayers = 6;
    if (k == 3) bad.moon_filled = 31;
    EXPECT(u, wolves_state_to_json(&bad_g, &bad, NULL) == NULL);
    EXPECT(u, wolves_action_format(&bad_g, &bad, &a) == NULL);
    err.line = 9;
    EXPECT_EQ(u, wolves_action_parse(&bad_g, &bad, "{howl: {at: C2}}", 16, &a, &err), -1);
    EXPECT(u, err.line == 0 && strncmp(err.message, "wolves_action_parse: ", 21) == 0);
  }
  /* malformed actions: no text */
  static const char *const fields[] = {"kind", "player", "target", "nsteps", "step.to", "attribute"};
  for (int k = 0; k < 6; k++) {
    wolves_action m = a;
    if (k == 0) m.kind = WOLVES_ACT_KINDS;
    if (k == 1) m.player = 3;
    if (k == 2) m.target = g.board.nhex;
    if (k == 3) m.kind = WOLVES_ACT_MOVE, m.nsteps = WOLVES_MAX_MOVERS + 1;
    if (k == 4) m.kind = WOLVES_ACT_MOVE, m.nsteps = 1, m.step[0].type = WOLVES_ALPHA, m.step[0].to = 250;
    if (k == 5) m.kind = WOLVES_ACT_BUILD_DEN, m.attribute = WOLVES_ATTRIBUTES;
    char *text = wolves_action_format(&g, &s, &m);
    if (text) UNIT_FAIL_AT(u, "a bad %s formats as %s", fields[k], text);
    wolves_free(text);
  }
  /* random bytes, and a golden with bytes changed: an answer, never a crash */
  wolves_rng rng;
  wolves_rng_seed(&rng, 21);
  char noise[512];
  for (int round = 0; round < 2000; round++) {
    char *text = round % 2 ? golden : noise;
    const size_t n = round % 2 ? len : 1 + wolves_rng_below(&rng, sizeof noise);
    char saved[8];
    size_t at[8];
    for (int i = 0; i < 8; i++) {
      at[i] = wolves_rng_below(&rng, (uint32_t)n);
      saved[i] = text[at[i]];
      text[at[i]] = (char)wolves_rng_below(&rng, 256);
    }
    wolves_history *h = NULL;
    err.line = -1;
    const int rc = wolves_state_from_json(text, n, &g, &s, &h, &err);
    if (rc == 0) {
      char *out = wolves_state_to_json(&g, &s, h);
      EXPECT(u, out != NULL);
      wolves_free(out);
      EXPECT_EQ(u, wolves_action_parse(&g, &s, text, n, &a, &err) == 0 || err.line >= 1, 1);
    } else {
      EXPECT(u, rc == -1 && h == NULL && err.line >= 1 && err.message[0] != '\0');
    }
    wolves_history_free(h);
    for (int i = 7; i >= 0; i--) text[at[i]] = saved[i];
  }
  free(golden);
}

/* ---- version ---- */

static void version(unit *u) {
  char built[32];
  snprintf(built, sizeof built, "%d.%d.%d", WOLVES_VERSION_MAJOR, WOLVES_VERSION_MINOR, WOLVES_VERSION_PATCH);
  EXPECT_STR(u, WOLVES_VERSION_STRING, built);
  EXPECT_STR(u, wolves_version(), built);
}

/* ---- json_parse: JSON read as doc_parse reads it, and nothing else ---- */

/* The same tree: kinds, values, keys, quoting and positions. */
static int same_nodes(const doc_node *a, const doc_node *b) {
  if (a->kind != b->kind || a->num != b->num || a->quoted != b->quoted || a->count != b->count ||
      a->line != b->line || a->col != b->col || (a->key == NULL) != (b->key == NULL) ||
      (a->key && (strcmp(a->key, b->key) != 0 || a->key_line != b->key_line || a->key_col != b->key_col)))
    return 0;
  if (a->kind == DOC_STR && (a->len != b->len || memcmp(a->str, b->str, a->len + 1) != 0)) return 0;
  for (const doc_node *x = a->first, *y = b->first; x || y; x = x->next, y = y->next)
    if (!x || !y || !same_nodes(x, y)) return 0;
  return 1;
}

/* JSON text: json_parse reads it into the tree doc_parse reads. */
static void expect_read_as_parsed(unit *u, const char *text) {
  doc a, b;
  doc_init(&a, "a");
  doc_init(&b, "a");
  cli_err e = {0}, f = {0};
  if (json_parse(&a, text, strlen(text), &e))
    UNIT_FAIL_AT(u, "json_parse refuses %s: %d: %s", text, e.col, e.msg);
  else if (doc_parse(&b, text, strlen(text), &f) || !same_nodes(a.root, b.root))
    UNIT_FAIL_AT(u, "json_parse reads %s otherwise than doc_parse", text);
  doc_free(&a);
  doc_free(&b);
}

/* Not RFC 8259 JSON, or JSON the protocol refuses: json_parse says so at
 * column col with a message containing why, and leaves d empty. */
static void expect_refused(unit *u, const char *text, int col, const char *why) {
  doc a;
  doc_init(&a, "a");
  cli_err e = {0};
  if (json_parse(&a, text, strlen(text), &e) == 0)
    UNIT_FAIL_AT(u, "json_parse reads %s", text);
  else if (!e.set || e.col != col || strstr(e.msg, why) == NULL || strcmp(e.file, "a") != 0)
    UNIT_FAIL_AT(u, "json_parse on %s: column %d: %s (expected column %d: ...%s...)", text, e.col, e.msg, col,
                 why);
  if (a.root != NULL || a.blocks != NULL) UNIT_FAIL_AT(u, "json_parse left nodes: %s", text);
  doc_free(&a);
}

static void json_parse_reads_json_only(unit *u) {
  static const char *const read[] = {"{}",
                                     "[]",
                                     "{\"id\": 1, \"ok\": true}",
                                     "{\"id\":-12,\"ok\":false,\"x\":null}",
                                     " [1, -0, 0, \"1\", \"true\"] ",
                                     "{\"a\": {\"b\": [[], {}, [\"c\\n\\\"d\\\\\", \"\\t\\b\\f\\r\"]]}}",
                                     "\"word\"",
                                     "true",
                                     "null",
                                     "-3",
                                     "[999999999999999999, -999999999999999999]",
                                     "[9223372036854775807, -9223372036854775808]",
                                     "{\"a\": \"x y: z, [w]\", \"b\": \"#c\"}",
                                     "{\"\": \"\", \"a b\": \"-\"}",
                                     "[1.5, 1e3, -2E-1, 0.0]",
                                     "[1234567890123456789]",
                                     "{\"a\": \"\\u00e9\\u4e2d\"}",
                                     "[\"\\/\"]",
                                     "[\"\\ud83d\\ude00\"]",
                                     "{\"a\":\t1}",
                                     "[\"caf\xc3\xa9\"]",
                                     NULL};
  for (int i = 0; read[i]; i++) expect_read_as_parsed(u, read[i]);
  /* DEL is JSON's as any other character (YAML wants it escaped) */
  doc del;
  doc_init(&del, "a");
  cli_err del_e = {0};
  EXPECT(u, json_parse(&del, "[\"\x7f\"]", 5, &del_e) == 0 && del.root->first->len == 1 &&
                del.root->first->str[0] == 0x7f);
  doc_free(&del);
  /* YAML reads these; JSON does not (the checker once took them) */
  expect_refused(u, "{id: 1, ok: true}", 2, "a key (a string in double quotes) expected");
  expect_refused(u, "{\"id\": 1, \"ok\": yes}", 17, "a value");
  expect_refused(u, "['a']", 2, "double quotes");
  expect_refused(u, "{\"a\": 1,}", 9, "a key");
  expect_refused(u, "[1,]", 4, "a value");
  expect_refused(u, "{\"a\": 1} # c", 10, "text after the value");
  /* a repeated key is refused wherever it is, at the repeat */
  expect_refused(u, "{\"a\": 1, \"a\": 2}", 10, "the key \"a\" is repeated");
  expect_refused(u, "{\"id\": 1, \"ok\": true, \"x\": {\"b\": 0, \"b\": 0}}", 37, "\"b\" is repeated");
  expect_refused(u, "{\"\\u0061\": 1, \"a\": 2}", 15, "repeated");
  /* (a large object: found by sorting, still the first repeat in the text) */
  strbuf big = {0};
  sb_putc(&big, '{');
  for (int k = 0; k < 100; k++) sb_printf(&big, "\"k%d\": %d, ", k, k);
  sb_puts(&big, "\"k7\": 0, \"k3\": 0}");
  expect_refused(u, big.buf, (int)big.len - 16, "\"k7\" is repeated");
  sb_free(&big);
  /* numbers, strings and escapes as RFC 8259 writes them, and no more */
  expect_refused(u, "[01]", 3, "',' or ']' expected");
  expect_refused(u, "[-]", 3, "a number needs a digit");
  expect_refused(u, "[1.]", 4, "a digit must follow a decimal point");
  expect_refused(u, "[1e]", 4, "an exponent needs a digit");
  expect_refused(u, "[99999999999999999999]", 2, "out of range");
  expect_refused(u, "[9223372036854775808]", 2, "out of range");
  expect_refused(u, "{\"a\": \"\\u00e9\\u0000\"}", 14, "\\u0000");
  expect_refused(u, "[\"\\ud83d\"]", 3, "without a low one");
  expect_refused(u, "[\"\\ude00\"]", 3, "without a high one");
  expect_refused(u, "[\"\\u12\"]", 3, "4 hexadecimal digits");
  expect_refused(u, "[\"\\x\"]", 3, "an unknown escape");
  expect_refused(u, "[\"a\tb\"]", 4, "a control character");
  expect_refused(u, "[\"\xc3\"]", 3, "invalid UTF-8");
  expect_refused(u, "[\"a", 2, "does not end");
  expect_refused(u, "{\"a\" 1}", 6, "':' expected");
  expect_refused(u, "[tru]", 2, "a value");
  expect_refused(u, "[true false]", 7, "',' or ']'");
  expect_refused(u, "", 1, "a value expected");
  expect_refused(u, " ", 2, "a value expected");
  expect_refused(u, "{\"a\": [}", 8, "a value");
  /* nesting: DOC_DEPTH_MAX levels read, one more refused */
  strbuf deep = {0};
  for (int k = 0; k < DOC_DEPTH_MAX; k++) sb_putc(&deep, '[');
  for (int k = 0; k < DOC_DEPTH_MAX; k++) sb_putc(&deep, ']');
  expect_read_as_parsed(u, deep.buf);
  deep.len = 0;
  for (int k = 0; k <= DOC_DEPTH_MAX; k++) sb_putc(&deep, '[');
  for (int k = 0; k <= DOC_DEPTH_MAX; k++) sb_putc(&deep, ']');
  expect_refused(u, deep.buf, DOC_DEPTH_MAX + 1, "nesting deeper");
  sb_free(&deep);
  /* lines after the first: positions count them */
  expect_refused(u, "{\n  \"a\": 1,\n  \"a\": 2\n}", 3, "repeated");
  /* every golden position, on one line as the engine protocol sends it */
  file_list l = find_files("golden", ".json");
  EXPECT(u, l.n > 50);
  for (size_t i = 0; i < l.n; i++) {
    size_t len;
    char *text = slurp(l.path[i], &len);
    doc d;
    doc_init(&d, l.path[i]);
    cli_err e = {0};
    if (text && doc_parse(&d, text, len, &e) == 0) {
      strbuf line = {0};
      json_inline(&line, d.root, (size_t)-1);
      expect_read_as_parsed(u, line.buf);
      sb_free(&line);
    } else {
      UNIT_FAIL_AT(u, "cannot read %s", l.path[i]);
    }
    doc_free(&d);
    free(text);
  }
  list_free(&l);
}

/* ---- the one-line state written straight (emit.h) ---- */

/* Along seeded self-play (every player count, our data and readings and
 * others), the state `wolves engine` writes without a tree, with its memo
 * kept from one position to the next and without one, is the text
 * json_inline writes for the tree the same writer builds (as
 * vector_position does), byte for byte. */
static void emitted_as_built(unit *u) {
  static const uint8_t packs[] = {WOLVES_ROCKY, WOLVES_GRASS, WOLVES_TUNDRA, WOLVES_DESERT, WOLVES_FOREST};
  long positions = 0, memo_hits = 0;
  for (int players = 2; players <= WOLVES_MAX_PLAYERS; players++)
    for (uint64_t seed = 1; seed <= 3; seed++) {
      position pos = {0};
      if (wolves_setup(&pos.g, &pos.s, players, packs, players == 2 ? WOLVES_FOREST : WOLVES_NONE, seed,
                       NULL)) {
        UNIT_FAIL_AT(u, "setup refused: %d players, seed %llu", players, (unsigned long long)seed);
        continue;
      }
      if (seed == 2) pos.g.reading[0] = 1;             /* a reading not ours: `readings:` */
      if (seed == 3) pos.g.data.supply_bonus_action++; /* data not the default: `data:` */
      state_memo memo = {0};
      wolves_rng rng;
      wolves_rng_seed(&rng, seed);
      for (int step = 0; step < 10000; step++) {
        doc d;
        doc_init(&d, "built");
        strbuf built = {0}, kept = {0}, fresh = {0};
        emitter em;
        emit_tree(&em, &d);
        state_emit(&em, NULL, &pos, 0, NULL);
        json_inline(&built, em.root, (size_t)-1);
        const size_t hits_before = memo.board.map.valid;
        emit_json(&em, &kept);
        state_emit(&em, NULL, &pos, 0, &memo);
        emit_json(&em, &fresh);
        state_emit(&em, NULL, &pos, 0, NULL);
        memo_hits += hits_before;
        positions++;
        if (strcmp(built.buf, kept.buf) != 0 || strcmp(built.buf, fresh.buf) != 0)
          UNIT_FAIL_AT(u, "%d players, seed %llu, action %d: the state written straight is not the tree's",
                       players, (unsigned long long)seed, step);
        sb_free(&built);
        sb_free(&kept);
        sb_free(&fresh);
        doc_free(&d);
        wolves_state next;
        wolves_action a;
        if (u->failures || wolves_sample(&pos.g, &pos.s, &rng, &a, &next) != 1) break;
        pos.s = next;
      }
      EXPECT(u, pos.s.phase == WOLVES_PHASE_OVER);
      state_memo_free(&memo);
    }
  EXPECT(u, positions > 1500);
  EXPECT(u, memo_hits > positions / 2); /* (the memo was used, not only made) */
}

void unit_suite_codec(unit *u) {
  UNIT_RUN(u, golden_round_trip);
  UNIT_RUN(u, without_history);
  UNIT_RUN(u, position_errors);
  UNIT_RUN(u, action_round_trip);
  UNIT_RUN(u, action_syntax);
  UNIT_RUN(u, action_format_reads_back);
  UNIT_RUN(u, bad_arguments);
  UNIT_RUN(u, version);
  UNIT_RUN(u, json_parse_reads_json_only);
  UNIT_RUN(u, emitted_as_built);
}
