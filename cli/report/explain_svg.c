/* explain_svg.c - see explain_svg.h.  What the picture shows is what a
 * table argues over: where each wolf walks (MOVE.IMPASSABLE: around water
 * and the chasm, so the path, not the straight line, is what Wolf Speed
 * counts), what is aimed at and from how far (HOWL.RANGE, DOM.RANGE: from
 * the nearest Alpha), where a pushed wolf may go (MOVE.ALPHA_PUSH), and
 * which hex the refusal is about. */
#include "report/explain_svg.h"

#include <stdlib.h>
#include <string.h>

#include "report/explain_push.h"
#include "report/render.h"
#include "scenario/numbers.h"
#include "state_doc.h"

/* Everything the overlay points into, so one free releases it. */
typedef struct {
  uint8_t path[WOLVES_MAX_MOVERS][WOLVES_MAX_HEXES];
  render_line line[WOLVES_MAX_MOVERS];
  render_mark mark[3 * WOLVES_MAX_HEXES];
  int nlines, nmarks;
} overlay_parts;

static void add_mark(overlay_parts *p, uint8_t hex, const char *cls, const char *label, const char *title) {
  if (p->nmarks < (int)(sizeof p->mark / sizeof p->mark[0]))
    p->mark[p->nmarks++] = (render_mark){hex, cls, label, title};
}

/* Each step's walk over land, the way wolves_land_path goes (a refused
 * Move's too: the picture shows the walk Wolf Speed was measured on). */
static void move_paths(overlay_parts *p, const wolves_game *g, const wolves_action *a) {
  for (int i = 0; i < a->nsteps && i < WOLVES_MAX_MOVERS; i++) {
    const wolves_step *const st = &a->step[i];
    int n = wolves_land_path(&g->board, st->from, st->to, p->path[i], WOLVES_MAX_HEXES) + 1;
    const char *cls = "path";
    if (n <= 0 && st->from < g->board.nhex && st->to < g->board.nhex) {
      p->path[i][0] = st->from, p->path[i][1] = st->to, n = 2; /* as the crow flies: no walk */
      cls = "path unreachable";
    }
    if (n <= 0) continue;
    p->line[p->nlines++] = (render_line){p->path[i], n, cls};
    add_mark(p, st->from, "from", NULL, NULL);
  }
}

/* The acting pack's Alpha nearest the target (the first in board order
 * of those as near), or WOLVES_NONE. */
static uint8_t nearest_alpha(const wolves_game *g, const wolves_state *s, int player, uint8_t target) {
  const uint8_t alpha = WOLVES_PIECE(s->player[player].pack, WOLVES_ALPHA);
  uint8_t best = WOLVES_NONE;
  int best_d = -1;
  for (int h = 0; h < g->board.nhex; h++)
    for (int k = 0; k < WOLVES_HEX_SLOTS; k++)
      if (s->hex[h].piece[k] == alpha) {
        const int d = wolves_hex_distance(&g->board, (uint8_t)h, target);
        if (d >= 0 && (best_d < 0 || d < best_d)) best = (uint8_t)h, best_d = d;
      }
  return best;
}

/* The hexes within Howl Range of the nearest Alpha (HOWL.RANGE and
 * DOM.RANGE count hexes in a straight line, over water and chasm too). */
static void howl_range(overlay_parts *p, const wolves_game *g, const wolves_state *s,
                       const wolves_action *a) {
  if (a->player >= g->nplayers || a->target >= g->board.nhex) return;
  const uint8_t from = nearest_alpha(g, s, a->player, a->target);
  if (from == WOLVES_NONE) return;
  const int range = wolves_attribute(g, s, a->player, WOLVES_HOWL_RANGE);
  for (int h = 0; h < g->board.nhex; h++) {
    const int d = wolves_hex_distance(&g->board, from, (uint8_t)h);
    if (d >= 0 && d <= range) add_mark(p, (uint8_t)h, "range", NULL, NULL);
  }
  add_mark(p, from, "from alpha", "Alpha", NULL);
}

/* The pushed wolves' candidates (explain_push.h), each with its verdict. */
static void push_candidates(overlay_parts *p, const wolves_game *g, const doc_node *pushes) {
  for (const doc_node *w = pushes ? pushes->first : NULL; w; w = w->next)
    for (const doc_node *c = doc_get(w, "candidates")->first; c; c = c->next) {
      const int ok = doc_get(c, "qualifies")->num != 0;
      add_mark(p, wolves_hex_parse(&g->board, doc_get(c, "hex")->str),
               ok ? "candidate qualifies" : "candidate excluded", ok ? "ok" : "no", doc_get(c, "why")->str);
    }
}

int explain_svg(FILE *out, const wolves_game *g, const wolves_state *before, const wolves_action *a,
                const event_list *ev, const doc_node *x, const char *caption, const char *id_prefix) {
  overlay_parts *const p = calloc(1, sizeof *p);
  if (p == NULL) return -1;
  if (a->kind == WOLVES_ACT_MOVE) move_paths(p, g, a);
  if (a->kind == WOLVES_ACT_HOWL || a->kind == WOLVES_ACT_DOMINATE) howl_range(p, g, before, a);
  if (a->kind == WOLVES_ACT_HOWL || a->kind == WOLVES_ACT_DOMINATE || a->kind == WOLVES_ACT_BUILD_DEN ||
      a->kind == WOLVES_ACT_UPGRADE)
    add_mark(p, a->target, "target", NULL, NULL);
  push_candidates(p, g, doc_get(x, "pushes"));
  /* the hex the refusal is about: the refusal event's `to` */
  const doc_node *const by = doc_get(x, "refused_by"), *const because = doc_get(x, "because");
  for (size_t i = 0; by && by->kind == DOC_STR && i < ev->len; i++)
    if (ev->ev[i].kind == WOLVES_EV_REFUSE && ev->ev[i].to < g->board.nhex)
      add_mark(p, ev->ev[i].to, "refused", by->str,
               because && because->kind == DOC_STR ? because->str : by->str);
  const render_overlay ov = {caption, because && because->kind == DOC_STR ? because->str : NULL,
                             p->line, p->nlines,
                             p->mark, p->nmarks};
  const int rc = render_svg_action(out, g, before, &ov, id_prefix);
  free(p);
  return rc;
}

int explain_svg_refusal(FILE *out, const wolves_game *g, const wolves_state *before, const wolves_action *a,
                        const char *caption, const char *id_prefix) {
  wolves_state after = *before;
  event_list ev = {0};
  const int refused = apply_logged(g, &after, a, WOLVES_CHECKS_FIRST, &ev, 1);
  doc d;
  doc_init(&d, "explain");
  doc_node *const x = doc_map(&d);
  const wolves_clause_info *const c = refused ? wolves_clause_get(refused) : NULL;
  doc_put(&d, x, "refused_by", c ? doc_str(&d, c->id) : doc_new(&d, DOC_NULL));
  const judgement j = {g, before, a, &ev};
  const size_t at = refused ? numbers_refusing(&j, refused) : (size_t)-1;
  const doc_node *const numbers = at != (size_t)-1 ? numbers_write(&d, &j, at) : NULL;
  if (numbers) doc_put(&d, x, "because", doc_copy(&d, doc_get(numbers, "because")));
  doc_put(&d, x, "pushes", pushes_write(&d, g, before, a, &ev));
  const int rc = explain_svg(out, g, before, a, &ev, x, caption, id_prefix);
  doc_free(&d);
  events_free(&ev);
  return rc;
}
