/* fuzz_load.c - libFuzzer harness for the scenario loader: the fuzz bytes
 * are a scenario file read through the code path of `wolves run` and
 * `wolves check` (scenario_load, scenario_run, expect_check), with every
 * output kept in memory.  No file is read or written: file_read is
 * replaced at link time (-Wl,--wrap=file_read) by one that serves the fuzz
 * bytes as "-" and reports any other path (a `start:` file) as missing.
 *
 * Oracles besides the sanitizers: a failed load always sets one error
 * with a position and a message; a successful run's JSON output is itself
 * a valid scenario that runs to the same JSON (wolves-scenario(5)), with
 * the same choice of showing clause checks in the event log. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "expect.h"
#include "files.h"
#include "scenario.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int __wrap_file_read(const char *path, char **text, size_t *len, cli_err *e);

#define ROUND_TRIP "-round-trip"

static const char *input;
static size_t input_len;
static const char *output; /* served as ROUND_TRIP */
static size_t output_len;

static int serve(const char *bytes, size_t n, char **text, size_t *len) {
  char *buf = xmalloc(n + 1);
  if (n) memcpy(buf, bytes, n);
  buf[n] = '\0';
  *text = buf;
  *len = n;
  return 0;
}

int __wrap_file_read(const char *path, char **text, size_t *len, cli_err *e) {
  if (strcmp(path, "-") == 0) {
    if (input_len > FILE_MAX) return err_set(e, path, 1, 1, "file is larger than 4 MiB");
    return serve(input, input_len, text, len);
  }
  if (strcmp(path, ROUND_TRIP) == 0) return serve(output, output_len, text, len);
  return err_set(e, path, 1, 1, "cannot read file (No such file or directory)");
}

static void fail(const char *what, const char *detail) {
  fprintf(stderr, "fuzz_load: %s\n%s\n", what, detail ? detail : "");
  abort();
}

static void check_error(const cli_err *e) {
  if (!e->set || e->line < 1 || e->col < 1 || e->msg[0] == '\0')
    fail("a load failed without a diagnostic", NULL);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  input = (const char *)data;
  input_len = size;
  scenario sc;
  cli_err e = {0};
  if (scenario_load(&sc, "-", &e) != 0) {
    check_error(&e);
    scenario_free(&sc);
    return 0;
  }
  const int show_checks = (int)(size & 1);
  scenario_run(&sc, show_checks);
  diff_report r = {{0}, 0, 20, 0};
  (void)expect_check(&sc, NULL, &r);
  diff_finish(&r);
  sb_free(&r.out);
  (void)scenario_stale_claim(&sc);

  /* The printed state loads again and prints the same. */
  output = sc.json.buf;
  output_len = sc.json.len;
  scenario again;
  cli_err e2 = {0};
  if (scenario_load(&again, ROUND_TRIP, &e2) != 0) {
    char msg[2200];
    snprintf(msg, sizeof msg, "%d:%d: %s\n%s", e2.line, e2.col, e2.msg, sc.json.buf);
    fail("the output of a run does not load as a scenario", msg);
  }
  scenario_run(&again, show_checks);
  if (again.json.len != sc.json.len || memcmp(again.json.buf, sc.json.buf, sc.json.len) != 0) {
    fprintf(stderr, "first:\n%s\nsecond:\n%s\n", sc.json.buf, again.json.buf);
    fail("the output of a run does not round-trip", NULL);
  }
  scenario_free(&again);
  scenario_free(&sc);
  return 0;
}
