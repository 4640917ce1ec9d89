/* coverage.h - `wolves coverage`: which scenarios exercised each clause of
 * the catalog, measured from the events the engine recorded while running
 * them, never from what a scenario claims. */
#ifndef CLI_COVERAGE_H
#define CLI_COVERAGE_H

/* values[0]: the --format value ("text", "json") or NULL. */
int cmd_coverage(int argc, char **argv, const char *flags, const char *const *values);

#endif
