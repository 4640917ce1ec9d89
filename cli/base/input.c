/* input.c - see input.h. */
/* realpath is XSI (POSIX.1-2008 with the X/Open System Interfaces) */
#define _XOPEN_SOURCE 700
#include "base/err.h"
#include "base/input.h"
#include "strbuf.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Opens path for reading if it is a regular file.  O_NONBLOCK: opening a
 * FIFO must not wait for a writer; it is refused below like any other
 * file that could block (devices, sockets, /dev/stdin). */
FILE *file_open_regular(const char *path, const char **why) {
  const int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  struct stat st;
  *why = NULL;
  if (fd < 0) return NULL;
  if (fstat(fd, &st) != 0) st.st_mode = 0;
  if (!S_ISREG(st.st_mode)) {
    *why = S_ISDIR(st.st_mode) ? "a directory" : "not a regular file";
    close(fd);
    return NULL;
  }
  FILE *f = fdopen(fd, "rb");
  if (!f) close(fd);
  return f;
}

int file_read(const char *path, char **text, size_t *len, cli_err *e) {
  const int is_stdin = strcmp(path, "-") == 0;
  const char *why = NULL;
  FILE *f = is_stdin ? stdin : file_open_regular(path, &why);
  if (!f && why) return err_file(e, path, "cannot read file (%s)", why);
  if (!f) return err_file(e, path, "cannot read file (%s)", strerror(errno));
  size_t cap = 4096, n = 0;
  char *buf = xmalloc(cap);
  int why_not = 0; /* errno of a failed read: the system's reason, said */
  for (;;) {
    if (n + 1 >= cap) {
      if (cap > FILE_MAX) break;
      cap *= 2;
      buf = xrealloc(buf, cap);
    }
    errno = 0;
    const size_t got = fread(buf + n, 1, cap - n - 1, f);
    n += got;
    if (got == 0 && ferror(f)) why_not = errno ? errno : EIO;
    if (got == 0) break;
  }
  const int failed = ferror(f);
  if (!is_stdin) fclose(f);
  if (failed || n > FILE_MAX) {
    free(buf);
    if (failed) return err_file(e, path, "cannot read file (%s)", strerror(why_not ? why_not : EIO));
    return err_file(e, path, "%s", "file is larger than " FILE_MAX_TEXT);
  }
  buf[n] = '\0';
  *text = buf;
  *len = n;
  return 0;
}

static void push(path_list *l, char *p) {
  if (l->len == l->cap) {
    l->cap = l->cap ? l->cap * 2 : 64;
    l->paths = xrealloc(l->paths, l->cap * sizeof *l->paths);
  }
  l->paths[l->len++] = p;
}

char *path_join(const char *a, const char *b) {
  const size_t la = strlen(a), lb = strlen(b);
  const int slash = la > 0 && a[la - 1] != '/';
  char *p = xmalloc(la + slash + lb + 1);
  memcpy(p, a, la);
  if (slash) p[la] = '/';
  memcpy(p + la + slash, b, lb + 1);
  return p;
}

static int is_scenario_name(const char *name) {
  const size_t n = strlen(name);
  return (n > 5 && strcmp(name + n - 5, ".yaml") == 0) || (n > 4 && strcmp(name + n - 4, ".yml") == 0);
}

static int is_json_name(const char *name) {
  const size_t n = strlen(name);
  return n > 5 && strcmp(name + n - 5, ".json") == 0;
}

/* What a file that is neither a regular file nor a directory is. */
static const char *special_kind(mode_t mode) {
  return S_ISFIFO(mode)   ? "a FIFO"
         : S_ISSOCK(mode) ? "a socket"
         : S_ISCHR(mode)  ? "a character device"
         : S_ISBLK(mode)  ? "a block device"
                          : "not a regular file";
}

int files_names(const char *dir, path_list *out) {
  DIR *d = opendir(dir);
  if (!d) return -1;
  struct dirent *ent;
  while ((ent = readdir(d)))
    if (ent->d_name[0] != '.') push(out, path_join("", ent->d_name));
  closedir(d);
  if (out->len) qsort(out->paths, out->len, sizeof *out->paths, path_cmp);
  return 0;
}

/* Every file under dir that wanted() accepts, each directory's entries in
 * sorted order (so the reports are too).  A wanted file may be a symlink
 * to a regular file (followed); with report (a search for scenarios, not
 * for goldens), a subdirectory that cannot be read, a dangling link or a
 * symlink to a directory (not followed: it could loop) is reported on
 * stderr and counted in out->unreadable, never skipped silently.  An
 * entry that is, or links to, neither a regular file nor a directory (a
 * FIFO, a socket, a device), whatever its name, is reported and counted in
 * both searches, and never opened. */
