/* pieces_doc.c - see pieces_doc.h. */
#include "pieces_doc.h"

#include <stdio.h>
#include <string.h>

#include "board_doc.h"
#include "read.h"

#define PIECE_TYPES (WOLVES_LAIR + 1)

static int in_game(const wolves_state *s, int nplayers, int pack) {
  for (int p = 0; p < nplayers; p++)
    if (s->player[p].pack == pack) return 1;
  return s->ai_pack == pack;
}

/* "COLOUR TYPE", cut to the buffer (without printf: a state writes one
 * for every piece). */
void piece_text(uint8_t piece, char buf[PIECE_TEXT_MAX]) {
  const char *const part[2] = {wolves_terrain_name(WOLVES_PIECE_PACK(piece)),
                               wolves_piece_name(WOLVES_PIECE_TYPE(piece))};
  size_t n = 0;
  for (int i = 0; i < 2; i++) {
    if (i && n < PIECE_TEXT_MAX - 1) buf[n++] = ' ';
    for (const char *c = part[i]; *c && n < PIECE_TEXT_MAX - 1; c++) buf[n++] = *c;
  }
  buf[n] = '\0';
}

int piece_read(const wolves_state *s, int nplayers, const doc_node *n, cli_err *e) {
  if (n->kind != DOC_STR)
    return err_at(e, n, "expected a piece like 'rocky alpha', not %s", doc_kind_name(n->kind));
  char colour[16], type[16], extra[2];
  if (sscanf(n->str, "%15s %15s %1s", colour, type, extra) != 2)
    return err_at(e, n, "'%s' is not a piece: expected '<colour> <alpha|pack|den|lair>'", n->str);
  const int c = names_find(NAMES_COLOUR, colour), t = names_find(NAMES_PIECE, type);
  if (c < 0) {
    doc_node w = *n;
    w.str = colour;
    return read_name(&w, NAMES_COLOUR, e);
  }
  if (t < 0) {
    doc_node w = *n;
    w.str = type;
    return read_name(&w, NAMES_PIECE, e);
  }
  if (!in_game(s, nplayers, c)) return err_at(e, n, "pack '%s' is not in this game", colour);
  return WOLVES_PIECE(c, t);
}

int moon_item_read(const wolves_state *s, int nplayers, const doc_node *n, cli_err *e) {
  if (n->kind == DOC_STR && strcmp(n->str, "lone wolf") == 0) return WOLVES_MOON_LONE;
  return piece_read(s, nplayers, n, e);
}

void moon_item_text(uint8_t item, char buf[PIECE_TEXT_MAX]) {
  if (item == WOLVES_MOON_LONE)
    snprintf(buf, PIECE_TEXT_MAX, "lone wolf");
  else
    piece_text(item, buf);
}

/* Slot order: highest tier first, then by colour. */
static int piece_before(uint8_t a, uint8_t b) {
  if (WOLVES_PIECE_TYPE(a) != WOLVES_PIECE_TYPE(b)) return WOLVES_PIECE_TYPE(a) > WOLVES_PIECE_TYPE(b);
  return WOLVES_PIECE_PACK(a) < WOLVES_PIECE_PACK(b);
}

static void sort_slots(uint8_t slot[WOLVES_HEX_SLOTS]) {
  for (int i = 1; i < WOLVES_HEX_SLOTS; i++)
    for (int j = i; j > 0 && slot[j] && (!slot[j - 1] || piece_before(slot[j], slot[j - 1])); j--) {
      const uint8_t t = slot[j];
      slot[j] = slot[j - 1];
      slot[j - 1] = t;
    }
}

/* The placements no rule ever produces (Move - Special Rules, Move -
 * Continued, Build Dens, 2 Player Variant). */
static const char *placement_problem(const wolves_game *g, const wolves_state *s, int h) {
  const uint8_t *p = s->hex[h].piece;
  int n = 0, markers = 0, all_ai = 1;
  for (; n < WOLVES_HEX_SLOTS && p[n]; n++) {
    markers += WOLVES_PIECE_TYPE(p[n]) == WOLVES_DEN || WOLVES_PIECE_TYPE(p[n]) == WOLVES_LAIR;
    all_ai &= WOLVES_PIECE_PACK(p[n]) == s->ai_pack;
  }
  if (n > 2 && !all_ai) return "more than 2 pieces on one hex (3 only for the 2-player AI pack)";
  if (g->board.hex[h].kind != WOLVES_LAND) return "pieces on a hex that is not land";
  /* DEN.TOKEN_HEX "allow": a Den (or its Lair) alone may share a hex with one token */
  if ((s->hex[h].lone_wolf || s->hex[h].prey_count) &&
      !(g->reading[WOLVES_READ_DEN_TOKEN_HEX] == 1 && n == 1 && markers == 1 &&
        s->hex[h].lone_wolf + s->hex[h].prey_count == 1))
    return "pieces on a hex with a Lone Wolf or Prey Token";
  if (markers > 1) return "more than one Den or Lair on one hex";
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++) {
      const int ti = WOLVES_PIECE_TYPE(p[i]), tj = WOLVES_PIECE_TYPE(p[j]);
      if (WOLVES_PIECE_PACK(p[i]) == WOLVES_PIECE_PACK(p[j])) continue;
      if (ti == tj && (ti == WOLVES_PACK || ti == WOLVES_ALPHA))
        return "two Pack Wolves or two Alpha Wolves of different packs on one hex";
      if ((ti == WOLVES_LAIR && (tj == WOLVES_PACK || tj == WOLVES_ALPHA)) ||
          (tj == WOLVES_LAIR && (ti == WOLVES_PACK || ti == WOLVES_ALPHA)))
        return "a wolf on an enemy Lair";
    }
  return NULL;
}

