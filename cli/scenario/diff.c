/* diff.c - see diff.h. */
#include "scenario/diff.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/err.h"
#include "json.h"

#define VALUE_MAX 60
/* Lists whose differing middles would need a larger table than this are
 * compared position by position instead (a play game's thousands of
 * events, all different). */
#define LCS_MAX_CELLS (4u << 20)

struct diff_entry {
  doc_node *obj;    /* in r->list */
  unsigned sources; /* DIFF_* */
  char *text;       /* the line without its sources; NULL past the cap */
  int golden_line;  /* where the golden has it (DIFF_GOLDEN), 0 if unknown */
};

void diff_init(diff_report *r, int max_lines) {
  memset(r, 0, sizeof *r);
  r->max_lines = max_lines;
  doc_init(&r->items, "differences");
}

void diff_free(diff_report *r) {
  for (size_t i = 0; i < r->nentries; i++) free(r->entries[i].text);
  free(r->entries);
  r->entries = NULL;
  r->nentries = 0;
  doc_free(&r->items);
  r->list = NULL;
}

void diff_source(diff_report *r, unsigned source) {
  r->source = source;
  r->first_of_source = r->nentries;
}

static const char *const source_names[] = {"clauses", "expect.refused", "expect.state", "golden"};
#define NSOURCES (sizeof source_names / sizeof *source_names)

/* The entry of an earlier source with the same object (path, kind,
 * expected, got), or NULL. */
static diff_entry *same_difference(diff_report *r, const doc_node *m) {
  for (size_t i = 0; i < r->first_of_source; i++) {
    const doc_node *o = r->entries[i].obj;
    int same = 1;
    for (const char *const *k = (const char *const[]){"path", "kind", "expected", "got", NULL}; *k && same;
         k++)
      same = doc_equal(doc_get(o, *k), doc_get(m, *k));
    if (same) return &r->entries[i];
  }
  return NULL;
}

static void add_source(diff_report *r, diff_entry *x, unsigned source) {
  x->sources |= source;
  doc_node *list = (doc_node *)doc_get(x->obj, "sources");
  for (size_t b = 0; b < NSOURCES; b++)
    if (source & (1u << b)) doc_push(list, doc_str(&r->items, source_names[b]));
}

static void add(diff_report *r, const doc_node *where, const char *path, const char *kind,
                const doc_node *want, const doc_node *got, const char *fmt, va_list ap) {
  doc *d = &r->items;
  doc_node *m = doc_map(d);
  const int line = where && where->line > 0 ? where->line : 0;
  const int golden_line = r->source & DIFF_GOLDEN ? line : 0;
  doc_put(d, m, "path", doc_str(d, path));
  doc_put(d, m, "kind", doc_str(d, kind));
  doc_put(d, m, "expected", want ? doc_copy(d, want) : doc_new(d, DOC_NULL));
  doc_put(d, m, "got", got ? doc_copy(d, got) : doc_new(d, DOC_NULL));
  r->found++;
  diff_entry *same = r->source ? same_difference(r, m) : NULL;
  r->last = same ? NULL : m;
  if (same) { /* (m stays unused in the arena) */
    add_source(r, same, r->source & ~(unsigned)DIFF_NAMED);
    if (golden_line && !same->golden_line) same->golden_line = golden_line;
    return;
  }
  doc_put(d, m, "sources", doc_seq(d));
  if (line) { /* where the expectation is written: a person's next stop */
    doc_put(d, m, "file", doc_str(d, where->file ? where->file : "-"));
    doc_put(d, m, "line", doc_int(d, line));
  }
  if (r->list == NULL) r->list = doc_seq(d);
  doc_push(r->list, m);
  r->entries = xrealloc(r->entries, (r->nentries + 1) * sizeof *r->entries);
  diff_entry *x = &r->entries[r->nentries++];
  *x = (diff_entry){m, r->source & DIFF_NAMED, NULL, golden_line};
  add_source(r, x, r->source & ~(unsigned)DIFF_NAMED);
  r->total++;
  if (r->total > r->max_lines) return; /* counted only */
  va_list again;
  va_copy(again, ap);
  const int n = vsnprintf(NULL, 0, fmt, ap);
  x->text = xmalloc(n > 0 ? (size_t)n + 1 : 1);
  vsnprintf(x->text, n > 0 ? (size_t)n + 1 : 1, fmt, again);
  va_end(again);
}

void diff_add(diff_report *r, const char *path, const char *kind, const doc_node *want, const doc_node *got,
              const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  add(r, want, path, kind, want, got, fmt, ap);
  va_end(ap);
}

void diff_add_at(diff_report *r, const doc_node *where, const char *path, const char *kind,
                 const doc_node *want, const doc_node *got, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  add(r, where, path, kind, want, got, fmt, ap);
  va_end(ap);
}

void diff_detail(diff_report *r, const char *key, const doc_node *v) {
  if (r->last && v) doc_put(&r->items, r->last, key, doc_copy(&r->items, v));
}

