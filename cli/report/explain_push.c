/* explain_push.c - see explain_push.h.  The engine logs, for each pushed
 * wolf, every hex as near as the nearest candidate and the hex the action
 * names, each with its distance and the clause that rules it out or the
 * push's own clause (wolves.h, WOLVES_EV_CANDIDATE); this file says which
 * of them qualify (the nearest of those not ruled out, MOVE.PUSH_CHOICE)
 * and why the others do not, in words. */
#include "report/explain_push.h"

#include <limits.h>
#include <string.h>

#include "board_doc.h"
#include "scenario/numbers.h"

/* The clauses a candidate event gives for a hex the wolf cannot go to
 * (MOVE.ALPHA_PUSH ruling); any other is the push's own: an empty or
 * friendly land hex without tokens. */
static int ruled_out(int clause) {
  return clause == WOLVES_C_MOVE_IMPASSABLE || clause == WOLVES_C_MOVE_TOKEN_HEX ||
         clause == WOLVES_C_MOVE_MAX_PIECES || clause == WOLVES_C_MOVE_PUSH_CHOICE;
}

static int same_wolf(const wolves_event *a, const wolves_event *b) {
  return a->pack == b->pack && a->piece == b->piece && a->from == b->from;
}

static doc_node *hex_str(doc *d, const wolves_game *g, uint8_t h) {
  char name[HEX_NAME_MAX];
  hex_name(&g->board, h, name);
  return doc_str(d, name);
}

/* The hex the action names for the k-th wolf pushed off `from` (from 0),
 * or WOLVES_NONE: an Upgrade's push_to, or the push of the first Alpha of
 * a Move that ends there (the one that pushes, MOVE.ALPHA_PUSH). */
static uint8_t named_hex(const wolves_action *a, uint8_t from, int k) {
  if (a->kind == WOLVES_ACT_UPGRADE) return a->target == from && k < 2 ? a->push_to[k] : WOLVES_NONE;
  for (int i = 0; a->kind == WOLVES_ACT_MOVE && i < a->nsteps; i++)
    if (a->step[i].to == from && a->step[i].type == WOLVES_ALPHA) return a->step[i].push_to;
  return WOLVES_NONE;
}

/* Where the wolf of candidate event w went (its push event), or WOLVES_NONE. */
static uint8_t pushed_to(const event_list *ev, const wolves_event *w) {
  for (size_t i = 0; i < ev->len; i++)
    if (ev->ev[i].kind == WOLVES_EV_PUSH && same_wolf(&ev->ev[i], w)) return ev->ev[i].to;
  return WOLVES_NONE;
}

/* "1 hex", "2 steps": a distance in the unit of the reading in force. */
static void distance_text(strbuf *sb, int distance, int walk) {
  sb_printf(sb, "%d %s%s", distance, walk ? "step" : "hex", distance == 1 ? "" : walk ? "s" : "es");
}

/* Why the wolf may or may not go to hex h, in words.  The pieces are
 * named as the position before the action has them where the action moved
 * none before the push (known: !touched[h]); tokens and terrain do not
 * change before a push. */
static void why_text(strbuf *sb, const wolves_game *g, const wolves_state *s, const wolves_event *e,
                     int nearest, int walk, int adjacent, const uint8_t *touched) {
  const uint8_t h = e->to;
  const int known = !touched[h];
  switch (e->clause) {
  case WOLVES_C_MOVE_IMPASSABLE:
    sb_puts(sb, g->board.hex[h].kind == WOLVES_WATER ? "a Water Source, not land"
                                                     : "the Central Chasm, not land");
    return;
  case WOLVES_C_MOVE_TOKEN_HEX:
    sb_puts(sb, "holds ");
    numbers_tokens(sb, s, h);
    return;
  case WOLVES_C_MOVE_MAX_PIECES:
    sb_puts(sb, "holds ");
    if (known) numbers_pieces(sb, s, h);
    sb_puts(sb, known ? ": 2 pieces already" : "2 pieces already");
    return;
  case WOLVES_C_MOVE_PUSH_CHOICE:
    if (h == e->from) {
      sb_puts(sb, "the hex it is pushed off");
      return;
    }
    sb_puts(sb, "holds ");
    if (known) numbers_pieces(sb, s, h);
    sb_puts(sb, known ? ", an enemy piece: neither empty nor friendly"
                      : "an enemy piece: neither empty nor friendly");
    return;
  default:
    if (!known) {
      sb_puts(sb, "empty or friendly");
    } else if (s->hex[h].piece[0] == 0) {
      sb_puts(sb, "empty");
    } else {
      sb_puts(sb, "holds ");
      numbers_pieces(sb, s, h);
      sb_puts(sb, " alone: friendly");
    }
    if (e->value < 0) {
      sb_puts(sb, ", but no walk over land reaches it");
    } else if (adjacent && e->value != 1) {
      sb_puts(sb, ", but not adjacent");
    } else if (e->value != nearest) {
      sb_puts(sb, ", but farther than the nearest, at ");
      distance_text(sb, nearest, walk);
    }
  }
}

