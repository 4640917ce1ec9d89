/* state_schema.h - the position schema (cli/schema/position.schema.json,
 * the JSON Schema `wolves export` writes) as input: each path of a
 * scenario's expect.state is checked against it when the scenario is read,
 * so a typo is bad input with "did you mean" ("expect.state: no field
 * 'wolfs' under players.rocky (did you mean 'wolves'?)", exit 2), not a
 * test difference ("missing") that reads as if the engine had lost it. */
#ifndef CLI_STATE_SCHEMA_H
#define CLI_STATE_SCHEMA_H

#include <stddef.h>

#include "doc.h"

/* The schema files, cli/schema/NAME.schema.json, built into the program by
 * the Makefile (build/gen/schema_text.c): names and texts. */
extern const char *const export_schema_name[];
extern const char *const export_schema_text[];
extern const size_t export_schema_count;

/* Checks every key of assertions (expect.state: a mapping of paths, as
 * doc_path reads them) against the position schema: each step must be a
 * field the schema knows (a record's field, a key an open mapping allows: a
 * hex under pieces, a colour under players), a list index within the
 * list's largest size, and nothing under a number or a string.  0, or -1
 * with e set at the key. */
int state_schema_check(const doc_node *assertions, cli_err *e);

#endif
