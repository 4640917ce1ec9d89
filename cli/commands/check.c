/* check.c - `wolves check FILE...` and `wolves test [PATH]...`: one runner
 * (commands/runner.c) over scenarios, reported as text, TAP, JSON, JUnit
 * XML or HTML; test adds the summary of a whole suite, --bless and --prune. */
#include <string.h>

#include "base/diagnostic.h"
#include "base/err.h"
#include "base/input.h"
#include "base/progress.h"
#include "commands/commands.h"
#include "commands/runner.h"
#include "report/color.h"
#include "scenario/scenario.h"

static int run_paths(int argc, char **argv, const runner_opts *o) {
  path_list files = {0};
  if (files_collect_operands(o->cmd, argc, argv, &files)) return 2;
  const int rc = runner_run(&files, o), unreadable = files.unreadable > 0;
  paths_free(&files);
  return unreadable ? 2 : rc;
}

enum {
  RUNNER_FORMAT,
  RUNNER_JUNIT,
  RUNNER_JOBS,
  RUNNER_SHARD,
  RUNNER_COLOR,
  RUNNER_HTML,
  RUNNER_DATA,
  RUNNER_EDITION
};

/* check and test: the same runner, test with the summary, --bless and
 * --prune. */
static int run_scenarios(const char *cmd, int argc, char **argv, const char *flags,
                         const char *const *values) {
  runner_opts o = {0};
  o.quiet = has_flag(flags, 'q');
  o.bless = has_flag(flags, 'b');
  o.verdicts = has_flag(flags, 'v');
  if (o.bless && o.verdicts) /* (a golden is the whole output: --verdicts reads only its refusals) */
    return usage_error(cmd, "%s", "--verdicts compares only verdicts: it cannot --bless a golden");
  o.prune = has_flag(flags, 'p');
  o.summary = 1;
  o.orphans = strcmp(cmd, "test") == 0;
  o.stderr_is_stdout = diagnostic_same_output();
  o.junit = values[RUNNER_JUNIT];
  o.cmd = cmd;
  o.operands = argv;
  o.noperands = argc;
  const int json = format_option(cmd, values[RUNNER_FORMAT]);
  if (json < 0) return 2;
  if (json && has_flag(flags, 't'))
    return usage_error(cmd, "%s", "--tap and --format json exclude each other");
  o.report = json ? REPORT_JSON : has_flag(flags, 't') ? REPORT_TAP : REPORT_TEXT;
  if (o.junit && !*o.junit) return usage_error(cmd, "%s", "--junit needs a FILE ('-': standard output)");
  if (o.junit && strcmp(o.junit, "-") == 0) {
    if (o.report != REPORT_TEXT)
      return usage_error(cmd, "%s", "--junit - writes to standard output: not with --tap or --format json");
    o.report = REPORT_NONE;
  }
  o.html = values[RUNNER_HTML];
  if (o.html && !*o.html) return usage_error(cmd, "%s", "--html needs a FILE ('-': standard output)");
  if (o.html && strcmp(o.html, "-") == 0) {
    if (o.report != REPORT_TEXT)
      return usage_error(cmd, "%s",
                         "--html - writes to standard output: not with --tap, --format json or --junit -");
    o.report = REPORT_NONE;
  }
  for (int i = 0; o.bless && i < argc; i++)
    if (strcmp(argv[i], "-") == 0)
      return usage_error(cmd, "%s", "--bless cannot write a golden for standard input");
  if ((o.color = color_option(cmd, values[RUNNER_COLOR], stdout)) < 0) return 2;
  o.progress = progress_wanted();
  if (runner_parse(&o, values[RUNNER_JOBS], values[RUNNER_SHARD])) return 2;
  if (edition_option(cmd, values[RUNNER_EDITION], &o.edition)) return 2;
  data_overrides house;
  o.data_path = values[RUNNER_DATA];
  if (o.data_path && !*o.data_path) return usage_error(cmd, "%s", "--data needs a FILE");
  cli_err e = {0};
  if (o.data_path && data_load(o.data_path, &house, &e)) return diagnostic_report(&e, json);
  o.data = o.data_path ? &house : NULL;
  char installed[4096];
  char *suite[] = {installed};
  if (argc == 0 && files_installed_suite(installed, sizeof installed)) {
    o.operands = suite; /* no scenarios/ here: an installed copy's suite */
    o.noperands = 1;
    return run_paths(1, suite, &o);
  }
  return run_paths(argc, argv, &o);
}

static int cmd_check(int argc, char **argv, const char *flags, const char *const *values) {
  if (argc == 0) return usage_error("check", "%s", "check needs at least one FILE");
  return run_scenarios("check", argc, argv, flags, values);
}

