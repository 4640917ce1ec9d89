/* events_doc.c - see events_doc.h.  Each field is printed by name when the
 * value has one (a colour, a hex, a clause ID) and as a plain number
 * otherwise, so any event the engine records reads back unchanged. */
#include "events_doc.h"

#include <stdlib.h>
#include <string.h>

#include "board_doc.h"
#include "bounds.h"
#include "read.h"
#include "strbuf.h"

#define NO_VOCABULARY (-1)

/* "reason" is output only (the clause's text on refusals); accepted and
 * ignored on input, since the clause determines it. */
static const char *const event_keys[] = {"action", "event", "clause", "reason",   "player",   "pack",
                                         "piece",  "slot",  "paid",   "old_face", "new_face", "from",
                                         "to",     "value", "region", NULL};

void events_append(event_list *l, const wolves_event *ev, size_t n, unsigned action) {
  if (l->len + n > l->cap) {
    size_t cap = l->cap ? l->cap : 256;
    while (cap < l->len + n) cap *= 2;
    l->ev = xrealloc(l->ev, cap * sizeof *l->ev);
    l->action = xrealloc(l->action, cap * sizeof *l->action);
    l->cap = cap;
  }
  for (size_t i = 0; i < n; i++) {
    l->ev[l->len] = ev[i];
    l->action[l->len++] = action;
  }
}

void events_free(event_list *l) {
  free(l->ev);
  free(l->action);
  memset(l, 0, sizeof *l);
}

/* What the `piece` byte of a note means, by its clause. */
static int note_vocabulary(int clause) {
  switch (clause) {
  case WOLVES_C_HUNT_SURROUND:
  case WOLVES_C_HUNT_ENTERABLE:
  case WOLVES_C_TWO_NO_HUNT_BONUS:
    return NAMES_PREY;
  case WOLVES_C_MOVE_ENEMY_DEN:
  case WOLVES_C_MOVE_PASS_THROUGH:
  case WOLVES_C_MOON_OVERFLOW:
    return NAMES_PIECE;
  case WOLVES_C_SCORE_ALPHA_TIEBREAK:
  case WOLVES_C_SCORE_CONTROL:
  case WOLVES_C_SCORE_FIRST:
  case WOLVES_C_SCORE_TIE_SECOND:
    return NAMES_PHASE;
  default:
    return NO_VOCABULARY;
  }
}

/* What the `piece` byte of an event means, by kind (wolves.h). */
static int piece_vocabulary(int kind, int clause) {
  switch (kind) {
  case WOLVES_EV_FLIP:
  case WOLVES_EV_SPEND_BONUS_TERRAIN:
    return NAMES_TERRAIN;
  case WOLVES_EV_MOVE:
  case WOLVES_EV_PUSH:
  case WOLVES_EV_PLACE:
  case WOLVES_EV_REMOVE:
  case WOLVES_EV_MOON:
    return NAMES_PIECE;
  case WOLVES_EV_UPGRADE_ATTRIBUTE:
    return NAMES_ATTRIBUTE;
  case WOLVES_EV_REVEAL_VP:
    return NAMES_TRACK;
  case WOLVES_EV_HUNT:
  case WOLVES_EV_BLOCK: /* HUNT.ONE_PER_TYPE, the one automatic effect a rule blocks */
    return NAMES_PREY;
  case WOLVES_EV_PHASE:
  case WOLVES_EV_SCORE:
  case WOLVES_EV_TOKEN_DISCARD:
    return NAMES_PHASE;
  case WOLVES_EV_NOTE:
    return note_vocabulary(clause);
  case WOLVES_EV_CHECK: /* what the check was about */
    return NAMES_PIECE;
  case WOLVES_EV_OPTION: /* a pushed wolf, or the tokens of a payment */
    return clause == WOLVES_C_MOVE_PUSH_CHOICE ? NAMES_PIECE : NO_VOCABULARY;
  case WOLVES_EV_CANDIDATE: /* a pushed wolf */
    return NAMES_PIECE;
  default:
    return NO_VOCABULARY;
  }
}

/* Kinds whose value is meaningful even when 0; others print it only when
 * nonzero. */
