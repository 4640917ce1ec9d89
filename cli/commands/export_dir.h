/* export_dir.h - the directory `wolves export DIR` writes: whether it may
 * (new, empty, or with --force an earlier export), and replacing an
 * earlier export without deleting anything export did not write. */
#ifndef CLI_EXPORT_DIR_H
#define CLI_EXPORT_DIR_H

#include "strbuf.h"

/* May export write into dir?  0 when dir is not there, is empty, or with
 * force holds only what an export writes (vectors/ and schema/ holding
 * regular *.json files, perft.json); else 2 after the error on stderr:
 * what is there that export did not write, or that an earlier export is
 * there and --force replaces it. */
int export_dir_check(const char *dir, int force);

/* Moves the entries an earlier export wrote in dir (vectors, schema,
 * perft.json) aside into tmp/.old, so the new ones can be moved in: 0, or
 * -1 with errno set and every entry moved back.  aside: the directory
 * they went to ("" when there was none to move). */
int export_dir_set_aside(const char *dir, const char *tmp, strbuf *aside);
/* Puts the entries set aside back into dir (the new export failed). */
void export_dir_put_back(const char *dir, const char *aside);
/* Removes what was set aside: only the files an export writes, then the
 * directories left empty; whatever else is found there (put in meanwhile)
 * is kept, and said on stderr. */
void export_dir_remove_aside(const char *aside);

#endif
