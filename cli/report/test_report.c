/* test_report.c - see test_report.h. */
#include "report/test_report.h"

#include <stdio.h>
#include <string.h>

#include "base/err.h"
#include "base/output.h"
#include "doc.h"
#include "json.h"

void print_lines(const char *text, const char *indent) {
  for (const char *p = text; p && *p;) {
    const char *nl = strchr(p, '\n');
    const int n = nl ? (int)(nl - p) : (int)strlen(p);
    printf("%s%.*s\n", indent, n, p);
    p += n + (nl ? 1 : 0);
  }
}

/* ---- JUnit XML ---- */

/* Text as XML character data or attribute value: the five escapes.  The
 * text is escaped already (a name through xml_name, the details when they
 * were made), so it holds no control character but line breaks between
 * differences; any other, which XML 1.0 could not hold, is made visible as
 * \xNN all the same. */
static void xml_text(strbuf *sb, const char *s) {
  for (; *s; s++) {
    const unsigned char c = (unsigned char)*s;
    if (c == '&')
      sb_puts(sb, "&amp;");
    else if (c == '<')
      sb_puts(sb, "&lt;");
    else if (c == '>')
      sb_puts(sb, "&gt;");
    else if (c == '"')
      sb_puts(sb, "&quot;");
    else if (c == '\'')
      sb_puts(sb, "&apos;");
    else if (c < 0x20 && c != '\n')
      sb_printf(sb, "\\x%02X", c);
    else
      sb_putc(sb, (char)c);
  }
}

/* n bytes of a name from input (a path), escaped as in the text report,
 * as XML; slashes as dots with dots. */
static void xml_name(strbuf *sb, const char *s, size_t n, int dots) {
  strbuf esc = {0};
  err_escape(&esc, s, n, NULL);
  for (char *p = esc.buf; dots && *p; p++)
    if (*p == '/') *p = '.';
  xml_text(sb, esc.buf);
  sb_free(&esc);
}

/* scenarios/move/a.yaml: classname "scenarios.move", name "a.yaml", as CI
 * systems group test cases by class; time in seconds. */
void junit_case(strbuf *sb, const char *path, double seconds, junit_outcome result, const char *details,
                int ndiffs) {
  const char *slash = strrchr(path, '/'), *dir = path;
  while (*dir == '/') dir++;
  sb_puts(sb, "    <testcase classname=\"");
  xml_name(sb, dir, slash && slash > dir ? (size_t)(slash - dir) : 0, 1);
  sb_puts(sb, "\" name=\"");
  xml_name(sb, slash ? slash + 1 : path, strlen(slash ? slash + 1 : path), 0);
  sb_puts(sb, "\" file=\"");
  xml_name(sb, path, strlen(path), 0);
  sb_printf(sb, "\" time=\"%.3f", seconds);
  if (result == JUNIT_PASSED && !*details) {
    sb_puts(sb, "\"/>\n");
    return;
  }
  if (result == JUNIT_PASSED) { /* (notes on a case that passed: conform's how far it went) */
    sb_puts(sb, "\">\n      <system-out>");
    xml_text(sb, details);
    sb_puts(sb, "</system-out>\n    </testcase>\n");
    return;
  }
  if (result == JUNIT_SKIPPED) {
    sb_puts(sb, "\">\n      <skipped message=\"");
    xml_text(sb, details);
    sb_puts(sb, "\"/>\n    </testcase>\n");
    return;
  }
  if (result == JUNIT_ERROR) {
    sb_puts(sb, "\">\n      <error message=\"");
    xml_text(sb, details);
    sb_puts(sb, "\" type=\"bad input\"/>\n    </testcase>\n");
    return;
  }
  sb_printf(sb, "\">\n      <failure message=\"%d difference%s\" type=\"mismatch\">", ndiffs,
            ndiffs == 1 ? "" : "s");
  xml_text(sb, details);
  sb_puts(sb, "</failure>\n    </testcase>\n");
}

/* Writes the report atomically (a CI system never reads half of it), or
 * to standard output for "-". */
int junit_write(const char *path, const char *suite, const junit_counts *n, double seconds, const char *data,
                const char *cases) {
  strbuf sb = {0};
  const int tests = n->passed + n->failed + n->errors + n->skipped;
  sb_puts(&sb, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
  sb_printf(&sb, "<testsuites name=\"wolves\" tests=\"%d\" failures=\"%d\" errors=\"%d\" time=\"%.3f\">\n",
            tests, n->failed, n->errors, seconds);
  sb_printf(&sb, "  <testsuite name=\"%s\" tests=\"%d\" failures=\"%d\" errors=\"%d\"", suite, tests,
            n->failed, n->errors);
  if (n->skipped) sb_printf(&sb, " skipped=\"%d\"", n->skipped);
  sb_printf(&sb, " time=\"%.3f\">\n", seconds);
  if (data) {
    sb_puts(&sb, "    <properties>\n      <property name=\"data\" value=\"");
    xml_name(&sb, data, strlen(data), 0);
    sb_puts(&sb, "\"/>\n    </properties>\n");
  }
  if (cases) sb_puts(&sb, cases);
  sb_puts(&sb, "  </testsuite>\n</testsuites>\n");
  int rc;
  if (strcmp(path, "-") == 0)
    rc = stdout_write(&sb);
  else
    rc = file_save(path, sb.buf, sb.len, 0, NULL);
  sb_free(&sb);
  return rc;
}

/* TAP 13's diagnostic block: the message as a YAML (JSON) string. */
void tap_yaml(const char *message) {
  doc d;
  strbuf sb = {0};
  doc_init(&d, "tap");
  json_inline(&sb, doc_str(&d, message), (size_t)-1);
  printf("  ---\n  message: %s\n  severity: error\n  ...\n", sb.buf);
  sb_free(&sb);
  doc_free(&d);
}