static doc_node *candidate_write(doc *d, const wolves_game *g, const wolves_state *s, const wolves_event *e,
                                 int nearest, int walk, int adjacent, uint8_t named, uint8_t went,
                                 const uint8_t *touched) {
  const int open = !ruled_out(e->clause), qualifies = open && e->value >= 0 && e->value == nearest;
  /* an empty or friendly hex that is not among the nearest: MOVE.PUSH_CHOICE */
  const int clause = open && !qualifies ? WOLVES_C_MOVE_PUSH_CHOICE : e->clause;
  doc_node *const m = doc_map(d);
  m->layout = DOC_INLINE;
  doc_put(d, m, "hex", hex_str(d, g, e->to));
  doc_put(d, m, "distance", e->value >= 0 ? doc_int(d, e->value) : doc_new(d, DOC_NULL));
  doc_put(d, m, "qualifies", doc_bool(d, qualifies));
  doc_put(d, m, "clause", doc_str(d, wolves_clause_get(clause)->id));
  strbuf why = {0};
  why_text(&why, g, s, e, nearest, walk, adjacent, touched);
  doc_put(d, m, "why", doc_str(d, why.buf));
  sb_free(&why);
  doc_put(d, m, "named", doc_bool(d, e->to == named));
  doc_put(d, m, "pushed_here", doc_bool(d, e->to == went));
  return m;
}

static int sort_key(const wolves_event *e) { return e->value < 0 ? INT_MAX : e->value; }

/* Does the push of action a go to an adjacent hex only (the reading
 * "adjacent" of MOVE.ALPHA_PUSH, or of LAIR.PUSH for an Upgrade)? */
static int adjacent_only(const wolves_game *g, const wolves_action *a) {
  const int point = a->kind == WOLVES_ACT_UPGRADE ? WOLVES_READ_LAIR_PUSH : WOLVES_READ_ALPHA_PUSH;
  return strcmp(wolves_reading_name(g, point), "adjacent") == 0;
}

/* The push whose candidate events are ev[first, end); with `adjacent`
 * only a hex next to the wolf qualifies (1 hex or 1 step: the same). */
static doc_node *push_write(doc *d, const wolves_game *g, const wolves_state *s, const event_list *ev,
                            size_t first, size_t end, uint8_t named, int adjacent, const uint8_t *touched) {
  const wolves_event *const w = &ev->ev[first];
  const char *const counted = adjacent ? "adjacent" : wolves_reading_name(g, WOLVES_READ_PUSH_NEAREST);
  const int walk = strcmp(counted, "walk") == 0;
  int nearest = INT_MAX;
  for (size_t i = first; i < end; i++)
    if (!ruled_out(ev->ev[i].clause) && ev->ev[i].value >= 0 && ev->ev[i].value < nearest &&
        (!adjacent || ev->ev[i].value == 1))
      nearest = ev->ev[i].value;
  doc_node *const m = doc_map(d), *const list = doc_seq(d);
  char hex[HEX_NAME_MAX];
  hex_name(&g->board, w->from, hex);
  strbuf wolf = {0};
  sb_printf(&wolf, "%s %s %s", wolves_terrain_name(w->pack), wolves_piece_name(w->piece), hex);
  doc_put(d, m, "wolf", doc_str(d, wolf.buf));
  sb_free(&wolf);
  doc_put(d, m, "counted", doc_str(d, counted));
  doc_put(d, m, "nearest", nearest < INT_MAX ? doc_int(d, nearest) : doc_new(d, DOC_NULL));
  /* by distance (no walk: last), then in board order as logged */
  const uint8_t went = pushed_to(ev, w);
  size_t order[WOLVES_MAX_HEXES + 1], n = 0;
  for (size_t i = first; i < end && n <= WOLVES_MAX_HEXES; i++) {
    size_t k = n++;
    for (; k > 0 && sort_key(&ev->ev[order[k - 1]]) > sort_key(&ev->ev[i]); k--) order[k] = order[k - 1];
    order[k] = i;
  }
  for (size_t k = 0; k < n; k++)
    doc_push(list,
             candidate_write(d, g, s, &ev->ev[order[k]], nearest, walk, adjacent, named, went, touched));
  doc_put(d, m, "candidates", list);
  return m;
}

