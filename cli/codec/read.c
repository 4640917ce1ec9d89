/* read.c - see read.h. */
#include "read.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "wolves.h"

static const char *game_phase_name(int i) {
  static const char *const names[] = {"draft", "play", "over"};
  return i >= 0 && i < 3 ? names[i] : "?";
}

typedef struct {
  const char *what;
  const char *(*name)(int i);
  int count;
} vocabulary;

static const vocabulary vocabularies[] = {
    {"pack colour", wolves_terrain_name, WOLVES_TERRAINS},
    {"piece type", wolves_piece_name, 4},
    {"prey type", wolves_prey_name, WOLVES_PREY_TYPES},
    {"attribute", wolves_attribute_name, WOLVES_ATTRIBUTES},
    {"track", wolves_track_name, WOLVES_TRACKS},
    {"moon phase", wolves_phase_name, WOLVES_PHASES},
    {"action", wolves_action_name, WOLVES_ACT_KINDS},
    {"event", wolves_event_name, WOLVES_EV_KINDS},
    {"game phase", game_phase_name, WOLVES_PHASE_OVER + 1},
    {"terrain", wolves_terrain_name, WOLVES_TERRAINS},
};

const char *names_word(read_names names, int i) { return vocabularies[names].name(i); }
int names_count(read_names names) { return vocabularies[names].count; }

static int same(char a, char b) { return tolower((unsigned char)a) == tolower((unsigned char)b); }

static size_t min3(size_t a, size_t b, size_t c) { return a < b ? (a < c ? a : c) : (b < c ? b : c); }

/* Edit distance counting a swap of neighbours as one edit (optimal
 * string alignment), for suggestions; words are short.  Letters compare
 * ignoring case: a clause ID typed in lower case is one edit from its
 * neighbours as it is in upper case. */
static size_t distance(const char *a, const char *b) {
  enum { MAX = 64 };
  const size_t la = strlen(a), lb = strlen(b);
  if (la >= MAX || lb >= MAX) return (size_t)-1;
  size_t d[MAX][MAX];
  for (size_t i = 0; i <= la; i++) d[i][0] = i;
  for (size_t j = 0; j <= lb; j++) d[0][j] = j;
  for (size_t i = 1; i <= la; i++)
    for (size_t j = 1; j <= lb; j++) {
      d[i][j] = min3(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + !same(a[i - 1], b[j - 1]));
      if (i > 1 && j > 1 && same(a[i - 1], b[j - 2]) && same(a[i - 2], b[j - 1]) &&
          d[i - 2][j - 2] + 1 < d[i][j])
        d[i][j] = d[i - 2][j - 2] + 1;
    }
  return d[la][lb];
}

const char *read_suggest(const char *s, const char *const words[], int n) {
  const char *best = NULL;
  size_t best_d = (size_t)-1;
  for (int i = 0; i < n; i++) {
    const size_t d = distance(s, words[i]);
    if (d < best_d) {
      best_d = d;
      best = words[i];
    }
  }
  const size_t len = strlen(s);
  const size_t limit = len <= 4 ? 1 : len <= 8 ? 2 : 3;
  return best && best_d <= limit ? best : NULL;
}

const char *read_suggest_cut(const char *s, const char *const words[], int n) {
  const char *const near = read_suggest(s, words, n);
  if (near) return near;
  /* the one word that starts with s: a name cut short (moon.phase for
   * moon.phase_dates); two or more are no suggestion */
  const size_t len = strlen(s);
  const char *only = NULL;
  for (int i = 0; i < n && len >= 3; i++)
    if (strncasecmp(words[i], s, len) == 0) {
      if (only) return NULL;
      only = words[i];
    }
  return only;
}

int read_clause_find(const char *id) {
  for (int c = 1; id != NULL && c < WOLVES_CLAUSE_COUNT; c++)
    if (strcasecmp(wolves_clause_get(c)->id, id) == 0) return c;
  return WOLVES_OK;
}

/* Does text occur in s where a word of it starts (at its start, or after
 * '.' or '_'), ignoring case? */
static int at_word(const char *s, const char *text, size_t n) {
  for (const char *p = s; *p; p++)
    if ((p == s || p[-1] == '.' || p[-1] == '_') && strncasecmp(p, text, n) == 0) return 1;
  return 0;
}

/* Does clause ID id answer to typed, cut short?  typed starts it (a
 * prefix), or, AREA.NAME, id is of that area and NAME starts one of its
 * words (MOVE.PUSH: MOVE.ALPHA_PUSH), or, without a dot, it starts one of
 * id's words (PUSH: LAIR.PUSH).  2 for a prefix, 1 for a word, 0. */
