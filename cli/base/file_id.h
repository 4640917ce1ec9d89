/* file_id.h - which file a name names, so that no output of a command
 * destroys one of its inputs or another of its outputs. */
#ifndef CLI_FILE_ID_H
#define CLI_FILE_ID_H

#include <stddef.h>
#include <sys/types.h>

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
/* Follows the symlinks path's last component names (at most 40): the name
 * the file has, or gets when it is created (a dangling link is followed,
 * never replaced), malloc'ed.  *fd: N when a name on the way is this
 * process's open file N (/dev/fd/N, /dev/stdout, ...), else -1.  NULL
 * with errno ELOOP. */
char *file_final_name(const char *path, int *fd);
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
/* Does path name a file of l (file_id_same), input or output?  For an
 * output whose name is chosen as it is written (a reproducer): another
 * name is taken while this one is in use. */
int io_named(const io_files *l, const char *path);
/* Forgets every name added after the first n (the names io_refuse only
 * had to check, such as files an output may replace). */
void io_truncate(io_files *l, size_t n);
void io_free(io_files *l);

#endif
