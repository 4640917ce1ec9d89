/* main.c - the `wolves` command line: argument parsing and dispatch.
 * State goes to stdout, diagnostics to stderr; exit 0 pass, 1 a check
 * failed, 2 bad input or usage. */
#include <errno.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adjudicate.h"
#include "coverage.h"
#include "files.h"
#include "golden.h"
#include "json.h"
#include "inspect.h"
#include "play.h"
#include "runner.h"
#include "scenario.h"

#ifndef WOLVES_VERSION
#define WOLVES_VERSION "0.1.0"
#endif

typedef struct {
  const char *name;
  const char *usage;
  const char *help;
  const char *const *options; /* accepted flags, NULL-terminated */
  /* Options that take a value ("--seed N" or "--seed=N"): run gets
   * values[i], the last value given to value_options[i], or NULL. */
  const char *const *value_options;
  int (*run)(int argc, char **argv, const char *flags, const char *const *values);
} command;

#define MAX_VALUE_OPTIONS 8

static const char main_help[] =
    "Usage: wolves COMMAND [OPTION]... [FILE]...\n"
    "Rules validation for the board game The Wolves: runs scenarios through the rules engine.\n"
    "\n"
    "Commands:\n"
    "  run FILE          apply a scenario's actions and print the resulting state as JSON\n"
    "  check FILE...     run scenarios and compare them with their expectations\n"
    "  test [PATH]...    check every scenario under the paths (default: scenarios/)\n"
    "  coverage [PATH]   which scenarios exercised each clause (--strict, --format json)\n"
    "  render FILE       draw the position (hex map; --after N, --svg OUT.svg)\n"
    "  clauses [ID|AREA] list the clause catalog, or one clause with its rulings\n"
    "  legal FILE        list the legal actions of the player to act (--after N, --format json)\n"
    "  explain FILE      the clauses checked for one action and the verdict (--action N, -e ACTION)\n"
    "  play              self-play: seeded games of random legal actions, checking invariants\n"
    "\n"
    "Options:\n"
    "  -h, --help        show this help (wolves COMMAND --help: help on a command)\n"
    "      --version     show the version\n"
    "\n"
    "Exit status: 0 all passed, 1 a check failed, 2 bad input or usage.\n"
    "The scenario format is described in wolves-scenario(5).\n";

static int has_flag(const char *flags, char f) { return strchr(flags, f) != NULL; }

/* The event log of a run, one JSON object per line (JSON Lines). */
static void events_lines(strbuf *sb, const doc_node *state) {
  const doc_node *events = doc_get(state, "events");
  for (const doc_node *ev = events ? events->first : NULL; ev; ev = ev->next) {
    json_inline(sb, ev, (size_t)-1);
    sb_putc(sb, '\n');
  }
}

static int write_stdout(const strbuf *sb) {
  return fwrite(sb->buf, 1, sb->len, stdout) != sb->len || fflush(stdout) != 0 ? 2 : 0;
}

enum { RUN_EVENTS };
static int cmd_run(int argc, char **argv, const char *flags, const char *const *values) {
  if (argc != 1) return usage_error("run", "%s", argc ? "run takes one FILE" : "run needs a FILE");
  const char *events = values[RUN_EVENTS];
  if (events && !*events) return usage_error("run", "%s", "--events needs a FILE ('-': standard output)");
  scenario *sc = scenario_open(argv[0], has_flag(flags, 'c'));
  if (sc == NULL) return 2;
  strbuf lines = {0};
  int rc = 0;
  if (events) events_lines(&lines, sc->out.root);
  if (events && strcmp(events, "-") == 0) {
    rc = write_stdout(&lines);
  } else {
    if (events && golden_save(events, lines.buf ? lines.buf : "", lines.len, NULL)) rc = 2;
    if (rc == 0) rc = write_stdout(&sc->json);
  }
  sb_free(&lines);
  scenario_close(sc);
  return rc;
}

static int run_paths(int argc, char **argv, const runner_opts *o) {
  path_list files = {0};
  const char *bad = files_collect_operands(argc, argv, &files);
  if (bad) return usage_error(o->cmd, "cannot read '%s'", bad);
  const int rc = runner_run(&files, o);
  paths_free(&files);
  return rc;
}

enum { RUNNER_FORMAT, RUNNER_JUNIT, RUNNER_JOBS, RUNNER_SHARD };

