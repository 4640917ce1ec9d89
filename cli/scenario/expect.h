/* expect.h - judging a scenario that ran: its golden file, the refusals
 * it lists, and its focused assertions (expect.state). */
#ifndef CLI_EXPECT_H
#define CLI_EXPECT_H

#include "scenario/diff.h"
#include "scenario/scenario.h"

/* Appends one line per failed expectation to r; golden == NULL skips the
 * golden comparison.  Returns the number of failures. */
int expect_check(const scenario *sc, const char *golden, diff_report *r);

#endif