static int value_always(int kind) {
  switch (kind) {
  case WOLVES_EV_CHECK:   /* 1 allowed, 0 refused */
  case WOLVES_EV_MEASURE: /* 0 wolves left, 0 hexes */
  case WOLVES_EV_FLIP:
  case WOLVES_EV_UPGRADE_ATTRIBUTE:
  case WOLVES_EV_REVEAL_VP:
  case WOLVES_EV_MOON:
  case WOLVES_EV_PHASE:
  case WOLVES_EV_HUNT:
  case WOLVES_EV_SCORE:
    return 1;
  default:
    return 0;
  }
}

/* ---- writing ---- */

static void hex_entry(emitter *em, const char *key, const wolves_game *g, uint8_t h) {
  if (h >= g->board.nhex) {
    emit_int(em, key, h);
    return;
  }
  char name[HEX_NAME_MAX];
  hex_name(&g->board, h, name);
  emit_str(em, key, name);
}

static void word_entry(emitter *em, const char *key, int vocabulary, int i) {
  if (vocabulary == NO_VOCABULARY || i < 0 || i >= names_count((read_names)vocabulary))
    emit_int(em, key, i);
  else
    emit_str(em, key, names_word((read_names)vocabulary, i));
}

/* ---- a flip: its slot, the face it showed, the face it shows, the
 * terrain paid (PAY.FLIP: a tile that matches the hex is flipped over) ---- */

/* The face the tile in the flip's slot showed (*old: the other side of
 * the one it shows now, ev->piece) and the terrain of the hex paid for
 * (*paid).  0, or -1 when the event names no tile and hex of this game:
 * then it is written as any event is (piece, value). */
static int flip_faces(const wolves_game *g, const wolves_state *s, const wolves_event *ev, int *old,
                      int *paid) {
  if (ev->player >= g->nplayers || ev->value < 1 || ev->value > WOLVES_TILES || ev->to >= g->board.nhex ||
      g->board.hex[ev->to].terrain >= WOLVES_TERRAINS)
    return -1;
  const int front = wolves_tile_side(g, s, ev->player, ev->value - 1, 0),
            back = wolves_tile_side(g, s, ev->player, ev->value - 1, 1);
  if (front < 0 || back < 0 || (ev->piece != front && ev->piece != back)) return -1;
  *old = ev->piece == front ? back : front; /* (slot 1, the faction's tile: the same both sides) */
  *paid = g->board.hex[ev->to].terrain;
  return 0;
}

static void flip_emit(emitter *em, const wolves_event *ev, int old, int paid) {
  emit_int(em, "slot", ev->value);
  word_entry(em, "paid", NAMES_TERRAIN, paid);
  word_entry(em, "old_face", NAMES_TERRAIN, old);
  word_entry(em, "new_face", NAMES_TERRAIN, ev->piece);
}

static void event_emit(emitter *em, const wolves_game *g, const wolves_state *s, const wolves_event *ev,
                       unsigned action, unsigned parts) {
  int old = 0, paid = 0;
  const int flip = ev->kind == WOLVES_EV_FLIP && flip_faces(g, s, ev, &old, &paid) == 0;
  emit_map(em, NULL, DOC_INLINE); /* one event per line */
  if (parts & EVENTS_ACTION) emit_int(em, "action", action);
  word_entry(em, "event", NAMES_EVENT, ev->kind);
  const wolves_clause_info *c = wolves_clause_get(ev->clause);
  if (ev->clause) {
    if (c)
      emit_str(em, "clause", c->id);
    else
      emit_int(em, "clause", ev->clause);
  }
  if (c && (ev->kind == WOLVES_EV_REFUSE || ev->kind == WOLVES_EV_BLOCK)) emit_str(em, "reason", c->text);
  if (ev->player != WOLVES_NONE) {
    if (ev->player < g->nplayers)
      emit_str(em, "player", wolves_terrain_name(s->player[ev->player].pack));
    else
      emit_int(em, "player", ev->player);
  }
  if (ev->pack != WOLVES_NONE) word_entry(em, "pack", NAMES_COLOUR, ev->pack);
  if (flip)
    flip_emit(em, ev, old, paid);
  else if (ev->piece != WOLVES_NONE)
    word_entry(em, "piece", piece_vocabulary(ev->kind, ev->clause), ev->piece);
  if (ev->from != WOLVES_NONE) hex_entry(em, "from", g, ev->from);
  if (ev->to != WOLVES_NONE) hex_entry(em, "to", g, ev->to);
  if (!flip && (ev->value || value_always(ev->kind))) emit_int(em, "value", ev->value);
  if (ev->region >= 0) {
    const char letter[2] = {region_letter(ev->region), '\0'};
    if (ev->region < WOLVES_MAX_REGIONS)
      emit_str(em, "region", letter);
    else
      emit_int(em, "region", ev->region);
  }
  emit_end(em);
}

