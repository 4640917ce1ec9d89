/* state_fields.c - see state_fields.h.  The shape of a state is that of
 * cli/schema/position.schema.json, the document `wolves run` prints:
 * records of named fields, maps keyed by a colour, a hex or a region
 * letter, and lists. */
#include "protocol/state_fields.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "read.h"
#include "strbuf.h"
#include "wolves.h"

typedef enum { VALUE, RECORD, BY_COLOUR, BY_HEX, BY_REGION, LIST } shape_kind;

/* A part of the state: a record's fields (a list ended by a NULL key), or
 * the one shape of a map's values or a list's items. */
typedef struct shape {
  const char *key;
  shape_kind kind;
  const struct shape *sub;
  const char *what; /* a record: what it is, for messages */
} shape;

static const shape value = {NULL, VALUE, NULL, NULL};
static const shape values = {NULL, LIST, &value, NULL};
static const shape attribute_counts[] = {{"pack_spread", VALUE, NULL, NULL},
                                         {"wolf_speed", VALUE, NULL, NULL},
                                         {"howl_range", VALUE, NULL, NULL},
                                         {0}};
static const shape track_vp[] = {{"pack_spread", VALUE, NULL, NULL},
                                 {"wolf_speed", VALUE, NULL, NULL},
                                 {"howl_range", VALUE, NULL, NULL},
                                 {"lairs", VALUE, NULL, NULL},
                                 {"prey", VALUE, NULL, NULL},
                                 {"wolves", VALUE, NULL, NULL},
                                 {0}};
static const shape score[] = {
    {"tokens", VALUE, NULL, NULL}, {"total", VALUE, NULL, NULL}, {"rank", VALUE, NULL, NULL}, {0}};
static const shape player_fields[] = {{"tiles", LIST, &value, NULL},
                                      {"bonus_terrain", VALUE, NULL, NULL},
                                      {"bonus_action", VALUE, NULL, NULL},
                                      {"dens", RECORD, attribute_counts, "the Dens taken"},
                                      {"attributes", RECORD, attribute_counts, "the attributes"},
                                      {"lairs", VALUE, NULL, NULL},
                                      {"wolves", VALUE, NULL, NULL},
                                      {"prey", LIST, &value, NULL},
                                      {"vp_tokens", VALUE, NULL, NULL},
                                      {"vp_token_count", VALUE, NULL, NULL},
                                      {"region_tokens", LIST, &value, NULL},
                                      {"track_vp", RECORD, track_vp, "the track VP"},
                                      {"score", RECORD, score, "a score"},
                                      {0}};
static const shape player = {NULL, RECORD, player_fields, "a player"};
static const shape board[] = {{"map", LIST, &value, NULL},
                              {"lone_wolves", LIST, &value, NULL},
                              {"prey", BY_HEX, &values, NULL},
                              {"region_tokens", BY_REGION, &values, NULL},
                              {0}};
static const shape moon[] = {{"dates", LIST, &value, NULL},
                             {"filled", VALUE, NULL, NULL},
                             {"phases_scored", VALUE, NULL, NULL},
                             {"pending", LIST, &value, NULL},
                             {0}};
static const shape supply[] = {
    {"bonus_terrain", VALUE, NULL, NULL}, {"bonus_action", VALUE, NULL, NULL}, {0}};
/* (every key of a position, as state_keys: those a state answer leaves
 * out, title and events, and those a position may not have, ai, data,
 * readings, are compared where present) */
