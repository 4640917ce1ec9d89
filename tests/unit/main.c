/* main.c - runs the unit suites registered in unit.h.  Usage: unit [-v]
 * [suite...]; exits 1 if any case failed. */
#include <stdlib.h>

#include "unit.h"

typedef struct {
  const char *name;
  void (*run)(unit *u);
} suite;

#define UNIT_ENTRY(name) {#name, unit_suite_##name},
static const suite suites[] = {UNIT_SUITES(UNIT_ENTRY)};
#undef UNIT_ENTRY

static int selected(int argc, char **argv, const char *name) {
  int any = 0;
  for (int i = 1; i < argc; i++) {
    if (argv[i][0] == '-') continue;
    any = 1;
    if (strcmp(argv[i], name) == 0) return 1;
  }
  return !any;
}

int main(int argc, char **argv) {
  unit u = {0};
  for (int i = 1; i < argc; i++)
    if (strcmp(argv[i], "-v") == 0) u.verbose = 1;
  for (size_t i = 0; i < sizeof suites / sizeof *suites; i++) {
    if (!selected(argc, argv, suites[i].name)) continue;
    u.suite = suites[i].name;
    suites[i].run(&u);
  }
  printf("unit: %d passed, %d failed\n", u.passed, u.failed);
  return u.failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
