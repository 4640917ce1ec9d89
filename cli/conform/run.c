/* run.c - `wolves conform`'s options and its entry, conform_run: the
 * engine started, then each scenario file (the next read while the engine
 * answers) and each game judged and reported in turn, the summary last. */
#include "conform/checker.h"
#include "conform/conform.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/err.h"
#include "base/input.h"
#include "base/options.h"
#include "base/progress.h"
#include "doc.h"
#include "protocol/engine_client.h"
#include "read.h"
#include "state_doc.h"
#include "strbuf.h"
#include "wolves.h"

#define MAX_SEED 0x7fffffffffffffffULL

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
    const int clause = read_clause_find(one); /* in any case, as clause IDs */
    const wolves_reading *r = clause ? wolves_reading_find(wolves_clause_get(clause)->id) : NULL;
    const int k = wolves_reading_choice_find(r, eq + 1);
    if (k < 0) {
      const char *names[WOLVES_READING_NAMES], *hint = r ? NULL : read_clause_suggest(one);
      for (int i = 0; r && i < r->count; i++) names[i] = r->choice[i].name;
      if (r) hint = read_suggest(eq + 1, names, r->count);
      char msg[400];
      *eq = '=';
      snprintf(msg, sizeof msg, "--reading %s: %s (see wolves clauses)%s%s%s", one,
               r ? "no reading of that name" : "the clause has no readings", hint ? " (did you mean '" : "",
               hint ? hint : "", hint ? "'?)" : "");
      return usage_error("conform", "%s", msg);
    }
    c->reading[r->point] = (uint8_t)k;
    c->reading_set[r->point] = 1;
    p += n + (nl ? 1 : 0);
  }
  return 0;
}

static int read_options(conform *c, const char *flags, const char *const *values, double *timeout) {
  const char *cmd = values[CONFORM_ENGINE];
  const int merge = has_flag(flags, 'm');
  if (!merge && (cmd == NULL || !*cmd))
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
  c->keep_going = strchr(flags, 'k') != NULL;
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
  if (merge) return merge_options(c, values) || known_options(c, flags, values) ? 2 : 0;
  if (shard_option("conform", values[CONFORM_SHARD], &c->shard, &c->of)) return 2;
  c->out = values[CONFORM_OUT];
  if (c->out && !*c->out) return usage_error("conform", "%s", "--out needs a DIR");
  if (read_readings(c, values[CONFORM_READING])) return 2;
  if (edition_option("conform", values[CONFORM_EDITION], &c->edition)) return 2;
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
  return known_options(c, flags, values);
}

/* Releases everything a run holds (each part is empty until made: c was
 * zeroed) and returns rc: the one way out of conform_run. */
static int run_end(conform *c, path_list *files, int rc) {
  state_memo_free(&c->memo);
  doc_free(&c->d);
  sb_free(&c->junit_cases);
  io_free(&c->io);
  paths_free(files);
  known_close(c);
  free(c);
  return rc;
}

int conform_run(int argc, char **argv, const char *flags, const char *const *values) {
  conform *c = xmalloc(sizeof *c);
  memset(c, 0, sizeof *c);
  path_list files = {0};
  double timeout = 10;
  if (read_options(c, flags, values, &timeout)) return run_end(c, &files, 2);
  c->noperands = argc;
  c->operands = argv;
  if (has_flag(flags, 'm')) return run_end(c, &files, conform_merge(c, argc, argv));
  /* the scenarios: PATHs, else the suite (only when no --games) */
  if ((argc || !c->games) && files_collect_operands("conform", argc, argv, &files))
    return run_end(c, &files, 2);
  const int unreadable = files.unreadable > 0;
  c->nfiles = files.len;
  if (outputs_check(c, &files)) return run_end(c, &files, 2);
  doc_init(&c->d, "report");
  c->cases = doc_seq(&c->d);
  const double start = progress_clock();
  int rc = 0;
  if (engine_start(&c->e, values[CONFORM_ENGINE], timeout)) {
    err_say("wolves conform: protocol error: %s", c->e.error.buf ? c->e.error.buf : "?");
    engine_stop(&c->e);
    return run_end(c, &files, 2);
  }
  size_t total = 0;
  for (size_t i = 0; i < files.len; i++) total += c->of <= 1 || i % c->of == c->shard - 1;
  for (uint64_t k = 0; k < c->games; k++) total += c->of <= 1 || k % c->of == c->shard - 1;
  if (c->tap) printf("TAP version 13\n1..%zu\n", total);
  if (c->text && !c->quiet) conform_header(c);
  fflush(stdout);
  size_t number = 0;
  /* each file is read while the engine loads the position of the one before */
  read_case next = {0};
  size_t at = 0;
  while (at < files.len && c->of > 1 && at % c->of != c->shard - 1) at++;
  if (at < files.len) case_read(&next, files.paths[at], c->edition);
  /* (a standard output that cannot be written, where SIGPIPE is ignored,
   * stops the run: main.c says why, exit 2) */
  while (at < files.len && rc == 0 && !ferror(stdout)) {
    const size_t i = at;
    read_case cur = next;
    memset(&next, 0, sizeof next);
    if (c->progress) progress_count(number, total);
    conform_case cs = {.name = files.paths[i], .result = AGREE};
    const double t0 = progress_clock();
    begun_case b;
    if (begin_case(c, &cs, &cur, &b) < 0) rc = 2;
    for (at++; at < files.len && c->of > 1 && at % c->of != c->shard - 1;) at++;
    if (rc == 0 && at < files.len) case_read(&next, files.paths[at], c->edition);
    if (rc == 0 && end_case(c, &cs, &cur, &b) < 0) rc = 2;
    cs.seconds = progress_clock() - t0;
    if (c->progress) progress_count(total, total);
    if (rc == 0) report_case(c, ++number, &cs);
    sb_free(&cs.text);
    case_free(&cur);
  }
  case_free(&next);
  strbuf name = {0};
  for (uint64_t k = 0; k < c->games && rc == 0 && !ferror(stdout); k++) {
    if (c->of > 1 && k % c->of != c->shard - 1) continue;
    if (c->progress) progress_count(number, total);
    name.len = 0;
    sb_printf(&name, "game-%dp-seed-%llu", c->players, (unsigned long long)(c->seed + k));
    conform_case cs = {.name = name.buf, .result = AGREE};
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
    conform_summary(c, number, progress_clock() - start);
    known_save(c, 0);
  }
  engine_stop(&c->e);
  if (rc == 0) rc = c->counts[BAD] || c->write_failed || unreadable ? 2 : conform_failed(c);
  return run_end(c, &files, rc);
}
