/* emit.h - one writer, two outputs.  The codec's writers say what a
 * document holds, value by value (emit_map, emit_int, ...); an emitter
 * either builds the doc tree (for YAML, pretty JSON, diffs and checks) or
 * writes the one-line JSON that json_inline would write for that tree,
 * byte for byte, without building it: the state `wolves engine` answers
 * and `wolves conform` expects after every action. */
#ifndef CLI_EMIT_H
#define CLI_EMIT_H

#include "doc.h"
#include "strbuf.h"

/* Deeper than any document the codec writes (a state is 4 deep). */
#define EMIT_DEPTH 16

typedef struct {
  doc *d;                        /* a tree is built in d; or, when NULL, */
  strbuf *sb;                    /* the one-line JSON is appended to sb */
  int depth;                     /* collections open */
  int dropped;                   /* collections opened past EMIT_DEPTH (never, by the codec's writers) */
  doc_node *open[EMIT_DEPTH];    /* tree: the collections open */
  unsigned char map[EMIT_DEPTH]; /* json: is open collection i a mapping? */
  size_t count[EMIT_DEPTH];      /* json: entries written in it */
  doc_node *root;                /* tree: the first value emitted at the top */
} emitter;

void emit_tree(emitter *em, doc *d);
void emit_json(emitter *em, strbuf *sb);

/* Each value goes into the collection open: under key in a mapping (key
 * NULL in a list, or at the top). */
void emit_map(emitter *em, const char *key, doc_layout layout);
void emit_seq(emitter *em, const char *key, doc_layout layout);
void emit_end(emitter *em);
void emit_int(emitter *em, const char *key, long long v);
void emit_bool(emitter *em, const char *key, int v);
void emit_null(emitter *em, const char *key);
void emit_str(emitter *em, const char *key, const char *s);
/* A subtree built elsewhere: in a tree, n itself (built in the same doc)
 * is attached; in JSON, it is written. */
void emit_node(emitter *em, const char *key, doc_node *n);

/* A part of the one-line JSON kept with the bytes it was made from, and
 * written again instead of made again while they stay the same (a state
 * is written after every action, and most of it does not change).  The
 * bytes must be everything the part's writer reads.  Zero-initialised;
 * emit_memo_free releases it. */
typedef struct {
  unsigned char *in; /* the bytes it was made from */
  size_t in_len, in_cap;
  strbuf text; /* its entries as written ("key": value, ...), without the ", " before them */
  int valid;
  size_t from; /* (while it is made) where its text starts in the output; SIZE_MAX: not kept */
} emit_memo;

/* The entries the caller writes next into the collection open (one or
 * more) are the part of m, made from the n parts in[i] of size[i] bytes:
 * 1 when they were written from m (the caller writes nothing); 0 when the
 * caller is to write them (with em, as always) and then call
 * emit_memo_keep.  Always 0 when m is NULL, em builds a tree or no
 * collection is open (then emit_memo_keep keeps nothing). */
int emit_memo_use(emitter *em, emit_memo *m, const void *const in[], const size_t size[], int n);
void emit_memo_keep(emitter *em, emit_memo *m);
void emit_memo_free(emit_memo *m);

#endif
