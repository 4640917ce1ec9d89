/* main.c - the `wolves` command line: argument parsing and dispatch.
 * State goes to stdout, diagnostics to stderr; exit 0 pass, 1 a check
 * failed, 2 bad input or usage. */
#include <errno.h>
#include <getopt.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sys/stat.h>
#include <unistd.h>

#include "commands/adjudicate.h"
#include "report/color.h"
#include "conform/conform.h"
#include "commands/coverage.h"
#include "scenario/derived.h"
#include "protocol/engine_server.h"
#include "base/err.h"
#include "commands/export.h"
#include "base/files.h"
#include "base/options.h"
#include "scenario/golden.h"
#include "json.h"
#include "commands/inspect.h"
#include "commands/perft.h"
#include "commands/play.h"
#include "base/progress.h"
#include "read.h"
#include "commands/runner.h"
#include "scenario/scenario.h"

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
    "  clauses [ID|AREA] list the clause catalog, or one clause with its rulings (--search WORDS)\n"
    "  data [FIELD]...   the component data: each field's default, range, provenance, source\n"
    "  legal FILE        list the legal actions of the player to act (--after N, --moves all,\n"
    "                    --score)\n"
    "  explain FILE      the clauses checked for one action and the verdict (--action N, -e ACTION)\n"
    "  play              self-play: seeded games of random legal actions, checking invariants\n"
    "  perft FILE        count the action sequences of a depth (--depth N, --divide), as chess perft\n"
    "  export DIR [PATH] the suite as JSON test vectors, with JSON Schemas and a perft table\n"
    "  engine            speak the engine protocol on stdin/stdout (wolves-engine(5))\n"
    "  conform [PATH]... check another engine (--engine CMD) against wolves: the suite, --games N\n"
    "\n"
    "Options:\n"
    "  -h, --help        show this help (wolves help COMMAND, or wolves COMMAND --help:\n"
    "                    help on a command)\n"
    "  -V, --version     show the version (also after a COMMAND)\n"
    "\n"
    "Exit status: 0 all passed, 1 a check failed, 2 bad input or usage.\n"
    "The scenario format is described in wolves-scenario(5).\n";

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

enum { RUN_EVENTS, RUN_AFTER };
static int cmd_run(int argc, char **argv, const char *flags, const char *const *values) {
  if (argc != 1) return usage_error("run", "%s", argc ? "run takes one FILE" : "run needs a FILE");
  const char *events = values[RUN_EVENTS];
  if (events && !*events) return usage_error("run", "%s", "--events needs a FILE ('-': standard output)");
  if (events && strcmp(events, "-") == 0 && has_flag(flags, 'd'))
    return usage_error("run", "%s",
                       "--derived adds to the state: not with --events - (the event log instead)");
  scenario *sc = scenario_read(argv[0]);
  if (sc == NULL) return 2;
  size_t after;
  cli_err e = {0};
  if (scenario_after(sc, "run", values[RUN_AFTER], &after)) {
    scenario_close(sc);
    return 2;
  }
  sc->nactions = after; /* the scenario as if it stopped there */
  if (scenario_run(sc, has_flag(flags, 'c'), &e)) {
    err_print(&e, stderr);
    scenario_close(sc);
    return 2;
  }
  if (has_flag(flags, 'd')) { /* the canonical state, then the facts derived from it */
    doc_put(&sc->out, sc->out.root, "derived", derived_write(&sc->out, &sc->pos.g, &sc->pos.s));
    sc->json.len = 0;
    json_write(&sc->json, sc->out.root);
  }
  strbuf lines = {0};
  int rc = events && strcmp(events, "-") != 0 ? scenario_output_ok(sc, "--events", events) : 0;
  if (events) events_lines(&lines, sc->out.root);
  if (rc) {
    /* nothing written */
  } else if (events && strcmp(events, "-") == 0) {
    rc = write_stdout(&lines);
  } else {
    if (events && file_save(events, lines.buf ? lines.buf : "", lines.len, 0, NULL)) rc = 2;
    if (rc == 0) rc = write_stdout(&sc->json);
  }
  sb_free(&lines);
  scenario_close(sc);
  return rc;
}

