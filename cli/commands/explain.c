/* explain.c - `wolves explain FILE`: apply one action of a scenario (or
 * one given with -e) with every clause check recorded, and print the
 * clauses checked, the verdict and the choices the action left to the
 * engine (a push's candidate hexes: report/explain_push.h). */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diagnostic.h"
#include "base/err.h"
#include "base/options.h"
#include "base/output.h"
#include "commands/commands.h"
#include "doc.h"
#include "json.h"
#include "read.h"
#include "readings_doc.h"
#include "report/color.h"
#include "report/explain_push.h"
#include "report/explain_svg.h"
#include "scenario/instead.h"
#include "scenario/moves.h"
#include "scenario/numbers.h"
#include "scenario/scenario.h"
#include "strbuf.h"

/* Reads the -e text (one action in the scenario syntax) against s with
 * the library's reader, wolves_action_parse. */
static int read_given(const char *text, const wolves_game *g, const wolves_state *s, wolves_action *a,
                      int json) {
  wolves_error err;
  if (wolves_action_parse(g, s, text, strlen(text), a, &err) == 0) return 0;
  cli_err e = {0};
  err_set(&e, "-e", err.line, err.col, "%s", err.message);
  err_find_hint(&e); /* (the library's message holds its "did you mean") */
  diagnostic_report(&e, json);
  return -1;
}

/* ---- the explanation: one document, printed as text or as JSON ---- */

/* What a check was about, from its event object: "rocky alpha A1 -> C1"
 * (a wolf and the hex checked), "grass den C4", "at C1", or the player. */
static const char *about(doc *d, const doc_node *ev) {
  const doc_node *const pack = doc_get(ev, "pack"), *const piece = doc_get(ev, "piece");
  const doc_node *const from = doc_get(ev, "from"), *const to = doc_get(ev, "to");
  strbuf sb = {0};
  if (piece && pack && piece->kind == DOC_STR) {
    sb_printf(&sb, "%s %s", pack->str, piece->str);
    if (from) sb_printf(&sb, " %s", from->str);
    if (to && (!from || strcmp(to->str, from->str) != 0)) sb_printf(&sb, " -> %s", to->str);
  } else if (to) {
    sb_printf(&sb, "at %s", to->str);
  } else if (pack) {
    sb_puts(&sb, pack->str);
  }
  const char *const r = doc_strdup(d, sb.buf ? sb.buf : "", sb.len);
  sb_free(&sb);
  return r;
}

static int has_str(const doc_node *seq, const char *s) {
  for (const doc_node *n = seq->first; n; n = n->next)
    if (strcmp(n->str, s) == 0) return 1;
  return 0;
}

/* What a check was about, and for a check of MOVE.PUSH_CHOICE which hexes
 * qualify or why the hex checked does not (explain_push.h). */
static const char *about_check(doc *d, const doc_node *ev, const doc_node *pushes) {
  const doc_node *const pack = doc_get(ev, "pack"), *const piece = doc_get(ev, "piece");
  const doc_node *const from = doc_get(ev, "from"), *const to = doc_get(ev, "to");
  if (strcmp(doc_get(ev, "clause")->str, "MOVE.PUSH_CHOICE") != 0 || !pack || !piece || !from || !to ||
      piece->kind != DOC_STR)
    return about(d, ev);
  strbuf wolf = {0};
  sb_printf(&wolf, "%s %s %s", pack->str, piece->str, from->str);
  const char *const a = push_check_about(d, pushes, wolf.buf, to->str, doc_get(ev, "value")->num != 0);
  sb_free(&wolf);
  return a ? a : about(d, ev);
}

/* The numbers of the check at j->ev->ev[i], if it compares one, added to
 * the folded entry m: {about, measured, limit, text} in its "numbers". */
