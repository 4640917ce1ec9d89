/* catalog.c - the two catalogs a rules lawyer looks things up in:
 * `wolves clauses` (the clause catalog, with the rulebook's sections, the
 * editions and the rulings) and `wolves data` (the component data: each
 * field's default, range and provenance).  Both take names or groups
 * (MOVE, wolf_speed) in any case, with a suggestion for a near miss. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/err.h"
#include "base/options.h"
#include "base/output.h"
#include "commands/commands.h"
#include "data_doc.h"
#include "json.h"
#include "read.h"
#include "readings_doc.h"
#include "scenario/golden.h"
#include "scenario/scenario.h"

/* A name matches "MOVE.LAIR_BLOCKS" whole or its area "MOVE", in any case
 * (users type move.lair_blocks). */
static int selected(const char *id, const char *want) {
  if (want == NULL || strcasecmp(id, want) == 0) return 1;
  const size_t n = strlen(want);
  if (strncasecmp(id, want, n) != 0 || id[n] != '.') return 0;
  return 1;
}

/* "no WHAT 'WORD'" into msg, with "did you mean 'HINT'" when a known name
 * is near (read_suggest): for an operand no name answers to. */
static void no_such(char *msg, size_t n, const char *what, const char *word, const char *hint) {
  if (hint)
    snprintf(msg, n, "no %s '%s' (did you mean '%s'?)", what, word, hint);
  else
    snprintf(msg, n, "no %s '%s'", what, word);
}

/* An ID or AREA no clause answers to: the error, with the clauses it is
 * cut short of when there are several ("did you mean A, B or C?": the
 * first MATCHES_SHOWN, then how many more), else the nearest ID or area. */
static void no_clause(char *msg, size_t n, const char *want, const char *const *names, int nnames) {
  enum { MATCHES_SHOWN = 8 };
  const char *ids[WOLVES_CLAUSE_COUNT], *area = NULL;
  for (int i = 0; i < nnames && !strchr(want, '.'); i++) /* an area cut short (MOV): the area */
    if (!strchr(names[i], '.') && strncasecmp(names[i], want, strlen(want)) == 0) area = area ? "" : names[i];
  if (area && *area) {
    no_such(msg, n, "clause or area", want, area);
    return;
  }
  const int k = read_clause_matches(want, ids, WOLVES_CLAUSE_COUNT);
  if (k < 2) {
    no_such(msg, n, "clause or area", want, k == 1 ? ids[0] : read_suggest(want, names, nnames));
    return;
  }
  strbuf sb = {0};
  sb_printf(&sb, "no clause or area '%s' (did you mean ", want);
  for (int i = 0; i < k && i < MATCHES_SHOWN; i++)
    sb_printf(&sb, "%s%s", i == 0 ? "" : i == k - 1 && k <= MATCHES_SHOWN ? " or " : ", ", ids[i]);
  if (k > MATCHES_SHOWN) sb_printf(&sb, " or %d more", k - MATCHES_SHOWN);
  sb_puts(&sb, "?)");
  snprintf(msg, n, "%s", sb.buf);
  sb_free(&sb);
}

static const char *kind_name(const wolves_clause_info *c) {
  return c->kind == WOLVES_RESTRICTION ? "restriction" : "rule";
}

/* The readings of the clause, if it has any (core/readings.c): each name,
 * which is the default, what the engine does and who reads it so. */
static void print_readings(const wolves_clause_info *c) {
  const wolves_reading *r = wolves_reading_find(c->id);
  if (r == NULL) return;
  printf("  readings: (a scenario selects one with readings: {%s: NAME})\n", c->id);
  for (int i = 0; i < r->count; i++) {
    printf("    %s%s\n", r->choice[i].name, i == 0 ? " (default)" : "");
    printf("      %s\n", r->choice[i].text);
    printf("      taken by: %s\n", r->choice[i].taken_by);
  }
}

static void print_clause(const wolves_clause_info *c, int verbose) {
  printf("%-24s %-11s %s\n", c->id, kind_name(c), c->text);
  if (!verbose) return;
  printf("  section:  %s\n", c->section);
  if (c->editions[0]) printf("  editions: %s\n", c->editions);
  if (c->ruling[0]) printf("  ruling:   %s\n", c->ruling);
  print_readings(c);
}

