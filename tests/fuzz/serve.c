/* serve.c - see serve.h. */
#include "serve.h"

#include <string.h>

#include "base/input.h"
#include "strbuf.h"

static const char *input, *second;
static size_t input_len, second_len;

void serve_input(const char *text, size_t len) {
  input = text;
  input_len = len;
}

void serve_second(const char *text, size_t len) {
  second = text;
  second_len = len;
}

static int serve(const char *bytes, size_t n, char **text, size_t *len) {
  char *buf = xmalloc(n + 1);
  if (n) memcpy(buf, bytes, n);
  buf[n] = '\0';
  *text = buf;
  *len = n;
  return 0;
}

int __wrap_file_read(const char *path, char **text, size_t *len, cli_err *e) {
  if (strcmp(path, "-") == 0) {
    if (input_len > FILE_MAX) return err_set(e, path, 1, 1, "file is larger than " FILE_MAX_TEXT);
    return serve(input, input_len, text, len);
  }
  if (strcmp(path, FUZZ_SECOND) == 0) return serve(second, second_len, text, len);
  return err_set(e, path, 1, 1, "cannot read file (No such file or directory)");
}
