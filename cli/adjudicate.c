/* adjudicate.c - see adjudicate.h.  Both commands load a scenario without
 * running it and apply its actions themselves, so that they can stop at
 * any point: `legal` lists what the player to act may do there, `explain`
 * applies one action with clause checks recorded and prints them. */
#include "adjudicate.h"

#include <stdint.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "color.h"
#include "doc.h"
#include "json.h"
#include "scenario.h"
#include "strbuf.h"

enum { LEGAL_AFTER, LEGAL_FORMAT };
enum { EXPLAIN_ACTION, EXPLAIN_TEXT, EXPLAIN_FORMAT, EXPLAIN_COLOR };

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

static void hex_name(const wolves_game *g, uint8_t h, char *buf) { wolves_hex_name(&g->board, h, buf, 8); }

static void legal_text(strbuf *sb, const scenario *sc, const wolves_action *acts, int n, const mover *m,
                       int nm, int spread, unsigned long long combos) {
  const wolves_game *g = &sc->pos.g;
  const wolves_state *s = &sc->pos.s;
  char from[8], to[8];
  doc d;
  doc_init(&d, "legal");
  const uint8_t p = s->phase == WOLVES_PHASE_DRAFT ? wolves_draft_player(g, s) : s->current;
  sb_printf(sb, "%s to act, turn %u, actions taken %u\n",
            p < g->nplayers ? wolves_terrain_name(s->player[p].pack) : "nobody", (unsigned)s->turn,
            (unsigned)s->actions_taken);
  for (int i = 0; i < nm; i++) {
    hex_name(g, m[i].from, from);
    sb_printf(sb, "move %s %s ->", wolves_piece_name(m[i].type), from);
    for (int k = 0; k < m[i].nto; k++) {
      hex_name(g, m[i].to[k], to);
      sb_printf(sb, " %s", to);
    }
    sb_printf(sb, " (%d)%s\n", m[i].nto, m[i].count > 1 ? " x2 wolves" : "");
  }
  if (nm)
    sb_printf(sb, "move: %s %llu combinations of up to %d wolves (Pack Spread %d)\n",
              combos == COMBINATIONS_MAX ? "at least" : "at most", combos, spread, spread);
  for (int i = 0; i < n; i++) {
    if (acts[i].kind == WOLVES_ACT_MOVE) continue;
    action_line(sb, action_write(&d, g, s, &acts[i]));
    sb_putc(sb, '\n');
  }
  sb_printf(sb, "%d legal action%s\n", n, n == 1 ? "" : "s");
  doc_free(&d);
}

static void legal_json(strbuf *sb, const scenario *sc, const wolves_action *acts, int n, const mover *m,
                       int nm, unsigned long long combos) {
  const wolves_game *g = &sc->pos.g;
  const wolves_state *s = &sc->pos.s;
  char from[8], to[8], key[24];
  doc d;
  doc_init(&d, "legal");
  doc_node *const root = doc_map(&d), *const list = doc_seq(&d), *const moves = doc_map(&d);
  const uint8_t p = s->phase == WOLVES_PHASE_DRAFT ? wolves_draft_player(g, s) : s->current;
  doc_put(&d, root, "player",
          p < g->nplayers ? doc_str(&d, wolves_terrain_name(s->player[p].pack)) : doc_new(&d, DOC_NULL));
  doc_put(&d, root, "turn", doc_int(&d, s->turn));
  doc_put(&d, root, "actions_taken", doc_int(&d, s->actions_taken));
  for (int i = 0; i < n; i++) doc_push(list, action_write(&d, g, s, &acts[i]));
  doc_put(&d, root, "actions", list);
  for (int i = 0; i < nm; i++) {
    doc_node *const dest = doc_seq(&d);
    hex_name(g, m[i].from, from);
    snprintf(key, sizeof key, "%s %s", wolves_piece_name(m[i].type), from);
    for (int k = 0; k < m[i].nto; k++) {
      hex_name(g, m[i].to[k], to);
      doc_push(dest, doc_str(&d, to));
    }
    doc_put(&d, moves, key, dest);
  }
  doc_put(&d, root, "moves", moves);
  doc_put(&d, root, "move_combinations", doc_int(&d, (long long)combos));
  json_write(sb, root);
  doc_free(&d);
}

