/* new.c - `wolves new`: a commented scenario to edit, the quickest way to
 * pose a position in dispute (wolves(1), COMMANDS: new).  Three starting
 * points: a small hand-made map (no option), a self-play game's position
 * after K actions as `wolves play` plays it (--players N --seed S --after
 * K), or an existing scenario's position after N actions (--from FILE
 * --after N).  The last two are written as an explicit position (board,
 * pieces, Moonlight Board, Player Boards) without the values a reader
 * derives (attributes, track VP, score), so that an edit never contradicts
 * them.  Every form ends with `actions: []` and `expect: {golden: false}`:
 * `wolves check` accepts it as written, with no golden file to make. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "base/err.h"
#include "base/options.h"
#include "base/output.h"
#include "commands/commands.h"
#include "bounds.h"
#include "data_doc.h"
#include "doc.h"
#include "json.h"
#include "rng.h"
#include "scenario/scenario.h"
#include "state_doc.h"
#include "strbuf.h"
#include "wolves.h"

enum { NEW_PLAYERS, NEW_SEED, NEW_AFTER, NEW_FROM, NEW_OUTPUT, NEW_VALUES };

#define MAX_SEED 0x7fffffffffffffffULL /* what a scenario's setup.seed accepts (as play) */

/* The small map: three players, a rocky Alpha to ask about, every key
 * explained where it stands. */
static const char small_map[] =
    "# A scenario to edit (wolves new): a position, the actions to try on it, what to expect.\n"
    "# Every key is described in wolves-scenario(5) (man 5 wolves-scenario).  Edit, then:\n"
    "#   wolves explain FILE -e '{move: {wolves: [\"alpha A3 E3\"]}}'  why an action is legal or not\n"
    "#   wolves render --svg pos.svg FILE                a picture of the position\n"
    "#   wolves check FILE                               run the actions below\n"
    "title: \"a position to edit\"\n"
    "# players: the packs in seating order (rocky, grass, tundra, desert, forest);\n"
    "# {} is a fresh Player Board: 3 Dens on each track, no tiles flipped.\n"
    "players:\n"
    "  rocky: {}\n"
    "  grass: {}\n"
    "  tundra: {}\n"
    "# current: whose turn it is; actions_taken: their actions so far this turn (0 or 1).\n"
    "current: rocky\n"
    "actions_taken: 0\n"
    "# board.map: one row of hexes a line, columns A, B, C... from the left; each hex\n"
    "# is its terrain (R rocky, G grass, T tundra, D desert, F forest, ~ water) and its\n"
    "# region letter.  Odd rows are shifted half a hex right.  Hexes are named\n"
    "# column then row: A1 is the top left.\n"
    "board:\n"
    "  map: |\n"
    "    Ra Ga Ta Da Fa\n"
    "      Ga ~a Da Ga Fa\n"
    "    Ta Ra Ra Ga Db\n"
    "      Fa Ga Tb Db Gb\n"
    "# pieces: what stands on each hex, \"PACK alpha\", \"PACK pack\" (a Pack Wolf),\n"
    "# \"PACK den\", \"PACK lair\"; a list when a hex holds several.\n"
    "pieces:\n"
    "  A3: rocky alpha\n"
    "  B3: rocky pack\n"
    "  E1: grass alpha\n"
    "  D4: tundra alpha\n"
    "# actions: the actions to apply in order, e.g. - move: {wolves: [\"alpha A3 C3\"]}\n"
    "actions: []\n"
    "# expect: what must happen; golden: false runs without a golden file.  Add\n"
    "# refused: [{action: 1, clause: MOVE.WOLF_SPEED}] to assert a refusal.\n"
    "expect: {golden: false}\n";

