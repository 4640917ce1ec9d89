/* export.c - `wolves export DIR [PATH]...`: the scenario suite as
 * language-neutral test vectors, for engines that will not speak a
 * protocol: one JSON file per scenario (start position, each action with
 * its verdict and clause, final position, scores), the perft table, and
 * the JSON Schemas (draft 2020-12) they follow (wolves(1), COMMANDS:
 * export).  Every scenario is loaded, run and judged as
 * `wolves check` judges it before anything is written: a vector records
 * what the suite expects, so a scenario that fails its check (or bad
 * input) stops the export with nothing written.  The files are built in
 * memory, written into a new directory beside DIR and renamed onto it:
 * DIR appears complete or not at all.  DIR must not exist or be empty, and
 * must not lie inside an input directory. */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/err.h"
#include "base/input.h"
#include "commands/commands.h"
#include "commands/export_dir.h"
#include "json.h"
#include "read.h"
#include "scenario/expect.h"
#include "scenario/golden.h"
#include "scenario/perft_table.h"
#include "scenario/scenario.h"
#include "scenario/state_schema.h" /* (the schema texts export writes) */
#include "scenario/vector.h"
#include "strbuf.h"

/* A file to write: its path under DIR and its text. */
typedef struct {
  char *name;
  strbuf text;
} out_file;

typedef struct {
  out_file *f;
  size_t len, cap;
} out_list;

static void out_add(out_list *l, char *name, strbuf text) {
  if (l->len == l->cap) {
    l->cap = l->cap ? 2 * l->cap : 128;
    l->f = xrealloc(l->f, l->cap * sizeof *l->f);
  }
  l->f[l->len++] = (out_file){name, text};
}

static void out_free(out_list *l) {
  for (size_t i = 0; i < l->len; i++) {
    free(l->f[i].name);
    sb_free(&l->f[i].text);
  }
  free(l->f);
}

static int out_cmp(const void *a, const void *b) {
  return strcmp(((const out_file *)a)->name, ((const out_file *)b)->name);
}

static char *copy_str(const char *s) {
  const size_t n = strlen(s) + 1;
  return memcpy(xmalloc(n), s, n);
}

/* ---- one vector ---- */

/* The effects of action k (1-based) in the run's log: what it recorded,
 * not the history a `start:` carried, less the refusal itself. */
static doc_node *action_events(doc *d, const scenario *sc, unsigned k) {
  const event_list *const all = &sc->pos.events;
  event_list mine = {0};
  for (size_t i = 0; i < all->len; i++)
    if (all->action[i] == k && (i < sc->pos.carried_from || i >= sc->pos.carried_to) &&
        all->ev[i].kind != WOLVES_EV_REFUSE)
      events_append(&mine, &all->ev[i], 1, k);
  emitter em;
  emit_tree(&em, d);
  events_emit(&em, NULL, &sc->pos.g, &sc->pos.s, &mine, 0); /* (`action` is the step's) */
  events_free(&mine);
  return em.root;
}

/* The scenario at path as a vector named `name` into *out, played under
 * edition (--edition; the scenario's own `edition:` wins): 0; 1 when it
 * fails its check, 2 on bad input (both reported). */
