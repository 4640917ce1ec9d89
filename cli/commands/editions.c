/* editions.c - `wolves clauses --edition NAME`: what an edition profile
 * (core/editions.c) changes against the default, the rulings the catalog
 * records: each clause whose reading it takes otherwise, that reading and
 * what the engine does under it.  The EDITIONS section of wolves(1)
 * states the same facts (tests/cli/editions.test holds the two alike). */
#include <stdio.h>

#include "base/output.h"
#include "commands/commands.h"
#include "doc.h"
#include "json.h"
#include "strbuf.h"
#include "wolves.h"

/* {edition, title, default, changes: [{clause, reading, text, instead}]}:
 * instead is the default's reading of the clause. */
static doc_node *edition_write(doc *d, int e) {
  doc_node *const root = doc_map(d), *const changes = doc_seq(d);
  doc_put(d, root, "edition", doc_str(d, wolves_edition_name(e)));
  doc_put(d, root, "title", doc_str(d, wolves_edition_title(e)));
  doc_put(d, root, "default", doc_bool(d, e == WOLVES_EDITION_DEFAULT));
  for (int p = 0; p < WOLVES_READINGS; p++) {
    const int i = wolves_edition_reading(e, p);
    if (i == wolves_edition_reading(WOLVES_EDITION_DEFAULT, p)) continue;
    const wolves_reading *const r = wolves_reading_at(p);
    doc_node *const m = doc_map(d);
    doc_put(d, m, "clause", doc_str(d, wolves_clause_get(r->clause)->id));
    doc_put(d, m, "reading", doc_str(d, r->choice[i].name));
    doc_put(d, m, "text", doc_str(d, r->choice[i].text));
    doc_put(d, m, "instead", doc_str(d, r->choice[wolves_edition_reading(WOLVES_EDITION_DEFAULT, p)].name));
    doc_push(changes, m);
  }
  doc_put(d, root, "changes", changes);
  return root;
}

static void edition_text(strbuf *sb, const doc_node *x) {
  const doc_node *const changes = doc_get(x, "changes");
  sb_printf(sb, "edition %s: %s\n", doc_get(x, "edition")->str, doc_get(x, "title")->str);
  if (doc_get(x, "default")->num) {
    sb_puts(sb, "the default: every clause read as the catalog rules it (wolves clauses ID lists a\n"
                "clause's readings; the first is the default's)\n");
    return;
  }
  if (changes->count == 0) {
    sb_puts(sb, "changes nothing against the default (wolves): every reading it takes is ours\n");
    return;
  }
  sb_printf(sb, "changes %zu clause%s against the default (wolves):\n", changes->count,
            changes->count == 1 ? "" : "s");
  for (const doc_node *c = changes->first; c; c = c->next) {
    sb_printf(sb, "%-24s %s (instead of %s)\n", doc_get(c, "clause")->str, doc_get(c, "reading")->str,
              doc_get(c, "instead")->str);
    sb_printf(sb, "  %s\n", doc_get(c, "text")->str);
  }
}

int clauses_edition(const char *name, int json) {
  int e;
  if (edition_option("clauses", name, &e)) return 2;
  doc d;
  doc_init(&d, "edition");
  const doc_node *const x = edition_write(&d, e);
  strbuf sb = {0};
  if (json)
    json_write(&sb, x);
  else
    edition_text(&sb, x);
  const int rc = stdout_write(&sb);
  sb_free(&sb);
  doc_free(&d);
  return rc;
}
