/* known.c - known differences (wolves(1), KNOWN DIFFERENCES): the file an
 * engine's author keeps of the differences from wolves the engine has on
 * purpose or for now, as web-platform-tests' expectation files and
 * test262's known-failure lists keep theirs.  `--known FILE` reads it:
 * each disagreement of the run is judged known (every subject it is
 * counted under is listed for its case) or new, and the run fails only on
 * a new one; an entry nothing matched is stale.  `--write-known FILE`
 * writes one from the run.
 *
 * One entry a line, `SUBJECT[=READING] [CASE]`: the subject a clause ID
 * (in any case), refused-without-clause, or for a disagreement that blames
 * no clause its kind (state, legal, load, ...); the reading in force there
 * (for a clause with readings); the case a glob (fnmatch(3), `*` not
 * crossing '/') matched against the case's name or any end of it after a
 * '/' (so a scenario is named the same from any directory).  Blank lines
 * and lines starting with '#' (after blanks) are comments. */
#include "conform/checker.h"
#include "conform/conform.h"

#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/err.h"
#include "base/input.h"
#include "base/options.h"
#include "base/output.h"
#include "doc.h"
#include "json.h"
#include "read.h"
#include "strbuf.h"
#include "wolves.h"

/* The subjects a disagreement is counted under: a clause (1 ..
 * WOLVES_CLAUSE_COUNT - 1), REFUSED_WITHOUT_CLAUSE, or, when it blames no
 * clause, SUBJECT_KIND + its kind's index here. */
static const char *const kind_subjects[] = {"verdict", "clause", "state", "legal", "scores", "load"};
#define KINDS ((int)(sizeof kind_subjects / sizeof *kind_subjects))
#define SUBJECT_KIND WOLVES_CLAUSE_COUNT
#define REFUSED_NAME "refused-without-clause"

typedef struct {
  int subject;
  int reading; /* the reading's index, -1: any */
  char *scope; /* a glob of case names, NULL: every case */
  unsigned line;
  unsigned long matched; /* disagreements it matched */
  int ran;               /* a case it names was compared */
} known_entry;

/* A subject of a disagreement found in the run, for --write-known and the
 * list of new ones. */
typedef struct {
  int subject, reading;
  char *case_name;
  int known;
} found_entry;

struct known_file {
  const char *path;  /* --known, or NULL */
  const char *write; /* --write-known, or NULL */
  int strict;        /* --strict-known: a stale entry fails */
  known_entry *entry;
  size_t len, cap;
  found_entry *found;
  size_t nfound, capfound, settled; /* [0, settled): sorted, each once */
  int compared;                     /* a case was compared */
};

const char *subject_name(int s) {
  if (s == REFUSED_WITHOUT_CLAUSE) return REFUSED_NAME;
  if (s >= SUBJECT_KIND) return kind_subjects[s - SUBJECT_KIND];
  return clause_id(s);
}

int subject_find(const char *name) {
  if (strcasecmp(name, REFUSED_NAME) == 0) return REFUSED_WITHOUT_CLAUSE;
  for (int i = 0; i < KINDS; i++)
    if (strcasecmp(name, kind_subjects[i]) == 0) return SUBJECT_KIND + i;
  const int k = read_clause_find(name);
  return k > 0 ? k : -1;
}

/* The readings of subject s, or NULL. */
static const wolves_reading *subject_readings(int s) {
  return s > 0 && s < WOLVES_CLAUSE_COUNT ? wolves_reading_find(clause_id(s)) : NULL;
}

/* Does the glob scope name the case?  Its name whole, or any end of it
 * after a '/': "howl/range.yaml" names "/src/wolves/scenarios/howl/range.yaml". */
static int scope_names(const char *scope, const char *name) {
  for (const char *p = name; p; p = strchr(p, '/') ? strchr(p, '/') + 1 : NULL)
    if (fnmatch(scope, p, FNM_PATHNAME) == 0) return 1;
  return 0;
}

/* ---- reading the file ---- */

