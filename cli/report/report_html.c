/* report_html.c - see report_html.h.  The page is HTML5 written so that it
 * is also well-formed XML (void elements closed, attributes quoted, only
 * the XML escapes): xmllint checks it either way (tests/cli/html.test).
 * Text from input (paths, titles, values) is escaped as every report
 * escapes it (err_escape: printable UTF-8, one line), then HTML-escaped;
 * a clause ID in any text becomes a link to the clause in the appendix. */
#include "report/report_html.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/err.h"
#include "base/output.h"
#include "json.h"
#include "actions_doc.h"
#include "report/explain_svg.h"
#include "report/render.h"
#include "scenario/moves.h"
#include "scenario/golden.h"
#include "strbuf.h"

#define MAX_ROWS 100     /* differences shown per scenario */
#define VALUE_BYTES 2000 /* of one expected or got value */
#define MAX_ACTIONS 60   /* actions listed per scenario */

struct html_case {
  char *raw_title; /* for the list of failures (no links in a link) */
  strbuf title, body;
  unsigned char cited[WOLVES_CLAUSE_COUNT];
};

struct html_page {
  const char *cmd;
  char *const *operands;
  int noperands;
  const char *data; /* --data FILE: the house rule of the run, or NULL */
  int passed, failed, bad;
  strbuf toc, sections, passed_list;
  unsigned char cited[WOLVES_CLAUSE_COUNT];
};

/* ---- text ---- */

/* Printable text (already escaped for a report) as HTML character data or
 * an attribute value. */
static void html_raw(strbuf *sb, const char *s, size_t n) {
  for (size_t i = 0; i < n; i++) {
    const char c = s[i];
    if (c == '&')
      sb_puts(sb, "&amp;");
    else if (c == '<')
      sb_puts(sb, "&lt;");
    else if (c == '>')
      sb_puts(sb, "&gt;");
    else if (c == '"')
      sb_puts(sb, "&quot;");
    else if (c == '\'')
      sb_puts(sb, "&#39;");
    else
      sb_putc(sb, c);
  }
}

static int id_char(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.';
}

/* The clause whose ID starts at s[i] (a whole word: AREA.NAME), or 0; *len
 * its length. */
static int clause_at(const char *s, size_t i, size_t n, size_t *len) {
  if (s[i] < 'A' || s[i] > 'Z' || (i > 0 && (id_char(s[i - 1]) || (s[i - 1] >= 'a' && s[i - 1] <= 'z'))))
    return 0;
  size_t k = i;
  while (k < n && id_char(s[k])) k++;
  while (k > i && s[k - 1] == '.') k--; /* a sentence's full stop */
  if (k < n && s[k] >= 'a' && s[k] <= 'z') return 0;
  char id[64];
  if (k - i >= sizeof id || memchr(s + i, '.', k - i) == NULL) return 0;
  memcpy(id, s + i, k - i);
  id[k - i] = '\0';
  *len = k - i;
  return wolves_clause_find(id);
}

/* Text from input: escaped, HTML-escaped, each clause ID a link to its
 * entry in the appendix (marked in cited; NULL: no links). */
static void html_text(strbuf *sb, const char *s, size_t n, unsigned char *cited) {
  strbuf esc = {0};
  err_escape(&esc, s, n, NULL);
  const char *t = esc.buf ? esc.buf : "";
  size_t from = 0;
  for (size_t i = 0; i < esc.len; i++) {
    size_t len;
    const int c = cited ? clause_at(t, i, esc.len, &len) : 0;
    if (c <= 0) continue;
    html_raw(sb, t + from, i - from);
    sb_puts(sb, "<a class=\"clause\" href=\"#clause-");
    sb_putn(sb, t + i, len);
    sb_puts(sb, "\">");
    sb_putn(sb, t + i, len);
    sb_puts(sb, "</a>");
    cited[c] = 1;
    i += len - 1;
    from = i + 1;
  }
  html_raw(sb, t + from, esc.len - from);
  sb_free(&esc);
}

static void html_str(strbuf *sb, const char *s, unsigned char *cited) { html_text(sb, s, strlen(s), cited); }

