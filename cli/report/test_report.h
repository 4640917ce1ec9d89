/* test_report.h - the report formats that `wolves check`, `test` and
 * `conform` share: JUnit XML, TAP 13's diagnostic block, indented lines. */
#ifndef CLI_TEST_REPORT_H
#define CLI_TEST_REPORT_H

#include "strbuf.h"

typedef enum { JUNIT_PASSED, JUNIT_FAILED, JUNIT_ERROR, JUNIT_SKIPPED } junit_outcome;
typedef struct {
  int passed, failed, errors, skipped;
} junit_counts;
/* Appends the <testcase> of the case named path (a file: its directory is
 * the class) to sb; details: the differences (failed), the error line
 * (error), the reason (skipped), or notes written as its <system-out>
 * (passed; none when empty). */
void junit_case(strbuf *sb, const char *path, double seconds, junit_outcome outcome, const char *details,
                int ndiffs);
/* The JUnit XML report around the cases, written to path ('-': standard
 * output); data: the --data file, or NULL.  0, or nonzero after reporting
 * an error. */
int junit_write(const char *path, const char *suite, const junit_counts *n, double seconds, const char *data,
                const char *cases);
/* Each line of text on standard output, indented (under a PASS/FAIL or
 * TAP line). */
void print_lines(const char *text, const char *indent);
/* TAP 13's diagnostic block after a test line: the message as a YAML
 * (JSON) string. */
void tap_yaml(const char *message);

#endif
