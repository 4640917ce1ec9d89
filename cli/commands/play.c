/* play.c - `wolves play`: self-play, seeded games of random legal actions,
 * checking the engine's invariants after every action (wolves(1),
 * COMMANDS: play).  Game g of a run uses seed S+g for both the setup
 * and the choices, which wolves_sample draws (its policy is documented in
 * wolves.h): an action kind uniformly among the kinds that have a legal
 * action, then one action of that kind (Moves one wolf at a time, default
 * pushes, a random choice of matching tiles).  Drawing the kind first keeps
 * the hundreds of Moves from drowning the rare Upgrade or Howl.  After
 * every action: wolves_apply must have applied the action drawn, the
 * invariants must hold and no player's final-score total may fall (taking
 * a Den marker off a track, or losing a piece to Dominate, never lowers a
 * score).  Games are written as replayable scenarios in the `actions:`
 * syntax of wolves-scenario(5); with --bless each saved game is replayed
 * from its file, must end as it was played, and its output becomes the
 * golden beside it, so any game is a regression test. */
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "actions_doc.h"
#include "base/diagnostic.h"
#include "base/err.h"
#include "base/file_id.h"
#include "base/input.h"
#include "base/options.h"
#include "base/output.h"
#include "base/progress.h"
#include "commands/commands.h"
#include "data_doc.h"
#include "doc.h"
#include "json.h"
#include "report/color.h"
#include "rng.h"
#include "scenario/golden.h"
#include "scenario/scenario.h"
#include "strbuf.h"
#include "wolves.h"

/* The options of `wolves play` that take a value, in the order of the
 * values[] array cmd_play receives (NULL when not given). */
enum {
  PLAY_PLAYERS,
  PLAY_SEED,
  PLAY_GAMES,
  PLAY_SAVE,
  PLAY_MAX_ACTIONS,
  PLAY_FORMAT,
  PLAY_DATA,
  PLAY_JOBS,
  PLAY_COLOR,
  PLAY_EDITION,
  PLAY_VALUES
};

#define DEFAULT_MAX_ACTIONS ACTIONS_MAX /* (a saved game must load again) */
#define MAX_JOBS 64
#define MAX_SEED 0x7fffffffffffffffULL /* what a scenario's setup.seed accepts */

typedef enum { PLAY_TEXT, PLAY_JSON, PLAY_JSONL } play_format;

typedef struct {
  int players;
  uint64_t seed, games, max_actions;
  const char *save; /* directory, or NULL */
  int bless;        /* write each saved game's golden */
  play_format format;
  int quiet;           /* only failures, golden changes and the summary */
  int color;           /* FAIL in colour */
  unsigned jobs;       /* games played at once */
  data_overrides data; /* --data FILE */
  int edition;         /* --edition NAME: the readings every game is played under */
  int progress;        /* games done, games/s and ETA on standard error (a terminal) */
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
  char *saved;  /* the scenario written, or NULL */
  char *golden; /* its golden when blessed, or NULL */
  int change;   /* golden_change of the golden, or -1 */
} game;

/* The files a run may write, by kind: a saved game (--save), its golden
 * (--bless), a failure. */
enum { OUT_SAVED, OUT_GOLDEN, OUT_FAILURE };

/* The name the file of kind k of the game with seed has (without its
 * directory). */
static void output_name(char *buf, size_t n, const play_opts *o, int k, unsigned long long seed) {
  if (k == OUT_FAILURE)
    snprintf(buf, n, "play-fail-%llu.yaml", seed);
  else
    snprintf(buf, n, "%dp-seed-%llu.%s", o->players, seed, k == OUT_GOLDEN ? "json" : "yaml");
}

