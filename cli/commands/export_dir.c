/* export_dir.c - see export_dir.h.  --force replaces an earlier export,
 * never anything else: the directory is looked at entry by entry first
 * (export_dir_check), the old entries are moved aside, not deleted, until
 * the new ones are in place, and then only files named as export names
 * them are removed (a file put there meanwhile stays). */
#include "commands/export_dir.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/err.h"

/* What export writes at the top of DIR; the directories hold only
 * regular files named *.json, and directories of them (vectors/move/,
 * as the scenarios are laid out). */
static const char *const entries[] = {"perft.json", "schema", "vectors"};
#define NENTRIES (sizeof entries / sizeof *entries)

static int is_json(const char *name) {
  const size_t n = strlen(name);
  return n > 5 && strcmp(name + n - 5, ".json") == 0;
}

/* Is the entry name of directory path (top: DIR itself, else under
 * vectors/ or schema/) one an export writes?  If not, what is not in
 * stranger (a path under path). */
static int stranger_in(const char *path, int top, char *stranger, size_t n);

static int written_by_export(const char *path, const char *name, int top, char *stranger, size_t n) {
  char sub[4096];
  struct stat st;
  snprintf(sub, sizeof sub, "%s/%s", path, name);
  snprintf(stranger, n, "%s", name);
  if (lstat(sub, &st) != 0) return 0;
  if (!top && !S_ISDIR(st.st_mode)) return S_ISREG(st.st_mode) && is_json(name); /* (vectors/move/x.json) */
  if (top && strcmp(name, "perft.json") == 0) return S_ISREG(st.st_mode);
  if (top && strcmp(name, "vectors") != 0 && strcmp(name, "schema") != 0) return 0;
  char inner[2048];
  if (!S_ISDIR(st.st_mode) || stranger_in(sub, 0, inner, sizeof inner) == 0) return S_ISDIR(st.st_mode);
  snprintf(stranger, n, "%s/%s", name, inner);
  return 0;
}

/* The first entry of directory path that an export would not have written
 * there into stranger: 1; 0 when there is none, -1 if path cannot be read
 * (stranger: "."). */
static int stranger_in(const char *path, int top, char *stranger, size_t n) {
  DIR *d = opendir(path);
  snprintf(stranger, n, ".");
  if (d == NULL) return -1;
  struct dirent *ent;
  int found = 0;
  while (!found && (ent = readdir(d)))
    if (strcmp(ent->d_name, ".") != 0 && strcmp(ent->d_name, "..") != 0)
      found = !written_by_export(path, ent->d_name, top, stranger, n);
  closedir(d);
  return found;
}

static int is_empty(const char *dir) {
  DIR *d = opendir(dir);
  if (d == NULL) return 0;
  struct dirent *ent;
  int empty = 1;
  while (empty && (ent = readdir(d)))
    if (strcmp(ent->d_name, ".") != 0 && strcmp(ent->d_name, "..") != 0) empty = 0;
  closedir(d);
  return empty;
}

int export_dir_check(const char *dir, int force) {
  struct stat st;
  if (stat(dir, &st) != 0) {
    if (errno == ENOENT) return 0;
    err_say("wolves: export: cannot use %s: %s", dir, strerror(errno));
    return 2;
  }
  if (!S_ISDIR(st.st_mode)) {
    err_say("wolves: export: %s is not a directory", dir);
    return 2;
  }
  if (is_empty(dir)) return 0;
  char stranger[4096];
  const int r = stranger_in(dir, 1, stranger, sizeof stranger);
  if (r == 0 && force) return 0;
  if (r == 0)
    err_say("wolves: export: %s holds an earlier export: --force replaces it (vectors/, perft.json, schema/)",
            dir);
  else if (r < 0)
    err_say("wolves: export: cannot read %s: %s", dir, strerror(errno));
  else /* (never deleted: --force replaces an export, nothing else) */
    err_say("wolves: export: %s is not empty and holds %s, which export does not write: vectors are written "
            "into a new or empty directory, or with --force over an earlier export",
            dir, stranger);
  return 2;
}

int export_dir_set_aside(const char *dir, const char *tmp, strbuf *aside) {
  aside->len = 0;
  sb_printf(aside, "%s/.old", tmp);
  if (mkdir(aside->buf, 0700) != 0) return -1;
  strbuf from = {0}, to = {0};
  int err = 0;
  size_t moved = 0;
  for (; moved < NENTRIES; moved++) {
    from.len = to.len = 0;
    sb_printf(&from, "%s/%s", dir, entries[moved]);
    sb_printf(&to, "%s/%s", aside->buf, entries[moved]);
    if (rename(from.buf, to.buf) != 0 && errno != ENOENT) {
      err = errno;
      break;
    }
  }
  if (err) export_dir_put_back(dir, aside->buf);
  sb_free(&from);
  sb_free(&to);
  errno = err;
  return err ? -1 : 0;
}

void export_dir_put_back(const char *dir, const char *aside) {
  strbuf from = {0}, to = {0};
  for (size_t i = 0; i < NENTRIES; i++) {
    from.len = to.len = 0;
    sb_printf(&from, "%s/%s", aside, entries[i]);
    sb_printf(&to, "%s/%s", dir, entries[i]);
    (void)rename(from.buf, to.buf); /* (one not set aside is not there) */
  }
  (void)rmdir(aside);
  sb_free(&from);
  sb_free(&to);
}

/* Removes the *.json regular files under directory path, then each
 * directory left empty; 0, or -1 when something else was kept there. */
static int remove_json_dir(const char *path) {
  DIR *d = opendir(path);
  if (d == NULL) return errno == ENOENT ? 0 : -1;
  struct dirent *ent;
  char sub[4096];
  while ((ent = readdir(d))) {
    struct stat st;
    if (strcmp(ent->d_name, ".") == 0 || strcmp(ent->d_name, "..") == 0) continue;
    snprintf(sub, sizeof sub, "%s/%s", path, ent->d_name);
    if (lstat(sub, &st) != 0) continue;
    if (S_ISDIR(st.st_mode))
      (void)remove_json_dir(sub);
    else if (is_json(ent->d_name) && S_ISREG(st.st_mode))
      (void)unlink(sub);
  }
  closedir(d);
  return rmdir(path) == 0 ? 0 : -1;
}

void export_dir_remove_aside(const char *aside) {
  strbuf p = {0};
  int kept = 0;
  for (size_t i = 0; i < NENTRIES; i++) {
    p.len = 0;
    sb_printf(&p, "%s/%s", aside, entries[i]);
    struct stat st;
    if (lstat(p.buf, &st) != 0) continue;
    if (S_ISREG(st.st_mode))
      kept |= unlink(p.buf) != 0;
    else if (S_ISDIR(st.st_mode))
      kept |= remove_json_dir(p.buf) != 0;
    else
      kept = 1;
  }
  if (kept || rmdir(aside) != 0)
    err_say("wolves: export: warning: %s holds what the earlier export did not write: kept", aside);
  sb_free(&p);
}