/* Marks the clauses s cites; returns how many were new. */
static int cite(const char *s, unsigned char *cited) {
  int added = 0;
  const size_t n = s ? strlen(s) : 0;
  for (size_t i = 0; i < n; i++) {
    size_t len;
    const int c = clause_at(s, i, n, &len);
    if (c <= 0) continue;
    added += !cited[c];
    cited[c] = 1;
    i += len - 1;
  }
  return added;
}

static void link_clause(strbuf *sb, int c, unsigned char *cited) {
  const wolves_clause_info *ci = wolves_clause_get(c);
  if (ci == NULL) {
    sb_printf(sb, "clause %d", c);
    return;
  }
  html_str(sb, ci->id, cited);
}

/* ---- a failing scenario ---- */

/* One expected or got value: a JSON value, or absent (null, but for a
 * value that changed). */
static void value_cell(strbuf *sb, const char *cls, const doc_node *v, int changed, unsigned char *cited) {
  sb_printf(sb, "<td class=\"%s\">", cls);
  if (v == NULL || (v->kind == DOC_NULL && !changed)) {
    sb_puts(sb, "<span class=\"absent\">(none)</span></td>");
    return;
  }
  strbuf j = {0};
  if (v->kind == DOC_STR)
    sb_puts(&j, v->str); /* a message or a clause ID: as it reads */
  else
    json_inline(&j, v, VALUE_BYTES);
  sb_puts(sb, "<pre>");
  html_text(sb, j.buf ? j.buf : "", j.len, cited);
  sb_puts(sb, "</pre></td>");
  sb_free(&j);
}

static void diff_table(strbuf *sb, const doc_node *diffs, unsigned char *cited) {
  const size_t n = diffs ? diffs->count : 0;
  sb_printf(sb, "<h3>Differences (%zu)</h3>\n", n);
  if (n == 0) {
    sb_puts(sb, "<p>None recorded.</p>\n");
    return;
  }
  sb_puts(sb, "<table class=\"diffs\">\n<colgroup><col class=\"where\"/><col class=\"kind\"/>"
              "<col class=\"expected\"/><col class=\"got\"/></colgroup>\n"
              "<thead><tr><th>Where</th><th>What</th><th>Expected</th><th>Got</th></tr></thead>\n<tbody>\n");
  size_t row = 0;
  for (const doc_node *d = diffs->first; d && row < MAX_ROWS; d = d->next, row++) {
    const doc_node *path = doc_get(d, "path"), *kind = doc_get(d, "kind");
    sb_puts(sb, "<tr><td><code>");
    if (path && path->kind == DOC_STR) html_str(sb, path->str[0] ? path->str : "(the whole state)", cited);
    sb_puts(sb, "</code></td><td>");
    if (kind && kind->kind == DOC_STR) html_str(sb, kind->str, NULL);
    sb_puts(sb, "</td>");
    const int changed = kind && kind->kind == DOC_STR && strcmp(kind->str, "changed") == 0;
    value_cell(sb, "expected", doc_get(d, "expected"), changed, cited);
    value_cell(sb, "got", doc_get(d, "got"), changed, cited);
    sb_puts(sb, "</tr>\n");
  }
  sb_puts(sb, "</tbody>\n</table>\n");
  if (n > row)
    sb_printf(sb,
              "<p class=\"more\">... and %zu more (<code>wolves check --format json</code> lists them "
              "all).</p>\n",
              n - row);
}

/* A picture drawn into a buffer (rc 0: drawn) as a figure. */
static void figure_of(strbuf *sb, const char *cls, const char *caption, int rc, char *buf, size_t len) {
  sb_printf(sb, "<figure%s>\n<figcaption>%s</figcaption>\n", cls, caption);
  if (rc == 0 && buf)
    sb_putn(sb, buf, len);
  else
    sb_puts(sb, "<p>(the picture could not be drawn)</p>\n");
  sb_puts(sb, "</figure>\n");
  free(buf);
}

/* The position as an inline SVG picture in a figure. */
static void figure(strbuf *sb, const char *caption, const wolves_game *g, const wolves_state *s,
                   const char *prefix) {
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  const int rc = f ? render_svg_inline(f, g, s, prefix) : -1;
  if (f) fclose(f);
  figure_of(sb, "", caption, rc, buf, len);
}

