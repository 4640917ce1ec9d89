/* instead.h - what would be legal instead of a refused action: the same
 * action with what its refusal is about changed (the destination of the
 * refused wolf, the target, the tiles paid, the attribute section, the
 * piece Dominated, fewer wolves, ending the turn), each variation judged
 * by the engine (wolves_apply), the nearest to what was asked first. */
#ifndef CLI_INSTEAD_H
#define CLI_INSTEAD_H

#include "doc.h"
#include "scenario/numbers.h"
#include "wolves.h"

#define INSTEAD_SHOWN 5   /* alternatives kept (a few lines) */
#define INSTEAD_LABEL 120 /* a label's bytes */

typedef struct {
  char of[200]; /* what they are: "the grass hexes rocky alpha A1 can reach, nearest E1 first" */
  int count;    /* legal alternatives in all (of empty: none sought) */
  int shown;    /* in item[], nearest first */
  wolves_action item[INSTEAD_SHOWN];
  /* what differs, in the scenario syntax: "D1", "{pay: [2, 5]}", "howl_range",
   * "{piece: pack, pack: grass}", "[alpha A1 C1, pack A2 D1]" */
  char label[INSTEAD_SHOWN][INSTEAD_LABEL];
} instead;

/* The legal alternatives to j->a, refused by the check (or refuse
 * event) at j->ev->ev[i]: nothing sought for a refusal no change to the
 * action can lift (TURN.ORDER, TURN.GAME_OVER, DRAFT.IN_PROGRESS,
 * DRAFT.ORDER, TURN.LIMIT, API.BAD_ARGUMENT) or whose alternatives explain
 * lists already (MOVE.PUSH_CHOICE: the push's candidates). */
void instead_find(instead *out, const judgement *j, size_t i);

/* {of, count, actions: [action, ...], labels: [...]} (count 0: none is
 * legal), or NULL when none was sought. */
doc_node *instead_write(doc *d, const judgement *j, const instead *x);

#endif
