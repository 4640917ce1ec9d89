/* files.c - see files.h. */
/* realpath is XSI (POSIX.1-2008 with the X/Open System Interfaces) */
#define _XOPEN_SOURCE 700
#include "base/files.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include "base/err.h"
#include "base/options.h"
#include "strbuf.h"

/* Opens path for reading if it is a regular file.  O_NONBLOCK: opening a
 * FIFO must not wait for a writer; it is refused below like any other
 * file that could block (devices, sockets, /dev/stdin). */
static FILE *open_regular(const char *path, const char **why) {
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
  FILE *f = is_stdin ? stdin : open_regular(path, &why);
  if (!f && why) return err_file(e, path, "cannot read file (%s)", why);
  if (!f) return err_file(e, path, "cannot read file (%s)", strerror(errno));
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
    if (failed) return err_file(e, path, "%s", "cannot read file");
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
    if (ent->d_name[0] != '.') push(out, join("", ent->d_name));
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
    char *p = join(dir, name);
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
      push(out, join("", path));
      return 0;
    }
    return usage_error(cmd, "cannot read '%s'", path), -1;
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
  char *p = real ? join(real, slash ? slash + 1 : path) : join("", path);
  free(real);
  return p;
}

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
static char *final_name(const char *path, int *fd) {
  char *p = join("", path);
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
  char *name = final_name(path, &fd);
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
  f->who = who ? join("", who) : NULL;
  f->what = join("", what);
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

void io_free(io_files *l) {
  for (size_t i = 0; i < l->len; i++) {
    file_id_free(&l->f[i].id);
    free(l->f[i].who);
    free(l->f[i].what);
  }
  free(l->f);
  memset(l, 0, sizeof *l);
}

/* ---- writing outputs: atomic replace, or a stream ---- */

static char *copy_n(const char *s, size_t n) {
  char *p = xmalloc(n + 1);
  memcpy(p, s, n);
  p[n] = '\0';
  return p;
}

/* Does the regular file at path hold text?  *exists: is there one.  (Read
 * as inputs are: what is not a regular file is never opened blocking.) */
static int same_content(const char *path, const char *text, size_t len, int *exists) {
  const char *why;
  FILE *f = open_regular(path, &why);
  *exists = f != NULL;
  if (!f) return 0;
  char buf[8192];
  size_t off = 0, n;
  int same = 1;
  while (same && (n = fread(buf, 1, sizeof buf, f)) > 0) {
    same = off + n <= len && memcmp(buf, text + off, n) == 0;
    off += n;
  }
  fclose(f);
  return same && off == len;
}

static int make_dirs(const char *path) {
  char *p = copy_n(path, strlen(path));
  for (char *s = strchr(p + 1, '/'); s; s = strchr(s + 1, '/')) {
    *s = '\0';
    if (mkdir(p, 0777) != 0 && errno != EEXIST) {
      free(p);
      return -1;
    }
    *s = '/';
  }
  free(p);
  return 0;
}

static int write_all(int fd, const char *text, size_t len) {
  while (len > 0) {
    const ssize_t n = write(fd, text, len);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) { /* a stream someone left non-blocking */
      struct pollfd p = {fd, POLLOUT, 0};
      poll(&p, 1, -1);
      continue;
    }
    if (n == 0) errno = ENOSPC; /* no progress and no reason given */
    if (n <= 0) return -1;
    text += n;
    len -= (size_t)n;
  }
  return 0;
}

static void sync_dir(const char *path) {
  const char *slash = strrchr(path, '/');
  char *dir = slash ? copy_n(path, (size_t)(slash - path)) : copy_n(".", 1);
  const int fd = open(*dir ? dir : "/", O_RDONLY);
  if (fd >= 0) {
    fsync(fd); /* makes the rename durable; best effort */
    close(fd);
  }
  free(dir);
}

/* The mode the file gets: the old file's, else 0644 (not from the umask:
 * reading it means setting it, which races with other threads). */
