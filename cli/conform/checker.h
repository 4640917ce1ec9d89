/* checker.h - what the files of the conformance checker (cli/conform/,
 * README.md there) share, internal to it: the checker's state, a case, its
 * trail and start, a disagreement, a scenario read and begun, and the
 * functions one file calls in another.  The command's entry is conform.h.
 *
 * A case is a scenario (replayed) or a game (differential play).  Each
 * action of a case is applied in both engines and compared: the verdict
 * (applied or refused, and the refusing clause when the engine declares
 * `clauses`), then after an applied action the state's declared fields
 * (`state`); at the end of a case the state, the legal actions as sets
 * (`legal`) and the final scores (`scores`).  A case stops at its first
 * disagreement (the two positions may differ from there on).  Each check
 * counts for every clause our engine recorded for that action (the
 * checks that allowed it, the one that refused it, the effects): as agreed,
 * or, in a disagreement, as disagreed for the clauses blamed (the refusing
 * ones; for a state difference the effects that change that part of the
 * state): the report per clause.  An action we apply that the engine
 * refuses without a clause of the catalog blames none of them: it counts
 * once, as refused-without-clause (REFUSED_WITHOUT_CLAUSE).  Expectations are "ours": "expected" in
 * a state difference is wolves', "got" the engine's.
 *
 * --keep-going (keep_going.c): a case goes on after a disagreement, the
 * engine set to our position again (load, or new_game and the case's
 * actions replayed) where its game may have left ours; each case says how
 * far it went.  An action or request the engine answers `unsupported` is
 * a skip, with its reason, of the checks it would have made (skipped.c),
 * and the case goes on with the rest: never the end of a run.
 *
 * Readings (wolves_reading_at): `--reading CLAUSE=NAME` is the reading
 * the engine follows.  Every scenario that keeps our reading at that
 * point is checked under NAME on our side too; a scenario that selects a
 * reading itself keeps its own (it is about that reading), and is sent
 * to an engine that declares `readings` with it, skipped for one that
 * does not.  Games are played under the --reading readings.
 * `--edition NAME` is the edition the engine follows: scenarios are read
 * under it (as `test --edition` reads them) and --reading wins over it
 * (a reading is the scenario's own when its `readings:` names it);
 * new_game sends it with every reading named. */
#ifndef CLI_CONFORM_CHECKER_H
#define CLI_CONFORM_CHECKER_H

#include <stddef.h>
#include <stdint.h>

#include "base/file_id.h"
#include "base/input.h"
#include "doc.h"
#include "protocol/engine_client.h"
#include "rng.h"
#include "scenario/diff.h"
#include "scenario/scenario.h"
#include "state_doc.h"
#include "strbuf.h"
#include "wolves.h"

#define DIFF_LINES 20 /* lines of a disagreement's differences shown (diff_init) */

typedef enum { AGREE, DISAGREE, SKIP, BAD } case_result;

/* Index 0 of the tallies per clause (no clause is 0): the pseudo-clause a
 * refusal is counted under, once, when the engine names no clause of the
 * catalog for an action wolves applies (its checks are not blamed: the
 * engine did not say which it disagrees with). */
#define REFUSED_WITHOUT_CLAUSE 0

typedef struct known_file known_file; /* known.c: --known, --write-known */

