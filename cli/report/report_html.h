/* report_html.h - `wolves check|test --html FILE`: the run as one
 * self-contained HTML page (inline CSS and SVG, no script, nothing fetched):
 * a summary, then each failing scenario with its differences (expected
 * beside got) and its position before and after, every clause ID a link to
 * an appendix with the clause's text, section, editions, ruling and
 * readings.  The page depends only on the verdicts, in the order of the
 * files: the same whatever --jobs is. */
#ifndef CLI_REPORT_HTML_H
#define CLI_REPORT_HTML_H

#include <stddef.h>

#include "doc.h"
#include "scenario/scenario.h"

/* A failing scenario's section, made on the thread that judged it (it
 * draws the pictures): sc after its run, start the position before it,
 * diffs its differences ([{path, kind, expected, got}] or NULL), number
 * its place in the run (for unique ids in the page). */
typedef struct html_case html_case;
html_case *html_case_make(const scenario *sc, const wolves_state *start, const doc_node *diffs,
                          size_t number);
void html_case_free(html_case *c);

typedef struct html_page html_page;
/* An empty page for `wolves CMD OPERAND...`. */
html_page *html_page_new(const char *cmd, char *const *operands, int noperands, const char *data);
/* Adds one verdict, in the run's order: outcome 0 passed, 1 failed, 2 bad
 * input (details: its error line); c (taken, may be NULL) the failing
 * scenario's section. */
void html_page_add(html_page *p, const char *path, int outcome, const char *details, html_case *c);
/* Writes the page to path as --junit writes (golden_save: atomically,
 * the error on stderr), or to standard output for "-"; 0, or -1.  Frees p. */
int html_page_write(html_page *p, const char *path);

#endif