const doc_node *diff_str(diff_report *r, const char *s) { return s ? doc_str(&r->items, s) : NULL; }

const char *diff_name(diff_report *r, const char *s) {
  strbuf sb = {0};
  err_escape(&sb, s, strlen(s), NULL);
  const char *shown = doc_strdup(&r->items, sb.buf, sb.len);
  sb_free(&sb);
  return shown;
}

/* A value as a line shows it: cut at VALUE_MAX characters, or whole. */
static char *render(const doc_node *v, size_t max) {
  strbuf sb = {0};
  json_inline(&sb, v, max);
  if (sb.buf == NULL) sb_puts(&sb, "");
  return sb.buf;
}

static void child_path(char *buf, size_t n, const char *path, const char *key) {
  snprintf(buf, n, "%s%s%s", path, *path ? "." : "", key);
}

/* A list item's name, when it has one: an event's kind ("hunt"), else its
 * "name" or "id". */
static const char *item_name(const doc_node *item) {
  if (item->kind != DOC_MAP) return NULL;
  for (const char *const *k = (const char *const[]){"event", "name", "id", NULL}; *k; k++) {
    const doc_node *v = doc_get(item, *k);
    if (v && v->kind == DOC_STR) return v->str;
  }
  return NULL;
}

/* Compares want with got at path (the objects' path) shown as shown (the
 * lines' path: list items named). */
static void diff_at(diff_report *r, const char *path, const char *shown, const doc_node *want,
                    const doc_node *got);

/* Where an entry g of got that want lacks would be in want: at the next
 * entry after it that want has (it goes before that line), else at want's
 * last entry, else at want itself. */
static const doc_node *place(const doc_node *want, const doc_node *g) {
  for (const doc_node *n = g->next; n; n = n->next)
    if (doc_get(want, n->key)) return doc_get(want, n->key);
  return want->last ? want->last : want;
}

