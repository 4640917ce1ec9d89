/* bench.c - `make bench` (issue #7): one table of measured figures beside
 * their targets.  Not a test: it never fails on a missed target.
 *
 *   bench WOLVES PARSE_ONLY
 *
 * 1. the bundled suite: wall time of `WOLVES test --quiet scenarios`
 *    against PARSE_ONLY reading scenarios/ and golden/ with libyaml (best
 *    of SUITE_RUNS each, in turn), and the suite run's peak memory (ru_maxrss of wait4);
 * 2. self-play on this core, 3 players, wolves_sample_with and one
 *    wolves_sampler kept over the games, as a bot's loop keeps it (it
 *    applies the action it draws; the same draws as wolves_sample):
 *    applied actions and finished games per second over seeds
 *    1..PLAY_GAMES (best of RUNS), without and with wolves_invariants
 *    after every action;
 * 3. wolves_legal_actions on a busy mid-game position: positions/s
 *    (LEGAL_POSITIONS listings, best of RUNS), and along self-play: every
 *    position of the seeded 3-player games 1..LEGAL_GAMES (issue 24);
 * 4. sizeof(wolves_state);
 * 5. wolves conform (issue #22) against `WOLVES engine`: the suite (wall,
 *    best of SUITE_RUNS, in turn with runs of `test`, so that both meet the
 *    same load) beside `test`'s, and differential play (20 games of 3
 *    players, seed 1): actions sent through the pipe per second, with
 *    every capability compared and with verdicts only (best of 3);
 * 6. the enumerations at their bounds on work (issue 31), wall time (best
 *    of BOUND_RUNS, each stopped after BOUND_LIMIT seconds): `legal --moves
 *    all` on the crowded house position (the bundled game 4p-seed-111
 *    after HOUSE_ACTIONS actions, with a Pack Spread of 8 and a Wolf Speed
 *    of 12: refused at its 1000000 Moves tried), and `perft` 60 actions
 *    into that game at depth 5 (refused at its 20000000 actions listed)
 *    and at depth 10.  Beside them, d926031's figures (before the bounds).
 * Times are the best of RUNS runs: the machine may be busy.  Beside each
 * figure, the one measured before issue 24 (tests/bench/README.md); beside
 * conform's, the first measure of issue 22, before its speed work. */
#define _DEFAULT_SOURCE
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "wolves.h"

#define RUNS 11              /* self-play and `legal`: 20-40 ms each, as many as the suite gets */
#define SUITE_RUNS 11        /* the suite and its baseline: 20 ms each */
#define PLAY_GAMES 500       /* self-play: seeds 1..500, 3 players */
#define LEGAL_POSITIONS 2000 /* listings per run */
#define MID_GAME 60          /* actions into the game for the `legal` position (then to a turn start) */
#define LEGAL_GAMES 20       /* `legal` along self-play: the positions of seeds 1..20, 3 players */
#define MAX_POSITIONS 4096
#define BOUND_RUNS 3      /* the enumerations at their bounds: seconds each */
#define BOUND_LIMIT 120   /* seconds: the longest wait for one (d926031 took minutes to hours) */
#define HOUSE_ACTIONS 140 /* the crowded house position: 4p-seed-111 after as many actions */

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Starts argv with stdout and stderr to /dev/null: its pid. */
static pid_t spawn(char *const argv[]) {
  const pid_t pid = fork();
  if (pid < 0) {
    perror("bench: fork");
    exit(2);
  }
  if (pid == 0) {
    if (freopen("/dev/null", "w", stdout) == NULL || freopen("/dev/null", "w", stderr) == NULL) _exit(127);
    execv(argv[0], argv);
    _exit(127);
  }
  return pid;
}

/* Runs argv with stdout and stderr to /dev/null; wall seconds, peak KiB. */
static double run(char *const argv[], long *maxrss_kib) {
  const double t0 = now();
  const pid_t pid = spawn(argv);
  int status;
  struct rusage ru;
  if (wait4(pid, &status, 0, &ru) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    fprintf(stderr, "bench: %s failed\n", argv[0]);
    exit(2);
  }
  if (maxrss_kib != NULL) *maxrss_kib = ru.ru_maxrss;
  return now() - t0;
}

