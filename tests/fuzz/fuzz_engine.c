/* fuzz_engine.c - libFuzzer harness for `wolves engine` (cli/protocol/engine_server.c):
 * the input is a session, one request per line, answered in one session as
 * the engine answers its standard input (a line past ENGINE_LINE_MAX
 * cannot occur: the input is at most -max_len bytes).  Asserted for every
 * line: exactly one response, one line ending in a newline, that is one
 * JSON object (json_parse) with "ok"; and that a request after quit is
 * never read.  The seeds, the .jsonl files of tests/fuzz/engine, are
 * sessions that reach every request and every error. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bounds.h"
#include "json.h"
#include "protocol/engine_server.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_response(const strbuf *out) {
  doc d;
  doc_init(&d, "response");
  cli_err e = {0};
  const int bad = out->len == 0 || out->buf[out->len - 1] != '\n' || memchr(out->buf, '\n', out->len - 1) ||
                  json_parse(&d, out->buf, out->len - 1, &e) || d.root->kind != DOC_MAP ||
                  doc_get(d.root, "ok") == NULL || doc_get(d.root, "ok")->kind != DOC_BOOL;
  doc_free(&d);
  if (bad) {
    fprintf(stderr, "fuzz_engine: a response that is not one JSON object on one line: %.*s\n", (int)out->len,
            out->buf ? out->buf : "");
    abort();
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  engine_session *const S = engine_session_new();
  strbuf out = {0};
  const char *p = (const char *)data, *const end = p + size;
  while (p < end) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    const size_t len = nl ? (size_t)(nl - p) : (size_t)(end - p);
    out.len = 0;
    const int quit = engine_answer(S, p, len, 0, &out);
    check_response(&out);
    if (quit) break;
    p += len + (nl ? 1 : 0);
  }
  sb_free(&out);
  engine_session_free(S);
  return 0;
}