static void fold_numbers(doc *d, doc_node *m, const char *about, const judgement *j, size_t i) {
  strbuf sb = {0};
  if (!numbers_short(&sb, j, i)) return;
  const wolves_event *const n = numbers_of(j, i);
  doc_node *list = (doc_node *)doc_get(m, "numbers");
  if (list == NULL) doc_put(d, m, "numbers", list = doc_seq(d));
  for (const doc_node *x = list->first; x; x = x->next) /* (the same check again) */
    if (strcmp(doc_get(x, "about")->str, about) == 0 && strcmp(doc_get(x, "text")->str, sb.buf) == 0) {
      sb_free(&sb);
      return;
    }
  doc_node *const x = doc_map(d);
  x->layout = DOC_INLINE;
  doc_put(d, x, "about", doc_str(d, about));
  doc_put(d, x, "measured", doc_int(d, n->value));
  doc_put(d, x, "limit", doc_int(d, n->piece));
  doc_put(d, x, "text", doc_str(d, sb.buf));
  doc_push(list, x);
  sb_free(&sb);
}

/* The checks, one entry per clause and verdict in the order first
 * checked: {clause, verdict, text, about: [...], times, numbers}; the
 * check events are those of j at index[]. */
static doc_node *fold_checks(doc *d, const doc_node *events, const doc_node *pushes, const judgement *j,
                             const size_t *index) {
  doc_node *const list = doc_seq(d);
  size_t k = 0;
  for (const doc_node *ev = events->first; ev; ev = ev->next, k++) {
    const char *const id = doc_get(ev, "clause")->str;
    const char *const verdict = doc_get(ev, "value")->num ? "ok" : "refused";
    doc_node *m = NULL;
    for (doc_node *c = list->first; c && !m; c = c->next)
      if (strcmp(doc_get(c, "clause")->str, id) == 0 && strcmp(doc_get(c, "verdict")->str, verdict) == 0)
        m = c;
    if (m == NULL) {
      m = doc_map(d);
      doc_put(d, m, "clause", doc_str(d, id));
      doc_put(d, m, "verdict", doc_str(d, verdict));
      doc_put(d, m, "text", doc_str(d, wolves_clause_get(wolves_clause_find(id))->text));
      doc_put(d, m, "about", doc_seq(d));
      doc_put(d, m, "times", doc_int(d, 0));
      doc_push(list, m);
    }
    doc_node *const subjects = (doc_node *)doc_get(m, "about");
    const char *const a = about_check(d, ev, pushes);
    if (*a && !has_str(subjects, a)) doc_push(subjects, doc_str(d, a));
    ((doc_node *)doc_get(m, "times"))->num++;
    fold_numbers(d, m, a, j, index[k]);
  }
  return list;
}

/* A way to pay in the scenario syntax: {pay: [1, 3], bonus_terrain: 1}. */
static doc_node *payment_node(doc *d, int tiles, int bonus) {
  doc_node *const m = doc_map(d), *const slots = doc_seq(d);
  m->layout = DOC_INLINE;
  for (int i = 0; i < WOLVES_TILES; i++)
    if (tiles & (1 << i)) doc_push(slots, doc_int(d, i + 1));
  if (slots->count) doc_put(d, m, "pay", slots);
  if (bonus) doc_put(d, m, "bonus_terrain", doc_int(d, bonus));
  return m;
}

/* The choices the engine made for the player, each with the alternatives
 * the player could have named: [{clause, about, chose, alternatives}]. */