/* Runs argv as run() does, stopped after limit seconds: its wall seconds
 * and *status its exit status, or -1 when it was stopped. */
static double run_within(char *const argv[], double limit, int *status) {
  const double t0 = now();
  const pid_t pid = spawn(argv);
  int st;
  pid_t done;
  while ((done = waitpid(pid, &st, WNOHANG)) == 0 && now() - t0 < limit) {
    const struct timespec tick = {0, 10000000}; /* 10 ms */
    nanosleep(&tick, NULL);
  }
  if (done == 0) { /* the limit */
    kill(pid, SIGKILL);
    waitpid(pid, &st, 0);
    return -1;
  }
  *status = WIFEXITED(st) ? WEXITSTATUS(st) : 128;
  return now() - t0;
}

/* The best of BOUND_RUNS runs of argv, each ending with status 0 (done)
 * or 2 (refused at a bound), as text: "2.31 s (exit 2)", or "> 120 s"
 * when one was stopped; *ok: done within 10 seconds. */
static void bounded(char *const argv[], char *out, size_t n, int *ok) {
  double best = 1e30;
  int status = -1;
  for (int i = 0; i < BOUND_RUNS; i++) {
    const double t = run_within(argv, BOUND_LIMIT, &status);
    if (t < 0) {
      snprintf(out, n, "> %d s", BOUND_LIMIT);
      *ok = 0;
      return;
    }
    if (status != 0 && status != 2) {
      fprintf(stderr, "bench: %s %s exited with %d\n", argv[0], argv[1], status);
      exit(2);
    }
    if (t < best) best = t;
  }
  snprintf(out, n, "%.2f s (exit %d)", best, status);
  *ok = best <= 10;
}

/* The best of SUITE_RUNS runs of each, a run of a then one of b in turn,
 * so that both meet the same load of a busy machine; the peak memory is
 * the least of the runs too (it varies by 0.2 MiB from one run to the next
 * with where the kernel and the C library put things). */
static void best_of_pairs(char *const a[], double *ta, long *rss_a, char *const b[], double *tb,
                          long *rss_b) {
  *ta = *tb = 1e30;
  *rss_a = *rss_b = -1;
  for (int i = 0; i < SUITE_RUNS; i++) {
    long ra, rb;
    const double x = run(a, &ra), y = run(b, &rb);
    if (x < *ta) *ta = x;
    if (y < *tb) *tb = y;
    if (*rss_a < 0 || ra < *rss_a) *rss_a = ra;
    if (*rss_b < 0 || rb < *rss_b) *rss_b = rb;
  }
}

static const uint8_t seating[] = {WOLVES_ROCKY, WOLVES_GRASS, WOLVES_TUNDRA, WOLVES_DESERT, WOLVES_FOREST};

static void start(wolves_game *g, wolves_state *s, wolves_rng *rng, int players, uint64_t seed) {
  if (wolves_setup(g, s, players, seating, players == 2 ? WOLVES_FOREST : WOLVES_NONE, seed, NULL) != 0) {
    fprintf(stderr, "bench: setup refused\n");
    exit(2);
  }
  wolves_rng_seed(rng, seed);
}

/* The crowded house position into a file at path: the game of
 * scenarios/games/4p-seed-111.yaml (self-play, seed 111) after
 * HOUSE_ACTIONS actions, with the data of a house rule. */
