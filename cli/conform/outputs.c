/* outputs.c - what `wolves conform` writes never replaces what it reads,
 * nor another of its outputs (base/file_id.h, the rule of every command):
 * the --junit report and the reproducers under --out against the scenarios
 * and their start files, checked before the engine starts; each
 * reproducer's name chosen as it is written, a new one where its name is
 * taken in this run. */
#include "conform/checker.h"

#include <stdlib.h>
#include <string.h>

#include "base/file_id.h"
#include "base/input.h"
#include "base/output.h"
#include "scenario/scenario.h"
#include "strbuf.h"

#define REPRODUCER_MARK "-action-"

/* Is name a reproducer's, STEM-action-N.yaml or STEM-action-N-K.yaml, as
 * reproducer_path makes them?  Those are what a run may replace in DIR. */
static int reproducer_named(const char *name) {
  const char *mark = strstr(name, REPRODUCER_MARK), *p;
  if (mark == NULL || mark == name) return 0;
  for (const char *m; (m = strstr(mark + 1, REPRODUCER_MARK)) != NULL;) mark = m;
  p = mark + strlen(REPRODUCER_MARK);
  for (int part = 0; part < 2; part++) {
    if (*p < '0' || *p > '9') return 0;
    while (*p >= '0' && *p <= '9') p++;
    if (strcmp(p, ".yaml") == 0) return 1;
    if (*p++ != '-') return 0;
  }
  return 0;
}

void outputs_list(conform *c) {
  strbuf who = {0}, what = {0};
  const char *known = known_path(c, 0), *write = known_path(c, 1);
  if (known) {
    sb_printf(&what, "the --known file %s", known);
    io_input(&c->io, known, what.buf);
  }
  if (c->junit && strcmp(c->junit, "-") != 0) {
    sb_printf(&who, "wolves: --junit %s", c->junit);
    io_output(&c->io, c->junit, who.buf, "the --junit report");
  }
  if (write) {
    who.len = what.len = 0;
    sb_printf(&who, "wolves: --write-known %s", write);
    sb_printf(&what, "the --write-known file %s", write);
    io_output(&c->io, write, who.buf, what.buf);
  }
  sb_free(&who);
  sb_free(&what);
}

int outputs_check(conform *c, const path_list *files) {
  /* a run that writes no file can replace none: its scenarios are not read twice */
  if (!(c->junit && strcmp(c->junit, "-") != 0) && !c->out && !known_path(c, 1)) return 0;
  scenario *sc = xmalloc(sizeof *sc);
  for (size_t i = 0; i < files->len; i++) {
    cli_err e = {0};
    (void)scenario_load(sc, files->paths[i], &e); /* (a bad one is reported as a case) */
    scenario_inputs(&c->io, files->paths[i], sc);
    scenario_free(sc);
  }
  free(sc);
  outputs_list(c);
  strbuf who = {0}, what = {0};
  const size_t kept = c->io.len;
  /* the files under --out a reproducer may replace: never an input */
  path_list names = {0};
  if (c->out && files_is_dir(c->out)) files_names(c->out, &names);
  for (size_t i = 0; i < names.len; i++) {
    if (!reproducer_named(names.paths[i])) continue;
    char *path = path_join(c->out, names.paths[i]);
    who.len = what.len = 0;
    sb_printf(&who, "wolves: --out %s", path);
    sb_printf(&what, "the reproducer %s", path);
    io_output(&c->io, path, who.buf, what.buf);
    free(path);
  }
  paths_free(&names);
  const int rc = io_refuse(&c->io);
  io_truncate(&c->io, kept);
  sb_free(&who);
  sb_free(&what);
  return rc;
}

/* A case name as a file name: its extension dropped, every byte but
 * letters, digits, '-', '_' and '.' as '-', and what it starts with up to
 * its first letter or digit dropped (a name never starts with '-' or '.':
 * /tmp/a.yaml is tmp-a). */
static void reproducer_stem(strbuf *sb, const char *name) {
  const char *dot = strrchr(name, '.'), *slash = strrchr(name, '/');
  const char *end = dot && (!slash || dot > slash) && dot > name ? dot : name + strlen(name);
  const size_t start = sb->len;
  for (const char *s = name; s < end; s++) {
    const char ch = *s;
    const int alnum = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9');
    if (sb->len == start && !alnum) continue;
    sb_putc(sb, alnum || ch == '_' || ch == '.' || ch == '-' ? ch : '-');
  }
  if (sb->len == start) sb_puts(sb, "case");
}

char *reproducer_save(conform *c, const char *case_name, unsigned number, const strbuf *text) {
  strbuf path = {0};
  sb_puts(&path, c->out);
  if (path.buf[path.len - 1] != '/') sb_putc(&path, '/');
  reproducer_stem(&path, case_name);
  sb_printf(&path, REPRODUCER_MARK "%u", number);
  const size_t base = path.len;
  sb_puts(&path, ".yaml");
  for (unsigned k = 2; io_named(&c->io, path.buf); k++) {
    path.len = base;
    sb_printf(&path, "-%u.yaml", k);
  }
  if (file_save(path.buf, text->buf, text->len, 1, NULL)) {
    sb_free(&path);
    return NULL;
  }
  /* (listed once it is there: by its device and inode from now on) */
  io_output(&c->io, path.buf, "a reproducer", "a reproducer");
  return path.buf;
}
