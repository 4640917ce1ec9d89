/* golden.h - where a scenario's expected output lives, and writing it
 * (`wolves test --bless`, `wolves play --bless`) through file_write. */
#ifndef CLI_GOLDEN_H
#define CLI_GOLDEN_H

#include <stddef.h>

#include "base/output.h"

/* scenarios/move/x.yaml -> golden/move/x.json: the last directory named
 * "scenarios" becomes "golden".  Elsewhere: x.yaml -> x.json beside it
 * (x.json -> x.golden.json).  NULL for stdin.  malloc'ed. */
char *golden_path(const char *scenario_path);

/* What writing a golden did (a file_change, as reports name it). */
typedef file_change golden_change;
#define GOLDEN_UNCHANGED FILE_UNCHANGED
#define GOLDEN_CREATED FILE_CREATED
#define GOLDEN_UPDATED FILE_UPDATED

/* file_write of a golden, creating directories as needed (golden/ mirrors
 * scenarios/).  Safe to call from several threads at once.  -1 with errno
 * set on failure (file_strerror says why). */
int golden_write(const char *path, const char *text, size_t len, golden_change *change);

/* golden_write, reporting a failure on stderr as file_save does; change
 * may be NULL. */
int golden_save(const char *path, const char *text, size_t len, golden_change *change);

/* "unchanged", "created" or "updated", as reports name a golden_change. */
const char *golden_change_name(golden_change c);

#endif