static int run_paths(int argc, char **argv, const runner_opts *o) {
  path_list files = {0};
  if (files_collect_operands(o->cmd, argc, argv, &files)) return 2;
  const int rc = runner_run(&files, o), unreadable = files.unreadable > 0;
  paths_free(&files);
  return unreadable ? 2 : rc;
}

enum { RUNNER_FORMAT, RUNNER_JUNIT, RUNNER_JOBS, RUNNER_SHARD, RUNNER_COLOR, RUNNER_HTML, RUNNER_DATA };

/* Are standard output and standard error one file (a terminal, or both
 * redirected to one log)?  Then what goes to both is printed once. */
static int same_output(void) {
  struct stat out, err;
  return fstat(STDOUT_FILENO, &out) == 0 && fstat(STDERR_FILENO, &err) == 0 && out.st_dev == err.st_dev &&
         out.st_ino == err.st_ino && out.st_rdev == err.st_rdev;
}

/* The bundled suite of an installed copy, PREFIX/share/wolves/scenarios
 * beside PREFIX/bin/wolves (found from the running program, so any PREFIX
 * works), into buf; NULL when there is none. */
static char *installed_suite(char *buf, size_t n) {
  const ssize_t len = readlink("/proc/self/exe", buf, n - 1);
  if (len <= 0) return NULL;
  buf[len] = '\0';
  char *slash = strrchr(buf, '/');
  if (slash) *slash = '\0'; /* PREFIX/bin */
  slash = strrchr(buf, '/');
  if (slash == NULL || strcmp(slash, "/bin") != 0) return NULL;
  *slash = '\0';
  const size_t used = strlen(buf);
  if (snprintf(buf + used, n - used, "/share/wolves/scenarios") >= (int)(n - used)) return NULL;
  return files_is_dir(buf) ? buf : NULL;
}

/* check and test: the same runner, test with the summary, --bless and
 * --prune. */