static int clause_answers(const char *id, const char *typed) {
  const size_t n = strlen(typed);
  if (n < 3) return 0;
  if (strncasecmp(id, typed, n) == 0) return 2;
  const char *const dot = strchr(typed, '.'), *const id_dot = strchr(id, '.');
  if (dot == NULL) return at_word(id, typed, n);
  const size_t area = (size_t)(dot - typed);
  return id_dot && (size_t)(id_dot - id) == area && strncasecmp(id, typed, area) == 0 && dot[1] &&
         at_word(id_dot + 1, dot + 1, strlen(dot + 1));
}

int read_clause_matches(const char *typed, const char **ids, int max) {
  int n = 0;
  for (int rank = 2; rank >= 1; rank--) /* the prefixes first */
    for (int c = 1; c < WOLVES_CLAUSE_COUNT && n < max; c++)
      if (clause_answers(wolves_clause_get(c)->id, typed) == rank) ids[n++] = wolves_clause_get(c)->id;
  return n;
}

const char *read_clause_suggest(const char *id) {
  const char *ids[WOLVES_CLAUSE_COUNT];
  for (int c = 1; c < WOLVES_CLAUSE_COUNT; c++) ids[c - 1] = wolves_clause_get(c)->id;
  const char *const near = read_suggest(id, ids, WOLVES_CLAUSE_COUNT - 1);
  return near ? near : read_clause_matches(id, ids, 2) == 1 ? ids[0] : NULL;
}

int read_clause(const doc_node *n, cli_err *e) {
  if (read_kind(n, DOC_STR, "a clause ID", e)) return -1;
  const int c = read_clause_find(n->str);
  if (c != WOLVES_OK) return c;
  return err_at_hint(e, n, read_clause_suggest(n->str), "unknown clause '%s'", n->str);
}

int read_keys(const doc_node *m, const char *const keys[], const char *where, cli_err *e) {
  int n = 0;
  while (keys[n]) n++;
  for (const doc_node *c = m->first; c; c = c->next) {
    int known = 0;
    for (int i = 0; i < n && !known; i++) known = strcmp(c->key, keys[i]) == 0;
    if (known) continue;
    return err_at_key_hint(e, c, read_suggest(c->key, keys, n), "unknown key '%s' in %s", c->key, where);
  }
  return 0;
}

doc_node read_key_node(const doc_node *v) {
  doc_node k = *v;
  k.kind = DOC_STR;
  k.str = v->key;
  k.len = strlen(v->key);
  k.line = v->key_line;
  k.col = v->key_col;
  k.key = NULL;
  k.first = k.last = k.next = NULL;
  k.count = 0;
  return k;
}

int read_require(const doc_node *m, const char *key, const char *where, cli_err *e) {
  return doc_get(m, key) ? 0 : err_at(e, m, "missing required key '%s' in %s", key, where);
}

/* Unquoted text that looks like a number but is not a decimal integer:
 * 0x10, 1.5, 1_000, 1e3, .5. */
static int numberish(const doc_node *n) {
  if (n->kind != DOC_STR || n->quoted || n->literal) return 0;
  const char *s = n->str + (n->str[0] == '-' || n->str[0] == '+');
  return (s[0] >= '0' && s[0] <= '9') || (s[0] == '.' && s[1] >= '0' && s[1] <= '9');
}

int read_kind(const doc_node *n, doc_kind kind, const char *what, cli_err *e) {
  if (n->kind == kind) return 0;
  if (kind == DOC_INT && numberish(n))
    return err_at(e, n, "%s must be a decimal integer, not '%s'", what, n->str);
  if (kind == DOC_INT && n->kind == DOC_STR && n->quoted && read_is_decimal(n->str))
    return err_at(e, n, "%s must be an integer, not the string \"%s\" (drop the quotes)", what, n->str);
  return err_at(e, n, "%s must be %s, not %s", what, doc_kind_name(kind), doc_kind_name(n->kind));
}

int read_int(const doc_node *n, long long lo, long long hi, const char *what, long long *out, cli_err *e) {
  if (read_kind(n, DOC_INT, what, e)) return -1;
  if (n->num < lo || n->num > hi)
    return err_at(e, n, "%s %lld is out of range %lld..%lld", what, n->num, lo, hi);
  *out = n->num;
  return 0;
}

int names_find(read_names names, const char *word) {
  const vocabulary *v = &vocabularies[names];
  for (int i = 0; i < v->count; i++)
    if (strcmp(v->name(i), word) == 0) return i;
  return -1;
}

int read_name(const doc_node *n, read_names names, cli_err *e) {
  const vocabulary *v = &vocabularies[names];
  if (n->kind != DOC_STR) return err_at(e, n, "expected a %s name, not %s", v->what, doc_kind_name(n->kind));
  const int i = names_find(names, n->str);
  if (i >= 0) return i;
  const char *words[WOLVES_EV_KINDS];
  for (int k = 0; k < v->count; k++) words[k] = v->name(k);
  return err_at_hint(e, n, read_suggest(n->str, words, v->count), "unknown %s '%s'", v->what, n->str);
}
