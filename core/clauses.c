/* clauses.c - the one table of the clause catalog (see clauses.h). */
#include "clauses.h"

#include <string.h>

static const wolves_clause_info catalog[WOLVES_CLAUSE_COUNT] = {
    {NULL, WOLVES_RULE, NULL, NULL, NULL, NULL},
#define WOLVES_CLAUSE(name, id, kind, text, section, editions, ruling)                                       \
  {id, WOLVES_##kind, text, section, editions, ruling},
#include "clauses/all.def"
#undef WOLVES_CLAUSE
};

const wolves_clause_info *wolves_clause_get(int c) {
  if (c <= 0 || c >= WOLVES_CLAUSE_COUNT) return NULL;
  return &catalog[c];
}

int wolves_clause_find(const char *id) {
  if (id == NULL) return WOLVES_OK;
  for (int c = 1; c < WOLVES_CLAUSE_COUNT; c++)
    if (strcmp(catalog[c].id, id) == 0) return c;
  return WOLVES_OK;
}
