/* readings_doc.h - `readings:` in a scenario or state: which reading of a
 * ruling where honest engines differ the game follows (core/readings.c),
 * as clause ID -> reading name; and the readings of a clause for
 * `wolves clauses`. */
#ifndef CLI_READINGS_DOC_H
#define CLI_READINGS_DOC_H

#include "doc.h"
#include "emit.h"
#include "wolves.h"

/* Reads the mapping (NULL: none) into reading[], every point not named
 * left as it is (ours, or an edition's: the clauses named override it).
 * Clause IDs and reading names in any case; unknown ones are errors with
 * a "did you mean". */
int readings_read(const doc_node *map, uint8_t reading[WOLVES_READINGS], cli_err *e);
/* The edition codes, as messages and help list them. */
#define EDITION_NAMES "wolves (the default), en, pl, ru, uk, summary"
/* An edition's name (`edition:`, in any case): its wolves_edition, or -1
 * with e set ("did you mean"). */
int edition_read(const doc_node *n, cli_err *e);
/* The readings g has that are not ours, or NULL when all are. */
doc_node *readings_write(doc *d, const wolves_game *g);
/* The same under key (see emit.h), when there are any: 1; else 0. */
int readings_emit(emitter *em, const char *key, const wolves_game *g);
/* The readings of clause (a wolves_clause) as a list of {name, default,
 * text, taken_by}: empty for a clause without readings. */
doc_node *readings_list(doc *d, int clause);

#endif
