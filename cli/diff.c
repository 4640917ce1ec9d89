/* diff.c - see diff.h. */
#include "diff.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "json.h"

#define VALUE_MAX 60

void diff_line(diff_report *r, const char *fmt, ...) {
  r->total++;
  if (r->lines >= r->max_lines) return;
  char buf[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  sb_puts(&r->out, buf);
  sb_putc(&r->out, '\n');
  r->lines++;
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
      diff_line(r, "%s: missing", sub);
  }
  for (const doc_node *g = got->first; g; g = g->next)
    if (!doc_get(want, g->key)) {
      child_path(sub, sizeof sub, path, g->key);
      render(v, sizeof v, g);
      diff_line(r, "%s: unexpected, got %s", sub, v);
    }
}

static void diff_seqs(diff_report *r, const char *path, const doc_node *want, const doc_node *got) {
  char sub[512];
  if (want->count != got->count)
    diff_line(r, "%s: expected %zu items, got %zu", path, want->count, got->count);
  size_t i = 0;
  for (const doc_node *w = want->first, *g = got->first; w && g; w = w->next, g = g->next, i++) {
    snprintf(sub, sizeof sub, "%s[%zu]", path, i);
    diff_docs(r, sub, w, g);
  }
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
    diff_line(r, "%s: expected %s, got %s", *path ? path : "(document)", a, b);
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
