/* engine_client.c - see engine_client.h.  The pipes are non-blocking and
 * every wait is a poll(2) bounded by the request's deadline, so neither a
 * full pipe (an engine that does not read) nor a silent engine can hang
 * the checker; the engine is looked at while the checker waits, so one
 * that exited is said to have exited, also when a process it left holds
 * its output open.  SIGPIPE is held around each write to the engine (one
 * that exited is EPIPE, write_no_sigpipe), and the engine starts with
 * every signal at its default and unblocked.  Every engine running is in
 * one registry, which a signal that ends the checker kills and reaps. */
#include "protocol/engine_client.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "base/output.h"
#include "base/progress.h"
#include "bounds.h"
#include "json.h"
#include "state_doc.h"

static const char *const capability_names[] = {"new_game", "load", "legal",    "clauses", "events", "state",
                                               "scores",   "data", "readings", "judge",   NULL};

const char *engine_capability_name(int i) {
  return i >= 0 && i < (int)(sizeof capability_names / sizeof *capability_names) ? capability_names[i] : NULL;
}

const char *const engine_default_fields[ENGINE_STATE_FIELDS] = {
    "phase", "turn",   "current", "actions_taken", "first_player", "draft_step",
    "board", "pieces", "players", "moon",          "supply"};

#define QUIT_WAIT 1.0     /* seconds an engine gets to exit after quit */
#define GONE_WAIT 2.0     /* seconds an engine that closed a pipe gets to exit, to say how it ended */
#define LOOK_MS 100       /* how often a wait looks whether the engine exited */
#define SHOWN_REQUEST 160 /* bytes of a request an error quotes */

/* ---- the engines running: killed and reaped when a signal ends the checker ----
 * wolves-engine(5) promises that the engine is always reaped.  It runs in
 * a process group of its own (the terminal's ^C reaches only the
 * checker), so when the checker dies of SIGINT, SIGTERM, SIGHUP, or
 * SIGPIPE writing its own output, nothing else would stop it.  The one
 * static state of the client, because a signal handler reaches nothing
 * else: the process group of each engine running (the pid of its shell),
 * a slot written only with those signals blocked, so the handler sees it
 * whole.  The handler does only async-signal-safe things: it kills each
 * group (SIGKILL, which no engine can catch, so the reaping cannot wait),
 * reaps each shell, puts back the action the signal had before and raises
 * it again, so the checker ends as it would have (the default: dies of
 * it, with the conventional status; output.c's handler, set after this
 * one, removes a temporary file and then does the same).  A signal that
 * was ignored when the checker started (nohup) stays ignored. */
#define ENGINE_GROUPS 8 /* engines running at once (wolves conform runs one) */
static volatile pid_t running[ENGINE_GROUPS];
static const int fatal_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGPIPE};
#define FATAL_SIGNALS (sizeof fatal_signals / sizeof *fatal_signals)
static struct sigaction fatal_before[FATAL_SIGNALS]; /* each one's action before the handler's */
static int fatal_handled;                            /* the handler is set (once, by engine_start) */

static void kill_engines_and_die(int sig) {
  const int saved = errno;
  for (size_t i = 0; i < ENGINE_GROUPS; i++)
    if (running[i] > 0) kill(-running[i], SIGKILL);
  for (size_t i = 0; i < ENGINE_GROUPS; i++) {
    if (running[i] <= 0) continue;
    while (waitpid(running[i], NULL, 0) < 0 && errno == EINTR) {
    }
    running[i] = 0;
  }
  for (size_t k = 0; k < FATAL_SIGNALS; k++)
    if (fatal_signals[k] == sig) sigaction(sig, &fatal_before[k], NULL);
  raise(sig); /* (pending while this runs, delivered as it returns) */
  errno = saved;
}

/* Blocks the signals the handler takes; *old: the mask to put back. */
static void hold_fatal(sigset_t *old) {
  sigset_t set;
  sigemptyset(&set);
  for (size_t k = 0; k < FATAL_SIGNALS; k++) sigaddset(&set, fatal_signals[k]);
  pthread_sigmask(SIG_BLOCK, &set, old);
}

