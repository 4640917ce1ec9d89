/* protocol.h - what both sides of the engine protocol (wolves-engine(5))
 * agree on: `wolves engine` (engine_server.c) answers it, `wolves conform`
 * (engine_client.c) speaks it. */
#ifndef CLI_PROTOCOL_H
#define CLI_PROTOCOL_H

/* The protocol version spoken, and the longest line either side reads
 * (bytes, without the newline): a longer request is answered bad_request
 * and skipped, a longer response is a protocol error; never held in memory
 * whole. */
#define ENGINE_PROTOCOL 1
#define ENGINE_LINE_MAX (16u << 20)
#define ENGINE_LINE_MAX_TEXT "16 MiB"

/* The capabilities (wolves-engine(5), CAPABILITIES), in the order hello
 * lists them: the name of bit i (1 << i), or NULL past the last
 * (protocol.c). */
const char *engine_capability_name(int i);

#endif