/* "action 2 (move) MOVE.WOLF_SPEED, ..." */
static void refusals(strbuf *sb, const scenario *sc, const refusal *r, size_t n, unsigned char *cited) {
  for (size_t i = 0; i < n; i++) {
    const unsigned a = r[i].action;
    sb_printf(sb, "%saction %u", i ? ", " : "", a);
    if (a >= 1 && a <= sc->nactions) sb_printf(sb, " (%s)", wolves_action_name(sc->actions[a - 1].a.kind));
    sb_puts(sb, " by ");
    link_clause(sb, r[i].clause, cited);
  }
  if (n == 0) sb_puts(sb, "none");
}

/* The clause that refused action n (1-based) in the run, or 0. */
static int refused_by(const scenario *sc, unsigned n) {
  for (size_t i = 0; i < sc->nrefused; i++)
    if (sc->refused[i].action == n) return sc->refused[i].clause;
  return 0;
}

/* The scenario's actions, replayed from start, each in the scenario syntax
 * with its verdict in the run ("ok" or "refused by ID"); *first_refused:
 * the first refused action (1-based, 0: none), *a its action and *before
 * the position it was applied to. */
static void action_list(strbuf *sb, const scenario *sc, const wolves_state *start, unsigned char *cited,
                        unsigned *first_refused, wolves_action *first, wolves_state *before) {
  wolves_state s = *start;
  doc d;
  doc_init(&d, "actions");
  sb_puts(sb, "<div class=\"actions\">\n<h3>Actions</h3>\n<ol class=\"actions\">\n");
  for (size_t i = 0; i < sc->nactions; i++) {
    wolves_action a = sc->actions[i].a;
    if (sc->actions[i].by_current) a.player = s.current;
    const int clause = refused_by(sc, (unsigned)i + 1);
    if (clause && *first_refused == 0) *first_refused = (unsigned)i + 1, *first = a, *before = s;
    if (i < MAX_ACTIONS) {
      strbuf line = {0};
      legal_action_line(&line, action_write(&d, &sc->pos.g, &s, &a));
      sb_printf(sb, "<li class=\"%s\"><code>", clause ? "refused" : "ok");
      html_str(sb, line.buf ? line.buf : "", cited);
      sb_puts(sb, clause ? "</code> refused by " : "</code> ok");
      if (clause) link_clause(sb, clause, cited);
      sb_puts(sb, "</li>\n");
      sb_free(&line);
    }
    wolves_apply(&sc->pos.g, &s, &a, NULL); /* a refused action changes nothing */
  }
  sb_puts(sb, "</ol>\n");
  if (sc->nactions > MAX_ACTIONS)
    sb_printf(sb, "<p class=\"more\">... and %zu more.</p>\n", sc->nactions - MAX_ACTIONS);
  if (sc->nactions == 0) sb_puts(sb, "<p>none</p>\n");
  sb_puts(sb, "</div>\n");
  doc_free(&d);
}

/* The first refused action, n, drawn on the position before it
 * (explain_svg.h). */
static void refusal_figure(strbuf *sb, const wolves_game *g, const wolves_state *before,
                           const wolves_action *a, unsigned n, int clause, size_t number) {
  char prefix[48], caption[96], label[160];
  snprintf(prefix, sizeof prefix, "case-%zu-refused-", number);
  snprintf(caption, sizeof caption, "action %u: refused by %s", n, wolves_clause_get(clause)->id);
  snprintf(label, sizeof label, "Action %u, refused: the action on the position before it", n);
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  const int rc = f ? explain_svg_refusal(f, g, before, a, caption, prefix) : -1;
  if (f) fclose(f);
  figure_of(sb, " class=\"action\"", label, rc, buf, len);
}

