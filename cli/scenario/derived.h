/* derived.h - `wolves run --derived`: read-only facts computed from a
 * position, so a script need not decode them from the map strings. */
#ifndef CLI_DERIVED_H
#define CLI_DERIVED_H

#include "doc.h"
#include "wolves.h"

/* {hexes: {A1: {kind, terrain, region, pieces, token}}, regions: {a:
 * {control: {PACK: N}, alphas: {PACK: N}, leaders: [PACK]}}, final_scores:
 * {PACK: {total, rank}}, winners: [PACK]}, in d.  Never read back: the
 * loader refuses it (state_read_keys). */
doc_node *derived_write(doc *d, const wolves_game *g, const wolves_state *s);

#endif