static const shape state_fields[] = {{"format", VALUE, NULL, NULL},
                                     {"title", VALUE, NULL, NULL},
                                     {"player_count", VALUE, NULL, NULL},
                                     {"setup", VALUE, NULL, NULL},
                                     {"ai", VALUE, NULL, NULL},
                                     {"phase", VALUE, NULL, NULL},
                                     {"turn", VALUE, NULL, NULL},
                                     {"current", VALUE, NULL, NULL},
                                     {"first_player", VALUE, NULL, NULL},
                                     {"actions_taken", VALUE, NULL, NULL},
                                     {"draft_step", VALUE, NULL, NULL},
                                     {"board", RECORD, board, "the board"},
                                     {"pieces", BY_HEX, &values, NULL},
                                     {"moon", RECORD, moon, "the Moonlight Board"},
                                     {"supply", RECORD, supply, "the supply"},
                                     {"players", BY_COLOUR, &player, NULL},
                                     {"data", VALUE, NULL, NULL},
                                     {"events", VALUE, NULL, NULL},
                                     {"readings", VALUE, NULL, NULL},
                                     {0}};
static const shape state = {NULL, RECORD, state_fields, "a state"};

const char *const state_fields_default[STATE_FIELDS_DEFAULT] = {
    "phase", "turn",   "current", "actions_taken", "first_player", "draft_step",
    "board", "pieces", "players", "moon",          "supply"};

/* ---- a path read ---- */

static int is_hex_name(const char *s) { /* A1 .. ZZ99: letters, then 1-99 */
  int letters = 0;
  while (isupper((unsigned char)s[letters])) letters++;
  const char *d = s + letters;
  return letters >= 1 && letters <= 2 && d[0] >= '1' && d[0] <= '9' &&
         (d[1] == '\0' || (isdigit((unsigned char)d[1]) && d[2] == '\0'));
}

static int is_index(const char *s) {
  const size_t n = strlen(s);
  return n >= 1 && n <= 3 && strspn(s, "0123456789") == n;
}

/* Whether key may stand below a map or list of kind k. */
static int key_fits(shape_kind k, const char *key) {
  switch (k) {
  case BY_COLOUR:
    return wolves_terrain_from_name(key) >= 0;
  case BY_HEX:
    return is_hex_name(key);
  case BY_REGION:
    return key[0] >= 'a' && key[0] <= 'j' && key[1] == '\0';
  default:
    return is_index(key);
  }
}

static const char *key_kind(shape_kind k) {
  return k == BY_COLOUR   ? "a pack colour"
         : k == BY_HEX    ? "a hex"
         : k == BY_REGION ? "a region letter"
                          : "an index";
}

static const shape *field_of(const shape *record, const char *key) {
  for (const shape *f = record->sub; f->key; f++)
    if (strcmp(f->key, key) == 0) return f;
  return NULL;
}

/* The path below sh (written into sb, segments joined by '.', maps and
 * lists as '*') that ends in field key, if one does: 1. */
static int find_below(const shape *sh, const char *key, strbuf *sb) {
  const size_t at = sb->len;
  if (sh->kind == RECORD) {
    for (const shape *f = sh->sub; f->key; f++) {
      sb->len = at;
      sb_printf(sb, "%s%s", at ? "." : "", f->key);
      if (strcmp(f->key, key) == 0 || find_below(f, key, sb)) return 1;
    }
  } else if (sh->kind != VALUE) {
    sb->len = at;
    sb_printf(sb, "%s*", at ? "." : "");
    if (find_below(sh->sub, key, sb)) return 1;
  }
  sb->len = at;
  if (sb->buf) sb->buf[at] = '\0';
  return 0;
}

/* "did you mean": the path with segment i replaced by `with` (NULL:
 * removed), or with `with` inserted before segment i. */
static void suggest(strbuf *sb, const state_path *p, int i, const char *with, int insert) {
  sb->len = 0;
  for (int k = 0; k < p->depth; k++) {
    if (k == i && with) sb_printf(sb, "%s%s", sb->len ? "." : "", with);
    if (k == i && !insert) continue;
    sb_printf(sb, "%s%s", sb->len ? "." : "", p->segment[k]);
  }
}

