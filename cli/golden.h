/* golden.h - where a scenario's expected output lives, and writing it
 * atomically (`wolves test --bless`). */
#ifndef CLI_GOLDEN_H
#define CLI_GOLDEN_H

#include <stddef.h>

/* scenarios/move/x.yaml -> golden/move/x.json: the last directory named
 * "scenarios" becomes "golden".  Elsewhere: x.yaml -> x.json beside it
 * (x.json -> x.golden.json).  NULL for stdin.  malloc'ed. */
char *golden_path(const char *scenario_path);

typedef enum { GOLDEN_UNCHANGED, GOLDEN_CREATED, GOLDEN_UPDATED } golden_change;

/* Writes text to path through a temporary file in the same directory
 * (mkstemp: a unique name per call, so concurrent runs never share one),
 * fsync and rename, creating directories as needed; leaves an identical
 * file untouched.  The rename is atomic: readers, and other runs blessing
 * the same golden, see the old file or a complete new one, never part of
 * one.  The fsync of the file before the rename (and of the directory
 * after) makes a crash or power loss leave the old or the new golden, not
 * an empty one; blessing writes only what changed, so it costs little.
 * The new file keeps the old one's mode (new files: 0644).  Safe to call
 * from several threads at once.
 * -1 with errno set on failure; then the old golden is as it was and the
 * temporary file is removed. */
int golden_write(const char *path, const char *text, size_t len, golden_change *change);

/* golden_write, reporting a failure on stderr ("wolves: cannot write PATH:
 * REASON"); change may be NULL.  dirs 0: no directory is created (a
 * missing one is that error): for the files a user names (--events,
 * --junit, --svg, play --save); 1 for goldens. */
int golden_save(const char *path, const char *text, size_t len, golden_change *change, int dirs);

/* "unchanged", "created" or "updated", as reports name a golden_change. */
const char *golden_change_name(golden_change c);

#endif