/* The column (1-based, in characters) of byte off of the line. */
static int column(const char *line, size_t off) {
  int col = 1;
  for (size_t i = 0; i < off; i++) col += ((unsigned char)line[i] & 0xc0) != 0x80;
  return col;
}

static int blank(char ch) { return ch == ' ' || ch == '\t'; }

/* The length of the character at s (left bytes) when it is printable
 * text, as wolves prints names unescaped (wolves(1), NAMES IN OUTPUT: no
 * control character, C0 or C1, no U+2028, U+2029, U+FFFE, U+FFFF, valid
 * UTF-8); else 0.  Entries hold only such, so a line of the report gives
 * one as the file has it. */
static size_t printable(const char *s, size_t left) {
  const unsigned char *u = (const unsigned char *)s;
  const size_t len = utf8_length(s, left);
  if (len == 0 || (u[0] < 0x20 && u[0] != '\t') || u[0] == 0x7f) return 0;
  if (len == 2 && u[0] == 0xc2 && u[1] < 0xa0) return 0;
  if (len == 3 && u[0] == 0xe2 && u[1] == 0x80 && (u[2] == 0xa8 || u[2] == 0xa9)) return 0;
  if (len == 3 && u[0] == 0xef && u[1] == 0xbf && (u[2] == 0xbe || u[2] == 0xbf)) return 0;
  return len;
}

/* A line of a file a person edits is text: UTF-8, no control character
 * but tabs.  0, or -1 with e set. */
static int text_check(const char *path, unsigned line, const char *p, size_t n, cli_err *e) {
  for (size_t i = 0; i < n;) {
    const size_t len = printable(p + i, n - i);
    if (len) {
      i += len;
      continue;
    }
    if (utf8_length(p + i, n - i) == 0)
      return err_set(e, path, (int)line, column(p, i), "not UTF-8 text (a byte 0x%02x)", (unsigned char)p[i]);
    const unsigned char *u = (const unsigned char *)p + i;
    const unsigned code = u[0] < 0x80   ? u[0]
                          : u[0] < 0xe0 ? (u[0] & 0x1fu) << 6 | (u[1] & 0x3fu)
                                        : (u[0] & 0x0fu) << 12 | (u[1] & 0x3fu) << 6 | (u[2] & 0x3fu);
    return err_set(e, path, (int)line, column(p, i), "a control character (U+%04X) in a known file", code);
  }
  return 0;
}

/* The reading named (the word at r0 of the line) of subject x->subject
 * into x->reading; eq: the column of its '='.  0, or -1 with e set. */
static int read_reading(known_entry *x, const char *word, const char *path, const char *p, size_t eq,
                        size_t r0, cli_err *e) {
  const wolves_reading *r = subject_readings(x->subject);
  const char *id = subject_name(x->subject);
  const int line = (int)x->line;
  if (x->subject == REFUSED_WITHOUT_CLAUSE || x->subject >= SUBJECT_KIND)
    return err_set(e, path, line, column(p, eq), "%s takes no reading (clauses have readings)", id);
  if (r == NULL)
    return err_set(e, path, line, column(p, eq), "%s has no readings (see wolves clauses %s)", id, id);
  if (!word[0])
    return err_set(e, path, line, column(p, eq), "no reading after '=' (see wolves clauses %s)", id);
  x->reading = wolves_reading_choice_find(r, word);
  if (x->reading >= 0) return 0;
  const char *names[WOLVES_READING_NAMES];
  for (int i = 0; i < r->count; i++) names[i] = r->choice[i].name;
  const char *hint = read_suggest(word, names, r->count);
  if (hint)
    return err_set(e, path, line, column(p, r0), "%s has no reading '%s' (did you mean '%s'?)", id, word,
                   hint);
  return err_set(e, path, line, column(p, r0), "%s has no reading '%s' (see wolves clauses %s)", id, word,
                 id);
}

