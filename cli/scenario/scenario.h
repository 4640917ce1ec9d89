/* scenario.h - a scenario: a starting position, actions to apply, and
 * what the result should be (wolves-scenario(5)). */
#ifndef CLI_SCENARIO_H
#define CLI_SCENARIO_H

#include "actions_doc.h"
#include "base/file_id.h"
#include "data_doc.h"
#include "doc.h"
#include "state_doc.h"
#include "strbuf.h"

typedef struct {
  unsigned action; /* 1-based */
  int clause;
  const doc_node *node; /* where it is listed, for expectations */
} refusal;

/* The position an action was applied to, kept for the words of a
 * refusal (scenario_before). */
typedef struct {
  unsigned action; /* 1-based */
  wolves_state before;
} kept_position;

typedef struct {
  const char *path; /* as given; "-" is stdin */
  char *text, *start_text, *start_path;
  doc in, start;
  position pos;
  scripted_action *actions;
  size_t nactions;
  /* expect: */
  int golden;        /* compare with (or bless) the golden file */
  refusal *expected; /* expect.refused */
  size_t nexpected;
  const doc_node *assertions; /* expect.state */
  const doc_node *claims;     /* clauses: the clauses it means to exercise */
  int about_tool;             /* about: tool, a limit of this program's, not a rule of the game */
  /* Compare the golden without the states' `readings:` (`test --edition`:
   * goldens made under the default, the run under an edition's readings;
   * what is compared is the outcome). */
  int golden_without_readings;
  /* after scenario_run: */
  refusal *refused;
  size_t nrefused;
  event_list checks;   /* the clause checks that allowed the actions */
  kept_position *kept; /* before each refused action and each expect.refused names */
  size_t nkept;
  doc out;
  strbuf json; /* the canonical output */
} scenario;

/* Loads and checks everything; nothing is applied yet.  -1 = bad input.
 * Standard input ("-") is read once per process: a later load of "-"
 * gets the same text (or the same error). */
int scenario_load(scenario *sc, const char *path, cli_err *e);
/* The same, the component data overridden by house (NULL: not) under the
 * scenario's own `data:`, which wins field by field (`test --data FILE`),
 * and the readings of edition (a wolves_edition; 0 the default) where the
 * scenario names no `edition:` of its own (`--edition NAME`; its
 * `readings:` win clause by clause). */
int scenario_load_house(scenario *sc, const char *path, const data_overrides *house, int edition, cli_err *e);
/* Applies the actions and renders the resulting state into sc->json.
 * Clause checks are always recorded (sc->checks, for coverage and stale
 * claims); show_checks also prints them in the event log.  -1 (e set) if
 * the run passes a limit of bounds.h: a state that could not be read
 * again is never rendered. */
int scenario_run(scenario *sc, int show_checks, cli_err *e);
/* After scenario_run: the position action (1-based) was applied to, if
 * it was refused or expect.refused names it; else NULL. */
const wolves_state *scenario_before(const scenario *sc, unsigned action);
/* Did the run record clause c (any event; refused: only refusals/blocks)? */
int scenario_fired(const scenario *sc, int clause, int refused);
/* Did an event other than a refusal or block cite clause c? */
int scenario_fired_applied(const scenario *sc, int clause);
/* The first clause listed under `clauses:` that never fired, or 0. */
const doc_node *scenario_stale_claim(const scenario *sc);
void scenario_free(scenario *sc);
/* Loads and runs the scenario at path under edition (as
 * scenario_load_house; 0 the default); on bad input (or a run past a
 * limit) prints the one-line error to stderr and returns NULL.  Release
 * with scenario_close. */
scenario *scenario_open(const char *path, int edition, int show_checks);
/* scenario_load_house (no house data) with the error printed: NULL on bad
 * input; nothing applied. */
scenario *scenario_read(const char *path, int edition);
/* The same, the error also as JSON on stdout when json (a command's
 * --format json: base/diagnostic.h). */
scenario *scenario_read_as(const char *path, int edition, int json);
/* scenario_open with the error in e instead of printed (NULL: bad input). */
scenario *scenario_open_err(const char *path, int edition, int show_checks, cli_err *e);
/* Applies the first n actions to sc->pos.s as `run` does (a refused action
 * leaves the position unchanged), without logging: for legal, explain and
 * render --after. */
void scenario_apply_first(scenario *sc, size_t n);
/* The value of --after N (run, explain, legal, render, perft): how many of
 * the scenario's actions to apply, 0 to their count, into *n (NULL: all
 * of them).  0, or 2 after the usage error every command prints alike:
 * "wolves: --after is a number from 0 to K (the scenario's actions), not
 * 'X'" and "Try 'wolves CMD --help'.".  Nothing is applied. */
int scenario_after(const scenario *sc, const char *cmd, const char *value, size_t *n);
/* scenario_read, then its first --after actions applied (after: the
 * option's value, NULL for all of them; scenario_after, then
 * scenario_apply_first): the position legal, perft and render look at.
 * NULL after reporting bad input or a usage error (exit 2). */
scenario *scenario_read_after(const char *path, int edition, const char *cmd, const char *after);
/* The same, bad input also as JSON on stdout when json (scenario_read_as). */
scenario *scenario_read_after_as(const char *path, int edition, const char *cmd, const char *after, int json);
void scenario_close(scenario *sc);
/* An output a command writes (--events, --svg) must not be one of its
 * inputs: 0, or 2 after "wolves: OPTION PATH would overwrite ..." on
 * stderr when path names the scenario or its start file (io_refuse: by
 * device and inode, whatever the path). */
int scenario_output_ok(const scenario *sc, const char *option, const char *path);
/* Adds what the scenario at path reads to l (base/file_id.h): the file,
 * "the scenario PATH", and its start file when sc (loaded, or loaded as
 * far as it could be) names one, "the start file of PATH": a start file
 * not there yet is an input all the same. */
void scenario_inputs(io_files *l, const char *path, const scenario *sc);

/* Reads overrides from a YAML file holding one mapping of data fields
 * (`wolves play --data FILE`); -1 with e set on bad input. */
int data_load(const char *path, data_overrides *ov, cli_err *e);

#endif