html_case *html_case_make(const scenario *sc, const wolves_state *start, const doc_node *diffs,
                          size_t number) {
  html_case *c = xmalloc(sizeof *c);
  memset(c, 0, sizeof *c);
  strbuf *sb = &c->body;
  if (sc->claims && sc->claims->count) {
    sb_puts(sb, "<p class=\"claims\">Clauses it exercises: ");
    int k = 0;
    for (const doc_node *n = sc->claims->first; n; n = n->next)
      if (n->kind == DOC_STR) {
        sb_puts(sb, k++ ? ", " : "");
        html_str(sb, n->str, c->cited);
      }
    sb_puts(sb, "</p>\n");
  }
  if (sc->nexpected || sc->nrefused) {
    sb_puts(sb, "<p class=\"refusals\">Refusals expected: ");
    refusals(sb, sc, sc->expected, sc->nexpected, c->cited);
    sb_puts(sb, "; made: ");
    refusals(sb, sc, sc->refused, sc->nrefused, c->cited);
    sb_puts(sb, "</p>\n");
  }
  diff_table(sb, diffs, c->cited);
  char prefix[48], caption[160];
  sb_puts(sb, "<div class=\"boards\">\n");
  unsigned first_refused = 0;
  wolves_action first;
  wolves_state *const before = xmalloc(sizeof *before);
  action_list(sb, sc, start, c->cited, &first_refused, &first, before);
  if (first_refused)
    refusal_figure(sb, &sc->pos.g, before, &first, first_refused, refused_by(sc, first_refused), number);
  free(before);
  snprintf(prefix, sizeof prefix, "case-%zu-before-", number);
  figure(sb, "Before: the start position", &sc->pos.g, start, prefix);
  snprintf(prefix, sizeof prefix, "case-%zu-after-", number);
  snprintf(caption, sizeof caption, "After: the run's final state (%zu action%s, %zu refused)", sc->nactions,
           sc->nactions == 1 ? "" : "s", sc->nrefused);
  figure(sb, caption, &sc->pos.g, &sc->pos.s, prefix);
  sb_puts(sb, "</div>\n");
  if (sc->pos.title) {
    html_str(&c->title, sc->pos.title, c->cited);
    const size_t n = strlen(sc->pos.title) + 1;
    c->raw_title = memcpy(xmalloc(n), sc->pos.title, n);
  }
  return c;
}

void html_case_free(html_case *c) {
  if (c == NULL) return;
  free(c->raw_title);
  sb_free(&c->title);
  sb_free(&c->body);
  free(c);
}

/* ---- the page ---- */

html_page *html_page_new(const char *cmd, char *const *operands, int noperands, const char *data) {
  html_page *p = xmalloc(sizeof *p);
  memset(p, 0, sizeof *p);
  p->cmd = cmd;
  p->data = data;
  p->operands = operands;
  p->noperands = noperands;
  return p;
}

void html_page_add(html_page *p, const char *path, int outcome, const char *details, html_case *c) {
  const size_t number = (size_t)(p->passed + p->failed) + 1;
  if (outcome == 0) {
    p->passed++;
    sb_puts(&p->passed_list, "<li><code>");
    html_str(&p->passed_list, path, NULL);
    sb_puts(&p->passed_list, "</code></li>\n");
    html_case_free(c);
    return;
  }
  p->failed++;
  p->bad += outcome == 2;
  const char *word = outcome == 2 ? "ERROR" : "FAIL";
  sb_printf(&p->toc, "<li><a href=\"#case-%zu\"><span class=\"badge %s\">%s</span> <code>", number,
            outcome == 2 ? "error" : "fail", word);
  html_str(&p->toc, path, NULL);
  sb_puts(&p->toc, "</code>");
  if (c && c->raw_title) {
    sb_puts(&p->toc, ": ");
    html_str(&p->toc, c->raw_title, NULL);
  }
  sb_puts(&p->toc, "</a></li>\n");
  sb_printf(&p->sections, "<section class=\"case\" id=\"case-%zu\">\n<h2><span class=\"badge %s\">%s</span> ",
            number, outcome == 2 ? "error" : "fail", word);
  if (c && c->title.buf)
    sb_putn(&p->sections, c->title.buf, c->title.len);
  else
    html_str(&p->sections, path, NULL);
  sb_puts(&p->sections, "</h2>\n<p class=\"file\">File: <code>");
  html_str(&p->sections, path, NULL);
  sb_puts(&p->sections, "</code></p>\n");
  if (outcome == 2) {
    sb_puts(&p->sections, "<p>Bad input, not run:</p>\n<pre class=\"error-line\">");
    html_str(&p->sections, details ? details : "", p->cited);
    sb_puts(&p->sections, "</pre>\n");
  } else if (c) {
    sb_putn(&p->sections, c->body.buf ? c->body.buf : "", c->body.len);
    for (int k = 0; k < WOLVES_CLAUSE_COUNT; k++) p->cited[k] |= c->cited[k];
  }
  sb_puts(&p->sections, "</section>\n");
  html_case_free(c);
}