static mode_t golden_mode(const char *path) {
  struct stat st;
  if (stat(path, &st) == 0 && S_ISREG(st.st_mode)) return st.st_mode & 07777;
  return 0644;
}

/* ---- temporary files: removed on SIGINT, SIGTERM and SIGHUP ----
 * The one exception to "no globals": a signal handler can reach only
 * static storage.  Each thread writing a file holds one slot with its
 * temporary file's name; the handler unlinks those (unlink is
 * async-signal-safe) and dies of the signal as it would have. */

#define TMP_SLOTS 80 /* more than the most writers at once (--jobs 64 + main) */
#define TMP_NAME_MAX 4096
static char tmp_name[TMP_SLOTS][TMP_NAME_MAX];
static volatile sig_atomic_t tmp_used[TMP_SLOTS];
static pthread_mutex_t tmp_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t tmp_once = PTHREAD_ONCE_INIT;

static volatile sig_atomic_t tmp_dying;

static int tmp_busy(void) {
  for (int i = 0; i < TMP_SLOTS; i++)
    if (tmp_used[i]) return 1;
  return 0;
}

/* Other threads may be making or writing a temporary file right now, and
 * a thread killed inside open(O_CREAT) would leave one: they see
 * tmp_dying, remove their own and give their slots back; after at most
 * 200 ms (the handler's own thread may hold one) the rest is unlinked
 * here. */
static void tmp_cleanup(int sig) {
  tmp_dying = 1;
  const struct timespec ms = {0, 1000 * 1000};
  for (int waited = 0; waited < 200 && tmp_busy(); waited++) nanosleep(&ms, NULL);
  for (int i = 0; i < TMP_SLOTS; i++)
    if (tmp_used[i]) unlink(tmp_name[i]);
  signal(sig, SIG_DFL);
  raise(sig);
}

static void tmp_handlers(void) {
  const int sigs[] = {SIGINT, SIGTERM, SIGHUP};
  for (size_t i = 0; i < sizeof sigs / sizeof *sigs; i++) {
    struct sigaction sa, old;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = tmp_cleanup;
    sigemptyset(&sa.sa_mask);
    /* (a signal ignored when we started, as under nohup, stays ignored) */
    if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN) sigaction(sigs[i], &sa, NULL);
  }
}

/* A signal came while this thread was writing: it removes its temporary
 * file (if it made one), gives its slot back and waits for the handler's
 * thread to end the process, reporting nothing. */
static void tmp_wait_for_death(int fd, int slot) {
  if (fd >= 0) {
    close(fd);
    unlink(tmp_name[slot]);
  }
  tmp_used[slot] = 0;
  for (;;) pause();
}

/* mkstemp on the template in a slot the handler sees; -1 if none is free. */
static int tmp_open(const char *template, int *slot) {
  pthread_once(&tmp_once, tmp_handlers);
  *slot = -1;
  if (strlen(template) >= TMP_NAME_MAX) return errno = ENAMETOOLONG, -1;
  pthread_mutex_lock(&tmp_lock);
  for (int i = 0; i < TMP_SLOTS && *slot < 0; i++)
    if (!tmp_used[i]) {
      *slot = i;
      strcpy(tmp_name[i], template);
      tmp_used[i] = 1; /* (the name is there first: the handler may unlink a file not made yet) */
    }
  pthread_mutex_unlock(&tmp_lock);
  if (*slot < 0) return errno = EAGAIN, -1;
  const int fd = tmp_dying ? -1 : mkstemp(tmp_name[*slot]);
  if (tmp_dying) tmp_wait_for_death(fd, *slot);
  if (fd < 0) tmp_used[*slot] = 0;
  return fd;
}

static void tmp_release(int slot) {
  pthread_mutex_lock(&tmp_lock);
  tmp_used[slot] = 0;
  pthread_mutex_unlock(&tmp_lock);
}

