/* numbers.c - see numbers.h.  One case per clause of the catalog that a
 * check refuses with: the numbers come from the measure event, the words
 * from the position the action was applied to. */
#include "scenario/numbers.h"

#include <string.h>

#include "board_doc.h"
#include "state_doc.h"

int judge_logged(const wolves_game *g, const wolves_state *before, const wolves_action *a, int mode,
                 event_list *ev) {
  wolves_state s = *before;
  return apply_logged(g, &s, a, mode, ev, 1);
}

const wolves_event *numbers_of(const judgement *j, size_t i) {
  const event_list *const l = j->ev;
  if (i + 1 >= l->len) return NULL;
  const wolves_event *const c = &l->ev[i], *const m = &l->ev[i + 1];
  return c->kind == WOLVES_EV_CHECK && m->kind == WOLVES_EV_MEASURE && m->clause == c->clause ? m : NULL;
}

size_t numbers_refusing(const judgement *j, int clause) {
  size_t refuse = (size_t)-1;
  for (size_t i = 0; i < j->ev->len; i++) {
    const wolves_event *const e = &j->ev->ev[i];
    if (e->clause != clause) continue;
    if (e->kind == WOLVES_EV_CHECK && e->value == 0) return i;
    if (e->kind == WOLVES_EV_REFUSE) refuse = i;
  }
  return refuse;
}

size_t numbers_last_check(const judgement *j, int clause) {
  size_t found = (size_t)-1;
  for (size_t i = 0; i < j->ev->len; i++)
    if (j->ev->ev[i].kind == WOLVES_EV_CHECK && j->ev->ev[i].clause == clause) found = i;
  return found;
}

/* ---- words ---- */

static void hex_text(strbuf *sb, const wolves_game *g, uint8_t h) {
  char name[HEX_NAME_MAX];
  if (h >= g->board.nhex) {
    sb_puts(sb, "a hex not on the board");
    return;
  }
  hex_name(&g->board, h, name);
  sb_puts(sb, name);
}

/* "1 hex", "4 hexes". */
static void count(strbuf *sb, int n, const char *one, const char *many) {
  sb_printf(sb, "%d %s", n, n == 1 ? one : many);
}

void numbers_pieces(strbuf *sb, const wolves_state *s, uint8_t h) {
  for (int i = 0; i < WOLVES_HEX_SLOTS && s->hex[h].piece[i]; i++)
    sb_printf(sb, "%s%s %s", i ? " and " : "", wolves_terrain_name(WOLVES_PIECE_PACK(s->hex[h].piece[i])),
              wolves_piece_name(WOLVES_PIECE_TYPE(s->hex[h].piece[i])));
}

void numbers_tokens(strbuf *sb, const wolves_state *s, uint8_t h) {
  const wolves_hex_state *const x = &s->hex[h];
  if (x->lone_wolf) sb_puts(sb, "a Lone Wolf Token");
  if (x->lone_wolf && x->prey_count) sb_puts(sb, " and ");
  if (x->prey_count == 1) sb_printf(sb, "a %s Prey Token", wolves_prey_name(x->prey_type));
  if (x->prey_count > 1) sb_printf(sb, "%d %s Prey Tokens", x->prey_count, wolves_prey_name(x->prey_type));
}

/* "C3 holds grass pack and grass den", "C3 holds nothing". */
static void holds(strbuf *sb, const judgement *j, uint8_t h) {
  hex_text(sb, j->g, h);
  if (h >= j->g->board.nhex) return;
  const size_t mark = sb->len;
  sb_puts(sb, " holds ");
  const size_t start = sb->len;
  numbers_pieces(sb, j->before, h);
  if (sb->len > start && (j->before->hex[h].lone_wolf || j->before->hex[h].prey_count)) sb_puts(sb, " and ");
  numbers_tokens(sb, j->before, h);
  if (sb->len == start) {
    sb->len = mark;
    sb_puts(sb, " holds nothing");
  }
}

int numbers_step(const judgement *j, const wolves_event *e) {
  const wolves_action *const a = j->a;
  for (int k = 0; a->kind == WOLVES_ACT_MOVE && k < a->nsteps && k < WOLVES_MAX_MOVERS; k++)
    if (a->step[k].from == e->from && a->step[k].type == e->piece &&
        (a->step[k].to == e->to || e->to == e->from))
      return k; /* (MOVE.OWN_WOLF is checked on the wolf's own hex) */
  return -1;
}