void events_emit(emitter *em, const char *key, const wolves_game *g, const wolves_state *s,
                 const event_list *l, unsigned parts) {
  emit_seq(em, key, DOC_AUTO);
  for (size_t i = 0; i < l->len; i++) event_emit(em, g, s, &l->ev[i], l->action[i], parts);
  emit_end(em);
}

doc_node *events_write(doc *d, const wolves_game *g, const wolves_state *s, const event_list *l) {
  emitter em;
  emit_tree(&em, d);
  events_emit(&em, NULL, g, s, l, EVENTS_ACTION);
  return em.root;
}

/* ---- reading ---- */

/* A byte field: a word of the vocabulary or a number 0..254. */
static int read_byte(const doc_node *n, int vocabulary, uint8_t *out, cli_err *e) {
  long long v;
  if (n->kind == DOC_STR && vocabulary != NO_VOCABULARY) {
    const int i = read_name(n, (read_names)vocabulary, e);
    if (i < 0) return -1;
    *out = (uint8_t)i;
    return 0;
  }
  if (read_int(n, 0, WOLVES_NONE - 1, n->key ? n->key : "value", &v, e)) return -1;
  *out = (uint8_t)v;
  return 0;
}

static int read_player(const doc_node *n, const wolves_game *g, const wolves_state *s, uint8_t *out,
                       cli_err *e) {
  if (n->kind != DOC_STR) return read_byte(n, NO_VOCABULARY, out, e);
  const int c = read_name(n, NAMES_COLOUR, e);
  if (c < 0) return -1;
  for (int p = 0; p < g->nplayers; p++)
    if (s->player[p].pack == c) {
      *out = (uint8_t)p;
      return 0;
    }
  return err_at(e, n, "'%s' is not a player in this game", n->str);
}

static int read_hex_field(const doc_node *n, const wolves_game *g, uint8_t *out, cli_err *e) {
  if (n->kind != DOC_STR) return read_byte(n, NO_VOCABULARY, out, e);
  const int h = hex_read(&g->board, n, e);
  if (h < 0) return -1;
  *out = (uint8_t)h;
  return 0;
}

static int read_clause_field(const doc_node *n, uint16_t *out, cli_err *e) {
  long long v;
  if (n->kind == DOC_STR) {
    const int c = read_clause(n, e);
    if (c < 0) return -1;
    *out = (uint16_t)c;
    return 0;
  }
  if (read_int(n, 0, 65535, "clause", &v, e)) return -1;
  *out = (uint16_t)v;
  return 0;
}

static int read_region(const doc_node *n, int16_t *out, cli_err *e) {
  long long v;
  if (n->kind == DOC_STR) {
    if (n->len != 1 || n->str[0] < 'a' || n->str[0] >= 'a' + WOLVES_MAX_REGIONS)
      return err_at(e, n, "region '%s' must be a letter a..j", n->str);
    *out = (int16_t)(n->str[0] - 'a');
    return 0;
  }
  if (read_int(n, -1, 32767, "region", &v, e)) return -1;
  *out = (int16_t)v;
  return 0;
}

/* A flip's slot and faces (flip_emit's), read back into value and piece:
 * slot and new_face name the tile; old_face and paid, when given, must be
 * what they are in this game (its other face, the hex's terrain). */
