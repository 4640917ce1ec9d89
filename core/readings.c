/* readings.c - the one table of readings: the rulings where careful
 * readers of The Wolves differ, each with its named readings (index 0 is
 * ours and the default), what the engine does under each, and who reads
 * the rules so.  "en 002", "pl", "ru", "uk" and "summary (004)" are the
 * rulebook editions; "the digital edition" is the public Board Game Arena
 * implementation (alfadur/bga-wolves, thewolves.game.php). */
#include <string.h>

#include "engine.h"

static const wolves_reading table[WOLVES_READINGS] = {
    {WOLVES_READ_PUSH_NEAREST,
     WOLVES_C_MOVE_PUSH_CHOICE,
     2,
     {{"straight",
       "Nearest in hexes in a straight line (the hex distance), whatever lies between: a hex "
       "across a Water Source or the Central Chasm counts as near as it looks.",
       "this engine; en 002 ('the nearest empty or friendly ... hex'), pl ('najbliższy'), ru "
       "('ближайшую') and uk ('найближчий') say nearest, not how it is "
       "counted; summary (004) says an 'adjacent' space",
       "en pl ru uk"},
      {"walk",
       "Nearest in steps a wolf walks: from a hex to an adjacent land hex, around Water Sources "
       "and the Central Chasm; any land hex may be passed whatever pieces or tokens it holds (as "
       "in a Move, MOVE.PASS_THROUGH); a candidate no such walk reaches is none.",
       "the digital edition (the pushed wolf is walked step by step, never onto water or the "
       "chasm)",
       ""}}},
    {WOLVES_READ_DEN_TOKEN_HEX,
     WOLVES_C_DEN_TOKEN_HEX,
     2,
     {{"refuse",
       "Refused: a token holds its hex until it is removed, as it does against a Move "
       "(MOVE.TOKEN_HEX).",
       "this engine; en 002, pl, ru, uk and summary (004) do not say: none lists tokens among "
       "the rules for building Dens",
       "en pl ru uk summary"},
      {"allow",
       "Allowed beside one token: the token stays with the Den and counts toward the hex's 2 "
       "pieces, so a stack of 2 Prey Tokens fills its hex and still refuses a Den there; no wolf "
       "ends on the hex until its token is gone (MOVE.TOKEN_HEX), so a Den, or the Lair it "
       "becomes, is the only piece that shares a hex with a token.",
       "the digital edition (a Den's hex is checked for pieces, not tokens; it counts tokens "
       "toward the 2-piece limit, so a full stack of 2 Prey Tokens still refuses there)",
       ""}}},
    {WOLVES_READ_DOM_DEN_PLACEMENT,
     WOLVES_C_DOM_PLACEMENT,
     2,
     {{"refuse",
       "Refused where a Den could not be built: beside an enemy Pack Wolf (DEN.ENEMY_PACK_WOLF) "
       "or a lone enemy Alpha (DEN.HIERARCHY).",
       "this engine, after summary (004): 'Place the same piece of yours on the space theirs "
       "came from following any normal placement rules for that type'",
       "summary"},
      {"allow",
       "Allowed: the Den changes colour and the enemy wolf stays, as a wolf may stand on a lone "
       "enemy Den (MOVE.ENEMY_DEN); a wolf replacing a Pack Wolf still follows the placement "
       "rules.",
       "the digital edition (Dominate changes the piece's owner and checks only DOM.PROTECTED); "
       "en 002, pl, ru, uk say only to replace the piece with one of the same type",
       ""}}},
    {WOLVES_READ_HUNT_WHO,
     WOLVES_C_HUNT_SURROUND,
     2,
     {{"every-pack",
       "Every pack that surrounds prey, the acting player first and then the others clockwise: a "
       "push can make another player hunt.",
       "this engine; en 002 ('triggered automatically ... at the end of various actions'), pl "
       "and uk (the same) and ru ('at the end of any action of a player') name no pack",
       "en pl ru uk"},
      {"acting-pack",
       "Only the acting player's pack; another pack that surrounds prey hunts at the end of its "
       "own next action if it still does.",
       "the digital edition (after each action it checks only the active player's wolves); "
       "summary (004) speaks to the acting player ('NOT your core action, but only applies after "
       "it')",
       "summary"}}},
    {WOLVES_READ_SECOND_BONUS,
     WOLVES_C_TWO_SECOND_PLAYER_BONUS,
     2,
     {{"draft-end",
       "The second player's Bonus Action Token comes from the supply when the draft completes, "
       "just before the first turn.",
       "this engine: en 002 ('the 2nd player will get 1 Bonus Action Token on their first turn "
       "that they can use at any time'), pl ('w swojej pierwszej turze'), uk ('у свій перший "
       "хід') and ru ('в начале своего хода') tie it to the second player's first turn; the "
       "engine gives it when the draft completes, the last moment before any turn",
       "en pl ru uk"},
      {"setup",
       "The second player's Bonus Action Token comes from the supply with the set-up game, before "
       "the draft: the second player holds it through the draft (no action can use it there).",
       "the digital edition (it gives the token when it sets the game up); no edition of the "
       "rulebook says so",
       ""}}},
    {WOLVES_READ_ALPHA_PUSH,
     WOLVES_C_MOVE_ALPHA_PUSH,
     2,
     {{"nearest",
       "The pushed Pack Wolf goes to the nearest empty or friendly hex (counted by the reading of "
       "MOVE.PUSH_CHOICE), however far that is; the Move is refused only when no hex qualifies.",
       "this engine; en 002 (Move - Continued: 'pushes the Pack Wolf to the nearest empty or "
       "friendly ... hex of the Alpha's choice'), pl ('na najbliższy pusty lub przyjazny ... "
       "heks'), ru ('на ближайшую пустую или дружественную клетку') and uk ('на найближчий "
       "порожній або дружній ... гекс')",
       "en pl ru uk"},
      {"adjacent",
       "The pushed Pack Wolf goes to an adjacent empty or friendly hex only: where no hex next to "
       "it qualifies, the Alpha cannot end its Move there (MOVE.PUSH_CHOICE).",
       "summary (004): 'an Alpha Wolf ending its move sharing a space with an opponent Pack Wolf "
       "pushes the opponent Pack wolf to an adjacent empty or friendly space'",
       "summary"}}},
    {WOLVES_READ_LAIR_PUSH,
     WOLVES_C_LAIR_PUSH,
     2,
     {{"nearest",
       "Each enemy wolf on the upgraded hex goes to the nearest empty or friendly hex (counted by "
       "the reading of MOVE.PUSH_CHOICE); the upgrade is refused only when no hex qualifies.",
       "this engine; en 002 (Upgrading Den into a Lair - Special Rules: 'push the enemy wolf to "
       "any nearest empty or friendly ... hex of your choice'), ru ('на любую ближайшую пустую "
       "или дружественную ... клетку') and uk ('на будь-який найближчий порожній або дружній ... "
       "гекс')",
       "en ru uk"},
      {"adjacent",
       "Each enemy wolf on the upgraded hex goes to an adjacent empty or friendly hex only: where "
       "none next to it qualifies, the upgrade is refused (MOVE.PUSH_CHOICE).",
       "pl (the Lair rule only: 'wypchnąć wrogiego Wilka lub Wilka Alfa na dowolny sąsiadujący "
       "pusty lub przyjazny mu ... heks'; its Move rule says 'najbliższy'); summary (004): 'if "
       "the upgraded Den had opponent Pack Wolves or Alpha Wolves they are pushed out to adjacent "
       "empty or friendly space'",
       "pl summary"}}},
    {WOLVES_READ_TIE_ALPHAS,
     WOLVES_C_END_TIE_ALPHAS,
     2,
     {{"alphas",
       "A third tie-breaker: players still tied on VP, Region Scoring Tokens and wolves on the "
       "board are ranked by their Alpha Wolves on the board; a tie that survives it is shared.",
       "this engine, after ru ('Если по-прежнему ничья, побеждает игрок с наибольшим "
       "количеством волков-вожаков на игровом поле')",
       "ru"},
      {"shared",
       "Two tie-breakers only: players still tied on VP, Region Scoring Tokens and wolves on the "
       "board share their place, whatever their Alpha Wolves.",
       "en 002 (Tie-Breaker: the most Region Scoring Tokens, then 'the most wolves on the Board', "
       "and no more), pl ('Jeśli nadal jest remis, wygrywa Gracz z największą liczbą Wilków na "
       "planszy', the last), uk ('перемагає гравець із найбільшою кількістю вовків на ігровому "
       "полі', the last) and summary (004): 'If still tied, the player with the most active "
       "wolves wins!', the last",
       "en pl uk summary"}}},
};