static void release_fatal(const sigset_t *old) { pthread_sigmask(SIG_SETMASK, old, NULL); }

/* Sets the handler (the first time; the signals held). */
static void handle_fatal(void) {
  if (fatal_handled) return;
  fatal_handled = 1;
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = kill_engines_and_die;
  sigemptyset(&sa.sa_mask);
  for (size_t k = 0; k < FATAL_SIGNALS; k++) sigaddset(&sa.sa_mask, fatal_signals[k]);
  for (size_t k = 0; k < FATAL_SIGNALS; k++)
    if (sigaction(fatal_signals[k], NULL, &fatal_before[k]) == 0 && fatal_before[k].sa_handler != SIG_IGN)
      sigaction(fatal_signals[k], &sa, NULL);
}

/* A free slot of the registry, or -1 when it is full (the signals held). */
static int free_slot(void) {
  for (int i = 0; i < ENGINE_GROUPS; i++)
    if (running[i] == 0) return i;
  return -1;
}

static void unregister_engine(pid_t pid) {
  for (size_t i = 0; i < ENGINE_GROUPS; i++)
    if (running[i] == pid) running[i] = 0;
}

/* ---- waiting on the engine ---- */

/* A pipe whose ends close on exec (the engine gets only its own ends). */
static int pipe_cloexec(int fd[2]) {
  if (pipe(fd) != 0) return -1;
  fcntl(fd[0], F_SETFD, FD_CLOEXEC);
  fcntl(fd[1], F_SETFD, FD_CLOEXEC);
  return 0;
}

/* Milliseconds left until deadline, for poll (at least 0). */
static int left_ms(double deadline) {
  const double left = deadline - progress_clock();
  return left <= 0 ? 0 : left > 1e6 ? 1000000000 : (int)(left * 1000) + 1;
}

/* Has the engine (the process started: its shell) ended?  Waits for it
 * when wait, else only looks.  Once it has, its wait status is kept
 * (c->status; -1 when another reaped it), what it left running in its
 * group is killed at once (while the group's number is still its own) and
 * it leaves the registry: 1.  0 while it runs. */
static int reap(engine_client *c, int wait) {
  if (c->pid <= 0) return c->ended;
  sigset_t old;
  hold_fatal(&old); /* (the handler never reaps it too, nor kills a group reaped here) */
  int status = 0;
  pid_t r;
  while ((r = waitpid(c->pid, &status, wait ? 0 : WNOHANG)) < 0 && errno == EINTR) {
  }
  if (r != 0) {
    kill(-c->pid, SIGKILL);
    unregister_engine(c->pid);
    c->pid = 0;
    c->ended = 1;
    c->status = r < 0 ? -1 : status;
  }
  release_fatal(&old);
  return c->ended;
}

/* Waits up to seconds for the engine to end: 1 when it has, else 0. */
static int ends_within(engine_client *c, double seconds) {
  const double deadline = progress_clock() + seconds;
  while (!reap(c, 0)) {
    if (progress_clock() >= deadline) return 0;
    const struct timespec ms = {0, 5 * 1000 * 1000};
    nanosleep(&ms, NULL);
  }
  return 1;
}

/* Kills what is left of the engine's process group and reaps the engine. */
static void kill_engine(engine_client *c) {
  if (c->pid <= 0) return;
  kill(-c->pid, SIGKILL);
  reap(c, 1);
}

static void close_fds(engine_client *c) {
  if (c->to_fd >= 0) close(c->to_fd);
  if (c->from_fd >= 0) close(c->from_fd);
  c->to_fd = c->from_fd = -1;
}

/* The protocol error: "request N (LINE): WHAT"; the engine stopped. */
static const doc_node *vfail(engine_client *c, const char *fmt, va_list ap) {
  if (c->failed) return NULL;
  c->failed = 1;
  c->error.len = 0;
  if (c->line.len) {
    const size_t n = c->line.len - 1; /* (without its newline) */
    sb_printf(&c->error, "request %lu (%.*s%s): ", c->next_id, (int)(n > SHOWN_REQUEST ? SHOWN_REQUEST : n),
              c->line.buf, n > SHOWN_REQUEST ? "..." : "");
  }
  char msg[1024];
  vsnprintf(msg, sizeof msg, fmt, ap);
  sb_puts(&c->error, msg);
  close_fds(c);
  kill_engine(c);
  return NULL;
}

