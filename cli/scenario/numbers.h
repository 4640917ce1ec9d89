/* numbers.h - a clause check in words, with the numbers the engine
 * compared: its measure event (WOLVES_EV_MEASURE, logged beside the check
 * when explain's modes log checks) says what was measured and the limit;
 * this file only names them ("4 hexes, Wolf Speed 3") and says where and
 * why, reading the position for the words (what a hex holds, what a tile
 * shows).  It never judges: every number is the engine's. */
#ifndef CLI_NUMBERS_H
#define CLI_NUMBERS_H

#include <stddef.h>

#include "doc.h"
#include "events_doc.h"
#include "strbuf.h"
#include "wolves.h"

/* An action and what the engine logged judging it. */
typedef struct {
  const wolves_game *g;
  const wolves_state *before; /* the position the action was applied to */
  const wolves_action *a;
  const event_list *ev; /* logged with WOLVES_CHECKS_FIRST or WOLVES_CHECKS_ALL */
} judgement;

/* Applies a to a copy of before with every check logged (mode
 * WOLVES_CHECKS_FIRST or WOLVES_CHECKS_ALL) into *ev; returns the verdict
 * (0 or the clause that refused). */
int judge_logged(const wolves_game *g, const wolves_state *before, const wolves_action *a, int mode,
                 event_list *ev);

/* The measure event of the check event at ev->ev[i] (the event after it),
 * or NULL when the check compares no number. */
const wolves_event *numbers_of(const judgement *j, size_t i);

/* The numbers of the check at i in a few words, for a line that already
 * says what it was about: "4 hexes, Wolf Speed 3", "nearest Alpha B2: 4
 * hexes, Howl Range 2".  Returns 0 (nothing written) when it has none. */
int numbers_short(strbuf *sb, const judgement *j, size_t i);

/* Why the action was refused by the refusing check at i (a check event
 * with value 0, or the refuse event of a clause no check event names:
 * TURN.LIMIT, API.BAD_ARGUMENT), one sentence with the numbers where the
 * clause compares one, in words otherwise: "E1 is 4 hexes from A1 (A1 B1
 * C1 D1 E1), beyond Wolf Speed 3". */
void numbers_because(strbuf *sb, const judgement *j, size_t i);

/* The step of a Move that check event e is about (its wolf and its
 * hex), or -1. */
int numbers_step(const judgement *j, const wolves_event *e);

/* The event that refused with clause (the first refusing check of it, or
 * the refuse event), or (size_t)-1. */
size_t numbers_refusing(const judgement *j, int clause);
/* The last check event of clause (allowing or not), or (size_t)-1. */
size_t numbers_last_check(const judgement *j, int clause);

/* The refusal at i as an object: {clause, measured, limit, because, path}
 * (measured and limit null when the clause compares no number; path, the
 * hexes of the walk, for MOVE.WOLF_SPEED and MOVE.IMPASSABLE only). */
doc_node *numbers_write(doc *d, const judgement *j, size_t i);

/* What hex h of s holds, in words: its pieces ("grass pack and grass
 * den"; nothing when none), its tokens ("a Lone Wolf Token", "2 moose
 * Prey Tokens"; nothing when none). */
void numbers_pieces(strbuf *sb, const wolves_state *s, uint8_t h);
void numbers_tokens(strbuf *sb, const wolves_state *s, uint8_t h);

#endif
