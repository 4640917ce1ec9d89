/* golden.c - see golden.h. */
#include "scenario/golden.h"

#include <string.h>

#include "base/err.h"
#include "base/output.h"
#include "strbuf.h"

/* Start of the last directory component named "scenarios", or NULL. */
static const char *scenarios_dir(const char *path) {
  const char *found = NULL;
  for (const char *p = path; (p = strstr(p, "scenarios/")); p++)
    if (p == path || p[-1] == '/') found = p;
  return found;
}

char *golden_path(const char *scenario_path) {
  if (strcmp(scenario_path, "-") == 0) return NULL;
  const char *dir = scenarios_dir(scenario_path);
  const char *base = strrchr(scenario_path, '/');
  base = base ? base + 1 : scenario_path;
  const char *dot = strrchr(base, '.');
  size_t stem = dot && dot != base ? (size_t)(dot - scenario_path) : strlen(scenario_path);
  const int json = dot && strcmp(dot, ".json") == 0;
  strbuf sb = {0};
  if (dir) {
    sb_putn(&sb, scenario_path, (size_t)(dir - scenario_path));
    sb_puts(&sb, "golden/");
    const char *rest = dir + strlen("scenarios/");
    sb_putn(&sb, rest, stem - (size_t)(rest - scenario_path));
    sb_puts(&sb, ".json");
  } else {
    sb_putn(&sb, scenario_path, stem);
    sb_puts(&sb, json ? ".golden.json" : ".json");
  }
  return sb.buf;
}

int golden_write(const char *path, const char *text, size_t len, golden_change *change) {
  return file_write(path, text, len, 1, change);
}

int golden_save(const char *path, const char *text, size_t len, golden_change *change) {
  return file_save(path, text, len, 1, change);
}

const char *golden_change_name(golden_change c) {
  static const char *const names[] = {"unchanged", "created", "updated"};
  return c >= GOLDEN_UNCHANGED && c <= GOLDEN_UPDATED ? names[c] : "?";
}
