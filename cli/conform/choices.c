/* choices.c - the choices an action leaves open (wolves-engine(5),
 * CHOICES), and what the engine is sent of them.  The rules leave the
 * acting player three choices that an action need not name: where a
 * pushed wolf goes among the nearest hexes (MOVE.PUSH_CHOICE, LAIR.PUSH),
 * which tiles and Bonus Terrain Tokens pay (PAY.CHOICE), which piece a
 * Dominate takes (DOM.WHICH).  Our engine makes an open choice by its
 * defaults; another engine may make it otherwise and still be right.
 *
 * So the engine is sent every action with every choice our engine makes
 * named (wolves_action_resolve): any engine then has nothing to choose,
 * and a difference is a difference of rules.  An engine that declares
 * `chooses` (and `state`) is sent the action as given instead, where its
 * state tells the resolutions apart, and its answer agrees when it is our
 * answer to any resolution our engine accepts (wolves_action_resolutions:
 * each nearest hex, each way to pay): the case goes on from that one. */
#include "conform/checker.h"

#include <stdlib.h>
#include <string.h>

#include "base/err.h"
#include "doc.h"
#include "json.h"
#include "protocol/engine_client.h"
#include "scenario/diff.h"
#include "scenario/vector.h"
#include "strbuf.h"
#include "wolves.h"

#define RESOLUTIONS_MAX 64 /* resolutions an open action may have; more: sent named */

typedef struct {
  wolves_action a;
  int verdict;
  wolves_state after;
} resolution;

typedef struct {
  resolution *r;
  int n;
} resolutions;

static int keep(void *ctx, const wolves_action *a, int verdict, const wolves_state *after) {
  resolutions *rs = ctx;
  if (rs->n == RESOLUTIONS_MAX) return 1;
  rs->r[rs->n++] = (resolution){*a, verdict, *after};
  return 0;
}

/* The resolutions of a at (g, s), the default first: how many, or -1 when
 * there are more than RESOLUTIONS_MAX (rs->r malloc'ed either way). */
static int resolve_all(const wolves_game *g, const wolves_state *s, const wolves_action *a, resolutions *rs) {
  rs->r = xmalloc(RESOLUTIONS_MAX * sizeof *rs->r);
  rs->n = 0;
  const long n = wolves_action_resolutions(g, s, a, keep, rs);
  return n > RESOLUTIONS_MAX || n < 0 ? -1 : rs->n;
}

/* The parts of a position the engine declares, as text (one part a line,
 * its path first): equal texts, a position the engine cannot tell apart. */
typedef struct {
  strbuf *out;
} parts_text;

static void part_text(void *ctx, const char *label, const doc_node *part, const doc_node *same) {
  parts_text *pt = ctx;
  (void)same;
  sb_puts(pt->out, label);
  sb_putc(pt->out, '=');
  json_inline(pt->out, part, (size_t)-1);
  sb_putc(pt->out, '\n');
}

static char *declared_text(const conform *c, const wolves_game *g, const wolves_state *s) {
  const position p = make_position(g, s);
  doc d;
  doc_init(&d, "wolves");
  const doc_node *root = vector_position(&d, &p);
  strbuf out = {0};
  parts_text pt = {&out};
  state_paths_walk(&c->e.fields, root, root, part_text, &pt);
  doc_free(&d);
  sb_putc(&out, '\0');
  return out.buf;
}

/* Whether the engine's answer tells every two resolutions apart that
 * differ: by the verdict, the clause (with clauses), or the parts of the
 * state it declares (all of it: any two positions that differ). */
static int told_apart(const conform *c, const wolves_game *g, const resolutions *rs) {
  const int all = state_paths_all(&c->e.fields);
  char **text = xmalloc((size_t)rs->n * sizeof *text);
  int ok = 1;
  for (int i = 0; i < rs->n; i++)
    text[i] = all || rs->r[i].verdict ? NULL : declared_text(c, g, &rs->r[i].after);
  for (int i = 0; i < rs->n && ok; i++)
    for (int j = i + 1; j < rs->n && ok; j++) {
      const resolution *x = &rs->r[i], *y = &rs->r[j];
      if ((x->verdict != 0) != (y->verdict != 0)) continue;
      if (x->verdict) { /* (refused: the position unchanged) */
        ok = x->verdict == y->verdict || (c->e.caps & ENGINE_CLAUSES);
        continue;
      }
      ok = memcmp(&x->after, &y->after, sizeof x->after) == 0 || all || strcmp(text[i], text[j]) != 0;
    }
  for (int i = 0; i < rs->n; i++) free(text[i]);
  free(text);
  return ok;
}

int choices_sent(conform *c, const wolves_game *g, const wolves_state *s, const wolves_action *a,
                 wolves_action *sent) {
  const unsigned chooses = ENGINE_CHOOSES | ENGINE_STATE;
  if ((c->e.caps & chooses) != chooses) {
    if (wolves_action_resolve(g, s, a, sent) == WOLVES_C_API_BAD_ARGUMENT) *sent = *a;
    return 0;
  }
  resolutions rs;
  const int n = resolve_all(g, s, a, &rs);
  /* (one resolution: nothing to tell apart; too many, or some the
   * engine's answer cannot tell apart: named) */
  const int open = n == 1 || (n > 1 && told_apart(c, g, &rs));
  *sent = open || rs.n == 0 ? *a : rs.r[0].a; /* (rs.r[0]: named as our engine makes them) */
  free(rs.r);
  return open && n > 1 ? n : 0;
}

int choices_follow(conform *c, const wolves_game *g, const wolves_state *before, wolves_action *a, int theirs,
                   int judged, const char *their_clause, diff_report *dr, int *state_compared, int *ways) {
  resolutions rs;
  const int n = resolve_all(g, before, a, &rs);
  int rc = 0, first_applied = -1;
  *state_compared = 0;
  *ways = n;
  for (int i = 0; i < n && first_applied < 0; i++)
    if (rs.r[i].verdict == 0) first_applied = i;
  if (theirs == 1) { /* refused: by a resolution that is refused, by the clause the engine names */
    for (int i = 0; i < n && rc == 0; i++)
      if (rs.r[i].verdict &&
          (!(c->e.caps & ENGINE_CLAUSES) || strcmp(clause_id(rs.r[i].verdict), their_clause) == 0))
        rc = i + 1;
  } else if (first_applied >= 0 && judged) { /* applied, judged: a verdict alone, its state unchanged */
    rc = first_applied + 1;
  } else if (first_applied >= 0) { /* applied: as a resolution that applies, by its state */
    int matched;
    const doc_node *state = engine_state(c, g, &rs.r[first_applied].after, &matched);
    rc = state == NULL ? (matched == 2 ? first_applied + 1 : -1) : matched ? first_applied + 1 : 0;
    for (int i = first_applied + 1; i < n && rc == 0; i++) {
      diff_report none;
      diff_init(&none, 0);
      if (rs.r[i].verdict == 0 && state_differences(c, g, &rs.r[i].after, state, &none) == 0) rc = i + 1;
      diff_free(&none);
      sb_free(&none.out);
    }
    /* none: the differences from our default (when our default is
     * refused, the verdicts differ: said so) */
    if (rc == 0 && first_applied == 0) state_differences(c, g, &rs.r[0].after, state, dr);
    *state_compared = rc > 0 || (rc == 0 && first_applied == 0);
  }
  if (rc > 0) *a = rs.r[rc - 1].a;
  free(rs.r);
  return rc;
}
