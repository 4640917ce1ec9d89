/* fuzz_commands.c - libFuzzer harness for every command's code path on a
 * loaded position: the fuzz bytes are a scenario file ("-", served by
 * serve.h), driven through `run` (with --checks), `check` (expect_check),
 * `legal` (text and JSON, after all actions and after none), `render`
 * (text and --svg, after all actions and after none) and `explain` (the
 * last action, action 1 as JSON, and -e ACTION).  The -e text is the rest
 * of the first line starting "#e " in the input (a YAML comment, so the
 * scenario is unchanged), else '{end_turn: {}}'.  Output, and the
 * commands' error lines (stdio's stderr, swapped while they run; the
 * sanitizers and libFuzzer report on fd 2 as ever), go to /dev/null.
 *
 * Oracles besides the sanitizers: every command exits 0, 1 or 2, and a
 * command the loader accepts the scenario for (run) never reports bad
 * input for it (2) where the options are valid ones (legal, render). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands/commands.h"
#include "scenario/expect.h"
#include "scenario/scenario.h"
#include "serve.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static FILE *quiet;

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  if (!freopen("/dev/null", "w", stdout) || !(quiet = fopen("/dev/null", "w"))) abort();
  setenv("NO_COLOR", "1", 1);
  return 0;
}

static FILE *real_stderr;

static void fail(const char *what, int rc) {
  stderr = real_stderr;
  fprintf(stderr, "fuzz_commands: %s returned %d\n", what, rc);
  abort();
}

/* rc must be an exit status; with `valid` (the scenario loads and the
 * options are good) never 2 (bad input) either, except for a failed
 * write, which /dev/null never gives. */
static void status(const char *what, int rc, int valid) {
  if (rc < 0 || rc > 2 || (valid && rc == 2)) fail(what, rc);
}

/* The -e action: the rest of the first "#e " line, or end_turn. */
static char *action_text(const char *text, size_t n) {
  for (size_t i = 0; i + 3 <= n; i++) {
    if ((i > 0 && text[i - 1] != '\n') || memcmp(text + i, "#e ", 3) != 0) continue;
    size_t end = i + 3;
    while (end < n && text[end] != '\n' && text[end] != '\0') end++;
    char *s = xmalloc(end - i - 2);
    memcpy(s, text + i + 3, end - i - 3);
    s[end - i - 3] = '\0';
    return s;
  }
  char *s = xmalloc(16);
  strcpy(s, "{end_turn: {}}");
  return s;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  serve_input((const char *)data, size);
  real_stderr = stderr;
  stderr = quiet;
  char path[] = "-";
  char *argv[] = {path, NULL};

  /* run --checks and check */
  scenario *sc = scenario_read("-", WOLVES_EDITION_DEFAULT);
  const int valid = sc != NULL;
  cli_err run_err = {0};
  if (sc && scenario_run(sc, 1, &run_err) == 0) {
    diff_report r;
    diff_init(&r, 20);
    (void)expect_check(sc, NULL, &r);
    diff_finish(&r);
    sb_free(&r.out);
    diff_free(&r);
  }
  if (sc) scenario_close(sc);

  /* values[] as main.c's option tables fill them: every slot a command may
   * read (render reads up to RENDER_REGION), NULL unless given. */
  enum { SLOTS = 16 };
  const char *none[SLOTS] = {NULL};
  const char *legal_json[SLOTS] = {"0", "json"};
  status("legal", cmd_legal(1, argv, "", none), valid);
  status("legal --after 0 --format json", cmd_legal(1, argv, "", legal_json), valid);

  const char *svg[SLOTS] = {NULL}, *svg_first[SLOTS] = {"0"}, *text_first[SLOTS] = {"0"};
  const char *compact[SLOTS] = {NULL}, *around[SLOTS] = {NULL};
  svg[RENDER_SVG] = svg_first[RENDER_SVG] = "-";
  compact[RENDER_LAYOUT] = "compact";
  around[RENDER_AROUND] = "C3";
  around[RENDER_RADIUS] = "1";
  status("render", cmd_render(1, argv, "", none), valid);
  status("render --after 0", cmd_render(1, argv, "", text_first), valid);
  status("render --svg -", cmd_render(1, argv, "", svg), valid);
  status("render --after 0 --svg -", cmd_render(1, argv, "", svg_first), valid);
  status("render --layout compact", cmd_render(1, argv, "", compact), valid);
  status("render --around C3 --radius 1", cmd_render(1, argv, "", around), 0);

  char *action = action_text((const char *)data, size);
  const char *first_json[SLOTS] = {"1", NULL, "json"}, *given[SLOTS] = {NULL, action},
             *given_json[SLOTS] = {NULL, action, "json"};
  status("explain", cmd_explain(1, argv, "", none), 0);
  status("explain --all", cmd_explain(1, argv, "a", none), 0);
  status("explain --action 1 --format json", cmd_explain(1, argv, "", first_json), 0);
  status("explain -e", cmd_explain(1, argv, "", given), 0);
  status("explain -e --all --format json", cmd_explain(1, argv, "a", given_json), 0);
  free(action);
  stderr = real_stderr;
  return 0;
}
