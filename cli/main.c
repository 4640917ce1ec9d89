/* main.c - the `wolves` command line: the table that names the commands
 * (each defined beside its code in cli/commands/) and the dispatch to one
 * (its options parsed by base/options.c).
 * State goes to stdout, diagnostics to stderr; exit 0 pass, 1 a check
 * failed, 2 bad input or usage. */
#include <errno.h>
#ifdef __GLIBC__
#include <malloc.h>
#include <stdio.h>
#include <string.h>
#endif

#include "base/err.h"
#include "base/output.h"
#include "base/options.h"
#include "commands/commands.h"
#include "wolves.h"

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
    "  new               a commented scenario to edit: a small map, a self-play position (--players N\n"
    "                    --seed S --after K) or a scenario's (--from FILE --after N)\n"
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

/* The commands in the order `wolves --help` lists them; each is defined
 * beside its code (cli/commands/, commands.h). */
static const command *const commands[] = {
    &run_command,     &check_command, &test_command,   &render_command,  &coverage_command,
    &clauses_command, &data_command,  &legal_command,  &explain_command, &new_command,
    &play_command,    &perft_command, &export_command, &conform_command, &engine_command,
};

#define NCOMMANDS (sizeof commands / sizeof *commands)

static const command *find_command(const char *name) {
  for (size_t i = 0; i < NCOMMANDS; i++)
    if (strcmp(name, commands[i]->name) == 0) return commands[i];
  return NULL;
}

static int unknown_command(const char *name) {
  const char *words[NCOMMANDS + 1];
  for (size_t i = 0; i < NCOMMANDS; i++) words[i] = commands[i]->name;
  words[NCOMMANDS] = "help";
  if (name[0] == '-')
    return options_unknown(NULL, "option", name, (const char *const[]){"help", "version"}, 2, "--");
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
  return stdout_failed(err);
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
