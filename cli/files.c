/* files.c - see files.h. */
#include "files.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "strbuf.h"

int file_read(const char *path, char **text, size_t *len, cli_err *e) {
  const int is_stdin = strcmp(path, "-") == 0;
  FILE *f = is_stdin ? stdin : fopen(path, "rb");
  if (!f) return err_set(e, path, 1, 1, "cannot read file (%s)", strerror(errno));
  size_t cap = 4096, n = 0;
  char *buf = xmalloc(cap);
  for (;;) {
    if (n + 1 >= cap) {
      if (cap > FILE_MAX) break;
      cap *= 2;
      buf = xrealloc(buf, cap);
    }
    const size_t got = fread(buf + n, 1, cap - n - 1, f);
    n += got;
    if (got == 0) break;
  }
  const int failed = ferror(f);
  if (!is_stdin) fclose(f);
  if (failed || n > FILE_MAX) {
    free(buf);
    if (failed) return err_set(e, path, 1, 1, "cannot read file");
    return err_set(e, path, 1, 1, "file is larger than 4 MiB");
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

static char *join(const char *a, const char *b) {
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

static int collect_dir(const char *dir, path_list *out, int (*wanted)(const char *name)) {
  DIR *d = opendir(dir);
  if (!d) return -1;
  struct dirent *ent;
  while ((ent = readdir(d))) {
    if (ent->d_name[0] == '.') continue;
    char *p = join(dir, ent->d_name);
    struct stat st;
    if (lstat(p, &st) == 0 && S_ISDIR(st.st_mode)) {
      collect_dir(p, out, wanted);
      free(p);
    } else if (lstat(p, &st) == 0 && S_ISREG(st.st_mode) && wanted(ent->d_name)) {
      push(out, p);
    } else {
      free(p);
    }
  }
  closedir(d);
  return 0;
}

int path_cmp(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* Sorted, whatever order the file system lists them in. */
static int collect_sorted(const char *dir, path_list *out, int (*wanted)(const char *name)) {
  const size_t first = out->len;
  if (collect_dir(dir, out, wanted)) return -1;
  if (out->len > first) qsort(out->paths + first, out->len - first, sizeof *out->paths, path_cmp);
  return 0;
}

int files_collect_json(const char *dir, path_list *out) { return collect_sorted(dir, out, is_json_name); }

int files_collect(const char *path, path_list *out) {
  struct stat st;
  if (strcmp(path, "-") != 0 && stat(path, &st) != 0) return -1;
  if (strcmp(path, "-") != 0 && S_ISDIR(st.st_mode)) return collect_sorted(path, out, is_scenario_name);
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

const char *files_collect_operands(int argc, char **argv, path_list *out) {
  if (argc == 0) return files_collect("scenarios", out) ? (paths_free(out), "scenarios") : NULL;
  for (int i = 0; i < argc; i++)
    if (files_collect(argv[i], out)) {
      paths_free(out);
      return argv[i];
    }
  return NULL;
}

char *path_sibling(const char *file, const char *rel) {
  const char *slash = strrchr(file, '/');
  if (rel[0] == '/' || !slash || strcmp(file, "-") == 0) return join("", rel);
  const size_t dl = (size_t)(slash - file);
  char *dir = xmalloc(dl + 1);
  memcpy(dir, file, dl);
  dir[dl] = '\0';
  char *p = join(dir, rel);
  free(dir);
  return p;
}

int files_is_dir(const char *path) {
  struct stat st;
  return strcmp(path, "-") != 0 && stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}