const doc_node *engine_fail(engine_client *c, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vfail(c, fmt, ap);
  va_end(ap);
  return NULL;
}

/* The protocol error of an engine that ended: how it did. */
static const doc_node *fail_ended(engine_client *c) {
  if (c->status >= 0 && WIFSIGNALED(c->status))
    return engine_fail(c, "the engine was killed by signal %d before answering", WTERMSIG(c->status));
  if (c->status >= 0 && WIFEXITED(c->status))
    return engine_fail(c, "the engine exited with status %d before answering", WEXITSTATUS(c->status));
  return engine_fail(c, "%s", "the engine exited before answering");
}

/* The engine went away (EOF on its output, EPIPE on its input): how it
 * ended, if it did within GONE_WAIT (which of the two was seen first is a
 * race: not said then); else what was seen. */
static const doc_node *gone(engine_client *c, const char *what) {
  if (ends_within(c, GONE_WAIT)) return fail_ended(c);
  return engine_fail(c, "%s", what);
}

/* Waits until fd is ready for events or the deadline passes: 1 ready, 0
 * the deadline passed, -1 a protocol error: the engine ended without fd
 * getting ready (a process it left running held the pipe, until reap
 * killed it), or poll failed.  The engine is looked at every LOOK_MS, so
 * one that exited is not waited on until the timeout. */
static int wait_ready(engine_client *c, int fd, short events, double deadline) {
  for (;;) {
    struct pollfd p = {fd, events, 0};
    const int ms = left_ms(deadline), ended = c->ended;
    const int ready = poll(&p, 1, ms < LOOK_MS ? ms : LOOK_MS);
    if (ready > 0) return 1;
    if (ready < 0 && errno != EINTR) return engine_fail(c, "poll: %s", strerror(errno)), -1;
    if (ready < 0) continue;
    if (ended) return fail_ended(c), -1; /* (it had ended a look before: nothing came since) */
    reap(c, 0); /* (one that ended now gets another look: its last lines, its end of file) */
    if (ms <= LOOK_MS) return c->ended ? (fail_ended(c), -1) : 0;
  }
}