static int vector(const char *path, const char *name, int edition, strbuf *out) {
  scenario *sc = scenario_read(path, edition);
  if (sc == NULL) return 2;
  sc->golden_without_readings = edition != WOLVES_EDITION_DEFAULT; /* (as test --edition compares) */
  const wolves_game *const g = &sc->pos.g;
  doc d;
  doc_init(&d, "export");
  doc_node *const root = doc_map(&d), *const players = doc_seq(&d), *const steps = doc_seq(&d);
  doc_put(&d, root, "format", doc_str(&d, VECTOR_FORMAT));
  doc_put(&d, root, "scenario", doc_str(&d, name));
  if (sc->pos.title) doc_put(&d, root, "title", doc_str(&d, sc->pos.title));
  if (sc->claims) { /* as the catalog spells them (a scenario may type move.push_choice) */
    doc_node *const claims = doc_seq(&d);
    for (const doc_node *c = sc->claims->first; c; c = c->next)
      doc_push(claims, doc_str(&d, wolves_clause_get(read_clause_find(c->str))->id));
    doc_put(&d, root, "clauses", claims);
  }
  for (int p = 0; p < g->nplayers; p++) doc_push(players, vector_player(&d, sc->pos.s.player[p].pack));
  doc_put(&d, root, "players", players);
  doc_node *const start = vector_position(&d, &sc->pos);
  const doc_node *const data = doc_get(start, "data");
  if (data) doc_put(&d, root, "data", doc_copy(&d, data));
  /* the readings it assumes: every point by name, so an engine need not
   * know which are ours; and the edition that selected them, if not the
   * default */
  doc_put(&d, root, "readings", vector_readings(&d, g));
  if (sc->pos.edition != WOLVES_EDITION_DEFAULT)
    doc_put(&d, root, "edition", doc_str(&d, wolves_edition_name(sc->pos.edition)));
  doc_put(&d, root, "start", start);
  wolves_state s = sc->pos.s;
  cli_err e = {0};
  if (scenario_run(sc, 0, &e)) { /* past a limit of bounds.h */
    err_print(&e, stderr);
    doc_free(&d);
    scenario_close(sc);
    return 2;
  }
  char *golden = sc->golden ? golden_path(path) : NULL;
  diff_report r;
  diff_init(&r, 1);
  const int failures = expect_check(sc, golden, &r);
  diff_finish(&r);
  int rc = 0;
  if (failures) {
    err_say("wolves: export: %s fails its check (see wolves check %s): nothing written", path, path);
    rc = 1;
  }
  for (size_t i = 0; i < sc->nactions && rc == 0; i++) {
    wolves_action a = sc->actions[i].a;
    if (sc->actions[i].by_current) a.player = s.current;
    doc_node *const m = doc_map(&d);
    doc_node *const item = action_write(&d, g, &s, &a);
    item->layout = DOC_INLINE;
    doc_put(&d, m, "action", item);
    doc_put(&d, m, "player", vector_player(&d, s.player[a.player < g->nplayers ? a.player : s.current].pack));
    const int refused = wolves_apply(g, &s, &a, NULL);
    doc_put(&d, m, "verdict", doc_str(&d, refused ? "refused" : "applied"));
    if (refused)
      doc_put(&d, m, "clause", doc_str(&d, wolves_clause_get(refused)->id));
    else
      doc_put(&d, m, "events", action_events(&d, sc, (unsigned)(i + 1)));
    doc_push(steps, m);
  }
  doc_put(&d, root, "actions", steps);
  doc_put(&d, root, "final", vector_position(&d, &sc->pos));
  doc_put(&d, root, "scores", vector_scores(&d, &sc->pos));
  if (rc == 0) json_write(out, root);
  diff_free(&r);
  sb_free(&r.out);
  free(golden);
  doc_free(&d);
  scenario_close(sc);
  return rc;
}

/* ---- the files ---- */

/* The scenario's name in its vector: its path under a directory operand
 * prefixed with the directory's own name ("scenarios/move/x.yaml" for
 * the operand "scenarios", wherever that is installed); a file operand's
 * file name ("x.yaml"). */
static char *scenario_name(const char *operand, const char *base, const char *path) {
  const size_t n = strlen(operand);
  const char *rel = path;
  if (base && strncmp(path, operand, n) == 0) rel = path + n;
  if (!base && strrchr(path, '/')) rel = strrchr(path, '/') + 1;
  while (*rel == '/') rel++;
  strbuf sb = {0};
  if (base) sb_printf(&sb, "%s/", base);
  sb_puts(&sb, rel);
  return sb.buf;
}

/* "scenarios/move/x.yaml" -> "vectors/scenarios/move/x.json" */
static char *vector_file(const char *name) {
  const char *const dot = strrchr(name, '.');
  strbuf out = {0};
  sb_puts(&out, "vectors/");
  sb_putn(&out, name, dot ? (size_t)(dot - name) : strlen(name));
  sb_puts(&out, ".json");
  return out.buf;
}

