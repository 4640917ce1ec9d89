/* diff.h - differences between an expected and an actual document, by
 * JSON path: "players.rocky.attributes.wolf_speed: expected 4, got 3".
 * Lists are aligned on their longest common subsequence, so one event
 * inserted before the others is one difference ("inserted at events[0]:
 * {...}", the item whole), not one per later event; a path into a list's
 * item names it when it has a name ("events[2] (hunt).value").  Each
 * difference is kept twice: as a line of text (capped) and as an object
 * {path, kind, expected, got, sources} for the JSON report (all of them).
 *
 * Each difference records its source (r->source when it was added): the
 * line ends with it in parentheses, "(expect.state)", "(golden file
 * golden/a.json)", unless the text names it already.  The same difference
 * (path, kind, expected and got) found again from another source is not
 * a second line: the first one names both sources. */
#ifndef CLI_DIFF_H
#define CLI_DIFF_H

#include "doc.h"
#include "strbuf.h"

/* Where a difference comes from (bits of diff_entry.sources). */
enum {
  DIFF_CLAUSES = 1,  /* the `clauses:` claims */
  DIFF_REFUSED = 2,  /* expect.refused */
  DIFF_STATE = 4,    /* expect.state */
  DIFF_GOLDEN = 8,   /* the golden file (r->golden) */
  DIFF_NAMED = 0x100 /* with a source: its text names it already (no suffix) */
};

typedef struct diff_entry diff_entry;

typedef struct {
  strbuf out;         /* lines, each ending in '\n' (diff_finish) */
  int lines;          /* lines written */
  int max_lines;      /* cap; differences past it are only counted */
  int total;          /* differences found (one per line, before the cap) */
  int found;          /* differences found, the same one from two sources twice */
  doc items;          /* arena of list */
  doc_node *list;     /* [{path, kind, expected, got, sources}], NULL until the first */
  doc_node *last;     /* in list: the one diff_add added last, NULL when it was found before */
  unsigned source;    /* DIFF_*: the source of what diff_add adds now */
  const char *golden; /* the golden file's name as lines show it (DIFF_GOLDEN) */
  diff_entry *entries;
  size_t nentries, first_of_source; /* entries before first_of_source: earlier sources */
} diff_report;

void diff_init(diff_report *r, int max_lines);
/* Frees the objects (not out, which the caller may keep). */
void diff_free(diff_report *r);

/* Records one difference from r->source: the object {path, kind,
 * expected, got, sources} (want and got copied; NULL is null) and the
 * line fmt; or, when an earlier source found the same, that source's
 * line names this one too. */
void diff_add(diff_report *r, const char *path, const char *kind, const doc_node *want, const doc_node *got,
              const char *fmt, ...) CLI_PRINTF(6, 7);
/* Adds entry key (v copied) to the object of the difference diff_add
 * added last (nothing when it was one found before, from another source):
 * what the line says besides expected and got (a refusal's numbers). */
void diff_detail(diff_report *r, const char *key, const doc_node *v);
/* diff_add at where: the node (with its file and line) where the
 * expectation is written; diff_add's is want (a golden's or expect.state's
 * node).  The object gets {file, line} when it has a line, and a golden
 * difference's line ends with the golden's "FILE:LINE". */
void diff_add_at(diff_report *r, const doc_node *where, const char *path, const char *kind,
                 const doc_node *want, const doc_node *got, const char *fmt, ...) CLI_PRINTF(7, 8);
/* A string as an expected or got value for diff_add (NULL for NULL). */
const doc_node *diff_str(diff_report *r, const char *s);
/* Text from input (a path of keys, a file name, a message quoting one) as
 * a line of the report shows it: escaped (err_escape), so one difference
 * is one line; kept as long as r's objects.  The objects keep the raw
 * text (JSON escapes it). */
const char *diff_name(diff_report *r, const char *s);
/* Compares want with got under path; returns the number of differences
 * (the same one from two sources twice). */
int diff_docs(diff_report *r, const char *path, const doc_node *want, const doc_node *got);
/* The same, the lines showing the path as shown (diff_path's). */
int diff_docs_shown(diff_report *r, const char *path, const char *shown, const doc_node *want,
                    const doc_node *got);
/* A path into root as a user writes it ("events.2.value", doc_path) as
 * the differences give it: "events[2].value", and with shown set
 * "events[2] (hunt).value"; the part that does not resolve in root as it
 * is.  Release with free. */
char *diff_path(const doc_node *root, const char *path, int shown);
/* Sets the source of what is added next (DIFF_*, with DIFF_NAMED when
 * its lines name it). */
void diff_source(diff_report *r, unsigned source);
/* Writes the lines into r->out, each with its sources, then "... and N
 * more" if the cap hid some. */
void diff_finish(diff_report *r);

#endif