int engine_start(engine_client *c, const char *cmd, double timeout) {
  memset(c, 0, sizeof *c);
  c->cmd = cmd;
  c->timeout = timeout;
  c->to_fd = c->from_fd = -1;
  doc_init(&c->hello, "engine");
  doc_init(&c->req, "request");
  doc_init(&c->resp, "engine");
  int in[2], out[2];
  if (pipe_cloexec(in) != 0) {
    sb_printf(&c->error, "cannot make a pipe: %s", strerror(errno));
    return c->failed = 1, -1;
  }
  if (pipe_cloexec(out) != 0) {
    sb_printf(&c->error, "cannot make a pipe: %s", strerror(errno));
    close(in[0]);
    close(in[1]);
    return c->failed = 1, -1;
  }
  fflush(NULL);
  /* the signals held from the fork until the engine is registered: one
   * that comes between finds it there (and none reaches the handler in
   * the engine before exec) */
  sigset_t old;
  hold_fatal(&old);
  handle_fatal();
  const int slot = free_slot();
  const pid_t pid = slot < 0 ? -1 : fork();
  if (pid < 0) {
    release_fatal(&old);
    sb_printf(&c->error, "cannot start the engine: %s",
              slot < 0 ? "too many engines running" : strerror(errno));
    close(in[0]), close(in[1]), close(out[0]), close(out[1]);
    return c->failed = 1, -1;
  }
  if (pid == 0) { /* the engine: its own process group, default signals, none blocked */
    setpgid(0, 0);
    /* (a signal the checker found ignored stays so, as under nohup; not SIGPIPE) */
    for (size_t k = 0; k < FATAL_SIGNALS; k++) {
      const int ignored = fatal_before[k].sa_handler == SIG_IGN && fatal_signals[k] != SIGPIPE;
      signal(fatal_signals[k], ignored ? SIG_IGN : SIG_DFL);
    }
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    if (dup2(in[0], STDIN_FILENO) < 0 || dup2(out[1], STDOUT_FILENO) < 0) _exit(127);
    execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
    _exit(127);
  }
  setpgid(pid, pid); /* (both sides: whichever runs first) */
  running[slot] = pid;
  release_fatal(&old);
  close(in[0]);
  close(out[1]);
  c->pid = pid;
  c->to_fd = in[1];
  c->from_fd = out[0];
  fcntl(c->to_fd, F_SETFL, fcntl(c->to_fd, F_GETFL) | O_NONBLOCK);
  fcntl(c->from_fd, F_SETFL, fcntl(c->from_fd, F_GETFL) | O_NONBLOCK);

  doc_node *req = engine_request(c, "hello");
  doc_put(&c->req, req, "protocol", doc_int(&c->req, ENGINE_PROTOCOL));
  const doc_node *r = engine_call(c, req, 0);
  if (r == NULL) return -1;
  const doc_node *n = doc_get(r, "protocol");
  if (n == NULL || n->kind != DOC_INT) return engine_fail(c, "the hello response has no protocol number"), -1;
  if (n->num != ENGINE_PROTOCOL)
    return engine_fail(c, "the engine speaks protocol %lld; wolves speaks %d", n->num, ENGINE_PROTOCOL), -1;
  const doc_node *engine = doc_get(r, "engine");
  if ((n = doc_get(engine, "name")) && n->kind == DOC_STR) snprintf(c->name, sizeof c->name, "%s", n->str);
  if ((n = doc_get(engine, "version")) && n->kind == DOC_STR)
    snprintf(c->version, sizeof c->version, "%s", n->str);
  const doc_node *caps = doc_get(r, "capabilities");
  if (caps == NULL || caps->kind != DOC_SEQ)
    return engine_fail(c, "the hello response has no list of capabilities"), -1;
  for (const doc_node *k = caps->first; k; k = k->next) {
    if (k->kind != DOC_STR) return engine_fail(c, "a capability is not a string"), -1;
    for (int i = 0; capability_names[i]; i++)
      if (strcmp(k->str, capability_names[i]) == 0) c->caps |= 1u << i;
  }
  /* what is kept of the response: the state fields */
  const doc_node *fields = doc_get(r, "state_fields");
  if (fields && fields->kind != DOC_SEQ) return engine_fail(c, "state_fields is not a list"), -1;
  if (fields == NULL) {
    for (int i = 0; i < ENGINE_STATE_FIELDS; i++) c->fields[c->nfields++] = engine_default_fields[i];
  } else {
    const doc_node *kept = doc_copy(&c->hello, fields);
    for (const doc_node *k = kept->first; k; k = k->next) {
      int known = 0;
      for (const char *const *key = state_keys(); *key && !known; key++)
        known = k->kind == DOC_STR && strcmp(k->str, *key) == 0;
      if (!known) return engine_fail(c, "state_fields lists %s, which is not a key of a state", k->str), -1;
      if (c->nfields < (int)(sizeof c->fields / sizeof *c->fields)) c->fields[c->nfields++] = k->str;
    }
  }
  if (!(c->caps & (ENGINE_NEW_GAME | ENGINE_LOAD)))
    return engine_fail(c, "the engine declares neither new_game nor load: nothing can be checked"), -1;
  return 0;
}

doc_node *engine_request(engine_client *c, const char *cmd) {
  doc_free(&c->req);
  doc_init(&c->req, "request");
  doc_free(&c->resp);
  doc_init(&c->resp, "engine");
  doc_node *m = doc_map(&c->req);
  doc_put(&c->req, m, "cmd", doc_str(&c->req, cmd));
  doc_put(&c->req, m, "id", doc_int(&c->req, (long long)++c->next_id));
  return m;
}

static int read_line(engine_client *c, double deadline, size_t *n);