/* check and test: the same runner, test with the summary and --bless. */
static int run_scenarios(const char *cmd, int argc, char **argv, const char *flags,
                         const char *const *values) {
  runner_opts o = {has_flag(flags, 'q'),
                   has_flag(flags, 'b'),
                   strcmp(cmd, "test") == 0,
                   REPORT_TEXT,
                   values[RUNNER_JUNIT],
                   1,
                   1,
                   1,
                   cmd};
  const int json = format_option(cmd, values[RUNNER_FORMAT]);
  if (json < 0) return 2;
  if (json && has_flag(flags, 't'))
    return usage_error(cmd, "%s", "--tap and --format json exclude each other");
  o.report = json ? REPORT_JSON : has_flag(flags, 't') ? REPORT_TAP : REPORT_TEXT;
  if (o.junit && !*o.junit) return usage_error(cmd, "%s", "--junit needs a FILE");
  if (runner_parse(&o, values[RUNNER_JOBS], values[RUNNER_SHARD])) return 2;
  return run_paths(argc, argv, &o);
}

static int cmd_check(int argc, char **argv, const char *flags, const char *const *values) {
  if (argc == 0) return usage_error("check", "%s", "check needs at least one FILE");
  return run_scenarios("check", argc, argv, flags, values);
}

static int cmd_test(int argc, char **argv, const char *flags, const char *const *values) {
  return run_scenarios("test", argc, argv, flags, values);
}

static const char *const run_options[] = {"--checks", NULL};
static const char *const run_values[] = {"--events", NULL};
static const char *const check_options[] = {"--quiet", "--tap", NULL};
static const char *const test_options[] = {"--bless", "--quiet", "--tap", NULL};
static const char *const runner_values[] = {"--format", "--junit", "--jobs", "--shard", NULL};
static const char *const render_values[] = {"--after",  "--svg",    "--layout", "--around",
                                            "--radius", "--region", "--color",  NULL};
static const char *const no_options[] = {NULL};
static const char *const coverage_options[] = {"--strict", NULL};
static const char *const format_values[] = {"--format", NULL};
static const char *const legal_values[] = {"--after", "--format", NULL};
static const char *const explain_options[] = {"--all", NULL};
static const char *const explain_values[] = {"--action", "-e", "--format", NULL};
static const char *const play_options[] = {"--bless", NULL};
static const char *const play_values[PLAY_VALUES + 1] = {"--players",     "--seed",   "--games", "--save",
                                                         "--max-actions", "--format", NULL};

/* The reporting options check and test share (runner.h). */
#define RUNNER_HELP                                                                                          \
  "  --tap           report in the Test Anything Protocol (version 13) for CI systems\n"                     \
  "  --format json   report as JSON: {scenarios: [{path, result, differences}], passed, failed}\n"           \
  "  --junit FILE    also write a JUnit XML report to FILE\n"                                                \
  "  --jobs N        run N scenarios at once (1 to 64; the report is the same)\n"                            \
  "  --shard I/N     run only the I-th of N slices (scenarios I, I+N, I+2N, ...)\n"