static void house_position(const char *path) {
  static wolves_game g;
  wolves_state s, next;
  wolves_action a;
  wolves_rng rng;
  start(&g, &s, &rng, 4, 111);
  for (int i = 0; i < HOUSE_ACTIONS; i++) {
    if (!wolves_sample(&g, &s, &rng, &a, &next)) {
      fprintf(stderr, "bench: the game ended before the house position\n");
      exit(2);
    }
    s = next;
  }
  for (int i = 0; i < WOLVES_ATTR_POSITIONS; i++) {
    g.data.attr_value[WOLVES_PACK_SPREAD][i] = 8;
    g.data.attr_value[WOLVES_WOLF_SPEED][i] = 12;
  }
  char *const json = wolves_state_to_json(&g, &s, NULL);
  FILE *const f = fopen(path, "w");
  if (json == NULL || f == NULL || fputs(json, f) == EOF || fclose(f) != 0) {
    fprintf(stderr, "bench: cannot write %s\n", path);
    exit(2);
  }
  wolves_free(json);
}

/* Plays the seeded games 1..PLAY_GAMES, best of RUNS (the machine may be
 * busy); actions and games per second. */
static void self_play(int players, int invariants, double *actions_s, double *games_s) {
  static wolves_game g;
  static wolves_sampler sampler; /* zeroed: empty */
  wolves_state buf[2];
  wolves_action a;
  wolves_rng rng;
  *actions_s = *games_s = 0;
  for (int run = 0; run < RUNS; run++) {
    long actions = 0, games = 0;
    const double t0 = now();
    for (uint64_t seed = 1; seed <= PLAY_GAMES; seed++) {
      wolves_state *s = &buf[0], *next = &buf[1];
      start(&g, s, &rng, players, seed);
      for (int n = 0; s->phase != WOLVES_PHASE_OVER && n < 20000; n++) {
        if (!wolves_sample_with(&g, s, &sampler, &rng, &a, next)) break;
        wolves_state *const before = s; /* the state after the action, without a copy */
        s = next;
        next = before;
        actions++;
        uint8_t where;
        if (invariants && wolves_invariants(&g, s, &where) != NULL) {
          fprintf(stderr, "bench: invariant broken, seed %llu\n", (unsigned long long)seed);
          exit(2);
        }
      }
      games += s->phase == WOLVES_PHASE_OVER;
    }
    const double t = now() - t0;
    if ((double)actions / t > *actions_s) {
      *actions_s = (double)actions / t;
      *games_s = (double)games / t;
    }
  }
}

/* wolves_legal_actions on the position MID_GAME actions into a seeded
 * 3-player game; positions per second and the number of actions listed. */
static double legal_rate(int *listed) {
  static wolves_game g;
  static wolves_action out[8192];
  wolves_state s, next;
  wolves_action a;
  wolves_rng rng;
  start(&g, &s, &rng, 3, 1);
  /* the first turn start after MID_GAME actions: two actions to choose */
  for (int n = 0; (n < MID_GAME || s.actions_taken > 0) && wolves_sample(&g, &s, &rng, &a, &next); n++)
    s = next;
  double best = 0;
  for (int run = 0; run < RUNS; run++) {
    const double t0 = now();
    for (int i = 0; i < LEGAL_POSITIONS; i++) *listed = wolves_legal_actions(&g, &s, out, 8192);
    const double rate = LEGAL_POSITIONS / (now() - t0);
    if (rate > best) best = rate;
  }
  return best;
}

/* wolves_legal_actions on every position of the seeded 3-player games
 * 1..LEGAL_GAMES (the draft, every action, the end of each turn):
 * positions per second, best of RUNS; *count the positions. */
static double legal_along_play(int *count) {
  static wolves_game g;
  static wolves_state pos[MAX_POSITIONS];
  static wolves_action out[8192];
  wolves_action a;
  wolves_rng rng;
  int n = 0;
  for (uint64_t seed = 1; seed <= LEGAL_GAMES; seed++) {
    start(&g, &pos[n], &rng, 3, seed);
    while (n + 1 < MAX_POSITIONS && pos[n].phase != WOLVES_PHASE_OVER &&
           wolves_sample(&g, &pos[n], &rng, &a, &pos[n + 1]) == 1)
      n++;
  }
  *count = n;
  double best = 0;
  long listed = 0;
  for (int run = 0; run < RUNS; run++) {
    const double t0 = now();
    for (int i = 0; i < n; i++) listed += wolves_legal_actions(&g, &pos[i], out, 8192);
    const double rate = n / (now() - t0);
    if (rate > best) best = rate;
  }
  return listed > 0 ? best : 0;
}