static const char style[] =
    "body{font-family:\"DejaVu Sans\",Arial,sans-serif;margin:0 auto;max-width:1400px;padding:12px 20px;"
    "background:#f5f1e6;color:#222;line-height:1.4}\n"
    "h1{margin:8px 0}h2{margin:6px 0 8px}h3{margin:12px 0 6px}\n"
    "code,pre{font-family:\"DejaVu Sans Mono\",monospace;font-size:12px;overflow-wrap:anywhere}\n"
    "pre{white-space:pre-wrap;margin:0}\n"
    ".summary .count{display:inline-block;padding:2px "
    "10px;margin-right:6px;border-radius:4px;font-weight:bold}\n"
    ".passed{background:#c8e6c9}.failed{background:#ffcdd2}.errors{background:#ffe0b2}\n"
    ".badge{display:inline-block;padding:0 "
    "6px;border-radius:3px;font-weight:bold;font-size:12px;color:#fff}\n"
    ".badge.fail{background:#c62828}.badge.error{background:#ef6c00}\n"
    "nav ol{padding-left:24px}nav a{text-decoration:none}\n"
    "section.case,section.clause{background:#fff;border:1px solid #bdb6a3;border-radius:6px;"
    "padding:10px 16px;margin:16px 0;min-width:0}\n"
    "table.diffs{border-collapse:collapse;width:100%;table-layout:fixed}\n"
    "table.diffs th,table.diffs td{border:1px solid #ccc;padding:4px 6px;vertical-align:top;text-align:left;"
    "overflow-wrap:anywhere}\n"
    "col.where{width:24%}col.kind{width:10%}col.expected,col.got{width:33%}\n"
    "th{background:#eee9dc}td.expected{background:#eef7ee}td.got{background:#fdeeee}\n"
    ".absent{color:#888;font-style:italic}\n"
    ".boards{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,640px),1fr));gap:12px;"
    "margin-top:12px}\n"
    "figure{margin:0;min-width:0}figcaption{font-weight:bold;margin-bottom:4px}\n"
    "figure svg{display:block;width:100%;height:auto}\n"
    "dl{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:4px 12px;margin:6px 0}\n"
    "dt{font-weight:bold}dd{margin:0}\n"
    ".readings li{margin-bottom:4px}\n";

/* The appendix: every clause cited, and those their own texts cite. */
static void appendix(strbuf *sb, unsigned char *cited) {
  for (int again = 1; again;) {
    again = 0;
    for (int c = 1; c < WOLVES_CLAUSE_COUNT; c++) {
      if (!cited[c]) continue;
      const wolves_clause_info *ci = wolves_clause_get(c);
      const wolves_reading *r = ci ? wolves_reading_find(ci->id) : NULL;
      if (ci) again += cite(ci->text, cited) + cite(ci->editions, cited) + cite(ci->ruling, cited);
      for (int k = 0; r && k < r->count; k++)
        again += cite(r->choice[k].text, cited) + cite(r->choice[k].taken_by, cited);
    }
  }
  int n = 0;
  for (int c = 1; c < WOLVES_CLAUSE_COUNT; c++) n += cited[c] != 0;
  sb_printf(sb, "<section id=\"clauses\" class=\"appendix\">\n<h2>Clauses cited (%d)</h2>\n", n);
  if (n == 0) sb_puts(sb, "<p>None.</p>\n");
  for (int c = 1; c < WOLVES_CLAUSE_COUNT; c++) {
    const wolves_clause_info *ci = cited[c] ? wolves_clause_get(c) : NULL;
    if (ci == NULL) continue;
    sb_puts(sb, "<section class=\"clause\" id=\"clause-");
    html_str(sb, ci->id, NULL);
    sb_puts(sb, "\">\n<h3><code>");
    html_str(sb, ci->id, NULL);
    sb_printf(sb, "</code> <small>%s</small></h3>\n<p>",
              ci->kind == WOLVES_RESTRICTION ? "restriction" : "rule");
    html_str(sb, ci->text, cited);
    sb_puts(sb, "</p>\n<dl>\n<dt>Section</dt><dd>");
    html_str(sb, ci->section[0] ? ci->section : "(none)", NULL);
    sb_puts(sb, " (English rulebook)</dd>\n");
    if (ci->editions[0]) {
      sb_puts(sb, "<dt>Editions</dt><dd>");
      html_str(sb, ci->editions, cited);
      sb_puts(sb, "</dd>\n");
    }
    sb_puts(sb, "<dt>Ruling</dt><dd>");
    html_str(sb, ci->ruling[0] ? ci->ruling : "none: the English text states it", cited);
    sb_puts(sb, "</dd>\n");
    const wolves_reading *r = wolves_reading_find(ci->id);
    if (r && r->count) {
      sb_puts(sb, "<dt>Readings</dt><dd><ul class=\"readings\">\n");
      for (int k = 0; k < r->count; k++) {
        sb_puts(sb, "<li><b>");
        html_str(sb, r->choice[k].name, NULL);
        sb_printf(sb, "</b>%s: ", k == 0 ? " (ours, the default)" : "");
        html_str(sb, r->choice[k].text, cited);
        sb_puts(sb, " <i>Taken by:</i> ");
        html_str(sb, r->choice[k].taken_by, cited);
        sb_puts(sb, "</li>\n");
      }
      sb_puts(sb, "</ul></dd>\n");
    }
    sb_puts(sb, "</dl>\n</section>\n");
  }
  sb_puts(sb, "</section>\n");
}

