/* actions_doc.c - see actions_doc.h.  Each action is a one-key mapping
 * `name: {arguments}`; wolves-scenario(5) lists the arguments. */
#include "actions_doc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board_doc.h"
#include "read.h"
#include "strbuf.h"

#define PAID "by", "pay", "bonus_terrain"

/* Arguments allowed per action kind (wolves_action_kind order). */
static const char *const *arg_keys(int kind) {
  static const char *const move[] = {PAID, "wolves", NULL};
  static const char *const build_den[] = {PAID, "at", "attribute", NULL};
  static const char *const upgrade[] = {PAID, "at", "push", NULL};
  static const char *const howl[] = {PAID, "at", NULL};
  static const char *const dominate[] = {PAID, "at", "piece", "pack", "attribute", NULL};
  static const char *const end_turn[] = {"by", NULL};
  static const char *const draft[] = {"by", "at", NULL};
  static const char *const *const table[] = {move, build_den, upgrade, howl, dominate, end_turn, draft};
  return table[kind];
}

typedef struct {
  const wolves_game *g;
  const wolves_state *s;
  cli_err *e;
} reader;

static int read_by(const reader *r, const doc_node *n, wolves_action *a) {
  const int c = read_name(n, NAMES_COLOUR, r->e);
  if (c < 0) return -1;
  for (int p = 0; p < r->g->nplayers; p++)
    if (r->s->player[p].pack == c) {
      a->player = (uint8_t)p;
      return 0;
    }
  return err_at(r->e, n, "'%s' is not a player in this game", n->str);
}

static int read_pay(const reader *r, const doc_node *n, wolves_action *a) {
  long long slot;
  if (read_kind(n, DOC_SEQ, "pay", r->e)) return -1;
  for (const doc_node *c = n->first; c; c = c->next) {
    if (read_int(c, 1, WOLVES_TILES, "tile slot", &slot, r->e)) return -1;
    if (a->pay_tiles & (1u << (slot - 1))) return err_at(r->e, c, "tile slot %lld is named twice", slot);
    a->pay_tiles |= (uint8_t)(1u << (slot - 1));
  }
  return 0;
}

static int hex_arg(const reader *r, const doc_node *n, uint8_t *out) {
  const int h = hex_read(&r->g->board, n, r->e);
  if (h < 0) return -1;
  *out = (uint8_t)h;
  return 0;
}

static int wolf_type(const reader *r, const doc_node *n, const char *word, uint8_t *out) {
  if (strcmp(word, "alpha") == 0 || strcmp(word, "pack") == 0) {
    *out = word[0] == 'a' ? WOLVES_ALPHA : WOLVES_PACK;
    return 0;
  }
  return err_at(r->e, n, "a moving wolf is 'alpha' or 'pack', not '%s'", word);
}

/* "alpha B2 C4" or "pack B2 D4 push E5" */
static int step_from_text(const reader *r, const doc_node *n, wolves_step *st) {
  char w[5][16], extra[2];
  const int k = sscanf(n->str, "%15s %15s %15s %15s %15s %1s", w[0], w[1], w[2], w[3], w[4], extra);
  if ((k != 3 && k != 5) || (k == 5 && strcmp(w[3], "push") != 0))
    return err_at(r->e, n, "'%s' is not a step: expected '<alpha|pack> FROM TO [push HEX]'", n->str);
  if (wolf_type(r, n, w[0], &st->type)) return -1;
  int h;
  if ((h = hex_read_word(&r->g->board, n, w[1], r->e)) < 0) return -1;
  st->from = (uint8_t)h;
  if ((h = hex_read_word(&r->g->board, n, w[2], r->e)) < 0) return -1;
  st->to = (uint8_t)h;
  if (k == 5) {
    if ((h = hex_read_word(&r->g->board, n, w[4], r->e)) < 0) return -1;
    st->push_to = (uint8_t)h;
  }
  return 0;
}

static int step_from_map(const reader *r, const doc_node *n, wolves_step *st) {
  static const char *const keys[] = {"wolf", "from", "to", "push", NULL};
  const doc_node *v;
  if (read_keys(n, keys, "a move step", r->e)) return -1;
  for (int i = 0; i < 3; i++)
    if (read_require(n, keys[i], "a move step", r->e)) return -1;
  v = doc_get(n, "wolf");
  if (read_kind(v, DOC_STR, "wolf", r->e) || wolf_type(r, v, v->str, &st->type)) return -1;
  if (hex_arg(r, doc_get(n, "from"), &st->from) || hex_arg(r, doc_get(n, "to"), &st->to)) return -1;
  return (v = doc_get(n, "push")) ? hex_arg(r, v, &st->push_to) : 0;
}