/* Checks p against the shape: 0, or -1 with why. */
static int path_check(const state_path *p, char *why, size_t n) {
  const shape *sh = &state;
  strbuf hint = {0};
  int rc = 0;
  for (int i = 0; i < p->depth && rc == 0; i++) {
    const char *key = p->segment[i];
    if (sh->kind == VALUE) {
      snprintf(why, n, "nothing is below '%s': it is a value", p->segment[i - 1]);
      rc = -1;
    } else if (sh->kind == RECORD) {
      const shape *f = field_of(sh, key);
      if (f) {
        sh = f;
        continue;
      }
      if (strcmp(key, "*") == 0) { /* (every field: the record whole) */
        if (i + 1 == p->depth) continue;
        snprintf(why, n,
                 "'*' stands for every field of %s, nothing is below all of them: name the field meant",
                 sh->what);
        rc = -1;
        continue;
      }
      const char *words[32];
      int nw = 0;
      for (const shape *g = sh->sub; g->key && nw < 32; g++) words[nw++] = g->key;
      const char *near = read_suggest(key, words, nw);
      strbuf below = {0};
      if (find_below(sh, key, &below)) { /* (a field deeper down: "tiles") */
        suggest(&hint, p, i, below.buf, 0);
      } else if (near) {
        suggest(&hint, p, i, near, 0);
      }
      sb_free(&below);
      snprintf(why, n, "'%s' is no field of %s%s%s%s", key, sh->what, hint.len ? " (did you mean '" : "",
               hint.len ? hint.buf : "", hint.len ? "'?)" : "");
      rc = -1;
    } else if (strcmp(key, "*") == 0 || key_fits(sh->kind, key)) {
      sh = sh->sub;
    } else {
      /* a field of what the map holds, with the key left out: insert `*` */
      if (sh->sub->kind == RECORD && field_of(sh->sub, key)) suggest(&hint, p, i, "*", 1);
      snprintf(why, n, "'%s' is not %s%s%s%s", key, key_kind(sh->kind), hint.len ? " (did you mean '" : "",
               hint.len ? hint.buf : "", hint.len ? "'?)" : "");
      rc = -1;
    }
  }
  sb_free(&hint);
  return rc;
}

int state_paths_add(state_paths *paths, const char *text, char *why, size_t n) {
  state_path p = {0};
  const char *s = text;
  if (*s == '\0') return snprintf(why, n, "an empty path"), -1;
  for (;;) {
    const size_t len = strcspn(s, ".");
    if (len == 0 || len >= STATE_PATH_SEGMENT || p.depth == STATE_PATH_DEPTH)
      return snprintf(why, n, "%s",
                      len == 0                      ? "an empty segment (paths are keys joined by '.')"
                      : p.depth == STATE_PATH_DEPTH ? "deeper than any part of a state"
                                                    : "a segment longer than any key of a state"),
             -1;
    memcpy(p.segment[p.depth], s, len);
    p.segment[p.depth++][len] = '\0';
    if (s[len] == '\0') break;
    s += len + 1;
  }
  if (path_check(&p, why, n)) return -1;
  for (int i = 0; i < paths->n; i++)
    if (strcmp(paths->text[i], text) == 0) return 0; /* (said twice: once) */
  if (paths->n == STATE_PATHS_MAX) return snprintf(why, n, "more than %d paths", STATE_PATHS_MAX), -1;
  paths->text[paths->n] = text;
  paths->path[paths->n++] = p;
  return 0;
}

int state_paths_all(const state_paths *paths) {
  for (int k = 0; k < STATE_FIELDS_DEFAULT; k++) {
    int whole = 0;
    for (int i = 0; i < paths->n && !whole; i++)
      whole = paths->path[i].depth == 1 && (strcmp(paths->path[i].segment[0], state_fields_default[k]) == 0 ||
                                            strcmp(paths->path[i].segment[0], "*") == 0);
    if (!whole) return 0;
  }
  return 1;
}

