/* engine_client.h - the checker's side of the engine protocol
 * (wolves-engine(5)): starts an engine as a shell command line in a
 * process group of its own, speaks one JSON object per line to it and
 * reads one back per request, each within a timeout.  Whatever the engine
 * does (exits, closes its output, prints a line that is not JSON or not
 * the protocol, answers another request's id, hangs) is a protocol error
 * that names the request that broke it (one that exited: its status or
 * signal); the engine is then killed and reaped.  Never a hang, never
 * SIGPIPE from the engine's pipes; and a signal that ends the checker
 * (SIGINT, SIGTERM, SIGHUP, SIGPIPE on its own output) kills and reaps
 * every engine running first (engine_client.c holds them). */
#ifndef CLI_ENGINE_CLIENT_H
#define CLI_ENGINE_CLIENT_H

#include <sys/types.h>

#include "doc.h"
#include "protocol/protocol.h"
#include "protocol/state_fields.h"
#include "strbuf.h"

/* Capabilities an engine declares (bits of engine_client.caps: bit i is
 * engine_capability_name(i), protocol.h). */
enum {
  ENGINE_NEW_GAME = 1,
  ENGINE_LOAD = 2,
  ENGINE_LEGAL = 4,
  ENGINE_CLAUSES = 8,
  ENGINE_EVENTS = 16,
  ENGINE_STATE = 32,
  ENGINE_SCORES = 64,
  ENGINE_DATA = 128,
  ENGINE_READINGS = 256,
  ENGINE_JUDGE = 512,   /* judge: a verdict without applying (near misses never change the engine's game) */
  ENGINE_CHOOSES = 1024 /* chooses: the engine makes the choices an action leaves open */
};

typedef struct {
  const char *cmd;
  double timeout; /* seconds per request */
  pid_t pid;      /* also the process group; 0 when not running */
  int ended;      /* the engine ended (reaped): its wait status, -1 when unknown */
  int status;
  int to_fd, from_fd;
  unsigned caps;
  char name[128], version[64]; /* from the handshake (escaped when printed) */
  state_paths fields;          /* the state_fields declared (their text in hello's arena), or the defaults */
  unsigned long next_id;
  doc hello;     /* the handshake's response, kept */
  doc req, resp; /* arenas of the request being built and the last response */
  strbuf line;   /* the request line last sent */
  /* the requests the caller will make next (engine_expect): lines, each
   * with its newline, one after another; [taken, sent) were written and
   * their answers not yet asked for */
  strbuf ahead;
  size_t *ends;             /* where each line ends in ahead */
  unsigned long *ids;       /* the id of each line */
  unsigned long last_ahead; /* the highest id written ahead */
  size_t nahead, cap_ahead, taken, sent;
  char *buf; /* what was read; [at, len) not yet taken */
  size_t at, len, cap;
  strbuf error; /* the protocol error, once one happened */
  int failed;
} engine_client;

/* Starts cmd (/bin/sh -c) and does the handshake: 0, or -1 with c->error
 * set (the engine stopped and reaped). */
int engine_start(engine_client *c, const char *cmd, double timeout);
/* A new request {"cmd": cmd, "id": N} in c->req (the previous request and
 * response are released): add fields, then engine_call. */
doc_node *engine_request(engine_client *c, const char *cmd);
/* Sends req and reads its response: the response mapping (in c->resp,
 * until the next request), its "ok" checked to be true; NULL on a
 * protocol error (c->error says which request broke what; the engine is
 * stopped).  An `ok: false` answer is a protocol error too unless
 * allow_error, when it is returned (the caller reads its error code). */
const doc_node *engine_call(engine_client *c, doc_node *req, int allow_error);
/* The same, when the caller knows the line it expects (built with
 * json_inline, as wolves engine answers, without the newline): a response
 * that is that line byte for byte sets *matched and is not parsed (an
 * empty mapping is returned); any other is read as engine_call reads it.
 * expected and matched may be NULL.  req NULL: the next request expected
 * (engine_expect), as it was given. */
const doc_node *engine_call_expecting(engine_client *c, doc_node *req, int allow_error,
                                      const strbuf *expected, int *matched);
/* The same, when the caller knows how the answer starts (the first
 * entries, as wolves engine writes them): a response that begins with
 * prefix, then ',' or '}' sets *matched; it is read (json_parse) and its
 * id and "ok" checked as any other. */
const doc_node *engine_call_prefix(engine_client *c, doc_node *req, int allow_error, const strbuf *prefix,
                                   int *matched);
/* engine_call_expecting(c, NULL, ...) in two halves, so the caller works
 * while the engine answers: sends the next request expected (0, or -1 on
 * a protocol error), then reads its answer (as engine_call reads it).
 * Nothing else is sent between the two. */
int engine_send_expected(engine_client *c);
const doc_node *engine_receive(engine_client *c, int allow_error);
/* Pipelining (wolves-engine(5), TRANSPORT: the answers come in the order
 * of the requests): the caller says which requests it will make next, as
 * the lines engine_call would write (with their ids).  Each engine_call
 * then also writes up to ENGINE_AHEAD of the next ones (as many whole
 * lines as fit in one write of PIPE_BUF bytes), so the engine answers
 * them while the caller works on the answers it has; a request made as
 * expected is not written again.  A request that is not the next
 * expected first reads and drops the answers sent ahead and forgets the
 * rest (it takes an id after theirs).  line without its newline; id its
 * id. */
#define ENGINE_AHEAD 16
void engine_expect(engine_client *c, unsigned long id, const char *line, size_t len);
/* Reads and drops the answers to what was written ahead and forgets the
 * requests still expected (a case that stopped early): 0, or -1 on a
 * protocol error.  The next request takes an id after theirs. */
int engine_forget(engine_client *c);
/* Sends the request {"cmd": cmd} and returns the field key of its
 * response, which must be of that kind; NULL on a protocol error (one
 * naming the field when it is missing or of another kind). */
const doc_node *engine_ask(engine_client *c, const char *cmd, const char *key, doc_kind kind);
/* Marks a protocol error about the last response (a field missing, of the
 * wrong kind): c->error names the request; stops the engine.  Returns
 * NULL. */
const doc_node *engine_fail(engine_client *c, const char *fmt, ...) CLI_PRINTF(2, 3);
/* Sends quit (when the engine is still sane), waits a moment for it to
 * exit, then kills its process group and reaps it; frees everything. */
void engine_stop(engine_client *c);

#endif