static const command commands[] = {
    {"run", "Usage: wolves run [--checks] [--events FILE] FILE\n",
     "Apply the scenario's actions and print the resulting state as canonical JSON on stdout.\n"
     "FILE '-' reads standard input.  The output is itself a valid scenario.\n"
     "\n"
     "  --checks        include the clause checks that allowed each action (event \"check\")\n"
     "  --events FILE   also write the event log as JSON Lines, one event per line, to FILE\n"
     "                  ('-': the event log on stdout instead of the state)\n",
     run_options, run_values, cmd_run},
    {"check",
     "Usage: wolves check [--quiet] [--tap | --format text|json] [--junit FILE] [--jobs N]\n"
     "                    [--shard I/N] FILE...\n",
     "Run each scenario and compare the result with its golden file, the refusals it\n"
     "lists and its focused assertions.  Prints PASS or FAIL per scenario with the\n"
     "differences, in the order of the FILEs.\n"
     "\n"
     "  --quiet         print only failures\n" RUNNER_HELP,
     check_options, runner_values, cmd_check},
    {"test",
     "Usage: wolves test [--bless] [--quiet] [--tap | --format text|json] [--junit FILE]\n"
     "                   [--jobs N] [--shard I/N] [PATH]...\n",
     "Check every scenario (*.yaml, *.yml) under each PATH, recursively and in sorted\n"
     "order (default: scenarios/), then print 'scenarios: N passed, N failed'.\n"
     "\n"
     "  --bless         (re)write the golden file of each scenario whose other\n"
     "                  expectations hold, atomically\n"
     "  --quiet         print only failures, golden changes and the summary\n" RUNNER_HELP,
     test_options, runner_values, cmd_test},
    {"render",
     "Usage: wolves render [--after N] [--layout auto|wide|compact] [--around HEX [--radius N] |\n"
     "                     --region LETTER] [--color=auto|always|never] [--svg OUT.svg] FILE\n",
     "Draw the position a scenario ends in (or reaches after its first N actions) as a hex\n"
     "map for the terminal, then a legend and the players' summaries.  Colour only on a\n"
     "terminal, unless NO_COLOR is set or TERM is dumb.\n"
     "\n"
     "  --after N        the position after the first N actions\n"
     "  --layout L       wide: each hex a 10 x 3 box with its name; compact: 5 x 2 (terrain,\n"
     "                   region, a token; the pieces); auto (default): wide if it fits the\n"
     "                   terminal ($COLUMNS, else its width, else 80 columns), else compact\n"
     "  --around HEX     only the hexes within --radius N (default 2) of HEX\n"
     "  --region LETTER  only the hexes of one region\n"
     "  --color WHEN     auto (default), always or never\n"
     "  --svg OUT.svg    write the position as an SVG picture to OUT.svg instead ('-':\n"
     "                   on stdout)\n",
     no_options, render_values, cmd_render},
    {"coverage", "Usage: wolves coverage [--strict] [--format text|json] [PATH]...\n",
     "Run every scenario under the PATHs (default: scenarios/) and report, for every clause\n"
     "of the catalog, how many scenarios it applied in and how many it refused in, measured\n"
     "from the events the engine recorded (not from a scenario's 'clauses:' list).\n"
     "\n"
     "  --strict        exit 1 if a clause was never exercised, or a restriction never refused\n"
     "  --format json   print the table as JSON (default: text)\n",
     coverage_options, format_values, cmd_coverage},
    {"clauses", "Usage: wolves clauses [--format text|json] [ID|AREA]\n",
     "List the clause catalog: ID, kind (rule or restriction) and text.  With an AREA\n"
     "(e.g. MOVE) only that area; with one ID also its section of the English rulebook,\n"
     "what the other editions say and the ruling, if the clause is one.\n"
     "\n"
     "  --format json   print [{id, kind, text, section, editions, ruling}] (every field)\n",
     no_options, format_values, cmd_clauses},
    {"legal", "Usage: wolves legal [--after N] [--format text|json] FILE\n",
     "Apply the scenario's first N actions (default: all; a refused one changes nothing)\n"
     "and list every legal action of the player to act.  A Move is listed per wolf with its\n"
     "destinations, then at most how many Moves Pack Spread allows combining them into (an\n"
     "upper bound that ignores wolves getting in each other's way); the other actions in\n"
     "the scenario syntax.  On a finished game it says so, and lists none.\n"
     "\n"
     "  --after N       stop after N actions, 0 to the scenario's count (default: all)\n"
     "  --format json   print {phase, player, turn, actions_taken, actions, moves,\n"
     "                  move_combinations}; moves: [{wolf, from, count, to: [hexes]}]\n",
     no_options, legal_values, cmd_legal},
    {"explain", "Usage: wolves explain [--all] [--action N | -e ACTION] [--format text|json] FILE\n",
     "Apply one action with every clause check recorded and print each clause checked, in\n"
     "order ('ok', or 'REFUSED'), with what it was about (a wolf, a piece, a hex); a\n"
     "clause checked again is folded into its first line.  Then the verdict: 'legal' or\n"
     "'refused by ID (section)' with the ruling if the clause has one, then the effects,\n"
     "then the choices the engine made for the player (a push hex, the paying tiles) with\n"
     "the alternatives the action could have named.  The checks come in the order a player\n"
     "argues: is the target legal at all, is it in range, which piece, then the payment.\n"
     "Without -e the action is the scenario's action N in the position before it; with -e\n"
     "it is ACTION, written in the scenario syntax (e.g. '{howl: {at: C4}}'), in the\n"
     "position after all the scenario's actions.  Exit status: 0 legal, 1 refused, 2 bad\n"
     "input, so scripts can ask whether an action is legal.\n"
     "\n"
     "  --all           go on after the first refusal: every clause the action breaks\n"
     "                  (the verdict is still the first)\n"
     "  --action N      explain the scenario's action N, from 1 (default: the last)\n"
     "  -e ACTION       explain ACTION, one action in YAML flow syntax\n"
     "  --format json   print {action, legal, refused_by, section, ruling, refusals, checks,\n"
     "                  effects, choices}\n",
     explain_options, explain_values, cmd_explain},
    {"play",
     "Usage: wolves play --players N --seed S [--games G] [--save DIR [--bless]] [--max-actions M]\n"
     "                   [--format text|json]\n",
     "Play G games (default 1) of N players (2 to 5: rocky, grass, tundra, desert, forest in\n"
     "seating order; the 2-player AI pack is forest).  Game g uses seed S+g for the setup and\n"
     "for its choices: an action kind uniformly among the kinds with a legal action, then one\n"
     "of its legal actions (a Move of one wolf, default pushes; Moves favour Alphas that can\n"
     "reach a Den an Upgrade could use), then the paying tiles uniformly among the matching\n"
     "sets (see wolves(1)).  After every action the action must have applied, the invariants\n"
     "must hold and no final-score total may fall.  Prints one line per game, then\n"
     "'play: N passed, N failed'.  The first failure stops the run and is saved as the\n"
     "replayable scenario play-fail-SEED.yaml.\n"
     "\n"
     "  --players N        number of players, 2 to 5 (required)\n"
     "  --seed S           seed of the first game (required)\n"
     "  --games G          number of games (default 1)\n"
     "  --save DIR         write each finished game as DIR/Np-seed-SEED.yaml (and failures there)\n"
     "  --bless            with --save: replay each saved game from its file and write its golden\n"
     "  --max-actions M    a game not over after M actions fails as unfinished (default 20000)\n"
     "  --format json      report as JSON: {games: [{game, seed, result, ...}], passed, failed}\n",
     play_options, play_values, cmd_play},
};

