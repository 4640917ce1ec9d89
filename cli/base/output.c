/* output.c - see output.h. */
/* realpath is XSI (POSIX.1-2008 with the X/Open System Interfaces) */
#define _XOPEN_SOURCE 700
#include "base/output.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
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

#include "base/file_id.h"
#include "base/input.h"
#include "strbuf.h"

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
  FILE *f = file_open_regular(path, &why);
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

int write_whole(int fd, const char *text, size_t len) {
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
 * async-signal-safe) and ends as the signal would have: the action it had
 * before is put back and the signal raised again (the default: death; or
 * the engine client's handler, which first kills the checker's engine). */

#define TMP_SLOTS 80 /* more than the most writers at once (--jobs 64 + main) */
#define TMP_NAME_MAX 4096
static char tmp_name[TMP_SLOTS][TMP_NAME_MAX];
static volatile sig_atomic_t tmp_used[TMP_SLOTS];
static pthread_mutex_t tmp_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t tmp_once = PTHREAD_ONCE_INIT;

static volatile sig_atomic_t tmp_dying;
static const int tmp_signals[] = {SIGINT, SIGTERM, SIGHUP};
#define TMP_SIGNALS (sizeof tmp_signals / sizeof *tmp_signals)
static struct sigaction tmp_before[TMP_SIGNALS]; /* each one's action before tmp_cleanup */

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
  for (size_t k = 0; k < TMP_SIGNALS; k++)
    if (tmp_signals[k] == sig) sigaction(sig, &tmp_before[k], NULL);
  raise(sig); /* (pending while this runs, delivered as it returns) */
}

static void tmp_handlers(void) {
  for (size_t i = 0; i < TMP_SIGNALS; i++) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = tmp_cleanup;
    sigemptyset(&sa.sa_mask);
    /* (a signal ignored when we started, as under nohup, stays ignored) */
    if (sigaction(tmp_signals[i], NULL, &tmp_before[i]) == 0 && tmp_before[i].sa_handler != SIG_IGN)
      sigaction(tmp_signals[i], &sa, NULL);
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
  int rc = write_whole(fd, text, len);
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
  const int rc = write_whole(fd, text, len);
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
  char *name = file_final_name(path, &fd);
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

int stdout_failed(int err) {
  err_say("wolves: cannot write standard output: %s", err ? strerror(err) : "write error");
  return 2;
}

int stdout_write(const strbuf *sb) {
  return sb->len && (fwrite(sb->buf, 1, sb->len, stdout) != sb->len || fflush(stdout) != 0) ? 2 : 0;
}