typedef struct {
  engine_client e;
  int quiet, tap, json, text, progress;
  const char *junit, *out;
  unsigned shard, of;
  uint8_t reading[WOLVES_READINGS], reading_set[WOLVES_READINGS];
  int edition; /* --edition: the engine follows that edition's readings (wolves_edition; --reading wins) */
  int players;
  uint64_t seed, games;
  /* tallies */
  unsigned long agreed[WOLVES_CLAUSE_COUNT], disagreed[WOLVES_CLAUSE_COUNT]; /* [0]: REFUSED_WITHOUT_CLAUSE */
  unsigned long disagreed_known[WOLVES_CLAUSE_COUNT]; /* of disagreed: known (--known) */
  unsigned long checks, applies, probes;
  unsigned long choices_left, chosen_otherwise; /* actions sent with choices open; resolved otherwise */
  int counts[4];                                /* per case_result */
  int new_cases;                                /* DISAGREE cases with a difference --known does not list */
  int last_theirs;                              /* the engine's last verdict (engine_apply) */
  char last_clause[128];
  io_files io; /* the files read, and those written so far (outputs.c) */
  int written; /* reproducers written */
  int write_failed;
  doc d; /* the JSON report */
  doc_node *cases;
  strbuf junit_cases;
  state_memo memo;   /* our state's text, part by part, from one state to the next */
  known_file *known; /* --known and --write-known, or NULL (known.c) */
  size_t nfiles;     /* the scenario files of the run (every shard's) */
  int noperands;     /* the PATHs given (the --write-known header) */
  char **operands;
  /* --keep-going, skips (unsupported), what differential play probed */
  int keep_going;
  int playing;              /* in differential play: the actions sent count as probes per clause */
  struct conform_case *now; /* the case being judged: skips are recorded in it */
  unsigned long skipped[WOLVES_CLAUSE_COUNT]; /* checks not made: the engine answered unsupported */
  unsigned long allowed[WOLVES_CLAUSE_COUNT], refused[WOLVES_CLAUSE_COUNT]; /* play's probes, our verdicts */
  unsigned long skipped_checks;
  int unsupported_cases, went_to_end, stopped; /* cases skipped for unsupported; how far cases went */
} conform;

/* One case as it is judged. */
typedef struct conform_case {
  const char *name;
  case_result result;
  strbuf text;    /* details, one per line (disagreements, a skip's reason, an error) */
  doc_node *list; /* the disagreements as objects (in conform.d) */
  unsigned long compared;
  double seconds;
  int fresh; /* disagreements --known does not list */
  /* how far it went (keep_going.c), what was skipped (skipped.c); in conform.d */
  unsigned length;     /* its actions in our engine (a game played to its end) */
  unsigned stop_at;    /* the action at which it stopped before its end, 0: it did not */
  int stop_after;      /* stopped after action stop_at (at the end of the case) */
  const char *stopped; /* why it stopped, or NULL */
  int unsupported;     /* a SKIP because the engine cannot start it (unsupported) */
  unsigned long skips; /* checks skipped (unsupported) */
  doc_node *skip_list; /* [{request, action, reason, count}], one per request and reason */
} conform_case;

/* The actions of a case so far, to write a reproducer from a new game:
 * the position before each and what our engine said. */
typedef struct {
  wolves_state *before;
  wolves_action *a;
  int *rc;
  size_t len, cap;
} trail;

/* How a case's engine game started: loaded, or set up from a seed. */
typedef struct {
  int loaded;
  uint64_t seed;
  wolves_game g0; /* the game and start position set up */
  wolves_state s0;
} origin;

/* What a disagreement was about. */
typedef struct {
  const char *kind; /* "verdict", "clause", "state", "legal", "scores" */
  unsigned number;  /* the case's action number (1-based), 0: at the end of the case */
  const wolves_game *g;
  const wolves_state *before; /* the position the action was offered in */
  const wolves_action *a;     /* NULL: none (the end of the case) */
  int ours;                   /* our verdict: 0 applied, else the refusing clause */
  int theirs;                 /* the engine's: 0 applied, 1 refused, -1 not asked */
  const char *their_clause;   /* "" when none */
  const unsigned char *seen;  /* the clauses it counts for */
  diff_report *dr;            /* differences (state, legal, scores), or NULL */
  const char *probe;          /* a near miss: which kind, else NULL */
  int at_end;                 /* found at the end of the case, after action `number` */
} disagreement;

/* A scenario file read (the next one is read while the engine loads the
 * position of the one before): the scenario, or the error that stops it. */
typedef struct {
  scenario *sc; /* NULL: unreadable (error says why) */
  strbuf error;
} read_case;

/* A scenario on its way through both engines. */
typedef struct {
  origin o;
  int from_setup;
  int sent; /* its load (and its script) sent, the answer not yet read */
} begun_case;

/* session.c: talking to the engine */
position make_position(const wolves_game *g, const wolves_state *s);
/* load_answer, engine_load, engine_begin: 0; 1 refused (bad_request), 2
 * unsupported (the message in c->last_clause for both); -1 protocol error */
int load_answer(conform *c, const doc_node *r);
int engine_load(conform *c, const wolves_game *g, const wolves_state *s);
int engine_begin(conform *c, const origin *o);
int engine_apply(conform *c, const wolves_game *g, const wolves_state *before, const wolves_action *a,
                 char *clause, size_t n);
