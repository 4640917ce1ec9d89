/* legal.c - `wolves legal FILE`: every legal action of the player to act
 * after a scenario's first N actions (a refused one changes nothing): a
 * Move per wolf with its destinations and how many Moves Pack Spread
 * allows combining, or every Move (--moves all); with --score, each
 * action's final scores. */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/err.h"
#include "base/options.h"
#include "base/output.h"
#include "commands/commands.h"
#include "doc.h"
#include "json.h"
#include "read.h"
#include "report/color.h"
#include "scenario/moves.h"
#include "scenario/scenario.h"
#include "strbuf.h"

/* One movable wolf: a (hex, type) of the player's with its destinations in
 * the engine's order; `count` wolves of that type stand there. */
typedef struct {
  uint8_t from, type, count;
  uint8_t *to;
  int nto;
} mover;

static int pieces_of(const wolves_state *s, uint8_t h, uint8_t pack, uint8_t type) {
  int n = 0;
  for (int i = 0; i < WOLVES_HEX_SLOTS; i++) n += s->hex[h].piece[i] == WOLVES_PIECE(pack, type);
  return n;
}

/* Groups the single-wolf Moves by wolf; returns how many wolves. */
static int group_moves(const wolves_state *s, const wolves_action *acts, int n, mover *m) {
  int nm = 0;
  for (int i = 0; i < n; i++) {
    const wolves_action *a = &acts[i];
    if (a->kind != WOLVES_ACT_MOVE || a->nsteps != 1) continue;
    const wolves_step *st = &a->step[0];
    int k = 0;
    while (k < nm && (m[k].from != st->from || m[k].type != st->type)) k++;
    if (k == nm) {
      m[nm++] =
          (mover){st->from, st->type, (uint8_t)pieces_of(s, st->from, s->player[a->player].pack, st->type),
                  xmalloc((size_t)n), 0};
      if (m[k].count == 0) m[k].count = 1;
    }
    m[k].to[m[k].nto++] = st->to;
  }
  return nm;
}

/* Ways to choose 1 to p distinct wolves, each with one of its
 * destinations: the elementary symmetric sums e_1..e_p of the destination
 * counts (one term per wolf, a hex with 2 such wolves counting twice). */
/* Saturating arithmetic: the count stops at COMBINATIONS_MAX, never wraps
 * (a large Pack Spread on many wolves). */
#define COMBINATIONS_MAX ((unsigned long long)LLONG_MAX)
static unsigned long long sat_add(unsigned long long a, unsigned long long b) {
  return a > COMBINATIONS_MAX - b ? COMBINATIONS_MAX : a + b;
}
static unsigned long long sat_mul(unsigned long long a, unsigned long long b) {
  return b && a > COMBINATIONS_MAX / b ? COMBINATIONS_MAX : a * b;
}

static unsigned long long combinations(const mover *m, int nm, int p) {
  unsigned long long e[WOLVES_MAX_MOVERS + 1] = {1};
  if (p > WOLVES_MAX_MOVERS) p = WOLVES_MAX_MOVERS;
  for (int i = 0; i < nm; i++)
    for (int c = 0; c < m[i].count; c++)
      for (int k = p; k >= 1; k--) e[k] = sat_add(e[k], sat_mul(e[k - 1], m[i].nto));
  unsigned long long total = 0;
  for (int k = 1; k <= p; k++) total = sat_add(total, e[k]);
  return total;
}

/* What `legal` prints: the actions one a line (--moves all, --score), and
 * the final scores now and after each (--score). */
typedef struct {
  const wolves_action *list; /* every action, one a line */
  int n, nmoves;             /* how many, of which Moves */
  int all;                   /* --moves all: list holds every Move */
  int score;                 /* --score */
  wolves_score now[WOLVES_MAX_PLAYERS];
} listing;

/* Each player's final score if the game ended right after a (a listed
 * action, so it applies) in s. */
