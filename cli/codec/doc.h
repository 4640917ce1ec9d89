/* doc.h - an in-memory document tree: what a scenario file, a golden file
 * and the printed state all are.  Scalars are typed the JSON way (null,
 * bool, integer, string) so a YAML scenario and its JSON output compare
 * structurally.  Every node remembers where it came from for diagnostics.
 * A doc owns its nodes in an arena; doc_free releases them all at once. */
#ifndef CLI_DOC_H
#define CLI_DOC_H

#include <stddef.h>
#include <stdint.h>

#include "diag.h"

typedef enum { DOC_NULL, DOC_BOOL, DOC_INT, DOC_STR, DOC_SEQ, DOC_MAP } doc_kind;

/* How the JSON writer lays a collection out. */
typedef enum { DOC_AUTO, DOC_BLOCK, DOC_INLINE } doc_layout;

/* (the small fields in bytes: a golden game's tree holds thousands of
 * nodes, and `wolves test` holds two at once) */
typedef struct doc_node {
  uint8_t kind;    /* doc_kind */
  uint8_t layout;  /* doc_layout */
  uint8_t literal; /* a YAML literal block scalar: line i is source line line+1+i */
  uint8_t quoted;  /* a quoted scalar: its text starts one column after col */
  int indent;      /* literal: columns of indentation stripped from each line */
  const char *key; /* the key when the node is a mapping value */
  int key_line, key_col;
  int line, col;    /* 1-based; 0 for built nodes */
  const char *file; /* for diagnostics */
  long long num;    /* DOC_INT, DOC_BOOL */
  const char *str;  /* DOC_STR: NUL-terminated */
  size_t len;
  size_t count; /* children of a collection */
  struct doc_node *first, *last, *next;
} doc_node;

typedef struct doc_block doc_block;

typedef struct {
  doc_block *blocks;
  const char *file;
  const char *src; /* the parsed text, when parsed (not owned) */
  size_t srclen;
  size_t nodes;
  doc_node *root;
} doc;

void doc_init(doc *d, const char *file);
void doc_free(doc *d);
void *doc_alloc(doc *d, size_t n);
/* n bytes of text (no alignment) in d. */
char *doc_alloc_text(doc *d, size_t n);
const char *doc_strdup(doc *d, const char *s, size_t n);

doc_node *doc_new(doc *d, doc_kind kind);
doc_node *doc_int(doc *d, long long v);
doc_node *doc_bool(doc *d, int v);
doc_node *doc_str(doc *d, const char *s);
doc_node *doc_seq(doc *d);
doc_node *doc_map(doc *d);
/* A deep copy of n (and its subtree) in d, without its key. */
doc_node *doc_copy(doc *d, const doc_node *n);
/* Appends v to a sequence, or as entry `key` of a mapping (key copied). */
void doc_push(doc_node *seq, doc_node *v);
void doc_put(doc *d, doc_node *map, const char *key, doc_node *v);
/* Removes entry `key` from a mapping (nothing if absent). */
void doc_drop(doc_node *map, const char *key);

/* Entry `key` of a mapping, or NULL (also when m is not a mapping). */
const doc_node *doc_get(const doc_node *m, const char *key);
int doc_is_scalar(const doc_node *n);
const char *doc_kind_name(doc_kind k);
/* Structural equality (mapping order does not matter). */
int doc_equal(const doc_node *a, const doc_node *b);
/* Follows a path "players.rocky.tiles.0" or "events[3].to"; NULL if absent.
 * A mapping key may itself contain dots ("data.wolf_speed.values"). */
const doc_node *doc_path(const doc_node *root, const char *path);
/* One component of a path as doc_path reads it, at p (after any '.'): in a
 * list "[N]" or "N", item N (*index = N when index is not NULL); in a map
 * the longest key that p starts with up to a separator ('.', '[' or the
 * end).  *end: what follows it.  NULL when nothing there answers. */
const doc_node *doc_child_at(const doc_node *n, const char *p, const char **end, unsigned long *index);

/* Parses YAML (or JSON) text; the first error goes to e. */
int doc_parse(doc *d, const char *text, size_t len, cli_err *e);

/* Records an error at the position of a document node (diag.h). */
int err_at(cli_err *e, const doc_node *n, const char *fmt, ...) CLI_PRINTF(3, 4);
/* Same, at the position of the key of a mapping entry. */
int err_at_key(cli_err *e, const doc_node *n, const char *fmt, ...) CLI_PRINTF(3, 4);
/* err_at and err_at_key with a suggestion (NULL: none): the message ends
 * "(did you mean 'HINT'?)" and the name is kept apart (diag.h). */
int err_at_hint(cli_err *e, const doc_node *n, const char *hint, const char *fmt, ...) CLI_PRINTF(4, 5);
int err_at_key_hint(cli_err *e, const doc_node *n, const char *hint, const char *fmt, ...) CLI_PRINTF(4, 5);

#endif