/* Comments written before a top-level key of an explicit position. */
static const struct {
  const char *key, *comment;
} key_comments[] = {
    {"ai", "ai: the 2-player game's AI pack (SETUP: 2 players)"},
    {"phase", "phase: draft (placing the starting pieces), play or over"},
    {"turn", "turn: the turn number; current: whose turn; actions_taken: their actions this turn"},
    {"first_player", "first_player: who took the first turn"},
    {"draft_step", "draft_step: the draft's placements so far (phase draft only)"},
    {"board", "board.map: one row a line, each hex its terrain letter and region letter\n"
              "# (R G T D F, ~ water); odd rows shifted half a hex right; A1 top left"},
    {"pieces",
     "pieces: what stands on each hex (\"PACK alpha\", \"PACK pack\", \"PACK den\", \"PACK lair\")"},
    {"moon", "moon: the Moonlight Board: dates filled, phases scored, phases pending"},
    {"supply", "supply: the bonus tokens left in the supply"},
    {"players", "players: each Player Board in seating order: tiles (face up), bonus tokens, Dens\n"
                "# taken off each track, lairs and wolves placed, prey, VP tokens"},
    {"data", "data: component data differing from the game's (wolves data)"},
    {"readings", "readings: the rule readings chosen (wolves-scenario(5))"},
};

static void comment_for(strbuf *out, const char *key) {
  for (size_t i = 0; i < sizeof key_comments / sizeof *key_comments; i++)
    if (strcmp(key_comments[i].key, key) == 0) sb_printf(out, "# %s\n", key_comments[i].comment);
}

/* Is key a value the reader derives from the rest (players_doc.c verifies
 * it), which an edit would have to keep in step? */
static int derived_key(const char *key) {
  static const char *const derived[] = {"attributes", "track_vp", "score", NULL};
  for (int i = 0; derived[i]; i++)
    if (strcmp(key, derived[i]) == 0) return 1;
  return 0;
}

/* The entries of map n, one a line at indent, in flow style; the derived
 * ones left out when skip_derived. */
static void entries(strbuf *out, const doc_node *n, int indent, int skip_derived) {
  for (const doc_node *c = n->first; c; c = c->next) {
    sb_printf(out, "%*s%s: ", indent, "", c->key);
    if (skip_derived && c->kind == DOC_MAP) {
      sb_putc(out, '{');
      int first = 1;
      for (const doc_node *f = c->first; f; f = f->next) {
        if (derived_key(f->key)) continue;
        sb_printf(out, "%s%s: ", first ? "" : ", ", f->key);
        yaml_flow(out, f);
        first = 0;
      }
      sb_putc(out, '}');
    } else {
      yaml_flow(out, c);
    }
    sb_putc(out, '\n');
  }
}

/* Writes pos as a scenario to edit: its keys one a line or one entry a
 * line, the map as a literal block, then no actions and no golden. */
static void write_position(strbuf *out, const position *pos, const char *origin, const char *title) {
  doc d;
  doc_init(&d, "new");
  emitter em;
  emit_tree(&em, &d);
  state_emit(&em, NULL, pos, 0, NULL);
  sb_printf(out, "# A position to edit (wolves new): %s.\n", origin);
  sb_puts(out, "# Every key is described in wolves-scenario(5); values a reader derives (attributes,\n"
               "# track_vp, score) are left out.  Edit, then: wolves explain FILE -e ACTION,\n"
               "# wolves render --svg pos.svg FILE, wolves check FILE.\n");
  sb_puts(out, "title: ");
  doc_node t = {0};
  t.kind = DOC_STR;
  t.str = title;
  t.len = strlen(title);
  yaml_flow(out, &t);
  sb_putc(out, '\n');
  for (const doc_node *c = em.root->first; c; c = c->next) {
    const char *k = c->key;
    if (strcmp(k, "format") == 0 || strcmp(k, "player_count") == 0 || strcmp(k, "events") == 0) continue;
    if (strcmp(k, "data") == 0) continue; /* (written below, only what differs) */
    comment_for(out, k);
    if (strcmp(k, "board") == 0) {
      sb_puts(out, "board:\n");
      for (const doc_node *b = c->first; b; b = b->next) {
        if (strcmp(b->key, "map") == 0 && b->kind == DOC_SEQ) {
          sb_puts(out, "  map: |\n");
          for (const doc_node *row = b->first; row; row = row->next) sb_printf(out, "    %s\n", row->str);
        } else {
          sb_printf(out, "  %s: ", b->key);
          yaml_flow(out, b);
          sb_putc(out, '\n');
        }
      }
    } else if (c->kind == DOC_MAP && (strcmp(k, "pieces") == 0 || strcmp(k, "players") == 0) && c->first) {
      sb_printf(out, "%s:\n", k);
      entries(out, c, 2, strcmp(k, "players") == 0);
    } else {
      sb_printf(out, "%s: ", k);
      yaml_flow(out, c);
      sb_putc(out, '\n');
    }
  }
  const doc_node *data = data_write(&d, &pos->g.data, pos->g.nplayers);
  if (data) {
    comment_for(out, "data");
    sb_puts(out, "data: ");
    yaml_flow(out, data);
    sb_putc(out, '\n');
  }
  sb_puts(out, "# actions: the actions to apply in order, e.g. - move: {wolves: [\"alpha A3 C3\"]}\n"
               "actions: []\n"
               "# expect: golden: false runs without a golden file; add\n"
               "# refused: [{action: 1, clause: CLAUSE}] to assert a refusal.\n"
               "expect: {golden: false}\n");
  doc_free(&d);
}