void engine_expect(engine_client *c, unsigned long id, const char *line, size_t len) {
  if (c->taken == c->nahead) { /* (all taken: start again) */
    c->ahead.len = 0;
    c->nahead = c->taken = c->sent = 0;
  }
  if (c->nahead == c->cap_ahead) {
    c->cap_ahead = c->cap_ahead ? 2 * c->cap_ahead : 64;
    c->ends = xrealloc(c->ends, c->cap_ahead * sizeof *c->ends);
    c->ids = xrealloc(c->ids, c->cap_ahead * sizeof *c->ids);
  }
  c->ids[c->nahead] = id;
  sb_putn(&c->ahead, line, len);
  sb_putc(&c->ahead, '\n');
  c->ends[c->nahead++] = c->ahead.len;
}

/* Line i of the expected requests, its length in *n. */
static const char *expected_line(const engine_client *c, size_t i, size_t *n) {
  const size_t from = i ? c->ends[i - 1] : 0;
  *n = c->ends[i] - from;
  return c->ahead.buf + from;
}

/* Reads and drops the answers to the requests sent ahead, and forgets
 * the requests expected: 0, or -1. */
static int drop_ahead(engine_client *c, double deadline) {
  for (size_t n; c->taken < c->sent; c->taken++) {
    if (read_line(c, deadline, &n)) return -1;
    c->at += n + 1;
  }
  c->ahead.len = 0;
  c->nahead = c->taken = c->sent = 0;
  return 0;
}

int engine_forget(engine_client *c) {
  if (c->failed) return -1;
  if (drop_ahead(c, progress_clock() + c->timeout)) return -1;
  if (c->next_id < c->last_ahead) c->next_id = c->last_ahead; /* (ids are never used twice) */
  return 0;
}

/* Writes the request line whole, or fails. */
static int send_line(engine_client *c, double deadline) {
  size_t done = 0;
  while (done < c->line.len) {
    const ssize_t w = write_no_sigpipe(c->to_fd, c->line.buf + done, c->line.len - done);
    if (w > 0) {
      done += (size_t)w;
      continue;
    }
    if (w < 0 && errno == EINTR) continue;
    if (w < 0 && errno == EPIPE) return gone(c, "it stopped reading its standard input"), -1;
    if (w < 0 && errno != EAGAIN && errno != EWOULDBLOCK)
      return engine_fail(c, "cannot write to the engine: %s", strerror(errno)), -1;
    const int ready = wait_ready(c, c->to_fd, POLLOUT, deadline);
    if (ready == 0)
      return engine_fail(c, "the engine did not read the request within %g s (--timeout); killed",
                         c->timeout),
             -1;
    if (ready < 0) return -1;
  }
  return 0;
}

/* Reads up to a newline: the line is at c->buf + c->at, its length
 * (without the newline) in *n; 0, or -1.  The caller takes it (c->at +=
 * *n + 1). */
static int read_line(engine_client *c, double deadline, size_t *n) {
  size_t scanned = 0; /* (from c->at) */
  for (;;) {
    const char *const from = c->buf ? c->buf + c->at : NULL; /* (nothing read yet) */
    const char *nl =
        from && c->len - c->at > scanned ? memchr(from + scanned, '\n', c->len - c->at - scanned) : NULL;
    if (nl) {
      *n = (size_t)(nl - from);
      return 0;
    }
    if (c->at) { /* (the lines taken, dropped before reading more) */
      memmove(c->buf, c->buf + c->at, c->len - c->at);
      c->len -= c->at;
      c->at = 0;
    }
    scanned = c->len;
    if (c->len > ENGINE_LINE_MAX)
      return engine_fail(c, "the response is longer than %u MiB without a newline", ENGINE_LINE_MAX >> 20),
             -1;
    const int ready = wait_ready(c, c->from_fd, POLLIN, deadline);
    if (ready == 0)
      return engine_fail(c, "no response within %g s (--timeout); the engine was killed", c->timeout), -1;
    if (ready < 0) return -1;
    if (c->cap - c->len < 65536) {
      c->cap = c->cap ? 2 * c->cap : 1 << 17;
      c->buf = xrealloc(c->buf, c->cap);
    }
    const ssize_t r = read(c->from_fd, c->buf + c->len, c->cap - c->len - 1);
    if (r == 0)
      return gone(c, c->len ? "it closed its standard output in the middle of a line"
                            : "it closed its standard output"),
             -1;
    if (r < 0) {
      if (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK) continue;
      return engine_fail(c, "cannot read from the engine: %s", strerror(errno)), -1;
    }
    c->len += (size_t)r;
  }
}