/* before: the figure before issue 24 (tests/bench/README.md), on this
 * machine (before issue 31 for its rows); "" where there was none. */
static void row(const char *measure, const char *before, const char *measured, const char *target,
                const char *verdict) {
  printf("| %-50s | %-11s | %-16s | %-12s | %-7s |\n", measure, before, measured, target, verdict);
}

static const char *verdict(int ok) { return ok ? "met" : "MISSED"; }

/* Differential play through the pipe: `wolves conform --engine 'WOLVES
 * engine --capabilities CAPS' --games G --seed 1`, timed; the actions it
 * sent (its summary line) per second of wall time, best of 3. */
static double conform_rate(const char *wolves, const char *caps, int games, long *actions) {
  char cmd[4096];
  snprintf(cmd, sizeof cmd,
           "'%s' conform --engine \"'%s' engine --capabilities %s\" --quiet --games %d --seed 1", wolves,
           wolves, caps, games);
  double best = 0;
  for (int i = 0; i < 3; i++) {
    const double t0 = now();
    FILE *f = popen(cmd, "r");
    char line[512], last[512] = "";
    while (f && fgets(line, sizeof line, f)) memcpy(last, line, sizeof last);
    const int rc = f ? pclose(f) : -1;
    const double t = now() - t0;
    const char *at = strstr(last, "checks, ");
    if (rc != 0 || at == NULL || sscanf(at, "checks, %ld actions", actions) != 1) {
      fprintf(stderr, "bench: %s failed\n", cmd);
      exit(2);
    }
    if (*actions / t > best) best = (double)*actions / t;
  }
  return best;
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: bench WOLVES PARSE_ONLY\n");
    return 2;
  }
  char *suite[] = {argv[1], "test", "--quiet", "scenarios", NULL};
  char *baseline[] = {argv[2], "scenarios", "golden", NULL};
  long rss = 0, base_rss = 0;
  double t_base, t_suite;
  best_of_pairs(baseline, &t_base, &base_rss, suite, &t_suite, &rss);
  double off_a, off_g, on_a, on_g;
  self_play(3, 0, &off_a, &off_g);
  self_play(3, 1, &on_a, &on_g);
  int listed = 0, positions = 0;
  const double legal = legal_rate(&listed);
  const double along = legal_along_play(&positions);
  char engine[4200];
  snprintf(engine, sizeof engine, "'%s' engine", argv[1]);
  char *conform_suite[] = {argv[1], "conform", "--engine", engine, "--quiet", "scenarios", NULL};
  double t_conform, t_beside;
  long rss_conform, rss_beside;
  best_of_pairs(conform_suite, &t_conform, &rss_conform, suite, &t_beside, &rss_beside);
  long sent_all = 0, sent_verdicts = 0;
  const double diff_all =
      conform_rate(argv[1], "new_game,load,legal,clauses,events,state,scores,data,readings", 20, &sent_all);
  const double diff_verdicts = conform_rate(argv[1], "new_game,clauses", 20, &sent_verdicts);
  char house[] = "/tmp/wolves-bench-house-XXXXXX";
  const int fd = mkstemp(house);
  if (fd < 0 || close(fd) != 0) {
    perror("bench: mkstemp");
    return 2;
  }
  house_position(house);
  char *legal_all[] = {argv[1], "legal", "--moves", "all", house, NULL};
  char *perft5[] = {argv[1], "perft", "--depth", "5", "--after", "60", "scenarios/games/4p-seed-111.yaml",
                    NULL};
  char *perft10[] = {argv[1], "perft", "--depth", "10", "--after", "60", "scenarios/games/4p-seed-111.yaml",
                     NULL};
  char t_legal_all[32], t_perft5[32], t_perft10[32];
  int ok_legal_all, ok_perft5, ok_perft10;
  bounded(legal_all, t_legal_all, sizeof t_legal_all, &ok_legal_all);
  bounded(perft5, t_perft5, sizeof t_perft5, &ok_perft5);
  bounded(perft10, t_perft10, sizeof t_perft10, &ok_perft10);
  remove(house);

  char m[64], legal_label[64];
  printf("| %-50s | %-11s | %-16s | %-12s | %-7s |\n", "measure", "before", "measured", "target", "verdict");
  printf("|%s|%s|%s|%s|%s|\n", "----------------------------------------------------", "-------------",
         "------------------", "--------------", "---------");
  snprintf(m, sizeof m, "%.3f s", t_suite);
  row("suite: wolves test scenarios (wall, best of 11)", "0.014 s", m, "", "");
  snprintf(m, sizeof m, "%.3f s", t_base);
  row("suite: parse-only baseline (libyaml)", "0.019 s", m, "", "");
  snprintf(m, sizeof m, "%.2fx", t_suite / t_base);
  row("suite / baseline", "0.75x", m, "<= 1.0x", verdict(t_suite / t_base <= 1.0));
  snprintf(m, sizeof m, "%.0f", off_a);
  row("self-play 3p, invariants off: actions/s", "1038000", m, ">= 2000000", verdict(off_a >= 2e6));
  snprintf(m, sizeof m, "%.0f", off_g);
  row("self-play 3p, invariants off: games/s", "7350", m, ">= 5000", verdict(off_g >= 5000));
  snprintf(m, sizeof m, "%.0f", on_a);
  row("self-play 3p, invariants on: actions/s", "448000", m, "", "");
  snprintf(m, sizeof m, "%.0f", on_g);
  row("self-play 3p, invariants on: games/s", "3170", m, "", "");
  snprintf(legal_label, sizeof legal_label, "legal, 3p mid-game (%d actions listed): pos/s", listed);
  snprintf(m, sizeof m, "%.0f", legal);
  row(legal_label, "16100", m, "", "");
  snprintf(legal_label, sizeof legal_label, "legal along self-play (%d positions): pos/s", positions);
  snprintf(m, sizeof m, "%.0f", along);
  row(legal_label, "19200", m, ">= 50000", verdict(along >= 50000));
  snprintf(m, sizeof m, "%.3f s", t_conform);
  row("conform: suite vs wolves engine (best of 11)", "0.156 s", m, "", "");
  snprintf(m, sizeof m, "%.1fx", t_conform / t_beside);
  row("conform suite / wolves test (in turn)", "7.4x", m, "<= 3x", verdict(t_conform / t_beside <= 3));
  snprintf(m, sizeof m, "%.0f", diff_all);
  row("differential play, all capabilities: actions/s", "20100", m, ">= 20000", verdict(diff_all >= 20000));
  snprintf(m, sizeof m, "%.0f", diff_verdicts);
  row("differential play, verdicts only: actions/s", "45300", m, "", "");
  snprintf(m, sizeof m, "%.2f MiB", (double)rss / 1024.0);
  /* issue 24: no larger than before, 3.6 to 3.7 MiB from one run to the next */
  row("suite: peak memory (ru_maxrss, least of 11)", "3.6-3.7 MiB", m, "<= 3.75 MiB", verdict(rss <= 3840));
  row("legal --moves all, house 4p game: to its bound", "> 120 s", t_legal_all, "<= 10 s",
      verdict(ok_legal_all));
  row("perft --depth 5, 4p mid-game: to its bound", "10.5 s", t_perft5, "<= 10 s", verdict(ok_perft5));
  row("perft --depth 10, 4p mid-game: to its bound", "> 120 s", t_perft10, "<= 10 s", verdict(ok_perft10));
  snprintf(m, sizeof m, "%zu B", sizeof(wolves_state));
  row("sizeof(wolves_state), flat, memcpy-able", "1674 B", m, "<= 1674 B",
      verdict(sizeof(wolves_state) <= 1674));
  return 0;
}