/* One line (n bytes, without its newline) into k: 0, or -1 with e set. */
static int parse_line(known_file *k, const char *path, unsigned line, const char *p, size_t n, cli_err *e) {
  if (text_check(path, line, p, n, e)) return -1;
  size_t at = 0;
  while (at < n && blank(p[at])) at++;
  if (at == n || p[at] == '#') return 0;
  const size_t s0 = at;
  while (at < n && !blank(p[at]) && p[at] != '=') at++;
  char word[256], reading[256];
  snprintf(word, sizeof word, "%.*s", (int)(at - s0), p + s0);
  known_entry x = {subject_find(word), -1, NULL, line, 0, 0};
  if (x.subject < 0) {
    const char *pseudo[KINDS + 1] = {REFUSED_NAME};
    for (int i = 0; i < KINDS; i++) pseudo[i + 1] = kind_subjects[i];
    const char *hint = read_suggest(word, pseudo, KINDS + 1);
    if (hint == NULL) hint = read_clause_suggest(word);
    if (hint)
      return err_set(e, path, (int)line, column(p, s0), "unknown clause '%s' (did you mean '%s'?)", word,
                     hint);
    return err_set(e, path, (int)line, column(p, s0), "unknown clause '%s' (see wolves clauses)", word);
  }
  if (at < n && p[at] == '=') {
    const size_t eq = at++, r0 = at;
    while (at < n && !blank(p[at])) at++;
    snprintf(reading, sizeof reading, "%.*s", (int)(at - r0), p + r0);
    if (read_reading(&x, reading, path, p, eq, r0, e)) return -1;
  }
  while (at < n && blank(p[at])) at++;
  size_t end = n;
  while (end > at && blank(p[end - 1])) end--;
  if (end > at) {
    x.scope = xmalloc(end - at + 1);
    memcpy(x.scope, p + at, end - at);
    x.scope[end - at] = '\0';
  }
  for (size_t i = 0; i < k->len; i++) {
    const known_entry *y = &k->entry[i];
    if (y->subject == x.subject && y->reading == x.reading &&
        (y->scope && x.scope ? strcmp(y->scope, x.scope) == 0 : y->scope == x.scope)) {
      free(x.scope);
      return err_set(e, path, (int)line, column(p, s0), "the same entry as line %u", y->line);
    }
  }
  if (k->len == k->cap) {
    k->cap = k->cap ? 2 * k->cap : 16;
    k->entry = xrealloc(k->entry, k->cap * sizeof *k->entry);
  }
  k->entry[k->len++] = x;
  return 0;
}

static int read_known(known_file *k, const char *path) {
  char *text = NULL;
  size_t len = 0;
  cli_err e = {0};
  if (file_read(path, &text, &len, &e) == 0) {
    unsigned line = 1;
    for (size_t at = 0; at < len && !e.set; line++) {
      const char *nl = memchr(text + at, '\n', len - at);
      size_t n = nl ? (size_t)(nl - (text + at)) : len - at;
      const size_t next = at + n + (nl ? 1 : 0);
      if (n && text[at + n - 1] == '\r') n--; /* (a line ending CR LF) */
      (void)parse_line(k, path, line, text + at, n, &e);
      at = next;
    }
  }
  free(text);
  if (e.set) err_print(&e, stderr);
  return e.set ? 2 : 0;
}

int known_options(conform *c, const char *flags, const char *const *values) {
  const char *path = values[CONFORM_KNOWN], *write = values[CONFORM_WRITE_KNOWN];
  if (path && !*path) return usage_error("conform", "%s", "--known needs a FILE");
  if (write && !*write) return usage_error("conform", "%s", "--write-known needs a FILE");
  const int strict = has_flag(flags, 'S');
  if (strict && path == NULL) return usage_error("conform", "%s", "--strict-known needs --known FILE");
  if (path == NULL && write == NULL) return 0;
  c->known = xmalloc(sizeof *c->known);
  *c->known = (known_file){.path = path, .write = write, .strict = strict};
  return path ? read_known(c->known, path) : 0;
}

void known_close(conform *c) {
  known_file *k = c->known;
  if (k == NULL) return;
  for (size_t i = 0; i < k->len; i++) free(k->entry[i].scope);
  for (size_t i = 0; i < k->nfound; i++) free(k->found[i].case_name);
  free(k->entry);
  free(k->found);
  free(k);
  c->known = NULL;
}