/* Does h hold in the position before what it held when the check at i
 * was made?  Not when an earlier step of the Move left or entered it, or
 * a wolf an earlier step pushed may have gone there (a candidate event
 * before i). */
static int as_before(const judgement *j, size_t i, uint8_t h) {
  const int k = numbers_step(j, &j->ev->ev[i]);
  for (int s = 0; s < (k < 0 ? j->a->nsteps : k) && j->a->kind == WOLVES_ACT_MOVE; s++)
    if (j->a->step[s].from == h || j->a->step[s].to == h) return 0;
  for (size_t x = 0; x < i; x++)
    if (j->ev->ev[x].kind == WOLVES_EV_CANDIDATE && j->ev->ev[x].to == h) return 0;
  return 1;
}

/* The pieces `piece` on h. */
static int pieces_of(const wolves_state *s, uint8_t h, uint8_t piece) {
  int n = 0;
  for (int i = 0; i < WOLVES_HEX_SLOTS; i++) n += s->hex[h].piece[i] == piece;
  return n;
}

static const char *pack_of(const judgement *j, const wolves_event *e) {
  return e->player < j->g->nplayers ? wolves_terrain_name(j->before->player[e->player].pack) : "?";
}

/* What a Move's wolf is: "rocky alpha A1". */
static void wolf_text(strbuf *sb, const judgement *j, const wolves_event *e) {
  sb_printf(sb, "%s %s ", wolves_terrain_name(e->pack), wolves_piece_name(e->piece));
  hex_text(sb, j->g, e->from);
}

/* What a kind of action costs, "a Howl costs 2" (PAY.MATCH's text). */
static const char *costing(int kind) {
  static const char *const what[] = {"a Move", "building a Den", "an Upgrade", "a Howl", "Dominating"};
  return kind >= 0 && kind < (int)(sizeof what / sizeof *what) ? what[kind] : "the action";
}

/* The hexes of the walk over land from a to b: " (A1 B1 C1)". */
static int path_text(strbuf *sb, const wolves_game *g, uint8_t a, uint8_t b) {
  uint8_t path[WOLVES_MAX_HEXES];
  const int steps = wolves_land_path(&g->board, a, b, path, WOLVES_MAX_HEXES);
  if (steps < 0) return steps;
  for (int k = 0; k <= steps; k++) {
    sb_puts(sb, k ? " " : " (");
    hex_text(sb, g, path[k]);
  }
  sb_putc(sb, ')');
  return steps;
}

/* "a Water Source, not land": why a hex is no land hex. */
static void not_land(strbuf *sb, const judgement *j, uint8_t h) {
  if (h >= j->g->board.nhex) {
    sb_puts(sb, "the hex is not on the board");
    return;
  }
  hex_text(sb, j->g, h);
  sb_puts(sb, j->g->board.hex[h].kind == WOLVES_WATER ? " is a Water Source, not land"
                                                      : " is the Central Chasm, not land");
}

/* The tile slots (from 1) of the acting player that show terrain t:
 * "slots 2 and 5", "slot 2"; returns how many. */
static int showing(strbuf *sb, const judgement *j, int player, int t) {
  int n = 0, slots[WOLVES_TILES];
  for (int k = 0; k < WOLVES_TILES; k++)
    if (wolves_tile_terrain(j->g, j->before, player, k) == t) slots[n++] = k + 1;
  if (n) sb_puts(sb, n == 1 ? "slot" : "slots");
  for (int k = 0; k < n; k++) sb_printf(sb, "%s%d", k == 0 ? " " : k + 1 == n ? " and " : ", ", slots[k]);
  return n;
}

/* PAY.MATCH: "rocky shows grass on 1 tile (slot 2) and holds no Bonus
 * Terrain Token: 1 to pay with, and a Howl costs 2". */
static void pay_match(strbuf *sb, const judgement *j, const wolves_event *e, const wolves_event *m) {
  const int t = j->g->board.hex[e->to].terrain;
  const wolves_player *const p = &j->before->player[e->player];
  strbuf slots = {0};
  const int n = showing(&slots, j, e->player, t);
  sb_printf(sb, "%s shows %s on ", pack_of(j, e), wolves_terrain_name(t));
  if (n)
    count(sb, n, "tile", "tiles");
  else
    sb_puts(sb, "no tile");
  if (n) sb_printf(sb, " (%s)", slots.buf);
  sb_puts(sb, " and holds ");
  if (p->bonus_terrain)
    count(sb, p->bonus_terrain, "Bonus Terrain Token", "Bonus Terrain Tokens");
  else
    sb_puts(sb, "no Bonus Terrain Token");
  sb_printf(sb, ": %d to pay with; %s costs %d", m->value, costing(j->a->kind), m->piece);
  sb_free(&slots);
}

