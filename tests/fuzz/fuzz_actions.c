/* fuzz_actions.c - libFuzzer harness for wolves_apply: arbitrary action
 * sequences on a loaded position.
 *
 * The first byte picks the start position: 0 a standard game from
 * wolves_setup (player count and seed from the next 9 bytes), otherwise
 * one of the scenarios under $WOLVES_FUZZ_SCENARIOS (default "scenarios"
 * and tests/fuzz/seeds, whose positions override component data),
 * loaded once and run to its end.  Then each opcode byte is one action (at
 * most MAX_ACTIONS):
 *   1xxxxxxx  a legal action (wolves_legal_actions), index from the next byte
 *   01xxxxxx  a legal action with one byte overwritten (offset, value: 2 bytes)
 *   00xxxxxx  raw bytes, any field values (sizeof wolves_action bytes);
 *             with bit 5 the acting player is the current one
 * Each action is applied twice, with and without a log (its checks mode,
 * up to WOLVES_CHECKS_ALL, from the target's low bits).  Asserted: the two
 * agree; a refusal returns a clause ID and leaves the state byte-identical,
 * with one REFUSE event for that clause last in the log; a legal action is
 * applied; wolves_invariants holds after every applied action.  A custom
 * scenario may start with fewer pieces than a pack owns, which the
 * invariants count as "not conserved": from such a position the one
 * violation it starts with is allowed, and nothing else. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/input.h"
#include "scenario/scenario.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_LEGAL 1024
#define MAX_ACTIONS 100
#define LOG_CAP 48

typedef struct {
  wolves_game g;
  wolves_state s;
  const char *broken; /* the invariant it starts without, or NULL */
} start_pos;

static start_pos *starts;
static size_t nstarts;

static const char *broken(const wolves_game *g, const wolves_state *s) {
  uint8_t where;
  return wolves_invariants(g, s, &where);
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  const char *dir = getenv("WOLVES_FUZZ_SCENARIOS");
  path_list files = {0};
  if (files_collect(dir ? dir : "scenarios", &files) != 0) return 0;
  if (!dir) (void)files_collect("tests/fuzz/seeds", &files);
  starts = malloc((files.len ? files.len : 1) * sizeof *starts);
  size_t skipped = 0;
  for (size_t i = 0; i < files.len; i++) {
    scenario sc;
    cli_err e = {0};
    if (scenario_load(&sc, files.paths[i], &e) == 0 && scenario_run(&sc, 0, &e) == 0) {
      memcpy(&starts[nstarts].g, &sc.pos.g, sizeof sc.pos.g);
      memcpy(&starts[nstarts].s, &sc.pos.s, sizeof sc.pos.s);
      starts[nstarts].broken = broken(&sc.pos.g, &sc.pos.s);
      nstarts++;
    } else {
      skipped++;
    }
    scenario_free(&sc);
  }
  size_t partial = 0;
  for (size_t i = 0; i < nstarts; i++) partial += starts[i].broken != NULL;
  fprintf(stderr, "fuzz_actions: %zu start positions from %s (%zu skipped, %zu starting with a violation)\n",
          nstarts, dir ? dir : "scenarios", skipped, partial);
  paths_free(&files);
  return 0;
}

typedef struct {
  const uint8_t *p;
  size_t n;
} input;

static uint8_t byte(input *in) {
  if (in->n == 0) return 0;
  in->n--;
  return *in->p++;
}

static void fail(const char *what, const wolves_action *a, int rc) {
  fprintf(stderr, "fuzz_actions: %s (rc %d, action kind %u player %u target %u)\n", what, rc, a->kind,
          a->player, a->target);
  abort();
}

static int setup_game(wolves_game *g, wolves_state *s, input *in) {
  const int nplayers = 2 + byte(in) % 4;
  uint64_t seed = 0;
  for (int i = 0; i < 8; i++) seed = seed << 8 | byte(in);
  const uint8_t first = byte(in) % WOLVES_TERRAINS;
  uint8_t packs[WOLVES_MAX_PLAYERS];
  for (int i = 0; i < nplayers; i++) packs[i] = (uint8_t)((first + i) % WOLVES_TERRAINS);
  const uint8_t ai = (uint8_t)((first + nplayers) % WOLVES_TERRAINS);
  memset(g, 0, sizeof *g);
  memset(s, 0, sizeof *s);
  const int rc = wolves_setup(g, s, nplayers, packs, ai, seed, NULL);
  /* the readings from the seed's top bits, so no input byte moves */
  for (int p = 0; p < WOLVES_READINGS; p++) g->reading[p] = (uint8_t)(seed >> (63 - p) & 1);
  return rc;
}

/* Applies a; checks everything the header promises. */
static void apply_checked(const wolves_game *g, wolves_state *s, const wolves_action *a, int legal,
                          const char *allowed) {
  static wolves_state before, quiet;
  wolves_event ev[LOG_CAP];
  wolves_log log = {ev, 0, LOG_CAP, 0, a->target % (WOLVES_CHECKS_ALL + 1)};
  memcpy(&before, s, sizeof before);
  memcpy(&quiet, s, sizeof quiet);
  const int rc = wolves_apply(g, s, a, &log);
  const int rc2 = wolves_apply(g, &quiet, a, NULL);
  if (rc != rc2 || memcmp(s, &quiet, sizeof quiet) != 0) fail("the log changed the outcome", a, rc);
  if (log.len > log.cap) fail("the log overflowed its buffer", a, rc);
  if (rc != 0) {
    if (rc < 0 || rc >= WOLVES_CLAUSE_COUNT) fail("a refusal that is not a clause ID", a, rc);
    if (memcmp(s, &before, sizeof before) != 0) fail("a refused action changed the state", a, rc);
    if (log.dropped == 0 &&
        (log.len == 0 || ev[log.len - 1].kind != WOLVES_EV_REFUSE || ev[log.len - 1].clause != rc))
      fail("a refusal without its REFUSE event last in the log", a, rc);
    if (legal) fail("wolves_legal_actions listed an action wolves_apply refuses", a, rc);
    return;
  }
  const char *why = broken(g, s);
  if (why && (!allowed || strcmp(why, allowed) != 0)) fail(why, a, rc);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static wolves_game g;
  static wolves_state s;
  static wolves_action legal[MAX_LEGAL];
  input in = {data, size};
  const size_t pick = byte(&in) % (nstarts + 1);
  const char *allowed = NULL;
  if (pick == 0) {
    if (setup_game(&g, &s, &in) != 0) return 0;
  } else {
    memcpy(&g, &starts[pick - 1].g, sizeof g);
    memcpy(&s, &starts[pick - 1].s, sizeof s);
    allowed = starts[pick - 1].broken;
  }
  for (int k = 0; k < MAX_ACTIONS && in.n > 0; k++) {
    const uint8_t op = byte(&in);
    wolves_action a;
    memset(&a, 0, sizeof a);
    if (op & 0xC0) {
      int n = wolves_legal_actions(&g, &s, legal, MAX_LEGAL);
      if (n > MAX_LEGAL) n = MAX_LEGAL;
      if (n <= 0) continue;
      a = legal[byte(&in) % n];
      if (!(op & 0x80)) {
        const uint8_t at = byte(&in) % sizeof a;
        ((uint8_t *)&a)[at] = byte(&in);
      }
      apply_checked(&g, &s, &a, (op & 0x80) != 0, allowed);
    } else {
      for (size_t i = 0; i < sizeof a; i++) ((uint8_t *)&a)[i] = byte(&in);
      if (op & 0x20) a.player = s.current;
      apply_checked(&g, &s, &a, 0, allowed);
    }
  }
  return 0;
}
