/* blame.c - which clauses a check counts for and a disagreement blames:
 * the clauses our engine recorded for an action, the parts of the state
 * its effects change, the parts a state difference is in; the tallies
 * per clause. */
#include "conform/checker.h"

#include <stdint.h>
#include <string.h>

#include "doc.h"
#include "events_doc.h"
#include "scenario/diff.h"
#include "wolves.h"

const char *clause_id(int c) {
  const wolves_clause_info *info = wolves_clause_get(c);
  return info ? info->id : "?";
}

/* The parts of a state an effect event may change, to blame a state
 * difference on the effects that could have made it. */
enum {
  PART_PIECES = 1,     /* pieces */
  PART_TILES = 2,      /* players.*.tiles */
  PART_BONUS = 4,      /* players.*.bonus_*, supply */
  PART_TOKENS = 8,     /* board.lone_wolves, board.prey */
  PART_BOARD_USE = 16, /* players.*.dens, attributes, lairs, wolves */
  PART_VP = 32,        /* players.*.vp_tokens, region_tokens, track_vp, score; board.region_tokens */
  PART_PREY = 64,      /* players.*.prey, board.prey */
  PART_MOON = 128,     /* moon */
  PART_TURN = 256,     /* phase, turn, current, actions_taken, first_player, draft_step */
  PART_ANY = 511
};

static unsigned event_parts(int kind) {
  switch (kind) {
  case WOLVES_EV_FLIP:
    return PART_TILES;
  case WOLVES_EV_SPEND_BONUS_TERRAIN:
  case WOLVES_EV_SPEND_BONUS_ACTION:
  case WOLVES_EV_GAIN_BONUS_TERRAIN:
  case WOLVES_EV_GAIN_BONUS_ACTION:
    return PART_BONUS;
  case WOLVES_EV_MOVE:
  case WOLVES_EV_PUSH:
    return PART_PIECES;
  case WOLVES_EV_PLACE:
    return PART_PIECES | PART_BOARD_USE;
  case WOLVES_EV_REMOVE:
    return PART_PIECES | PART_TOKENS | PART_MOON;
  case WOLVES_EV_UPGRADE_ATTRIBUTE:
    return PART_BOARD_USE;
  case WOLVES_EV_REVEAL_VP:
  case WOLVES_EV_SCORE:
  case WOLVES_EV_TOKEN_DISCARD:
    return PART_VP;
  case WOLVES_EV_MOON:
  case WOLVES_EV_PHASE:
    return PART_MOON;
  case WOLVES_EV_HUNT:
    return PART_PREY | PART_TOKENS;
  case WOLVES_EV_TURN_END:
  case WOLVES_EV_GAME_END:
    return PART_TURN;
  case WOLVES_EV_DRAFT:
    return PART_TURN | PART_PIECES;
  default:
    return 0;
  }
}

/* The parts a difference's path ("players.grass.vp_tokens",
 * "board.prey.D11[1]") is in. */
static unsigned path_parts(const char *path) {
  static const struct {
    const char *prefix;
    unsigned parts;
  } map[] = {{"pieces", PART_PIECES},
             {"moon", PART_MOON},
             {"supply", PART_BONUS},
             {"phase", PART_TURN},
             {"turn", PART_TURN},
             {"current", PART_TURN},
             {"actions_taken", PART_TURN},
             {"first_player", PART_TURN},
             {"draft_step", PART_TURN},
             {"board.lone_wolves", PART_TOKENS},
             {"board.prey", PART_PREY | PART_TOKENS},
             {"board.region_tokens", PART_VP},
             {"tiles", PART_TILES},
             {"bonus_", PART_BONUS},
             {"dens", PART_BOARD_USE},
             {"attributes", PART_BOARD_USE},
             {"lairs", PART_BOARD_USE},
             {"wolves", PART_BOARD_USE},
             {"prey", PART_PREY},
             {"vp_token", PART_VP},
             {"region_tokens", PART_VP},
             {"track_vp", PART_VP},
             {"score", PART_VP}};
  const char *p = path;
  if (strncmp(path, "players.", 8) == 0) { /* players.COLOUR.FIELD: the field */
    const char *dot = strchr(path + 8, '.');
    p = dot ? dot + 1 : path + 8;
  }
  for (size_t i = 0; i < sizeof map / sizeof *map; i++)
    if (strncmp(p, map[i].prefix, strlen(map[i].prefix)) == 0) return map[i].parts;
  return PART_ANY;
}

