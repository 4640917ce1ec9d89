/* perft.c - see perft.h.  A depth-first walk over wolves_legal_actions and
 * wolves_apply on copies of the flat state; at depth 1 the length of the
 * list is the count (the generator has verified each action already, as
 * chess programs count "bulk" at the last ply). */
#include "perft.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "export.h"
#include "json.h"
#include "read.h"
#include "moves.h"
#include "scenario.h"
#include "strbuf.h"

enum { PERFT_AFTER, PERFT_DEPTH, PERFT_FORMAT_OPT };

/* (Each ply's legal actions are listed in a legal_buf of its own.) */

static uint64_t walk(const wolves_game *g, const wolves_state *s, int depth, legal_buf *p,
                     uint64_t *refused) {
  const int n = legal_list(g, s, p);
  if (depth <= 1) return (uint64_t)n;
  uint64_t total = 0;
  for (int i = 0; i < n; i++) {
    wolves_state next = *s;
    if (wolves_apply(g, &next, &p->buf[i], NULL) != WOLVES_OK) {
      ++*refused;
      continue;
    }
    total += walk(g, &next, depth - 1, p + 1, refused);
  }
  return total;
}

static uint64_t count_with(const wolves_game *g, const wolves_state *s, int depth, legal_buf plies[],
                           uint64_t *refused) {
  uint64_t none = 0;
  return walk(g, s, depth, plies, refused ? refused : &none);
}

static void plies_free(legal_buf plies[]) {
  for (int i = 0; i < PERFT_MAX_DEPTH; i++) free(plies[i].buf);
}

uint64_t perft_count(const wolves_game *g, const wolves_state *s, int depth, uint64_t *refused) {
  legal_buf plies[PERFT_MAX_DEPTH] = {{0}};
  const uint64_t n = count_with(g, s,
                                depth < 1                 ? 1
                                : depth > PERFT_MAX_DEPTH ? PERFT_MAX_DEPTH
                                                          : depth,
                                plies, refused);
  plies_free(plies);
  return n;
}

/* ---- the table of `wolves export` ---- */

/* Games of `wolves play` (seeds of the bundled scenarios/games/), at the
 * start (the draft), when play begins (the draft done), in the middle,
 * near the end, and where a Moonlight phase waits to be scored at the end
 * of the turn.  The depths keep the whole table to about a second. */
static const perft_entry table[] = {
    {"start-2p", "2 players: the start, before the draft", 2, 1, 0, 3},
    {"start-3p", "3 players: the start, before the draft", 3, 109, 0, 4},
    {"start-4p", "4 players: the start, before the draft", 4, 111, 0, 4},
    {"start-5p", "5 players: the start, before the draft", 5, 100, 0, 4},
    {"play-2p", "2 players: the first turn of play, the draft done", 2, 1, 4, 4},
    {"play-3p", "3 players: the first turn of play, the draft done", 3, 109, 6, 3},
    {"play-4p", "4 players: the first turn of play, the draft done", 4, 111, 8, 3},
    {"play-5p", "5 players: the first turn of play, the draft done", 5, 100, 10, 3},
    {"mid-3p", "3 players: mid-game, turn 19", 3, 2012, 61, 2},
    {"mid-5p", "5 players: mid-game, turn 36", 5, 100, 118, 2},
    {"pending-3p", "3 players: the crescent phase reached this turn, scored when the turn ends", 3, 109, 54,
     3},
    {"late-2p", "2 players: late game, turn 60", 2, 1, 188, 3},
    {"end-4p", "4 players: the full moon reached this turn: ending it ends the game", 4, 111, 149, 4},
};

#define TABLE_SIZE ((int)(sizeof table / sizeof *table))

int perft_table_size(void) { return TABLE_SIZE; }

const perft_entry *perft_table_entry(int i) { return i >= 0 && i < TABLE_SIZE ? &table[i] : NULL; }

int perft_table_position(const perft_entry *e, wolves_game *g, wolves_state *s) {
  static const uint8_t seating[] = {WOLVES_ROCKY, WOLVES_GRASS, WOLVES_TUNDRA, WOLVES_DESERT, WOLVES_FOREST};
  wolves_rng rng;
  wolves_action a;
  if (wolves_setup(g, s, e->players, seating, e->players == 2 ? WOLVES_FOREST : WOLVES_NONE, e->seed, NULL))
    return -1;
  wolves_rng_seed(&rng, e->seed);
  for (int i = 0; i < e->actions; i++)
    if (!wolves_sample(g, s, &rng, &a, NULL) || wolves_apply(g, s, &a, NULL) != WOLVES_OK) return -1;
  return 0;
}

