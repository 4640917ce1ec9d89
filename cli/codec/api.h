/* api.h - what the codec's public functions (wolves.h, "positions and
 * actions as text", in api.c) share with the program, so that `wolves run`
 * and wolves_state_to_json print a position through one function. */
#ifndef CODEC_API_H
#define CODEC_API_H

#include "doc.h"
#include "state_doc.h"
#include "strbuf.h"

/* The state document of pos, built in d, and its canonical JSON appended
 * to json; returns the document (`run` checks expectations against it). */
doc_node *position_print(doc *d, const position *pos, strbuf *json);

#endif