/* The clauses our engine recorded for one action, once each: every one
 * (checks, the refusal, effects) into all[], the effects alone (events
 * that change the game) into effects[], with the parts of the state they
 * change into parts[]. */
void clauses_of(const event_list *ev, unsigned char *all, unsigned char *effects, unsigned *parts) {
  memset(all, 0, WOLVES_CLAUSE_COUNT);
  memset(effects, 0, WOLVES_CLAUSE_COUNT);
  memset(parts, 0, WOLVES_CLAUSE_COUNT * sizeof *parts);
  for (size_t i = 0; i < ev->len; i++) {
    const int k = ev->ev[i].clause;
    if (k <= 0 || k >= WOLVES_CLAUSE_COUNT) continue;
    all[k] = 1;
    if (!WOLVES_EV_DIAGNOSTIC(ev->ev[i].kind) && ev->ev[i].kind != WOLVES_EV_REFUSE) {
      effects[k] = 1;
      parts[k] |= event_parts(ev->ev[i].kind);
    }
  }
}

/* A state difference is blamed on the effects that change the parts
 * where it differs, or, when none does (a value the engine derives, as
 * actions_taken), on every effect of the action. */
void blame_state(const diff_report *dr, const unsigned char *effects, const unsigned *parts,
                 unsigned char *blamed) {
  unsigned differ = 0;
  for (const doc_node *e = dr->list ? dr->list->first : NULL; e; e = e->next) {
    const doc_node *path = doc_get(e, "path");
    differ |= path && path->kind == DOC_STR ? path_parts(path->str) : PART_ANY;
  }
  int any = 0;
  for (int k = 1; k < WOLVES_CLAUSE_COUNT; k++) {
    blamed[k] = effects[k] && (parts[k] & differ);
    any |= blamed[k];
  }
  blamed[0] = 0;
  if (!any) memcpy(blamed, effects, WOLVES_CLAUSE_COUNT);
}

/* The first clause k >= from that all[] holds, or WOLVES_CLAUSE_COUNT:
 * eight at a time (an action records a handful of the catalog's clauses,
 * and every action of a run is tallied). */
static int next_clause(const unsigned char *all, int from) {
  int k = from;
  for (; k + 8 <= WOLVES_CLAUSE_COUNT; k += 8) {
    uint64_t eight;
    memcpy(&eight, all + k, sizeof eight);
    if (eight) break;
  }
  while (k < WOLVES_CLAUSE_COUNT && !all[k]) k++;
  return k;
}

/* One comparison: every clause in all[] counts it, as disagreed when
 * blamed (blamed NULL: it agreed).  A refusal without a clause
 * (blamed[REFUSED_WITHOUT_CLAUSE]) counts once, under that alone: the
 * clauses that allowed the action are neither blamed nor agreed. */
void tally(conform *c, const unsigned char *all, const unsigned char *blamed) {
  c->checks++;
  if (blamed == NULL) {
    for (int k = next_clause(all, 1); k < WOLVES_CLAUSE_COUNT; k = next_clause(all, k + 1)) c->agreed[k]++;
    return;
  }
  if (blamed[REFUSED_WITHOUT_CLAUSE]) {
    c->disagreed[REFUSED_WITHOUT_CLAUSE]++;
    return;
  }
  for (int k = 1; k < WOLVES_CLAUSE_COUNT; k++) {
    if (blamed[k])
      c->disagreed[k]++;
    else if (all[k])
      c->agreed[k]++;
  }
}

/* What differential play exercised (wolves(1), conform: allowed,
 * refused): a clause's check that passed, or its effect, counts the
 * action as allowed; the clause that refused it, as refused. */
void tally_probe(conform *c, const unsigned char *all, int ours) {
  for (int k = next_clause(all, 1); k < WOLVES_CLAUSE_COUNT; k = next_clause(all, k + 1))
    (k == ours ? c->refused : c->allowed)[k]++;
}
