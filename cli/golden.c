/* golden.c - see golden.h. */
#include "golden.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "err.h"
#include "strbuf.h"

static char *copy(const char *s, size_t n) {
  char *p = xmalloc(n + 1);
  memcpy(p, s, n);
  p[n] = '\0';
  return p;
}

/* Start of the last directory component named "scenarios", or NULL. */
static const char *scenarios_dir(const char *path) {
  const char *found = NULL;
  for (const char *p = path; (p = strstr(p, "scenarios/")); p++)
    if (p == path || p[-1] == '/') found = p;
  return found;
}

char *golden_path(const char *scenario_path) {
  if (strcmp(scenario_path, "-") == 0) return NULL;
  const char *dir = scenarios_dir(scenario_path);
  const char *base = strrchr(scenario_path, '/');
  base = base ? base + 1 : scenario_path;
  const char *dot = strrchr(base, '.');
  size_t stem = dot && dot != base ? (size_t)(dot - scenario_path) : strlen(scenario_path);
  const int json = dot && strcmp(dot, ".json") == 0;
  strbuf sb = {0};
  if (dir) {
    sb_putn(&sb, scenario_path, (size_t)(dir - scenario_path));
    sb_puts(&sb, "golden/");
    const char *rest = dir + strlen("scenarios/");
    sb_putn(&sb, rest, stem - (size_t)(rest - scenario_path));
    sb_puts(&sb, ".json");
  } else {
    sb_putn(&sb, scenario_path, stem);
    sb_puts(&sb, json ? ".golden.json" : ".json");
  }
  return sb.buf;
}

static int same_content(const char *path, const char *text, size_t len, int *exists) {
  FILE *f = fopen(path, "rb");
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
  char *p = copy(path, strlen(path));
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
    if (n == 0) errno = ENOSPC; /* no progress and no reason given */
    if (n <= 0) return -1;
    text += n;
    len -= (size_t)n;
  }
  return 0;
}

static void sync_dir(const char *path) {
  const char *slash = strrchr(path, '/');
  char *dir = slash ? copy(path, (size_t)(slash - path)) : copy(".", 1);
  const int fd = open(*dir ? dir : "/", O_RDONLY);
  if (fd >= 0) {
    fsync(fd); /* makes the rename durable; best effort */
    close(fd);
  }
  free(dir);
}

/* The mode the golden gets: the old file's, else 0644 (not from the umask:
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
  char *dir = slash ? copy(path, (size_t)(slash - path) + (slash == path)) : copy(".", 1);
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

static int write_file(const char *path, const char *text, size_t len, golden_change *change, int dirs) {
  remove_stale(path);
  int exists;
  if (same_content(path, text, len, &exists)) {
    *change = GOLDEN_UNCHANGED;
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
    *change = exists ? GOLDEN_UPDATED : GOLDEN_CREATED;
  }
  sb_free(&tmp);
  return rc;
}

int golden_write(const char *path, const char *text, size_t len, golden_change *change) {
  return write_file(path, text, len, change, 1);
}

int golden_save(const char *path, const char *text, size_t len, golden_change *change, int dirs) {
  golden_change ignored;
  const int rc = write_file(path, text, len, change ? change : &ignored, dirs);
  if (rc) err_say("wolves: cannot write %s: %s", path, strerror(errno));
  return rc;
}

const char *golden_change_name(golden_change c) {
  static const char *const names[] = {"unchanged", "created", "updated"};
  return c >= GOLDEN_UNCHANGED && c <= GOLDEN_UPDATED ? names[c] : "?";
}