static doc_node *choices(doc *d, const wolves_game *g, const event_list *ev) {
  doc_node *const list = doc_seq(d);
  int tiles = 0, bonus = 0;
  doc_node *pay = NULL, *push[WOLVES_MAX_HEXES] = {NULL};
  char hex[HEX_NAME_MAX];
  for (size_t i = 0; i < ev->len; i++) {
    const wolves_event *e = &ev->ev[i];
    if (e->kind == WOLVES_EV_FLIP) tiles |= 1 << (e->value - 1);
    bonus += e->kind == WOLVES_EV_SPEND_BONUS_TERRAIN;
    if (e->kind != WOLVES_EV_OPTION) continue;
    if (e->clause == WOLVES_C_PAY_CHOICE) {
      if (pay == NULL) {
        pay = doc_map(d);
        doc_put(d, pay, "clause", doc_str(d, "PAY.CHOICE"));
        doc_put(d, pay, "alternatives", doc_seq(d));
        doc_push(list, pay);
      }
      doc_push((doc_node *)doc_get(pay, "alternatives"), payment_node(d, e->value, e->piece));
      continue;
    }
    /* MOVE.PUSH_CHOICE: where the push event of the same wolf went */
    doc_node *m = push[e->from];
    if (m == NULL) {
      m = push[e->from] = doc_map(d);
      doc_put(d, m, "clause", doc_str(d, "MOVE.PUSH_CHOICE"));
      strbuf sb = {0};
      hex_name(&g->board, e->from, hex);
      sb_printf(&sb, "%s %s %s", wolves_terrain_name(e->pack), wolves_piece_name(e->piece), hex);
      doc_put(d, m, "about", doc_str(d, sb.buf));
      sb_free(&sb);
      for (size_t k = 0; k < ev->len; k++)
        if (ev->ev[k].kind == WOLVES_EV_PUSH && ev->ev[k].from == e->from) {
          hex_name(&g->board, ev->ev[k].to, hex);
          doc_put(d, m, "chose", doc_str(d, hex));
        }
      doc_put(d, m, "alternatives", doc_seq(d));
      doc_push(list, m);
    }
    hex_name(&g->board, e->to, hex);
    doc_push((doc_node *)doc_get(m, "alternatives"), doc_str(d, hex));
  }
  if (pay) doc_put(d, pay, "chose", payment_node(d, tiles, bonus));
  return list;
}

/* Why a refusal by MOVE.PUSH_CHOICE: "grass pack C1 -> D1: holds a Lone
 * Wolf Token (MOVE.TOKEN_HEX)" when the action named a hex that does not
 * qualify; NULL when no hex qualifies. */
static const char *push_because(doc *d, const wolves_game *g, const event_list *ev, const doc_node *pushes) {
  char at[HEX_NAME_MAX] = "";
  for (size_t i = 0; i < ev->len; i++)
    if (ev->ev[i].kind == WOLVES_EV_REFUSE) hex_name(&g->board, ev->ev[i].to, at);
  const char *wolf = NULL;
  const doc_node *const cand = push_refused_candidate(pushes, at, &wolf);
  if (cand == NULL) return NULL;
  strbuf sb = {0};
  sb_printf(&sb, "%s -> %s: %s (%s)", wolf, at, doc_get(cand, "why")->str, doc_get(cand, "clause")->str);
  const char *const r = doc_strdup(d, sb.buf, sb.len);
  sb_free(&sb);
  return r;
}

/* Why each refusing check refused (numbers.h), into the refusals. */
static void refusals_because(doc *d, doc_node *refusals, const judgement *j) {
  doc_node *r = refusals->first;
  for (size_t i = 0; i < j->ev->len && r; i++) {
    const wolves_event *const e = &j->ev->ev[i];
    if (e->kind != WOLVES_EV_CHECK || e->value != 0 ||
        strcmp(wolves_clause_get(e->clause)->id, doc_get(r, "clause")->str) != 0)
      continue;
    const doc_node *const n = numbers_write(d, j, i);
    for (const doc_node *f = doc_get(n, "clause")->next; f; f = f->next)
      doc_put(d, r, f->key, doc_copy(d, f));
    r = r->next;
  }
}

/* The whole explanation as a document (`explain --format json`):
 * {action, legal, refused_by, section, because, measured, limit, path,
 * ruling, ruling_of, readings, refusals, checks, effects, choices, pushes,
 * legal_instead}. */