static void scores_after(const wolves_game *g, const wolves_state *s, const wolves_action *a,
                         wolves_score out[WOLVES_MAX_PLAYERS]) {
  wolves_state after = *s;
  (void)wolves_apply(g, &after, a, NULL);
  wolves_final_scores(g, &after, out);
}

/* "rocky 12 (+2), grass 7 (+0)": each player's final score after a, and
 * the difference from now. */
static void score_text(strbuf *sb, const wolves_game *g, const wolves_state *s, const wolves_action *a,
                       const listing *l) {
  wolves_score sc[WOLVES_MAX_PLAYERS];
  scores_after(g, s, a, sc);
  for (int p = 0; p < g->nplayers; p++)
    sb_printf(sb, "%s%s %d (%+d)", p ? ", " : "  => ", wolves_terrain_name(s->player[p].pack), sc[p].total,
              sc[p].total - l->now[p].total);
}

/* {rocky: 12, grass: 7} */
static doc_node *score_map(doc *d, const wolves_game *g, const wolves_state *s, const wolves_score *sc,
                           const wolves_score *base) {
  doc_node *const m = doc_map(d);
  m->layout = DOC_INLINE;
  for (int p = 0; p < g->nplayers; p++)
    doc_put(d, m, wolves_terrain_name(s->player[p].pack),
            doc_int(d, sc[p].total - (base ? base[p].total : 0)));
  return m;
}

static void legal_text(strbuf *sb, const scenario *sc, const listing *l, const mover *m, int nm, int spread,
                       unsigned long long combos) {
  const wolves_game *g = &sc->pos.g;
  const wolves_state *s = &sc->pos.s;
  char from[HEX_NAME_MAX], to[HEX_NAME_MAX];
  doc d;
  doc_init(&d, "legal");
  const uint8_t p = legal_player(g, s);
  if (s->phase == WOLVES_PHASE_OVER)
    sb_printf(sb, "the game is over (turn %u): nobody acts\n", (unsigned)s->turn);
  else
    sb_printf(sb, "%s to act, turn %u, actions taken %u\n",
              p < g->nplayers ? wolves_terrain_name(s->player[p].pack) : "nobody", (unsigned)s->turn,
              (unsigned)s->actions_taken);
  if (l->score) {
    sb_puts(sb, "final scores if the game ended now:");
    for (int k = 0; k < g->nplayers; k++)
      sb_printf(sb, "%s %s %d", k ? "," : "", wolves_terrain_name(s->player[k].pack), l->now[k].total);
    sb_putc(sb, '\n');
  }
  const int compact = !l->all && !l->score; /* Moves per wolf */
  for (int i = 0; compact && i < nm; i++) {
    hex_name(&g->board, m[i].from, from);
    sb_printf(sb, "move %s %s ->", wolves_piece_name(m[i].type), from);
    for (int k = 0; k < m[i].nto; k++) {
      hex_name(&g->board, m[i].to[k], to);
      sb_printf(sb, " %s", to);
    }
    sb_printf(sb, " (%d)%s\n", m[i].nto, m[i].count > 1 ? " x2 wolves" : "");
  }
  if (compact && nm)
    sb_printf(sb, "move: %s %llu combinations of up to %d wolves (Pack Spread %d)\n",
              combos == COMBINATIONS_MAX ? "at least" : "at most", combos, spread, spread);
  for (int i = 0; i < l->n; i++) {
    if (compact && l->list[i].kind == WOLVES_ACT_MOVE) continue;
    legal_action_line(sb, action_write(&d, g, s, &l->list[i]));
    if (l->score) score_text(sb, g, s, &l->list[i], l);
    sb_putc(sb, '\n');
  }
  sb_printf(sb, "%d legal action%s", l->n, l->n == 1 ? "" : "s");
  if (l->all) sb_printf(sb, " (%d Move%s)", l->nmoves, l->nmoves == 1 ? "" : "s");
  sb_putc(sb, '\n');
  doc_free(&d);
}

