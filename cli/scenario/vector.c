/* vector.c - see vector.h. */
#include "emit.h"
#include "scenario/vector.h"

doc_node *vector_position(doc *d, const position *pos) {
  emitter em;
  emit_tree(&em, d);
  state_emit(&em, NULL, pos, 0, NULL);
  return em.root;
}

doc_node *vector_readings(doc *d, const wolves_game *g) {
  doc_node *const m = doc_map(d);
  for (int p = 0; p < WOLVES_READINGS; p++)
    doc_put(d, m, wolves_clause_get(wolves_reading_at(p)->clause)->id, doc_str(d, wolves_reading_name(g, p)));
  m->layout = DOC_INLINE;
  return m;
}

doc_node *vector_player(doc *d, int pack) { return doc_str(d, wolves_terrain_name(pack)); }

doc_node *vector_scores(doc *d, const position *pos) {
  static const char *const track_keys[] = {"pack_spread", "wolf_speed", "howl_range",
                                           "lairs",       "prey",       "wolves"};
  wolves_score sc[WOLVES_MAX_PLAYERS];
  wolves_final_scores(&pos->g, &pos->s, sc);
  doc_node *const list = doc_seq(d);
  for (int p = 0; p < pos->g.nplayers; p++) {
    doc_node *const m = doc_map(d), *const tracks = doc_map(d);
    doc_put(d, m, "player", vector_player(d, pos->s.player[p].pack));
    doc_put(d, m, "total", doc_int(d, sc[p].total));
    doc_put(d, m, "rank", doc_int(d, sc[p].rank));
    doc_put(d, m, "tokens", doc_int(d, sc[p].tokens));
    for (int t = 0; t < WOLVES_TRACKS; t++) doc_put(d, tracks, track_keys[t], doc_int(d, sc[p].track[t]));
    tracks->layout = DOC_INLINE;
    doc_put(d, m, "track_vp", tracks);
    doc_put(d, m, "region_tokens", doc_int(d, sc[p].region_tokens));
    doc_put(d, m, "wolves_on_board", doc_int(d, sc[p].wolves_on_board));
    doc_put(d, m, "alphas_on_board", doc_int(d, sc[p].alphas_on_board));
    m->layout = DOC_INLINE;
    doc_push(list, m);
  }
  return list;
}