int known_given(const conform *c) { return c->known && c->known->path; }

const char *known_path(const conform *c, int write) {
  return c->known ? (write ? c->known->write : c->known->path) : NULL;
}

/* ---- judging a disagreement ---- */

/* (kept in the order found; found_settle sorts them and drops repeats) */
static void add_found(known_file *k, int subject, int reading, const char *case_name, int known) {
  if (k->nfound == k->capfound) {
    k->capfound = k->capfound ? 2 * k->capfound : 16;
    k->found = xrealloc(k->found, k->capfound * sizeof *k->found);
  }
  const size_t n = strlen(case_name) + 1;
  k->found[k->nfound++] = (found_entry){subject, reading, memcpy(xmalloc(n), case_name, n), known};
}

int known_judge(conform *c, const char *case_name, const char *kind, const doc_node *clauses,
                const doc_node *readings, strbuf *fresh) {
  known_file *k = c->known;
  if (k == NULL) return -1;
  int subjects[WOLVES_CLAUSE_COUNT + 1], n = 0;
  for (const doc_node *id = clauses ? clauses->first : NULL; id && n < WOLVES_CLAUSE_COUNT; id = id->next) {
    const int s = id->kind == DOC_STR ? subject_find(id->str) : -1;
    if (s >= 0) subjects[n++] = s;
  }
  if (n == 0) { /* (blaming no clause: its kind) */
    const int s = subject_find(kind);
    subjects[n++] = s >= SUBJECT_KIND ? s : SUBJECT_KIND;
  }
  int all = 1;
  for (int i = 0; i < n; i++) {
    const int s = subjects[i];
    const wolves_reading *r = subject_readings(s);
    const doc_node *named = r ? doc_get(readings, subject_name(s)) : NULL;
    const int reading = named && named->kind == DOC_STR ? wolves_reading_choice_find(r, named->str) : -1;
    int known = 0;
    for (size_t j = 0; j < k->len; j++) {
      known_entry *x = &k->entry[j];
      if (x->subject != s || (x->reading >= 0 && x->reading != reading) ||
          (x->scope && !scope_names(x->scope, case_name)))
        continue;
      x->matched++;
      known = 1;
    }
    if (known && s < WOLVES_CLAUSE_COUNT) c->disagreed_known[s]++;
    if (!known && k->path) sb_printf(fresh, "%s%s", all ? "" : " ", subject_name(s));
    all &= known;
    add_found(k, s, reading, case_name, known);
  }
  return k->path ? all : -1;
}

void known_put(doc *d, doc_node *m, int judged, const char *fresh) {
  if (judged < 0) return;
  doc_put(d, m, "known", doc_bool(d, judged));
  if (judged) return;
  doc_node *list = doc_seq(d);
  for (const char *p = fresh; p && *p;) {
    const char *sp = strchr(p, ' ');
    const size_t n = sp ? (size_t)(sp - p) : strlen(p);
    doc_push(list, doc_str(d, doc_strdup(d, p, n)));
    p += n + (sp ? 1 : 0);
  }
  list->layout = DOC_INLINE;
  doc_put(d, m, "new", list);
}

void known_case_done(conform *c, const conform_case *cs) {
  known_file *k = c->known;
  if (k == NULL || (cs->result != AGREE && cs->result != DISAGREE)) return;
  k->compared = 1;
  for (size_t i = 0; i < k->len; i++)
    if (k->entry[i].scope && !k->entry[i].ran) k->entry[i].ran = scope_names(k->entry[i].scope, cs->name);
}

/* ---- the summary, the file written ---- */

/* Is entry x stale: it names a case that was compared (one without a case:
 * any, except in a shard: on the merged report) and matched nothing? */
static int stale(const conform *c, const known_entry *x) {
  return x->matched == 0 && (x->scope ? x->ran : c->known->compared && c->of <= 1);
}

