/* state_fields.h - the parts of a state an engine models (wolves-engine(5),
 * hello: state_fields): paths into the state document, down to any field,
 * `*` for any key or index ("players.*.tiles", "moon.filled", "pieces").
 * A path names a part and everything below it.  The checker compares only
 * those parts; `wolves engine --state-fields` answers only those parts. */
#ifndef CLI_STATE_FIELDS_H
#define CLI_STATE_FIELDS_H

#include <stddef.h>

#include "doc.h"

#define STATE_PATH_DEPTH 6 /* segments of a path, at most (the state is 4 deep) */
#define STATE_PATH_SEGMENT 24
#define STATE_PATHS_MAX 64 /* paths a declaration holds, at most */

typedef struct {
  int depth;
  char segment[STATE_PATH_DEPTH][STATE_PATH_SEGMENT]; /* "*": any key or index */
} state_path;

typedef struct {
  int n;
  const char *text[STATE_PATHS_MAX]; /* as declared, not owned (one each: repeats dropped) */
  state_path path[STATE_PATHS_MAX];
} state_paths;

/* The top-level keys a state has in every position, the selection when an
 * engine declares none. */
#define STATE_FIELDS_DEFAULT 11
extern const char *const state_fields_default[STATE_FIELDS_DEFAULT];

/* Adds path `text` (kept as a pointer: it must outlive paths) to *paths:
 * 0, or -1 with why[] saying what is wrong in one line, and the path
 * meant when one is near ("'tile' is no field of a player (did you mean
 * 'players.*.tiles'?)").  A path is checked against the state's shape
 * (cli/schema/position.schema.json): record keys by name, a map's keys
 * by kind (a colour, a hex, a region letter), a list's by index. */
int state_paths_add(state_paths *paths, const char *text, char *why, size_t n);
/* Whether paths select every top-level key of state_fields_default whole. */
int state_paths_all(const state_paths *paths);

/* Calls fn for each part of the state the paths select, in ours' order
 * then theirs' for keys only theirs has: label is the part's path as a
 * difference names it ("players.rocky.tiles", "moon.dates[3]"), ours and
 * theirs the part in each (NULL where it is missing; never both).  A
 * part is given whole where a path ends, or where the two differ in kind
 * before it does. */
typedef void (*state_part_fn)(void *ctx, const char *label, const doc_node *ours, const doc_node *theirs);
void state_paths_walk(const state_paths *paths, const doc_node *ours, const doc_node *theirs,
                      state_part_fn fn, void *ctx);
/* A copy in d of root with only the parts the paths select (a list that a
 * path enters is kept whole). */
doc_node *state_paths_select(doc *d, const state_paths *paths, const doc_node *root);

#endif