const doc_node *engine_call(engine_client *c, doc_node *req, int allow_error) {
  return engine_call_expecting(c, req, allow_error, NULL, NULL);
}

/* Sends req (NULL: the next request expected, as it was given) and the
 * requests that go ahead of it: 0, or -1 on a protocol error. */
static int send_request(engine_client *c, doc_node *req, double deadline) {
  size_t want = 0;
  const char *next = c->taken < c->nahead ? expected_line(c, c->taken, &want) : NULL;
  c->line.len = 0;
  if (req) {
    json_inline(&c->line, req, (size_t)-1);
    sb_putc(&c->line, '\n');
  } else if (next) { /* the next request expected, as it was given */
    doc_free(&c->resp);
    doc_init(&c->resp, "engine");
    sb_putn(&c->line, next, want);
    c->next_id = c->ids[c->taken];
  } else {
    return engine_fail(c, "(wolves) no request is expected"), -1;
  }
  const int as_expected = next && want == c->line.len && memcmp(next, c->line.buf, want) == 0;
  int write = 1;
  if (!as_expected) { /* another request: the answers sent ahead are not wanted */
    if (drop_ahead(c, deadline)) return -1;
    doc_node *id = (doc_node *)doc_get(req, "id");
    if (c->next_id <= c->last_ahead && id) { /* (an id of its own) */
      id->num = (long long)(c->next_id = c->last_ahead + 1);
      c->line.len = 0;
      json_inline(&c->line, req, (size_t)-1);
      sb_putc(&c->line, '\n');
    }
  } else if (c->taken++ < c->sent) {
    write = 0; /* (written ahead) */
  } else {
    c->sent++;
  }
  if (write && send_line(c, deadline)) return -1;
  /* the next ones, once half of those ahead are answered: as many whole
   * lines as fit in one write of at most PIPE_BUF (4096) bytes, all of it
   * or nothing (then later) */
  while (as_expected && c->sent < c->nahead && c->sent - c->taken <= ENGINE_AHEAD / 2) {
    const size_t from = c->sent ? c->ends[c->sent - 1] : 0;
    size_t upto = c->sent;
    while (upto < c->nahead && upto - c->taken < ENGINE_AHEAD && c->ends[upto] - from <= 4096) upto++;
    if (upto == c->sent) break; /* (a line too long to go ahead) */
    const size_t len = c->ends[upto - 1] - from;
    if (write_no_sigpipe(c->to_fd, c->ahead.buf + from, len) != (ssize_t)len) break;
    for (; c->sent < upto; c->sent++)
      if (c->ids[c->sent] > c->last_ahead) c->last_ahead = c->ids[c->sent];
  }
  return 0;
}