static int read_hex_pieces(const doc_node *v, int h, const wolves_game *g, wolves_state *s, cli_err *e) {
  const size_t n = v->kind == DOC_SEQ ? v->count : 1;
  if (n < 1 || n > WOLVES_HEX_SLOTS)
    return err_at(e, v, "%zu pieces on hex %s (at most 2; 3 only for the 2-player AI pack)", n, v->key);
  for (const doc_node *c = v->kind == DOC_SEQ ? v->first : v; c; c = v->kind == DOC_SEQ ? c->next : NULL) {
    const int piece = piece_read(s, g->nplayers, c, e);
    if (piece < 0) return -1;
    wolves_piece_add(s, (uint8_t)h, (uint8_t)piece);
  }
  const char *problem = placement_problem(g, s, h);
  if (problem) return err_at_key(e, v, "hex %s: %s", v->key, problem);
  return 0;
}

int pieces_read(const doc_node *map, const wolves_game *g, wolves_state *s, cli_err *e) {
  if (read_kind(map, DOC_MAP, "pieces", e)) return -1;
  for (int h = 0; h < WOLVES_MAX_HEXES; h++) memset(s->hex[h].piece, 0, sizeof s->hex[h].piece);
  for (const doc_node *v = map->first; v; v = v->next) {
    const int h = hex_read_word(&g->board, v, v->key, e);
    if (h < 0) return -1;
    if (s->hex[h].piece[0]) return err_at_key(e, v, "hex %s is listed twice", v->key);
    if (read_hex_pieces(v, h, g, s, e)) return -1;
  }
  return 0;
}

int pieces_check_supply(const wolves_game *g, const wolves_state *s, const doc_node *at, cli_err *e) {
  int count[WOLVES_TERRAINS][PIECE_TYPES] = {{0}};
  for (int h = 0; h < g->board.nhex; h++)
    for (int i = 0; i < WOLVES_HEX_SLOTS && s->hex[h].piece[i]; i++)
      count[WOLVES_PIECE_PACK(s->hex[h].piece[i])][WOLVES_PIECE_TYPE(s->hex[h].piece[i])]++;
  for (int i = 0; i < s->moon_filled && i < WOLVES_MOON_DATES; i++)
    if (s->moon[i] && s->moon[i] != WOLVES_MOON_LONE)
      count[WOLVES_PIECE_PACK(s->moon[i])][WOLVES_PIECE_TYPE(s->moon[i])]++;
  for (int c = 0; c < WOLVES_TERRAINS; c++)
    for (int t = 0; t < PIECE_TYPES; t++)
      if (count[c][t] > wolves_owned(&g->data, t))
        return err_at(e, at, "%d %s %s pieces on the map and the Moonlight Board, but a pack has only %d",
                      count[c][t], wolves_terrain_name(c), wolves_piece_name(t), wolves_owned(&g->data, t));
  return 0;
}

void hex_pieces_emit(emitter *em, const char *key, const wolves_hex_state *x) {
  uint8_t slot[WOLVES_HEX_SLOTS];
  memcpy(slot, x->piece, sizeof slot);
  sort_slots(slot); /* canonical even if the engine keeps another order */
  emit_seq(em, key, DOC_AUTO);
  for (int k = 0; k < WOLVES_HEX_SLOTS && slot[k]; k++) {
    char text[PIECE_TEXT_MAX];
    piece_text(slot[k], text);
    emit_str(em, NULL, text);
  }
  emit_end(em);
}

void pieces_emit(emitter *em, const char *key, const wolves_game *g, const wolves_state *s,
                 emit_memo hexes[WOLVES_MAX_HEXES]) {
  uint8_t order[WOLVES_MAX_HEXES];
  const int n = board_order(&g->board, order);
  emit_map(em, key, DOC_AUTO);
  for (int i = 0; i < n; i++) {
    const int h = order[i];
    const wolves_hex_state *x = &s->hex[h];
    if (!x->piece[0]) continue;
    /* (an entry is made of the hex's name, from its place, and its pieces) */
    const uint8_t made_of[] = {g->board.hex[h].col, g->board.hex[h].row, x->piece[0], x->piece[1],
                               x->piece[2]};
    const void *const in[] = {made_of};
    const size_t size[] = {sizeof made_of};
    emit_memo *const m = hexes ? &hexes[h] : NULL;
    if (emit_memo_use(em, m, in, size, 1)) continue;
    char name[HEX_NAME_MAX];
    hex_name(&g->board, h, name);
    hex_pieces_emit(em, name, x);
    emit_memo_keep(em, m);
  }
  emit_end(em);
}