/* PAY.CHOICE: what the action names against what the tiles show. */
static void pay_choice(strbuf *sb, const judgement *j, const wolves_event *e, const wolves_event *m) {
  const int t = j->g->board.hex[e->to].terrain;
  const wolves_player *const p = &j->before->player[e->player];
  const int tiles = j->a->pay_tiles, bonus = j->a->pay_bonus;
  sb_printf(sb, "the action pays with %d: ", m->value);
  int named = 0, slot[WOLVES_TILES];
  for (int k = 0; k < WOLVES_TILES; k++)
    if ((tiles >> k) & 1) slot[named++] = k;
  if (named) sb_puts(sb, named == 1 ? "slot" : "slots");
  for (int n = 0; n < named; n++) {
    const int shown = wolves_tile_terrain(j->g, j->before, e->player, slot[n]);
    sb_printf(sb, "%s%d (%s%s%s)",
              n == 0           ? " "
              : n + 1 == named ? " and "
                               : ", ",
              slot[n] + 1, wolves_terrain_name(shown), shown == t ? "" : ", not ",
              shown == t ? "" : wolves_terrain_name(t));
  }
  if (named && bonus) sb_puts(sb, ", and ");
  if (bonus) count(sb, bonus, "Bonus Terrain Token", "Bonus Terrain Tokens");
  sb_printf(sb, "; %s costs %d %s", costing(j->a->kind), m->piece, wolves_terrain_name(t));
  if (tiles >> WOLVES_TILES) sb_printf(sb, "; there are only %d slots", WOLVES_TILES);
  if (bonus > p->bonus_terrain) {
    sb_printf(sb, "; %s holds ", pack_of(j, e));
    count(sb, p->bonus_terrain, "Bonus Terrain Token", "Bonus Terrain Tokens");
  }
}

/* MOVE.WOLF_SPEED: "E1 is 4 hexes from A1 (A1 B1 C1 D1 E1), beyond Wolf
 * Speed 3"; the walk is shown when it is as short as the straight line. */
static void wolf_speed(strbuf *sb, const judgement *j, const wolves_event *e, const wolves_event *m) {
  hex_text(sb, j->g, e->to);
  sb_puts(sb, " is ");
  count(sb, m->value, "hex", "hexes");
  sb_puts(sb, " from ");
  wolf_text(sb, j, e);
  strbuf walk = {0};
  const int steps = path_text(&walk, j->g, e->from, e->to);
  if (steps == m->value) sb_puts(sb, walk.buf);
  sb_printf(sb, ", beyond Wolf Speed %d", m->piece);
  sb_free(&walk);
}

/* The Wolf Speed the Move's checks were held to: the limit of the
 * MOVE.WOLF_SPEED measure of the same wolf, or -1. */
static int wolf_speed_of(const judgement *j, const wolves_event *e) {
  for (size_t i = 0; i < j->ev->len; i++) {
    const wolves_event *const x = &j->ev->ev[i];
    const wolves_event *const m = numbers_of(j, i);
    if (m && x->clause == WOLVES_C_MOVE_WOLF_SPEED && x->from == e->from && x->to == e->to &&
        x->piece == e->piece)
      return m->piece;
  }
  return -1;
}

/* MOVE.IMPASSABLE, measured: the walk around water and the chasm. */
static void impassable(strbuf *sb, const judgement *j, const wolves_event *e, const wolves_event *m) {
  if (m->value < 0) {
    sb_puts(sb, "no walk over land reaches ");
    hex_text(sb, j->g, e->to);
    sb_puts(sb, " from ");
    wolf_text(sb, j, e);
    sb_puts(sb, ": water and the chasm cut it off");
    return;
  }
  sb_puts(sb, "the shortest walk over land from ");
  wolf_text(sb, j, e);
  sb_puts(sb, " to ");
  hex_text(sb, j->g, e->to);
  sb_puts(sb, " is ");
  count(sb, m->value, "step", "steps");
  path_text(sb, j->g, e->from, e->to);
  const int straight = wolves_hex_distance(&j->g->board, e->from, e->to), speed = wolf_speed_of(j, e);
  sb_puts(sb, ", around water and the chasm (");
  count(sb, straight, "hex", "hexes");
  sb_puts(sb, " in a straight line)");
  if (speed == m->piece)
    sb_printf(sb, ": beyond Wolf Speed %d", m->piece);
  else /* (explain --all: the straight line is beyond Wolf Speed already) */
    sb_puts(sb, ": longer than the straight line");
}