/* Every field, empty strings included, so a reader needs no defaults. */
static doc_node *put_clause(doc *d, doc_node *list, const wolves_clause_info *c) {
  doc_node *m = doc_map(d);
  doc_put(d, m, "id", doc_str(d, c->id));
  doc_put(d, m, "kind", doc_str(d, kind_name(c)));
  doc_put(d, m, "text", doc_str(d, c->text));
  doc_put(d, m, "section", doc_str(d, c->section));
  doc_put(d, m, "editions", doc_str(d, c->editions));
  doc_put(d, m, "ruling", doc_str(d, c->ruling));
  doc_node *readings = readings_list(d, read_clause_find(c->id));
  doc_put(d, m, "readings", readings);
  if (readings->count == 0) m->layout = DOC_INLINE; /* one line, as without readings */
  doc_push(list, m);
  return m;
}

/* ---- clauses --search: every word somewhere in a clause ---- */

enum { FIELD_ID, FIELD_TEXT, FIELD_SECTION, FIELD_EDITIONS, FIELD_RULING, FIELD_READINGS, FIELDS };
static const char *const field_names[FIELDS] = {"id", "text", "section", "editions", "ruling", "readings"};

/* The first place word (1 to len bytes) occurs in s ignoring the case of
 * ASCII letters, or NULL. */
static const char *find_word(const char *s, const char *word, size_t len) {
  for (; *s; s++)
    if (strncasecmp(s, word, len) == 0) return s;
  return NULL;
}

/* Field f of clause c as one string (the readings: each name, text and who
 * takes it, built in sb). */
static const char *field_text(strbuf *sb, const wolves_clause_info *c, int f) {
  const char *const plain[] = {c->id, c->text, c->section, c->editions, c->ruling};
  if (f != FIELD_READINGS) return plain[f];
  sb_free(sb);
  const wolves_reading *const r = wolves_reading_find(c->id);
  for (int i = 0; r && i < r->count; i++)
    sb_printf(sb, "%s%s: %s (taken by: %s)", i ? "; " : "", r->choice[i].name, r->choice[i].text,
              r->choice[i].taken_by);
  return sb->buf ? sb->buf : "";
}

/* The words of --search, split at blanks, in words[] (at most max);
 * returns how many. */
static int split_words(char *text, const char **words, int max) {
  int n = 0;
  for (char *w = strtok(text, " \t\n"); w && n < max; w = strtok(NULL, " \t\n")) words[n++] = w;
  return n;
}

/* Does clause c hold every word?  found[f]: field f holds one of them. */
static int clause_matches(const wolves_clause_info *c, const char *const *words, int nwords,
                          int found[FIELDS]) {
  strbuf sb = {0};
  int all = 1;
  for (int f = 0; f < FIELDS; f++) found[f] = 0;
  for (int w = 0; w < nwords; w++) {
    int any = 0;
    for (int f = 0; f < FIELDS; f++)
      if (find_word(field_text(&sb, c, f), words[w], strlen(words[w]))) any = found[f] = 1;
    all &= any;
  }
  sb_free(&sb);
  return all;
}

/* Where a word occurs in a field the listing line does not show: the
 * field's name and the words around the first hit, cut at blanks (never
 * inside a UTF-8 character), "..." where cut. */
static void print_excerpt(const wolves_clause_info *c, int f, const char *const *words, int nwords) {
  enum { BEFORE = 40, AFTER = 60 };
  strbuf sb = {0};
  const char *const text = field_text(&sb, c, f);
  const char *hit = NULL;
  for (int w = 0; w < nwords; w++) {
    const char *const at = find_word(text, words[w], strlen(words[w]));
    if (at && (hit == NULL || at < hit)) hit = at;
  }
  const char *start = hit - (hit - text > BEFORE ? BEFORE : hit - text), *end = hit;
  while (start > text && start[-1] != ' ') start--;
  while (*end && (end - hit < AFTER || *end != ' ')) end++;
  printf("  %-9s %s%.*s%s\n", field_names[f], start > text ? "..." : "", (int)(end - start), start,
         *end ? "..." : "");
  sb_free(&sb);
}

