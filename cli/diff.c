/* diff.c - see diff.h. */
#include "diff.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "json.h"

#define VALUE_MAX 60
/* Lists whose differing middles would need a larger table than this are
 * compared position by position instead (a play game's thousands of
 * events, all different). */
#define LCS_MAX_CELLS (4u << 20)

void diff_init(diff_report *r, int max_lines) {
  memset(r, 0, sizeof *r);
  r->max_lines = max_lines;
  doc_init(&r->items, "differences");
}

void diff_free(diff_report *r) {
  doc_free(&r->items);
  r->list = NULL;
}

static void add_line(diff_report *r, const char *fmt, va_list ap) {
  r->total++;
  if (r->lines >= r->max_lines) return;
  char buf[1024];
  vsnprintf(buf, sizeof buf, fmt, ap);
  sb_puts(&r->out, buf);
  sb_putc(&r->out, '\n');
  r->lines++;
}

static void add_object(diff_report *r, const char *path, const char *kind, doc_node *want, doc_node *got) {
  doc *d = &r->items;
  if (r->list == NULL) r->list = doc_seq(d);
  doc_node *m = doc_map(d);
  doc_put(d, m, "path", doc_str(d, path));
  doc_put(d, m, "kind", doc_str(d, kind));
  doc_put(d, m, "expected", want ? want : doc_new(d, DOC_NULL));
  doc_put(d, m, "got", got ? got : doc_new(d, DOC_NULL));
  doc_push(r->list, m);
}

void diff_add(diff_report *r, const char *path, const char *kind, const doc_node *want, const doc_node *got,
              const char *fmt, ...) {
  add_object(r, path, kind, want ? doc_copy(&r->items, want) : NULL, got ? doc_copy(&r->items, got) : NULL);
  va_list ap;
  va_start(ap, fmt);
  add_line(r, fmt, ap);
  va_end(ap);
}

const doc_node *diff_str(diff_report *r, const char *s) { return s ? doc_str(&r->items, s) : NULL; }

const char *diff_name(diff_report *r, const char *s) {
  strbuf sb = {0};
  err_escape(&sb, s, strlen(s), NULL);
  const char *shown = doc_strdup(&r->items, sb.buf, sb.len);
  sb_free(&sb);
  return shown;
}

static void render(char *buf, size_t n, const doc_node *v) {
  strbuf sb = {0};
  json_inline(&sb, v, VALUE_MAX);
  snprintf(buf, n, "%s", sb.buf ? sb.buf : "");
  sb_free(&sb);
}

static void child_path(char *buf, size_t n, const char *path, const char *key) {
  snprintf(buf, n, "%s%s%s", path, *path ? "." : "", key);
}

static void diff_maps(diff_report *r, const char *path, const doc_node *want, const doc_node *got) {
  char sub[512], v[128];
  for (const doc_node *w = want->first; w; w = w->next) {
    child_path(sub, sizeof sub, path, w->key);
    const doc_node *g = doc_get(got, w->key);
    if (g)
      diff_docs(r, sub, w, g);
    else
      diff_add(r, sub, "missing", w, NULL, "%s: missing", diff_name(r, sub));
  }
  for (const doc_node *g = got->first; g; g = g->next)
    if (!doc_get(want, g->key)) {
      child_path(sub, sizeof sub, path, g->key);
      render(v, sizeof v, g);
      diff_add(r, sub, "unexpected", NULL, g, "%s: unexpected, got %s", diff_name(r, sub), v);
    }
}

/* ---- lists, aligned ---- */

static const doc_node **items(const doc_node *seq) {
  const doc_node **a = xmalloc((seq->count + 1) * sizeof *a);
  size_t i = 0;
  for (const doc_node *c = seq->first; c; c = c->next) a[i++] = c;
  return a;
}

/* A run of items of want (w[0..nw)) and got (g[0..ng)) with no common
 * item between them, at indexes wi and gi: pairs are compared item by
 * item (a changed event reads as its changed fields), the rest of the
 * longer side is deleted or inserted. */
static void diff_gap(diff_report *r, const char *path, const doc_node **w, size_t nw, size_t wi,
                     const doc_node **g, size_t ng, size_t gi) {
  char sub[512], v[128];
  const size_t pairs = nw < ng ? nw : ng;
  for (size_t k = 0; k < pairs; k++) {
    snprintf(sub, sizeof sub, "%s[%zu]", path, gi + k);
    diff_docs(r, sub, w[k], g[k]);
  }
  for (size_t k = pairs; k < nw; k++) {
    snprintf(sub, sizeof sub, "%s[%zu]", path, wi + k);
    render(v, sizeof v, w[k]);
    diff_add(r, sub, "deleted", w[k], NULL, "deleted at %s: %s", diff_name(r, sub), v);
  }
  for (size_t k = pairs; k < ng; k++) {
    snprintf(sub, sizeof sub, "%s[%zu]", path, gi + k);
    render(v, sizeof v, g[k]);
    diff_add(r, sub, "inserted", NULL, g[k], "inserted at %s: %s", diff_name(r, sub), v);
  }
}

/* Items the alignment takes for the same: equal, but for the "action" of
 * two events (the number of the action that caused it), which shifts for
 * every event after an inserted or removed action. */
static int same_item(const doc_node *a, const doc_node *b) {
  if (a->kind != DOC_MAP || b->kind != DOC_MAP) return doc_equal(a, b);
  size_t na = 0, nb = 0;
  for (const doc_node *x = a->first; x; x = x->next) {
    if (strcmp(x->key, "action") == 0) continue;
    const doc_node *y = doc_get(b, x->key);
    if (!y || !doc_equal(x, y)) return 0;
    na++;
  }
  for (const doc_node *y = b->first; y; y = y->next) nb += strcmp(y->key, "action") != 0;
  return na == nb;
}

