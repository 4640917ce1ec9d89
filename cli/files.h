/* files.h - reading input files (bounded) and finding scenarios. */
#ifndef CLI_FILES_H
#define CLI_FILES_H

#include <stddef.h>

#include "err.h"

#define FILE_MAX (4u << 20) /* 4 MiB: far beyond any real scenario */

/* Reads all of path ("-" = stdin) into a malloc'ed, NUL-terminated buffer. */
int file_read(const char *path, char **text, size_t *len, cli_err *e);

typedef struct {
  char **paths;
  size_t len, cap;
} path_list;

/* Adds path if it is a file, or every *.yaml / *.yml under it if it is a
 * directory (recursively, sorted by path, hidden entries and symlinked
 * directories skipped).  Returns -1 if path cannot be read. */
int files_collect(const char *path, path_list *out);
void paths_free(path_list *l);
/* Every *.json under dir, as files_collect finds scenarios; -1 if dir
 * cannot be read. */
int files_collect_json(const char *dir, path_list *out);
/* strcmp for qsort and bsearch over arrays of char *. */
int path_cmp(const void *a, const void *b);
/* 1 if path names a directory. */
int files_is_dir(const char *path);
/* files_collect over every operand, scenarios/ when there is none.  On an
 * unreadable operand, frees out and returns it; else returns NULL. */
const char *files_collect_operands(int argc, char **argv, path_list *out);
/* Joins dir and a relative path ("a/b.yaml" + "c.json" -> "a/c.json"). */
char *path_sibling(const char *file, const char *rel);

#endif