static int cmd_test(int argc, char **argv, const char *flags, const char *const *values) {
  return run_scenarios("test", argc, argv, flags, values);
}

/* (check and test: the runner's options; test adds --bless and --prune) */
#define RUNNER_OPTIONS                                                                                       \
  FLAG("quiet", 'q', 'q'), FLAG("tap", 0, 't'), VALUE("format", 0, RUNNER_FORMAT),                           \
      VALUE("junit", 0, RUNNER_JUNIT), VALUE("jobs", 'j', RUNNER_JOBS), VALUE("shard", 0, RUNNER_SHARD),     \
      VALUE("color", 0, RUNNER_COLOR), VALUE("html", 0, RUNNER_HTML), VALUE("data", 0, RUNNER_DATA),         \
      FLAG("verdicts", 0, 'v'), VALUE("edition", 0, RUNNER_EDITION)
static const option_spec check_options[] = {RUNNER_OPTIONS, OPTIONS_END};
static const option_spec test_options[] = {FLAG("bless", 0, 'b'), FLAG("prune", 0, 'p'), RUNNER_OPTIONS,
                                           OPTIONS_END};

/* The reporting options check and test share (runner.h). */
#define RUNNER_HELP                                                                                          \
  "  --tap           report in the Test Anything Protocol (version 13) for CI systems\n"                     \
  "  --format json   report as JSON: {scenarios: [{path, result, differences}], passed, failed}\n"           \
  "  --junit FILE    also write a JUnit XML report to FILE ('-': on stdout instead of the report)\n"         \
  "  --html FILE     also write an HTML report to FILE: a page with each failure's differences,\n"           \
  "                  its position before and after, the clauses cited ('-': on stdout)\n"                    \
  "  -j, --jobs N    run N scenarios at once (1 to 64; the report is the same)\n"                            \
  "  --shard I/N     run only the I-th of N slices (scenarios I, I+N, I+2N, ...)\n"                          \
  "  --color WHEN    colour PASS and FAIL: auto (on a terminal, unless NO_COLOR or TERM=dumb),\n"            \
  "                  always or never\n"                                                                      \
  "  --data FILE     a house rule for every scenario: a YAML mapping of data fields, as a\n"                 \
  "                  scenario's `data:`, which wins field by field (see wolves data)\n"                      \
  "  --verdicts      compare only each action's verdict and refusing clause, with\n"                         \
  "                  expect.refused and the golden's refusals (a house rule's run)\n" EDITION_HELP           \
  "                  (goldens are compared without their readings: the outcome under\n"                      \
  "                  the edition against the default's)\n"

const command check_command = {
    "check",
    "Usage: wolves check [--quiet] [--tap | --format text|json] [--junit FILE] [--html FILE]\n"
    "                    [--jobs N] [--shard I/N] [--color WHEN] [--data FILE] [--verdicts]\n"
    "                    [--edition NAME] FILE...\n",
    "Run each scenario and compare the result with its golden file, the refusals it\n"
    "lists and its focused assertions.  Prints PASS or FAIL per scenario with the\n"
    "differences (ERROR and its one error line for bad input), each as soon as it is\n"
    "known, in the order of the FILEs; on a terminal, progress (done/total) on stderr.\n"
    "A refusal the scenario does not list says why, with the numbers the engine\n"
    "compared (as explain), and the nearest legal alternatives; one it lists and did not\n"
    "get says what the clause measured.  Then prints 'scenarios: N passed, N failed'.\n"
    "\n"
    "  -q, --quiet     print only failures and the summary\n" RUNNER_HELP,
    check_options, cmd_check};

const command test_command = {
    "test",
    "Usage: wolves test [--bless] [--prune] [--quiet] [--tap | --format text|json] [--junit FILE]\n"
    "                   [--html FILE] [--jobs N] [--shard I/N] [--color WHEN] [--data FILE] [--verdicts]\n"
    "                   [--edition NAME] [PATH]...\n",
    "Check every scenario (*.yaml, *.yml) under each PATH, recursively and in sorted\n"
    "order (default: scenarios/, else an installed copy's share/wolves/scenarios), then\n"
    "print 'scenarios: N passed, N failed'.\n"
    "\n"
    "  --bless         (re)write the golden file of each scenario whose other\n"
    "                  expectations hold, atomically, and print what each update changed\n"
    "  --prune         remove the goldens in the PATHs' golden/ directories that belong\n"
    "                  to no scenario (without it, test warns about each)\n"
    "  -q, --quiet     print only failures, golden changes and the summary\n" RUNNER_HELP,
    test_options, cmd_test};