/* The last component of a directory's canonical name ("scenarios"). */
static char *dir_base(const char *dir) {
  char *canon = path_canonical(dir);
  size_t n = strlen(canon);
  while (n > 1 && canon[n - 1] == '/') canon[--n] = '\0';
  const char *slash = strrchr(canon, '/');
  char *base = copy_str(slash && slash[1] ? slash + 1 : canon);
  free(canon);
  return base;
}

/* Is path a or inside directory b (both canonical)? */
static int inside(const char *a, const char *b) {
  const size_t n = strlen(b);
  return strncmp(a, b, n) == 0 && (a[n] == '\0' || a[n] == '/' || (n > 0 && b[n - 1] == '/'));
}

/* What was created under the temporary directory, to undo on failure. */
typedef struct {
  char **path;
  size_t len, cap;
} made_list;

static void made(made_list *l, const char *path) {
  if (l->len == l->cap) {
    l->cap = l->cap ? 2 * l->cap : 64;
    l->path = xrealloc(l->path, l->cap * sizeof *l->path);
  }
  l->path[l->len++] = copy_str(path);
}

/* Removes what was made, newest first (files, then their directories). */
static void unmake(made_list *l) {
  for (size_t i = l->len; i-- > 0;) {
    (void)remove(l->path[i]); /* a file not written yet is not there */
    free(l->path[i]);
  }
  free(l->path);
}

static int write_file(const char *path, const strbuf *text) {
  FILE *f = fopen(path, "wx");
  if (f == NULL) return -1;
  const int ok = fwrite(text->buf, 1, text->len, f) == text->len;
  return fclose(f) == 0 && ok ? 0 : -1;
}

/* Moves the entries of the top level of tmp (each file's first
 * component) into dir, an empty directory: every one, or none (those moved
 * are moved back).  0, or -1 with errno set. */
static int move_into(const char *tmp, const char *dir, const out_list *files) {
  strbuf from = {0}, to = {0};
  size_t moved = 0, i = 0;
  int err = 0;
  for (; i < files->len; i++) {
    const char *name = files->f[i].name, *slash = strchr(name, '/');
    const size_t n = slash ? (size_t)(slash - name) : strlen(name);
    if (i > 0) { /* (sorted: an entry's files follow one another) */
      const char *prev = files->f[i - 1].name, *ps = strchr(prev, '/');
      if ((ps ? (size_t)(ps - prev) : strlen(prev)) == n && strncmp(prev, name, n) == 0) continue;
    }
    from.len = to.len = 0;
    sb_printf(&from, "%s/%.*s", tmp, (int)n, name);
    sb_printf(&to, "%s/%.*s", dir, (int)n, name);
    if (rename(from.buf, to.buf) != 0) {
      err = errno;
      break;
    }
    moved++;
  }
  for (size_t k = 0; err && k < i && moved; k++) { /* back, as they were */
    const char *name = files->f[k].name, *slash = strchr(name, '/');
    const size_t n = slash ? (size_t)(slash - name) : strlen(name);
    from.len = to.len = 0;
    sb_printf(&from, "%s/%.*s", tmp, (int)n, name);
    sb_printf(&to, "%s/%.*s", dir, (int)n, name);
    if (rename(to.buf, from.buf) == 0) moved--;
  }
  sb_free(&from);
  sb_free(&to);
  errno = err;
  return err ? -1 : 0;
}

/* Writes every file into a new directory, then puts it in place: dir
 * when dir is not there (made beside it, renamed to it); the entries of
 * it when dir is an empty directory (made inside it, each moved into it:
 * dir itself stays, so . and a mount point can be written).  0, or 2
 * after reporting the error, with nothing left behind. */