static int read_steps(const reader *r, const doc_node *n, wolves_action *a) {
  if (read_kind(n, DOC_SEQ, "wolves", r->e)) return -1;
  if (n->count < 1 || n->count > WOLVES_MAX_MOVERS)
    return err_at(r->e, n, "a Move lists 1 to %d wolves, not %zu", WOLVES_MAX_MOVERS, n->count);
  for (const doc_node *c = n->first; c; c = c->next) {
    wolves_step *st = &a->step[a->nsteps++];
    st->push_to = WOLVES_NONE;
    if (c->kind == DOC_STR   ? step_from_text(r, c, st)
        : c->kind == DOC_MAP ? step_from_map(r, c, st)
                             : err_at(r->e, c, "a move step is a string or a mapping"))
      return -1;
  }
  return 0;
}

static int read_push_list(const reader *r, const doc_node *n, wolves_action *a) {
  if (read_kind(n, DOC_SEQ, "push", r->e)) return -1;
  if (n->count > 2) return err_at(r->e, n, "an Upgrade pushes at most 2 wolves");
  int i = 0;
  for (const doc_node *c = n->first; c; c = c->next)
    if (hex_arg(r, c, &a->push_to[i++])) return -1;
  return 0;
}

static int read_args(const reader *r, const doc_node *args, scripted_action *sa) {
  wolves_action *a = &sa->a;
  const doc_node *n;
  long long v;
  int i;
  if ((n = doc_get(args, "by"))) {
    if (read_by(r, n, a)) return -1;
    sa->by_current = 0;
  }
  if ((n = doc_get(args, "pay")) && read_pay(r, n, a)) return -1;
  if ((n = doc_get(args, "bonus_terrain"))) {
    if (read_int(n, 0, 255, "bonus_terrain", &v, r->e)) return -1;
    a->pay_bonus = (uint8_t)v;
  }
  if ((n = doc_get(args, "at")) && hex_arg(r, n, &a->target)) return -1;
  if ((n = doc_get(args, "attribute"))) {
    if ((i = read_name(n, NAMES_ATTRIBUTE, r->e)) < 0) return -1;
    a->attribute = (uint8_t)i;
  }
  if ((n = doc_get(args, "piece"))) {
    if ((i = read_name(n, NAMES_PIECE, r->e)) < 0) return -1;
    a->piece = (uint8_t)i;
  }
  if ((n = doc_get(args, "pack"))) {
    if ((i = read_name(n, NAMES_COLOUR, r->e)) < 0) return -1;
    a->pack = (uint8_t)i;
  }
  if ((n = doc_get(args, "wolves")) && read_steps(r, n, a)) return -1;
  if ((n = doc_get(args, "push")) && read_push_list(r, n, a)) return -1;
  return 0;
}

/* What each kind cannot do without. */
static int require_args(const reader *r, const doc_node *args, int kind, const char *name) {
  if (kind == WOLVES_ACT_MOVE) return read_require(args, "wolves", name, r->e);
  if (kind == WOLVES_ACT_END_TURN) return 0;
  if (read_require(args, "at", name, r->e)) return -1;
  return kind == WOLVES_ACT_BUILD_DEN ? read_require(args, "attribute", name, r->e) : 0;
}

static int read_action(const reader *r, const doc_node *item, scripted_action *sa) {
  if (item->kind != DOC_MAP || item->count != 1)
    return err_at(r->e, item, "an action is a mapping with one key, the action name (move, build_den, ...)");
  const doc_node *args = item->first, k = read_key_node(args);
  const int kind = read_name(&k, NAMES_ACTION, r->e);
  if (kind < 0) return -1;
  memset(sa, 0, sizeof *sa);
  sa->node = item;
  sa->by_current = 1;
  wolves_action *a = &sa->a;
  a->kind = (uint8_t)kind;
  a->target = a->attribute = a->piece = a->pack = WOLVES_NONE;
  a->push_to[0] = a->push_to[1] = WOLVES_NONE;
  if (args->kind == DOC_NULL) args = NULL;
  if (args && kind == WOLVES_ACT_END_TURN && args->kind == DOC_STR) { /* end_turn: rocky */
    sa->by_current = 0;
    return read_by(r, args, a);
  }
  if (!args) {
    if (kind == WOLVES_ACT_END_TURN) return 0;
    return err_at(r->e, item, "%s needs arguments", wolves_action_name(kind));
  }
  if (read_kind(args, DOC_MAP, "action arguments", r->e)) return -1;
  if (read_keys(args, arg_keys(kind), wolves_action_name(kind), r->e)) return -1;
  if (require_args(r, args, kind, wolves_action_name(kind))) return -1;
  return read_args(r, args, sa);
}

