/* bundled.h - the files of the source tree the unit tests read (run from
 * its top, as tests/run-all does): the files under a folder, a file's
 * bytes, a scenario's start position and actions as `wolves run` reads
 * them. */
#ifndef WOLVES_UNIT_BUNDLED_H
#define WOLVES_UNIT_BUNDLED_H

#include <stddef.h>

#include "actions_doc.h"
#include "doc.h"
#include "state_doc.h"

typedef struct {
  char **path;
  size_t n, cap;
} file_list;

/* Every file under dir whose name ends in suffix, sorted by name. */
file_list find_files(const char *dir, const char *suffix);
void list_free(file_list *l);
/* The bytes of path (NUL-terminated, *len without it; malloc'ed), or NULL. */
char *slurp(const char *path, size_t *len);

/* The position a scenario starts from, as `wolves run` reads it: the
 * scenario itself, a `start:` file beside it, or an inline `state:`; and
 * its actions. */
typedef struct {
  doc in, start;
  char *text, *start_text;
  position pos;
  scripted_action *actions;
  size_t nactions;
} loaded;

/* 0, or -1 when the scenario does not read (unload it either way). */
int load(loaded *sc, const char *path);
void unload(loaded *sc);

#endif
