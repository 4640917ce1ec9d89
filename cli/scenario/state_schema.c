/* state_schema.c - see state_schema.h.  The schema is read as JSON Schema
 * is written (draft 2020-12), as far as position.schema.json uses it to
 * say what a path may name: properties with additionalProperties false (a
 * record), additionalProperties with propertyNames (a mapping keyed by
 * hex, colour, region letter or data field), items and maxItems (a list),
 * $ref into $defs, anyOf; anything else is a value with nothing under it. */
#include "scenario/state_schema.h"

#include <ctype.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data_doc.h"
#include "read.h"
#include "strbuf.h"

typedef struct {
  const doc_node *defs; /* $defs */
  const doc_node *key;  /* the expect.state entry: where an error points */
  cli_err *e;
} walk;

/* s with its $refs followed; *name: the last $defs entry named (NULL
 * untouched when s has none). */
static const doc_node *resolve(const walk *w, const doc_node *s, const char **name) {
  for (int i = 0; s && i < 8; i++) {
    const doc_node *const ref = doc_get(s, "$ref");
    if (!ref || ref->kind != DOC_STR || strncmp(ref->str, "#/$defs/", 8) != 0) return s;
    if (name) *name = ref->str + 8;
    s = doc_get(w->defs, ref->str + 8);
  }
  return s;
}

typedef enum { SHAPE_RECORD, SHAPE_LIST, SHAPE_VALUE } shape;

/* What s describes; anyOf: its first branch with something under it. */
static shape shape_of(const walk *w, const doc_node **s) {
  *s = resolve(w, *s, NULL);
  if (*s == NULL) return SHAPE_VALUE;
  const doc_node *const any = doc_get(*s, "anyOf"), *const type = doc_get(*s, "type");
  for (const doc_node *b = any && any->kind == DOC_SEQ ? any->first : NULL; b; b = b->next) {
    const doc_node *branch = b;
    const shape k = shape_of(w, &branch);
    if (k != SHAPE_VALUE) {
      *s = branch;
      return k;
    }
  }
  if (doc_get(*s, "properties") || doc_get(*s, "additionalProperties") ||
      (type && type->kind == DOC_STR && strcmp(type->str, "object") == 0))
    return SHAPE_RECORD;
  if (doc_get(*s, "items") || (type && type->kind == DOC_STR && strcmp(type->str, "array") == 0))
    return SHAPE_LIST;
  return SHAPE_VALUE;
}

/* What a value is, for "X is a number: nothing is under it". */
static const char *value_noun(const walk *w, const doc_node *s) {
  s = resolve(w, s, NULL);
  const doc_node *const type = s ? doc_get(s, "type") : NULL;
  if (type && type->kind == DOC_STR && strcmp(type->str, "integer") == 0) return "a number";
  if (type && type->kind == DOC_STR && strcmp(type->str, "string") == 0) return "a string";
  return s && (doc_get(s, "enum") || doc_get(s, "const")) ? "a name" : "a value";
}

static int pattern_fits(const char *pattern, const char *key) {
  regex_t re;
  if (regcomp(&re, pattern, REG_EXTENDED | REG_NOSUB) != 0)
    return 1; /* (a pattern we cannot read: no check) */
  const int fits = regexec(&re, key, 0, NULL, 0) == 0;
  regfree(&re);
  return fits;
}

/* Does key fit names (a propertyNames schema)?  If not, what a key there
 * is in *what ("one of: forest, grass, ..."), and a near one in hint. */
