/* export.h - `wolves export DIR [PATH]...`: the scenario suite as
 * language-neutral test vectors, for engines that will not speak a
 * protocol: one JSON file per scenario (start position, each action with
 * its verdict and clause, final position, scores), the perft table, and
 * the JSON Schemas (draft 2020-12) they follow (wolves(1), COMMANDS:
 * export). */
#ifndef CLI_EXPORT_H
#define CLI_EXPORT_H

#include <stddef.h>


/* The schema files, cli/schema/NAME.schema.json, built into the program by
 * the Makefile (build/gen/schema_text.c): names and texts. */
extern const char *const export_schema_name[];
extern const char *const export_schema_text[];
extern const size_t export_schema_count;

/* argv[0]: DIR, then the PATHs (default: scenarios/). */
int cmd_export(int argc, char **argv, const char *flags, const char *const *values);

#endif