/* ---- the parts selected ----
 * at[i]: how many segments of path i the part matches, -1 when it does
 * not lie on path i. */

/* at[] one level down, into the part of key: 1 when some path goes on,
 * 2 when one ends there (the part whole), else 0. */
static int descend(const state_paths *paths, const int *at, int *next, const char *key) {
  int any = 0;
  for (int i = 0; i < paths->n; i++) {
    next[i] = -1;
    if (at[i] < 0 || at[i] >= paths->path[i].depth) continue;
    const char *seg = paths->path[i].segment[at[i]];
    if (strcmp(seg, "*") != 0 && strcmp(seg, key) != 0) continue;
    next[i] = at[i] + 1;
    if (next[i] == paths->path[i].depth) return 2;
    any = 1;
  }
  return any;
}

typedef struct {
  const state_paths *paths;
  state_part_fn fn;
  void *ctx;
  strbuf label;
} walker;

static void walk(walker *w, const int *at, const doc_node *a, const doc_node *b, int whole);

/* The part of key (or index) in both, at its label. */
static void walk_into(walker *w, const int *at, const char *key, int index, const doc_node *a,
                      const doc_node *b) {
  int next[STATE_PATHS_MAX];
  char name[24];
  if (index >= 0) snprintf(name, sizeof name, "%d", index);
  const int go = descend(w->paths, at, next, index >= 0 ? name : key);
  if (!go) return;
  const size_t len = w->label.len;
  if (index >= 0)
    sb_printf(&w->label, "[%d]", index);
  else
    sb_printf(&w->label, "%s%s", len ? "." : "", key);
  walk(w, next, a, b, go == 2);
  w->label.len = len;
  w->label.buf[len] = '\0';
}

static void walk(walker *w, const int *at, const doc_node *a, const doc_node *b, int whole) {
  if (a == NULL && b == NULL) return;
  if (whole || a == NULL || b == NULL || a->kind != b->kind || (a->kind != DOC_MAP && a->kind != DOC_SEQ)) {
    w->fn(w->ctx, w->label.buf ? w->label.buf : "", a, b);
    return;
  }
  if (a->kind == DOC_MAP) {
    for (const doc_node *c = a->first; c; c = c->next) walk_into(w, at, c->key, -1, c, doc_get(b, c->key));
    for (const doc_node *c = b->first; c; c = c->next)
      if (!doc_get(a, c->key)) walk_into(w, at, c->key, -1, NULL, c);
    return;
  }
  const doc_node *x = a->first, *y = b->first;
  for (int i = 0; x || y; i++) {
    walk_into(w, at, NULL, i, x, y);
    x = x ? x->next : NULL;
    y = y ? y->next : NULL;
  }
}

void state_paths_walk(const state_paths *paths, const doc_node *ours, const doc_node *theirs,
                      state_part_fn fn, void *ctx) {
  walker w = {paths, fn, ctx, {0}};
  int at[STATE_PATHS_MAX];
  for (int i = 0; i < paths->n; i++) at[i] = 0;
  walk(&w, at, ours, theirs, 0);
  sb_free(&w.label);
}

static doc_node *select_part(doc *d, const state_paths *paths, const int *at, const doc_node *n) {
  if (n->kind != DOC_MAP) return doc_copy(d, n); /* (a list entered: whole) */
  doc_node *m = doc_map(d);
  m->layout = n->layout;
  for (const doc_node *c = n->first; c; c = c->next) {
    int next[STATE_PATHS_MAX];
    const int go = descend(paths, at, next, c->key);
    if (go) doc_put(d, m, c->key, go == 2 ? doc_copy(d, c) : select_part(d, paths, next, c));
  }
  return m;
}

doc_node *state_paths_select(doc *d, const state_paths *paths, const doc_node *root) {
  int at[STATE_PATHS_MAX];
  for (int i = 0; i < paths->n; i++) at[i] = 0;
  return select_part(d, paths, at, root);
}