/* An entry as a known file has it: SUBJECT[=READING] [CASE]. */
static void entry_text(strbuf *sb, int subject, int reading, const char *scope) {
  sb_puts(sb, subject_name(subject));
  if (reading >= 0) sb_printf(sb, "=%s", subject_readings(subject)->choice[reading].name);
  if (scope) sb_printf(sb, " %s", scope);
}

/* A case's name as a glob that names only it: the glob's own characters
 * quoted, and '?' for each byte a line of text cannot hold (a control
 * character, a byte of no UTF-8 character, a blank at either end). */
static void glob_quote(strbuf *sb, const char *name) {
  const size_t n = strlen(name);
  for (size_t i = 0; i < n;) {
    const unsigned char ch = (unsigned char)name[i];
    const size_t len = printable(name + i, n - i);
    if (len == 0 || ch == '\t' || (ch == ' ' && (i == 0 || i + 1 == n))) {
      sb_putc(sb, '?');
      i++;
      continue;
    }
    if (strchr("*?[\\", ch)) sb_putc(sb, '\\');
    sb_putn(sb, name + i, len);
    i += len;
  }
}

static int found_cmp(const void *pa, const void *pb) {
  const found_entry *a = pa, *b = pb;
  if (a->subject != b->subject) return a->subject < b->subject ? -1 : 1;
  if (a->reading != b->reading) return a->reading < b->reading ? -1 : 1;
  return strcmp(a->case_name, b->case_name);
}

/* The entries found, sorted (by clause, in the catalog's order, then
 * reading and case), each once: new when new in any disagreement. */
static void found_settle(known_file *k) {
  if (k->settled == k->nfound) return;
  qsort(k->found, k->nfound, sizeof *k->found, found_cmp);
  size_t n = 0;
  for (size_t i = 0; i < k->nfound; i++) {
    if (n && found_cmp(&k->found[n - 1], &k->found[i]) == 0) {
      k->found[n - 1].known &= k->found[i].known;
      free(k->found[i].case_name);
      continue;
    }
    k->found[n++] = k->found[i];
  }
  k->nfound = k->settled = n;
}

/* The entries found (only the new ones: fresh_only), one per line into sb,
 * each after prefix. */
static void found_lines(known_file *k, strbuf *sb, const char *prefix, int fresh_only) {
  found_settle(k);
  strbuf glob = {0};
  for (size_t i = 0; i < k->nfound; i++) {
    const found_entry *f = &k->found[i];
    if (fresh_only && f->known) continue;
    glob.len = 0;
    glob_quote(&glob, f->case_name);
    sb_puts(sb, prefix);
    entry_text(sb, f->subject, f->reading, glob.buf);
    sb_putc(sb, '\n');
  }
  sb_free(&glob);
}

static size_t count_stale(const conform *c) {
  size_t n = 0;
  for (size_t i = 0; i < c->known->len; i++) n += stale(c, &c->known->entry[i]);
  return n;
}

void known_summary_text(conform *c, const char *prefix) {
  if (!known_given(c)) return;
  strbuf sb = {0};
  for (size_t i = 0; i < c->known->len; i++) {
    const known_entry *x = &c->known->entry[i];
    if (!stale(c, x)) continue;
    sb_puts(&sb, "stale: ");
    entry_text(&sb, x->subject, x->reading, x->scope);
    sb_puts(&sb, " (");
    err_escape(&sb, c->known->path, strlen(c->known->path), NULL);
    sb_printf(&sb, ":%u)\n", x->line);
  }
  found_lines(c->known, &sb, "new: ", 1);
  /* (an entry is printable text, as the file has it: printable()) */
  for (char *p = sb.buf; p && *p;) {
    char *nl = strchr(p, '\n');
    printf("%s%.*s\n", prefix, (int)(nl - p), p);
    p = nl + 1;
  }
  sb_free(&sb);
}

