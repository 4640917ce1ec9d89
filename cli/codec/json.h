/* json.h - the canonical JSON form of a document: keys in the order they
 * were added, 2-space indent, lists of scalars on one line, newline at the
 * end.  Byte-identical for equal trees built in the same order. */
#ifndef CLI_JSON_H
#define CLI_JSON_H

#include "doc.h"
#include "strbuf.h"

void json_write(strbuf *sb, const doc_node *root);
/* One-line form, cut to at most max bytes with "..." (for diff messages). */
void json_inline(strbuf *sb, const doc_node *n, size_t max);
/* The pieces of the one-line form, appended to sb: a string (escaped),
 * an integer, a whole node (json_inline without its cut). */
void json_put_string(strbuf *sb, const char *s, size_t len);
/* The same for a NUL-terminated string, faster for short ones. */
void json_put_cstr(strbuf *sb, const char *s);
void json_put_int(strbuf *sb, long long v);
void json_put_node(strbuf *sb, const doc_node *n);
/* YAML flow style, as scenarios are written by hand: {at: C4, wolves:
 * ["alpha B2 C4"]}.  Plain words stay unquoted; any other string is written
 * as a JSON string, which is also a YAML double-quoted scalar. */
void yaml_flow(strbuf *sb, const doc_node *n);
/* Length of the valid UTF-8 character at s (1 for ASCII; not overlong, no
 * surrogate, at most U+10FFFF), or 0 if none starts there.  A string from
 * YAML is valid UTF-8 (libyaml checks); a file name or an operand may not
 * be: JSON writes each byte that starts no character as \ufffd. */
size_t utf8_length(const char *s, size_t left);
/* Reads text[0..len), one JSON value (RFC 8259: objects, arrays, strings
 * with their escapes, numbers, true, false, null; white space around),
 * into d as doc_parse would read it: 0 with d->root set.  What doc_parse
 * reads and JSON does not (YAML's flow syntax, {id: 1}, single quotes) is
 * refused, and so are a key repeated in one object, \u0000, an integer
 * beyond 64 bits and nesting deeper than DOC_DEPTH_MAX: -1 with the first
 * mistake in e (line and column, the file d was made for), d empty.  A
 * number with a fraction or an exponent is the unquoted string it is
 * written as.  The one reader of the engine protocol, on both sides
 * (`wolves engine`'s requests, the answers `wolves conform` reads). */
int json_parse(doc *d, const char *text, size_t len, cli_err *e);

#endif
