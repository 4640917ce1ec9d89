/* input.h - reading input files (bounded, regular files only: nothing that could
 * block) and finding the scenarios under the paths a command is given. */
#ifndef CLI_INPUT_H
#define CLI_INPUT_H

#include <stddef.h>
#include <stdio.h>

#include "base/err.h"
#include "bounds.h" /* FILE_MAX: above any state wolves writes */

/* Reads all of path ("-" = stdin) into a malloc'ed, NUL-terminated buffer.
 * Only a regular file (or "-"): a FIFO, device or socket could block. */
int file_read(const char *path, char **text, size_t *len, cli_err *e);
/* Opens path for reading if it is a regular file (a FIFO is opened
 * without waiting for a writer, and refused with the rest): the stream,
 * or NULL with errno set, or with *why ("a directory", "not a regular
 * file"). */
FILE *file_open_regular(const char *path, const char **why);

typedef struct {
  char **paths;
  size_t len, cap;
  size_t unreadable; /* entries under a directory reported as unreadable */
} path_list;

/* Adds path if it is a file, or every *.yaml / *.yml under it if it is a
 * directory (recursively, sorted by path, hidden entries skipped, symlinks
 * to scenario files followed; an unreadable subdirectory, a symlinked one,
 * a dangling link to a scenario, and every entry that is, or links to,
 * neither a regular file nor a directory (a FIFO, a socket, a device:
 * never opened) is reported on stderr and counted in out->unreadable).
 * Returns -1 if path cannot be read. */
int files_collect(const char *path, path_list *out);
void paths_free(path_list *l);
/* Every *.json under dir, as files_collect finds scenarios (entries that
 * are neither a regular file nor a directory reported and counted the
 * same way; a subdirectory that cannot be read is not); -1 if dir cannot
 * be read. */
int files_collect_json(const char *dir, path_list *out);
/* The names in dir (not paths), hidden ones (.*) left out, sorted; -1 if
 * dir cannot be read. */
int files_names(const char *dir, path_list *out);
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
/* a and b joined with one slash between them (none after an empty a),
 * malloc'ed. */
char *path_join(const char *a, const char *b);
/* Joins dir and a relative path ("a/b.yaml" + "c.json" -> "a/c.json"). */
char *path_sibling(const char *file, const char *rel);

/* The suite a command runs when given no PATH, where there is no
 * scenarios/ here: the bundled suite of an installed copy,
 * PREFIX/share/wolves/scenarios beside PREFIX/bin/wolves (found from the
 * running program, so any PREFIX works), into buf (n bytes).  NULL when
 * scenarios/ is here (files_collect_operands' default) or there is no
 * installed suite.  test, conform and export run it. */
char *files_installed_suite(char *buf, size_t n);

#endif
