/* runner.h - `wolves check` and `wolves test`: run scenarios, judge them,
 * report them (PASS/FAIL lines, TAP, JSON, JUnit XML, HTML), optionally bless
 * their goldens; in parallel and in shards for large suites. */
#ifndef CLI_RUNNER_H
#define CLI_RUNNER_H

#include "base/input.h"
#include "data_doc.h"
#include "strbuf.h"

/* REPORT_NONE: only --junit - or --html - (that report on standard output). */
typedef enum { REPORT_TEXT, REPORT_TAP, REPORT_JSON, REPORT_NONE } runner_report;

typedef struct {
  int quiet;   /* only failures and the summary */
  int bless;   /* (re)write goldens instead of comparing with them */
  int summary; /* end with "scenarios: N passed, N failed" */
  int orphans; /* test: look for goldens without a scenario (--prune) */
  runner_report report;
  const char *junit;  /* also write a JUnit XML report there, or NULL */
  const char *html;   /* also write an HTML report there (report_html.h), or NULL */
  unsigned jobs;      /* scenarios run at once (>= 1) */
  unsigned shard, of; /* run the scenarios i with i % of == shard - 1 */
  const char *cmd;    /* "check" or "test", for messages */
  int prune;          /* test: remove goldens without a scenario */
  int color;          /* PASS, FAIL and ERROR in colour */
  int progress;       /* done/total on standard error */
  char **operands;    /* the PATHs test ran (orphan goldens are looked for there) */
  int noperands;
  const char *data_path;      /* --data FILE, or NULL */
  const data_overrides *data; /* its overrides, under each scenario's own `data:` */
  int edition;                /* --edition: a wolves_edition for the scenarios naming none (0: default) */
  int stderr_is_stdout;       /* both streams are one file (a terminal): bad input once */
  int verdicts;               /* compare only each action's verdict and refusing clause */
} runner_opts;

/* Runs the scenarios of files (those of the shard) and reports each in the
 * order of files as soon as it and those before it are judged, whatever
 * jobs is.  test (orphans set) then warns about goldens under its
 * operands that no scenario has, or removes them (prune).  Returns the exit status: 0 all passed,
 * 1 some failed, 2 some had bad input or a file could not be written. */
int runner_run(const path_list *files, const runner_opts *o);

/* Parses the values of --jobs and --shard into o (NULL: the defaults, 1
 * job, one shard); 0, or 2 after reporting a usage error. */
int runner_parse(runner_opts *o, const char *jobs, const char *shard);

#endif