static doc_node *explanation(doc *d, const wolves_game *g, const wolves_state *before,
                             const wolves_state *after, const wolves_action *a, const event_list *ev,
                             int refused) {
  event_list checks = {0}, effects = {0};
  size_t *const index = xmalloc((ev->len + 1) * sizeof *index);
  for (size_t i = 0; i < ev->len; i++) {
    const int kind = ev->ev[i].kind;
    if (kind == WOLVES_EV_CHECK) index[checks.len] = i, events_append(&checks, &ev->ev[i], 1, 1);
    if (!WOLVES_EV_DIAGNOSTIC(kind) && kind != WOLVES_EV_REFUSE) events_append(&effects, &ev->ev[i], 1, 1);
  }
  const judgement j = {g, before, a, ev};
  doc_node *const root = doc_map(d);
  const wolves_clause_info *const c = refused ? wolves_clause_get(refused) : NULL;
  doc_node *const pushes = pushes_write(d, g, before, a, ev);
  const size_t at = refused ? numbers_refusing(&j, refused) : (size_t)-1;
  const doc_node *const numbers = at != (size_t)-1 ? numbers_write(d, &j, at) : NULL;
  const char *const pushed = refused == WOLVES_C_MOVE_PUSH_CHOICE ? push_because(d, g, ev, pushes) : NULL;
  const char *const because = pushed ? pushed : numbers ? doc_get(numbers, "because")->str : NULL;
  /* a named push hex that does not qualify: MOVE.ALPHA_PUSH's ruling says
   * which hexes do (LAIR.PUSH follows it); MOVE.PUSH_CHOICE's is about
   * none qualifying */
  const wolves_clause_info *const ruled = pushed ? wolves_clause_get(WOLVES_C_MOVE_ALPHA_PUSH) : c;
  doc_put(d, root, "action", action_write(d, g, before, a));
  doc_put(d, root, "legal", doc_bool(d, refused == 0));
  doc_put(d, root, "refused_by", c ? doc_str(d, c->id) : doc_new(d, DOC_NULL));
  doc_put(d, root, "section", c ? doc_str(d, c->section) : doc_new(d, DOC_NULL));
  doc_put(d, root, "because", because ? doc_str(d, because) : doc_new(d, DOC_NULL));
  doc_put(d, root, "measured", numbers ? doc_copy(d, doc_get(numbers, "measured")) : doc_new(d, DOC_NULL));
  doc_put(d, root, "limit", numbers ? doc_copy(d, doc_get(numbers, "limit")) : doc_new(d, DOC_NULL));
  if (numbers && doc_get(numbers, "path")) doc_put(d, root, "path", doc_copy(d, doc_get(numbers, "path")));
  doc_put(d, root, "ruling", ruled && ruled->ruling[0] ? doc_str(d, ruled->ruling) : doc_new(d, DOC_NULL));
  doc_put(d, root, "ruling_of", ruled && ruled->ruling[0] ? doc_str(d, ruled->id) : doc_new(d, DOC_NULL));
  doc_node *const readings = readings_write(d, g); /* only when not all ours, as in a state */
  if (readings) doc_put(d, root, "readings", readings);
  doc_node *const folded = fold_checks(d, events_write(d, g, before, &checks), pushes, &j, index);
  doc_node *const refusals = doc_seq(d);
  for (const doc_node *f = folded->first; f; f = f->next) {
    if (strcmp(doc_get(f, "verdict")->str, "refused") != 0) continue;
    doc_node *const r = doc_map(d);
    const char *const id = doc_get(f, "clause")->str;
    doc_put(d, r, "clause", doc_str(d, id));
    doc_put(d, r, "section", doc_str(d, wolves_clause_get(wolves_clause_find(id))->section));
    doc_put(d, r, "about", doc_copy(d, doc_get(f, "about"))); /* (a node belongs to one mapping) */
    doc_push(refusals, r);
  }
  refusals_because(d, refusals, &j);
  doc_put(d, root, "refusals", refusals);
  doc_put(d, root, "checks", folded);
  doc_node *const eff = events_write(d, g, after, &effects);
  for (doc_node *e = eff->first; e; e = e->next) e->first = e->first->next, e->count--; /* less "action" */
  doc_put(d, root, "effects", eff);
  doc_put(d, root, "choices", refused ? doc_seq(d) : choices(d, g, ev));
  doc_put(d, root, "pushes", pushes);
  instead x = {0};
  if (at != (size_t)-1) instead_find(&x, &j, at);
  doc_node *const alternatives = instead_write(d, &j, &x);
  doc_put(d, root, "legal_instead", alternatives ? alternatives : doc_new(d, DOC_NULL));
  events_free(&checks);
  events_free(&effects);
  free(index);
  return root;
}