/* HOWL.RANGE, DOM.RANGE, DEN.ALPHA, LAIR.ALPHA: the nearest Alpha. */
static void alpha_range(strbuf *sb, const judgement *j, const wolves_event *e, const wolves_event *m) {
  if (m->value < 0) {
    sb_printf(sb, "%s has no Alpha on the map", pack_of(j, e));
    return;
  }
  sb_printf(sb, "the nearest %s Alpha, on ", pack_of(j, e));
  hex_text(sb, j->g, m->from);
  sb_puts(sb, ", is ");
  count(sb, m->value, "hex", "hexes");
  sb_puts(sb, " from ");
  hex_text(sb, j->g, e->to);
  if (e->clause == WOLVES_C_HOWL_RANGE || e->clause == WOLVES_C_DOM_RANGE)
    sb_printf(sb, " in a straight line, beyond Howl Range %d", m->piece);
  else
    sb_printf(sb, ": it must be on the hex or beside it (%d hex)", m->piece);
}

/* The first hex in board order holding a piece of pack: in the draft,
 * the pack's first hex (DRAFT.OPPOSITE), or WOLVES_NONE. */
static uint8_t first_drafted(const judgement *j, uint8_t pack) {
  for (int h = 0; h < j->g->board.nhex; h++)
    for (int i = 0; i < WOLVES_HEX_SLOTS; i++)
      if (j->before->hex[h].piece[i] && WOLVES_PIECE_PACK(j->before->hex[h].piece[i]) == pack)
        return (uint8_t)h;
  return WOLVES_NONE;
}

/* The clauses whose reason is what the hex checked holds, then a word on
 * what that means. */
static const struct {
  int clause;
  const char *then;
} holding[] = {
    {WOLVES_C_MOVE_TOKEN_HEX, ""},
    {WOLVES_C_DEN_TOKEN_HEX, ""},
    {WOLVES_C_MOVE_LAIR_BLOCKS, ", an enemy Lair"},
    {WOLVES_C_DEN_ONE_MARKER, ": one territory marker (Den or Lair) a hex"},
    {WOLVES_C_DEN_ENEMY_PACK_WOLF, ", an enemy Pack Wolf"},
    {WOLVES_C_DRAFT_EMPTY, ": a drafted hex must be empty"},
    {WOLVES_C_HOWL_LONE_WOLF, ": no Lone Wolf Token"},
    {WOLVES_C_DOM_TARGET, ": no opponent's Pack Wolf or Den"},
    {WOLVES_C_DOM_PROTECTED, ": 2 pieces of one colour protect each other"},
    {WOLVES_C_DOM_PLACEMENT, ": the replacing piece could not stand beside what stays"},
};