/* engine_verdict: a sent as it is, in request cmd: "apply", or "judge"
 * (the verdict only, the engine's game unchanged: capability judge) */
int engine_verdict(conform *c, const char *cmd, const wolves_game *g, const wolves_state *before,
                   const wolves_action *a, char *clause, size_t n);
/* The request a near miss (an action our engine refuses) is sent as:
 * "judge" when the engine declares it, else "apply". */
const char *probe_request(const conform *c);
/* An answer r with ok false to request cmd (state, legal, scores): 1 when
 * it is unsupported (a skip, recorded as skip_request does), else -1: a
 * protocol error. */
int unsupported_answer(conform *c, const doc_node *r, const char *cmd, unsigned number,
                       const unsigned char *clauses);
int replay(conform *c, const wolves_game *g, const wolves_state *before, const wolves_action *a);
void expect_request(conform *c, unsigned long *id, const char *cmd, const wolves_game *g,
                    const wolves_state *s, const wolves_action *action);

/* compare.c: the state, the legal actions, the scores; one action in both
 * engines, the end of a case.  engine_state: the engine's state (NULL on
 * a protocol error, or with *matched 2 when it answers unsupported: a
 * skip, recorded), *matched 1 when it is wolves engine's answer for (g, s)
 * byte for byte; state_differences: how many parts it declares differ from
 * (g, s), into dr.  conform_step sends a as choices_sent says (a near miss
 * our engine refuses as a judge, where the engine declares it) and leaves
 * in *a what was judged: the action as sent, or the resolution the engine
 * took (choices_follow); it returns 1 agreed, 0 disagreed, 2 the engine
 * answered unsupported (a skip, recorded), -1 protocol error. */
const doc_node *engine_state(conform *c, const wolves_game *g, const wolves_state *s, int *matched);
int state_differences(conform *c, const wolves_game *g, const wolves_state *s, const doc_node *theirs,
                      diff_report *dr);
int compare_state(conform *c, const wolves_game *g, const wolves_state *s, diff_report *dr);
int compare_legal(conform *c, const wolves_game *g, const wolves_state *s, diff_report *dr,
                  wolves_action *odd, int *odd_side, unsigned char *blamed);
int conform_step(conform *c, conform_case *cs, const wolves_game *g, wolves_state *s, wolves_action *a,
                 unsigned number, const char *probe, const origin *o, const trail *t, int compare_after,
                 int *ours_rc);
int conform_finish(conform *c, conform_case *cs, const wolves_game *g, const wolves_state *s, unsigned number,
                   const origin *o, const trail *t);

/* choices.c: the choices an action leaves open (wolves-engine(5), CHOICES).
 * choices_sent: the action the engine is sent (*sent): a with every
 * choice our engine makes named, or a as given to an engine that declares
 * chooses and state when its answer tells the resolutions apart; returns
 * how many resolutions a then leaves the engine when more than one, else
 * 0.  choices_follow: after the engine's verdict on such an action (theirs
 * 0 applied, 1 refused, with their_clause), the resolution that gives the
 * same answer (applied: the state, which it asks, *state_compared set;
 * judged, or the state unsupported: the first that applies): its number
 * (1: ours, the default) and *a that resolution; 0 when none does
 * (applied, and our default applies: the differences from it in dr,
 * *state_compared set); -1 on a protocol error.  *ways: how many
 * resolutions were tried. */
int choices_sent(conform *c, const wolves_game *g, const wolves_state *s, const wolves_action *a,
                 wolves_action *sent);
int choices_follow(conform *c, const wolves_game *g, const wolves_state *before, wolves_action *a, int theirs,
                   int judged, const char *their_clause, diff_report *dr, int *state_compared, int *ways);

/* blame.c: the clauses blamed, the tallies */
const char *clause_id(int c);
void clauses_of(const event_list *ev, unsigned char *all, unsigned char *effects, unsigned *parts);
void blame_state(const diff_report *dr, const unsigned char *effects, const unsigned *parts,
                 unsigned char *blamed);
void tally(conform *c, const unsigned char *all, const unsigned char *blamed);
/* An action differential play sent: each clause in all[] probed, as
 * refused (ours, our refusing clause) or allowed. */
void tally_probe(conform *c, const unsigned char *all, int ours);

