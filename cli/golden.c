/* golden.c - see golden.h. */
#include "golden.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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

static int write_file(const char *path, const char *text, size_t len, golden_change *change, int dirs) {
  int exists;
  if (same_content(path, text, len, &exists)) {
    *change = GOLDEN_UNCHANGED;
    return 0;
  }
  if (dirs && make_dirs(path)) return -1;
  strbuf tmp = {0};
  sb_printf(&tmp, "%s.tmpXXXXXX", path);
  const int fd = mkstemp(tmp.buf);
  if (fd < 0) {
    sb_free(&tmp);
    return -1;
  }
  int rc = write_all(fd, text, len);
  if (rc == 0) rc = fsync(fd);
  if (close(fd) != 0) rc = -1;
  if (rc == 0) rc = chmod(tmp.buf, golden_mode(path));
  if (rc == 0) rc = rename(tmp.buf, path);
  if (rc != 0) {
    const int saved = errno;
    unlink(tmp.buf);
    errno = saved;
  } else {
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