static int collect_dir(const char *dir, path_list *out, int (*wanted)(const char *name), int report) {
  path_list names = {0};
  if (files_names(dir, &names)) return -1;
  for (size_t i = 0; i < names.len; i++) {
    const char *name = names.paths[i];
    char *p = path_join(dir, name);
    struct stat st, target;
    const int there = lstat(p, &st) == 0;
    const int linked = there && S_ISLNK(st.st_mode);
    const int followed = linked && stat(p, &target) == 0;
    if (linked && followed) st = target;
    if ((!there || (linked && !followed)) && wanted(name)) {
      if (report) err_say("wolves: cannot read '%s' (%s)", p, strerror(errno));
      out->unreadable += report;
      free(p);
    } else if (!there || (linked && !followed)) {
      free(p); /* (a dangling link to no scenario) */
    } else if (S_ISDIR(st.st_mode) && linked) {
      if (report) err_say("wolves: not following the symlinked directory '%s'", p);
      out->unreadable += report;
      free(p);
    } else if (S_ISDIR(st.st_mode)) {
      if (collect_dir(p, out, wanted, report) && report) {
        err_say("wolves: cannot read directory '%s' (%s)", p, strerror(errno));
        out->unreadable++;
      }
      free(p);
    } else if (!S_ISREG(st.st_mode)) {
      err_say("wolves: cannot read '%s' (%s%s, not a regular file)", p, linked ? "a symlink to " : "",
              special_kind(st.st_mode));
      out->unreadable++;
      free(p);
    } else if (wanted(name)) {
      push(out, p);
    } else {
      free(p);
    }
  }
  paths_free(&names);
  return 0;
}

int path_cmp(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* Sorted, whatever order the file system lists them in. */
static int collect_sorted(const char *dir, path_list *out, int (*wanted)(const char *name), int report) {
  const size_t first = out->len;
  if (collect_dir(dir, out, wanted, report)) return -1;
  if (out->len > first) qsort(out->paths + first, out->len - first, sizeof *out->paths, path_cmp);
  return 0;
}

int files_collect_json(const char *dir, path_list *out) { return collect_sorted(dir, out, is_json_name, 0); }

int files_collect(const char *path, path_list *out) {
  struct stat st;
  if (strcmp(path, "-") != 0 && stat(path, &st) != 0) return -1;
  if (strcmp(path, "-") != 0 && S_ISDIR(st.st_mode)) return collect_sorted(path, out, is_scenario_name, 1);
  const size_t n = strlen(path);
  char *p = xmalloc(n + 1);
  memcpy(p, path, n + 1);
  push(out, p);
  return 0;
}

void paths_free(path_list *l) {
  for (size_t i = 0; i < l->len; i++) free(l->paths[i]);
  free(l->paths);
  memset(l, 0, sizeof *l);
}

/* One operand; -1 after reporting it (unreadable, or a directory without
 * scenarios). */
static int collect_operand(const char *cmd, const char *path, path_list *out) {
  const size_t before = out->len, unreadable = out->unreadable;
  if (files_collect(path, out)) {
    if (cmd && strcmp(cmd, "check") == 0) { /* a FILE: judged, "FILE: error: cannot read file (...)" */
      push(out, path_join("", path));
      return 0;
    }
    char fmt[256]; /* (the system's reason, as every cannot-read message gives it) */
    snprintf(fmt, sizeof fmt, "cannot read '%%s' (%s)", strerror(errno));
    return usage_error(cmd, fmt, path), -1;
  }
  if (out->len == before && out->unreadable == unreadable && files_is_dir(path)) {
    err_say("wolves: no scenarios under '%s'", path);
    return -1;
  }
  return 0;
}

int files_collect_operands(const char *cmd, int argc, char **argv, path_list *out) {
  int stdin_operands = 0; /* standard input can be read once */
  for (int i = 0; i < argc; i++) stdin_operands += strcmp(argv[i], "-") == 0;
  if (stdin_operands > 1)
    return usage_error(cmd, "%s", "standard input ('-') is named more than once: it can be read only once"),
           -1;
  if (argc == 0 && collect_operand(cmd, "scenarios", out) == 0) return 0;
  for (int i = 0; i < argc; i++)
    if (collect_operand(cmd, argv[i], out)) {
      paths_free(out);
      return -1;
    }
  if (argc == 0) paths_free(out);
  return argc == 0 ? -1 : 0;
}

char *path_sibling(const char *file, const char *rel) {
  const char *slash = strrchr(file, '/');
  if (rel[0] == '/' || !slash || strcmp(file, "-") == 0) return path_join("", rel);
  const size_t dl = (size_t)(slash - file);
  char *dir = xmalloc(dl + 1);
  memcpy(dir, file, dl);
  dir[dl] = '\0';
  char *p = path_join(dir, rel);
  free(dir);
  return p;
}

int files_is_dir(const char *path) {
  struct stat st;
  return strcmp(path, "-") != 0 && stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

char *path_canonical(const char *path) {
  char *real = realpath(path, NULL);
  if (real) return real;
  const char *slash = strrchr(path, '/');
  char *dir = slash ? xmalloc((size_t)(slash - path) + 2) : NULL;
  if (dir) {
    memcpy(dir, path, (size_t)(slash - path) + 1);
    dir[slash - path + (slash == path)] = '\0'; /* "/x": the directory is "/" */
  }
  real = realpath(dir ? dir : ".", NULL);
  free(dir);
  char *p = real ? path_join(real, slash ? slash + 1 : path) : path_join("", path);
  free(real);
  return p;
}

char *files_installed_suite(char *buf, size_t n) {
  if (files_is_dir("scenarios")) return NULL; /* (scenarios/ here: the suite) */
  const ssize_t len = readlink("/proc/self/exe", buf, n - 1);
  if (len <= 0) return NULL;
  buf[len] = '\0';
  char *slash = strrchr(buf, '/');
  if (slash) *slash = '\0'; /* PREFIX/bin */
  slash = strrchr(buf, '/');
  if (slash == NULL || strcmp(slash, "/bin") != 0) return NULL;
  *slash = '\0';
  const size_t used = strlen(buf);
  if (snprintf(buf + used, n - used, "/share/wolves/scenarios") >= (int)(n - used)) return NULL;
  return files_is_dir(buf) ? buf : NULL;
}
