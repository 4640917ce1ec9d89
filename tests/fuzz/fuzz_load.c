/* fuzz_load.c - libFuzzer harness for the scenario loader: the fuzz bytes
 * are a scenario file read through the code path of `wolves run` and
 * `wolves check` (scenario_load, scenario_run, expect_check), with every
 * output kept in memory.  No file is read or written (serve.h).
 *
 * Oracles besides the sanitizers: a failed load always sets one error
 * with a position and a message; a successful run's JSON output is itself
 * a valid scenario that runs to the same JSON (wolves-scenario(5)), with
 * the same choice of showing clause checks in the event log. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scenario/expect.h"
#include "scenario/scenario.h"
#include "serve.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void fail(const char *what, const char *detail) {
  fprintf(stderr, "fuzz_load: %s\n%s\n", what, detail ? detail : "");
  abort();
}

static void check_error(const cli_err *e) {
  if (!e->set || e->line < 1 || e->col < 1 || e->msg[0] == '\0')
    fail("a load failed without a diagnostic", NULL);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  serve_input((const char *)data, size);
  scenario sc;
  cli_err e = {0};
  if (scenario_load(&sc, "-", &e) != 0) {
    check_error(&e);
    scenario_free(&sc);
    return 0;
  }
  const int show_checks = (int)(size & 1);
  if (scenario_run(&sc, show_checks, &e) != 0) { /* past a limit: nothing printed */
    check_error(&e);
    scenario_free(&sc);
    return 0;
  }
  diff_report r;
  diff_init(&r, 20);
  (void)expect_check(&sc, NULL, &r);
  diff_finish(&r);
  sb_free(&r.out);
  diff_free(&r);
  (void)scenario_stale_claim(&sc);

  /* The printed state loads again and prints the same. */
  serve_second(sc.json.buf, sc.json.len);
  scenario again;
  cli_err e2 = {0};
  if (scenario_load(&again, FUZZ_SECOND, &e2) != 0) {
    char msg[2200];
    snprintf(msg, sizeof msg, "%d:%d: %s\n%s", e2.line, e2.col, e2.msg, sc.json.buf);
    fail("the output of a run does not load as a scenario", msg);
  }
  if (scenario_run(&again, show_checks, &e2) != 0) {
    char msg[1200];
    snprintf(msg, sizeof msg, "%d:%d: %s", e2.line, e2.col, e2.msg);
    fail("the output of a run does not run again", msg);
  }
  if (again.json.len != sc.json.len || memcmp(again.json.buf, sc.json.buf, sc.json.len) != 0) {
    fprintf(stderr, "first:\n%s\nsecond:\n%s\n", sc.json.buf, again.json.buf);
    fail("the output of a run does not round-trip", NULL);
  }
  scenario_free(&again);
  scenario_free(&sc);
  return 0;
}