doc_node *perft_table_write(doc *d) {
  doc_node *const root = doc_map(d), *const list = doc_seq(d);
  doc_put(d, root, "format", doc_str(d, PERFT_FORMAT));
  doc_put(d, root, "set", doc_str(d, PERFT_SET));
  legal_buf plies[PERFT_MAX_DEPTH] = {{0}};
  for (int i = 0; i < TABLE_SIZE; i++) {
    const perft_entry *const e = &table[i];
    position pos = {0};
    if (perft_table_position(e, &pos.g, &pos.s)) continue;
    doc_node *const m = doc_map(d), *const game = doc_map(d), *const counts = doc_seq(d);
    doc_put(d, m, "name", doc_str(d, e->name));
    doc_put(d, m, "about", doc_str(d, e->about));
    doc_put(d, game, "players", doc_int(d, e->players));
    doc_put(d, game, "seed", doc_int(d, (long long)e->seed));
    doc_put(d, game, "actions", doc_int(d, e->actions));
    game->layout = DOC_INLINE;
    doc_put(d, m, "game", game);
    doc_put(d, m, "position", export_position(d, &pos));
    for (int k = 1; k <= e->depth; k++)
      doc_push(counts, doc_int(d, (long long)count_with(&pos.g, &pos.s, k, plies, NULL)));
    doc_put(d, m, "counts", counts);
    doc_push(list, m);
  }
  plies_free(plies);
  doc_put(d, root, "positions", list);
  return root;
}

/* ---- the command ---- */

/* The player to act, WOLVES_NONE once the game is over. */
static uint8_t to_act(const wolves_game *g, const wolves_state *s) {
  return s->phase == WOLVES_PHASE_DRAFT  ? wolves_draft_player(g, s)
         : s->phase == WOLVES_PHASE_PLAY ? s->current
                                         : WOLVES_NONE;
}

/* An action as `legal` prints it: `howl: {at: C4}`, `end_turn`. */
static void action_line(strbuf *sb, const doc_node *item) {
  const doc_node *const args = item->first;
  sb_puts(sb, args->key);
  if (args->kind == DOC_NULL) return;
  sb_puts(sb, ": ");
  yaml_flow(sb, args);
}

int cmd_perft(int argc, char **argv, const char *flags, const char *const *values) {
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
  scenario *sc = scenario_read(argv[0]);
  if (sc == NULL) return 2;
  size_t after;
  if (scenario_after(sc, "perft", values[PERFT_AFTER], &after)) {
    scenario_close(sc);
    return 2;
  }
  scenario_apply_first(sc, after);
  const wolves_game *const g = &sc->pos.g;
  const wolves_state *const s = &sc->pos.s;
  legal_buf plies[PERFT_MAX_DEPTH + 1] = {{0}};
  uint64_t refused = 0, total = 0;
  doc d;
  doc_init(&d, "perft");
  doc_node *const root = doc_map(&d), *const list = doc_seq(&d);
  const uint8_t p = to_act(g, s);
  doc_put(&d, root, "depth", doc_int(&d, (long long)depth));
  doc_put(&d, root, "phase", doc_str(&d, names_word(NAMES_GAME_PHASE, s->phase)));
  doc_put(&d, root, "player",
          p < g->nplayers ? doc_str(&d, wolves_terrain_name(s->player[p].pack)) : doc_new(&d, DOC_NULL));
  doc_put(&d, root, "turn", doc_int(&d, s->turn));
  doc_put(&d, root, "actions_taken", doc_int(&d, s->actions_taken));
  if (divide) {
    /* the first ply's list stays in plies[0]; the walk below it uses plies[1..] */
    const int n = legal_list(g, s, &plies[0]);
    for (int i = 0; i < n; i++) {
      uint64_t c = 1;
      if (depth > 1) {
        wolves_state next = *s;
        if (wolves_apply(g, &next, &plies[0].buf[i], NULL) != WOLVES_OK) {
          refused++;
          continue;
        }
        c = count_with(g, &next, (int)depth - 1, plies + 1, &refused);
      }
      doc_node *const m = doc_map(&d);
      doc_put(&d, m, "action", action_write(&d, g, s, &plies[0].buf[i]));
      doc_put(&d, m, "count", doc_int(&d, (long long)c));
      doc_push(list, m);
      total += c;
    }
  } else {
    total = count_with(g, s, (int)depth, plies, &refused);
  }
  doc_put(&d, root, "count", doc_int(&d, (long long)total));
  if (divide) doc_put(&d, root, "divide", list);
  strbuf sb = {0};
  if (json) {
    json_write(&sb, root);
  } else {
    for (const doc_node *m = list->first; m; m = m->next) {
      action_line(&sb, doc_get(m, "action"));
      sb_printf(&sb, ": %lld\n", doc_get(m, "count")->num);
    }
    if (divide) sb_putc(&sb, '\n');
    sb_printf(&sb, "perft %d: %llu\n", (int)depth, (unsigned long long)total);
  }
  int rc = fwrite(sb.buf, 1, sb.len, stdout) != sb.len || fflush(stdout) != 0 ? 2 : 0;
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
