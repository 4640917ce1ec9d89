/* play.c - see play.h.  Game g of a run uses seed S+g for both the setup
 * and the choices: an action kind (move, build_den, upgrade, howl,
 * dominate, end_turn, draft) is drawn uniformly among the kinds that have a
 * legal action, then one action of that kind uniformly among those
 * wolves_legal_actions lists (Moves one wolf at a time, default pushes and
 * payment).  Drawing the kind first keeps the hundreds of Moves from
 * drowning the rare Upgrade or Howl.  After every action: the action must have been applied, the
 * invariants must hold and no player's final-score total may fall (taking
 * a Den marker off a track, or losing a piece to Dominate, never lowers a
 * score).  Games are written as replayable scenarios in the `actions:`
 * syntax of wolves-scenario(5). */
#include "play.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "actions_doc.h"
#include "doc.h"
#include "rng.h"
#include "json.h"
#include "strbuf.h"
#include "wolves.h"

#define LEGAL_START 4096
#define DEFAULT_MAX_ACTIONS 20000
#define MAX_SEED 0x7fffffffffffffffULL /* what a scenario's setup.seed accepts */

typedef struct {
  int players;
  uint64_t seed, games, max_actions;
  const char *save; /* directory, or NULL */
} play_opts;

/* One game in progress. */
typedef struct {
  wolves_game g;
  wolves_state s;
  uint64_t seed;
  unsigned long nactions;
  doc d;       /* arena for the written actions */
  strbuf yaml; /* the `actions:` entries so far */
  char failure[256];
} game;

static int read_opts(int argc, const char *const *values, play_opts *o) {
  uint64_t v;
  if (argc) return usage_error("play", "%s", "play takes no FILE");
  if (!values[PLAY_PLAYERS]) return usage_error("play", "%s", "play needs --players N (2 to 5)");
  if (!values[PLAY_SEED]) return usage_error("play", "%s", "play needs --seed S");
  if (number_option(values[PLAY_PLAYERS], 2, WOLVES_MAX_PLAYERS, &v))
    return usage_error("play", "--players is 2 to 5, not '%s'", values[PLAY_PLAYERS]);
  o->players = (int)v;
  if (number_option(values[PLAY_SEED], 0, MAX_SEED, &o->seed))
    return usage_error("play", "--seed is a number from 0 to 2^63-1, not '%s'", values[PLAY_SEED]);
  o->games = 1;
  if (values[PLAY_GAMES] && number_option(values[PLAY_GAMES], 1, 1000000, &o->games))
    return usage_error("play", "--games is a number from 1 to 1000000, not '%s'", values[PLAY_GAMES]);
  if (o->games - 1 > MAX_SEED - o->seed)
    return usage_error("play", "%s", "--seed plus --games passes 2^63-1");
  o->max_actions = DEFAULT_MAX_ACTIONS;
  if (values[PLAY_MAX_ACTIONS] && number_option(values[PLAY_MAX_ACTIONS], 1, 100000000, &o->max_actions))
    return usage_error("play", "--max-actions is a number from 1 to 100000000, not '%s'",
                       values[PLAY_MAX_ACTIONS]);
  o->save = values[PLAY_SAVE];
  if (o->save && !*o->save) return usage_error("play", "%s", "--save needs a directory");
  return 0;
}

/* ---- writing a game as a scenario ---- */

/* Appends action a (about to be applied to gm->s) to the `actions:` list. */
static void record(game *gm, const wolves_action *a) {
  const doc_node *const item = action_write(&gm->d, &gm->g, &gm->s, a), *const args = item->first;
  sb_printf(&gm->yaml, "  - %s:", args->key);
  if (args->kind != DOC_NULL) {
    sb_putc(&gm->yaml, ' ');
    yaml_flow(&gm->yaml, args);
  }
  sb_putc(&gm->yaml, '\n');
}