const wolves_reading *wolves_reading_at(int p) { return p >= 0 && p < WOLVES_READINGS ? &table[p] : NULL; }

const wolves_reading *wolves_reading_find(const char *clause_id) {
  const int c = clause_id != NULL ? wolves_clause_find(clause_id) : WOLVES_OK;
  for (int p = 0; p < WOLVES_READINGS && c != WOLVES_OK; p++)
    if (table[p].clause == c) return &table[p];
  return NULL;
}

int wolves_reading_choice_find(const wolves_reading *r, const char *name) {
  for (int i = 0; r != NULL && name != NULL && i < r->count; i++)
    if (wolves_name_equal(name, strlen(name), r->choice[i].name)) return i; /* any case, as clause IDs */
  return -1;
}

int wolves_reading_set(wolves_game *g, const char *clause_id, const char *name) {
  const wolves_reading *r = wolves_reading_find(clause_id);
  const int i = wolves_reading_choice_find(r, name);
  if (g == NULL || i < 0) return -1;
  g->reading[r->point] = (uint8_t)i;
  return 0;
}

const char *wolves_reading_name(const wolves_game *g, int p) {
  const wolves_reading *r = wolves_reading_at(p);
  if (g == NULL || r == NULL || g->reading[p] >= r->count) return NULL;
  return r->choice[g->reading[p]].name;
}