/* What a folded check was about, "a; b" in parentheses, each with its
 * numbers ("rocky alpha A1 -> E1: 4 hexes, Wolf Speed 3"); or nothing. */
static void subjects_text(strbuf *sb, const doc_node *check) {
  const doc_node *const seq = doc_get(check, "about"), *const numbers = doc_get(check, "numbers");
  const char *sep = " (";
  for (const doc_node *n = seq->first; n; n = n->next, sep = "; ") {
    sb_printf(sb, "%s%s", sep, n->str);
    for (const doc_node *x = numbers ? numbers->first : NULL; x; x = x->next)
      if (strcmp(doc_get(x, "about")->str, n->str) == 0) {
        sb_printf(sb, ": %s", doc_get(x, "text")->str);
        break;
      }
  }
  if (seq->count) sb_putc(sb, ')');
}

/* The legal alternatives (instead.h): a header, then an action a line. */
static void instead_text(strbuf *sb, const doc_node *x) {
  const long long count = doc_get(x, "count")->num;
  if (count == 0) {
    sb_printf(sb, "legal instead: none (%s)\n", doc_get(x, "of")->str);
    return;
  }
  sb_printf(sb, "legal instead (%s; %lld in all):\n", doc_get(x, "of")->str, count);
  for (const doc_node *a = doc_get(x, "actions")->first; a; a = a->next) {
    sb_puts(sb, "  ");
    legal_action_line(sb, a);
    sb_putc(sb, '\n');
  }
  const long long more = count - (long long)doc_get(x, "actions")->count;
  if (more) sb_printf(sb, "  ... and %lld more (wolves legal lists them all)\n", more);
}

/* One mapping on one line, "key: value, key: value". */
static void fields_text(strbuf *sb, const doc_node *m) {
  const char *sep = "";
  for (const doc_node *f = m->first; f; f = f->next, sep = ", ") {
    sb_printf(sb, "%s%s: ", sep, f->key);
    yaml_flow(sb, f);
  }
}