/* Writes the game so far to dir/name (dir NULL: the current directory). */
static int save_game(const game *gm, const play_opts *o, const char *dir, const char *name,
                     const char *comment) {
  strbuf path = {0}, text = {0};
  if (dir) sb_printf(&path, "%s/", dir);
  sb_puts(&path, name);
  sb_printf(&text, "# wolves play --players %d --seed %llu: %s\n", o->players, (unsigned long long)gm->seed,
            comment);
  sb_printf(&text, "title: \"self-play: %d players, seed %llu\"\n", o->players, (unsigned long long)gm->seed);
  sb_printf(&text, "setup: {seed: %llu}\n", (unsigned long long)gm->seed);
  if (gm->s.ai_pack != WOLVES_NONE) sb_printf(&text, "ai: %s\n", wolves_terrain_name(gm->s.ai_pack));
  sb_puts(&text, "players:\n");
  for (int p = 0; p < o->players; p++) sb_printf(&text, "  %s:\n", wolves_terrain_name(gm->s.player[p].pack));
  sb_puts(&text, gm->nactions ? "actions:\n" : "actions: []\n");
  if (gm->yaml.len) sb_puts(&text, gm->yaml.buf);
  FILE *f = fopen(path.buf, "w");
  int rc = 0;
  if (!f || fwrite(text.buf, 1, text.len, f) != text.len) rc = -1;
  if (f && fclose(f) != 0) rc = -1;
  if (rc) fprintf(stderr, "wolves: cannot write '%s': %s\n", path.buf, strerror(errno));
  sb_free(&path);
  sb_free(&text);
  return rc;
}

/* ---- playing ---- */

static void fail(game *gm, const char *what, uint8_t where) {
  char hex[8];
  if (where == WOLVES_NONE) {
    snprintf(gm->failure, sizeof gm->failure, "%s after action %lu", what, gm->nactions);
  } else {
    wolves_hex_name(&gm->g.board, where, hex, sizeof hex);
    snprintf(gm->failure, sizeof gm->failure, "%s at %s after action %lu", what, hex, gm->nactions);
  }
}

/* Plays until the game is over, a check fails (gm->failure) or the action
 * limit.  Returns 0 when the game finished without a violation. */

/* The kind first, then an action of that kind (see the top of the file). */
static const wolves_action *draw(const wolves_action *legal, int n, wolves_rng *rng) {
  int count[WOLVES_ACT_KINDS] = {0}, kinds = 0;
  for (int i = 0; i < n; i++) kinds += count[legal[i].kind]++ == 0;
  uint32_t k = wolves_rng_below(rng, (uint32_t)kinds);
  int kind = 0;
  while (count[kind] == 0 || k-- > 0) kind++;
  uint32_t pick = wolves_rng_below(rng, (uint32_t)count[kind]);
  for (int i = 0;; i++)
    if (legal[i].kind == kind && pick-- == 0) return &legal[i];
}

