/* expect.h - judging a scenario that ran: its golden file, the refusals
 * it lists, and its focused assertions (expect.state). */
#ifndef CLI_EXPECT_H
#define CLI_EXPECT_H

#include "scenario/diff.h"
#include "scenario/scenario.h"

/* Appends one line per failed expectation to r; golden == NULL skips the
 * golden comparison.  Returns the number of failures. */
int expect_check(const scenario *sc, const char *golden, diff_report *r);
/* The golden comparison alone (--bless: what a golden's update changes). */
int expect_golden(const scenario *sc, const char *golden, diff_report *r);
/* `test --verdicts` (a house rule's run): each action's verdict and
 * refusing clause against expect.refused and against the golden's refuse
 * events (history carried in by `events:` left out), nothing else: no
 * expect.state, no `clauses:` claim, no other part of the golden. */
int expect_check_verdicts(const scenario *sc, const char *golden, diff_report *r);

#endif