int cmd_legal(int argc, char **argv, const char *flags, const char *const *values) {
  (void)flags;
  if (argc != 1) return usage_error("legal", "%s", argc ? "legal takes one FILE" : "legal needs a FILE");
  const int json = format_option("legal", values[LEGAL_FORMAT]);
  if (json < 0) return 2;
  scenario *sc = scenario_read(argv[0]);
  if (sc == NULL) return 2;
  size_t after = sc->nactions;
  if (values[LEGAL_AFTER]) {
    uint64_t n;
    if (number_option(values[LEGAL_AFTER], 0, sc->nactions, &n)) {
      err_say("wolves: --after is a number from 0 to %zu (the scenario's actions), not '%s'", sc->nactions,
              values[LEGAL_AFTER]);
      fputs("Try 'wolves legal --help'.\n", stderr);
      scenario_close(sc);
      return 2;
    }
    after = (size_t)n;
  }
  scenario_apply_first(sc, after);
  const wolves_game *g = &sc->pos.g;
  const wolves_state *s = &sc->pos.s;
  int cap = 256, n;
  wolves_action *acts = xmalloc((size_t)cap * sizeof *acts);
  while ((n = wolves_legal_actions(g, s, acts, cap)) > cap) {
    cap = n;
    acts = xrealloc(acts, (size_t)cap * sizeof *acts);
  }
  mover *m = xmalloc(((size_t)n + 1) * sizeof *m);
  const int nm = group_moves(s, acts, n, m);
  const int spread = wolves_attribute(g, s, s->current, WOLVES_PACK_SPREAD);
  const unsigned long long combos = combinations(m, nm, spread);
  strbuf sb = {0};
  if (json)
    legal_json(&sb, sc, acts, n, m, nm, combos);
  else
    legal_text(&sb, sc, acts, n, m, nm, spread, combos);
  const int rc = write_out(&sb);
  sb_free(&sb);
  for (int i = 0; i < nm; i++) free(m[i].to);
  free(m);
  free(acts);
  scenario_close(sc);
  return rc;
}

/* ---- explain ---- */

/* Reads the -e text (one action in the scenario syntax) against s. */
static int read_given(const char *text, doc *d, const wolves_game *g, const wolves_state *s,
                      wolves_action *a) {
  cli_err e = {0};
  scripted_action *sa = NULL;
  size_t n = 0;
  int rc = -1;
  doc_init(d, "-e");
  if (doc_parse(d, text, strlen(text), &e) == 0) {
    if (d->root == NULL) {
      err_set(&e, "-e", 1, 1, "an action is a mapping with one key, the action name (move, build_den, ...)");
    } else {
      doc_node *const list = doc_seq(d);
      doc_push(list, d->root);
      if (actions_read(list, g, s, &sa, &n, &e) == 0) {
        *a = sa[0].a;
        if (sa[0].by_current) a->player = s->current;
        rc = 0;
      }
    }
  }
  if (rc) err_print(&e, stderr);
  free(sa);
  return rc;
}

static void explain_text(strbuf *sb, const wolves_game *g, const event_list *ev, const doc_node *item,
                         int refused, const wolves_state *after, int color) {
  char hex[8];
  doc d;
  doc_init(&d, "explain");
  sb_puts(sb, "action: ");
  action_line(sb, item);
  sb_putc(sb, '\n');
  int effects = 0;
  for (size_t i = 0; i < ev->len; i++) {
    const wolves_event *e = &ev->ev[i];
    if (e->kind != WOLVES_EV_CHECK && e->kind != WOLVES_EV_REFUSE) {
      effects++;
      continue;
    }
    const wolves_clause_info *c = wolves_clause_get(e->clause);
    if (e->kind == WOLVES_EV_CHECK)
      sb_puts(sb, "ok     ");
    else
      sb_puts(sb, color ? "\033[1;31mREFUSED\033[0m" : "REFUSED");
    sb_printf(sb, " %-20s %s", c->id, c->text);
    if (e->kind == WOLVES_EV_REFUSE && e->to != WOLVES_NONE) {
      hex_name(g, e->to, hex);
      sb_printf(sb, " (at %s)", hex);
    }
    sb_putc(sb, '\n');
  }
  if (refused) {
    const wolves_clause_info *c = wolves_clause_get(refused);
    sb_printf(sb, "refused by %s (%s)\n", c->id, c->section);
    if (c->ruling[0]) sb_printf(sb, "ruling: %s\n", c->ruling);
  } else {
    sb_puts(sb, "legal\n");
  }
  if (effects) {
    /* Effects, each as its event object in the state format. */
    event_list only = {0};
    for (size_t i = 0; i < ev->len; i++)
      if (ev->ev[i].kind != WOLVES_EV_CHECK && ev->ev[i].kind != WOLVES_EV_REFUSE)
        events_append(&only, &ev->ev[i], 1, 1);
    const doc_node *const list = events_write(&d, g, after, &only);
    sb_puts(sb, "effects:\n");
    for (const doc_node *c = list->first; c; c = c->next) {
      /* As in the state format, less the action number (always this one). */
      const char *sep = "  ";
      for (const doc_node *f = c->first; f; f = f->next) {
        if (strcmp(f->key, "action") == 0) continue;
        sb_printf(sb, "%s%s: ", sep, f->key);
        yaml_flow(sb, f);
        sep = ", ";
      }
      sb_putc(sb, '\n');
    }
    events_free(&only);
  }
  doc_free(&d);
}