static int key_fits(const walk *w, const doc_node *names, const char *key, strbuf *what, char *hint,
                    size_t nhint) {
  names = resolve(w, names, NULL);
  if (names == NULL) return 1;
  const doc_node *const words = doc_get(names, "enum"), *const pattern = doc_get(names, "pattern"),
                        *const about = doc_get(names, "description");
  if (words && words->kind == DOC_SEQ) {
    const char *list[32];
    int n = 0;
    for (const doc_node *c = words->first; c && n < 32; c = c->next)
      if (c->kind == DOC_STR) {
        if (strcmp(c->str, key) == 0) return 1;
        list[n++] = c->str;
      }
    sb_puts(what, "one of: ");
    for (int i = 0; i < n; i++) sb_printf(what, "%s%s", i ? ", " : "", list[i]);
    const char *const near = read_suggest(key, list, n);
    if (near) snprintf(hint, nhint, "%s", near);
    return 0;
  }
  if (pattern == NULL || pattern->kind != DOC_STR || pattern_fits(pattern->str, key)) return 1;
  if (about && about->kind == DOC_STR && about->len)
    sb_printf(what, "%c%s", tolower((unsigned char)about->str[0]), about->str + 1);
  else
    sb_printf(what, "what matches %s", pattern->str);
  char upper[64]; /* a hex typed in lower case: c4 for C4 */
  size_t i = 0;
  for (; key[i] && i + 1 < sizeof upper; i++) upper[i] = (char)toupper((unsigned char)key[i]);
  upper[i] = '\0';
  if (strcmp(upper, key) != 0 && pattern_fits(pattern->str, upper)) snprintf(hint, nhint, "%s", upper);
  return 0;
}

/* "under players.rocky", or "in the state" at the top. */
static void where(strbuf *sb, const char *path, size_t len) {
  if (len)
    sb_printf(sb, "under %.*s", (int)len, path);
  else
    sb_puts(sb, "in the state");
}

/* Under `data`, key must be a data field (wolves data): the schema says
 * only what such a name looks like. */
static int data_field_known(const char *path, const char *p, const char *key) {
  return !(p - path == 5 && strncmp(path, "data.", 5) == 0) || wolves_data_field_find(key) != NULL;
}

/* A record's field: key (klen bytes at p) among its properties, or a key
 * its additionalProperties allows.  The field's schema, or NULL (error
 * set). */
static const doc_node *field(const walk *w, const doc_node *s, const char *path, const char *p, size_t klen) {
  char key[256];
  snprintf(key, sizeof key, "%.*s", (int)klen, p);
  const doc_node *const props = doc_get(s, "properties"), *const more = doc_get(s, "additionalProperties");
  const doc_node *const known = props ? doc_get(props, key) : NULL;
  if (known) return known;
  strbuf msg = {0}, what = {0};
  char hint[128] = "";
  where(&msg, path, (size_t)(p - path) - (p > path && p[-1] == '.'));
  if (more && more->kind == DOC_MAP) {
    if (key_fits(w, doc_get(s, "propertyNames"), key, &what, hint, sizeof hint) &&
        data_field_known(path, p, key)) {
      sb_free(&msg);
      return more;
    }
    if (what.len == 0) { /* (a data field: the schema cannot list them) */
      sb_puts(&what, "a field `wolves data` lists");
      snprintf(hint, sizeof hint, "%s", data_field_suggest(key) ? data_field_suggest(key) : "");
    }
    err_at_key_hint(w->e, w->key, hint[0] ? hint : NULL, "expect.state: no field '%s' %s (a key there is %s)",
                    key, msg.buf, what.buf);
  } else {
    const char *names[64];
    int n = 0, dotted = 0; /* (dotted: clause IDs, typed cut short as MOVE.PUSH) */
    for (const doc_node *c = props ? props->first : NULL; c && n < 64; c = c->next) {
      names[n++] = c->key;
      dotted |= strchr(c->key, '.') != NULL;
    }
    err_at_key_hint(w->e, w->key, (dotted ? read_suggest_cut : read_suggest)(key, names, n),
                    "expect.state: no field '%s' %s", key, msg.buf);
  }
  sb_free(&msg);
  sb_free(&what);
  return NULL;
}

/* The length of the key at p: up to the next '.' or '['; under a mapping
 * whose keys may hold dots (data: "wolf_speed.values"), the longest run
 * of dotted parts that is such a key; where none is and the record's
 * fields hold dots (readings: "MOVE.PUSH_CHOICE"), all of it up to a '['. */
