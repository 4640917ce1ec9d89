/* diagnostic.c - see diagnostic.h. */
#include "base/diagnostic.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/err.h"
#include "json.h"
#include "strbuf.h"

doc_node *diagnostic_json(doc *d, const cli_err *e) {
  doc_node *m = doc_map(d);
  const size_t len = e->hint_at > 0 ? (size_t)e->hint_at : strlen(e->msg);
  doc_put(d, m, "file", doc_str(d, e->file));
  doc_put(d, m, "line", e->line > 0 ? doc_int(d, e->line) : doc_new(d, DOC_NULL));
  doc_put(d, m, "column", e->line > 0 ? doc_int(d, e->col) : doc_new(d, DOC_NULL));
  doc_put(d, m, "severity", doc_str(d, "error"));
  doc_put(d, m, "message", doc_str(d, doc_strdup(d, e->msg, len)));
  doc_put(d, m, "suggestion", e->suggestion[0] ? doc_str(d, e->suggestion) : doc_new(d, DOC_NULL));
  return m;
}

int diagnostic_same_output(void) {
  struct stat out, err;
  return fstat(STDOUT_FILENO, &out) == 0 && fstat(STDERR_FILENO, &err) == 0 && out.st_dev == err.st_dev &&
         out.st_ino == err.st_ino && out.st_rdev == err.st_rdev;
}

int diagnostic_report(const cli_err *e, int json) {
  if (!json || !diagnostic_same_output()) err_print(e, stderr);
  if (!json) return 2;
  doc d;
  doc_init(&d, "error");
  doc_node *root = doc_map(&d);
  doc_put(&d, root, "error", diagnostic_json(&d, e));
  strbuf sb = {0};
  json_write(&sb, root);
  fflush(stderr);
  fwrite(sb.buf, 1, sb.len, stdout);
  fflush(stdout);
  sb_free(&sb);
  doc_free(&d);
  return 2;
}
