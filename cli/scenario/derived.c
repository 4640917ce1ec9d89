/* derived.c - see derived.h.  Everything here is computed by the engine's
 * own functions (wolves_control, wolves_final_scores) or read off the
 * state; nothing is decided here. */
#include "scenario/derived.h"

#include "board_doc.h"
#include "pieces_doc.h"
#include "read.h"

static const char *const kinds[] = {"land", "water", "chasm"};

/* null, "lone_wolf", or {prey: TYPE, count: N} */
static doc_node *token(doc *d, const wolves_hex_state *x) {
  if (x->lone_wolf) return doc_str(d, "lone_wolf");
  if (!x->prey_count) return doc_new(d, DOC_NULL);
  doc_node *const m = doc_map(d);
  m->layout = DOC_INLINE;
  doc_put(d, m, "prey", doc_str(d, names_word(NAMES_PREY, x->prey_type)));
  doc_put(d, m, "count", doc_int(d, x->prey_count));
  return m;
}

static doc_node *hexes(doc *d, const wolves_game *g, const wolves_state *s) {
  const wolves_board *b = &g->board;
  uint8_t order[WOLVES_MAX_HEXES];
  const int n = board_order(b, order);
  doc_node *const all = doc_map(d);
  for (int i = 0; i < n; i++) {
    const int h = order[i];
    const wolves_hex_info *x = &b->hex[h];
    doc_node *const m = doc_map(d);
    m->layout = DOC_INLINE;
    char name[HEX_NAME_MAX], region[2] = {0, 0};
    hex_name(b, h, name);
    doc_put(d, m, "kind", doc_str(d, x->kind < 3 ? kinds[x->kind] : "?"));
    doc_put(d, m, "terrain",
            x->kind == WOLVES_LAND ? doc_str(d, wolves_terrain_name(x->terrain)) : doc_new(d, DOC_NULL));
    region[0] = x->region < b->nregions ? region_letter(x->region) : 0;
    doc_put(d, m, "region", region[0] ? doc_str(d, region) : doc_new(d, DOC_NULL));
    emitter em;
    emit_tree(&em, d);
    hex_pieces_emit(&em, NULL, &s->hex[h]);
    doc_put(d, m, "pieces", em.root);
    doc_put(d, m, "token", token(d, &s->hex[h]));
    doc_put(d, all, name, m);
  }
  return all;
}

/* Each region's Control by pack (Tallying Control), its Alphas there, and
 * the packs with the most Control (more than one on a tie, none when no
 * pack has any). */
static doc_node *regions(doc *d, const wolves_game *g, const wolves_state *s) {
  doc_node *const all = doc_map(d);
  for (int r = 0; r < g->board.nregions; r++) {
    doc_node *const m = doc_map(d), *const control = doc_map(d), *const alphas = doc_map(d),
                    *const leaders = doc_seq(d);
    control->layout = alphas->layout = DOC_INLINE;
    int best = 1, c[WOLVES_MAX_PLAYERS];
    for (int p = 0; p < g->nplayers; p++) {
      int a = 0;
      c[p] = wolves_control(g, s, r, s->player[p].pack, &a);
      doc_put(d, control, wolves_terrain_name(s->player[p].pack), doc_int(d, c[p]));
      doc_put(d, alphas, wolves_terrain_name(s->player[p].pack), doc_int(d, a));
      if (c[p] > best) best = c[p];
    }
    for (int p = 0; p < g->nplayers; p++)
      if (c[p] == best) doc_push(leaders, doc_str(d, wolves_terrain_name(s->player[p].pack)));
    doc_put(d, m, "control", control);
    doc_put(d, m, "alphas", alphas);
    doc_put(d, m, "leaders", leaders);
    const char key[2] = {region_letter(r), '\0'};
    doc_put(d, all, key, m);
  }
  return all;
}

doc_node *derived_write(doc *d, const wolves_game *g, const wolves_state *s) {
  doc_node *const root = doc_map(d), *const scores = doc_map(d), *const winners = doc_seq(d);
  doc_put(d, root, "hexes", hexes(d, g, s));
  doc_put(d, root, "regions", regions(d, g, s));
  wolves_score sc[WOLVES_MAX_PLAYERS];
  wolves_final_scores(g, s, sc);
  for (int p = 0; p < g->nplayers; p++) {
    doc_node *const m = doc_map(d);
    m->layout = DOC_INLINE;
    doc_put(d, m, "total", doc_int(d, sc[p].total));
    doc_put(d, m, "rank", doc_int(d, sc[p].rank));
    doc_put(d, scores, wolves_terrain_name(s->player[p].pack), m);
    if (sc[p].rank == 1) doc_push(winners, doc_str(d, wolves_terrain_name(s->player[p].pack)));
  }
  doc_put(d, root, "final_scores", scores);
  doc_put(d, root, "winners", winners);
  return root;
}
