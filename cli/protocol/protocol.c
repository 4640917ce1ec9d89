/* protocol.c - see protocol.h. */
#include "protocol/protocol.h"

#include <stddef.h>

static const char *const capability_names[] = {"new_game", "load", "legal",    "clauses", "events",  "state",
                                               "scores",   "data", "readings", "judge",   "chooses", NULL};

const char *engine_capability_name(int i) {
  return i >= 0 && i < (int)(sizeof capability_names / sizeof *capability_names) ? capability_names[i] : NULL;
}