/* Is name the file of kind k of one of the run's games? */
static int output_named(const play_opts *o, int k, const char *name) {
  char prefix[32], again[64];
  if (k == OUT_FAILURE)
    snprintf(prefix, sizeof prefix, "play-fail-");
  else
    snprintf(prefix, sizeof prefix, "%dp-seed-", o->players);
  const size_t n = strlen(prefix);
  if (strncmp(name, prefix, n) != 0 || name[n] < '0' || name[n] > '9') return 0;
  const unsigned long long seed = strtoull(name + n, NULL, 10);
  output_name(again, sizeof again, o, k, seed);
  return strcmp(again, name) == 0 && seed >= o->seed && seed - o->seed < o->games;
}

/* The path the file of kind k named name has, as save_game and bless_game
 * make it: DIR/NAME, NAME without --save, a golden where golden_path puts
 * it.  malloc'ed. */
static char *output_path(const play_opts *o, int k, const char *name) {
  strbuf p = {0};
  if (o->save) sb_printf(&p, "%s/", o->save);
  sb_puts(&p, name);
  if (k != OUT_GOLDEN) return p.buf;
  const size_t stem = p.len - strlen(".json");
  p.len = stem;
  sb_puts(&p, ".yaml");
  char *golden = golden_path(p.buf);
  sb_free(&p);
  return golden;
}

/* No file the run may write (for any of its games, the saved scenario,
 * its golden, the failure file) may name the --data file, or another of
 * those files (g/3p-seed-1.yaml a link to g/3p-seed-2.yaml), by any path
 * (io_refuse).  Only files that are there can be one file under two names:
 * the directories the run writes in are listed, not every name tried.
 * Checked before the first game: 0, or 2 after the error. */
static int outputs_clash(const play_opts *o, const char *data) {
  static const char *const whos[] = {"--save", "--bless", "the failure file"};
  static const char *const whats[] = {"the saved game", "the golden", "the failure file"};
  io_files l = {0};
  strbuf who = {0}, what = {0};
  if (data) {
    sb_printf(&what, "the --data file %s", data);
    io_input(&l, data, what.buf);
  }
  for (int k = OUT_SAVED; k <= OUT_FAILURE; k++) {
    if ((k != OUT_FAILURE && !o->save) || (k == OUT_GOLDEN && !o->bless)) continue;
    char probe[64];
    output_name(probe, sizeof probe, o, k, (unsigned long long)o->seed);
    char *dir = output_path(o, k, probe), *slash = strrchr(dir, '/');
    if (slash) slash[slash == dir] = '\0'; /* ("/x": the directory is "/") */
    path_list names = {0};
    files_names(slash ? dir : ".", &names);
    for (size_t i = 0; i < names.len; i++) {
      if (!output_named(o, k, names.paths[i])) continue;
      char *path = output_path(o, k, names.paths[i]);
      who.len = what.len = 0;
      sb_printf(&who, "wolves: %s %s", whos[k], path);
      sb_printf(&what, "%s %s", whats[k], path);
      io_output(&l, path, who.buf, what.buf);
      free(path);
    }
    paths_free(&names);
    free(dir);
  }
  const int rc = io_refuse(&l);
  io_free(&l);
  sb_free(&who);
  sb_free(&what);
  return rc;
}