/* The clauses about what a hex holds, in words (no numbers). */
static int hex_words(strbuf *sb, const judgement *j, size_t i) {
  const wolves_event *const e = &j->ev->ev[i];
  const wolves_state *const s = j->before;
  const uint8_t h = e->to;
  const int on_board = h < j->g->board.nhex, known = on_board && as_before(j, i, h);
  const uint8_t mine = e->player < j->g->nplayers ? s->player[e->player].pack : WOLVES_NONE;
  for (size_t k = 0; k < sizeof holding / sizeof *holding; k++)
    if (holding[k].clause == e->clause) {
      holds(sb, j, h);
      sb_puts(sb, holding[k].then);
      return 1;
    }
  switch (e->clause) {
  case WOLVES_C_LAIR_OWN_DEN:
    holds(sb, j, h);
    sb_printf(sb, ": no %s den", wolves_terrain_name(mine));
    return 1;
  case WOLVES_C_MOVE_NO_ENEMY_PAIR:
    if (known) {
      holds(sb, j, h);
    } else {
      hex_text(sb, j->g, h);
      sb_printf(sb, " holds an enemy %s by then", e->piece == WOLVES_ALPHA ? "Alpha" : "Pack Wolf");
    }
    sb_printf(sb, ": two %s Wolves of different packs never share a hex",
              e->piece == WOLVES_ALPHA ? "Alpha" : "Pack");
    return 1;
  case WOLVES_C_MOVE_HIERARCHY:
  case WOLVES_C_DEN_HIERARCHY:
    if (known) {
      holds(sb, j, h);
    } else {
      hex_text(sb, j->g, h);
      sb_puts(sb, " holds an enemy piece by then");
    }
    sb_printf(sb, " alone, of a tier a %s does not outrank (Den < Pack Wolf < Alpha < Lair)",
              e->clause == WOLVES_C_DEN_HIERARCHY ? "den" : wolves_piece_name(e->piece));
    return 1;
  case WOLVES_C_TWO_AI_UNTOUCHABLE:
    holds(sb, j, on_board ? h : e->from);
    sb_printf(sb, ": the AI pack's (%s) pieces are not to be touched", wolves_terrain_name(s->ai_pack));
    return 1;
  case WOLVES_C_MOVE_PUSH_CHOICE:
    if (e->to == e->from) {
      sb_puts(sb, "no hex qualifies for the pushed ");
      wolf_text(sb, j, e);
      sb_puts(sb, ": none is a nearest empty or friendly land hex without tokens");
    } else {
      wolf_text(sb, j, e);
      sb_puts(sb, " may not be pushed to ");
      hex_text(sb, j->g, e->to);
      sb_puts(sb, ": not one of the nearest empty or friendly land hexes without tokens");
    }
    return 1;
  case WOLVES_C_LAIR_WATER:
    hex_text(sb, j->g, h);
    sb_puts(sb, " is not beside a Water Source");
    return 1;
  case WOLVES_C_MOVE_DESTINATION: {
    const uint8_t first = j->a->kind == WOLVES_ACT_MOVE && j->a->nsteps ? j->a->step[0].to : WOLVES_NONE;
    hex_text(sb, j->g, h);
    sb_printf(sb, " is %s; the Move's first destination, ", wolves_terrain_name(j->g->board.hex[h].terrain));
    hex_text(sb, j->g, first);
    sb_printf(sb, ", is %s, the terrain every moved wolf ends on",
              first < j->g->board.nhex ? wolves_terrain_name(j->g->board.hex[first].terrain) : "?");
    return 1;
  }
  case WOLVES_C_DRAFT_CHASM_RING:
    hex_text(sb, j->g, h);
    sb_puts(sb, " does not surround the Central Chasm");
    return 1;
  case WOLVES_C_DRAFT_OPPOSITE:
    sb_printf(sb, "%s's first hex, ", wolves_terrain_name(mine));
    hex_text(sb, j->g, first_drafted(j, mine));
    sb_puts(sb, ", is on the same side of the Central Chasm as ");
    hex_text(sb, j->g, h);
    return 1;
  case WOLVES_C_TWO_DRAFT:
    hex_text(sb, j->g, h);
    if (on_board && j->g->board.hex[h].kind == WOLVES_LAND && j->g->board.hex[h].region < WOLVES_MAX_REGIONS)
      sb_printf(sb, " is in region %c, which shows a Crescent Moon",
                region_letter(j->g->board.hex[h].region));
    else
      sb_puts(sb, " is not a land hex of a Region Board");
    return 1;
  default:
    return 0;
  }
}

/* The clauses about the turn and the players, in words or counts. */
static int turn_words(strbuf *sb, const judgement *j, const wolves_event *e, const wolves_event *m) {
  const wolves_state *const s = j->before;
  const char *const who = e->player < j->g->nplayers ? pack_of(j, e) : "?";
  switch (e->clause) {
  case WOLVES_C_TURN_ORDER:
    sb_printf(sb, "it is %s's turn, not %s's", wolves_terrain_name(s->player[s->current].pack), who);
    return 1;
  case WOLVES_C_TURN_GAME_OVER:
    sb_printf(sb, "the game ended on turn %u", (unsigned)s->turn);
    return 1;
  case WOLVES_C_DRAFT_IN_PROGRESS:
    if (s->phase == WOLVES_PHASE_DRAFT)
      sb_printf(sb, "the draft is not complete: %u placements made", (unsigned)s->draft_step);
    else
      sb_puts(sb, "the draft is complete: the game is in play");
    return 1;
  case WOLVES_C_DRAFT_ORDER: {
    const uint8_t next = wolves_draft_player(j->g, s);
    sb_printf(sb, "it is %s's placement, not %s's",
              next < j->g->nplayers ? wolves_terrain_name(s->player[next].pack) : "nobody", who);
    return 1;
  }
  case WOLVES_C_TURN_TWO_ACTIONS: {
    const int n = wolves_legal_actions(j->g, s, NULL, 0);
    sb_printf(sb, "%s has taken ", who);
    count(sb, m ? m->value : s->actions_taken, "action", "actions");
    sb_printf(sb, " of %d and can still act: ", m ? m->piece : 2);
    count(sb, n, "legal action", "legal actions"); /* (ending the turn is none of them yet) */
    sb_puts(sb, " left");
    return 1;
  }
  case WOLVES_C_TURN_BONUS_ACTION:
    sb_printf(sb, "%s has taken %u actions this turn and holds ", who, (unsigned)s->actions_taken);
    count(sb, m ? m->value : 0, "Bonus Action Token", "Bonus Action Tokens");
    sb_puts(sb, ": each action beyond 2 discards one");
    return 1;
  case WOLVES_C_TURN_LIMIT:
    if (s->actions_taken == UINT8_MAX)
      sb_printf(sb, "%u actions this turn, the most the counter holds", (unsigned)s->actions_taken);
    else
      sb_printf(sb, "turn %u is the last the counter holds", (unsigned)s->turn);
    return 1;
  case WOLVES_C_API_BAD_ARGUMENT:
    sb_puts(sb, "the action is malformed (wolves(3), ERRORS)");
    return 1;
  default:
    return 0;
  }
}

