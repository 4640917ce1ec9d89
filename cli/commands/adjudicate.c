/* adjudicate.c - see adjudicate.h.  Both commands load a scenario without
 * running it and apply its actions themselves, so that they can stop at
 * any point: `legal` lists what the player to act may do there, `explain`
 * applies one action with clause checks recorded and prints them. */
#include "commands/adjudicate.h"

#include <stdint.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/color.h"
#include "doc.h"
#include "base/err.h"
#include "base/options.h"
#include "report/explain_push.h"
#include "json.h"
#include "scenario/moves.h"
#include "read.h"
#include "readings_doc.h"
#include "scenario/scenario.h"
#include "strbuf.h"

enum { LEGAL_AFTER, LEGAL_FORMAT, LEGAL_MOVES };
enum { EXPLAIN_ACTION, EXPLAIN_TEXT, EXPLAIN_FORMAT, EXPLAIN_COLOR, EXPLAIN_AFTER };

/* --format: 0 text, 1 json, -1 neither (reported). */

/* An action in the scenario syntax on one line: `howl: {at: C4}`, `end_turn`. */
static void action_line(strbuf *sb, const doc_node *item) {
  const doc_node *const args = item->first;
  sb_puts(sb, args->key);
  if (args->kind == DOC_NULL) return;
  sb_puts(sb, ": ");
  yaml_flow(sb, args);
}

static int write_out(const strbuf *sb) {
  return sb->len && (fwrite(sb->buf, 1, sb->len, stdout) != sb->len || fflush(stdout) != 0) ? 2 : 0;
}

/* ---- legal ---- */

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

