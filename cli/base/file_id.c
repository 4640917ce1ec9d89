/* file_id.c - see file_id.h. */
/* realpath is XSI (POSIX.1-2008 with the X/Open System Interfaces) */
#define _XOPEN_SOURCE 700
#include "base/file_id.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/input.h"
#include "base/options.h"
#include "strbuf.h"

/* ---- which file a name names ---- */

/* N when path names this process's open file N (/dev/fd/N,
 * /proc/self/fd/N, /dev/stdout, ...), else -1. */
static int fd_name(const char *p) {
  static const char *const std[] = {"/dev/stdin", "/dev/stdout", "/dev/stderr"};
  static const char *const dirs[] = {"/dev/fd/", "/proc/self/fd/", "/proc/thread-self/fd/"};
  for (int i = 0; i < 3; i++)
    if (strcmp(p, std[i]) == 0) return i;
  char own[64];
  snprintf(own, sizeof own, "/proc/%ld/fd/", (long)getpid());
  const char *rest = strncmp(p, own, strlen(own)) == 0 ? p + strlen(own) : NULL;
  for (int i = 0; i < 3 && !rest; i++)
    if (strncmp(p, dirs[i], strlen(dirs[i])) == 0) rest = p + strlen(dirs[i]);
  uint64_t n;
  return rest && number_option(rest, 0, INT_MAX, &n) == 0 ? (int)n : -1;
}

/* Follows the symlinks path's last component names (at most 40): the name
 * the file has, or gets when it is created (a dangling link is followed,
 * never replaced), malloc'ed.  *fd: N when a name on the way is this
 * process's open file N (fd_name), else -1.  NULL with errno ELOOP. */
char *file_final_name(const char *path, int *fd) {
  char *p = path_join("", path);
  for (int hops = 0; hops < 40; hops++) {
    struct stat st;
    char target[PATH_MAX];
    if ((*fd = fd_name(p)) >= 0 || lstat(p, &st) != 0 || !S_ISLNK(st.st_mode)) return p;
    const ssize_t n = readlink(p, target, sizeof target - 1);
    if (n < 0) return p;
    target[n] = '\0';
    char *next = path_sibling(p, target);
    free(p);
    p = next;
  }
  free(p);
  errno = ELOOP;
  return NULL;
}

void file_id_get(file_id *id, const char *path) {
  struct stat st;
  memset(id, 0, sizeof *id);
  id->exists = strcmp(path, "-") == 0 ? fstat(STDIN_FILENO, &st) == 0 : stat(path, &st) == 0;
  if (id->exists) {
    id->dev = st.st_dev;
    id->ino = st.st_ino;
    id->mode = st.st_mode;
    return;
  }
  int fd;
  char *name = file_final_name(path, &fd);
  id->canon = path_canonical(name ? name : path);
  free(name);
}

void file_id_free(file_id *id) {
  free(id->canon);
  id->canon = NULL;
}

/* A terminal, /dev/null or a socket may be read and written at once:
 * writing one destroys nothing. */
static int shareable(const file_id *id) { return id->exists && (S_ISCHR(id->mode) || S_ISSOCK(id->mode)); }

static int id_cmp(const file_id *a, const file_id *b) {
  if (a->exists != b->exists) return a->exists ? -1 : 1;
  if (!a->exists) return strcmp(a->canon, b->canon);
  if (a->dev != b->dev) return a->dev < b->dev ? -1 : 1;
  return a->ino < b->ino ? -1 : a->ino > b->ino;
}

int file_id_same(const file_id *a, const file_id *b) { return id_cmp(a, b) == 0 && !shareable(a); }

int file_id_names(const file_id *id, const char *path) {
  struct stat st;
  if (id->exists) /* (a file not there cannot be it: no name to canonicalise) */
    return stat(path, &st) == 0 && st.st_dev == id->dev && st.st_ino == id->ino && !shareable(id);
  file_id other;
  file_id_get(&other, path);
  const int same = file_id_same(id, &other);
  file_id_free(&other);
  return same;
}

/* ---- outputs never destroy inputs ---- */

struct io_file {
  file_id id;
  char *who, *what; /* who: an output's subject in the refusal */
  int output;
  size_t order; /* as added */
};

static void io_add(io_files *l, const char *path, int output, const char *who, const char *what) {
  if (l->len == l->cap) {
    l->cap = l->cap ? l->cap * 2 : 16;
    l->f = xrealloc(l->f, l->cap * sizeof *l->f);
  }
  struct io_file *f = &l->f[l->len];
  file_id_get(&f->id, path);
  f->who = who ? path_join("", who) : NULL;
  f->what = path_join("", what);
  f->output = output;
  f->order = l->len++;
}

void io_input(io_files *l, const char *path, const char *what) { io_add(l, path, 0, NULL, what); }

void io_output(io_files *l, const char *path, const char *who, const char *what) {
  io_add(l, path, 1, who, what);
}

/* One file's names together: inputs first, then outputs, each as added. */
static int io_cmp(const void *a, const void *b) {
  const struct io_file *x = a, *y = b;
  const int c = id_cmp(&x->id, &y->id);
  if (c) return c;
  if (x->output != y->output) return x->output - y->output;
  return x->order < y->order ? -1 : x->order > y->order;
}

int io_refuse(io_files *l) {
  if (l->len) qsort(l->f, l->len, sizeof *l->f, io_cmp);
  const struct io_file *worst = NULL, *of = NULL;
  for (size_t i = 0, head = 0; i < l->len; i++) {
    if (id_cmp(&l->f[head].id, &l->f[i].id) != 0) head = i;
    const struct io_file *f = &l->f[i];
    if (i != head && f->output && !shareable(&f->id) && (!worst || f->order < worst->order)) {
      worst = f;
      of = &l->f[head];
    }
  }
  if (worst) err_say("%s would overwrite %s", worst->who, of->what);
  return worst ? 2 : 0;
}

int io_named(const io_files *l, const char *path) {
  file_id id;
  file_id_get(&id, path);
  int named = 0;
  for (size_t i = 0; i < l->len && !named; i++) named = file_id_same(&l->f[i].id, &id);
  file_id_free(&id);
  return named;
}

static void io_file_free(struct io_file *f) {
  file_id_free(&f->id);
  free(f->who);
  free(f->what);
}

void io_truncate(io_files *l, size_t n) {
  size_t k = 0;
  for (size_t i = 0; i < l->len; i++) {
    if (l->f[i].order < n)
      l->f[k++] = l->f[i];
    else
      io_file_free(&l->f[i]);
  }
  l->len = k;
}

void io_free(io_files *l) {
  for (size_t i = 0; i < l->len; i++) io_file_free(&l->f[i]);
  free(l->f);
  memset(l, 0, sizeof *l);
}