/* The clauses that count what is left on a Player Board. */
static int left_words(strbuf *sb, const judgement *j, const wolves_event *e, const wolves_event *m) {
  const char *const who = pack_of(j, e);
  switch (e->clause) {
  case WOLVES_C_HOWL_NO_WOLF:
    sb_printf(sb, "%s's Pack Wolves section is empty: ", who);
    count(sb, m->value, "wolf", "wolves");
    sb_printf(sb, " left of %d", WOLVES_WOLF_SPACES);
    return 1;
  case WOLVES_C_LAIR_NONE_LEFT:
    sb_printf(sb, "%s has no Lair left on its Player Board: %d of %d", who, m->value, WOLVES_LAIRS);
    return 1;
  case WOLVES_C_DOM_NONE_LEFT:
    if (e->piece == WOLVES_DEN)
      sb_printf(sb, "%s has no Den Marker left on its Player Board: %d of %d", who, m->value,
                WOLVES_ATTRIBUTES * (WOLVES_ATTR_POSITIONS - 1));
    else
      sb_printf(sb, "%s's Pack Wolves section is empty: %d wolves left of %d", who, m->value,
                WOLVES_WOLF_SPACES);
    return 1;
  case WOLVES_C_DEN_TRACK_EMPTY:
    sb_printf(sb, "%s's %s section has no Den Marker left: %d of %d", who,
              wolves_attribute_name(j->a->attribute), m->value, WOLVES_ATTR_POSITIONS - 1);
    return 1;
  default:
    return 0;
  }
}

/* The clauses whose numbers are on the hex or the action. */
static int count_words(strbuf *sb, const judgement *j, size_t i, const wolves_event *m) {
  const wolves_event *const e = &j->ev->ev[i];
  switch (e->clause) {
  case WOLVES_C_MOVE_MAX_PIECES:
  case WOLVES_C_DEN_MAX_PIECES:
    hex_text(sb, j->g, e->to);
    sb_puts(sb, " holds ");
    count(sb, m->value, "piece", "pieces");
    if (e->to < j->g->board.nhex && as_before(j, i, e->to) && j->before->hex[e->to].piece[0]) {
      sb_puts(sb, " (");
      numbers_pieces(sb, j->before, e->to);
      sb_putc(sb, ')');
    }
    sb_printf(sb, " already: at most %d a hex", m->piece);
    return 1;
  case WOLVES_C_MOVE_PACK_SPREAD:
    sb_puts(sb, "the Move names ");
    count(sb, m->value, "wolf", "wolves");
    sb_printf(sb, ", beyond Pack Spread %d", m->piece);
    return 1;
  case WOLVES_C_MOVE_STAY:
    wolf_text(sb, j, e);
    sb_puts(sb, " would end where it starts (0 hexes)");
    return 1;
  case WOLVES_C_MOVE_OWN_WOLF: /* (e->from is on the board: measured) */
    if (pieces_of(j->before, e->from, WOLVES_PIECE(e->pack, e->piece)) > 0) {
      sb_printf(sb, "the %s %s on ", wolves_terrain_name(e->pack), wolves_piece_name(e->piece));
      hex_text(sb, j->g, e->from);
      sb_puts(sb, " has moved already in this Move");
    } else {
      holds(sb, j, e->from);
      sb_printf(sb, ": no %s %s", wolves_terrain_name(e->pack), wolves_piece_name(e->piece));
    }
    return 1;
  case WOLVES_C_LAIR_ONE_PER_REGION:
    sb_printf(sb, "%s has a Lair in region %c already, on ", pack_of(j, e),
              region_letter(j->g->board.hex[e->to].region));
    hex_text(sb, j->g, m->from);
    return 1;
  case WOLVES_C_DOM_WHICH:
    count(sb, m->value, "piece", "pieces");
    sb_puts(sb, " on ");
    hex_text(sb, j->g, e->to);
    sb_puts(sb, " could be Dominated (");
    numbers_pieces(sb, j->before, e->to);
    sb_puts(sb, "): the action names which, by piece or pack");
    return 1;
  default:
    return 0;
  }
}

