/* files.h - reading input files (bounded) and finding scenarios. */
#ifndef CLI_FILES_H
#define CLI_FILES_H

#include <stddef.h>

#include "bounds.h" /* FILE_MAX: above any state wolves writes */
#include "err.h"

/* Reads all of path ("-" = stdin) into a malloc'ed, NUL-terminated buffer.
 * Only a regular file (or "-"): a FIFO, device or socket could block. */
int file_read(const char *path, char **text, size_t *len, cli_err *e);

typedef struct {
  char **paths;
  size_t len, cap;
  size_t unreadable; /* entries under a directory reported as unreadable */
} path_list;

/* Adds path if it is a file, or every *.yaml / *.yml under it if it is a
 * directory (recursively, sorted by path, hidden entries skipped, symlinks
 * to scenario files followed; an unreadable subdirectory or a symlinked
 * one is reported on stderr and counted in out->unreadable).  Returns -1
 * if path cannot be read. */
int files_collect(const char *path, path_list *out);
void paths_free(path_list *l);
/* Every *.json under dir, as files_collect finds scenarios; -1 if dir
 * cannot be read. */
int files_collect_json(const char *dir, path_list *out);
/* strcmp for qsort and bsearch over arrays of char *. */
int path_cmp(const void *a, const void *b);
/* 1 if path names a directory. */
int files_is_dir(const char *path);
/* files_collect over every operand, scenarios/ when there is none.  An
 * operand that cannot be read, or a directory with no scenario under it
 * ("wolves: no scenarios under 'PATH'"), or '-' (standard input) given
 * twice, is reported (cmd names the command) and frees out: -1; else 0. */
int files_collect_operands(const char *cmd, int argc, char **argv, path_list *out);
/* The name path resolves to (realpath), or for a file not there yet the
 * resolved directory and its name; the path itself if neither resolves.
 * Two paths name one file when their canonical names are equal.
 * malloc'ed. */
char *path_canonical(const char *path);
/* Do a and b name the same file? */
int path_same(const char *a, const char *b);
/* Joins dir and a relative path ("a/b.yaml" + "c.json" -> "a/c.json"). */
char *path_sibling(const char *file, const char *rel);

#endif