static int write_all(const char *dir, const out_list *files) {
  struct stat st;
  const int existing = stat(dir, &st) == 0; /* (an empty directory: checked before) */
  strbuf tmp = {0};
  sb_puts(&tmp, dir);
  while (tmp.len > 1 && tmp.buf[tmp.len - 1] == '/') tmp.buf[--tmp.len] = '\0';
  const size_t base_len = tmp.len;
  sb_puts(&tmp, existing ? "/.export-XXXXXX" : ".export-XXXXXX");
  if (mkdtemp(tmp.buf) == NULL) {
    err_say("wolves: cannot create a directory %s %s: %s", existing ? "in" : "beside", dir, strerror(errno));
    sb_free(&tmp);
    return 2;
  }
  made_list undo = {0};
  made(&undo, tmp.buf);
  const char *failed = NULL;
  int err = 0;
  strbuf path = {0};
  for (size_t i = 0; i < files->len && !failed; i++) {
    path.len = 0;
    sb_printf(&path, "%s/%s", tmp.buf, files->f[i].name);
    /* the directories on the way, as needed */
    for (char *slash = path.buf + tmp.len + 1; (slash = strchr(slash, '/')) != NULL; slash++) {
      *slash = '\0';
      if (mkdir(path.buf, 0777) == 0)
        made(&undo, path.buf);
      else if (errno != EEXIST)
        failed = files->f[i].name, err = errno;
      *slash = '/';
      if (failed) break;
    }
    if (failed) break;
    if (write_file(path.buf, &files->f[i].text)) failed = files->f[i].name, err = errno;
    made(&undo, path.buf);
  }
  strbuf aside = {0}; /* --force: the earlier export, moved aside until the new one is in */
  if (!failed && existing && export_dir_set_aside(dir, tmp.buf, &aside) != 0) failed = "", err = errno;
  if (!failed && existing) {
    if (move_into(tmp.buf, dir, files) != 0) {
      failed = "", err = errno;
      export_dir_put_back(dir, aside.buf);
    } else {
      export_dir_remove_aside(aside.buf);
      (void)rmdir(tmp.buf); /* (empty now) */
    }
  } else if (!failed) {
    const mode_t mask = umask(0); /* (mkdtemp made it 0700: as mkdir would) */
    umask(mask);
    if (chmod(tmp.buf, 0777 & ~mask) != 0) failed = "", err = errno;
    tmp.buf[base_len] = '\0';
    if (!failed && rename(undo.path[0], tmp.buf) != 0) failed = "", err = errno;
  }
  if (failed) {
    err_say("wolves: cannot write %s%s%s: %s", dir, *failed ? "/" : "", failed, strerror(err ? err : EIO));
    unmake(&undo);
  } else {
    for (size_t i = 0; i < undo.len; i++) free(undo.path[i]);
    free(undo.path);
  }
  sb_free(&path);
  sb_free(&tmp);
  sb_free(&aside);
  return failed ? 2 : 0;
}

/* ---- the command ---- */

/* The scenarios of one operand as vectors added to out; 0, 1 or 2. */
static int export_operand(const char *operand, const char *dir, const char *dir_canon, int edition,
                          out_list *out, int *bad) {
  if (strcmp(operand, "-") == 0)
    return usage_error("export", "%s", "export reads scenario files, not standard input");
  path_list files = {0};
  char *op = (char *)operand;
  if (files_collect_operands("export", 1, &op, &files)) return 2;
  int rc = files.unreadable ? 2 : 0;
  char *base = NULL;
  if (files_is_dir(operand)) {
    char *canon = path_canonical(operand);
    const int in = inside(dir_canon, canon);
    free(canon);
    if (in) {
      err_say("wolves: export: %s is inside the input %s: vectors are not written into the suite", dir,
              operand);
      paths_free(&files);
      return 2;
    }
    base = dir_base(operand);
  }
  for (size_t i = 0; i < files.len && rc != 2; i++) {
    char *const sname = scenario_name(operand, base, files.paths[i]), *const name = vector_file(sname);
    strbuf text = {0};
    const int v = vector(files.paths[i], sname, edition, &text);
    free(sname);
    if (v == 0) {
      out_add(out, name, text);
    } else {
      free(name);
      sb_free(&text);
      if (v == 1) (*bad)++;
      if (v == 2) rc = 2;
    }
  }
  free(base);
  paths_free(&files);
  return rc;
}

