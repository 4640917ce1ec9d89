/* board.h - the standard boards (board.c): the 10 Region Boards, the Start
 * Board and their arrangement per player count.  Internal to the library;
 * setup.c draws which boards go where. */
#ifndef WOLVES_BOARD_H
#define WOLVES_BOARD_H

#include "wolves.h"

#define WOLVES_REGION_BOARDS 10 /* Components */

/* Region Boards in play: one per Region Scoring Token (2 players: 5);
 * 0 for an unsupported player count. */
int wolves_region_boards(int nplayers);

/* Builds the standard board for nplayers with the physical Region Boards
 * ids[0..n-1] (1-10, distinct) at the fixed positions, ids[i] becoming
 * region i (regions are numbered in reading order of their positions).
 * Returns 0, or -1 for a bad player count or board list. */
int wolves_board_standard(wolves_board *b, int nplayers, const uint8_t ids[]);

#endif
