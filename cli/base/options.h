/* options.h - a command of the command line and its options: the entry
 * each command (cli/commands/) gives the table of main.c, with its usage,
 * help and options beside its code; parsing a command's arguments with
 * getopt_long(3); and the values options take (--format, numbers, --shard). */
#ifndef CLI_OPTIONS_H
#define CLI_OPTIONS_H

#include <stdint.h>
#include <string.h>

#include "strbuf.h"

/* One option of a command, one table line each: a flag (no value) puts
 * its letter in the `flags` string run() gets; an option with a value
 * stores it in values[slot] (the last one given wins).  Parsed with
 * getopt_long(3): "--jobs 2", "--jobs=2", "-j 2", "-j2", and any
 * unambiguous abbreviation of a long name. */
typedef struct {
  const char *name; /* long name without "--", or NULL (short only) */
  char short_name;  /* 'q' for -q, or 0 */
  char flag;        /* a flag's letter, or 0: takes a value */
  int slot;         /* with a value: its index in values[] */
  int repeat;       /* with a value: each occurrence kept, one per line (else the last wins) */
} option_spec;

#define FLAG(name, short_name, letter)                                                                       \
  { name, short_name, letter, 0, 0 }
#define VALUE(name, short_name, slot)                                                                        \
  { name, short_name, 0, slot, 0 }
#define REPEATED(name, short_name, slot)                                                                     \
  { name, short_name, 0, slot, 1 }

/* A command: its name, usage line(s), help and options, and what runs it
 * with its operands (argv), the flags given and the values of its options. */
typedef struct {
  const char *name;
  const char *usage;
  const char *help;
  const option_spec *options; /* terminated by an entry without name and short name */
  int (*run)(int argc, char **argv, const char *flags, const char *const *values);
} command;

#define OPTIONS_END                                                                                          \
  { NULL, 0, 0, 0, 0 }
/* The most options a command has, and the most flags and values it gets. */
#define MAX_OPTIONS 32

/* Is the flag letter f among the flags a command's run() got? */
static inline int has_flag(const char *flags, char f) { return strchr(flags, f) != NULL; }

/* Parses the arguments of c (argv[0] is the command's name) with
 * getopt_long: flags and values as run() takes them (flags: room for
 * MAX_OPTIONS + 1, values and repeated: MAX_OPTIONS each, zeroed; a
 * repeated option's values are kept in repeated[slot]); *first is the
 * index of the first operand (getopt_long moves the operands after the
 * options).  1: --help or --version was handled, 0: parsed, -1: a usage
 * error was reported. */
int options_parse(const command *c, int argc, char **argv, char *flags, const char **values, strbuf *repeated,
                  int *first);
/* c's usage and help on standard output. */
void options_help(const command *c);
/* "unknown WHAT 'TEXT'", with the closest of words (after prefix) if one
 * is close enough; a usage error of cmd (NULL: the program's).  Returns 2. */
int options_unknown(const char *cmd, const char *what, const char *text, const char *const *words, int n,
                    const char *prefix);

/* The value of --format: 0 text (also when absent), 1 json, or -1 after
 * reporting a usage error. */
int format_option(const char *cmd, const char *value);
/* The index of value among words (NULL-terminated: an option's values);
 * -1 after the usage error "OPTION is A, B or C, not 'X'", with "did you
 * mean" when one is near. */
int choice_option(const char *cmd, const char *option, const char *value, const char *const *words);
/* A decimal number in [lo, hi] (digits only); 0, or -1 for anything else. */
int number_option(const char *s, uint64_t lo, uint64_t hi, uint64_t *out);
/* The value of --shard, I/N with 1 <= I <= N <= 1,000,000 (NULL: 1/1),
 * into *shard and *of; 0, or 2 after reporting a usage error of cmd. */
int shard_option(const char *cmd, const char *text, unsigned *shard, unsigned *of);
/* The value of --edition NAME (NULL: 0, the default profile), in any
 * case, into *edition (a wolves_edition); 0, or 2 after a usage error of
 * cmd with a "did you mean". */
int edition_option(const char *cmd, const char *value, int *edition);
/* The line the help of each command that plays a position gives --edition. */
#define EDITION_HELP                                                                                         \
  "  --edition NAME  play by the readings edition NAME of the rulebook takes: en, pl, ru, uk,\n"             \
  "                  summary, or wolves (the default; wolves clauses --edition NAME lists\n"                 \
  "                  them); a scenario's own edition: and readings: win over it\n"

#endif
