/* output.h - writing every output: atomic replacement of a file through a
 * temporary file beside it, or a stream (FIFO, device, socket, open file),
 * never blocking. */
#ifndef CLI_OUTPUT_H
#define CLI_OUTPUT_H

#include <stddef.h>
#include <sys/types.h>

#include "strbuf.h"

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
/* Writes all of text to fd (a stream: a short write goes on, one left
 * non-blocking is waited on): 0, or -1 with errno set (ENOSPC when a
 * write makes no progress). */
int write_whole(int fd, const char *text, size_t len);
/* write(2) with SIGPIPE held: a reader that went away (a pipe to a
 * process that exited) is -1 and EPIPE, not the death of the process. */
ssize_t write_no_sigpipe(int fd, const void *buf, size_t n);
/* strerror, with ENXIO from file_write said plainly. */
const char *file_strerror(int err);
/* sb on standard output, flushed: 0, or 2 when it could not be written
 * (main.c then says why). */
int stdout_write(const strbuf *sb);
/* Says that standard output could not be written, and why (err: errno,
 * 0 when none was given): "wolves: cannot write standard output: ...";
 * returns 2. */
int stdout_failed(int err);

#endif