/* Removes the temporary files an earlier run left beside path (killed
 * before it could: SIGKILL, power loss): PATH.tmpXXXXXX older than a
 * minute, so a run blessing the same file right now keeps its own. */
static void remove_stale(const char *path) {
  const char *slash = strrchr(path, '/');
  const char *base = slash ? slash + 1 : path;
  const size_t blen = strlen(base);
  char *dir = slash ? copy_n(path, (size_t)(slash - path) + (slash == path)) : copy_n(".", 1);
  DIR *d = opendir(dir);
  const time_t now = time(NULL);
  struct dirent *ent;
  while (d && (ent = readdir(d))) {
    const char *n = ent->d_name;
    if (strncmp(n, base, blen) != 0 || strncmp(n + blen, ".tmp", 4) != 0 || strlen(n + blen + 4) != 6)
      continue;
    strbuf p = {0};
    sb_printf(&p, "%s/%s", dir, n);
    struct stat st;
    if (lstat(p.buf, &st) == 0 && S_ISREG(st.st_mode) && now - st.st_mtime > 60) unlink(p.buf);
    sb_free(&p);
  }
  if (d) closedir(d);
  free(dir);
}

static int replace_file(const char *path, const char *text, size_t len, file_change *change, int dirs) {
  remove_stale(path);
  int exists;
  if (same_content(path, text, len, &exists)) {
    *change = FILE_UNCHANGED;
    return 0;
  }
  if (dirs && make_dirs(path)) return -1;
  strbuf tmp = {0};
  sb_printf(&tmp, "%s.tmpXXXXXX", path);
  int slot;
  const int fd = tmp_open(tmp.buf, &slot);
  if (fd < 0) {
    sb_free(&tmp);
    return -1;
  }
  memcpy(tmp.buf, tmp_name[slot], tmp.len); /* the name mkstemp made */
  int rc = write_all(fd, text, len);
  if (rc == 0) rc = fsync(fd);
  if (close(fd) != 0) rc = -1;
  if (rc == 0) rc = chmod(tmp.buf, golden_mode(path));
  if (tmp_dying) { /* a signal came: leave nothing behind */
    unlink(tmp.buf);
    tmp_wait_for_death(-1, slot);
  }
  if (rc == 0) rc = rename(tmp.buf, path);
  if (rc != 0) {
    const int saved = errno;
    unlink(tmp.buf);
    errno = saved;
  }
  tmp_release(slot);
  if (rc == 0) {
    sync_dir(path);
    *change = exists ? FILE_UPDATED : FILE_CREATED;
  }
  sb_free(&tmp);
  return rc;
}

/* ---- streams: FIFOs, devices, sockets, open files ---- */

#define FIFO_WAIT_MS 1000 /* how long a FIFO may take to get a reader */

/* A Unix-domain socket: connected as a stream (else as datagrams); a
 * socket nobody listens on is ENXIO, as a FIFO without a reader. */
static int open_socket(const char *path) {
  struct sockaddr_un a;
  memset(&a, 0, sizeof a);
  a.sun_family = AF_UNIX;
  if (strlen(path) >= sizeof a.sun_path) return errno = ENAMETOOLONG, -1;
  memcpy(a.sun_path, path, strlen(path));
  int err = 0;
  for (int type = 0; type < 2; type++) {
    const int fd = socket(AF_UNIX, type ? SOCK_DGRAM : SOCK_STREAM, 0);
    if (fd < 0) return -1;
    if (connect(fd, (const struct sockaddr *)&a, sizeof a) == 0) return fd;
    err = errno;
    close(fd);
    if (err != EPROTOTYPE) break;
  }
  errno = err == ECONNREFUSED ? ENXIO : err;
  return -1;
}

/* Opens a FIFO or a device for writing without waiting: a FIFO without a
 * reader (after FIFO_WAIT_MS, for one starting up) is ENXIO; then the
 * writes block as on any stream. */