static int cmd_clauses(int argc, char **argv, const char *flags, const char *const *values) {
  (void)flags;
  if (argc > 1) return usage_error("clauses", "%s", "clauses takes at most one ID or AREA");
  const int json = format_option("clauses", values[0]);
  if (json < 0) return 2;
  if (values[2] && (argc || values[1]))
    return usage_error("clauses", "%s",
                       "--edition lists what an edition changes: not with an ID, AREA or --search");
  if (values[2]) return clauses_edition(values[2], json);
  enum { MAX_WORDS = 32 };
  const char *words[MAX_WORDS];
  char *search = values[1] ? strdup(values[1]) : NULL;
  const int nwords = search ? split_words(search, words, MAX_WORDS) : 0;
  if (search && nwords == 0) {
    free(search);
    return usage_error("clauses", "%s", "--search needs a word to look for");
  }
  const char *want = argc ? argv[0] : NULL;
  const int exact = want != NULL && read_clause_find(want) != WOLVES_OK;
  doc d;
  doc_init(&d, "clauses");
  doc_node *list = doc_seq(&d);
  int found[WOLVES_CLAUSE_COUNT][FIELDS], known = 0;
  for (int i = 1; i < WOLVES_CLAUSE_COUNT; i++) {
    const wolves_clause_info *const c = wolves_clause_get(i);
    if (!selected(c->id, want)) continue;
    known = 1;
    if (search && !clause_matches(c, words, nwords, found[i])) continue;
    doc_node *const m = put_clause(&d, list, c);
    if (!search) continue;
    doc_node *const where = doc_seq(&d);
    for (int f = 0; f < FIELDS; f++)
      if (found[i][f]) doc_push(where, doc_str(&d, field_names[f]));
    doc_put(&d, m, "found_in", where);
  }
  if (!known) { /* (an ID or AREA that is no clause's: bad input) */
    const char *names[2 * WOLVES_CLAUSE_COUNT];
    int n = 0;
    for (int i = 1; i < WOLVES_CLAUSE_COUNT; i++) {
      const char *const id = wolves_clause_get(i)->id;
      names[n++] = id;
      if (i == 1 || strncmp(id, wolves_clause_get(i - 1)->id, strcspn(id, ".") + 1) != 0)
        names[n++] = doc_strdup(&d, id, strcspn(id, ".")); /* its area, once */
    }
    char msg[512];
    no_clause(msg, sizeof msg, want, names, n);
    err_say("wolves: %s", msg);
    fputs("Try 'wolves clauses' for the list.\n", stderr);
    doc_free(&d);
    free(search);
    return 2;
  }
  strbuf sb = {0};
  if (json) json_write(&sb, list);
  for (const doc_node *m = json ? NULL : list->first; m; m = m->next) {
    const int i = read_clause_find(doc_get(m, "id")->str);
    print_clause(wolves_clause_get(i), exact);
    for (int f = FIELD_SECTION; search && !exact && f < FIELDS; f++)
      if (found[i][f]) print_excerpt(wolves_clause_get(i), f, words, nwords);
  }
  if (json) fwrite(sb.buf, 1, sb.len, stdout);
  if (search && list->count == 0) err_say("wolves: no clause matches '%s'", values[1]);
  const int rc = search && list->count == 0 ? 1 : 0;
  sb_free(&sb);
  doc_free(&d);
  free(search);
  return rc;
}

/* `wolves data`: every component-data field for a player count. */
/* Whether field name is one of the operands (a name or its group, as
 * "moon" for "moon.phase_dates"); all fields without operands. */
static int field_wanted(const char *name, int argc, char **argv) {
  for (int i = 0; i < argc; i++)
    if (selected(name, argv[i])) return 1;
  return argc == 0;
}

/* An operand no field answers to: the error, with the nearest field or
 * group (the part before the dot: wolf_speed). */
static int unknown_data_operand(const char *word) {
  enum { MAX_FIELDS = 128 };
  const char *names[2 * MAX_FIELDS];
  char groups[MAX_FIELDS][32]; /* (a group's fields are listed together) */
  int n = 0, ngroups = 0;
  for (int i = 0; i < MAX_FIELDS && wolves_data_field_at(i); i++) {
    const char *const name = wolves_data_field_at(i)->name;
    names[n++] = name;
    char group[32];
    snprintf(group, sizeof group, "%.*s", (int)strcspn(name, "."), name);
    if (strcmp(group, name) != 0 && (ngroups == 0 || strcmp(groups[ngroups - 1], group) != 0)) {
      memcpy(groups[ngroups], group, sizeof group);
      names[n++] = groups[ngroups++];
    }
  }
  char msg[256];
  no_such(msg, sizeof msg, "data field or group", word, read_suggest_cut(word, names, n));
  return usage_error("data", "%s", msg);
}