void numbers_because(strbuf *sb, const judgement *j, size_t i) {
  const wolves_event *const e = &j->ev->ev[i], *const m = numbers_of(j, i);
  if (turn_words(sb, j, e, m) || hex_words(sb, j, i)) return;
  switch (e->clause) {
  case WOLVES_C_PAY_TARGET_LAND:
    not_land(sb, j, e->to);
    return;
  case WOLVES_C_MOVE_IMPASSABLE:
    if (m)
      impassable(sb, j, e, m);
    else
      not_land(sb, j, e->to);
    return;
  default:
    break;
  }
  if (m == NULL) { /* a refusal before the measure (an attribute, a wolf not named) */
    if (e->clause == WOLVES_C_DEN_TRACK_EMPTY)
      sb_puts(sb, "the action names no attribute section");
    else if (e->clause == WOLVES_C_MOVE_OWN_WOLF && e->from >= j->g->board.nhex)
      sb_puts(sb,
              j->a->nsteps == 0 ? "the Move names no wolf" : "the Move names more wolves than it may carry");
    else if (e->clause == WOLVES_C_MOVE_OWN_WOLF)
      sb_puts(sb, "a Move moves Alpha and Pack Wolves only");
    else
      sb_puts(sb, wolves_clause_get(e->clause)->text);
    return;
  }
  if (left_words(sb, j, e, m) || count_words(sb, j, i, m)) return;
  switch (e->clause) {
  case WOLVES_C_MOVE_WOLF_SPEED:
    wolf_speed(sb, j, e, m);
    return;
  case WOLVES_C_PAY_MATCH:
    pay_match(sb, j, e, m);
    return;
  case WOLVES_C_PAY_CHOICE:
    pay_choice(sb, j, e, m);
    return;
  case WOLVES_C_HOWL_RANGE:
  case WOLVES_C_DOM_RANGE:
  case WOLVES_C_DEN_ALPHA:
  case WOLVES_C_LAIR_ALPHA:
    alpha_range(sb, j, e, m);
    return;
  default: /* a clause measured but not worded here: the numbers as they are */
    sb_printf(sb, "%d, against %d", m->value, m->piece);
  }
}

/* The short forms that are a count and, after it, the limit: "4 hexes,
 * Wolf Speed 3" is 4 {hex, hexes} then ", Wolf Speed " 3 (no limit shown
 * when `limit` is NULL). */
static const struct {
  int clause;
  const char *one, *many, *limit, *after;
} counted[] = {
    {WOLVES_C_MOVE_WOLF_SPEED, "hex", "hexes", ", Wolf Speed ", ""},
    {WOLVES_C_MOVE_PACK_SPREAD, "wolf", "wolves", ", Pack Spread ", ""},
    {WOLVES_C_MOVE_MAX_PIECES, "piece", "pieces", " there already, at most ", " a hex"},
    {WOLVES_C_DEN_MAX_PIECES, "piece", "pieces", " there already, at most ", " a hex"},
    {WOLVES_C_MOVE_STAY, "hex", "hexes", NULL, NULL},
    {WOLVES_C_MOVE_OWN_WOLF, "unmoved there", "unmoved there", NULL, NULL},
    {WOLVES_C_PAY_CHOICE, "named", "named", ", cost ", ""},
    {WOLVES_C_HOWL_NO_WOLF, "wolf left", "wolves left", NULL, NULL},
    {WOLVES_C_LAIR_NONE_LEFT, "Lair left", "Lairs left", NULL, NULL},
    {WOLVES_C_DOM_WHICH, "could be Dominated", "could be Dominated", NULL, NULL},
    {WOLVES_C_TURN_TWO_ACTIONS, "action taken", "actions taken", ", ", " a turn"},
    {WOLVES_C_TURN_BONUS_ACTION, "Bonus Action Token", "Bonus Action Tokens", NULL, NULL},
};