int html_page_write(html_page *p, const char *path) {
  strbuf sb = {0}, inputs = {0};
  const int total = p->passed + p->failed, failures = p->failed - p->bad;
  sb_printf(&inputs, "<code>wolves %s</code>", p->cmd);
  for (int i = 0; i < p->noperands; i++) {
    sb_puts(&inputs, " <code>");
    html_str(&inputs, p->operands[i], NULL);
    sb_puts(&inputs, "</code>");
  }
  if (p->noperands == 0) sb_puts(&inputs, " (scenarios/)");
  if (p->data) { /* the house rule the whole run is under */
    sb_puts(&inputs, "; data: <code>");
    html_str(&inputs, p->data, NULL);
    sb_puts(&inputs, "</code>");
  }
  sb_puts(&sb, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n"
               "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n");
  sb_printf(&sb, "<title>wolves %s: %d passed, %d failed</title>\n<style>\n%s</style>\n</head>\n<body>\n",
            p->cmd, p->passed, p->failed, style);
  sb_printf(&sb, "<header>\n<h1>wolves %s</h1>\n", p->cmd);
  sb_printf(
      &sb,
      "<p class=\"summary\"><span class=\"count passed\">%d passed</span><span class=\"count failed\">%d "
      "failed</span><span class=\"count errors\">%d error%s</span> of %d scenario%s</p>\n",
      p->passed, failures, p->bad, p->bad == 1 ? "" : "s", total, total == 1 ? "" : "s");
  sb_printf(&sb, "<p class=\"inputs\">Inputs: %s</p>\n</header>\n", inputs.buf);
  if (p->failed) {
    sb_puts(&sb, "<nav>\n<h2>Failures</h2>\n<ol>\n");
    if (p->toc.buf) sb_puts(&sb, p->toc.buf);
    sb_puts(&sb, "</ol>\n</nav>\n<main>\n");
    if (p->sections.buf) sb_puts(&sb, p->sections.buf);
    sb_puts(&sb, "</main>\n");
  } else {
    sb_puts(&sb, "<main>\n<p>Every scenario passed.</p>\n</main>\n");
  }
  appendix(&sb, p->cited);
  if (p->passed) {
    sb_printf(&sb, "<details class=\"passed-list\">\n<summary>Passed (%d)</summary>\n<ul>\n", p->passed);
    sb_puts(&sb, p->passed_list.buf);
    sb_puts(&sb, "</ul>\n</details>\n");
  }
  sb_puts(&sb, "</body>\n</html>\n");
  int rc;
  if (strcmp(path, "-") == 0)
    rc = stdout_write(&sb) ? -1 : 0;
  else
    rc = file_save(path, sb.buf, sb.len, 0, NULL) ? -1 : 0;
  sb_free(&sb);
  sb_free(&inputs);
  sb_free(&p->toc);
  sb_free(&p->sections);
  sb_free(&p->passed_list);
  free(p);
  return rc;
}
