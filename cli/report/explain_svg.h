/* explain_svg.h - `wolves explain --svg`: the explained action drawn on
 * the position before it (render.h, render_svg_action). */
#ifndef CLI_EXPLAIN_SVG_H
#define CLI_EXPLAIN_SVG_H

#include <stdio.h>

#include "doc.h"
#include "events_doc.h"
#include "wolves.h"

/* Draws action a on `before`: each moving wolf's path over land
 * (wolves_land_path; class "path", or "path unreachable" as the crow
 * flies when no walk joins the hexes), its start ("from"); the target of a
 * Howl, Dominate, Build Den or Upgrade ("target"); for a Howl or Dominate
 * the hexes within Howl Range of the acting pack's Alpha nearest the
 * target ("range"); each pushed wolf's candidate hexes ("candidate
 * qualifies" or "candidate excluded", labelled ok or no, the reason as
 * tooltip); and the hex the refusal names ("refused", labelled with the
 * clause ID, the `because` as tooltip).  ev: the events of applying it;
 * x: its explanation (explain --format json: refused_by, because,
 * pushes); caption: a line above the map, the `because` under it.
 * id_prefix: NULL for a standalone document, else the prefix of an
 * inline picture's ids.
 * Returns 0, or -1 on a write error. */
int explain_svg(FILE *out, const wolves_game *g, const wolves_state *before, const wolves_action *a,
                const event_list *ev, const doc_node *x, const char *caption, const char *id_prefix);

/* The same for an action of a scenario's run (wolves test --html): the
 * action applied to `before` again, its checks logged, the explanation
 * only what the picture needs (refused_by, because, pushes). */
int explain_svg_refusal(FILE *out, const wolves_game *g, const wolves_state *before, const wolves_action *a,
                        const char *caption, const char *id_prefix);

#endif
