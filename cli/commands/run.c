/* run.c - `wolves run FILE`: apply a scenario's actions and print the
 * resulting state as canonical JSON (itself a scenario), or its event log
 * as JSON Lines (--events); --derived adds facts computed from the state
 * (scenario/derived.h). */

#include <string.h>

#include "base/err.h"
#include "base/input.h"
#include "base/output.h"
#include "commands/commands.h"
#include "json.h"
#include "scenario/derived.h"
#include "scenario/scenario.h"

/* The event log of a run, one JSON object per line (JSON Lines). */
static void events_lines(strbuf *sb, const doc_node *state) {
  const doc_node *events = doc_get(state, "events");
  for (const doc_node *ev = events ? events->first : NULL; ev; ev = ev->next) {
    json_inline(sb, ev, (size_t)-1);
    sb_putc(sb, '\n');
  }
}

enum { RUN_EVENTS, RUN_AFTER, RUN_EDITION };
static int cmd_run(int argc, char **argv, const char *flags, const char *const *values) {
  if (argc != 1) return usage_error("run", "%s", argc ? "run takes one FILE" : "run needs a FILE");
  const char *events = values[RUN_EVENTS];
  if (events && !*events) return usage_error("run", "%s", "--events needs a FILE ('-': standard output)");
  if (events && strcmp(events, "-") == 0 && has_flag(flags, 'd'))
    return usage_error("run", "%s",
                       "--derived adds to the state: not with --events - (the event log instead)");
  if (files_is_dir(argv[0])) { /* (a suite: what test is for) */
    err_say("wolves: %s is a directory: 'wolves test %s' runs every scenario under it", argv[0], argv[0]);
    return 2;
  }
  int edition;
  if (edition_option("run", values[RUN_EDITION], &edition)) return 2;
  scenario *sc = scenario_read(argv[0], edition);
  if (sc == NULL) return 2;
  size_t after;
  cli_err e = {0};
  if (scenario_after(sc, "run", values[RUN_AFTER], &after)) {
    scenario_close(sc);
    return 2;
  }
  sc->nactions = after; /* the scenario as if it stopped there */
  if (scenario_run(sc, has_flag(flags, 'c'), &e)) {
    err_print(&e, stderr);
    scenario_close(sc);
    return 2;
  }
  if (has_flag(flags, 'd')) { /* the canonical state, then the facts derived from it */
    doc_put(&sc->out, sc->out.root, "derived", derived_write(&sc->out, &sc->pos.g, &sc->pos.s));
    sc->json.len = 0;
    json_write(&sc->json, sc->out.root);
  }
  strbuf lines = {0};
  int rc = events && strcmp(events, "-") != 0 ? scenario_output_ok(sc, "--events", events) : 0;
  if (events) events_lines(&lines, sc->out.root);
  if (rc) {
    /* nothing written */
  } else if (events && strcmp(events, "-") == 0) {
    rc = stdout_write(&lines);
  } else {
    if (events && file_save(events, lines.buf ? lines.buf : "", lines.len, 0, NULL)) rc = 2;
    if (rc == 0) rc = stdout_write(&sc->json);
  }
  sb_free(&lines);
  scenario_close(sc);
  return rc;
}

static const option_spec run_options[] = {FLAG("checks", 0, 'c'),           VALUE("events", 0, RUN_EVENTS),
                                          VALUE("after", 0, RUN_AFTER),     FLAG("derived", 0, 'd'),
                                          VALUE("edition", 0, RUN_EDITION), OPTIONS_END};

const command run_command = {
    "run", "Usage: wolves run [--after N] [--checks] [--derived] [--edition NAME] [--events FILE] FILE\n",
    "Apply the scenario's actions and print the resulting state as canonical JSON on stdout.\n"
    "FILE '-' reads standard input.  The output is itself a valid scenario.\n"
    "\n"
    "  --after N       apply only the first N actions, 0 to the scenario's count (default:\n"
    "                  all): the state as if the scenario stopped there\n"
    "  --checks        include the clause checks that allowed each action (event \"check\")\n"
    "  --derived       add \"derived\": {hexes: {HEX: {kind, terrain, region, pieces, token}},\n"
    "                  regions: {R: {control, alphas, leaders}}, final_scores: {PACK: {total,\n"
    "                  rank}}, winners}, facts computed from the state for reading (a scenario\n"
    "                  cannot hold them: delete the block to feed the output back)\n" EDITION_HELP
    "  --events FILE   also write the event log as JSON Lines, one event per line, to FILE\n"
    "                  ('-': the event log on stdout instead of the state)\n",
    run_options, cmd_run};
