/* engine.c - `wolves engine`: the rules engine behind the engine protocol
 * on standard input and output (wolves-engine(5)).  Here the reading of
 * request lines and the writing of answers; what a request does is the
 * protocol's session (protocol/engine_server.h). */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/err.h"
#include "base/output.h"
#include "commands/commands.h"
#include "protocol/engine_server.h"
#include "strbuf.h"

/* Standard input, read in blocks: the lines a checker wrote ahead are
 * answered together, and the answers written at once. */
typedef struct {
  char *buf;
  size_t len, cap, at; /* [at, len) not yet taken */
  int eof;
  int error; /* errno of a read that failed (EISDIR: a directory; EIO), or 0 */
} input;

/* Reads more of standard input: 1; 0 at its end, or when it cannot be
 * read (in->error set: not taken for its end, wolves-engine(5)). */
static int fill(input *in) {
  if (in->at) { /* (what was taken, dropped) */
    memmove(in->buf, in->buf + in->at, in->len - in->at);
    in->len -= in->at;
    in->at = 0;
  }
  if (in->cap - in->len < 65536) {
    in->cap = in->cap ? 2 * in->cap : 1 << 17;
    in->buf = xrealloc(in->buf, in->cap);
  }
  for (;;) {
    const ssize_t r = read(0, in->buf + in->len, in->cap - in->len);
    if (r > 0) {
      in->len += (size_t)r;
      return 1;
    }
    if (r < 0 && errno == EINTR) continue;
    if (r < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) { /* (an input someone left non-blocking) */
      struct pollfd p = {0, POLLIN, 0};
      poll(&p, 1, -1);
      continue;
    }
    if (r < 0) in->error = errno;
    in->eof = 1;
    return 0;
  }
}

/* The next whole line in what was read (without its newline): 1; 0 when
 * none is there yet.  A line past ENGINE_LINE_MAX is dropped as it comes
 * (*too_long set, *n 0); at the end of input a last line without its
 * newline is a line, also one that was too long and is dropped whole. */
static int next_line(input *in, const char **line, size_t *n, int *too_long, int *skipping) {
  if (in->buf == NULL) return 0; /* (nothing read yet) */
  const char *const from = in->buf + in->at, *nl = memchr(from, '\n', in->len - in->at);
  const size_t have = in->len - in->at;
  const int last = in->eof && !in->error && (have || *skipping); /* (a line without its newline) */
  if (nl == NULL && !last) {
    if (have > ENGINE_LINE_MAX) { /* (too long already: what came is dropped, the rest skipped) */
      *skipping = 1;
      in->at = in->len;
    }
    return 0;
  }
  const size_t len = nl ? (size_t)(nl - from) : have;
  *line = from;
  *n = len;
  *too_long = *skipping || len > ENGINE_LINE_MAX;
  if (*too_long) *n = 0;
  *skipping = 0;
  in->at += len + (nl != NULL);
  return 1;
}

static int cmd_engine(int argc, char **argv, const char *flags, const char *const *values) {
  (void)flags;
  (void)argv;
  if (argc) return usage_error("engine", "%s", "engine takes no FILE: it reads requests on standard input");
  engine_session *const S = engine_session_new();
  if ((values[0] && engine_session_declare(S, values[0])) ||
      (values[1] && engine_session_state_fields(S, values[1]))) {
    engine_session_free(S);
    return 2;
  }
  input in = {0};
  strbuf out = {0};
  int too_long, skipping = 0, rc = 0, quit = 0;
  fflush(stdout);
  while (!quit) {
    const char *line;
    size_t n;
    const int got = next_line(&in, &line, &n, &too_long, &skipping);
    if (got) quit = engine_answer(S, line, n, too_long, &out);
    if (got && !quit && out.len < 4096) continue;
    /* nothing more to answer now (or much to say): the answers go out before waiting */
    if (write_whole(1, out.buf, out.len)) {
      rc = stdout_failed(errno); /* (a full disk; the checker gone, where SIGPIPE is ignored) */
      break;
    }
    out.len = 0;
    /* the end: of input (once its last line, also one being skipped, is answered), or a read error */
    if (!got && !quit && (in.eof || !fill(&in)) && ((in.at == in.len && !skipping) || in.error)) break;
  }
  if (rc == 0 && in.error) {
    err_say("wolves: cannot read standard input: %s", strerror(in.error));
    rc = 2;
  }
  free(in.buf);
  sb_free(&out);
  engine_session_free(S);
  return rc;
}

static const option_spec engine_options[] = {VALUE("capabilities", 0, 0), VALUE("state-fields", 0, 1),
                                             OPTIONS_END};

const command engine_command = {
    "engine", "Usage: wolves engine [--capabilities LIST] [--state-fields LIST]\n",
    "Be a rules engine for a checker: read requests of the engine protocol, version 1, one\n"
    "JSON object per line on standard input, and answer each with one JSON line on standard\n"
    "output (hello, new_game, load, apply, judge, legal, state, scores, quit;\n"
    "wolves-engine(5)).\n"
    "A bad request is answered with an error and the engine goes on; it exits 0 after quit\n"
    "or at the end of input.  `wolves conform` is the checker that drives it.\n"
    "\n"
    "  --capabilities LIST  declare only these capabilities (comma-separated: new_game,\n"
    "                       load, legal, clauses, events, state, scores, data, readings,\n"
    "                       judge, chooses; default all but chooses), as a partial engine\n"
    "                       would: the rest is answered 'unsupported' or left out of the\n"
    "                       answers\n"
    "  --state-fields LIST  model only these parts of the state (comma-separated paths,\n"
    "                       `*` any key or index: players.*.tiles,moon.filled): hello\n"
    "                       declares them, the state answered holds only them\n",
    engine_options, cmd_engine};