static int cmd_export(int argc, char **argv, const char *flags, const char *const *values) {
  int edition;
  if (edition_option("export", values[0], &edition)) return 2;
  if (argc < 1) return usage_error("export", "%s", "export needs a DIR to write the vectors into");
  const char *const dir = argv[0];
  if (!*dir) return usage_error("export", "%s", "export needs a DIR to write the vectors into");
  if (export_dir_check(dir, has_flag(flags, 'f'))) return 2;
  char *const dir_canon = path_canonical(dir);
  char *fallback[] = {"scenarios"};
  char **operands = argc > 1 ? argv + 1 : fallback;
  const int noperands = argc > 1 ? argc - 1 : 1;
  out_list out = {0};
  int rc = 0, bad = 0;
  for (int i = 0; i < noperands && rc == 0; i++)
    rc = export_operand(operands[i], dir, dir_canon, edition, &out, &bad);
  free(dir_canon);
  if (rc == 0 && bad) rc = 1;
  if (rc == 0) {
    qsort(out.f, out.len, sizeof *out.f, out_cmp);
    for (size_t i = 1; i < out.len && rc == 0; i++)
      if (strcmp(out.f[i - 1].name, out.f[i].name) == 0) {
        err_say("wolves: export: two scenarios would both be written as %s", out.f[i].name);
        rc = 2;
      }
  }
  const size_t nvectors = out.len;
  if (rc == 0) {
    doc d;
    doc_init(&d, "export");
    strbuf text = {0};
    json_write(&text, perft_table_write(&d));
    doc_free(&d);
    out_add(&out, copy_str("perft.json"), text);
    for (size_t i = 0; i < export_schema_count; i++) {
      strbuf schema = {0};
      sb_puts(&schema, export_schema_text[i]);
      strbuf name = {0};
      sb_printf(&name, "schema/%s", export_schema_name[i]);
      out_add(&out, name.buf, schema);
    }
    qsort(out.f, out.len, sizeof *out.f, out_cmp);
    rc = write_all(dir, &out);
  }
  if (rc == 0)
    printf("export: %zu vectors, %d perft positions, %zu schemas in %s\n", nvectors, perft_table_size(),
           export_schema_count, dir);
  out_free(&out);
  return rc;
}

/* export DIR: the suite `test` would find (scenarios/, else an installed
 * copy's). */
static int cmd_export_suite(int argc, char **argv, const char *flags, const char *const *values) {
  char installed[4096];
  char *suite[] = {argc ? argv[0] : NULL, installed};
  if (argc == 1 && files_installed_suite(installed, sizeof installed))
    return cmd_export(2, suite, flags, values);
  return cmd_export(argc, argv, flags, values);
}

static const option_spec export_options[] = {FLAG("force", 0, 'f'), VALUE("edition", 0, 0), OPTIONS_END};

const command export_command = {
    "export", "Usage: wolves export [--force] [--edition NAME] DIR [PATH]...\n",
    "Write the scenarios under the PATHs (default: scenarios/, else an installed copy's\n"
    "share/wolves/scenarios) as language-neutral test vectors into DIR, which must not exist\n"
    "or be empty: vectors/NAME.json per scenario (start position, each action with its\n"
    "verdict and refusing clause or its events, final position, scores), perft.json (perft\n"
    "counts of a dozen positions) and the JSON Schemas (draft 2020-12) of these files in\n"
    "schema/.  Every scenario must pass its check first; nothing is written otherwise.\n"
    "Each vector lists the readings it assumes, every clause that has readings by name\n"
    "(readings), and the edition that selected them when not the default (edition).\n"
    "\n"
    "  --force   replace an earlier export in DIR: only when DIR holds nothing but\n"
    "            vectors/ and schema/ (of *.json files) and perft.json, which are\n"
    "            replaced whole, the old ones removed once the new ones are in place\n" EDITION_HELP
    "                  (each scenario is checked as test --edition checks it; perft.json\n"
    "                  stays counted under the default)\n",
    export_options, cmd_export_suite};
