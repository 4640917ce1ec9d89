/* files.h - reading input files (bounded), finding scenarios, telling
 * which file a name names, and writing every output. */
#ifndef CLI_FILES_H
#define CLI_FILES_H

#include <stddef.h>
#include <sys/types.h>

#include "bounds.h" /* FILE_MAX: above any state wolves writes */
#include "base/err.h"

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
/* Joins dir and a relative path ("a/b.yaml" + "c.json" -> "a/c.json"). */
char *path_sibling(const char *file, const char *rel);

/* ---- which file a name names ---- */

/* What a name stands for.  Two names name one file when they stat
 * (following symlinks) to one device and inode, whatever the path:
 * relative, with "..", a symlink, a hard link, /dev/fd/N.  Names of files
 * not there yet are one when their canonical names are (path_canonical,
 * after following a dangling symlink).  "-" is standard input (fstat). */
typedef struct {
  int exists;
  dev_t dev;
  ino_t ino;
  mode_t mode;
  char *canon; /* when it does not exist */
} file_id;

void file_id_get(file_id *id, const char *path);
void file_id_free(file_id *id);
/* Do a and b name one file that writing b would destroy?  Never for a
 * character device or a socket (a terminal, /dev/null): those may be
 * read and written at once. */
int file_id_same(const file_id *a, const file_id *b);
/* file_id_same(id, the id of path). */
int file_id_names(const file_id *id, const char *path);

/* The files one command reads and writes, so that no output names an
 * input or another output (file_id_same).  Every name is given with how a
 * refusal describes it ("the scenario a.yaml"); an output also with the
 * subject of its refusal ("wolves: --junit out.xml"). */
typedef struct {
  struct io_file *f;
  size_t len, cap;
} io_files;

void io_input(io_files *l, const char *path, const char *what);
void io_output(io_files *l, const char *path, const char *who, const char *what);
/* 0, or 2 after one line on stderr, "WHO would overwrite WHAT", for the
 * output added first that names a file added before it (an input first). */
int io_refuse(io_files *l);
void io_free(io_files *l);

/* ---- writing outputs ---- */

typedef enum { FILE_UNCHANGED, FILE_CREATED, FILE_UPDATED } file_change;

/* Every output a command writes to a file goes through here, which
 * decides how:
 * - a regular file, a symlink to one, or no file yet: atomic replace.
 *   Text goes to a temporary file in the same directory (mkstemp: a unique
 *   name per call, so concurrent runs never share one), fsync, rename.
 *   Readers, and other runs writing the same file, see the old file or a
 *   complete new one; a crash leaves the old or the new one, not an empty
 *   one.  A symlink is followed (its target replaced, the link kept, a
 *   dangling one's target created); an identical file is left untouched;
 *   the new file keeps the old one's mode (new files: 0644).  dirs:
 *   missing directories are created (goldens), else that is an error.  A
 *   temporary file is removed on SIGINT, SIGTERM and SIGHUP, and one left
 *   by a killed run (older than a minute) by the next write beside it.
 * - a FIFO, a character or block device, a socket, or this process's open
 *   file (/dev/stdout, /dev/fd/N, /proc/self/fd/N, or a symlink to one):
 *   written as a stream, in place, never replaced.  Opening never waits:
 *   a FIFO that has no reader within a second, or a socket nobody listens
 *   on, is ENXIO; a reader that goes away is EPIPE (not SIGPIPE).
 * - a directory: EISDIR.
 * Safe to call from several threads at once.  *change (may be NULL): what
 * became of the file (a stream: FILE_UPDATED).  -1 with errno set on
 * failure; then a replaced file is as it was. */
int file_write(const char *path, const char *text, size_t len, int dirs, file_change *change);
/* file_write, reporting a failure on stderr ("wolves: cannot write PATH:
 * REASON"). */
int file_save(const char *path, const char *text, size_t len, int dirs, file_change *change);
/* write(2) with SIGPIPE held: a reader that went away (a pipe to a
 * process that exited) is -1 and EPIPE, not the death of the process. */
ssize_t write_no_sigpipe(int fd, const void *buf, size_t n);
/* strerror, with ENXIO from file_write said plainly. */
const char *file_strerror(int err);

#endif
