/* read.h - typed reading of document nodes with one precise diagnostic per
 * mistake: wrong type, out of range, unknown key or name (with a "did you
 * mean" suggestion when a known one is close). */
#ifndef CLI_READ_H
#define CLI_READ_H

#include "doc.h"

/* The engine's vocabularies (core/names.c). */
typedef enum {
  NAMES_COLOUR,
  NAMES_PIECE,
  NAMES_PREY,
  NAMES_ATTRIBUTE,
  NAMES_TRACK,
  NAMES_PHASE,
  NAMES_ACTION,
  NAMES_EVENT,
  NAMES_GAME_PHASE, /* draft, play, over */
  NAMES_TERRAIN     /* the words of NAMES_COLOUR, named for a tile or a hex: a terrain */
} read_names;

/* Every key of m must be in keys[] (NULL-terminated).  `where` names the
 * mapping in the message. */
int read_keys(const doc_node *m, const char *const keys[], const char *where, cli_err *e);
int read_require(const doc_node *m, const char *key, const char *where, cli_err *e);
int read_kind(const doc_node *n, doc_kind kind, const char *what, cli_err *e);
/* An integer in lo..hi. */
int read_int(const doc_node *n, long long lo, long long hi, const char *what, long long *out, cli_err *e);
/* A name from the list; returns its index or -1 (error set). */
int read_name(const doc_node *n, read_names names, cli_err *e);
/* The key of mapping entry v as a string node at the key's position. */
doc_node read_key_node(const doc_node *v);
/* Index of word in the list, or -1 (no diagnostic). */
int names_find(read_names names, const char *word);
/* Word i of the list ("?" when out of range). */
const char *names_word(read_names names, int i);
int names_count(read_names names);
/* Is s a decimal integer as a plain YAML scalar types it ("-12", "+3",
 * "007"), whether or not it fits in 64 bits?  (cli/yaml.c) */
int read_is_decimal(const char *s);
/* The closest known word to s (letters compared ignoring case), if close
 * enough to suggest; else NULL.  The one "did you mean" of the program. */
const char *read_suggest(const char *s, const char *const words[], int n);
/* The same, else the only word that starts with s (3 characters or more):
 * for long names typed cut short (data fields, clause IDs), not for keys,
 * where a whole word of its own (a scenario's "actions" in a position) is
 * no cut of another ("actions_taken"). */
const char *read_suggest_cut(const char *s, const char *const words[], int n);
/* A clause ID as users type it, in any case (MOVE.PUSH_CHOICE,
 * move.push_choice): the clause, or WOLVES_OK for none. */
int read_clause_find(const char *id);
/* The clause IDs typed answers to when cut short (at least 3 characters):
 * those it starts, then those of its area with a word its name starts
 * (MOVE.PUSH: MOVE.PUSH_CHOICE, then MOVE.ALPHA_PUSH; without a dot, any
 * with such a word), in catalog order, at most max of them into ids;
 * returns how many. */
int read_clause_matches(const char *typed, const char **ids, int max);
/* The catalog's ID nearest to a mistyped one ("did you mean"), else the
 * one clause it is cut short of (read_clause_matches), or NULL. */
const char *read_clause_suggest(const char *id);
/* A clause ID node: the clause, or -1 (error set: "unknown clause 'X'",
 * with the nearest ID when one is near). */
int read_clause(const doc_node *n, cli_err *e);

#endif
