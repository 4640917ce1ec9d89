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

/* Writes text to path through a temporary file in the same directory,
 * fsync and rename, creating directories as needed; leaves an identical
 * file untouched.  -1 with errno set on failure. */
int golden_write(const char *path, const char *text, size_t len, golden_change *change);

#endif
