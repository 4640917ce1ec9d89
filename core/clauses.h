/* clauses.h - the clause catalog: every rule of the manual the engine
 * applies or refuses, with a stable ID (AREA.NAME).  The entries live in
 * clauses/ *.def, one file per area of the rulebook, as
 *
 *   WOLVES_CLAUSE(ENUM_NAME, "AREA.NAME", KIND, "one-line text",
 *                 "English section heading", "other editions", "ruling")
 *
 * KIND is RULE (applies an effect or grants a permission) or RESTRICTION
 * (can refuse an action).  "ruling" is empty for a clause the English text
 * states; otherwise it is the reading the engine chose where the manual is
 * ambiguous or silent, and why, naming the editions that support it. */
#ifndef WOLVES_CLAUSES_H
#define WOLVES_CLAUSES_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum { WOLVES_RULE, WOLVES_RESTRICTION } wolves_clause_kind;

typedef enum {
  WOLVES_OK = 0,
#define WOLVES_CLAUSE(name, id, kind, text, section, editions, ruling) WOLVES_C_##name,
#include "clauses/all.def"
#undef WOLVES_CLAUSE
  WOLVES_CLAUSE_COUNT
} wolves_clause;

typedef struct {
  const char *id;
  wolves_clause_kind kind;
  const char *text;
  const char *section;
  const char *editions;
  const char *ruling;
} wolves_clause_info;

/* Entry for clause c (1 <= c < WOLVES_CLAUSE_COUNT); NULL otherwise. */
const wolves_clause_info *wolves_clause_get(int c);
/* Clause with this ID ("MOVE.LAIR_BLOCKS"), or 0 (WOLVES_OK) if none (or
 * id is NULL). */
int wolves_clause_find(const char *id);

#ifdef __cplusplus
}
#endif

#endif