/* A self-play game's position after `after` actions, drawn as `wolves
 * play` draws them (play.c: same seating, AI pack, setup and sampler), so
 * `wolves play --players N --seed S` passes through it.  0, or 2 after the
 * error (the game ended or stopped before). */
static int self_play(position *pos, int players, uint64_t seed, uint64_t after) {
  static const uint8_t seating[] = {WOLVES_ROCKY, WOLVES_GRASS, WOLVES_TUNDRA, WOLVES_DESERT, WOLVES_FOREST};
  int rc = wolves_setup(&pos->g, &pos->s, players, seating, players == 2 ? WOLVES_FOREST : WOLVES_NONE, seed,
                        NULL);
  if (rc) {
    fprintf(stderr, "wolves: new: setup refused (%s)\n", wolves_clause_get(rc)->id);
    return 2;
  }
  wolves_rng rng;
  wolves_rng_seed(&rng, seed);
  wolves_sampler sampler = {0};
  wolves_action a;
  for (uint64_t i = 0; i < after; i++) {
    if (pos->s.phase == WOLVES_PHASE_OVER ||
        !wolves_sample_with(&pos->g, &pos->s, &sampler, &rng, &a, NULL)) {
      fprintf(stderr, "wolves: new: the game with seed %llu ends after %llu actions, before --after %llu\n",
              (unsigned long long)seed, (unsigned long long)i, (unsigned long long)after);
      return 2;
    }
    if ((rc = wolves_apply(&pos->g, &pos->s, &a, NULL)) != WOLVES_OK) { /* (play reports it as a failure) */
      fprintf(stderr, "wolves: new: action %llu drawn and refused (%s); try wolves play\n",
              (unsigned long long)i + 1, wolves_clause_get(rc)->id);
      return 2;
    }
  }
  return 0;
}