static void legal_json(strbuf *sb, const scenario *sc, const listing *l, const mover *m, int nm,
                       unsigned long long combos) {
  const wolves_game *g = &sc->pos.g;
  const wolves_state *s = &sc->pos.s;
  char hex[HEX_NAME_MAX];
  doc d;
  doc_init(&d, "legal");
  doc_node *const root = doc_map(&d), *const list = doc_seq(&d), *const moves = doc_seq(&d);
  const uint8_t p = legal_player(g, s);
  doc_put(&d, root, "phase", doc_str(&d, names_word(NAMES_GAME_PHASE, s->phase)));
  doc_put(&d, root, "player",
          p < g->nplayers ? doc_str(&d, wolves_terrain_name(s->player[p].pack)) : doc_new(&d, DOC_NULL));
  doc_put(&d, root, "turn", doc_int(&d, s->turn));
  doc_put(&d, root, "actions_taken", doc_int(&d, s->actions_taken));
  for (int i = 0; i < l->n; i++) doc_push(list, action_write(&d, g, s, &l->list[i]));
  doc_put(&d, root, "actions", list);
  for (int i = 0; i < nm; i++) {
    doc_node *const wolf = doc_map(&d), *const dest = doc_seq(&d);
    doc_put(&d, wolf, "wolf", doc_str(&d, wolves_piece_name(m[i].type)));
    hex_name(&g->board, m[i].from, hex);
    doc_put(&d, wolf, "from", doc_str(&d, hex));
    doc_put(&d, wolf, "count", doc_int(&d, m[i].count));
    for (int k = 0; k < m[i].nto; k++) {
      hex_name(&g->board, m[i].to[k], hex);
      doc_push(dest, doc_str(&d, hex));
    }
    doc_put(&d, wolf, "to", dest);
    doc_push(moves, wolf);
  }
  doc_put(&d, root, "moves", moves);
  if (l->all)
    doc_put(&d, root, "move_count", doc_int(&d, l->nmoves));
  else
    doc_put(&d, root, "move_combinations", doc_int(&d, (long long)combos));
  if (l->score) {
    doc_node *const scored = doc_seq(&d);
    doc_put(&d, root, "scores_now", score_map(&d, g, s, l->now, NULL));
    for (int i = 0; i < l->n; i++) {
      wolves_score sc2[WOLVES_MAX_PLAYERS];
      scores_after(g, s, &l->list[i], sc2);
      doc_node *const one = doc_map(&d);
      doc_put(&d, one, "action", action_write(&d, g, s, &l->list[i]));
      doc_put(&d, one, "final", score_map(&d, g, s, sc2, NULL));
      doc_put(&d, one, "change", score_map(&d, g, s, sc2, l->now));
      doc_push(scored, one);
    }
    doc_put(&d, root, "scored", scored);
  }
  json_write(sb, root);
  doc_free(&d);
}

/* The most Moves `legal --moves all` lists; the engine's walk bounds the
 * work of finding them (WOLVES_MOVES_TRIED_MAX Moves tried). */
#define MOVES_MAX 200000
#define TOO_MANY_TO_LIST "too many to list (legal lists them per wolf without --moves all)"