int numbers_short(strbuf *sb, const judgement *j, size_t i) {
  const wolves_event *const e = &j->ev->ev[i], *const m = numbers_of(j, i);
  if (m == NULL) return 0;
  const int v = m->value, l = m->piece;
  for (size_t k = 0; k < sizeof counted / sizeof *counted; k++)
    if (counted[k].clause == m->clause) {
      count(sb, v, counted[k].one, counted[k].many);
      if (counted[k].limit) sb_printf(sb, "%s%d%s", counted[k].limit, l, counted[k].after);
      return 1;
    }
  switch (m->clause) {
  case WOLVES_C_MOVE_IMPASSABLE:
    if (v < 0)
      sb_puts(sb, "no walk over land reaches it");
    else
      count(sb, v, "step", "steps"), sb_printf(sb, " over land, at most %d", l);
    break;
  case WOLVES_C_PAY_MATCH:
    sb_printf(sb, "%s tiles and tokens %d, cost %d",
              e->to < j->g->board.nhex ? wolves_terrain_name(j->g->board.hex[e->to].terrain) : "?", v, l);
    break;
  case WOLVES_C_HOWL_RANGE:
  case WOLVES_C_DOM_RANGE:
  case WOLVES_C_DEN_ALPHA:
  case WOLVES_C_LAIR_ALPHA:
    if (v < 0) {
      sb_puts(sb, "no Alpha on the map");
    } else {
      sb_puts(sb, "nearest Alpha ");
      hex_text(sb, j->g, m->from);
      sb_puts(sb, ": ");
      count(sb, v, "hex", "hexes");
    }
    sb_printf(sb,
              m->clause == WOLVES_C_HOWL_RANGE || m->clause == WOLVES_C_DOM_RANGE ? ", Howl Range %d"
                                                                                  : ", at most %d",
              l);
    break;
  case WOLVES_C_DOM_NONE_LEFT:
    if (e->piece == WOLVES_DEN)
      count(sb, v, "Den Marker left", "Den Markers left");
    else
      count(sb, v, "wolf left", "wolves left");
    break;
  case WOLVES_C_DEN_TRACK_EMPTY:
    count(sb, v, "Den Marker left", "Den Markers left");
    sb_printf(sb, " in %s", wolves_attribute_name(j->a->attribute));
    break;
  case WOLVES_C_LAIR_ONE_PER_REGION:
    sb_printf(sb, "%d %s %s in region %c, 1 a region", v, pack_of(j, e), v == 1 ? "Lair" : "Lairs",
              region_letter(j->g->board.hex[e->to].region));
    break;
  default:
    sb_printf(sb, "%d, against %d", v, l);
  }
  return 1;
}

doc_node *numbers_write(doc *d, const judgement *j, size_t i) {
  const wolves_event *const e = &j->ev->ev[i], *const m = numbers_of(j, i);
  doc_node *const r = doc_map(d);
  doc_put(d, r, "clause", doc_str(d, wolves_clause_get(e->clause)->id));
  doc_put(d, r, "measured", m ? doc_int(d, m->value) : doc_new(d, DOC_NULL));
  doc_put(d, r, "limit", m ? doc_int(d, m->piece) : doc_new(d, DOC_NULL));
  strbuf sb = {0};
  numbers_because(&sb, j, i);
  doc_put(d, r, "because", doc_str(d, sb.buf ? sb.buf : ""));
  sb_free(&sb);
  if (m && (e->clause == WOLVES_C_MOVE_WOLF_SPEED || e->clause == WOLVES_C_MOVE_IMPASSABLE)) {
    uint8_t path[WOLVES_MAX_HEXES];
    const int steps = wolves_land_path(&j->g->board, e->from, e->to, path, WOLVES_MAX_HEXES);
    doc_node *const list = doc_seq(d);
    list->layout = DOC_INLINE;
    char name[HEX_NAME_MAX];
    for (int k = 0; k <= steps; k++) {
      hex_name(&j->g->board, path[k], name);
      doc_push(list, doc_str(d, name));
    }
    doc_put(d, r, "path", steps >= 0 ? list : doc_new(d, DOC_NULL));
  }
  return r;
}