/* known.c: known differences (--known, --write-known; its header comment) */
/* Reads --known FILE (the file: 0, or 2 after one line "FILE:LINE:COL:
 * error: ...") and keeps --write-known and --strict-known; 2 after a
 * usage error. */
int known_options(conform *c, const char *flags, const char *const *values);
void known_close(conform *c);
int known_given(const conform *c);
/* The --known file (write 0) or the --write-known one (1), or NULL. */
const char *known_path(const conform *c, int write);
/* The name a subject has in the table, a report and a known file: a
 * clause's ID, refused-without-clause, or a disagreement's kind. */
const char *subject_name(int s);
/* The subject a name in a report or a known file names (clause IDs in any
 * case), or -1. */
int subject_find(const char *name);
/* Judges a disagreement of the case by its kind and the subjects and
 * readings its report object lists (clauses: their names; readings: the
 * reading in force for each that has them): 1 known, 0 new (the subjects
 * not known appended to fresh, one space apart), -1 without --known.
 * Recorded for --write-known and the new entries, counted per clause. */
int known_judge(conform *c, const char *case_name, const char *kind, const doc_node *clauses,
                const doc_node *readings, strbuf *fresh);
/* The judgement in a disagreement's object: "known", and "new" (the
 * subjects fresh names) when it is not; nothing for -1. */
void known_put(doc *d, doc_node *m, int judged, const char *fresh);
/* A case reported: the entries that name it ran. */
void known_case_done(conform *c, const conform_case *cs);
/* The summary's lines (stale entries, new ones; each after prefix), and
 * its "known" object in the JSON report. */
void known_summary_text(conform *c, const char *prefix);
void known_summary_json(conform *c, doc *d, doc_node *root);
/* Writes --write-known, the header naming how (the command line of the
 * run, or, merged, of the --merge); 0, or 1 (said on stderr;
 * c->write_failed). */
int known_save(conform *c, int merged);
/* 1 when the differences fail the run (with --known: a new one, or a
 * stale entry under --strict-known; else any), else 0. */
int conform_failed(const conform *c);

/* disagreement.c: a disagreement recorded */
void verdict_text(strbuf *sb, int applied_or_clause, int engine, const char *their_clause);
void disagree(conform *c, conform_case *cs, const disagreement *x, const origin *o, const trail *t);
void refused_load(conform *c, conform_case *cs, const wolves_game *g, const wolves_state *s);

/* reproducer.c: the trail, reproducers, shrinking */
void trail_add(trail *t, const wolves_state *before, const wolves_action *a, int rc);
void trail_free(trail *t);
char *write_reproducer(conform *c, const conform_case *cs, const disagreement *x, const origin *o,
                       const trail *t);
int shrink(conform *c, const origin *o, const trail *t, const wolves_action *p, int ours_then, size_t *at);
int trace_state(conform *c, conform_case *cs, const origin *o, const trail *t, size_t from,
                const wolves_state *now_s);

/* outputs.c: no output names an input or another output */
/* Lists the inputs (the scenarios and their start files) and the --junit
 * report in c->io: 0, or 2 after "wolves: --junit FILE would overwrite the
 * scenario ..." when one names another, or when a file under --out that a
 * reproducer may replace is an input. */
int outputs_check(conform *c, const path_list *files);
/* Lists in c->io the --known file (an input), then the outputs named on
 * the command line: --junit, --write-known (outputs_check, conform_merge). */
void outputs_list(conform *c);
/* Writes text as DIR/STEM-action-N.yaml for a disagreement at action
 * number of the case (STEM the case name's, never starting with '-' or
 * '.'), or with -2, -3, ... before .yaml while that names a file of c->io
 * (an input, the --junit report, an earlier reproducer): its path
 * (malloc'ed), or NULL when it cannot be written (said on stderr). */
char *reproducer_save(conform *c, const char *case_name, unsigned number, const strbuf *text);

/* suite.c: scenario cases */
const char *unsupported(conform *c, const wolves_game *g, char *why, size_t n);
void apply_readings(const conform *c, wolves_game *g, unsigned named);
void case_read(read_case *r, const char *path, int edition);
int begin_case(conform *c, conform_case *cs, read_case *r, begun_case *b);
int end_case(conform *c, conform_case *cs, read_case *r, begun_case *b);
void case_free(read_case *r);