static void diff_maps(diff_report *r, const char *path, const char *shown, const doc_node *want,
                      const doc_node *got) {
  char sub[512], show[768];
  for (const doc_node *w = want->first; w; w = w->next) {
    child_path(sub, sizeof sub, path, w->key);
    child_path(show, sizeof show, shown, w->key);
    const doc_node *g = doc_get(got, w->key);
    if (g)
      diff_at(r, sub, show, w, g);
    else
      diff_add(r, sub, "missing", w, NULL, "%s: missing", diff_name(r, show));
  }
  for (const doc_node *g = got->first; g; g = g->next)
    if (!doc_get(want, g->key)) {
      child_path(sub, sizeof sub, path, g->key);
      child_path(show, sizeof show, shown, g->key);
      char *v = render(g, VALUE_MAX);
      diff_add_at(r, place(want, g), sub, "unexpected", NULL, g, "%s: unexpected, got %s", diff_name(r, show),
                  v);
      free(v);
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
static void diff_gap(diff_report *r, const char *path, const char *shown, const doc_node *list,
                     const doc_node **w, size_t nw, size_t wi, const doc_node **g, size_t ng, size_t gi) {
  /* an inserted item is placed, in the expected document, at the item
   * before it (list: the list, when it has none) */
  const doc_node *const before = nw ? w[nw - 1] : wi ? w[-1] : list;
  char sub[512], show[768];
  const size_t pairs = nw < ng ? nw : ng;
  for (size_t k = 0; k < pairs; k++) {
    const char *name = item_name(g[k]);
    snprintf(sub, sizeof sub, "%s[%zu]", path, gi + k);
    snprintf(show, sizeof show, "%s[%zu]%s%s%s", shown, gi + k, name ? " (" : "", name ? name : "",
             name ? ")" : "");
    diff_at(r, sub, show, w[k], g[k]);
  }
  /* (an item inserted or deleted is shown whole) */
  for (size_t k = pairs; k < nw; k++) {
    snprintf(sub, sizeof sub, "%s[%zu]", path, wi + k);
    snprintf(show, sizeof show, "%s[%zu]", shown, wi + k);
    char *v = render(w[k], (size_t)-1);
    diff_add(r, sub, "deleted", w[k], NULL, "deleted at %s: %s", diff_name(r, show), v);
    free(v);
  }
  for (size_t k = pairs; k < ng; k++) {
    snprintf(sub, sizeof sub, "%s[%zu]", path, gi + k);
    snprintf(show, sizeof show, "%s[%zu]", shown, gi + k);
    char *v = render(g[k], (size_t)-1);
    diff_add_at(r, before, sub, "inserted", NULL, g[k], "inserted at %s: %s", diff_name(r, show), v);
    free(v);
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
static void diff_steps(diff_report *r, const char *path, const char *shown, const doc_node *list,
                       const doc_node **w, const doc_node **g, const step *steps, size_t nsteps) {
  for (size_t k = 0; k < nsteps; k++)
    diff_gap(r, path, shown, list, w + steps[k].wi, steps[k].nw, steps[k].wi, g + steps[k].gi, steps[k].ng,
             steps[k].gi);
}

/* How many differences comparing item by item finds, and the alignment. */
static int lines_each_way(const char *path, const doc_node **w, const doc_node **g, size_t n,
                          const step *steps, size_t nsteps) {
  diff_report in_place, aligned;
  diff_init(&in_place, 0);
  diff_init(&aligned, 0);
  diff_gap(&in_place, path, path, NULL, w, n, 0, g, n, 0);
  diff_steps(&aligned, path, path, NULL, w, g, steps, nsteps);
  const int fewer_in_place = in_place.total <= aligned.total;
  diff_free(&in_place);
  diff_free(&aligned);
  return fewer_in_place;
}

static void diff_seqs(diff_report *r, const char *path, const char *shown, const doc_node *want,
                      const doc_node *got) {
  const doc_node **w = items(want), **g = items(got);
  size_t m = want->count, n = got->count, lo = 0;
  while (lo < m && lo < n && same_item(w[lo], g[lo])) lo++;
  while (m > lo && n > lo && same_item(w[m - 1], g[n - 1])) m--, n--;
  step *steps = NULL;
  const size_t nsteps = align(w, m, g, n, lo, &steps);
  if (want->count == got->count && lines_each_way(path, w, g, want->count, steps, nsteps))
    diff_gap(r, path, shown, want, w, want->count, 0, g, got->count,
             0); /* items changed in place (a player's tiles) */
  else
    diff_steps(r, path, shown, want, w, g, steps, nsteps);
  free(steps);
  free(w);
  free(g);
}

static void diff_at(diff_report *r, const char *path, const char *shown, const doc_node *want,
                    const doc_node *got) {
  if (want->kind == got->kind && want->kind == DOC_MAP) {
    diff_maps(r, path, shown, want, got);
  } else if (want->kind == got->kind && want->kind == DOC_SEQ) {
    diff_seqs(r, path, shown, want, got);
  } else if (!doc_equal(want, got)) {
    char *a = render(want, VALUE_MAX), *b = render(got, VALUE_MAX);
    diff_add(r, *path ? path : "(document)", "changed", want, got, "%s: expected %s, got %s",
             diff_name(r, *shown ? shown : "(document)"), a, b);
    free(a);
    free(b);
  }
}

int diff_docs(diff_report *r, const char *path, const doc_node *want, const doc_node *got) {
  return diff_docs_shown(r, path, path, want, got);
}

int diff_docs_shown(diff_report *r, const char *path, const char *shown, const doc_node *want,
                    const doc_node *got) {
  if (doc_equal(want, got)) return 0; /* (the usual answer, found without building a path per node) */
  const int before = r->found;
  diff_at(r, path, shown, want, got);
  return r->found - before;
}

/* As doc_path walks a path: list indexes as "[N]" (named when shown), map
 * keys after a '.'; what does not resolve is copied as it is. */
char *diff_path(const doc_node *root, const char *path, int shown) {
  strbuf sb = {0};
  const doc_node *n = root;
  const char *p = path;
  while (n && *p) {
    while (*p == '.') p++;
    if (*p == '\0') break;
    const char *end;
    unsigned long i;
    const doc_node *const c = doc_child_at(n, p, &end, &i);
    if (c == NULL) break;
    if (n->kind == DOC_SEQ) {
      const char *name = shown ? item_name(c) : NULL;
      sb_printf(&sb, "[%lu]", i);
      if (name) sb_printf(&sb, " (%s)", name);
    } else {
      sb_printf(&sb, "%s%s", sb.len ? "." : "", c->key);
    }
    n = c;
    p = end;
  }
  if (*p) sb_printf(&sb, "%s%s", sb.len && *p != '.' && *p != '[' ? "." : "", p);
  if (sb.buf == NULL) sb_puts(&sb, "");
  return sb.buf;
}

void diff_finish(diff_report *r) {
  for (size_t i = 0; i < r->nentries && r->entries[i].text; i++) {
    const diff_entry *x = &r->entries[i];
    sb_puts(&r->out, x->text);
    if (x->sources & ~(unsigned)DIFF_NAMED && !(x->sources & DIFF_NAMED)) {
      const char *sep = " (";
      for (size_t b = 0; b < NSOURCES; b++) {
        if (!(x->sources & (1u << b))) continue;
        sb_printf(&r->out, "%s%s%s", sep, 1u << b == DIFF_GOLDEN ? "golden file " : source_names[b],
                  1u << b == DIFF_GOLDEN ? (r->golden ? r->golden : "") : "");
        if (1u << b == DIFF_GOLDEN && x->golden_line) sb_printf(&r->out, ":%d", x->golden_line);
        sep = ", ";
      }
      sb_putc(&r->out, ')');
    }
    sb_putc(&r->out, '\n');
    r->lines++;
  }
  if (r->total > r->lines)
    sb_printf(&r->out, "... and %d more difference%s\n", r->total - r->lines,
              r->total - r->lines == 1 ? "" : "s");
}