static size_t key_length(const walk *w, const doc_node *s, const char *p) {
  size_t len = strcspn(p, ".["), best = len;
  const doc_node *const names = doc_get(s, "propertyNames"), *const props = doc_get(s, "properties");
  while (p[len] == '.' && (names || props)) {
    len += 1 + strcspn(p + len + 1, ".[");
    char key[256];
    strbuf what = {0};
    char hint[8];
    snprintf(key, sizeof key, "%.*s", (int)len, p);
    if ((props && doc_get(props, key)) || (names && key_fits(w, names, key, &what, hint, sizeof hint)))
      best = len;
    sb_free(&what);
  }
  char first[256];
  snprintf(first, sizeof first, "%.*s", (int)best, p);
  int dotted = 0; /* (fields with dots, as readings' clause IDs: a typo is the whole ID) */
  for (const doc_node *c = props && !doc_get(props, first) ? props->first : NULL; c; c = c->next)
    dotted |= strchr(c->key, '.') != NULL;
  return dotted ? strcspn(p, "[") : best;
}

/* An index into a list at p ("3" or "[3]"): its schema (items), or NULL
 * (error set). *end: what follows it. */
static const doc_node *item(const walk *w, const doc_node *s, const char *path, const char *p,
                            const char **end) {
  const size_t shown = (size_t)(p - path) - (p > path && p[-1] == '.');
  const char *q = p + (*p == '[');
  char *after;
  const unsigned long i = isdigit((unsigned char)*q) ? strtoul(q, &after, 10) : 0;
  if (!isdigit((unsigned char)*q)) {
    err_at_key(w->e, w->key, "expect.state: %.*s is a list: '%.*s' is no index (0, 1, ...)", (int)shown, path,
               (int)strcspn(q, ".["), q);
    return NULL;
  }
  if (*p == '[' && *after == ']') after++;
  const doc_node *const max = doc_get(s, "maxItems");
  if (max && max->kind == DOC_INT && (long long)i >= max->num) {
    err_at_key(w->e, w->key, "expect.state: %.*s holds at most %lld items: there is no index %lu (0 to %lld)",
               (int)shown, path, max->num, i, max->num - 1);
    return NULL;
  }
  *end = after;
  return doc_get(s, "items");
}

/* One path against the schema root; 0, or -1 with the error set. */
static int check_path(const walk *w, const doc_node *root, const char *path) {
  const doc_node *s = root;
  const char *p = path;
  for (;;) {
    while (*p == '.') p++;
    if (*p == '\0') return 0;
    const shape k = shape_of(w, &s);
    if (k == SHAPE_LIST) {
      if ((s = item(w, s, path, p, &p)) == NULL) return -1;
      continue;
    }
    const size_t shown = (size_t)(p - path) - (p > path && p[-1] == '.');
    if (k == SHAPE_VALUE) {
      err_at_key(w->e, w->key, "expect.state: %.*s is %s: there is no field '%.*s' under it", (int)shown,
                 path, value_noun(w, s), (int)strcspn(p, ".["), p);
      return -1;
    }
    const size_t len = key_length(w, s, p);
    if ((s = field(w, s, path, p, len)) == NULL) return -1;
    p += len;
  }
}

int state_schema_check(const doc_node *assertions, cli_err *e) {
  if (assertions == NULL || assertions->kind != DOC_MAP || assertions->count == 0) return 0;
  size_t i = 0;
  while (i < export_schema_count && strcmp(export_schema_name[i], "position.schema.json") != 0) i++;
  if (i == export_schema_count) return 0; /* (built without it: nothing to check against) */
  doc schema;
  cli_err bad = {0};
  doc_init(&schema, export_schema_name[i]);
  int rc = 0;
  if (doc_parse(&schema, export_schema_text[i], strlen(export_schema_text[i]), &bad) == 0) {
    walk w = {doc_get(schema.root, "$defs"), NULL, e};
    for (const doc_node *a = assertions->first; a && rc == 0; a = a->next) {
      w.key = a;
      rc = check_path(&w, schema.root, a->key);
    }
  }
  doc_free(&schema);
  return rc;
}