int cmd_legal(int argc, char **argv, const char *flags, const char *const *values) {
  if (argc != 1) return usage_error("legal", "%s", argc ? "legal takes one FILE" : "legal needs a FILE");
  const int json = format_option("legal", values[LEGAL_FORMAT]);
  if (json < 0) return 2;
  const char *const how = values[LEGAL_MOVES];
  if (how && choice_option("legal", "--moves", how, (const char *const[]){"wolf", "all", NULL}) < 0) return 2;
  int edition;
  if (edition_option("legal", values[LEGAL_EDITION], &edition)) return 2;
  scenario *sc = scenario_read_after_as(argv[0], edition, "legal", values[LEGAL_AFTER], json);
  if (sc == NULL) return 2;
  const wolves_game *g = &sc->pos.g;
  const wolves_state *s = &sc->pos.s;
  legal_buf legal = {0};
  const int n = legal_list(g, s, &legal);
  wolves_action *const acts = legal.buf;
  listing l = {
      .list = acts, .n = n, .all = how && strcmp(how, "all") == 0, .score = strchr(flags, 's') != NULL};
  move_list all = {0};
  wolves_action *merged = NULL;
  const int listed = l.all ? moves_all(g, s, MOVES_MAX, &all) : 0;
  if (listed) {
    if (listed == MOVES_TOO_MANY)
      err_say("wolves: more than %d legal Moves: %s", MOVES_MAX, TOO_MANY_TO_LIST);
    else
      err_say("wolves: more than %ld Moves tried before every legal Move was found: %s",
              WOLVES_MOVES_TRIED_MAX, TOO_MANY_TO_LIST);
    free(acts);
    scenario_close(sc);
    return 2;
  }
  if (l.all) { /* every Move, then the other actions in legal's order */
    merged = xmalloc((all.n + (size_t)n + 1) * sizeof *merged);
    memcpy(merged, all.a, all.n * sizeof *merged);
    l.n = l.nmoves = (int)all.n;
    for (int i = 0; i < n; i++)
      if (acts[i].kind != WOLVES_ACT_MOVE) merged[l.n++] = acts[i];
    l.list = merged;
  }
  wolves_final_scores(g, s, l.now);
  mover *m = xmalloc(((size_t)n + 1) * sizeof *m);
  const int nm = group_moves(s, acts, n, m);
  const int spread = wolves_attribute(g, s, s->current, WOLVES_PACK_SPREAD);
  const unsigned long long combos = combinations(m, nm, spread);
  strbuf sb = {0};
  if (json)
    legal_json(&sb, sc, &l, m, nm, combos);
  else
    legal_text(&sb, sc, &l, m, nm, spread, combos);
  const int rc = stdout_write(&sb);
  sb_free(&sb);
  for (int i = 0; i < nm; i++) free(m[i].to);
  free(m);
  free(merged);
  moves_free(&all);
  free(acts);
  scenario_close(sc);
  return rc;
}

static const option_spec legal_options[] = {
    VALUE("after", 0, LEGAL_AFTER), VALUE("format", 0, LEGAL_FORMAT),   VALUE("moves", 0, LEGAL_MOVES),
    FLAG("score", 0, 's'),          VALUE("edition", 0, LEGAL_EDITION), OPTIONS_END};

const command legal_command = {
    "legal",
    "Usage: wolves legal [--after N] [--moves wolf|all] [--score] [--format text|json]\n"
    "                    [--edition NAME] FILE\n",
    "Apply the scenario's first N actions (default: all; a refused one changes nothing)\n"
    "and list every legal action of the player to act.  A Move is listed per wolf with its\n"
    "destinations, then at most how many Moves Pack Spread allows combining them into (an\n"
    "upper bound that ignores wolves getting in each other's way); the other actions in\n"
    "the scenario syntax.  On a finished game it says so, and lists none.\n"
    "\n"
    "  --after N       stop after N actions, 0 to the scenario's count (default: all)\n"
    "  --moves all     list every legal Move, several wolves at once included, one a line in\n"
    "                  the scenario syntax: the exact set (wolves in each other's way, each\n"
    "                  hex a push may go to), one Move per position it leads to, and count\n"
    "                  them: more than 200000, or more than 1000000 tried to find them, is\n"
    "                  refused (exit 2); wolf (default): per wolf, as above\n"
    "  --score         after each action (one a line), each player's final score if the game\n"
    "                  ended right after it, and the change from now (see wolves(1))\n"
    "  --format json   print {phase, player, turn, actions_taken, actions, moves,\n"
    "                  move_combinations}; moves: [{wolf, from, count, to: [hexes]}];\n"
    "                  --moves all: move_count instead of move_combinations; --score:\n"
    "                  scores_now and scored: [{action, final, change}]\n" EDITION_HELP,
    legal_options, cmd_legal};
