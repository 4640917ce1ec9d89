/* conform.c - `wolves conform --engine CMD [PATH]...`: the command's
 * entry; the checker itself is cli/conform/ (conform/conform.h). */
#include "base/input.h"
#include "commands/commands.h"
#include "conform/conform.h"

/* conform: the suite `test` would find (scenarios/, else an installed
 * copy's) when no PATH is given and no --games. */
static int cmd_conform_suite(int argc, char **argv, const char *flags, const char *const *values) {
  char installed[4096];
  char *suite[] = {installed};
  if (argc == 0 && !values[CONFORM_GAMES] && files_installed_suite(installed, sizeof installed))
    return conform_run(1, suite, flags, values);
  return conform_run(argc, argv, flags, values);
}

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
                                              VALUE("known", 0, CONFORM_KNOWN),
                                              VALUE("write-known", 0, CONFORM_WRITE_KNOWN),
                                              FLAG("strict-known", 0, 'S'),
                                              FLAG("merge", 0, 'm'),
                                              FLAG("keep-going", 'k', 'k'),
                                              VALUE("edition", 0, CONFORM_EDITION),
                                              OPTIONS_END};

const command conform_command = {
    "conform",
    "Usage: wolves conform --engine CMD [--timeout S] [--quiet] [--tap | --format text|json]\n"
    "                      [--junit FILE] [--shard I/N] [--out DIR] [--edition NAME]\n"
    "                      [--reading CLAUSE=NAME]... [--games N --seed S [--players P]]\n"
    "                      [--keep-going] [--known FILE [--strict-known]] [--write-known FILE]\n"
    "                      [PATH]...\n"
    "       wolves conform --merge [--quiet] [--tap | --format text|json] [--junit FILE]\n"
    "                      [--known FILE [--strict-known]] [--write-known FILE] REPORT...\n",
    "Check another engine of The Wolves against wolves.  CMD, a shell command line, is\n"
    "started with /bin/sh -c and spoken to in the engine protocol (wolves-engine(5)): one\n"
    "JSON request per line on its standard input, one response per line on its output.\n"
    "Every scenario under the PATHs (default: scenarios/, else an installed copy's suite)\n"
    "is replayed in both engines: each action's verdict (applied or refused, and the\n"
    "refusing clause when the engine declares `clauses`), the state after it (the parts\n"
    "the engine declares, down to any field: players.*.tiles), then the legal actions and\n"
    "the final scores.  Each action is sent with every choice wolves makes for it named\n"
    "(the push hex, the tiles paid: wolves-engine(5), CHOICES), or as given to an engine\n"
    "that declares `chooses`, which agrees by any way of choosing wolves accepts.  A\n"
    "scenario is started with `load` of its position, or for an engine without load with\n"
    "`new_game` when it is a standard game from its seed (`setup: {seed}`); one the\n"
    "engine cannot start is skipped, as are scenarios needing data or readings it does\n"
    "not declare.\n"
    "What the engine answers `unsupported` (a load, an action, a request) is skipped with\n"
    "its reason and counted (per case, per clause, in the summary), and the rest compared.\n"
    "Prints AGREE, DISAGREE (with the position, the action, both verdicts, the state\n"
    "difference: expected is wolves', got the engine's) or SKIP per scenario, a table of\n"
    "the checks each clause took part in, agreed and disagreed, and 'conform: N agree,\n"
    "N disagree, N skipped; ...'.  With --games, differential play instead: seeded games\n"
    "(game g of seed S+g is the game of `wolves play --seed S+g`) where at each position\n"
    "the engine is also offered near misses of legal actions (one hex off, out of range,\n"
    "unpaid, by the wrong wolf or player, in the wrong phase, too many wolves, a push\n"
    "not to the nearest hex, the turn ended early, an Upgrade a Lair's rules refuse, an\n"
    "action after the end; sent as `judge` where the engine declares it, so they never\n"
    "change its game) and its legal actions are compared as sets (or, without legal but\n"
    "with load, other legal actions offered); the table then also gives what play probed:\n"
    "the actions each clause judged, allowed and refused.  A case stops at its first\n"
    "disagreement (--keep-going: goes on).  A refusal without a clause of the catalog, of\n"
    "an action wolves applies, counts once, as refused-without-clause.  Exit status: 0\n"
    "all agree (with --known: no new difference; skips alone never fail), 1 a\n"
    "disagreement, 2 usage, bad input or a protocol error (the engine exited, hung past\n"
    "the timeout, or printed what is not the protocol: the request that broke it is named).\n"
    "\n"
    "  --engine CMD     the engine's command line (required)\n"
    "  --timeout S      seconds each request may take, 1 to 3600 (default 10); then the\n"
    "                   engine is killed and the run stops with exit 2\n"
    "  -q, --quiet      only disagreements, errors and the summary\n"
    "  --tap            report in the Test Anything Protocol (version 13)\n"
    "  --format json    report as JSON: {engine, cases: [{name, result, compared,\n"
    "                   disagreements, skipped, unsupported}], clauses: [{clause, agreed,\n"
    "                   disagreed, skipped, probed, allowed, refused}], agree, ...}\n"
    "  --junit FILE     also write a JUnit XML report to FILE ('-': on stdout instead)\n"
    "  --shard I/N      only the I-th of N slices (scenarios and games I, I+N, ...)\n"
    "  --out DIR        write each disagreement as DIR/NAME-action-N.yaml (-2, -3, ...\n"
    "                   once this run has used the name), a scenario `wolves check`\n"
    "                   passes on our side (the position before the action, or the game\n"
    "                   from its seed with the actions before it, expecting wolves'\n"
    "                   verdict); differential play shrinks it first\n"
    "  --reading CLAUSE=NAME  the engine follows reading NAME of the clause (see wolves\n"
    "                   clauses CLAUSE): wolves checks under it too, except in scenarios\n"
    "                   that select a reading of that clause themselves (repeatable)\n"
    "  --edition NAME   the engine follows the readings edition NAME of the rulebook takes\n"
    "                   (en, pl, ru, uk, summary; wolves clauses --edition NAME): scenarios\n"
    "                   are checked under it, their own readings kept, --reading winning\n"
    "                   over it; sent with new_game to an engine that declares readings\n"
    "  --games N        differential play: N seeded games instead of the scenarios\n"
    "  --seed S         the seed of the first game (required with --games)\n"
    "  --players P      players per game, 2 to 5 (default 3)\n"
    "  -k, --keep-going after a disagreement, go on to the end of the case: the engine is\n"
    "                   set to wolves' position again (load; without it, new_game and the\n"
    "                   game replayed, where it can follow); each case says how far it\n"
    "                   went, and every disagreement is counted per clause\n"
    "  --known FILE     the engine's known differences (wolves(1), KNOWN DIFFERENCES): one\n"
    "                   a line, CLAUSE[=READING] [CASE]; each disagreement is marked known\n"
    "                   or new, exit 0 when all are known, 1 on a new one; entries that\n"
    "                   match nothing where they apply are listed as stale\n"
    "  --strict-known   a stale entry fails the run too (exit 1)\n"
    "  --write-known FILE  write the run's differences as a known file (sorted)\n"
    "  --merge          the operands are JSON reports (--format json) of the shards of\n"
    "                   one run (--shard I/N): report them as that run, --known applied\n"
    "                   to the whole\n",
    conform_options, cmd_conform_suite};