/* The explanation as text; with color, REFUSED in red. */
static void explain_text(strbuf *sb, const doc_node *x, int color) {
  sb_puts(sb, "action: ");
  legal_action_line(sb, doc_get(x, "action"));
  sb_putc(sb, '\n');
  const doc_node *const readings = doc_get(x, "readings"), *const edition = doc_get(x, "edition");
  if (edition)
    sb_printf(sb, "edition: %s, %s\n", edition->str, wolves_edition_title(wolves_edition_find(edition->str)));
  for (const doc_node *r = readings ? readings->first : NULL; r; r = r->next)
    sb_printf(sb, "reading: %s %s (not ours; wolves clauses %s)\n", r->key, r->str, r->key);
  for (const doc_node *f = doc_get(x, "checks")->first; f; f = f->next) {
    const int ok = strcmp(doc_get(f, "verdict")->str, "ok") == 0;
    sb_puts(sb, ok ? "ok     " : color ? "\033[1;31mREFUSED\033[0m" : "REFUSED");
    sb_printf(sb, " %-20s %s", doc_get(f, "clause")->str, doc_get(f, "text")->str);
    subjects_text(sb, f);
    sb_putc(sb, '\n');
  }
  const doc_node *const by = doc_get(x, "refused_by"), *const refusals = doc_get(x, "refusals");
  if (by->kind == DOC_STR) {
    sb_printf(sb, "refused by %s (%s)\n", by->str, doc_get(x, "section")->str);
    const doc_node *const because = doc_get(x, "because"), *const ruling = doc_get(x, "ruling");
    if (because->kind == DOC_STR) sb_printf(sb, "because: %s\n", because->str);
    const char *const of = doc_get(x, "ruling_of")->kind == DOC_STR ? doc_get(x, "ruling_of")->str : "";
    if (ruling->kind == DOC_STR && strcmp(of, by->str) == 0) sb_printf(sb, "ruling: %s\n", ruling->str);
    if (ruling->kind == DOC_STR && strcmp(of, by->str) != 0)
      sb_printf(sb, "ruling of %s: %s\n", of, ruling->str);
    const doc_node *const reading = doc_get(readings, by->str);
    const wolves_reading *const point = wolves_reading_find(by->str);
    const int i = reading ? wolves_reading_choice_find(point, reading->str) : -1;
    if (i >= 0) sb_printf(sb, "reading %s: %s\n", reading->str, point->choice[i].text);
    if (refusals->count > 1) {
      sb_printf(sb, "breaks %zu clauses:", refusals->count);
      for (const doc_node *r = refusals->first; r; r = r->next)
        sb_printf(sb, " %s", doc_get(r, "clause")->str);
      sb_putc(sb, '\n');
      for (const doc_node *r = refusals->first->next; r; r = r->next) /* (the first: "because:") */
        if (doc_get(r, "because"))
          sb_printf(sb, "  %s: %s\n", doc_get(r, "clause")->str, doc_get(r, "because")->str);
    }
    if (doc_get(x, "legal_instead")->kind == DOC_MAP) instead_text(sb, doc_get(x, "legal_instead"));
  } else {
    sb_puts(sb, "legal\n");
  }
  pushes_text(sb, doc_get(x, "pushes"));
  const doc_node *const effects = doc_get(x, "effects");
  if (effects->count) sb_puts(sb, "effects:\n");
  for (const doc_node *e = effects->first; e; e = e->next) {
    sb_puts(sb, "  ");
    fields_text(sb, e);
    sb_putc(sb, '\n');
  }
  const doc_node *const ch = doc_get(x, "choices");
  if (ch->count) sb_puts(sb, "chosen by the engine (name another to choose it):\n");
  for (const doc_node *c = ch->first; c; c = c->next) {
    const doc_node *const who = doc_get(c, "about");
    sb_printf(sb, "  %s%s%s: ", doc_get(c, "clause")->str, who ? " " : "", who ? who->str : "");
    yaml_flow(sb, doc_get(c, "chose"));
    sb_puts(sb, "; or");
    const char *sep = " ";
    for (const doc_node *alt = doc_get(c, "alternatives")->first; alt; alt = alt->next, sep = " | ") {
      sb_puts(sb, sep);
      yaml_flow(sb, alt);
    }
    sb_putc(sb, '\n');
  }
}

/* The picture (explain_svg.h) to path, '-' for stdout, through file_save
 * as render --svg writes it; its caption the action and the verdict. */
