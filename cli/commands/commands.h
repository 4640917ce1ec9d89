/* commands.h - the commands of `wolves`, one file each in cli/commands/:
 * each gives main.c's table its entry (name, usage, help and options,
 * base/options.h) beside its code.  The cmd_ functions declared here are
 * those the fuzz harnesses (tests/fuzz/) also call directly, with the
 * values[] slots of their options. */
#ifndef CLI_COMMANDS_H
#define CLI_COMMANDS_H

#include "base/options.h"

extern const command run_command;      /* run.c */
extern const command check_command;    /* check.c (check and test) */
extern const command test_command;     /* check.c */
extern const command render_command;   /* render.c */
extern const command coverage_command; /* coverage.c */
extern const command clauses_command;  /* clauses.c */
extern const command data_command;     /* data.c */
extern const command legal_command;    /* legal.c */
extern const command explain_command;  /* explain.c */
extern const command play_command;     /* play.c */
extern const command new_command;      /* new.c */
extern const command perft_command;    /* perft.c */
extern const command export_command;   /* export.c */
extern const command conform_command;  /* conform.c (the checker: cli/conform/) */
extern const command engine_command;   /* engine.c (the protocol: cli/protocol/) */

/* `wolves clauses --edition NAME` (editions.c): what the edition changes
 * against the default, as text or JSON; the exit status. */
int clauses_edition(const char *name, int json);

/* `wolves legal`: values[LEGAL_...]; flag 's': --score. */
enum { LEGAL_AFTER, LEGAL_FORMAT, LEGAL_MOVES, LEGAL_EDITION };
int cmd_legal(int argc, char **argv, const char *flags, const char *const *values);
/* `wolves explain`: values[EXPLAIN_...]; flag 'a': --all. */
enum {
  EXPLAIN_ACTION,
  EXPLAIN_TEXT,
  EXPLAIN_FORMAT,
  EXPLAIN_COLOR,
  EXPLAIN_AFTER,
  EXPLAIN_SVG,
  EXPLAIN_EDITION
};
int cmd_explain(int argc, char **argv, const char *flags, const char *const *values);
/* `wolves render`: values[RENDER_...]. */
enum { RENDER_AFTER, RENDER_SVG, RENDER_COLOR, RENDER_LAYOUT, RENDER_AROUND, RENDER_RADIUS, RENDER_REGION };
int cmd_render(int argc, char **argv, const char *flags, const char *const *values);

#endif