/* Reads the answer to the request last sent (see engine_call_expecting). */
static const doc_node *read_answer(engine_client *c, int allow_error, const strbuf *expected, int prefix,
                                   int *matched, double deadline) {
  size_t n;
  if (read_line(c, deadline, &n)) return NULL;
  const char *line = c->buf + c->at;
  if (expected && !prefix && expected->len == n && memcmp(expected->buf, line, n) == 0) {
    *matched = 1; /* the very line expected: nothing to read */
    c->at += n + 1;
    return c->resp.root = doc_map(&c->resp);
  }
  size_t skip = 0;
  while (skip < n && (line[skip] == ' ' || line[skip] == '\t' || line[skip] == '\r')) skip++;
  const doc_node *r = NULL;
  cli_err e = {0};
  if (skip == n || line[skip] != '{') {
    strbuf shown = {0};
    sb_putn(&shown, line, n > SHOWN_REQUEST ? SHOWN_REQUEST : n);
    engine_fail(c, "the engine answered a line that is not a JSON object: %s%s", shown.buf ? shown.buf : "",
                n > SHOWN_REQUEST ? "..." : "");
    sb_free(&shown);
  } else if (json_parse(&c->resp, line, n, &e)) {
    engine_fail(c, "the engine answered a line that is not JSON (column %d: %s)", e.col, e.msg);
  } else {
    r = c->resp.root;
    /* how the line expected starts, then ',' or '}': read all the same
     * (one reader), and the caller need not look further */
    const size_t k = expected ? expected->len : 0;
    if (prefix && k < n && memcmp(expected->buf, line, k) == 0 && (line[k] == ',' || line[k] == '}'))
      *matched = 1;
  }
  /* (the line is taken whatever it held) */
  c->at += n + 1;
  if (r == NULL) return NULL;
  const doc_node *id = doc_get(r, "id"), *ok = doc_get(r, "ok");
  if (id == NULL) return engine_fail(c, "the response has no id");
  if (id->kind != DOC_INT || id->num != (long long)(c->next_id))
    return engine_fail(c, "the response answers another request (its id is not %lu)", c->next_id);
  if (ok == NULL || ok->kind != DOC_BOOL) return engine_fail(c, "the response has no \"ok\": true or false");
  if (!ok->num && !allow_error) {
    const doc_node *err = doc_get(r, "error"), *code = doc_get(err, "code"), *msg = doc_get(err, "message");
    return engine_fail(c, "the engine answered error %s: %s",
                       code && code->kind == DOC_STR ? code->str : "(no code)",
                       msg && msg->kind == DOC_STR ? msg->str : "(no message)");
  }
  return r;
}

const doc_node *engine_call_expecting(engine_client *c, doc_node *req, int allow_error,
                                      const strbuf *expected, int *matched) {
  if (matched) *matched = 0;
  if (c->failed) return NULL;
  const double deadline = progress_clock() + c->timeout;
  if (send_request(c, req, deadline)) return NULL;
  return read_answer(c, allow_error, expected, 0, matched, deadline);
}

const doc_node *engine_call_prefix(engine_client *c, doc_node *req, int allow_error, const strbuf *prefix,
                                   int *matched) {
  *matched = 0;
  if (c->failed) return NULL;
  const double deadline = progress_clock() + c->timeout;
  if (send_request(c, req, deadline)) return NULL;
  return read_answer(c, allow_error, prefix, 1, matched, deadline);
}

int engine_send_expected(engine_client *c) {
  if (c->failed) return -1;
  doc_free(&c->req);
  doc_init(&c->req, "request");
  return send_request(c, NULL, progress_clock() + c->timeout);
}

const doc_node *engine_receive(engine_client *c, int allow_error) {
  if (c->failed) return NULL;
  return read_answer(c, allow_error, NULL, 0, NULL, progress_clock() + c->timeout);
}

const doc_node *engine_ask(engine_client *c, const char *cmd, const char *key, doc_kind kind) {
  const doc_node *r = engine_call(c, engine_request(c, cmd), 0);
  if (r == NULL) return NULL;
  const doc_node *v = doc_get(r, key);
  if (v == NULL || v->kind != kind)
    return engine_fail(c, "the %s response has no %s (a %s)", cmd, key, doc_kind_name(kind));
  return v;
}

void engine_stop(engine_client *c) {
  if (!c->failed && c->pid > 0) {
    /* quit, politely: the answer is not waited for beyond a moment */
    doc_node *req = engine_request(c, "quit");
    c->line.len = 0;
    json_inline(&c->line, req, (size_t)-1);
    sb_putc(&c->line, '\n');
    size_t n;
    drop_ahead(c, progress_clock() + QUIT_WAIT);
    if (!c->failed && send_line(c, progress_clock() + QUIT_WAIT) == 0 &&
        read_line(c, progress_clock() + QUIT_WAIT, &n) == 0) {
      close_fds(c);              /* (its answer read: end of input too) */
      ends_within(c, QUIT_WAIT); /* (then whatever it left running is killed) */
    }
  }
  close_fds(c);
  kill_engine(c);
  doc_free(&c->hello);
  doc_free(&c->req);
  doc_free(&c->resp);
  sb_free(&c->line);
  sb_free(&c->ahead);
  free(c->ends);
  free(c->ids);
  sb_free(&c->error);
  free(c->buf);
  c->buf = NULL;
}