static int read_opts(int argc, const char *flags, const char *const *values, play_opts *o) {
  uint64_t v;
  if (argc) return usage_error("play", "%s", "play takes no FILE");
  const char *format = values[PLAY_FORMAT];
  const int f =
      format ? choice_option("play", "--format", format, (const char *const[]){"text", "json", "jsonl", NULL})
             : 0;
  if (f < 0) return 2;
  o->format = f == 2 ? PLAY_JSONL : f == 1 ? PLAY_JSON : PLAY_TEXT; /* (the words in play_format's order) */
  o->quiet = strchr(flags, 'q') != NULL;
  if ((o->color = color_option("play", values[PLAY_COLOR], stdout)) < 0) return 2;
  o->jobs = 1;
  if (values[PLAY_JOBS] && number_option(values[PLAY_JOBS], 1, MAX_JOBS, &v))
    return usage_error("play", "--jobs is a number from 1 to 64, not '%s'", values[PLAY_JOBS]);
  if (values[PLAY_JOBS]) o->jobs = (unsigned)v;
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
  if (values[PLAY_MAX_ACTIONS] && number_option(values[PLAY_MAX_ACTIONS], 1, ACTIONS_MAX, &o->max_actions))
    return usage_error("play", "--max-actions is a number from 1 to 10000, not '%s'",
                       values[PLAY_MAX_ACTIONS]);
  if (edition_option("play", values[PLAY_EDITION], &o->edition)) return 2;
  o->save = values[PLAY_SAVE];
  if (o->save && !*o->save) return usage_error("play", "%s", "--save needs a directory");
  const char *data = values[PLAY_DATA];
  if (data && !*data) return usage_error("play", "%s", "--data needs a FILE");
  cli_err e = {0};
  if (data && data_load(data, &o->data, &e)) return diagnostic_report(&e, o->format != PLAY_TEXT);
  if (!data) memset(&o->data, 0, sizeof o->data);
  o->bless = strchr(flags, 'b') != NULL;
  if (o->bless && !o->save) return usage_error("play", "%s", "--bless needs --save DIR");
  o->progress = progress_wanted();
  return data || o->save ? outputs_clash(o, data) : 0;
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

/* Writes the game so far to dir/name (dir NULL: the current directory)
 * through file_save, so an interrupted run never leaves half a file;
 * gm->saved is its path.  -1 after reporting the error. */
static int save_game(game *gm, const play_opts *o, const char *dir, const char *name, const char *comment) {
  strbuf path = {0}, text = {0};
  if (dir) sb_printf(&path, "%s/", dir);
  sb_puts(&path, name);
  sb_printf(&text, "# wolves play --players %d --seed %llu: ", o->players, (unsigned long long)gm->seed);
  err_escape(&text, comment, strlen(comment), NULL); /* (one comment line, whatever --save names) */
  sb_putc(&text, '\n');
  sb_printf(&text, "title: \"self-play: %d players, seed %llu\"\n", o->players, (unsigned long long)gm->seed);
  sb_printf(&text, "setup: {seed: %llu}\n", (unsigned long long)gm->seed);
  if (o->edition != WOLVES_EDITION_DEFAULT)
    sb_printf(&text, "edition: %s\n", wolves_edition_name(o->edition));
  if (gm->s.ai_pack != WOLVES_NONE) sb_printf(&text, "ai: %s\n", wolves_terrain_name(gm->s.ai_pack));
  const doc_node *data = data_write(&gm->d, &gm->g.data, o->players);
  if (data) {
    sb_puts(&text, "data: ");
    yaml_flow(&text, data);
    sb_putc(&text, '\n');
  }
  sb_puts(&text, "players:\n");
  for (int p = 0; p < o->players; p++) sb_printf(&text, "  %s:\n", wolves_terrain_name(gm->s.player[p].pack));
  sb_puts(&text, gm->nactions ? "actions:\n" : "actions: []\n");
  if (gm->yaml.len) sb_puts(&text, gm->yaml.buf);
  const int rc = file_save(path.buf, text.buf, text.len, 1, NULL); /* --save DIR: made as needed */
  if (rc)
    sb_free(&path);
  else
    gm->saved = path.buf;
  sb_free(&text);
  return rc;
}

/* --bless: replays the saved game from its file, which must end where the
 * game did (same phase, turn and scores), and writes its output as the
 * golden.  0, 1 when the replay differs (gm->failure), 2 on bad input or a
 * file that cannot be written (reported). */
static int bless_game(game *gm) {
  scenario *sc = scenario_open(gm->saved, WOLVES_EDITION_DEFAULT, 0); /* (the file names its edition) */
  if (sc == NULL) return 2;
  wolves_score played[WOLVES_MAX_PLAYERS], replayed[WOLVES_MAX_PLAYERS];
  wolves_final_scores(&gm->g, &gm->s, played);
  wolves_final_scores(&sc->pos.g, &sc->pos.s, replayed);
  int same = sc->pos.s.phase == gm->s.phase && sc->pos.s.turn == gm->s.turn && sc->nrefused == 0;
  for (int p = 0; p < gm->g.nplayers && same; p++) same = played[p].total == replayed[p].total;
  int rc = 0;
  if (!same) {
    snprintf(gm->failure, sizeof gm->failure, "%s replays to a different end", gm->saved);
    rc = 1;
  } else {
    golden_change change;
    gm->golden = golden_path(gm->saved);
    if (golden_save(gm->golden, sc->json.buf, sc->json.len, &change))
      rc = 2;
    else
      gm->change = (int)change;
  }
  scenario_close(sc);
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

static int play_game(game *gm, const play_opts *o) {
  static const uint8_t seating[] = {WOLVES_ROCKY, WOLVES_GRASS, WOLVES_TUNDRA, WOLVES_DESERT, WOLVES_FOREST};
  char what[160];
  wolves_score before[WOLVES_MAX_PLAYERS], after[WOLVES_MAX_PLAYERS];
  wolves_rng rng;
  wolves_action a;
  wolves_sampler sampler = {0}; /* the draws of wolves_sample, without reading the whole board each time */
  int rc = wolves_setup(&gm->g, &gm->s, o->players, seating, o->players == 2 ? WOLVES_FOREST : WOLVES_NONE,
                        gm->seed, NULL);
  if (rc) {
    snprintf(what, sizeof what, "setup refused (%s)", wolves_clause_get(rc)->id);
    fail(gm, what, WOLVES_NONE);
  }
  /* --data: the overrides, and the supply they set (SETUP: Components) */
  data_apply(&o->data, &gm->g.data);
  gm->s.supply_bonus_terrain = gm->g.data.supply_bonus_terrain;
  gm->s.supply_bonus_action = gm->g.data.supply_bonus_action;
  /* --edition: its readings, and what they give at setup (as a scenario's) */
  (void)wolves_edition_apply(&gm->g, o->edition);
  (void)wolves_setup_readings(&gm->g, &gm->s, NULL);
  wolves_rng_seed(&rng, gm->seed);
  wolves_final_scores(&gm->g, &gm->s, before);
  while (!gm->failure[0] && gm->s.phase != WOLVES_PHASE_OVER) {
    if (gm->nactions >= o->max_actions) {
      snprintf(what, sizeof what, "unfinished (limit %llu actions)", (unsigned long long)o->max_actions);
      fail(gm, what, WOLVES_NONE);
      break;
    }
    if (!wolves_sample_with(&gm->g, &gm->s, &sampler, &rng, &a, NULL)) {
      fail(gm, "no legal action", WOLVES_NONE);
      break;
    }
    record(gm, &a);
    gm->nactions++;
    if ((rc = wolves_apply(&gm->g, &gm->s, &a, NULL)) != WOLVES_OK) {
      snprintf(what, sizeof what, "drawn %s refused (%s)", wolves_action_name(a.kind),
               wolves_clause_get(rc)->id);
      fail(gm, what, a.kind == WOLVES_ACT_MOVE ? a.step[0].to : a.target);
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
        fail(gm, what, a.kind == WOLVES_ACT_MOVE ? a.step[0].to : a.target);
      }
    memcpy(before, after, sizeof before);
  }
  return gm->failure[0] ? -1 : 0;
}

/* ---- reporting: a line per game, or --format json / jsonl ---- */

/* Whether a finished game ended by MOON.STALL (the moon cycle completed
 * because nothing could reach the Moonlight Board any more) rather than
 * by filling the Full Moon date (MOON.FULL_ENDS). */
static int game_stalled(const game *gm) {
  return gm->s.moon_filled < gm->g.data.moon_phase_date[WOLVES_FULL];
}

static void print_text(const game *gm, unsigned long long index, const wolves_score *sc, const play_opts *o) {
  if (gm->failure[0]) {
    color_word(stdout, o->color, COLOR_RED, "FAIL");
    printf(" game %llu: ", index);
    err_path(stdout, gm->failure); /* (it may name the --save directory) */
    putchar('\n');
    return;
  }
  if (!o->quiet) {
    printf("game %llu seed %llu: %lu actions, %u turns, %s, winner", index, (unsigned long long)gm->seed,
           gm->nactions, (unsigned)gm->s.turn, game_stalled(gm) ? "stall" : "full moon");
    int best = 0;
    for (int p = 0; p < gm->g.nplayers; p++)
      if (sc[p].rank == 1) {
        printf("%s%s", best ? "=" : " ", wolves_terrain_name(gm->s.player[p].pack));
        best = sc[p].total;
      }
    printf(" (%d) |", best);
    for (int p = 0; p < gm->g.nplayers; p++)
      printf(" %s %d", wolves_terrain_name(gm->s.player[p].pack), sc[p].total);
    putchar('\n');
  }
  if (gm->change > GOLDEN_UNCHANGED || (gm->change == GOLDEN_UNCHANGED && !o->quiet)) {
    printf("  %s ", golden_change_name((golden_change)gm->change));
    err_path(stdout, gm->golden);
    putchar('\n');
  }
}

/* One game as a JSON object: an element of --format json's "games", or a
 * line of --format jsonl. */
static doc_node *game_doc(doc *d, const game *gm, unsigned long long index, const wolves_score *sc) {
  doc_node *m = doc_map(d), *winners = doc_seq(d), *scores = doc_map(d);
  doc_put(d, m, "game", doc_int(d, (long long)index));
  doc_put(d, m, "seed", doc_int(d, (long long)gm->seed));
  doc_put(d, m, "result", doc_str(d, gm->failure[0] ? "fail" : "pass"));
  doc_put(d, m, "actions", doc_int(d, (long long)gm->nactions));
  doc_put(d, m, "turns", doc_int(d, gm->s.turn));
  if (gm->failure[0]) doc_put(d, m, "failure", doc_str(d, gm->failure));
  if (!gm->failure[0]) doc_put(d, m, "end", doc_str(d, game_stalled(gm) ? "stall" : "full_moon"));
  for (int p = 0; p < gm->g.nplayers && !gm->failure[0]; p++) {
    const char *pack = wolves_terrain_name(gm->s.player[p].pack);
    if (sc[p].rank == 1) doc_push(winners, doc_str(d, pack));
    doc_put(d, scores, pack, doc_int(d, sc[p].total));
  }
  if (!gm->failure[0]) {
    doc_put(d, m, "winners", winners);
    doc_put(d, m, "scores", scores);
  }
  if (gm->saved) doc_put(d, m, "saved", doc_str(d, gm->saved));
  /* as `test --format json` reports a golden */
  if (gm->change >= 0) doc_put(d, m, "golden", doc_str(d, golden_change_name((golden_change)gm->change)));
  return m;
}

/* --format json: the element indented as json_write would indent it
 * inside {"games": [...]} (the list is streamed, a game at a time);
 * jsonl: one line. */
static void print_json(const game *gm, unsigned long long index, const wolves_score *sc, const play_opts *o,
                       int first) {
  doc d;
  doc_init(&d, "play");
  strbuf sb = {0};
  const doc_node *m = game_doc(&d, gm, index, sc);
  if (o->format == PLAY_JSONL) {
    json_inline(&sb, m, (size_t)-1);
    puts(sb.buf);
  } else {
    json_write(&sb, m);
    fputs(first ? "\n    " : ",\n    ", stdout);
    for (size_t i = 0; i + 1 < sb.len; i++) { /* without the final newline */
      putchar(sb.buf[i]);
      if (sb.buf[i] == '\n') fputs("    ", stdout);
    }
  }
  sb_free(&sb);
  doc_free(&d);
}

/* ---- playing games in parallel, reporting them in order ---- */

/* Games are played (pure: no I/O) by up to `jobs` threads at once, at most
 * WINDOW games ahead of the reporting, which saves, blesses and prints
 * them in order on the main thread and stops at the first failure: the
 * same files and bytes as with one job. */
#define WINDOW (2 * MAX_JOBS)

typedef struct {
  const play_opts *o;
  game *slot; /* game i is slot[i % WINDOW] */
  int *done;
  uint64_t next, reported, stop; /* stop: no game past it is started */
  pthread_mutex_t lock;
  pthread_cond_t changed;
} arena;

static void start_game(game *gm, uint64_t seed) {
  memset(gm, 0, sizeof *gm);
  gm->seed = seed;
  gm->change = -1;
  doc_init(&gm->d, "play");
}

static void *player(void *arg) {
  arena *a = arg;
  pthread_mutex_lock(&a->lock);
  for (;;) {
    while (a->next < a->stop && a->next >= a->reported + WINDOW) pthread_cond_wait(&a->changed, &a->lock);
    if (a->next >= a->stop) break;
    const uint64_t i = a->next++;
    game *gm = &a->slot[i % WINDOW];
    pthread_mutex_unlock(&a->lock);
    start_game(gm, a->o->seed + i);
    const int failed = play_game(gm, a->o) != 0;
    pthread_mutex_lock(&a->lock);
    if (failed && i + 1 < a->stop) a->stop = i + 1;
    a->done[i % WINDOW] = 1;
    pthread_cond_broadcast(&a->changed);
  }
  pthread_mutex_unlock(&a->lock);
  return NULL;
}

/* Game i, played: by a thread (waiting for it), else here. */
static game *played(arena *a, uint64_t i, unsigned nthreads) {
  game *gm = &a->slot[i % WINDOW];
  if (nthreads == 0) {
    start_game(gm, a->o->seed + i);
    play_game(gm, a->o);
    return gm;
  }
  pthread_mutex_lock(&a->lock);
  while (!a->done[i % WINDOW]) pthread_cond_wait(&a->changed, &a->lock);
  pthread_mutex_unlock(&a->lock);
  return gm;
}

/* Game i reported: its slot is free for game i + WINDOW. */
static void release(arena *a, uint64_t i, unsigned nthreads) {
  game *gm = &a->slot[i % WINDOW];
  doc_free(&gm->d);
  sb_free(&gm->yaml);
  free(gm->saved);
  free(gm->golden);
  if (nthreads == 0) return;
  pthread_mutex_lock(&a->lock);
  a->done[i % WINDOW] = 0;
  a->reported = i + 1;
  pthread_cond_broadcast(&a->changed);
  pthread_mutex_unlock(&a->lock);
}

/* Saves and blesses a played game as asked; a failure (the game's, or a
 * replay that differs) is saved as play-fail-SEED.yaml.  Returns 0, 1 for
 * a failed game, 2 when a file could not be written (reported). */
static int keep_game(game *gm, const play_opts *o) {
  char name[64];
  int rc = 0;
  if (!gm->failure[0]) {
    snprintf(name, sizeof name, "%dp-seed-%llu.yaml", o->players, (unsigned long long)gm->seed);
    if (o->save && save_game(gm, o, o->save, name, "a finished game")) rc = 2;
    if (rc == 0 && o->bless) rc = bless_game(gm);
  }
  if (gm->failure[0]) { /* a violation, or a replay that differs */
    snprintf(name, sizeof name, "play-fail-%llu.yaml", (unsigned long long)gm->seed);
    free(gm->saved);
    gm->saved = NULL;
    rc = save_game(gm, o, o->save, name, gm->failure) ? 2 : 1;
  }
  return rc;
}

/* ---- progress on a terminal ---- */

typedef struct {
  int on, shown;
  double start, last; /* when the run started, when the line was last drawn */
} progress;

/* "12/1000 games, 85.3 games/s, ETA 11s" over itself on standard error:
 * at the start, after the first game, then at most ten times a second
 * (and again at once after clear_progress). */
static void show_progress(progress *p, uint64_t done, uint64_t total) {
  if (!p->on) return;
  const double t = progress_clock(), elapsed = t - p->start;
  if (p->shown && done > 1 && t - p->last < 0.1) return;
  p->last = t;
  p->shown = 1;
  fprintf(stderr, "\r\033[K%llu/%llu games", (unsigned long long)done, (unsigned long long)total);
  if (done > 0 && elapsed > 0) {
    const double rate = (double)done / elapsed;
    const unsigned long long eta = (unsigned long long)((double)(total - done) / rate + 0.5);
    fprintf(stderr, rate < 10 ? ", %.1f games/s" : ", %.0f games/s", rate);
    if (eta >= 3600)
      fprintf(stderr, ", ETA %lluh%02llum", eta / 3600, eta / 60 % 60);
    else if (eta >= 60)
      fprintf(stderr, ", ETA %llum%02llus", eta / 60, eta % 60);
    else
      fprintf(stderr, ", ETA %llus", eta);
  }
  fflush(stderr);
}

/* Clears the line (before a line of the report, and at the end). */
static void clear_progress(progress *p) {
  if (!p->on || !p->shown) return;
  fputs("\r\033[K", stderr);
  fflush(stderr);
  p->shown = 0;
}

static int cmd_play(int argc, char **argv, const char *flags, const char *const *values) {
  (void)argv;
  play_opts o;
  if (read_opts(argc, flags, values, &o)) return 2;
  unsigned long long passed = 0, failed = 0, stalled = 0;
  int rc = 0;
  arena a = {&o, NULL, NULL, 0, 0, o.games, PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER};
  a.slot = xmalloc(WINDOW * sizeof *a.slot);
  a.done = xmalloc(WINDOW * sizeof *a.done);
  memset(a.done, 0, WINDOW * sizeof *a.done);
  pthread_t threads[MAX_JOBS];
  unsigned nthreads = 0;
  if (o.jobs > 1 && o.games > 1)
    while (nthreads < o.jobs && pthread_create(&threads[nthreads], NULL, player, &a) == 0) nthreads++;
  if (o.format == PLAY_JSON) fputs("{\n  \"games\": [", stdout);
  progress bar = {o.progress, 0, progress_clock(), 0};
  for (uint64_t i = 0; i < o.games; i++) {
    show_progress(&bar, i, o.games);
    game *gm = played(&a, i, nthreads);
    /* (a line of the report, or an error saving the game, may follow: off
     * the terminal's line first; --quiet keeps it for the games that
     * print nothing) */
    if (o.format != PLAY_TEXT || !o.quiet || o.save || gm->failure[0]) clear_progress(&bar);
    rc = keep_game(gm, &o);
    if (rc != 2 || gm->failure[0]) { /* else: a file not written, reported */
      gm->failure[0] ? failed++ : passed++;
      stalled += !gm->failure[0] && game_stalled(gm);
      wolves_score sc[WOLVES_MAX_PLAYERS];
      wolves_final_scores(&gm->g, &gm->s, sc);
      if (o.format == PLAY_TEXT)
        print_text(gm, (unsigned long long)i, sc, &o);
      else
        print_json(gm, (unsigned long long)i, sc, &o, i == 0);
    }
    release(&a, i, nthreads);
    if (fflush(stdout) != 0) rc = 2;
    if (rc) break; /* a violation stops the run: its scenario is saved */
  }
  pthread_mutex_lock(&a.lock);
  a.stop = 0; /* the threads start no other game */
  pthread_cond_broadcast(&a.changed);
  pthread_mutex_unlock(&a.lock);
  for (unsigned k = 0; k < nthreads; k++) pthread_join(threads[k], NULL);
  for (uint64_t i = a.reported; i < a.next; i++) /* played past a failure, not reported */
    if (a.done[i % WINDOW]) release(&a, i, 0);
  free(a.slot);
  free(a.done);
  clear_progress(&bar);
  if (o.format == PLAY_JSON)
    printf("%s],\n  \"passed\": %llu,\n  \"failed\": %llu,\n  \"full_moon\": %llu,\n  \"stall\": %llu\n}\n",
           passed + failed ? "\n  " : "", passed, failed, passed - stalled, stalled);
  else if (o.format == PLAY_JSONL)
    printf("{\"passed\": %llu, \"failed\": %llu, \"full_moon\": %llu, \"stall\": %llu}\n", passed, failed,
           passed - stalled, stalled);
  else
    printf("play: %llu passed, %llu failed; ended by full moon %llu, by stall %llu\n", passed, failed,
           passed - stalled, stalled);
  return rc;
}

static const option_spec play_options[] = {VALUE("players", 0, PLAY_PLAYERS),
                                           VALUE("seed", 0, PLAY_SEED),
                                           VALUE("games", 0, PLAY_GAMES),
                                           VALUE("save", 0, PLAY_SAVE),
                                           FLAG("bless", 0, 'b'),
                                           VALUE("max-actions", 0, PLAY_MAX_ACTIONS),
                                           VALUE("format", 0, PLAY_FORMAT),
                                           FLAG("quiet", 'q', 'q'),
                                           VALUE("jobs", 'j', PLAY_JOBS),
                                           VALUE("color", 0, PLAY_COLOR),
                                           VALUE("data", 0, PLAY_DATA),
                                           VALUE("edition", 0, PLAY_EDITION),
                                           OPTIONS_END};

const command play_command = {
    "play",
    "Usage: wolves play --players N --seed S [--games G] [--save DIR [--bless]] [--max-actions M]\n"
    "                   [--quiet] [--jobs N] [--data FILE] [--edition NAME] [--format text|json|jsonl]\n"
    "                   [--color WHEN]\n",
    "Play G games (default 1) of N players (2 to 5: rocky, grass, tundra, desert, forest in\n"
    "seating order; the 2-player AI pack is forest).  Game g uses seed S+g for the setup and\n"
    "for its choices: an action kind uniformly among the kinds with a legal action, then one\n"
    "of its legal actions (a Move of one wolf, default pushes; Moves favour Alphas that can\n"
    "reach a Den an Upgrade could use), then the paying tiles uniformly among the matching\n"
    "sets (see wolves(1)).  After every action the action must have applied, the invariants\n"
    "must hold and no final-score total may fall.  Prints one line per game (with how it\n"
    "ended: full moon, or stall by MOON.STALL), then 'play: N passed, N failed; ended by\n"
    "full moon N, by stall N'.  The first failure stops the run and is saved as the\n"
    "replayable scenario play-fail-SEED.yaml.  On a terminal, progress on stderr (games\n"
    "done/total, games/s, ETA).\n"
    "\n"
    "  --players N        number of players, 2 to 5 (required)\n"
    "  --seed S           seed of the first game (required)\n"
    "  --games G          number of games (default 1)\n"
    "  --save DIR         write each finished game as DIR/Np-seed-SEED.yaml (and failures there)\n"
    "  --bless            with --save: replay each saved game from its file and write its golden\n"
    "  --max-actions M    a game not over after M actions fails as unfinished (default and most 10000)\n"
    "  -q, --quiet        print only failures, golden changes and the summary\n"
    "  -j, --jobs N       play N games at once (1 to 64; the report and files are the same)\n"
    "  --data FILE        override component data for every game: a YAML mapping of data\n"
    "                     fields, as a scenario's `data:` (see wolves data)\n"
    "  --edition NAME     play every game by the readings edition NAME of the rulebook takes:\n"
    "                     en, pl, ru, uk, summary or wolves (the default; see wolves clauses\n"
    "                     --edition NAME); a saved game names it (edition: NAME)\n"
    "  --format json      report as JSON: {games: [{game, seed, result, end, ...}], passed,\n"
    "                     failed, full_moon, stall}\n"
    "  --format jsonl     one JSON object per game as it finishes, then {passed, failed, full_moon,\n"
    "                     stall}\n"
    "  --color WHEN       FAIL in red: auto (on a terminal, unless NO_COLOR or TERM=dumb),\n"
    "                     always or never\n",
    play_options, cmd_play};