static int cmd_data(int argc, char **argv, const char *flags, const char *const *values) {
  (void)flags;
  const int json = format_option("data", values[1]);
  if (json < 0) return 2;
  uint64_t players = 3;
  if (values[0] && number_option(values[0], 2, WOLVES_MAX_PLAYERS, &players))
    return usage_error("data", "--players is 2 to 5, not '%s'", values[0]);
  for (int i = 0; i < argc; i++) {
    int found = 0;
    for (int k = 0; wolves_data_field_at(k) && !found; k++)
      found = selected(wolves_data_field_at(k)->name, argv[i]);
    if (!found) return unknown_data_operand(argv[i]);
  }
  wolves_data data;
  wolves_data_defaults(&data, (int)players);
  doc d;
  doc_init(&d, "data");
  doc_node *all = data_list(&d, &data, (int)players), *list = doc_seq(&d);
  for (doc_node *f = all->first, *next; f; f = next) {
    next = f->next;
    if (field_wanted(doc_get(f, "name")->str, argc, argv)) doc_push(list, f);
  }
  strbuf sb = {0};
  if (json) {
    json_write(&sb, list);
  } else {
    sb_printf(&sb, "# component data for %d players (the %s side of the Player Boards)\n", (int)players,
              players == 2 ? "2-player" : "3-5 player");
    for (const doc_node *f = list->first; f; f = f->next) {
      sb_printf(&sb, "%-22s [", doc_get(f, "name")->str);
      for (const doc_node *v = doc_get(f, "values")->first; v; v = v->next)
        sb_printf(&sb, "%s%lld", v == doc_get(f, "values")->first ? "" : ", ", v->num);
      sb_printf(&sb, "]  %s %lld-%lld, %s\n    %s\n", doc_get(f, "kind")->str, doc_get(f, "min")->num,
                doc_get(f, "max")->num, doc_get(f, "provenance")->str, doc_get(f, "source")->str);
    }
  }
  const int rc = stdout_write(&sb);
  sb_free(&sb);
  doc_free(&d);
  return rc;
}

static const option_spec clauses_options[] = {VALUE("format", 0, 0), VALUE("search", 0, 1),
                                              VALUE("edition", 0, 2), OPTIONS_END};

const command clauses_command = {
    "clauses",
    "Usage: wolves clauses [--search WORDS] [--format text|json] [ID|AREA]\n"
    "       wolves clauses --edition NAME [--format text|json]\n",
    "List the clause catalog: ID, kind (rule or restriction) and text.  With an AREA\n"
    "(e.g. MOVE) only that area; with one ID also its section of the English rulebook,\n"
    "what the other editions say and the ruling, if the clause is one.  IDs and areas\n"
    "may be typed in any case (move.push_choice); a near miss gets a suggestion.\n"
    "\n"
    "  --search WORDS  only the clauses holding every word (case-insensitive, anywhere in\n"
    "                  the ID, text, section, editions, ruling or readings), each with\n"
    "                  where the listing line does not show it; exit 1 if none does\n"
    "  --format json   print [{id, kind, text, section, editions, ruling, readings}] (every\n"
    "                  field; with --search also found_in: the fields holding a word)\n"
    "  --edition NAME  what edition NAME's profile changes against the default (wolves):\n"
    "                  each clause it reads otherwise, its reading and what the engine does\n"
    "                  under it (en, pl, ru, uk, summary; wolves: the default itself); JSON:\n"
    "                  {edition, title, default, changes: [{clause, reading, text, instead}]}\n",
    clauses_options, cmd_clauses};

static const option_spec data_options[] = {VALUE("players", 0, 0), VALUE("format", 0, 1), OPTIONS_END};

const command data_command = {
    "data", "Usage: wolves data [--players N] [--format text|json] [FIELD|GROUP]...\n",
    "List every component-data field (the numbers of the Player Boards, the Moonlight Board\n"
    "and the tokens), or only the FIELDs named and the fields of each GROUP (the part before\n"
    "the dot: moon, wolf_speed, tiles, ...), with its default for N players, its length,\n"
    "kind and range, where the default comes from (printed: the rulebook text; digital\n"
    "edition: the Board Game Arena implementation; reconstructed: ours) and a one-line\n"
    "source note.  A scenario's `data:` or the data file given to `wolves play` overrides\n"
    "any field by name.\n"
    "\n"
    "  --players N     player count, 2 to 5 (default 3; 2 players use the 2-player side)\n"
    "  --format json   print [{name, values, length, kind, min, max, provenance, source}]\n",
    data_options, cmd_data};