static int run_scenarios(const char *cmd, int argc, char **argv, const char *flags,
                         const char *const *values) {
  runner_opts o = {0};
  o.quiet = has_flag(flags, 'q');
  o.bless = has_flag(flags, 'b');
  o.prune = has_flag(flags, 'p');
  o.summary = 1;
  o.orphans = strcmp(cmd, "test") == 0;
  o.stderr_is_stdout = same_output();
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
  data_overrides house;
  o.data_path = values[RUNNER_DATA];
  if (o.data_path && !*o.data_path) return usage_error(cmd, "%s", "--data needs a FILE");
  cli_err e = {0};
  if (o.data_path && data_load(o.data_path, &house, &e)) {
    err_print(&e, stderr);
    return 2;
  }
  o.data = o.data_path ? &house : NULL;
  char installed[4096];
  char *suite[] = {installed};
  if (argc == 0 && !files_is_dir("scenarios") && installed_suite(installed, sizeof installed)) {
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

/* conform: the suite `test` would find (scenarios/, else an installed
 * copy's) when no PATH is given and no --games. */
static int cmd_conform_suite(int argc, char **argv, const char *flags, const char *const *values) {
  char installed[4096];
  char *suite[] = {installed};
  if (argc == 0 && !values[CONFORM_GAMES] && !files_is_dir("scenarios") &&
      installed_suite(installed, sizeof installed))
    return conform_run(1, suite, flags, values);
  return conform_run(argc, argv, flags, values);
}

/* export DIR: the suite `test` would find (scenarios/, else an installed
 * copy's). */
static int cmd_export_suite(int argc, char **argv, const char *flags, const char *const *values) {
  char installed[4096];
  char *suite[] = {argc ? argv[0] : NULL, installed};
  if (argc == 1 && !files_is_dir("scenarios") && installed_suite(installed, sizeof installed))
    return cmd_export(2, suite, flags, values);
  return cmd_export(argc, argv, flags, values);
}

#define END                                                                                                  \
  { NULL, 0, 0, 0, 0 }
static const option_spec run_options[] = {FLAG("checks", 0, 'c'), VALUE("events", 0, RUN_EVENTS),
                                          VALUE("after", 0, RUN_AFTER), FLAG("derived", 0, 'd'), END};
/* (check and test: the runner's options; test adds --bless and --prune) */
#define RUNNER_OPTIONS                                                                                       \
  FLAG("quiet", 'q', 'q'), FLAG("tap", 0, 't'), VALUE("format", 0, RUNNER_FORMAT),                           \
      VALUE("junit", 0, RUNNER_JUNIT), VALUE("jobs", 'j', RUNNER_JOBS), VALUE("shard", 0, RUNNER_SHARD),     \
      VALUE("color", 0, RUNNER_COLOR), VALUE("html", 0, RUNNER_HTML), VALUE("data", 0, RUNNER_DATA)
static const option_spec check_options[] = {RUNNER_OPTIONS, END};
static const option_spec test_options[] = {FLAG("bless", 0, 'b'), FLAG("prune", 0, 'p'), RUNNER_OPTIONS, END};
static const option_spec render_options[] = {
    VALUE("after", 0, RENDER_AFTER),   VALUE("svg", 0, RENDER_SVG),
    VALUE("color", 0, RENDER_COLOR),   VALUE("layout", 0, RENDER_LAYOUT),
    VALUE("around", 0, RENDER_AROUND), VALUE("radius", 0, RENDER_RADIUS),
    VALUE("region", 0, RENDER_REGION), END};
static const option_spec coverage_options[] = {FLAG("strict", 0, 's'), VALUE("format", 0, 0), END};
static const option_spec clauses_options[] = {VALUE("format", 0, 0), VALUE("search", 0, 1), END};
static const option_spec legal_options[] = {VALUE("after", 0, 0), VALUE("format", 0, 1), VALUE("moves", 0, 2),
                                            FLAG("score", 0, 's'), END};
static const option_spec explain_options[] = {FLAG("all", 0, 'a'),
                                              VALUE("action", 0, 0),
                                              VALUE(NULL, 'e', 1),
                                              VALUE("format", 0, 2),
                                              VALUE("color", 0, 3),
                                              VALUE("after", 0, 4),
                                              END};
static const option_spec data_options[] = {VALUE("players", 0, 0), VALUE("format", 0, 1), END};
static const option_spec perft_options[] = {VALUE("after", 0, 0), VALUE("depth", 0, 1), VALUE("format", 0, 2),
                                            FLAG("divide", 0, 'd'), END};
static const option_spec export_options[] = {END};
static const option_spec conform_options[] = {VALUE("engine", 0, CONFORM_ENGINE),
                                              VALUE("timeout", 0, CONFORM_TIMEOUT),
                                              FLAG("quiet", 'q', 'q'),
                                              FLAG("tap", 0, 't'),
                                              VALUE("format", 0, CONFORM_FORMAT),
                                              VALUE("junit", 0, CONFORM_JUNIT),
                                              VALUE("shard", 0, CONFORM_SHARD),
                                              VALUE("out", 0, CONFORM_OUT),
                                              REPEATED("reading", 0, CONFORM_READING),
                                              VALUE("games", 0, CONFORM_GAMES),
                                              VALUE("seed", 0, CONFORM_SEED),
                                              VALUE("players", 0, CONFORM_PLAYERS),
                                              END};
static const option_spec engine_options[] = {VALUE("capabilities", 0, 0), END};
static const option_spec play_options[] = {
    VALUE("players", 0, PLAY_PLAYERS), VALUE("seed", 0, PLAY_SEED), VALUE("games", 0, PLAY_GAMES),
    VALUE("save", 0, PLAY_SAVE),       FLAG("bless", 0, 'b'),       VALUE("max-actions", 0, PLAY_MAX_ACTIONS),
    VALUE("format", 0, PLAY_FORMAT),   FLAG("quiet", 'q', 'q'),     VALUE("jobs", 'j', PLAY_JOBS),
    VALUE("color", 0, PLAY_COLOR),     VALUE("data", 0, PLAY_DATA), END};

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
  "                  scenario's `data:`, which wins field by field (see wolves data)\n"

static const command commands[] = {
    {"run", "Usage: wolves run [--after N] [--checks] [--derived] [--events FILE] FILE\n",
     "Apply the scenario's actions and print the resulting state as canonical JSON on stdout.\n"
     "FILE '-' reads standard input.  The output is itself a valid scenario.\n"
     "\n"
     "  --after N       apply only the first N actions, 0 to the scenario's count (default:\n"
     "                  all): the state as if the scenario stopped there\n"
     "  --checks        include the clause checks that allowed each action (event \"check\")\n"
     "  --derived       add \"derived\": {hexes: {HEX: {kind, terrain, region, pieces, token}},\n"
     "                  regions: {R: {control, alphas, leaders}}, final_scores: {PACK: {total,\n"
     "                  rank}}, winners}, facts computed from the state for reading (a scenario\n"
     "                  cannot hold them: delete the block to feed the output back)\n"
     "  --events FILE   also write the event log as JSON Lines, one event per line, to FILE\n"
     "                  ('-': the event log on stdout instead of the state)\n",
     run_options, cmd_run},
    {"check",
     "Usage: wolves check [--quiet] [--tap | --format text|json] [--junit FILE] [--html FILE]\n"
     "                    [--jobs N] [--shard I/N] [--color WHEN] [--data FILE] FILE...\n",
     "Run each scenario and compare the result with its golden file, the refusals it\n"
     "lists and its focused assertions.  Prints PASS or FAIL per scenario with the\n"
     "differences (ERROR and its one error line for bad input), each as soon as it is\n"
     "known, in the order of the FILEs; on a terminal, progress (done/total) on stderr.\n"
     "Then prints 'scenarios: N passed, N failed'.\n"
     "\n"
     "  -q, --quiet     print only failures and the summary\n" RUNNER_HELP,
     check_options, cmd_check},
    {"test",
     "Usage: wolves test [--bless] [--prune] [--quiet] [--tap | --format text|json] [--junit FILE]\n"
     "                   [--html FILE] [--jobs N] [--shard I/N] [--color WHEN] [--data FILE] [PATH]...\n",
     "Check every scenario (*.yaml, *.yml) under each PATH, recursively and in sorted\n"
     "order (default: scenarios/, else an installed copy's share/wolves/scenarios), then\n"
     "print 'scenarios: N passed, N failed'.\n"
     "\n"
     "  --bless         (re)write the golden file of each scenario whose other\n"
     "                  expectations hold, atomically\n"
     "  --prune         remove the goldens in the PATHs' golden/ directories that belong\n"
     "                  to no scenario (without it, test warns about each)\n"
     "  -q, --quiet     print only failures, golden changes and the summary\n" RUNNER_HELP,
     test_options, cmd_test},
    {"render",
     "Usage: wolves render [--after N] [--layout auto|wide|compact] [--around HEX [--radius N] |\n"
     "                     --region LETTER] [--color WHEN] [--svg OUT.svg] FILE\n",
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
     "  --color WHEN     auto (on a terminal, unless NO_COLOR or TERM=dumb), always or\n"
     "                   never\n"
     "  --svg OUT.svg    write the position as an SVG picture to OUT.svg instead ('-':\n"
     "                   on stdout)\n",
     render_options, cmd_render},
    {"coverage", "Usage: wolves coverage [--strict] [--format text|json] [PATH]...\n",
     "Run every scenario under the PATHs (default: scenarios/) and report, for every clause\n"
     "of the catalog, how many scenarios it applied in and how many it refused in, measured\n"
     "from the events the engine recorded (not from a scenario's 'clauses:' list).\n"
     "\n"
     "  --strict        exit 1 if a clause was never exercised, or a restriction never refused\n"
     "  --format json   print the table as JSON (default: text)\n",
     coverage_options, cmd_coverage},
    {"clauses", "Usage: wolves clauses [--search WORDS] [--format text|json] [ID|AREA]\n",
     "List the clause catalog: ID, kind (rule or restriction) and text.  With an AREA\n"
     "(e.g. MOVE) only that area; with one ID also its section of the English rulebook,\n"
     "what the other editions say and the ruling, if the clause is one.  IDs and areas\n"
     "may be typed in any case (move.push_choice); a near miss gets a suggestion.\n"
     "\n"
     "  --search WORDS  only the clauses holding every word (case-insensitive, anywhere in\n"
     "                  the ID, text, section, editions, ruling or readings), each with\n"
     "                  where the listing line does not show it; exit 1 if none does\n"
     "  --format json   print [{id, kind, text, section, editions, ruling, readings}] (every\n"
     "                  field; with --search also found_in: the fields holding a word)\n",
     clauses_options, cmd_clauses},
    {"data", "Usage: wolves data [--players N] [--format text|json] [FIELD|GROUP]...\n",
     "List every component-data field (the numbers of the Player Boards, the Moonlight Board\n"
     "and the tokens), or only the FIELDs named and the fields of each GROUP (the part before\n"
     "the dot: moon, wolf_speed, tiles, ...), with its default for N players, its length,\n"
     "kind and range, where the default comes from (printed: the rulebook text; digital\n"
     "edition: the Board Game Arena implementation; reconstructed: ours) and a one-line\n"
     "source note.  A scenario's `data:` or the data file given to `wolves play` overrides\n"
     "any field by name.\n"
     "\n"
     "  --players N     player count, 2 to 5 (default 3; 2 players use the 2-player side)\n"
     "  --format json   print [{name, values, length, kind, min, max, provenance, source}]\n",
     data_options, cmd_data},
    {"legal", "Usage: wolves legal [--after N] [--moves wolf|all] [--score] [--format text|json] FILE\n",
     "Apply the scenario's first N actions (default: all; a refused one changes nothing)\n"
     "and list every legal action of the player to act.  A Move is listed per wolf with its\n"
     "destinations, then at most how many Moves Pack Spread allows combining them into (an\n"
     "upper bound that ignores wolves getting in each other's way); the other actions in\n"
     "the scenario syntax.  On a finished game it says so, and lists none.\n"
     "\n"
     "  --after N       stop after N actions, 0 to the scenario's count (default: all)\n"
     "  --moves all     list every legal Move, several wolves at once included, one a line in\n"
     "                  the scenario syntax: the exact set (wolves in each other's way, each\n"
     "                  hex a push may go to), one Move per position it leads to, and count\n"
     "                  them; wolf (default): per wolf, as above\n"
     "  --score         after each action (one a line), each player's final score if the game\n"
     "                  ended right after it, and the change from now (see wolves(1))\n"
     "  --format json   print {phase, player, turn, actions_taken, actions, moves,\n"
     "                  move_combinations}; moves: [{wolf, from, count, to: [hexes]}];\n"
     "                  --moves all: move_count instead of move_combinations; --score:\n"
     "                  scores_now and scored: [{action, final, change}]\n",
     legal_options, cmd_legal},
    {"explain",
     "Usage: wolves explain [--all] [--action N | [--after N] -e ACTION] [--format text|json]\n"
     "                      [--color WHEN] FILE\n",
     "Apply one action with every clause check recorded and print each clause checked, in\n"
     "order ('ok', or 'REFUSED'), with what it was about (a wolf, a piece, a hex); a\n"
     "clause checked again is folded into its first line.  Then the verdict: 'legal' or\n"
     "'refused by ID (section)' with the ruling if the clause has one, then the effects,\n"
     "then the choices the engine made for the player (a push hex, the paying tiles) with\n"
     "the alternatives the action could have named.  For a push, every hex as near as the\n"
     "nearest (and the one named) with why it qualifies or not: a token, 2 pieces, an enemy\n"
     "piece, not land, farther than the nearest.  The checks come in the order a player\n"
     "argues: is the target legal at all, is it in range, which piece, then the payment.\n"
     "Without -e the action is the scenario's action N in the position before it; with -e\n"
     "it is ACTION, written in the scenario syntax (e.g. '{howl: {at: C4}}'), in the\n"
     "position after all the scenario's actions (or its first --after N).  Exit status:\n"
     "0 legal, 1 refused, 2 bad input, so scripts can ask whether an action is legal.\n"
     "\n"
     "  --all           go on after the first refusal: every clause the action breaks\n"
     "                  (the verdict is still the first)\n"
     "  --action N      explain the scenario's action N, from 1 (default: the last)\n"
     "  -e ACTION       explain ACTION, one action in YAML flow syntax\n"
     "  --after N       with -e: in the position after the first N actions, 0 to the\n"
     "                  scenario's count (default: all), as legal --after N lists them\n"
     "  --format json   print {action, legal, refused_by, section, because, ruling, ruling_of,\n"
     "                  refusals, checks, effects, choices, pushes}\n"
     "  --color WHEN    REFUSED in red: auto (on a terminal, unless NO_COLOR or TERM=dumb),\n"
     "                  always or never\n",
     explain_options, cmd_explain},
    {"play",
     "Usage: wolves play --players N --seed S [--games G] [--save DIR [--bless]] [--max-actions M]\n"
     "                   [--quiet] [--jobs N] [--data FILE] [--format text|json|jsonl] [--color WHEN]\n",
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
     "  --format json      report as JSON: {games: [{game, seed, result, end, ...}], passed,\n"
     "                     failed, full_moon, stall}\n"
     "  --format jsonl     one JSON object per game as it finishes, then {passed, failed, full_moon,\n"
     "                     stall}\n"
     "  --color WHEN       FAIL in red: auto (on a terminal, unless NO_COLOR or TERM=dumb),\n"
     "                     always or never\n",
     play_options, cmd_play},
    {"perft", "Usage: wolves perft --depth N [--divide] [--after N] [--format text|json] FILE\n",
     "Count the sequences of N actions from the position a scenario reaches (after all its\n"
     "actions, or its first --after N), over the actions `wolves legal` lists: each draft\n"
     "placement; a Move of one wolf (default push and payment), a Build Den per attribute, an\n"
     "Upgrade, a Howl, a Dominate (of a Den per attribute), end_turn when legal.  A sequence\n"
     "that ends the game before N actions counts 0.  As chess engines check their move\n"
     "generators: a count that differs from another engine's is traced with --divide, one\n"
     "action at a time.\n"
     "\n"
     "  --depth N       the length of the sequences, 1 to 10 (required)\n"
     "  --divide        the count under each first action, in the order legal lists them\n"
     "  --after N       the position after the first N actions, 0 to the scenario's count\n"
     "  --format json   print {depth, phase, player, turn, actions_taken, count, divide:\n"
     "                  [{action, count}]}\n",
     perft_options, cmd_perft},
    {"export", "Usage: wolves export DIR [PATH]...\n",
     "Write the scenarios under the PATHs (default: scenarios/, else an installed copy's\n"
     "share/wolves/scenarios) as language-neutral test vectors into DIR, which must not exist\n"
     "or be empty: vectors/NAME.json per scenario (start position, each action with its\n"
     "verdict and refusing clause or its events, final position, scores), perft.json (perft\n"
     "counts of a dozen positions) and the JSON Schemas (draft 2020-12) of these files in\n"
     "schema/.  Every scenario must pass its check first; nothing is written otherwise.\n",
     export_options, cmd_export_suite},
    {"conform",
     "Usage: wolves conform --engine CMD [--timeout S] [--quiet] [--tap | --format text|json]\n"
     "                      [--junit FILE] [--shard I/N] [--out DIR] [--reading CLAUSE=NAME]...\n"
     "                      [--games N --seed S [--players P]] [PATH]...\n",
     "Check another engine of The Wolves against wolves.  CMD, a shell command line, is\n"
     "started with /bin/sh -c and spoken to in the engine protocol (wolves-engine(5)): one\n"
     "JSON request per line on its standard input, one response per line on its output.\n"
     "Every scenario under the PATHs (default: scenarios/, else an installed copy's suite)\n"
     "is replayed in both engines: each action's verdict (applied or refused, and the\n"
     "refusing clause when the engine declares `clauses`), the state after it (the fields\n"
     "the engine declares), then the legal actions and the final scores.  A scenario is\n"
     "started with `load` of its position, or for an engine without load with `new_game`\n"
     "when it is a standard game from its seed (`setup: {seed}`); one the engine cannot\n"
     "start is skipped, as are scenarios needing data or readings it does not declare.\n"
     "Prints AGREE, DISAGREE (with the position, the action, both verdicts, the state\n"
     "difference: expected is wolves', got the engine's) or SKIP per scenario, a table of\n"
     "the checks each clause took part in, agreed and disagreed, and 'conform: N agree,\n"
     "N disagree, N skipped; ...'.  With --games, differential play instead: seeded games\n"
     "(game g of seed S+g is the game of `wolves play --seed S+g`) where at each position\n"
     "the engine is also offered near misses of legal actions (one hex off, out of range,\n"
     "unpaid, by the wrong wolf or player, in the wrong phase, too many wolves, a push\n"
     "not to the nearest hex, the turn ended early, an action after the end) and\n"
     "its legal actions are compared as sets (or, without legal but with load, other legal\n"
     "actions offered); a game stops at its first disagreement.  Exit status: 0 all agree, 1 a\n"
     "disagreement, 2 usage, bad input or a protocol error (the engine exited, hung past\n"
     "the timeout, or printed what is not the protocol: the request that broke it is named).\n"
     "\n"
     "  --engine CMD     the engine's command line (required)\n"
     "  --timeout S      seconds each request may take, 1 to 3600 (default 10); then the\n"
     "                   engine is killed and the run stops with exit 2\n"
     "  -q, --quiet      only disagreements, errors and the summary\n"
     "  --tap            report in the Test Anything Protocol (version 13)\n"
     "  --format json    report as JSON: {engine, cases: [{name, result, compared,\n"
     "                   disagreements}], clauses: [{clause, agreed, disagreed}], agree, ...}\n"
     "  --junit FILE     also write a JUnit XML report to FILE ('-': on stdout instead)\n"
     "  --shard I/N      only the I-th of N slices (scenarios and games I, I+N, ...)\n"
     "  --out DIR        write each disagreement as DIR/NAME-action-N.yaml, a scenario\n"
     "                   `wolves check` passes on our side (the position before the action,\n"
     "                   or the game from its seed with the actions before it, expecting\n"
     "                   wolves' verdict); differential play shrinks it first\n"
     "  --reading CLAUSE=NAME  the engine follows reading NAME of the clause (see wolves\n"
     "                   clauses CLAUSE): wolves checks under it too, except in scenarios\n"
     "                   that select a reading of that clause themselves (repeatable)\n"
     "  --games N        differential play: N seeded games instead of the scenarios\n"
     "  --seed S         the seed of the first game (required with --games)\n"
     "  --players P      players per game, 2 to 5 (default 3)\n",
     conform_options, cmd_conform_suite},
    {"engine", "Usage: wolves engine [--capabilities LIST]\n",
     "Be a rules engine for a checker: read requests of the engine protocol, version 1, one\n"
     "JSON object per line on standard input, and answer each with one JSON line on standard\n"
     "output (hello, new_game, load, apply, legal, state, scores, quit; wolves-engine(5)).\n"
     "A bad request is answered with an error and the engine goes on; it exits 0 after quit\n"
     "or at the end of input.  `wolves conform` is the checker that drives it.\n"
     "\n"
     "  --capabilities LIST  declare only these capabilities (comma-separated: new_game,\n"
     "                       load, legal, clauses, events, state, scores, data, readings;\n"
     "                       default all), as a partial engine would: the rest is answered\n"
     "                       'unsupported' or left out of the answers\n",
     engine_options, cmd_engine},
};

#define NCOMMANDS (sizeof commands / sizeof *commands)

static const command *find_command(const char *name) {
  for (size_t i = 0; i < NCOMMANDS; i++)
    if (strcmp(name, commands[i].name) == 0) return &commands[i];
  return NULL;
}

static int unknown_command(const char *name) {
  const char *words[NCOMMANDS + 1];
  for (size_t i = 0; i < NCOMMANDS; i++) words[i] = commands[i].name;
  words[NCOMMANDS] = "help";
  if (name[0] == '-') return options_unknown(NULL, "option", name, (const char *const[]){"help", "version"}, 2, "--");
  return options_unknown(NULL, "command", name, words, NCOMMANDS + 1, "");
}

/* Every command's output reaches stdout or the command fails: a write that
 * failed on the way (ferror), or the last buffered bytes failing now
 * (a full disk, a closed pipe), is one line on stderr and exit 2. */
static int output_checked(int rc) {
  errno = 0;
  const int flushed = fflush(stdout) == 0;
  const int err = errno;
  if (flushed && !ferror(stdout)) return rc;
  fprintf(stderr, "wolves: cannot write standard output: %s\n", err ? strerror(err) : "write error");
  return 2;
}

static int dispatch(int argc, char **argv) {
#ifdef __GLIBC__
  /* Each scenario allocates and frees a few hundred KiB.  By default glibc
   * gives the top of the heap back to the kernel after each one and takes
   * it again for the next: the page faults were half of the suite's wall
   * time (make bench).  Keep up to 64 MiB instead.  Setting it stops glibc
   * from raising its mmap threshold as blocks are freed, so the blocks of a
   * few hundred KiB a case takes (a legal list, a reply) would each be
   * mapped and unmapped again: below 4 MiB they come from the heap. */
  mallopt(M_TRIM_THRESHOLD, 64 << 20);
  mallopt(M_TOP_PAD, 1 << 20);
  mallopt(M_MMAP_THRESHOLD, 4 << 20);
#endif
  if (argc < 2) return usage_error(NULL, "%s", "missing command");
  const char *name = argv[1];
  const int help = strcmp(name, "help") == 0;
  if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0 ||
      (help && (argc == 2 || strcmp(argv[2], "help") == 0 || strcmp(argv[2], "--help") == 0))) {
    fputs(main_help, stdout);
    return 0;
  }
  if (strcmp(name, "--version") == 0 || strcmp(name, "-V") == 0) {
    printf("wolves %s\n", wolves_version());
    return 0;
  }
  if (help) { /* wolves help COMMAND */
    if (argc > 3) return usage_error(NULL, "%s", "help takes one COMMAND");
    const command *c = find_command(argv[2]);
    if (c == NULL) return unknown_command(argv[2]);
    options_help(c);
    return 0;
  }
  const command *c = find_command(name);
  if (c == NULL) return unknown_command(name);
  char flags[MAX_OPTIONS + 1] = "";
  const char *values[MAX_OPTIONS] = {NULL};
  int first = 0;
  /* argv[1], the command, is getopt_long's program name */
  strbuf repeated[MAX_OPTIONS] = {{0}};
  const int st = options_parse(c, argc - 1, argv + 1, flags, values, repeated, &first);
  const int rc = st != 0 ? (st > 0 ? 0 : 2) : c->run(argc - 1 - first, argv + 1 + first, flags, values);
  for (int i = 0; i < MAX_OPTIONS; i++) sb_free(&repeated[i]);
  return rc;
}

int main(int argc, char **argv) { return output_checked(dispatch(argc, argv)); }
