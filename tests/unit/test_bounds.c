/* test_bounds.c - the limits of bounds.h sit above what wolves writes:
 * every event the engine can record prints on a line of at most
 * EVENT_LINE_MAX bytes and 12 nodes, so EVENTS_MAX of them fit in
 * FILE_MAX and DOC_NODES_MAX. */
#include <stdlib.h>

#include "bounds.h"
#include "events_doc.h"
#include "json.h"
#include "state_doc.h"
#include "unit.h"

/* Room for the rest of a state (map, pieces, players, data: under 64 KiB,
 * under 10000 nodes) and a title of TITLE_MAX bytes escaped (6 each). */
#define STATE_PART_BYTES (64u << 10)
#define STATE_PART_NODES 10000
_Static_assert((unsigned long long)EVENTS_MAX *EVENT_LINE_MAX + STATE_PART_BYTES + 6ull * TITLE_MAX <=
                   FILE_MAX,
               "FILE_MAX holds EVENTS_MAX of the longest event lines");
_Static_assert(EVENTS_MAX * 12ll + STATE_PART_NODES + 60ll * ACTIONS_MAX <= DOC_NODES_MAX,
               "DOC_NODES_MAX holds EVENTS_MAX events and ACTIONS_MAX actions");

/* 5 players, and a hex with the longest name a map can have (BL64). */
static int longest_position(position *pos, doc *d) {
  strbuf text = {0};
  sb_puts(&text, "players: {rocky: , grass: , tundra: , desert: , forest: }\nboard:\n  map:\n");
  for (int row = 1; row < 64; row++) sb_puts(&text, "    - \"..\"\n");
  sb_puts(&text, "    - \"");
  for (int col = 1; col < 64; col++) sb_puts(&text, ".. ");
  sb_puts(&text, "Fa\"\n");
  cli_err e = {0};
  doc_init(d, "longest");
  memset(pos, 0, sizeof *pos);
  const int rc = doc_parse(d, text.buf, text.len, &e) || state_read(d->root, pos, 0, &e);
  if (rc) printf("%s:%d:%d: %s\n", e.file, e.line, e.col, e.msg);
  free(text.buf);
  return rc;
}

/* The events the engine can record: a refusal names a restriction, a
 * block HUNT.ONE_PER_TYPE; every other kind carries no reason. */
static int recordable(int kind, int clause) {
  const wolves_clause_info *c = wolves_clause_get(clause);
  if (kind == WOLVES_EV_REFUSE) return c && c->kind == WOLVES_RESTRICTION;
  if (kind == WOLVES_EV_BLOCK) return clause == WOLVES_C_HUNT_ONE_PER_TYPE;
  return 1;
}

static void longest_event_line(unit *u) {
  position pos;
  doc in;
  if (longest_position(&pos, &in)) {
    UNIT_FAIL_AT(u, "the position does not load");
    doc_free(&in);
    return;
  }
  char name[8];
  wolves_hex_name(&pos.g.board, 0, name, sizeof name);
  EXPECT_STR(u, name, "BL64");
  size_t longest = 0, most_nodes = 0;
  int longest_kind = 0, longest_clause = 0;
  enum { PIECES = 33 }; /* every vocabulary's words (at most 25), then numbers */
  for (int kind = 0; kind < WOLVES_EV_KINDS; kind++)
    for (int clause = 0; clause < WOLVES_CLAUSE_COUNT; clause++) {
      if (!recordable(kind, clause)) continue;
      event_list l = {0};
      for (int piece = 0; piece < PIECES; piece++) {
        const wolves_event ev = {.clause = (uint16_t)clause,
                                 .kind = (uint8_t)kind,
                                 .player = 2, /* tundra */
                                 .pack = WOLVES_TUNDRA,
                                 .piece = (uint8_t)(piece == PIECES - 1 ? WOLVES_NONE - 1 : piece),
                                 .from = 0,
                                 .to = 0,
                                 .value = -32768,
                                 .region = 0};
        events_append(&l, &ev, 1, 65535); /* the highest action number a history carries */
      }
      doc out;
      doc_init(&out, "out");
      const doc_node *list = events_write(&out, &pos.g, &pos.s, &l);
      const size_t nodes = out.nodes / PIECES;
      if (nodes > most_nodes) most_nodes = nodes;
      strbuf sb = {0};
      json_write(&sb, list);
      /* in a state the list is one level deeper: 2 more spaces */
      for (size_t i = 0, start = 0; i < sb.len; i++)
        if (sb.buf[i] == '\n') {
          if (i + 1 - start + 2 > longest) {
            longest = i + 1 - start + 2;
            longest_kind = kind;
            longest_clause = clause;
          }
          start = i + 1;
        }
      sb_free(&sb);
      doc_free(&out);
      events_free(&l);
    }
  if (longest > EVENT_LINE_MAX)
    UNIT_FAIL_AT(u, "a %s event citing %s prints %zu bytes, more than EVENT_LINE_MAX %d",
                 wolves_event_name(longest_kind), wolves_clause_get(longest_clause)->id, longest,
                 EVENT_LINE_MAX);
  EXPECT(u, longest > 200); /* the reasons are measured: the line is long */
  EXPECT(u, most_nodes <= 12);
  position_free(&pos);
  doc_free(&in);
}

void unit_suite_bounds(unit *u) { UNIT_RUN(u, longest_event_line); }