/* A gap of the alignment: nw items of want at wi and ng of got at gi,
 * between two common items. */
typedef struct {
  size_t wi, nw, gi, ng;
} step;

static void push_step(step **steps, size_t *n, step s) {
  if (s.nw == 0 && s.ng == 0) return;
  *steps = xrealloc(*steps, (*n + 1) * sizeof **steps);
  (*steps)[(*n)++] = s;
}

/* The alignment of want[lo..m) with got[lo..n) by a longest common
 * subsequence (the classic table, on what is left once the common ends
 * are cut off), as its gaps; a middle too large for the table is one gap. */
static size_t align(const doc_node **w, size_t m, const doc_node **g, size_t n, size_t lo, step **steps) {
  const size_t rows = m - lo, cols = n - lo;
  size_t nsteps = 0, i = 0, j = 0, gi = 0, gj = 0; /* gi, gj: start of the current gap */
  if (rows && cols && (rows + 1) * (cols + 1) <= LCS_MAX_CELLS) {
    /* len[i][j]: LCS of w[lo+i..m) and g[lo+j..n) */
    unsigned *len = xmalloc((rows + 1) * (cols + 1) * sizeof *len);
#define LEN(i, j) len[(i) * (cols + 1) + (j)]
    for (size_t a = rows + 1; a-- > 0;)
      for (size_t b = cols + 1; b-- > 0;)
        if (a == rows || b == cols)
          LEN(a, b) = 0;
        else if (same_item(w[lo + a], g[lo + b]))
          LEN(a, b) = LEN(a + 1, b + 1) + 1;
        else
          LEN(a, b) = LEN(a + 1, b) > LEN(a, b + 1) ? LEN(a + 1, b) : LEN(a, b + 1);
    while (i < rows && j < cols) {
      if (same_item(w[lo + i], g[lo + j]) && LEN(i, j) == LEN(i + 1, j + 1) + 1) {
        push_step(steps, &nsteps, (step){lo + gi, i - gi, lo + gj, j - gj});
        gi = ++i;
        gj = ++j;
      } else if (LEN(i, j + 1) >= LEN(i + 1, j)) {
        j++;
      } else {
        i++;
      }
    }
#undef LEN
    free(len);
  }
  push_step(steps, &nsteps, (step){lo + gi, rows - gi, lo + gj, cols - gj});
  return nsteps;
}

/* Lists: the common ends and the common items of the middle match and the
 * gaps between them are diff_gap's; matched items that differ only in
 * their "action" are not reported, the inserted or deleted items explain
 * it.  Lists of the same length are compared item by item instead when
 * that finds no more differences (items changed in place: a player's
 * tiles). */
/* The gaps of an alignment, diff_gap's each. */
static void diff_steps(diff_report *r, const char *path, const doc_node **w, const doc_node **g,
                       const step *steps, size_t nsteps) {
  for (size_t k = 0; k < nsteps; k++)
    diff_gap(r, path, w + steps[k].wi, steps[k].nw, steps[k].wi, g + steps[k].gi, steps[k].ng, steps[k].gi);
}

/* How many differences comparing item by item finds, and the alignment. */
static int lines_each_way(const char *path, const doc_node **w, const doc_node **g, size_t n,
                          const step *steps, size_t nsteps) {
  diff_report in_place, aligned;
  diff_init(&in_place, 0);
  diff_init(&aligned, 0);
  diff_gap(&in_place, path, w, n, 0, g, n, 0);
  diff_steps(&aligned, path, w, g, steps, nsteps);
  const int fewer_in_place = in_place.total <= aligned.total;
  diff_free(&in_place);
  diff_free(&aligned);
  return fewer_in_place;
}

static void diff_seqs(diff_report *r, const char *path, const doc_node *want, const doc_node *got) {
  const doc_node **w = items(want), **g = items(got);
  size_t m = want->count, n = got->count, lo = 0;
  while (lo < m && lo < n && same_item(w[lo], g[lo])) lo++;
  while (m > lo && n > lo && same_item(w[m - 1], g[n - 1])) m--, n--;
  step *steps = NULL;
  const size_t nsteps = align(w, m, g, n, lo, &steps);
  if (want->count == got->count && lines_each_way(path, w, g, want->count, steps, nsteps))
    diff_gap(r, path, w, want->count, 0, g, got->count, 0); /* items changed in place (a player's tiles) */
  else
    diff_steps(r, path, w, g, steps, nsteps);
  free(steps);
  free(w);
  free(g);
}

int diff_docs(diff_report *r, const char *path, const doc_node *want, const doc_node *got) {
  const int before = r->total;
  if (want->kind == got->kind && want->kind == DOC_MAP) {
    diff_maps(r, path, want, got);
  } else if (want->kind == got->kind && want->kind == DOC_SEQ) {
    diff_seqs(r, path, want, got);
  } else if (!doc_equal(want, got)) {
    char a[128], b[128];
    render(a, sizeof a, want);
    render(b, sizeof b, got);
    const char *where = *path ? path : "(document)";
    diff_add(r, where, "changed", want, got, "%s: expected %s, got %s", diff_name(r, where), a, b);
  }
  return r->total - before;
}

void diff_finish(diff_report *r) {
  if (r->total > r->lines) {
    char buf[64];
    snprintf(buf, sizeof buf, "... and %d more differences", r->total - r->lines);
    sb_puts(&r->out, buf);
    sb_putc(&r->out, '\n');
  }
}
