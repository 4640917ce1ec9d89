/* diff.h - differences between an expected and an actual document, by
 * JSON path: "players.rocky.attributes.wolf_speed: expected 4, got 3".
 * Lists are aligned on their longest common subsequence, so one event
 * inserted before the others is one difference ("inserted at events[0]:
 * ..."), not one per later event.  Each difference is kept twice: as a
 * line of text (capped) and as an object {path, kind, expected, got} for
 * the JSON report (all of them). */
#ifndef CLI_DIFF_H
#define CLI_DIFF_H

#include "doc.h"
#include "strbuf.h"

typedef struct {
  strbuf out;     /* lines, each ending in '\n' */
  int lines;      /* lines written */
  int max_lines;  /* cap; differences past it are only counted */
  int total;      /* differences found */
  doc items;      /* arena of list */
  doc_node *list; /* [{path, kind, expected, got}], NULL until the first */
} diff_report;

void diff_init(diff_report *r, int max_lines);
/* Frees the objects (not out, which the caller may keep). */
void diff_free(diff_report *r);

/* Records one difference: the object {path, kind, expected, got} (want
 * and got copied; NULL is null) and the line fmt. */
void diff_add(diff_report *r, const char *path, const char *kind, const doc_node *want, const doc_node *got,
              const char *fmt, ...) CLI_PRINTF(6, 7);
/* A string as an expected or got value for diff_add (NULL for NULL). */
const doc_node *diff_str(diff_report *r, const char *s);
/* Text from input (a path of keys, a file name, a message quoting one) as
 * a line of the report shows it: escaped (err_escape), so one difference
 * is one line; kept as long as r's objects.  The objects keep the raw
 * text (JSON escapes it). */
const char *diff_name(diff_report *r, const char *s);
/* Compares want with got under path; returns the number of differences. */
int diff_docs(diff_report *r, const char *path, const doc_node *want, const doc_node *got);
/* Adds "... and N more" if the cap hid some lines. */
void diff_finish(diff_report *r);

#endif
