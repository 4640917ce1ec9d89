/* perft.c - `wolves perft`: move-generator counts of the position a
 * scenario reaches, as chess engines check theirs.  The counting is perft_table.c's; here the
 * position a scenario reaches, --divide and the report. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/err.h"
#include "base/options.h"
#include "base/output.h"
#include "commands/commands.h"
#include "json.h"
#include "read.h"
#include "scenario/moves.h"
#include "scenario/perft_table.h"
#include "scenario/scenario.h"
#include "strbuf.h"

/* values[] slots */
enum { PERFT_AFTER, PERFT_DEPTH, PERFT_FORMAT_OPT, PERFT_EDITION };

static int cmd_perft(int argc, char **argv, const char *flags, const char *const *values) {
  if (argc != 1) return usage_error("perft", "%s", argc ? "perft takes one FILE" : "perft needs a FILE");
  const int json = format_option("perft", values[PERFT_FORMAT_OPT]);
  if (json < 0) return 2;
  uint64_t depth;
  if (!values[PERFT_DEPTH]) return usage_error("perft", "%s", "perft needs --depth N (1 to 10)");
  if (number_option(values[PERFT_DEPTH], 1, PERFT_MAX_DEPTH, &depth)) {
    char fmt[64];
    snprintf(fmt, sizeof fmt, "--depth is a number from 1 to %d, not '%%s'", PERFT_MAX_DEPTH);
    return usage_error("perft", fmt, values[PERFT_DEPTH]);
  }
  const int divide = strchr(flags, 'd') != NULL;
  int edition;
  if (edition_option("perft", values[PERFT_EDITION], &edition)) return 2;
  scenario *sc = scenario_read_after_as(argv[0], edition, "perft", values[PERFT_AFTER], json);
  if (sc == NULL) return 2;
  const wolves_game *const g = &sc->pos.g;
  const wolves_state *const s = &sc->pos.s;
  legal_buf plies[PERFT_MAX_DEPTH + 1] = {{0}};
  uint64_t refused = 0, total = 0;
  perft_work work = PERFT_WORK; /* one bound for the whole count, --divide's too */
  doc d;
  doc_init(&d, "perft");
  doc_node *const root = doc_map(&d), *const list = doc_seq(&d);
  const uint8_t p = legal_player(g, s);
  doc_put(&d, root, "depth", doc_int(&d, (long long)depth));
  doc_put(&d, root, "phase", doc_str(&d, names_word(NAMES_GAME_PHASE, s->phase)));
  doc_put(&d, root, "player",
          p < g->nplayers ? doc_str(&d, wolves_terrain_name(s->player[p].pack)) : doc_new(&d, DOC_NULL));
  doc_put(&d, root, "turn", doc_int(&d, s->turn));
  doc_put(&d, root, "actions_taken", doc_int(&d, s->actions_taken));
  if (divide) {
    /* the first ply's list stays in plies[0]; the walk below it uses plies[1..] */
    const int n = legal_list(g, s, &plies[0]);
    for (int i = 0; i < n && !work.over; i++) {
      uint64_t c = 1;
      if (depth > 1) {
        wolves_state next = *s;
        if (wolves_apply(g, &next, &plies[0].buf[i], NULL) != WOLVES_OK) {
          refused++;
          continue;
        }
        c = perft_count_with(g, &next, (int)depth - 1, plies + 1, &refused, &work);
      }
      doc_node *const m = doc_map(&d);
      doc_put(&d, m, "action", action_write(&d, g, s, &plies[0].buf[i]));
      doc_put(&d, m, "count", doc_int(&d, (long long)c));
      doc_push(list, m);
      total += c;
    }
  } else {
    total = perft_count_with(g, s, (int)depth, plies, &refused, &work);
  }
  if (work.over) { /* nothing on stdout: a partial count would read as a count */
    const int positions = work.over == PERFT_OVER_POSITIONS;
    err_say("wolves: perft: more than %u %s listed before the count at depth %d was done: too many to count "
            "(a smaller --depth counts fewer)",
            positions ? PERFT_POSITIONS_MAX : PERFT_ACTIONS_MAX, positions ? "positions" : "actions",
            (int)depth);
    doc_free(&d);
    for (int i = 0; i <= PERFT_MAX_DEPTH; i++) free(plies[i].buf);
    scenario_close(sc);
    return 2;
  }
  doc_put(&d, root, "count", doc_int(&d, (long long)total));
  if (divide) doc_put(&d, root, "divide", list);
  strbuf sb = {0};
  if (json) {
    json_write(&sb, root);
  } else {
    for (const doc_node *m = list->first; m; m = m->next) {
      legal_action_line(&sb, doc_get(m, "action"));
      sb_printf(&sb, ": %lld\n", doc_get(m, "count")->num);
    }
    if (divide) sb_putc(&sb, '\n');
    sb_printf(&sb, "perft %d: %llu\n", (int)depth, (unsigned long long)total);
  }
  int rc = stdout_write(&sb);
  if (refused && rc == 0) {
    err_say("wolves: perft: %llu listed actions were refused when applied (the move generator and the engine "
            "disagree)",
            (unsigned long long)refused);
    rc = 1;
  }
  sb_free(&sb);
  doc_free(&d);
  for (int i = 0; i <= PERFT_MAX_DEPTH; i++) free(plies[i].buf);
  scenario_close(sc);
  return rc;
}

static const option_spec perft_options[] = {VALUE("after", 0, 0),
                                            VALUE("depth", 0, 1),
                                            VALUE("format", 0, 2),
                                            FLAG("divide", 0, 'd'),
                                            VALUE("edition", 0, PERFT_EDITION),
                                            OPTIONS_END};

const command perft_command = {
    "perft",
    "Usage: wolves perft --depth N [--divide] [--after N] [--format text|json] [--edition NAME] FILE\n",
    "Count the sequences of N actions from the position a scenario reaches (after all its\n"
    "actions, or its first --after N), over the actions `wolves legal` lists: each draft\n"
    "placement; a Move of one wolf (default push and payment), a Build Den per attribute, an\n"
    "Upgrade, a Howl, a Dominate (of a Den per attribute), end_turn when legal.  A sequence\n"
    "that ends the game before N actions counts 0.  As chess engines check their move\n"
    "generators: a count that differs from another engine's is traced with --divide, one\n"
    "action at a time.\n"
    "\n"
    "  --depth N       the length of the sequences, 1 to 10 (required); a count that lists\n"
    "                  the actions of more than 500000 positions, or more than 20000000\n"
    "                  actions, is refused (exit 2)\n"
    "  --divide        the count under each first action, in the order legal lists them\n"
    "  --after N       the position after the first N actions, 0 to the scenario's count\n"
    "  --format json   print {depth, phase, player, turn, actions_taken, count, divide:\n"
    "                  [{action, count}]}\n" EDITION_HELP,
    perft_options, cmd_perft};
