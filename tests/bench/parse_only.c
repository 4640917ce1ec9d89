/* parse_only.c - the baseline of `make bench`: reads every file under the
 * directories given (the scenario suite: scenarios/ and golden/) and
 * parses it with libyaml, event by event, doing nothing else.  Prints the
 * number of files and events. */
#include <dirent.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <yaml.h>

static long files, events;

static int parse(const char *path) {
  FILE *f = fopen(path, "rb");
  if (f == NULL) return -1;
  yaml_parser_t parser;
  yaml_parser_initialize(&parser);
  yaml_parser_set_input_file(&parser, f);
  int done = 0, rc = 0;
  while (!done) {
    yaml_event_t ev;
    if (!yaml_parser_parse(&parser, &ev)) {
      rc = -1;
      break;
    }
    done = ev.type == YAML_STREAM_END_EVENT;
    events++;
    yaml_event_delete(&ev);
  }
  yaml_parser_delete(&parser);
  fclose(f);
  files++;
  return rc;
}

static int walk(const char *dir) {
  DIR *d = opendir(dir);
  if (d == NULL) return parse(dir);
  struct dirent *e;
  int rc = 0;
  while ((e = readdir(d)) != NULL) {
    if (e->d_name[0] == '.') continue;
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    struct stat st;
    if (stat(path, &st) != 0) continue;
    if (S_ISDIR(st.st_mode)) {
      rc |= walk(path);
    } else {
      const char *dot = strrchr(e->d_name, '.');
      if (dot && (strcmp(dot, ".yaml") == 0 || strcmp(dot, ".json") == 0)) rc |= parse(path);
    }
  }
  closedir(d);
  return rc;
}

int main(int argc, char **argv) {
  int rc = 0;
  for (int i = 1; i < argc; i++) rc |= walk(argv[i]);
  printf("%ld files, %ld events\n", files, events);
  return rc ? 1 : 0;
}