static int open_stream(const char *path, const struct stat *st) {
  if (S_ISSOCK(st->st_mode)) return open_socket(path);
  const struct timespec tick = {0, 10 * 1000 * 1000};
  for (int waited = 0;; waited += 10) {
    const int fd = open(path, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd >= 0) {
      const int flags = fcntl(fd, F_GETFL);
      if (flags >= 0) fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
      return fd;
    }
    if (errno == EINTR) continue;
    if (errno != ENXIO) return -1;
    if (!S_ISFIFO(st->st_mode)) return errno = ENODEV, -1; /* a device without its driver */
    if (waited >= FIFO_WAIT_MS) return -1;
    nanosleep(&tick, NULL);
  }
}

/* SIGPIPE held around a write: a reader that went away is EPIPE, an error
 * like any other, not the death of the process. */
typedef struct {
  sigset_t pipe_set, old;
  int was_pending;
} pipe_hold;

static void hold_sigpipe(pipe_hold *h) {
  sigset_t pending;
  sigemptyset(&h->pipe_set);
  sigaddset(&h->pipe_set, SIGPIPE);
  pthread_sigmask(SIG_BLOCK, &h->pipe_set, &h->old);
  h->was_pending = sigpending(&pending) == 0 && sigismember(&pending, SIGPIPE);
}

/* epipe: the write failed with EPIPE, and its SIGPIPE is taken. */
static void release_sigpipe(pipe_hold *h, int epipe) {
  const int err = errno;
  if (epipe && !h->was_pending) {
    const struct timespec now = {0, 0};
    sigtimedwait(&h->pipe_set, NULL, &now); /* this write's SIGPIPE, taken */
  }
  pthread_sigmask(SIG_SETMASK, &h->old, NULL);
  errno = err;
}

static int write_stream(int fd, const char *text, size_t len) {
  pipe_hold h;
  hold_sigpipe(&h);
  const int rc = write_all(fd, text, len);
  release_sigpipe(&h, rc && errno == EPIPE);
  return rc;
}

ssize_t write_no_sigpipe(int fd, const void *buf, size_t n) {
  pipe_hold h;
  hold_sigpipe(&h);
  const ssize_t w = write(fd, buf, n);
  release_sigpipe(&h, w < 0 && errno == EPIPE);
  return w;
}

/* Opens path (a FIFO, a device or a socket: st), writes text, closes. */
static int stream_to(const char *path, const struct stat *st, const char *text, size_t len) {
  const int fd = open_stream(path, st);
  if (fd < 0) return -1;
  int rc = write_stream(fd, text, len);
  const int err = errno;
  if (close(fd) != 0 && rc == 0) return -1;
  errno = err;
  return rc;
}

int file_write(const char *path, const char *text, size_t len, int dirs, file_change *change) {
  file_change ignored;
  int fd, rc;
  struct stat st;
  char *name = final_name(path, &fd);
  if (name == NULL) return -1;
  if (fd >= 0) {  /* this process's open file: written where it stands, */
    fflush(NULL); /* after what stdout and stderr hold */
    rc = write_stream(fd, text, len);
  } else if (stat(name, &st) != 0 || S_ISREG(st.st_mode)) {
    rc = replace_file(name, text, len, change ? change : &ignored, dirs);
    change = NULL; /* (replace_file said what it did) */
  } else if (S_ISDIR(st.st_mode)) {
    rc = -1;
    errno = EISDIR;
  } else {
    rc = stream_to(name, &st, text, len);
  }
  if (rc == 0 && change) *change = FILE_UPDATED;
  free(name);
  return rc;
}

const char *file_strerror(int err) {
  if (err == ENXIO) return "nothing reads it (a FIFO without a reader, or a socket nobody listens on)";
  return strerror(err);
}

int file_save(const char *path, const char *text, size_t len, int dirs, file_change *change) {
  const int rc = file_write(path, text, len, dirs, change);
  if (rc) err_say("wolves: cannot write %s: %s", path, file_strerror(errno));
  return rc;
}
