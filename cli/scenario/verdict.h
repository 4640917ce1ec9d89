/* verdict.h - a scenario's action judged again with every check logged,
 * for the lines of `check` and `test`: why it was refused, with the
 * numbers the engine compared (numbers.h), and what was legal instead
 * (instead.h); or, for a refusal expect.refused names that did not come,
 * what the clause measured when it allowed the action. */
#ifndef CLI_VERDICT_H
#define CLI_VERDICT_H

#include "doc.h"
#include "scenario/scenario.h"
#include "strbuf.h"

#define VERDICT_LABELS 3 /* alternatives a line names */

/* Action (1-based) of sc, after scenario_run, was refused by clause:
 * appends ": WHY; legal instead: A, B and N more" to sb and returns the
 * object {clause, measured, limit, because, path, legal_instead} in d
 * (numbers_write, instead_write); NULL (nothing appended) when the
 * position before it was not kept. */
doc_node *verdict_refused(const scenario *sc, unsigned action, int clause, strbuf *sb, doc *d);

/* Action of sc was not refused by clause, which expect.refused names:
 * appends "; CLAUSE allowed it: NUMBERS" (or "; it was refused first by
 * X", "; CLAUSE was not checked") to sb and returns {clause, verdict
 * (allowed, refused first, not checked), measured, limit} in d; NULL
 * when the position before it was not kept. */
doc_node *verdict_not_refused(const scenario *sc, unsigned action, int clause, strbuf *sb, doc *d);

#endif