/* near_miss.c: the near misses; miss_names[kind] names a kind
 * near_misses and upgrade_miss give */
extern const char *const miss_names[];
void blank_action(const wolves_state *s, int kind, wolves_action *out);
int near_misses(const wolves_game *g, const wolves_state *s, const wolves_action *chosen, wolves_rng *r,
                wolves_action *out, int *kinds, int max);
/* An Upgrade of one of the player's Dens that LAIR.WATER, LAIR.ONE_PER_REGION,
 * LAIR.ALPHA or LAIR.NONE_LEFT refuses (Upgrades are rarely legal, so
 * rarely the base of a near miss): 1 with it in *out and its kind, or 0. */
int upgrade_miss(const wolves_game *g, const wolves_state *s, wolves_rng *r, wolves_action *out, int *kind);

/* skipped.c: what the engine answers unsupported, skipped and counted */
/* Records that request cmd (at action number, 0: none) was answered
 * unsupported with reason: a skip of the checks of the clauses in
 * clauses[] (NULL: none) in c->now and the tallies. */
void skip_request(conform *c, const char *cmd, unsigned number, const char *reason,
                  const unsigned char *clauses);
/* The case cannot start (its load or new_game answered unsupported, the
 * message in c->last_clause): a SKIP, the checks of the n actions of acts
 * it would have sent from (g, s) skipped, by their clauses. */
void skip_case(conform *c, conform_case *cs, const char *cmd, const wolves_game *g, wolves_state s,
               const scripted_action *acts, size_t n);
/* A case that compared nothing, all it sent unsupported (its first
 * action, and no load to go on from): a SKIP, for its first skip. */
void skip_if_nothing_compared(conform *c, conform_case *cs);

/* keep_going.c: a case goes on; how far it went */
/* Whether the case goes on: not stopped, and agreeing or --keep-going. */
int going(const conform *c, const conform_case *cs);
/* The engine's game set to our position s after a disagreement (or an
 * action it did not support) at action number (after: at the end of the
 * case, after it): by load; without load, for a case begun with new_game
 * whose trail t is whole and when without is NULL, new_game and the
 * actions of t our engine applied.  0 restored; 1 it cannot be: the case
 * stopped, and says why (without: why, when there is no load); -1
 * protocol error. */
int restore(conform *c, conform_case *cs, const origin *o, const trail *t, const wolves_state *s,
            unsigned number, int after, const char *without);
/* After conform_step answered step (0 a disagreement, 2 unsupported) on
 * an action at position s (ours: our verdict; judged: sent as judge):
 * the engine's game set to ours (restore) where either moved apart.  As
 * restore. */
int resync(conform *c, conform_case *cs, const origin *o, const trail *t, const wolves_state *s,
           unsigned number, int step, int ours, int judged);
/* The case stops at action number (after it, at the end): why. */
void stop_case(conform *c, conform_case *cs, unsigned number, int after, const char *why, const char *detail);
/* The length of the seeded game from (g, s) with rng, played by our engine alone. */
unsigned game_length(const wolves_game *g, wolves_state s, wolves_rng rng, unsigned limit);
/* How far the case went, as the report says it: "went to the end: N
 * actions", "stopped at action K of N: why"; "" when there is nothing to
 * say (not --keep-going, and it did not stop). */
void went_text(const conform *c, const conform_case *cs, strbuf *sb);

/* play.c: differential play */
int run_game(conform *c, conform_case *cs, uint64_t seed);

/* merge.c: --merge, and the shard in a shard's JSON report */
/* The options of a run refused with --merge: 0, or 2 after saying so. */
int merge_options(const conform *c, const char *const *values);
/* Merges the reports (argv) as the report of one run, printed as the run
 * prints it; the exit status of that run. */
int conform_merge(conform *c, int argc, char **argv);
/* "shard": {index, of, scenarios, games, wolves, run} in a shard's JSON
 * report: which cases it holds, and what must be equal to merge it. */
void shard_put(const conform *c, doc *d, doc_node *root);

/* report.c: the report */
/* The first line of the text report: the engine and its capabilities. */
void conform_header(const conform *c);
void report_case(conform *c, size_t number, conform_case *cs);
void conform_summary(conform *c, size_t ncases, double seconds);

#endif