static int write_picture(const char *path, const wolves_game *g, const wolves_state *before,
                         const wolves_action *a, const event_list *ev, const doc_node *x) {
  strbuf cap = {0};
  legal_action_line(&cap, doc_get(x, "action"));
  const doc_node *const by = doc_get(x, "refused_by");
  if (by->kind == DOC_STR)
    sb_printf(&cap, ": refused by %s", by->str);
  else
    sb_puts(&cap, ": legal");
  char *buf = NULL;
  size_t len = 0;
  FILE *const f = strcmp(path, "-") == 0 ? stdout : open_memstream(&buf, &len);
  int rc = 2;
  if (f) {
    const int drawn = explain_svg(f, g, before, a, ev, x, cap.buf, NULL) == 0;
    if (f == stdout)
      rc = drawn ? 0 : 2;
    else
      rc = fclose(f) != 0 || !drawn ? 2 : file_save(path, buf, len, 0, NULL) ? 2 : 0;
  }
  free(buf);
  sb_free(&cap);
  return rc;
}

int cmd_explain(int argc, char **argv, const char *flags, const char *const *values) {
  if (argc != 1)
    return usage_error("explain", "%s", argc ? "explain takes one FILE" : "explain needs a FILE");
  const int json = format_option("explain", values[EXPLAIN_FORMAT]);
  if (json < 0) return 2;
  const int color = color_option("explain", values[EXPLAIN_COLOR], stdout);
  if (color < 0) return 2;
  if (values[EXPLAIN_ACTION] && values[EXPLAIN_TEXT])
    return usage_error("explain", "%s", "--action and -e cannot be combined");
  if (values[EXPLAIN_AFTER] && !values[EXPLAIN_TEXT])
    return usage_error("explain", "%s",
                       "--after goes with -e ACTION (--action N explains action N where it was taken)");
  int edition;
  if (edition_option("explain", values[EXPLAIN_EDITION], &edition)) return 2;
  scenario *sc = scenario_read_as(argv[0], edition, json);
  if (sc == NULL) return 2;
  const wolves_game *g = &sc->pos.g;
  wolves_action a;
  int rc = 2;
  const char *const svg = values[EXPLAIN_SVG];
  if (svg && strcmp(svg, "-") != 0 && scenario_output_ok(sc, "--svg", svg))
    goto done; /* never over an input */
  if (values[EXPLAIN_TEXT]) {
    size_t after;
    if (scenario_after(sc, "explain", values[EXPLAIN_AFTER], &after)) goto done;
    scenario_apply_first(sc, after);
    if (read_given(values[EXPLAIN_TEXT], g, &sc->pos.s, &a, json)) goto done;
  } else {
    uint64_t n = sc->nactions;
    if ((values[EXPLAIN_ACTION] && number_option(values[EXPLAIN_ACTION], 1, sc->nactions, &n)) || n < 1) {
      if (values[EXPLAIN_ACTION])
        err_say("wolves: --action is a number from 1 to %zu (the scenario's actions), not '%s'", sc->nactions,
                values[EXPLAIN_ACTION]);
      else
        fputs("wolves: the scenario has no actions (give one with -e)\n", stderr);
      fputs("Try 'wolves explain --help'.\n", stderr);
      goto done;
    }
    scenario_apply_first(sc, (size_t)n - 1);
    a = sc->actions[n - 1].a;
    if (sc->actions[n - 1].by_current) a.player = sc->pos.s.current;
  }
  const wolves_state before = sc->pos.s;
  wolves_state after = before;
  event_list ev = {0};
  const int refused =
      apply_logged(g, &after, &a, strchr(flags, 'a') ? WOLVES_CHECKS_ALL : WOLVES_CHECKS_FIRST, &ev, 1);
  strbuf sb = {0};
  doc d;
  doc_init(&d, "explain");
  doc_node *const x = explanation(&d, g, &before, &after, &a, &ev, refused);
  if (sc->pos.edition != WOLVES_EDITION_DEFAULT) /* the rules it was judged under, then its readings */
    doc_put(&d, x, "edition", doc_str(&d, wolves_edition_name(sc->pos.edition)));
  if (svg) {
    rc = write_picture(svg, g, &before, &a, &ev, x);
  } else {
    if (json)
      json_write(&sb, x);
    else
      explain_text(&sb, x, color);
    rc = stdout_write(&sb) ? 2 : 0;
  }
  doc_free(&d);
  if (rc == 0 && refused) rc = 1;
  sb_free(&sb);
  events_free(&ev);
done:
  scenario_close(sc);
  return rc;
}