static int play_game(game *gm, const play_opts *o) {
  static const uint8_t seating[] = {WOLVES_ROCKY, WOLVES_GRASS, WOLVES_TUNDRA, WOLVES_DESERT, WOLVES_FOREST};
  char what[160];
  wolves_score before[WOLVES_MAX_PLAYERS], after[WOLVES_MAX_PLAYERS];
  wolves_rng rng;
  int cap = LEGAL_START;
  wolves_action *legal = xmalloc((size_t)cap * sizeof *legal);
  int rc = wolves_setup(&gm->g, &gm->s, o->players, seating, o->players == 2 ? WOLVES_FOREST : WOLVES_NONE,
                        gm->seed, NULL);
  if (rc) {
    snprintf(what, sizeof what, "setup refused (%s)", wolves_clause_get(rc)->id);
    fail(gm, what, WOLVES_NONE);
  }
  wolves_rng_seed(&rng, gm->seed);
  wolves_final_scores(&gm->g, &gm->s, before);
  while (!gm->failure[0] && gm->s.phase != WOLVES_PHASE_OVER) {
    if (gm->nactions >= o->max_actions) {
      snprintf(what, sizeof what, "unfinished (limit %llu actions)", (unsigned long long)o->max_actions);
      fail(gm, what, WOLVES_NONE);
      break;
    }
    int n = wolves_legal_actions(&gm->g, &gm->s, legal, cap);
    if (n > cap) {
      cap = n;
      legal = xrealloc(legal, (size_t)cap * sizeof *legal);
      n = wolves_legal_actions(&gm->g, &gm->s, legal, cap);
    }
    if (n == 0) {
      fail(gm, "no legal action", WOLVES_NONE);
      break;
    }
    const wolves_action *const a = draw(legal, n, &rng);
    record(gm, a);
    gm->nactions++;
    if ((rc = wolves_apply(&gm->g, &gm->s, a, NULL)) != WOLVES_OK) {
      snprintf(what, sizeof what, "listed %s refused (%s)", wolves_action_name(a->kind),
               wolves_clause_get(rc)->id);
      fail(gm, what, a->target);
      break;
    }
    uint8_t where = WOLVES_NONE;
    const char *broken = wolves_invariants(&gm->g, &gm->s, &where);
    if (broken) {
      fail(gm, broken, where);
      break;
    }
    wolves_final_scores(&gm->g, &gm->s, after);
    for (int p = 0; p < o->players && !gm->failure[0]; p++)
      if (after[p].total < before[p].total) {
        snprintf(what, sizeof what, "score of %s fell from %d to %d",
                 wolves_terrain_name(gm->s.player[p].pack), before[p].total, after[p].total);
        fail(gm, what, a->kind == WOLVES_ACT_MOVE ? a->step[0].to : a->target);
      }
    memcpy(before, after, sizeof before);
  }
  free(legal);
  return gm->failure[0] ? -1 : 0;
}

static void print_result(const game *gm, unsigned long long index, const play_opts *o) {
  wolves_score sc[WOLVES_MAX_PLAYERS];
  wolves_final_scores(&gm->g, &gm->s, sc);
  printf("game %llu seed %llu: %lu actions, %u turns, winner", index, (unsigned long long)gm->seed,
         gm->nactions, (unsigned)gm->s.turn);
  int best = 0;
  for (int p = 0; p < o->players; p++)
    if (sc[p].rank == 1) {
      printf("%s%s", best ? "=" : " ", wolves_terrain_name(gm->s.player[p].pack));
      best = sc[p].total;
    }
  printf(" (%d) |", best);
  for (int p = 0; p < o->players; p++)
    printf(" %s %d", wolves_terrain_name(gm->s.player[p].pack), sc[p].total);
  putchar('\n');
}

int cmd_play(int argc, char **argv, const char *flags, const char *const *values) {
  (void)argv;
  (void)flags;
  play_opts o;
  if (read_opts(argc, values, &o)) return 2;
  unsigned long long passed = 0, failed = 0;
  int rc = 0;
  game *const gm = xmalloc(sizeof *gm);
  for (uint64_t i = 0; i < o.games && rc != 2; i++) {
    memset(gm, 0, sizeof *gm);
    gm->seed = o.seed + i;
    doc_init(&gm->d, "play");
    char name[64];
    if (play_game(gm, &o) == 0) {
      passed++;
      print_result(gm, (unsigned long long)i, &o);
      snprintf(name, sizeof name, "%dp-seed-%llu.yaml", o.players, (unsigned long long)gm->seed);
      if (o.save && save_game(gm, &o, o.save, name, "a finished game")) rc = 2;
    } else {
      failed++;
      printf("FAIL game %llu: %s\n", (unsigned long long)i, gm->failure);
      snprintf(name, sizeof name, "play-fail-%llu.yaml", (unsigned long long)gm->seed);
      rc = save_game(gm, &o, o.save, name, gm->failure) ? 2 : 1;
    }
    doc_free(&gm->d);
    sb_free(&gm->yaml);
    if (fflush(stdout) != 0) rc = 2;
    if (rc) break; /* a violation stops the run: its scenario is saved */
  }
  free(gm);
  printf("play: %llu passed, %llu failed\n", passed, failed);
  return rc;
}
