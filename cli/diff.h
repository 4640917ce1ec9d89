/* diff.h - differences between an expected and an actual document, by
 * JSON path: "players.rocky.attributes.wolf_speed: expected 4, got 3". */
#ifndef CLI_DIFF_H
#define CLI_DIFF_H

#include "doc.h"
#include "strbuf.h"

typedef struct {
  strbuf out;    /* lines, each ending in '\n' */
  int lines;     /* lines written */
  int max_lines; /* cap; differences past it are only counted */
  int total;     /* differences found */
} diff_report;

/* Appends one line (counted against the cap). */
void diff_line(diff_report *r, const char *fmt, ...) CLI_PRINTF(2, 3);
/* Compares want with got under path; returns the number of differences. */
int diff_docs(diff_report *r, const char *path, const doc_node *want, const doc_node *got);
/* Adds "... and N more" if the cap hid some lines. */
void diff_finish(diff_report *r);

#endif