static int cmd_new(int argc, char **argv, const char *flags, const char *const *values) {
  (void)argv;
  (void)flags;
  if (argc) return usage_error("new", "%s", "new takes no FILE (--from FILE, -o FILE)");
  const char *from = values[NEW_FROM], *output = values[NEW_OUTPUT];
  const int game = values[NEW_PLAYERS] || values[NEW_SEED];
  if (output && !*output) return usage_error("new", "%s", "-o needs a FILE");
  if (from && !*from) return usage_error("new", "%s", "--from needs a FILE");
  if (from && game)
    return usage_error("new", "%s", "--from and --players/--seed are two starting points: one");
  if (game && !(values[NEW_PLAYERS] && values[NEW_SEED]))
    return usage_error("new", "%s", "a self-play position needs both --players N and --seed S");
  if (values[NEW_AFTER] && !from && !game)
    return usage_error("new", "%s", "--after needs --from FILE or --players N --seed S");
  struct stat st;
  if (output && stat(output, &st) == 0) { /* never over a file: it may be the position being edited */
    fprintf(stderr, "wolves: new: %s exists; not overwritten (remove it, or name another file)\n", output);
    return 2;
  }
  strbuf out = {0};
  char origin[160], title[128];
  int rc = 0;
  if (from) {
    scenario *sc = scenario_read_after(from, WOLVES_EDITION_DEFAULT, "new", values[NEW_AFTER]);
    if (sc == NULL) return 2;
    size_t after = 0;
    scenario_after(sc, "new", values[NEW_AFTER], &after);
    snprintf(origin, sizeof origin, "the position of %s after %zu actions", from, after);
    snprintf(title, sizeof title, "%s, after %zu actions", sc->pos.title ? sc->pos.title : from, after);
    const char *t = sc->pos.title;
    sc->pos.title = NULL;
    write_position(&out, &sc->pos, origin, title);
    sc->pos.title = t;
    scenario_close(sc);
  } else if (game) {
    uint64_t v, seed, after = 0;
    if (number_option(values[NEW_PLAYERS], 2, WOLVES_MAX_PLAYERS, &v))
      return usage_error("new", "--players is 2 to 5, not '%s'", values[NEW_PLAYERS]);
    if (number_option(values[NEW_SEED], 0, MAX_SEED, &seed))
      return usage_error("new", "--seed is a number from 0 to 2^63-1, not '%s'", values[NEW_SEED]);
    if (values[NEW_AFTER] && number_option(values[NEW_AFTER], 0, ACTIONS_MAX, &after))
      return usage_error("new", "--after is a number from 0 to 10000, not '%s'", values[NEW_AFTER]);
    position pos;
    memset(&pos, 0, sizeof pos);
    rc = self_play(&pos, (int)v, seed, after);
    if (rc == 0) {
      snprintf(origin, sizeof origin, "wolves play --players %d --seed %llu, after %llu actions", (int)v,
               (unsigned long long)seed, (unsigned long long)after);
      snprintf(title, sizeof title, "self-play: %d players, seed %llu, after %llu actions", (int)v,
               (unsigned long long)seed, (unsigned long long)after);
      write_position(&out, &pos, origin, title);
    }
    position_free(&pos);
  } else {
    sb_puts(&out, small_map);
  }
  if (rc == 0) rc = output ? (file_save(output, out.buf, out.len, 0, NULL) ? 2 : 0) : stdout_write(&out);
  sb_free(&out);
  return rc;
}

static const option_spec new_options[] = {VALUE("players", 0, NEW_PLAYERS), VALUE("seed", 0, NEW_SEED),
                                          VALUE("after", 0, NEW_AFTER),     VALUE("from", 0, NEW_FROM),
                                          VALUE("output", 'o', NEW_OUTPUT), OPTIONS_END};

const command new_command = {
    "new",
    "Usage: wolves new [-o FILE]\n"
    "       wolves new --players N --seed S [--after K] [-o FILE]\n"
    "       wolves new --from SCENARIO [--after N] [-o FILE]\n",
    "Write a commented scenario to edit: the quickest way to pose a position in dispute.\n"
    "Without options, a small map with 3 players and a rocky Alpha, each key explained.\n"
    "With --players and --seed, the position of the self-play game `wolves play --players N\n"
    "--seed S` plays, after its first K actions (default 0: after setup); with --from, the\n"
    "scenario's position after its first N actions (default: all).  Both are written as an\n"
    "explicit position (board, pieces, Moonlight Board, Player Boards) without the values a\n"
    "reader derives.  Every form ends with `actions: []` and `expect: {golden: false}`, so\n"
    "`wolves check` accepts it as written.  The keys are described in wolves-scenario(5).\n"
    "\n"
    "  --players N      a self-play game of N players, 2 to 5 (with --seed)\n"
    "  --seed S         the self-play game's seed (with --players)\n"
    "  --after K        the position after the first K actions\n"
    "  --from SCENARIO  start from a scenario's position ('-': standard input)\n"
    "  -o, --output FILE  write FILE instead of standard output; never over an existing file\n",
    new_options, cmd_new};