static int flip_read(const doc_node *m, const wolves_game *g, const wolves_state *s, wolves_event *ev,
                     cli_err *e) {
  static const char *const fields[] = {"slot", "paid", "old_face", "new_face"};
  const doc_node *n = NULL;
  for (int i = 0; i < 4 && !n; i++) n = doc_get(m, fields[i]);
  if (n == NULL) return 0;
  if (ev->kind != WOLVES_EV_FLIP) return err_at_key(e, n, "'%s' is a field of a flip event only", n->key);
  if (doc_get(m, "piece") || doc_get(m, "value"))
    return err_at_key(e, doc_get(m, "piece") ? doc_get(m, "piece") : doc_get(m, "value"),
                      "a flip event names its tile by slot and new_face, not by piece and value");
  long long slot;
  if (read_require(m, "slot", "a flip event", e) || read_require(m, "new_face", "a flip event", e) ||
      read_int(doc_get(m, "slot"), 1, WOLVES_TILES, "slot", &slot, e))
    return -1;
  const int now = read_name(doc_get(m, "new_face"), NAMES_TERRAIN, e);
  if (now < 0) return -1;
  ev->value = (int16_t)slot;
  ev->piece = (uint8_t)now;
  int old, paid;
  if (flip_faces(g, s, ev, &old, &paid))
    return err_at(e, doc_get(m, "new_face"), "the tile in slot %lld has no face %s", slot,
                  wolves_terrain_name(now));
  const struct {
    const char *key;
    int want;
  } said[] = {{"old_face", old}, {"paid", paid}};
  for (int i = 0; i < 2; i++) {
    const doc_node *const f = doc_get(m, said[i].key);
    const int t = f ? read_name(f, NAMES_TERRAIN, e) : said[i].want;
    if (t < 0) return -1;
    if (t != said[i].want)
      return err_at(e, f, "%s is %s here (%s), not %s", said[i].key, wolves_terrain_name(said[i].want),
                    i == 0 ? "the other face of the tile" : "the terrain of the hex paid for", f->str);
  }
  return 0;
}

static int event_read(const doc_node *m, const wolves_game *g, const wolves_state *s, wolves_event *ev,
                      unsigned *action, cli_err *e) {
  const doc_node *n;
  long long v;
  uint8_t kind = 0;
  if (read_kind(m, DOC_MAP, "an event", e) || read_keys(m, event_keys, "an event", e)) return -1;
  if (read_require(m, "action", "an event", e) || read_require(m, "event", "an event", e)) return -1;
  *ev = (wolves_event){.player = WOLVES_NONE,
                       .pack = WOLVES_NONE,
                       .piece = WOLVES_NONE,
                       .from = WOLVES_NONE,
                       .to = WOLVES_NONE,
                       .region = -1};
  if (read_int(doc_get(m, "action"), 0, 65535, "action", &v, e)) return -1;
  *action = (unsigned)v;
  if (read_byte(doc_get(m, "event"), NAMES_EVENT, &kind, e)) return -1;
  ev->kind = kind;
  if ((n = doc_get(m, "clause")) && read_clause_field(n, &ev->clause, e)) return -1;
  if ((n = doc_get(m, "player")) && read_player(n, g, s, &ev->player, e)) return -1;
  if ((n = doc_get(m, "pack")) && read_byte(n, NAMES_COLOUR, &ev->pack, e)) return -1;
  if ((n = doc_get(m, "piece")) && read_byte(n, piece_vocabulary(ev->kind, ev->clause), &ev->piece, e))
    return -1;
  if ((n = doc_get(m, "from")) && read_hex_field(n, g, &ev->from, e)) return -1;
  if ((n = doc_get(m, "to")) && read_hex_field(n, g, &ev->to, e)) return -1;
  if ((n = doc_get(m, "value"))) {
    if (read_int(n, -32768, 32767, "value", &v, e)) return -1;
    ev->value = (int16_t)v;
  }
  if ((n = doc_get(m, "region")) && read_region(n, &ev->region, e)) return -1;
  return flip_read(m, g, s, ev, e);
}

int events_read(const doc_node *list, const wolves_game *g, const wolves_state *s, event_list *out,
                cli_err *e) {
  if (read_kind(list, DOC_SEQ, "events", e)) return -1;
  if (out->len + list->count > EVENTS_MAX)
    return err_at(e, list, "%zu events; a position holds at most %d (wolves-scenario(5), LIMITS)",
                  out->len + list->count, EVENTS_MAX);
  for (const doc_node *c = list->first; c; c = c->next) {
    wolves_event ev;
    unsigned action;
    if (event_read(c, g, s, &ev, &action, e)) return -1;
    events_append(out, &ev, 1, action);
  }
  return 0;
}