doc_node *pushes_write(doc *d, const wolves_game *g, const wolves_state *before, const wolves_action *a,
                       const event_list *ev) {
  doc_node *const list = doc_seq(d);
  uint8_t pushed_from[2 * WOLVES_MAX_MOVERS];
  int npushed = 0;
  /* the hexes whose pieces may differ at a push from `before`: where the
   * Move's wolves start and end, and where an earlier push may have gone */
  uint8_t touched[WOLVES_MAX_HEXES] = {0};
  for (int i = 0; a->kind == WOLVES_ACT_MOVE && i < a->nsteps && i < WOLVES_MAX_MOVERS; i++) {
    if (a->step[i].from < WOLVES_MAX_HEXES) touched[a->step[i].from] = 1;
    if (a->step[i].to < WOLVES_MAX_HEXES) touched[a->step[i].to] = 1;
  }
  for (size_t i = 0; i < ev->len; i++) {
    if (ev->ev[i].kind != WOLVES_EV_CANDIDATE) continue;
    size_t end = i + 1;
    while (end < ev->len && ev->ev[end].kind == WOLVES_EV_CANDIDATE && same_wolf(&ev->ev[end], &ev->ev[i]))
      end++;
    int k = 0; /* an Upgrade pushes up to 2 wolves off its hex */
    for (int j = 0; j < npushed; j++) k += pushed_from[j] == ev->ev[i].from;
    if (npushed < 2 * WOLVES_MAX_MOVERS) pushed_from[npushed++] = ev->ev[i].from;
    doc_push(list, push_write(d, g, before, ev, i, end, named_hex(a, ev->ev[i].from, k), adjacent_only(g, a),
                              touched));
    for (size_t j = i; j < end; j++) touched[ev->ev[j].to] = 1;
    i = end - 1;
  }
  return list;
}

static const doc_node *push_of(const doc_node *pushes, const char *wolf) {
  for (const doc_node *p = pushes->first; p; p = p->next)
    if (strcmp(doc_get(p, "wolf")->str, wolf) == 0) return p;
  return NULL;
}

static int is_true(const doc_node *m, const char *key) { return doc_get(m, key)->num != 0; }

const char *push_check_about(doc *d, const doc_node *pushes, const char *wolf, const char *to, int ok) {
  const doc_node *const p = push_of(pushes, wolf);
  if (p == NULL) return NULL;
  strbuf sb = {0};
  /* a hex the action named that does not qualify (the wolf's own hex
   * included); with none qualifying, the refusal is that (the first check) */
  if (!ok && doc_get(p, "nearest")->kind == DOC_INT)
    for (const doc_node *c = doc_get(p, "candidates")->first; c && !sb.len; c = c->next)
      if (strcmp(doc_get(c, "hex")->str, to) == 0 && !is_true(c, "qualifies"))
        sb_printf(&sb, "%s -> %s: %s", wolf, to, doc_get(c, "why")->str);
  const char *const from = strrchr(wolf, ' ') + 1;
  if (!sb.len && strcmp(from, to) == 0) { /* the check that some hex qualifies */
    int n = 0;
    sb_printf(&sb, "%s: ", wolf);
    for (const doc_node *c = doc_get(p, "candidates")->first; c; c = c->next)
      if (is_true(c, "qualifies")) sb_printf(&sb, "%s%s", n++ ? ", " : "", doc_get(c, "hex")->str);
    sb_puts(&sb, n == 0 ? "no hex qualifies" : n == 1 ? " qualifies" : " qualify");
  }
  const char *const r = sb.len ? doc_strdup(d, sb.buf, sb.len) : NULL;
  sb_free(&sb);
  return r;
}

const doc_node *push_refused_candidate(const doc_node *pushes, const char *at, const char **wolf) {
  for (const doc_node *p = pushes->first; p; p = p->next)
    for (const doc_node *c = doc_get(p, "nearest")->kind == DOC_INT ? doc_get(p, "candidates")->first : NULL;
         c; c = c->next)
      if (strcmp(doc_get(c, "hex")->str, at) == 0 && is_true(c, "named") && !is_true(c, "qualifies")) {
        *wolf = doc_get(p, "wolf")->str;
        return c;
      }
  return NULL;
}

void pushes_text(strbuf *sb, const doc_node *pushes) {
  for (const doc_node *p = pushes->first; p; p = p->next) {
    const int walk = strcmp(doc_get(p, "counted")->str, "walk") == 0;
    const int adjacent = strcmp(doc_get(p, "counted")->str, "adjacent") == 0;
    if (adjacent)
      sb_printf(sb, "push of %s to an adjacent empty or friendly land hex without tokens (adjacent):\n",
                doc_get(p, "wolf")->str);
    else
      sb_printf(sb, "push of %s to a nearest empty or friendly land hex without tokens, counted %s:\n",
                doc_get(p, "wolf")->str,
                walk ? "in steps around water and the chasm (walk)" : "in hexes (straight)");
    for (const doc_node *c = doc_get(p, "candidates")->first; c; c = c->next) {
      const doc_node *const dist = doc_get(c, "distance");
      strbuf far = {0};
      if (dist->kind == DOC_INT)
        distance_text(&far, (int)dist->num, walk);
      else
        sb_puts(&far, "no walk");
      sb_printf(sb, "  %-4s %-8s %s: %s (%s)%s%s\n", doc_get(c, "hex")->str, far.buf,
                is_true(c, "qualifies") ? "qualifies" : "no", doc_get(c, "why")->str,
                doc_get(c, "clause")->str, is_true(c, "named") ? "; named by the action" : "",
                is_true(c, "pushed_here") ? "; pushed here" : "");
      sb_free(&far);
    }
  }
}