int actions_read(const doc_node *list, const wolves_game *g, const wolves_state *s, scripted_action **out,
                 size_t *n, cli_err *e) {
  const reader r = {g, s, e};
  *out = NULL;
  *n = 0;
  if (!list) return 0;
  if (read_kind(list, DOC_SEQ, "actions", e)) return -1;
  if (list->count > ACTIONS_MAX)
    return err_at(
        e, list,
        "%zu actions; a scenario has at most %d (split it: a `start:` file can carry on from the state)",
        list->count, ACTIONS_MAX);
  *out = xmalloc((list->count ? list->count : 1) * sizeof **out);
  for (const doc_node *c = list->first; c; c = c->next)
    if (read_action(&r, c, &(*out)[(*n)++])) return -1;
  return 0;
}

/* ---- writing: the reverse of read_action ---- */

static void hex_entry(emitter *em, const char *key, const wolves_game *g, uint8_t h) {
  char name[8];
  wolves_hex_name(&g->board, h, name, sizeof name);
  emit_str(em, key, name);
}

/* Appends word to text (at *n, within 48 bytes). */
static void append(char text[48], size_t *n, const char *word) {
  for (; *word && *n < 47; word++) text[(*n)++] = *word;
  text[*n] = '\0';
}

static void step_entry(emitter *em, const wolves_game *g, const wolves_step *st) {
  char hex[8], text[48];
  size_t n = 0;
  append(text, &n, st->type == WOLVES_ALPHA ? "alpha " : "pack ");
  wolves_hex_name(&g->board, st->from, hex, sizeof hex);
  append(text, &n, hex);
  append(text, &n, " ");
  wolves_hex_name(&g->board, st->to, hex, sizeof hex);
  append(text, &n, hex);
  if (st->push_to != WOLVES_NONE) {
    wolves_hex_name(&g->board, st->push_to, hex, sizeof hex);
    append(text, &n, " push ");
    append(text, &n, hex);
  }
  emit_str(em, NULL, text);
}

static void pay_entries(emitter *em, const wolves_action *a) {
  if (a->pay_tiles) {
    emit_seq(em, "pay", DOC_AUTO);
    for (int i = 0; i < WOLVES_TILES; i++)
      if (a->pay_tiles & (1u << i)) emit_int(em, NULL, i + 1);
    emit_end(em);
  }
  if (a->pay_bonus) emit_int(em, "bonus_terrain", a->pay_bonus);
}

void action_emit(emitter *em, const char *key, const wolves_game *g, const wolves_state *s,
                 const wolves_action *a) {
  emit_map(em, key, DOC_AUTO);
  /* an End Turn by the player to act says nothing more: null */
  if (a->kind == WOLVES_ACT_END_TURN && a->player == s->current) {
    emit_null(em, wolves_action_name(a->kind));
    emit_end(em);
    return;
  }
  emit_map(em, wolves_action_name(a->kind), DOC_AUTO);
  if (a->player != s->current) emit_str(em, "by", wolves_terrain_name(s->player[a->player].pack));
  if (a->kind != WOLVES_ACT_END_TURN && a->kind != WOLVES_ACT_DRAFT) pay_entries(em, a);
  if (a->kind == WOLVES_ACT_MOVE) {
    emit_seq(em, "wolves", DOC_AUTO);
    for (int i = 0; i < a->nsteps; i++) step_entry(em, g, &a->step[i]);
    emit_end(em);
  } else if (a->kind != WOLVES_ACT_END_TURN) {
    hex_entry(em, "at", g, a->target);
  }
  if (a->kind == WOLVES_ACT_DOMINATE && a->piece != WOLVES_NONE)
    emit_str(em, "piece", wolves_piece_name(a->piece));
  if (a->kind == WOLVES_ACT_DOMINATE && a->pack != WOLVES_NONE)
    emit_str(em, "pack", wolves_terrain_name(a->pack));
  if ((a->kind == WOLVES_ACT_BUILD_DEN || a->kind == WOLVES_ACT_DOMINATE) && a->attribute != WOLVES_NONE)
    emit_str(em, "attribute", wolves_attribute_name(a->attribute));
  if (a->kind == WOLVES_ACT_UPGRADE && a->push_to[0] != WOLVES_NONE) {
    emit_seq(em, "push", DOC_AUTO);
    for (int i = 0; i < 2 && a->push_to[i] != WOLVES_NONE; i++) hex_entry(em, NULL, g, a->push_to[i]);
    emit_end(em);
  }
  emit_end(em);
  emit_end(em);
}

doc_node *action_write(doc *d, const wolves_game *g, const wolves_state *s, const wolves_action *a) {
  emitter em;
  emit_tree(&em, d);
  action_emit(&em, NULL, g, s, a);
  return em.root;
}