/* The player to act (drafting or playing), WOLVES_NONE once the game is over. */
static uint8_t to_act(const wolves_game *g, const wolves_state *s) {
  return s->phase == WOLVES_PHASE_DRAFT  ? wolves_draft_player(g, s)
         : s->phase == WOLVES_PHASE_PLAY ? s->current
                                         : WOLVES_NONE;
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
  const uint8_t p = to_act(g, s);
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
    action_line(sb, action_write(&d, g, s, &l->list[i]));
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
  const uint8_t p = to_act(g, s);
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

/* The most Moves `legal --moves all` lists. */
#define MOVES_MAX 200000

int cmd_legal(int argc, char **argv, const char *flags, const char *const *values) {
  if (argc != 1) return usage_error("legal", "%s", argc ? "legal takes one FILE" : "legal needs a FILE");
  const int json = format_option("legal", values[LEGAL_FORMAT]);
  if (json < 0) return 2;
  const char *const how = values[LEGAL_MOVES];
  if (how && strcmp(how, "wolf") != 0 && strcmp(how, "all") != 0)
    return usage_error("legal", "--moves is wolf or all, not '%s'", how);
  scenario *sc = scenario_read(argv[0]);
  if (sc == NULL) return 2;
  size_t after;
  if (scenario_after(sc, "legal", values[LEGAL_AFTER], &after)) {
    scenario_close(sc);
    return 2;
  }
  scenario_apply_first(sc, after);
  const wolves_game *g = &sc->pos.g;
  const wolves_state *s = &sc->pos.s;
  legal_buf legal = {0};
  const int n = legal_list(g, s, &legal);
  wolves_action *const acts = legal.buf;
  listing l = {
      .list = acts, .n = n, .all = how && strcmp(how, "all") == 0, .score = strchr(flags, 's') != NULL};
  move_list all = {0};
  wolves_action *merged = NULL;
  if (l.all && moves_all(g, s, MOVES_MAX, &all)) {
    err_say(
        "wolves: more than %d legal Moves: too many to list (legal lists them per wolf without --moves all)",
        MOVES_MAX);
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
  const int rc = write_out(&sb);
  sb_free(&sb);
  for (int i = 0; i < nm; i++) free(m[i].to);
  free(m);
  free(merged);
  moves_free(&all);
  free(acts);
  scenario_close(sc);
  return rc;
}

/* ---- explain ---- */

/* Reads the -e text (one action in the scenario syntax) against s with
 * the library's reader, wolves_action_parse. */
static int read_given(const char *text, const wolves_game *g, const wolves_state *s, wolves_action *a) {
  wolves_error err;
  if (wolves_action_parse(g, s, text, strlen(text), a, &err) == 0) return 0;
  cli_err e = {0};
  err_set(&e, "-e", err.line, err.col, "%s", err.message);
  err_print(&e, stderr);
  return -1;
}

/* ---- the explanation: one document, printed as text or as JSON ---- */

/* What a check was about, from its event object: "rocky alpha A1 -> C1"
 * (a wolf and the hex checked), "grass den C4", "at C1", or the player. */
static const char *about(doc *d, const doc_node *ev) {
  const doc_node *const pack = doc_get(ev, "pack"), *const piece = doc_get(ev, "piece");
  const doc_node *const from = doc_get(ev, "from"), *const to = doc_get(ev, "to");
  strbuf sb = {0};
  if (piece && pack && piece->kind == DOC_STR) {
    sb_printf(&sb, "%s %s", pack->str, piece->str);
    if (from) sb_printf(&sb, " %s", from->str);
    if (to && (!from || strcmp(to->str, from->str) != 0)) sb_printf(&sb, " -> %s", to->str);
  } else if (to) {
    sb_printf(&sb, "at %s", to->str);
  } else if (pack) {
    sb_puts(&sb, pack->str);
  }
  const char *const r = doc_strdup(d, sb.buf ? sb.buf : "", sb.len);
  sb_free(&sb);
  return r;
}

static int has_str(const doc_node *seq, const char *s) {
  for (const doc_node *n = seq->first; n; n = n->next)
    if (strcmp(n->str, s) == 0) return 1;
  return 0;
}

/* What a check was about, and for a check of MOVE.PUSH_CHOICE which hexes
 * qualify or why the hex checked does not (explain_push.h). */
static const char *about_check(doc *d, const doc_node *ev, const doc_node *pushes) {
  const doc_node *const pack = doc_get(ev, "pack"), *const piece = doc_get(ev, "piece");
  const doc_node *const from = doc_get(ev, "from"), *const to = doc_get(ev, "to");
  if (strcmp(doc_get(ev, "clause")->str, "MOVE.PUSH_CHOICE") != 0 || !pack || !piece || !from || !to ||
      piece->kind != DOC_STR)
    return about(d, ev);
  strbuf wolf = {0};
  sb_printf(&wolf, "%s %s %s", pack->str, piece->str, from->str);
  const char *const a = push_check_about(d, pushes, wolf.buf, to->str, doc_get(ev, "value")->num != 0);
  sb_free(&wolf);
  return a ? a : about(d, ev);
}

/* The checks, one entry per clause and verdict in the order first
 * checked: {clause, verdict, text, about: [...], times}. */
static doc_node *fold_checks(doc *d, const doc_node *events, const doc_node *pushes) {
  doc_node *const list = doc_seq(d);
  for (const doc_node *ev = events->first; ev; ev = ev->next) {
    const char *const id = doc_get(ev, "clause")->str;
    const char *const verdict = doc_get(ev, "value")->num ? "ok" : "refused";
    doc_node *m = NULL;
    for (doc_node *c = list->first; c && !m; c = c->next)
      if (strcmp(doc_get(c, "clause")->str, id) == 0 && strcmp(doc_get(c, "verdict")->str, verdict) == 0)
        m = c;
    if (m == NULL) {
      m = doc_map(d);
      doc_put(d, m, "clause", doc_str(d, id));
      doc_put(d, m, "verdict", doc_str(d, verdict));
      doc_put(d, m, "text", doc_str(d, wolves_clause_get(wolves_clause_find(id))->text));
      doc_put(d, m, "about", doc_seq(d));
      doc_put(d, m, "times", doc_int(d, 0));
      doc_push(list, m);
    }
    doc_node *const subjects = (doc_node *)doc_get(m, "about");
    const char *const a = about_check(d, ev, pushes);
    if (*a && !has_str(subjects, a)) doc_push(subjects, doc_str(d, a));
    ((doc_node *)doc_get(m, "times"))->num++;
  }
  return list;
}

/* A way to pay in the scenario syntax: {pay: [1, 3], bonus_terrain: 1}. */
static doc_node *payment_node(doc *d, int tiles, int bonus) {
  doc_node *const m = doc_map(d), *const slots = doc_seq(d);
  m->layout = DOC_INLINE;
  for (int i = 0; i < WOLVES_TILES; i++)
    if (tiles & (1 << i)) doc_push(slots, doc_int(d, i + 1));
  if (slots->count) doc_put(d, m, "pay", slots);
  if (bonus) doc_put(d, m, "bonus_terrain", doc_int(d, bonus));
  return m;
}

/* The choices the engine made for the player, each with the alternatives
 * the player could have named: [{clause, about, chose, alternatives}]. */
static doc_node *choices(doc *d, const wolves_game *g, const event_list *ev) {
  doc_node *const list = doc_seq(d);
  int tiles = 0, bonus = 0;
  doc_node *pay = NULL, *push[WOLVES_MAX_HEXES] = {NULL};
  char hex[HEX_NAME_MAX];
  for (size_t i = 0; i < ev->len; i++) {
    const wolves_event *e = &ev->ev[i];
    if (e->kind == WOLVES_EV_FLIP) tiles |= 1 << (e->value - 1);
    bonus += e->kind == WOLVES_EV_SPEND_BONUS_TERRAIN;
    if (e->kind != WOLVES_EV_OPTION) continue;
    if (e->clause == WOLVES_C_PAY_CHOICE) {
      if (pay == NULL) {
        pay = doc_map(d);
        doc_put(d, pay, "clause", doc_str(d, "PAY.CHOICE"));
        doc_put(d, pay, "alternatives", doc_seq(d));
        doc_push(list, pay);
      }
      doc_push((doc_node *)doc_get(pay, "alternatives"), payment_node(d, e->value, e->piece));
      continue;
    }
    /* MOVE.PUSH_CHOICE: where the push event of the same wolf went */
    doc_node *m = push[e->from];
    if (m == NULL) {
      m = push[e->from] = doc_map(d);
      doc_put(d, m, "clause", doc_str(d, "MOVE.PUSH_CHOICE"));
      strbuf sb = {0};
      hex_name(&g->board, e->from, hex);
      sb_printf(&sb, "%s %s %s", wolves_terrain_name(e->pack), wolves_piece_name(e->piece), hex);
      doc_put(d, m, "about", doc_str(d, sb.buf));
      sb_free(&sb);
      for (size_t k = 0; k < ev->len; k++)
        if (ev->ev[k].kind == WOLVES_EV_PUSH && ev->ev[k].from == e->from) {
          hex_name(&g->board, ev->ev[k].to, hex);
          doc_put(d, m, "chose", doc_str(d, hex));
        }
      doc_put(d, m, "alternatives", doc_seq(d));
      doc_push(list, m);
    }
    hex_name(&g->board, e->to, hex);
    doc_push((doc_node *)doc_get(m, "alternatives"), doc_str(d, hex));
  }
  if (pay) doc_put(d, pay, "chose", payment_node(d, tiles, bonus));
  return list;
}

/* Why a refusal by MOVE.PUSH_CHOICE: "grass pack C1 -> D1: holds a Lone
 * Wolf Token (MOVE.TOKEN_HEX)" when the action named a hex that does not
 * qualify; NULL when no hex qualifies. */
static const char *push_because(doc *d, const wolves_game *g, const event_list *ev, const doc_node *pushes) {
  char at[HEX_NAME_MAX] = "";
  for (size_t i = 0; i < ev->len; i++)
    if (ev->ev[i].kind == WOLVES_EV_REFUSE) hex_name(&g->board, ev->ev[i].to, at);
  const char *wolf = NULL;
  const doc_node *const cand = push_refused_candidate(pushes, at, &wolf);
  if (cand == NULL) return NULL;
  strbuf sb = {0};
  sb_printf(&sb, "%s -> %s: %s (%s)", wolf, at, doc_get(cand, "why")->str, doc_get(cand, "clause")->str);
  const char *const r = doc_strdup(d, sb.buf, sb.len);
  sb_free(&sb);
  return r;
}

/* The whole explanation as a document (`explain --format json`):
 * {action, legal, refused_by, section, ruling, refusals, checks, effects,
 * choices}. */
static doc_node *explanation(doc *d, const wolves_game *g, const wolves_state *before,
                             const wolves_state *after, const wolves_action *a, const event_list *ev,
                             int refused) {
  event_list checks = {0}, effects = {0};
  for (size_t i = 0; i < ev->len; i++) {
    const int kind = ev->ev[i].kind;
    if (kind == WOLVES_EV_CHECK) events_append(&checks, &ev->ev[i], 1, 1);
    if (!WOLVES_EV_DIAGNOSTIC(kind) && kind != WOLVES_EV_REFUSE) events_append(&effects, &ev->ev[i], 1, 1);
  }
  doc_node *const root = doc_map(d);
  const wolves_clause_info *const c = refused ? wolves_clause_get(refused) : NULL;
  doc_node *const pushes = pushes_write(d, g, before, a, ev);
  const char *const because = refused == WOLVES_C_MOVE_PUSH_CHOICE ? push_because(d, g, ev, pushes) : NULL;
  /* a named push hex that does not qualify: MOVE.ALPHA_PUSH's ruling says
   * which hexes do (LAIR.PUSH follows it); MOVE.PUSH_CHOICE's is about
   * none qualifying */
  const wolves_clause_info *const ruled = because ? wolves_clause_get(WOLVES_C_MOVE_ALPHA_PUSH) : c;
  doc_put(d, root, "action", action_write(d, g, before, a));
  doc_put(d, root, "legal", doc_bool(d, refused == 0));
  doc_put(d, root, "refused_by", c ? doc_str(d, c->id) : doc_new(d, DOC_NULL));
  doc_put(d, root, "section", c ? doc_str(d, c->section) : doc_new(d, DOC_NULL));
  doc_put(d, root, "because", because ? doc_str(d, because) : doc_new(d, DOC_NULL));
  doc_put(d, root, "ruling", ruled && ruled->ruling[0] ? doc_str(d, ruled->ruling) : doc_new(d, DOC_NULL));
  doc_put(d, root, "ruling_of", ruled && ruled->ruling[0] ? doc_str(d, ruled->id) : doc_new(d, DOC_NULL));
  doc_node *const readings = readings_write(d, g); /* only when not all ours, as in a state */
  if (readings) doc_put(d, root, "readings", readings);
  doc_node *const folded = fold_checks(d, events_write(d, g, before, &checks), pushes);
  doc_node *const refusals = doc_seq(d);
  for (const doc_node *f = folded->first; f; f = f->next) {
    if (strcmp(doc_get(f, "verdict")->str, "refused") != 0) continue;
    doc_node *const r = doc_map(d);
    const char *const id = doc_get(f, "clause")->str;
    doc_put(d, r, "clause", doc_str(d, id));
    doc_put(d, r, "section", doc_str(d, wolves_clause_get(wolves_clause_find(id))->section));
    doc_put(d, r, "about", (doc_node *)doc_get(f, "about"));
    doc_push(refusals, r);
  }
  doc_put(d, root, "refusals", refusals);
  doc_put(d, root, "checks", folded);
  doc_node *const eff = events_write(d, g, after, &effects);
  for (doc_node *e = eff->first; e; e = e->next) e->first = e->first->next, e->count--; /* less "action" */
  doc_put(d, root, "effects", eff);
  doc_put(d, root, "choices", refused ? doc_seq(d) : choices(d, g, ev));
  doc_put(d, root, "pushes", pushes);
  events_free(&checks);
  events_free(&effects);
  return root;
}

/* A list of strings "a; b" in parentheses, or nothing. */
static void subjects_text(strbuf *sb, const doc_node *seq) {
  const char *sep = " (";
  for (const doc_node *n = seq->first; n; n = n->next, sep = "; ") sb_printf(sb, "%s%s", sep, n->str);
  if (seq->count) sb_putc(sb, ')');
}

/* One mapping on one line, "key: value, key: value". */
static void fields_text(strbuf *sb, const doc_node *m) {
  const char *sep = "";
  for (const doc_node *f = m->first; f; f = f->next, sep = ", ") {
    sb_printf(sb, "%s%s: ", sep, f->key);
    yaml_flow(sb, f);
  }
}

/* The explanation as text; with color, REFUSED in red. */
static void explain_text(strbuf *sb, const doc_node *x, int color) {
  sb_puts(sb, "action: ");
  action_line(sb, doc_get(x, "action"));
  sb_putc(sb, '\n');
  const doc_node *const readings = doc_get(x, "readings");
  for (const doc_node *r = readings ? readings->first : NULL; r; r = r->next)
    sb_printf(sb, "reading: %s %s (not ours; wolves clauses %s)\n", r->key, r->str, r->key);
  for (const doc_node *f = doc_get(x, "checks")->first; f; f = f->next) {
    const int ok = strcmp(doc_get(f, "verdict")->str, "ok") == 0;
    sb_puts(sb, ok ? "ok     " : color ? "\033[1;31mREFUSED\033[0m" : "REFUSED");
    sb_printf(sb, " %-20s %s", doc_get(f, "clause")->str, doc_get(f, "text")->str);
    subjects_text(sb, doc_get(f, "about"));
    sb_putc(sb, '\n');
  }
  const doc_node *const by = doc_get(x, "refused_by"), *const refusals = doc_get(x, "refusals");
  if (by->kind == DOC_STR) {
    sb_printf(sb, "refused by %s (%s)\n", by->str, doc_get(x, "section")->str);
    const doc_node *const because = doc_get(x, "because"), *const ruling = doc_get(x, "ruling");
    if (because->kind == DOC_STR) sb_printf(sb, "because: %s\n", because->str);
    const char *const of = doc_get(x, "ruling_of")->kind == DOC_STR ? doc_get(x, "ruling_of")->str : "";
    if (ruling->kind == DOC_STR && strcmp(of, by->str) == 0) sb_printf(sb, "ruling: %s\n", ruling->str);
    if (ruling->kind == DOC_STR && strcmp(of, by->str) != 0)
      sb_printf(sb, "ruling of %s: %s\n", of, ruling->str);
    const doc_node *const reading = doc_get(readings, by->str);
    const wolves_reading *const point = wolves_reading_find(by->str);
    const int i = reading ? wolves_reading_choice_find(point, reading->str) : -1;
    if (i >= 0) sb_printf(sb, "reading %s: %s\n", reading->str, point->choice[i].text);
    if (refusals->count > 1) {
      sb_printf(sb, "breaks %zu clauses:", refusals->count);
      for (const doc_node *r = refusals->first; r; r = r->next)
        sb_printf(sb, " %s", doc_get(r, "clause")->str);
      sb_putc(sb, '\n');
    }
  } else {
    sb_puts(sb, "legal\n");
  }
  pushes_text(sb, doc_get(x, "pushes"));
  const doc_node *const effects = doc_get(x, "effects");
  if (effects->count) sb_puts(sb, "effects:\n");
  for (const doc_node *e = effects->first; e; e = e->next) {
    sb_puts(sb, "  ");
    fields_text(sb, e);
    sb_putc(sb, '\n');
  }
  const doc_node *const ch = doc_get(x, "choices");
  if (ch->count) sb_puts(sb, "chosen by the engine (name another to choose it):\n");
  for (const doc_node *c = ch->first; c; c = c->next) {
    const doc_node *const who = doc_get(c, "about");
    sb_printf(sb, "  %s%s%s: ", doc_get(c, "clause")->str, who ? " " : "", who ? who->str : "");
    yaml_flow(sb, doc_get(c, "chose"));
    sb_puts(sb, "; or");
    const char *sep = " ";
    for (const doc_node *alt = doc_get(c, "alternatives")->first; alt; alt = alt->next, sep = " | ") {
      sb_puts(sb, sep);
      yaml_flow(sb, alt);
    }
    sb_putc(sb, '\n');
  }
}

int cmd_explain(int argc, char **argv, const char *flags, const char *const *values) {
  if (argc != 1)
    return usage_error("explain", "%s", argc ? "explain takes one FILE" : "explain needs a FILE");
  const int json = format_option("explain", values[EXPLAIN_FORMAT]);
  if (json < 0) return 2;
  const int color = color_option("explain", values[EXPLAIN_COLOR], stdout);
  if (color < 0) return 2;
  if (values[EXPLAIN_ACTION] && values[EXPLAIN_TEXT])
    return usage_error("explain", "%s", "--action and -e cannot be combined");
  if (values[EXPLAIN_AFTER] && !values[EXPLAIN_TEXT])
    return usage_error("explain", "%s",
                       "--after goes with -e ACTION (--action N explains action N where it was taken)");
  scenario *sc = scenario_read(argv[0]);
  if (sc == NULL) return 2;
  const wolves_game *g = &sc->pos.g;
  wolves_action a;
  int rc = 2;
  if (values[EXPLAIN_TEXT]) {
    size_t after;
    if (scenario_after(sc, "explain", values[EXPLAIN_AFTER], &after)) goto done;
    scenario_apply_first(sc, after);
    if (read_given(values[EXPLAIN_TEXT], g, &sc->pos.s, &a)) goto done;
  } else {
    uint64_t n = sc->nactions;
    if ((values[EXPLAIN_ACTION] && number_option(values[EXPLAIN_ACTION], 1, sc->nactions, &n)) || n < 1) {
      if (values[EXPLAIN_ACTION])
        err_say("wolves: --action is a number from 1 to %zu (the scenario's actions), not '%s'", sc->nactions,
                values[EXPLAIN_ACTION]);
      else
        fputs("wolves: the scenario has no actions (give one with -e)\n", stderr);
      fputs("Try 'wolves explain --help'.\n", stderr);
      goto done;
    }
    scenario_apply_first(sc, (size_t)n - 1);
    a = sc->actions[n - 1].a;
    if (sc->actions[n - 1].by_current) a.player = sc->pos.s.current;
  }
  const wolves_state before = sc->pos.s;
  wolves_state after = before;
  event_list ev = {0};
  const int refused =
      apply_logged(g, &after, &a, strchr(flags, 'a') ? WOLVES_CHECKS_ALL : WOLVES_CHECKS_FIRST, &ev, 1);
  strbuf sb = {0};
  doc d;
  doc_init(&d, "explain");
  const doc_node *const x = explanation(&d, g, &before, &after, &a, &ev, refused);
  if (json)
    json_write(&sb, x);
  else
    explain_text(&sb, x, color);
  doc_free(&d);
  rc = write_out(&sb) ? 2 : refused ? 1 : 0;
  sb_free(&sb);
  events_free(&ev);
done:
  scenario_close(sc);
  return rc;
}
