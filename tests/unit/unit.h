/* unit.h - a tiny test harness for the engine's unit tests: no globals, no
 * dependencies.  A suite is a function `void unit_suite_NAME(unit *u)` in
 * tests/unit/test_NAME.c that runs its cases with UNIT_RUN; register it by
 * adding one X(NAME) line to UNIT_SUITES below.  A case passes when none of
 * its EXPECTs fail; main prints "unit: N passed, N failed". */
#ifndef WOLVES_UNIT_H
#define WOLVES_UNIT_H

#include <stdio.h>
#include <string.h>

#define UNIT_SUITES(X)                                                                                       \
  X(hex)                                                                                                     \
  X(board)                                                                                                   \
  X(data)                                                                                                    \
  X(setup)                                                                                                   \
  X(draft)                                                                                                   \
  X(readings)                                                                                                \
  X(editions)                                                                                                \
  X(api_args)                                                                                                \
  X(bounds)                                                                                                  \
  X(codec)                                                                                                   \
  X(legal)                                                                                                   \
  X(moves)                                                                                                   \
  X(resolve)

typedef struct {
  const char *suite, *test;
  int failures; /* failed EXPECTs in the running case */
  int passed, failed;
  int verbose;
} unit;

#define UNIT_DECLARE(name) void unit_suite_##name(unit *u);
UNIT_SUITES(UNIT_DECLARE)
#undef UNIT_DECLARE

/* Runs one case: void fn(unit *u). */
#define UNIT_RUN(u, fn)                                                                                      \
  do {                                                                                                       \
    (u)->test = #fn;                                                                                         \
    (u)->failures = 0;                                                                                       \
    fn(u);                                                                                                   \
    if ((u)->failures)                                                                                       \
      (u)->failed++;                                                                                         \
    else                                                                                                     \
      (u)->passed++;                                                                                         \
    if ((u)->verbose) printf("%s %s/%s\n", (u)->failures ? "FAIL" : "ok", (u)->suite, #fn);                  \
  } while (0)

#define UNIT_FAIL_AT(u, ...)                                                                                 \
  do {                                                                                                       \
    (u)->failures++;                                                                                         \
    printf("%s:%d: %s/%s: ", __FILE__, __LINE__, (u)->suite, (u)->test);                                     \
    printf(__VA_ARGS__);                                                                                     \
    printf("\n");                                                                                            \
  } while (0)

#define EXPECT(u, cond)                                                                                      \
  do {                                                                                                       \
    if (!(cond)) UNIT_FAIL_AT(u, "expected %s", #cond);                                                      \
  } while (0)

#define EXPECT_EQ(u, a, b)                                                                                   \
  do {                                                                                                       \
    const long long ea_ = (long long)(a), eb_ = (long long)(b);                                              \
    if (ea_ != eb_) UNIT_FAIL_AT(u, "%s == %s: %lld != %lld", #a, #b, ea_, eb_);                             \
  } while (0)

#define EXPECT_STR(u, a, b)                                                                                  \
  do {                                                                                                       \
    const char *ea_ = (a), *eb_ = (b);                                                                       \
    if (ea_ == NULL || eb_ == NULL || strcmp(ea_, eb_) != 0)                                                 \
      UNIT_FAIL_AT(u, "%s == %s: \"%s\" != \"%s\"", #a, #b, ea_ ? ea_ : "(null)", eb_ ? eb_ : "(null)");     \
  } while (0)

#endif
