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

#endif