#define NCOMMANDS (sizeof commands / sizeof *commands)

/* Option a is value option k of c ("--seed" or "--seed=N"): stores its
 * value (the next argument unless given after '=') and returns the number
 * of arguments it used; 0 if a is not one; -1 if the value is missing. */
static int value_option(const command *c, int argc, char **argv, int i, const char **values) {
  const char *a = argv[i];
  for (int k = 0; c->value_options && c->value_options[k]; k++) {
    const size_t len = strlen(c->value_options[k]);
    if (strncmp(a, c->value_options[k], len) != 0) continue;
    if (a[len] == '=') {
      values[k] = a + len + 1;
      return 1;
    }
    if (a[len] != '\0') continue;
    if (i + 1 >= argc) return -1;
    values[k] = argv[i + 1];
    return 2;
  }
  return 0;
}

/* Separates flags (one letter each, after "--") and the values of value
 * options from operands. */
static int parse_options(const command *c, int argc, char **argv, char *flags, const char **values,
                         char **operands, int *noperands) {
  int only_operands = 0;
  size_t nf = 0;
  *noperands = 0;
  for (int i = 0; i < argc; i++) {
    const char *a = argv[i];
    if (only_operands || a[0] != '-' || strcmp(a, "-") == 0) {
      operands[(*noperands)++] = argv[i];
      continue;
    }
    if (strcmp(a, "--") == 0) {
      only_operands = 1;
      continue;
    }
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) return 1;
    const int used = value_option(c, argc, argv, i, values);
    if (used < 0) {
      usage_error(c->name, "option '%s' needs a value", a);
      return -1;
    }
    if (used > 0) {
      i += used - 1;
      continue;
    }
    int known = 0;
    for (int k = 0; c->options[k] && !known; k++)
      if (strcmp(a, c->options[k]) == 0) {
        known = 1;
        if (nf < 7) flags[nf++] = a[2];
      }
    if (!known) {
      usage_error(c->name, "unknown option '%s'", a);
      return -1;
    }
  }
  flags[nf] = '\0';
  return 0;
}

int main(int argc, char **argv) {
#ifdef __GLIBC__
  /* Each scenario allocates and frees a few hundred KiB.  By default glibc
   * gives the top of the heap back to the kernel after each one and takes
   * it again for the next: the page faults were half of the suite's wall
   * time (make bench).  Keep up to 64 MiB instead. */
  mallopt(M_TRIM_THRESHOLD, 64 << 20);
  mallopt(M_TOP_PAD, 1 << 20);
#endif
  if (argc < 2) return usage_error(NULL, "%s", "missing command");
  const char *name = argv[1];
  if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0 || strcmp(name, "help") == 0) {
    fputs(main_help, stdout);
    return 0;
  }
  if (strcmp(name, "--version") == 0) {
    printf("wolves %s\n", WOLVES_VERSION);
    return 0;
  }
  for (size_t i = 0; i < NCOMMANDS; i++) {
    const command *c = &commands[i];
    if (strcmp(name, c->name) != 0) continue;
    char flags[8] = "";
    const char *values[MAX_VALUE_OPTIONS] = {NULL};
    char **operands = malloc((size_t)argc * sizeof *operands);
    int n;
    if (!operands) return 2;
    const int st = parse_options(c, argc - 2, argv + 2, flags, values, operands, &n);
    int rc = 2;
    if (st > 0) {
      fputs(c->usage, stdout);
      fputs(c->help, stdout);
      rc = 0;
    } else if (st == 0) {
      rc = c->run(n, operands, flags, values);
    }
    free(operands);
    return rc;
  }
  if (name[0] == '-') return usage_error(NULL, "unknown option '%s'", name);
  return usage_error(NULL, "unknown command '%s'", name);
}