static void explain_json(strbuf *sb, const wolves_game *g, const wolves_state *s, const event_list *ev,
                         const wolves_action *a, int refused) {
  char hex[8];
  doc d;
  doc_init(&d, "explain");
  doc_node *const root = doc_map(&d), *const checks = doc_seq(&d);
  doc_put(&d, root, "action", action_write(&d, g, s, a));
  doc_put(&d, root, "legal", doc_bool(&d, refused == 0));
  for (size_t i = 0; i < ev->len; i++) {
    const wolves_event *e = &ev->ev[i];
    if (e->kind != WOLVES_EV_CHECK && e->kind != WOLVES_EV_REFUSE) continue;
    const wolves_clause_info *c = wolves_clause_get(e->clause);
    doc_node *const m = doc_map(&d);
    doc_put(&d, m, "clause", doc_str(&d, c->id));
    doc_put(&d, m, "verdict", doc_str(&d, e->kind == WOLVES_EV_CHECK ? "ok" : "refused"));
    doc_put(&d, m, "text", doc_str(&d, c->text));
    if (e->to != WOLVES_NONE) {
      hex_name(g, e->to, hex);
      doc_put(&d, m, "hex", doc_str(&d, hex));
    }
    doc_push(checks, m);
  }
  doc_put(&d, root, "checks", checks);
  const wolves_clause_info *c = refused ? wolves_clause_get(refused) : NULL;
  doc_put(&d, root, "refused_by", c ? doc_str(&d, c->id) : doc_new(&d, DOC_NULL));
  doc_put(&d, root, "ruling", c && c->ruling[0] ? doc_str(&d, c->ruling) : doc_new(&d, DOC_NULL));
  json_write(sb, root);
  doc_free(&d);
}

int cmd_explain(int argc, char **argv, const char *flags, const char *const *values) {
  (void)flags;
  if (argc != 1)
    return usage_error("explain", "%s", argc ? "explain takes one FILE" : "explain needs a FILE");
  const int json = format_option("explain", values[EXPLAIN_FORMAT]);
  if (json < 0) return 2;
  const int color = color_option("explain", values[EXPLAIN_COLOR], stdout);
  if (color < 0) return 2;
  if (values[EXPLAIN_ACTION] && values[EXPLAIN_TEXT])
    return usage_error("explain", "%s", "--action and -e cannot be combined");
  scenario *sc = scenario_read(argv[0]);
  if (sc == NULL) return 2;
  const wolves_game *g = &sc->pos.g;
  wolves_action a;
  doc given;
  doc_init(&given, "-e");
  int rc = 2;
  if (values[EXPLAIN_TEXT]) {
    scenario_apply_first(sc, sc->nactions);
    if (read_given(values[EXPLAIN_TEXT], &given, g, &sc->pos.s, &a)) goto done;
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
  const int refused = apply_logged(g, &after, &a, 1, &ev, 1);
  strbuf sb = {0};
  if (json) {
    explain_json(&sb, g, &before, &ev, &a, refused);
  } else {
    doc d;
    doc_init(&d, "explain");
    explain_text(&sb, g, &ev, action_write(&d, g, &before, &a), refused, &after, color);
    doc_free(&d);
  }
  rc = write_out(&sb) ? 2 : refused ? 1 : 0;
  sb_free(&sb);
  events_free(&ev);
done:
  doc_free(&given);
  scenario_close(sc);
  return rc;
}
