/* bounds.h - every limit on what wolves reads, in one place, and why each
 * sits above what wolves itself writes (wolves-scenario(5), LIMITS).
 *
 * What the tool writes, it reads back: a state printed by `run` (with or
 * without --checks) is at most
 *   STATE_PART (board, pieces, players, data: well under 64 KiB)
 *   + the title (TITLE_MAX bytes, at most 6 bytes each once escaped)
 *   + EVENTS_MAX events, one line each (EVENT_LINE_MAX bytes, 12 nodes),
 * and a run that would hold more events than EVENTS_MAX stops with an
 * error instead of printing a state nothing could read.  The limits on
 * input are set above that sum, and the run checks its output against
 * them before printing anything (a carried history forged to print
 * longer lines than the engine's is refused there, never printed).
 * Each is also a memory bound: a document costs about 150 bytes a node. */
#ifndef CODEC_BOUNDS_H
#define CODEC_BOUNDS_H

/* At most this many actions in a scenario (self-play games are a few
 * hundred actions; `play` calls one of 10000 unfinished). */
#define ACTIONS_MAX 10000

/* Events a position holds: what setup recorded, the carried history and
 * every event of the run, clause checks included (they are recorded
 * whether printed or not).  Self-play records at most about 16 events an
 * action, 160000 for a 10000-action game; a run that would pass the limit
 * stops at the action that passes it. */
#define EVENTS_MAX 250000

/* The longest event line the engine's own events print: refusal reasons
 * are at most 160 characters; every other field at its longest. */
#define EVENT_LINE_MAX 400

/* A title, in bytes. */
#define TITLE_MAX 4096

/* A file, in bytes: EVENTS_MAX lines of EVENT_LINE_MAX bytes (100 MB)
 * with the rest of the state and room to spare. */
#define FILE_MAX (128u << 20)
#define FILE_MAX_TEXT "128 MiB"

/* Nodes of a document, keys included: EVENTS_MAX events of 12 nodes
 * (3000000), a state's other nodes (under 10000), and a scenario's
 * ACTIONS_MAX actions beside an inline state (at most 60 nodes each). */
#define DOC_NODES_MAX 4000000
#define DOC_NODES_MAX_TEXT "4000000"

/* Nesting of collections (a state nests 4 deep). */
#define DOC_DEPTH_MAX 64
#define DOC_DEPTH_MAX_TEXT "64"

#endif
