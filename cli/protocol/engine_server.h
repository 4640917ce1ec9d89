/* engine_server.h - `wolves engine`: the rules engine behind the engine protocol,
 * version 1 (wolves-engine(5)): one JSON request per line on standard
 * input, one JSON response per line on standard output, so that a checker
 * (`wolves conform`) can drive it as it drives any other engine. */
#ifndef CLI_ENGINE_SERVER_H
#define CLI_ENGINE_SERVER_H

#include <stddef.h>

#include "protocol/protocol.h"
#include "strbuf.h"

/* A session of the protocol: the capabilities declared and the game in
 * play.  engine_answer appends the response to one request line (without
 * its newline; too_long: the line was longer than ENGINE_LINE_MAX and is
 * not given) to out, one JSON object and a newline, and returns 1 once
 * the request was quit.  (`wolves engine`, commands/engine.c, reads the lines; the fuzz harness
 * tests/fuzz/fuzz_engine.c calls these directly.) */
typedef struct engine_session engine_session;
engine_session *engine_session_new(void);
int engine_answer(engine_session *S, const char *line, size_t len, int too_long, strbuf *out);
void engine_session_free(engine_session *S);

/* Declares only the capabilities of list (comma-separated names, as
 * hello lists them; a new session declares all): 0, or 2 after a usage
 * error of `wolves engine` (an unknown name). */
int engine_session_declare(engine_session *S, const char *list);
/* Declares that the engine models only the parts of the state of list
 * (comma-separated paths, state_fields.h), which a state answer then
 * holds alone (after engine_session_declare): 0, or 2 after a usage error
 * (a path that is none, or no capability state). */
int engine_session_state_fields(engine_session *S, const char *list);

#endif