void known_summary_json(conform *c, doc *d, doc_node *root) {
  if (!known_given(c)) return;
  doc_node *known = doc_map(d), *fresh = doc_seq(d), *old = doc_seq(d);
  strbuf sb = {0};
  found_lines(c->known, &sb, "", 1);
  for (const char *p = sb.buf; p && *p;) {
    const char *nl = strchr(p, '\n');
    doc_push(fresh, doc_str(d, doc_strdup(d, p, (size_t)(nl - p))));
    p = nl + 1;
  }
  for (size_t i = 0; i < c->known->len; i++) {
    const known_entry *x = &c->known->entry[i];
    if (!stale(c, x)) continue;
    sb.len = 0;
    entry_text(&sb, x->subject, x->reading, x->scope);
    doc_node *one = doc_map(d);
    doc_put(d, one, "entry", doc_str(d, sb.buf));
    doc_put(d, one, "line", doc_int(d, x->line));
    one->layout = DOC_INLINE;
    doc_push(old, one);
  }
  sb_free(&sb);
  doc_put(d, known, "file", doc_str(d, c->known->path));
  doc_put(d, known, "new", fresh);
  doc_put(d, known, "stale", old);
  doc_put(d, root, "known", known);
}

/* word as a shell reads it back: as it is when it has only characters no
 * shell treats specially, else in single quotes. */
static void shell_word(strbuf *sb, const char *word) {
  if (*word && strspn(word, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=,:+@%") ==
                   strlen(word)) {
    sb_puts(sb, word);
    return;
  }
  sb_putc(sb, '\'');
  for (const char *p = word; *p; p++)
    if (*p == '\'')
      sb_puts(sb, "'\\''");
    else
      sb_putc(sb, *p);
  sb_putc(sb, '\'');
}

/* The command line of the run (merged: of the merge, the reports its
 * operands), as far as it decides what was found. */
static void run_command(const conform *c, int merged, strbuf *sb) {
  sb_puts(sb, merged ? "wolves conform --merge" : "wolves conform --engine ");
  if (!merged) shell_word(sb, c->e.cmd ? c->e.cmd : "");
  for (int p = 0; p < WOLVES_READINGS; p++)
    if (c->reading_set[p]) {
      const wolves_reading *r = wolves_reading_at(p);
      sb_printf(sb, " --reading %s=%s", clause_id(r->clause), r->choice[c->reading[p]].name);
    }
  if (c->games)
    sb_printf(sb, " --games %llu --seed %llu --players %d", (unsigned long long)c->games,
              (unsigned long long)c->seed, c->players);
  if (c->of > 1) sb_printf(sb, " --shard %u/%u", c->shard, c->of);
  sb_puts(sb, " --write-known ");
  shell_word(sb, c->known->write);
  for (int i = 0; i < c->noperands; i++) {
    sb_putc(sb, ' ');
    shell_word(sb, c->operands[i]);
  }
}

int known_save(conform *c, int merged) {
  known_file *k = c->known;
  if (k == NULL || k->write == NULL) return 0;
  strbuf sb = {0}, how = {0};
  sb_printf(&how, "Written by wolves %s: ", wolves_version());
  run_command(c, merged, &how);
  const char *name = c->e.name[0] ? c->e.name : "(no name)";
  sb_printf(&how, "; the engine %s%s%s", name, c->e.version[0] ? " " : "", c->e.version);
  found_settle(k);
  sb_printf(&how, "; %zu entr%s.", k->nfound, k->nfound == 1 ? "y" : "ies");
  sb_puts(&sb, "# Known differences of an engine from wolves, for wolves conform --known FILE: one a\n"
               "# line, CLAUSE[=READING] [CASE] (wolves(1), KNOWN DIFFERENCES).\n# ");
  err_escape(&sb, how.buf, how.len, NULL);
  sb_putc(&sb, '\n');
  found_lines(k, &sb, "", 0);
  const int rc = file_save(k->write, sb.buf, sb.len, 0, NULL);
  sb_free(&sb);
  sb_free(&how);
  if (rc) c->write_failed = 1;
  return rc ? 1 : 0;
}

int conform_failed(const conform *c) {
  if (!known_given(c)) return c->counts[DISAGREE] > 0;
  return c->new_cases > 0 || (c->known->strict && count_stale(c) > 0);
}