static const option_spec explain_options[] = {FLAG("all", 0, 'a'),
                                              VALUE("action", 0, 0),
                                              VALUE(NULL, 'e', 1),
                                              VALUE("format", 0, 2),
                                              VALUE("color", 0, 3),
                                              VALUE("after", 0, 4),
                                              VALUE("svg", 0, EXPLAIN_SVG),
                                              VALUE("edition", 0, EXPLAIN_EDITION),
                                              OPTIONS_END};

const command explain_command = {
    "explain",
    "Usage: wolves explain [--all] [--action N | [--after N] -e ACTION] [--format text|json]\n"
    "                      [--color WHEN] [--svg OUT.svg] [--edition NAME] FILE\n",
    "Apply one action with every clause check recorded and print each clause checked, in\n"
    "order ('ok', or 'REFUSED'), with what it was about (a wolf, a piece, a hex) and, for\n"
    "a clause that compares a number, what the engine measured against its limit ('4\n"
    "hexes, Wolf Speed 3'); a clause checked again is folded into its first line.  Then\n"
    "the verdict: 'legal' or 'refused by ID (section)', 'because:' and why (the numbers,\n"
    "or in words), the ruling if the clause has one, and 'legal instead' with the nearest\n"
    "legal alternatives (another hex, target, payment, section, piece...); then the\n"
    "effects, then the choices the engine made for the player (a push hex, the paying\n"
    "tiles) with the alternatives the action could have named.  For a push, every hex as\n"
    "near as the nearest (and the one named) with why it qualifies or not: a token, 2\n"
    "pieces, an enemy piece, not land, farther than the nearest.  The checks come in the\n"
    "order a player argues: is the target legal at all, is it in range, which piece, then\n"
    "the payment.  Without -e the action is the scenario's action N in the position\n"
    "before it; with -e it is ACTION, written in the scenario syntax (e.g.\n"
    "'{howl: {at: C4}}'), in the position after all the scenario's actions (or its first\n"
    "--after N).  Exit status: 0 legal, 1 refused, 2 bad input, so scripts can ask\n"
    "whether an action is legal.\n"
    "\n"
    "  --all           go on after the first refusal: every clause the action breaks\n"
    "                  (the verdict is still the first)\n"
    "  --action N      explain the scenario's action N, from 1 (default: the last)\n"
    "  -e ACTION       explain ACTION, one action in YAML flow syntax\n"
    "  --after N       with -e: in the position after the first N actions, 0 to the\n"
    "                  scenario's count (default: all), as legal --after N lists them\n"
    "  --format json   print {action, legal, refused_by, section, because, measured,\n"
    "                  limit, path, ruling, ruling_of, refusals, checks, effects,\n"
    "                  choices, pushes, legal_instead}, with readings and edition when\n"
    "                  they are not the default\n"
    "  --color WHEN    REFUSED in red: auto (on a terminal, unless NO_COLOR or TERM=dumb),\n"
    "                  always or never\n"
    "  --svg OUT.svg   instead of the text, draw the action on the position before it as\n"
    "                  an SVG picture ('-': on stdout), as render --svg draws a position:\n"
    "                  a Move's path over land for each wolf (class path), the target and\n"
    "                  the hexes within Howl Range of the nearest Alpha (target, range),\n"
    "                  a pushed wolf's candidate hexes, ok or no (candidate), and the\n"
    "                  refused hex labelled with the clause ID (refused), and above the\n"
    "                  map the action, its verdict and 'because:'; never over the\n"
    "                  scenario or its start file\n" EDITION_HELP,
    explain_options, cmd_explain};
