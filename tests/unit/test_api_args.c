/* test_api_args.c - every public function of wolves.h, clauses.h and rng.h
 * given each kind of bad argument returns the error wolves(3) documents
 * (ERRORS), leaves what it must not change unchanged, and reads nothing out
 * of bounds (`make sanitize` runs this under ASan and UBSan): NULL
 * pointers, a game of a bad player count or board size, a state that does
 * not fit its game, indexes out of range, malformed actions, and a map of
 * random bytes. */
#include "unit.h"
#include "wolves.h"

static const uint8_t packs[WOLVES_MAX_PLAYERS] = {WOLVES_ROCKY, WOLVES_GRASS, WOLVES_TUNDRA, WOLVES_FOREST,
                                                  WOLVES_DESERT};
#define API WOLVES_C_API_BAD_ARGUMENT

/* A seeded n-player game past its draft and `extra` sampled actions in. */
static void start(wolves_game *g, wolves_state *s, int n, uint64_t seed, int extra) {
  wolves_rng rng;
  wolves_action a;
  wolves_setup(g, s, n, packs, n == 2 ? WOLVES_DESERT : WOLVES_NONE, seed, NULL);
  wolves_rng_seed(&rng, seed);
  for (int k = 0; k < 200 && (s->phase == WOLVES_PHASE_DRAFT || extra-- > 0); k++)
    if (wolves_sample(g, s, &rng, &a, NULL) != 1 || wolves_apply(g, s, &a, NULL) != WOLVES_OK) break;
}

/* Every function that takes a game and a state, with (g, s): each must
 * give its documented error.  s is not changed. */
static void expect_refused_everywhere(unit *u, const wolves_game *g, const wolves_state *s,
                                      const char *what) {
  wolves_state copy = *s, scratch;
  wolves_action a = {.kind = WOLVES_ACT_END_TURN, .player = 0}, out[4];
  wolves_event ev[4];
  wolves_log log = {ev, 0, 4, 0, WOLVES_CHECKS_ALL};
  wolves_rng rng;
  wolves_score sc[WOLVES_MAX_PLAYERS];
  uint8_t where = 0;
  int alphas = 7;
  wolves_rng_seed(&rng, 1);
  memset(sc, 0x5a, sizeof sc);
  if (wolves_apply(g, &copy, &a, &log) != API) UNIT_FAIL_AT(u, "%s: wolves_apply", what);
  if (log.len != 1 || ev[0].kind != WOLVES_EV_REFUSE || ev[0].clause != API || ev[0].region != -1)
    UNIT_FAIL_AT(u, "%s: one REFUSE event of API.BAD_ARGUMENT", what);
  if (memcmp(&copy, s, sizeof copy) != 0) UNIT_FAIL_AT(u, "%s: wolves_apply changed the state", what);
  if (wolves_legal_actions(g, s, out, 4) != -1) UNIT_FAIL_AT(u, "%s: wolves_legal_actions", what);
  if (wolves_has_legal_action(g, s) != -1) UNIT_FAIL_AT(u, "%s: wolves_has_legal_action", what);
  if (wolves_sample(g, s, &rng, &a, &scratch) != -1) UNIT_FAIL_AT(u, "%s: wolves_sample", what);
  if (wolves_invariants(g, s, &where) == NULL || where != WOLVES_NONE)
    UNIT_FAIL_AT(u, "%s: wolves_invariants", what);
  where = 0;
  if (wolves_position_invariants(g, s, &where) == NULL || where != WOLVES_NONE)
    UNIT_FAIL_AT(u, "%s: wolves_position_invariants", what);
  if (wolves_tile_side(g, s, 0, 1, 0) != -1) UNIT_FAIL_AT(u, "%s: wolves_tile_side", what);
  if (wolves_tile_terrain(g, s, 0, 1) != -1) UNIT_FAIL_AT(u, "%s: wolves_tile_terrain", what);
  if (wolves_attribute(g, s, 0, WOLVES_WOLF_SPEED) != -1) UNIT_FAIL_AT(u, "%s: wolves_attribute", what);
  if (wolves_control(g, s, 0, packs[0], &alphas) != -1 || alphas != 7)
    UNIT_FAIL_AT(u, "%s: wolves_control", what);
  wolves_final_scores(g, s, sc);
  for (int i = 0; i < WOLVES_MAX_PLAYERS; i++)
    if (sc[i].total != 0 || sc[i].rank != 0 || sc[i].track[WOLVES_TRACK_LAIRS] != 0)
      UNIT_FAIL_AT(u, "%s: wolves_final_scores zeroes every entry", what);
  if (memcmp(&copy, s, sizeof copy) != 0) UNIT_FAIL_AT(u, "%s: the state changed", what);
}

static void null_pointers(unit *u) {
  wolves_game g;
  wolves_state s, before;
  start(&g, &s, 3, 7, 6);
  before = s;
  /* the (game, state) functions, with each pointer NULL */
  expect_refused_everywhere(u, NULL, &s, "NULL game");
  wolves_action a = {.kind = WOLVES_ACT_END_TURN, .player = s.current}, out[8];
  wolves_event ev[4];
  wolves_log log = {ev, 0, 4, 0, 0};
  EXPECT_EQ(u, wolves_apply(&g, NULL, &a, NULL), API);
  EXPECT_EQ(u, wolves_apply(&g, &s, NULL, &log), API);
  EXPECT(u, log.len == 1 && ev[0].clause == API && ev[0].kind == WOLVES_EV_REFUSE);
  wolves_log nowhere = {NULL, 0, 4, 0, 0}; /* a log without a buffer counts what it drops */
  EXPECT_EQ(u, wolves_apply(&g, &s, NULL, &nowhere), API);
  EXPECT_EQ(u, nowhere.dropped, 1);
  EXPECT_EQ(u, wolves_legal_actions(&g, NULL, out, 8), -1);
  EXPECT_EQ(u, wolves_legal_actions(&g, &s, NULL, 8), -1);
  EXPECT(u, wolves_legal_actions(&g, &s, NULL, 0) > 0); /* counting only: fine */
  EXPECT_EQ(u, wolves_has_legal_action(&g, NULL), -1);
  wolves_rng rng;
  wolves_state after;
  wolves_rng_seed(&rng, 3);
  EXPECT_EQ(u, wolves_sample(&g, NULL, &rng, &a, NULL), -1);
  EXPECT_EQ(u, wolves_sample(&g, &s, NULL, &a, NULL), -1);
  EXPECT_EQ(u, wolves_sample(&g, &s, &rng, NULL, NULL), -1);
  EXPECT_EQ(u, wolves_sample(&g, &s, &rng, &a, &s), -1); /* after must not be s */
  EXPECT_EQ(u, wolves_sample(&g, &s, &rng, &a, &after), 1);
  uint8_t where = 0;
  EXPECT(u, wolves_invariants(&g, NULL, &where) != NULL && where == WOLVES_NONE);
  EXPECT(u, wolves_position_invariants(&g, NULL, NULL) != NULL);
  EXPECT(u, wolves_invariants(&g, &s, NULL) == NULL); /* where is optional */
  EXPECT(u, wolves_position_invariants(&g, &s, NULL) == NULL);
  EXPECT_EQ(u, wolves_tile_side(&g, NULL, 0, 1, 0), -1);
  EXPECT_EQ(u, wolves_tile_terrain(&g, NULL, 0, 1), -1);
  EXPECT_EQ(u, wolves_attribute(&g, NULL, 0, 0), -1);
  EXPECT_EQ(u, wolves_owned(NULL, WOLVES_ALPHA), -1);
  EXPECT_EQ(u, wolves_control(&g, NULL, 0, packs[0], NULL), -1);
  EXPECT(u, wolves_control(&g, &s, 0, packs[0], NULL) >= 0); /* alphas is optional */
  wolves_score sc[WOLVES_MAX_PLAYERS];
  memset(sc, 0x5a, sizeof sc);
  wolves_final_scores(&g, NULL, sc);
  EXPECT(u, sc[0].total == 0 && sc[4].rank == 0);
  wolves_final_scores(&g, &s, NULL); /* nothing to write */
  EXPECT_EQ(u, wolves_draft_player(NULL, &s), WOLVES_NONE);
  EXPECT_EQ(u, wolves_draft_player(&g, NULL), WOLVES_NONE);
  EXPECT(u, memcmp(&before, &s, sizeof s) == 0);

  /* set-up */
  wolves_game g2;
  wolves_state s2;
  EXPECT_EQ(u, wolves_setup(NULL, &s2, 3, packs, WOLVES_NONE, 1, NULL), API);
  EXPECT_EQ(u, wolves_setup(&g2, NULL, 3, packs, WOLVES_NONE, 1, NULL), API);
  EXPECT_EQ(u, wolves_setup(&g2, &s2, 3, NULL, WOLVES_NONE, 1, NULL), API);
  s2 = s;
  wolves_state_init(NULL, &s2, packs);
  wolves_state_init(&g, &s2, NULL);
  wolves_state_init(&g, NULL, packs);
  EXPECT(u, memcmp(&s2, &s, sizeof s) == 0);

  /* pieces and the board */
  wolves_piece_add(NULL, 0, WOLVES_PIECE(WOLVES_ROCKY, WOLVES_DEN));
  EXPECT_EQ(u, wolves_hex_distance(NULL, 0, 1), -1);
  EXPECT_EQ(u, wolves_hex_at(NULL, 0, 0), WOLVES_NONE);
  char name[8] = "xxxxxxx";
  wolves_hex_name(NULL, 0, name, sizeof name);
  EXPECT_STR(u, name, "");
  memcpy(name, "xxxxxxx", 8);
  wolves_hex_name(&g.board, 0, NULL, 8);
  wolves_hex_name(&g.board, 0, name, 0); /* no room: nothing written */
  EXPECT_STR(u, name, "xxxxxxx");
  EXPECT_EQ(u, wolves_hex_parse(NULL, "A1"), WOLVES_NONE);
  EXPECT_EQ(u, wolves_hex_parse(&g.board, NULL), WOLVES_NONE);
  wolves_board_link(NULL);

  /* component data, names, clauses */
  wolves_data_defaults(NULL, 3);
  EXPECT(u, wolves_data_field_find(NULL) == NULL);
  EXPECT(u, wolves_data_value_check(NULL, 0, 1, 0) != NULL);
  EXPECT_EQ(u, wolves_terrain_from_name(NULL), -1);
  EXPECT_EQ(u, wolves_piece_from_name(NULL), -1);
  EXPECT_EQ(u, wolves_prey_from_name(NULL), -1);
  EXPECT_EQ(u, wolves_attribute_from_name(NULL), -1);
  EXPECT_EQ(u, wolves_phase_from_name(NULL), -1);
  EXPECT_EQ(u, wolves_action_from_name(NULL), -1);
  EXPECT_EQ(u, wolves_clause_find(NULL), WOLVES_OK);

  /* rng.h */
  wolves_rng_seed(NULL, 1);
  EXPECT(u, wolves_rng_next(NULL) == 0);
  EXPECT_EQ(u, wolves_rng_below(NULL, 10), 0);
  uint8_t deck[4] = {1, 2, 3, 4};
  wolves_rng_shuffle(NULL, deck, 4);
  EXPECT(u, deck[0] == 1 && deck[1] == 2 && deck[2] == 3 && deck[3] == 4);
  wolves_rng_shuffle(&rng, NULL, 4);
  wolves_rng_shuffle(&rng, deck, -3); /* nothing to shuffle */
  EXPECT(u, deck[0] == 1 && deck[3] == 4);
}

static void bad_games(unit *u) {
  wolves_game g;
  wolves_state s;
  start(&g, &s, 3, 11, 4);
  static const int counts[] = {0, 1, 6, 255};
  char what[64];
  for (size_t i = 0; i < sizeof counts / sizeof *counts; i++) {
    wolves_game bad = g;
    bad.nplayers = (uint8_t)counts[i];
    snprintf(what, sizeof what, "a game of %d players", counts[i]);
    expect_refused_everywhere(u, &bad, &s, what);
    EXPECT_EQ(u, wolves_draft_player(&bad, &s), WOLVES_NONE);
    wolves_state s2 = s;
    wolves_state_init(&bad, &s2, packs); /* nothing done */
    EXPECT(u, memcmp(&s2, &s, sizeof s) == 0);
  }
  for (int n = WOLVES_MAX_HEXES + 1; n <= 255; n++) {
    wolves_game bad = g;
    bad.board.nhex = (uint8_t)n;
    snprintf(what, sizeof what, "a board of %d hexes", n);
    expect_refused_everywhere(u, &bad, &s, what);
    /* the board functions refuse it too */
    EXPECT_EQ(u, wolves_hex_distance(&bad.board, 0, 1), -1);
    EXPECT_EQ(u, wolves_hex_at(&bad.board, 0, 0), WOLVES_NONE);
    EXPECT_EQ(u, wolves_hex_parse(&bad.board, "A1"), WOLVES_NONE);
    char name[8] = "x";
    wolves_hex_name(&bad.board, 0, name, sizeof name);
    EXPECT_STR(u, name, "");
    wolves_board before = bad.board;
    wolves_board_link(&bad.board); /* nothing done */
    EXPECT(u, memcmp(&before, &bad.board, sizeof before) == 0);
  }
  wolves_game bad = g;
  bad.board.nregions = WOLVES_MAX_REGIONS + 1;
  expect_refused_everywhere(u, &bad, &s, "a board of 11 regions");
}

/* "A state whose player count differs from the game's", and the other ways
 * a state does not fit its game. */
static void states_that_do_not_fit(unit *u) {
  wolves_game g2, g3, g4;
  wolves_state s2, s3, s4;
  start(&g2, &s2, 2, 5, 4);
  start(&g3, &s3, 3, 5, 4);
  start(&g4, &s4, 4, 5, 4);
  expect_refused_everywhere(u, &g2, &s3, "a 3-player state in a 2-player game");
  expect_refused_everywhere(u, &g4, &s3, "a 3-player state in a 4-player game");
  expect_refused_everywhere(u, &g3, &s2, "a 2-player state in a 3-player game");
  expect_refused_everywhere(u, &g3, &s4, "a 4-player state in a 3-player game");
  /* the same game's player count, with the seats' colours wrong */
  wolves_game g = g3;
  g.nplayers = 2;
  wolves_state s = s3;
  s.player[2].pack = WOLVES_NONE;
  s.current = s.first_player = 0;
  EXPECT(u, wolves_legal_actions(&g, &s, NULL, 0) >= 0); /* fits: the rules judge it */

  struct {
    const char *what;
    int field, value;
  } const cases[] = {
      {"a player to act not in the game", 0, 3},
      {"a first player not in the game", 1, 3},
      {"no phase", 2, WOLVES_PHASE_OVER + 1},
      {"31 Moonlight dates filled", 3, WOLVES_MOON_DATES + 1},
      {"two players of one colour", 4, 0},
      {"a seat of no colour", 5, WOLVES_TERRAINS},
      {"an empty seat with a colour", 6, WOLVES_ROCKY},
      {"5 Den Markers taken from a section", 7, WOLVES_ATTR_POSITIONS},
      {"5 Lairs taken", 8, WOLVES_LAIRS + 1},
      {"9 wolves taken", 9, WOLVES_WOLF_SPACES + 1},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    s = s3;
    const uint8_t v = (uint8_t)cases[i].value;
    switch (cases[i].field) {
    case 0:
      s.current = v;
      break;
    case 1:
      s.first_player = v;
      break;
    case 2:
      s.phase = v;
      break;
    case 3:
      s.moon_filled = v;
      break;
    case 4:
      s.player[2].pack = s.player[0].pack;
      break;
    case 5:
      s.player[1].pack = v;
      break;
    case 6:
      s.player[3].pack = v;
      break;
    case 7:
      s.player[1].dens_taken[WOLVES_HOWL_RANGE] = v;
      break;
    case 8:
      s.player[2].lairs_taken = v;
      break;
    default:
      s.player[0].wolves_taken = v;
      break;
    }
    expect_refused_everywhere(u, &g3, &s, cases[i].what);
  }
}

/* Index arguments out of range, and the void functions that ignore them. */
static void indexes(unit *u) {
  wolves_game g;
  wolves_state s;
  start(&g, &s, 3, 21, 8);
  const wolves_board *b = &g.board;
  const uint8_t last = (uint8_t)(b->nhex - 1);
  EXPECT(u, wolves_hex_distance(b, 0, last) > 0);
  EXPECT_EQ(u, wolves_hex_distance(b, b->nhex, 0), -1);
  EXPECT_EQ(u, wolves_hex_distance(b, 0, WOLVES_NONE), -1);
  EXPECT_EQ(u, wolves_hex_at(b, -1, 0), WOLVES_NONE);
  EXPECT_EQ(u, wolves_hex_at(b, 0, 1000), WOLVES_NONE);
  char name[8];
  wolves_hex_name(b, WOLVES_NONE, name, sizeof name);
  EXPECT_STR(u, name, "");
  wolves_hex_name(b, b->nhex, name, sizeof name);
  EXPECT_STR(u, name, "");
  wolves_hex_name(b, last, name, 2); /* truncated, NUL-terminated */
  EXPECT_EQ(u, strlen(name), 1);
  EXPECT_EQ(u, wolves_hex_parse(b, "ZZZZ1"), WOLVES_NONE);
  EXPECT_EQ(u, wolves_hex_parse(b, "A0"), WOLVES_NONE);

  /* wolves_piece_add: a hex past the array, a byte that is no piece, a
   * full hex: nothing done */
  wolves_state t = s;
  wolves_piece_add(&t, WOLVES_MAX_HEXES, WOLVES_PIECE(WOLVES_ROCKY, WOLVES_DEN));
  wolves_piece_add(&t, WOLVES_NONE, WOLVES_PIECE(WOLVES_ROCKY, WOLVES_DEN));
  wolves_piece_add(&t, 0, 0);
  wolves_piece_add(&t, 0, WOLVES_PIECE(WOLVES_ROCKY, WOLVES_LAIR) + 1);
  wolves_piece_add(&t, 0, 0xFF);
  EXPECT(u, memcmp(&t, &s, sizeof t) == 0);
  t.hex[0].piece[0] = t.hex[0].piece[1] = t.hex[0].piece[2] = WOLVES_PIECE(WOLVES_GRASS, WOLVES_PACK);
  wolves_state full = t;
  wolves_piece_add(&t, 0, WOLVES_PIECE(WOLVES_ROCKY, WOLVES_DEN));
  EXPECT(u, memcmp(&t, &full, sizeof t) == 0);
  t = s;
  t.hex[0].piece[0] = t.hex[0].piece[1] = t.hex[0].piece[2] = 0;
  wolves_piece_add(&t, 0, WOLVES_PIECE(WOLVES_ROCKY, WOLVES_LAIR)); /* the largest byte is a piece */
  EXPECT_EQ(u, t.hex[0].piece[0], WOLVES_PIECE(WOLVES_ROCKY, WOLVES_LAIR));

  /* players, tile slots, sides, attributes, regions, packs */
  EXPECT(u, wolves_tile_side(&g, &s, 2, 5, 1) >= 0);
  EXPECT_EQ(u, wolves_tile_side(&g, &s, 0, 0, 0), s.player[0].pack);
  EXPECT_EQ(u, wolves_tile_side(&g, &s, 3, 1, 0), -1);
  EXPECT_EQ(u, wolves_tile_side(&g, &s, -1, 1, 0), -1);
  EXPECT_EQ(u, wolves_tile_side(&g, &s, 0, WOLVES_TILES, 0), -1);
  EXPECT_EQ(u, wolves_tile_side(&g, &s, 0, -1, 0), -1);
  EXPECT_EQ(u, wolves_tile_side(&g, &s, 0, 1, 2), -1);
  EXPECT_EQ(u, wolves_tile_side(&g, &s, 0, 1, -1), -1);
  EXPECT(u, wolves_tile_terrain(&g, &s, 1, 3) >= 0);
  EXPECT_EQ(u, wolves_tile_terrain(&g, &s, 3, 1), -1);
  EXPECT_EQ(u, wolves_tile_terrain(&g, &s, 0, WOLVES_TILES), -1);
  EXPECT_EQ(u, wolves_tile_terrain(&g, &s, 0, -1), -1);
  EXPECT(u, wolves_attribute(&g, &s, 2, WOLVES_HOWL_RANGE) > 0);
  EXPECT_EQ(u, wolves_attribute(&g, &s, 3, WOLVES_HOWL_RANGE), -1);
  EXPECT_EQ(u, wolves_attribute(&g, &s, -1, WOLVES_HOWL_RANGE), -1);
  EXPECT_EQ(u, wolves_attribute(&g, &s, 0, WOLVES_ATTRIBUTES), -1);
  EXPECT_EQ(u, wolves_attribute(&g, &s, 0, -1), -1);
  EXPECT_EQ(u, wolves_owned(&g.data, WOLVES_ALPHA), 4);
  EXPECT_EQ(u, wolves_owned(&g.data, WOLVES_LAIR + 1), -1);
  EXPECT_EQ(u, wolves_owned(&g.data, -1), -1);
  int alphas = 9;
  EXPECT(u, wolves_control(&g, &s, b->nregions - 1, s.player[1].pack, &alphas) >= 0 && alphas >= 0);
  alphas = 9;
  EXPECT_EQ(u, wolves_control(&g, &s, b->nregions, packs[0], &alphas), -1);
  EXPECT_EQ(u, wolves_control(&g, &s, -1, packs[0], &alphas), -1);
  EXPECT_EQ(u, wolves_control(&g, &s, WOLVES_NONE, packs[0], &alphas), -1);
  EXPECT_EQ(u, wolves_control(&g, &s, 0, WOLVES_TERRAINS, &alphas), -1);
  EXPECT_EQ(u, wolves_control(&g, &s, 0, -1, &alphas), -1);
  EXPECT_EQ(u, alphas, 9);
  wolves_action out[4];
  EXPECT_EQ(u, wolves_legal_actions(&g, &s, out, -1), -1);

  /* set-up and data with a bad player count */
  wolves_game g2;
  wolves_state s2;
  EXPECT_EQ(u, wolves_setup(&g2, &s2, 6, packs, WOLVES_NONE, 1, NULL), WOLVES_C_SETUP_PLAYERS);
  wolves_data d, before;
  memset(&d, 0xAB, sizeof d);
  before = d;
  wolves_data_defaults(&d, 1);
  wolves_data_defaults(&d, 6);
  wolves_data_defaults(&d, -2);
  EXPECT(u, memcmp(&d, &before, sizeof d) == 0);
  wolves_data_defaults(&d, 5);
  EXPECT(u, memcmp(&d, &before, sizeof d) != 0);
  EXPECT_EQ(u, wolves_data_side(1), -1);
  EXPECT_EQ(u, wolves_data_side(6), -1);
  EXPECT_EQ(u, wolves_data_side(2), 1);
  EXPECT_EQ(u, wolves_data_side(5), 0);

  /* data fields: an index past the table, a value index past the field */
  int nfields = 0;
  while (wolves_data_field_at(nfields) != NULL) nfields++;
  EXPECT(u, nfields > 10);
  EXPECT(u, wolves_data_field_at(-1) == NULL && wolves_data_field_at(nfields) == NULL);
  EXPECT(u, wolves_data_field_at(1000000) == NULL);
  const wolves_data_field *f = wolves_data_field_find("tokens.high");
  EXPECT(u, f != NULL && wolves_data_value_check(f, 0, 4, 0) == NULL);
  EXPECT(u, f != NULL && wolves_data_value_check(f, -1, 4, 0) != NULL);
  EXPECT(u, f != NULL && wolves_data_value_check(f, f->count, 4, 0) != NULL);
  EXPECT(u, wolves_data_field_find("no.such") == NULL);

  /* names: "?" out of range, on both sides */
  const char *(*const name_of[])(int) = {wolves_terrain_name,   wolves_piece_name, wolves_prey_name,
                                         wolves_attribute_name, wolves_track_name, wolves_phase_name,
                                         wolves_action_name,    wolves_event_name, wolves_provenance_name};
  const int count[] = {WOLVES_TERRAINS,
                       4,
                       WOLVES_PREY_TYPES,
                       WOLVES_ATTRIBUTES,
                       WOLVES_TRACKS,
                       WOLVES_PHASES,
                       WOLVES_ACT_KINDS,
                       WOLVES_EV_KINDS,
                       3};
  for (size_t i = 0; i < sizeof count / sizeof *count; i++) {
    EXPECT(u, strcmp(name_of[i](count[i] - 1), "?") != 0);
    EXPECT_STR(u, name_of[i](count[i]), "?");
    EXPECT_STR(u, name_of[i](-1), "?");
    EXPECT_STR(u, name_of[i](WOLVES_NONE), "?");
  }
  EXPECT_EQ(u, wolves_terrain_from_name("swamp"), -1);
  EXPECT(u, wolves_clause_get(0) == NULL && wolves_clause_get(-1) == NULL);
  EXPECT(u, wolves_clause_get(WOLVES_CLAUSE_COUNT) == NULL);
  EXPECT_STR(u, wolves_clause_get(API)->id, "API.BAD_ARGUMENT");
  EXPECT_EQ(u, wolves_clause_find("API.BAD_ARGUMENT"), API);
  wolves_rng r;
  wolves_rng_seed(&r, 9);
  EXPECT_EQ(u, wolves_rng_below(&r, 0), 0);
}

/* A well-formed action of each kind for the player to act. */
static wolves_action base_action(const wolves_game *g, const wolves_state *s, int kind) {
  wolves_action a;
  memset(&a, 0, sizeof a);
  a.kind = (uint8_t)kind;
  a.player = s->current;
  a.target = 0;
  a.attribute = a.piece = a.pack = WOLVES_NONE;
  a.push_to[0] = a.push_to[1] = WOLVES_NONE;
  if (kind == WOLVES_ACT_MOVE) {
    a.target = WOLVES_NONE;
    a.nsteps = 1;
    a.step[0] = (wolves_step){0, (uint8_t)(g->board.nhex - 1), WOLVES_ALPHA, WOLVES_NONE};
  }
  if (kind == WOLVES_ACT_BUILD_DEN) a.attribute = WOLVES_WOLF_SPEED;
  return a;
}

/* a is refused with API.BAD_ARGUMENT before any rule: one REFUSE event,
 * the state unchanged; fixed (the base action) it is judged by the rules. */
static void expect_malformed(unit *u, const wolves_game *g, const wolves_state *s, const wolves_action *a,
                             const char *what) {
  wolves_state copy = *s;
  wolves_event ev[8];
  wolves_log log = {ev, 0, 8, 0, WOLVES_CHECKS_ALL};
  const int r = wolves_apply(g, &copy, a, &log);
  if (r != API) UNIT_FAIL_AT(u, "%s: refused with %d, not API.BAD_ARGUMENT", what, r);
  if (log.len != 1 || ev[0].kind != WOLVES_EV_REFUSE || ev[0].clause != API)
    UNIT_FAIL_AT(u, "%s: the log holds %zu events, not one REFUSE", what, log.len);
  if (memcmp(&copy, s, sizeof copy) != 0) UNIT_FAIL_AT(u, "%s: the state changed", what);
  const wolves_action fixed = base_action(g, s, a->kind < WOLVES_ACT_KINDS ? a->kind : WOLVES_ACT_END_TURN);
  if (wolves_apply(g, &copy, &fixed, NULL) == API) UNIT_FAIL_AT(u, "%s: the base action is malformed", what);
}

#define MALFORMED(g, s, kind, stmt)                                                                          \
  do {                                                                                                       \
    wolves_action a_ = base_action((g), (s), (kind));                                                        \
    wolves_action *const a = &a_;                                                                            \
    stmt;                                                                                                    \
    expect_malformed(u, (g), (s), a, #kind ": " #stmt);                                                      \
  } while (0)

static void malformed_actions(unit *u) {
  wolves_game g;
  wolves_state s;
  start(&g, &s, 3, 31, 0);
  EXPECT(u, s.phase == WOLVES_PHASE_PLAY && s.actions_taken == 0);
  const uint8_t off = g.board.nhex; /* the first index past the board */
  MALFORMED(&g, &s, WOLVES_ACT_END_TURN, a->kind = WOLVES_ACT_KINDS);
  MALFORMED(&g, &s, WOLVES_ACT_END_TURN, a->kind = 0xFF);
  MALFORMED(&g, &s, WOLVES_ACT_END_TURN, a->player = 3);
  MALFORMED(&g, &s, WOLVES_ACT_MOVE, a->player = WOLVES_NONE);
  MALFORMED(&g, &s, WOLVES_ACT_MOVE, a->nsteps = WOLVES_MAX_MOVERS + 1);
  MALFORMED(&g, &s, WOLVES_ACT_MOVE, a->nsteps = 0xFF);
  MALFORMED(&g, &s, WOLVES_ACT_MOVE, a->step[0].from = off);
  MALFORMED(&g, &s, WOLVES_ACT_MOVE, a->step[0].from = WOLVES_NONE);
  MALFORMED(&g, &s, WOLVES_ACT_MOVE, a->step[0].to = off);
  MALFORMED(&g, &s, WOLVES_ACT_MOVE, a->step[0].to = WOLVES_NONE);
  MALFORMED(&g, &s, WOLVES_ACT_MOVE, a->step[0].type = WOLVES_DEN);
  MALFORMED(&g, &s, WOLVES_ACT_MOVE, a->step[0].type = WOLVES_LAIR);
  MALFORMED(&g, &s, WOLVES_ACT_MOVE, a->step[0].type = 4);
  MALFORMED(&g, &s, WOLVES_ACT_MOVE, a->step[0].push_to = off);
  MALFORMED(&g, &s, WOLVES_ACT_MOVE, (a->nsteps = 2, a->step[1] = a->step[0], a->step[1].to = 254));
  MALFORMED(&g, &s, WOLVES_ACT_MOVE, a->pay_tiles = 1u << WOLVES_TILES);
  MALFORMED(&g, &s, WOLVES_ACT_MOVE, a->pay_tiles = 0xFF);
  MALFORMED(&g, &s, WOLVES_ACT_BUILD_DEN, a->target = off);
  MALFORMED(&g, &s, WOLVES_ACT_BUILD_DEN, a->target = WOLVES_NONE);
  MALFORMED(&g, &s, WOLVES_ACT_BUILD_DEN, a->attribute = WOLVES_ATTRIBUTES);
  MALFORMED(&g, &s, WOLVES_ACT_BUILD_DEN, a->attribute = 200);
  MALFORMED(&g, &s, WOLVES_ACT_BUILD_DEN, a->pay_tiles = 0x40);
  MALFORMED(&g, &s, WOLVES_ACT_UPGRADE, a->target = off);
  MALFORMED(&g, &s, WOLVES_ACT_UPGRADE, a->push_to[0] = off);
  MALFORMED(&g, &s, WOLVES_ACT_UPGRADE, a->push_to[1] = 254);
  MALFORMED(&g, &s, WOLVES_ACT_HOWL, a->target = WOLVES_NONE);
  MALFORMED(&g, &s, WOLVES_ACT_DOMINATE, a->target = off);
  MALFORMED(&g, &s, WOLVES_ACT_DOMINATE, a->piece = WOLVES_LAIR + 1);
  MALFORMED(&g, &s, WOLVES_ACT_DOMINATE, a->pack = WOLVES_TERRAINS);
  MALFORMED(&g, &s, WOLVES_ACT_DOMINATE, a->attribute = WOLVES_ATTRIBUTES);

  /* the boundaries: values in range or WOLVES_NONE are for the rules */
  wolves_action a = base_action(&g, &s, WOLVES_ACT_BUILD_DEN);
  a.attribute = WOLVES_NONE; /* no section named */
  a.target = g.board.water[0];
  EXPECT_EQ(u, wolves_apply(&g, &s, &a, NULL), WOLVES_C_PAY_TARGET_LAND);
  a = base_action(&g, &s, WOLVES_ACT_MOVE);
  a.nsteps = 0; /* no wolf: MOVE.OWN_WOLF */
  EXPECT_EQ(u, wolves_apply(&g, &s, &a, NULL), WOLVES_C_MOVE_OWN_WOLF);
  /* fields a kind does not read are ignored */
  wolves_state copy = s;
  a = base_action(&g, &s, WOLVES_ACT_END_TURN);
  a.target = a.attribute = a.piece = a.pack = a.nsteps = a.pay_tiles = 0xEE;
  EXPECT(u, wolves_apply(&g, &copy, &a, NULL) != API);
  a = base_action(&g, &s, WOLVES_ACT_HOWL);
  a.attribute = a.piece = a.pack = a.nsteps = a.push_to[0] = 0xEE;
  EXPECT(u, wolves_apply(&g, &copy, &a, NULL) != API);

  /* before any rule: after the game, a malformed action is still that */
  wolves_state over = s;
  over.phase = WOLVES_PHASE_OVER;
  a = base_action(&g, &over, WOLVES_ACT_HOWL);
  EXPECT_EQ(u, wolves_apply(&g, &over, &a, NULL), WOLVES_C_TURN_GAME_OVER);
  a.target = off;
  EXPECT_EQ(u, wolves_apply(&g, &over, &a, NULL), API);

  /* the draft's target */
  wolves_state draft;
  EXPECT_EQ(u, wolves_setup(&g, &draft, 3, packs, WOLVES_NONE, 31, NULL), WOLVES_OK);
  a = base_action(&g, &draft, WOLVES_ACT_DRAFT);
  a.player = wolves_draft_player(&g, &draft);
  a.target = WOLVES_NONE;
  copy = draft;
  EXPECT_EQ(u, wolves_apply(&g, &copy, &a, NULL), API);
  a.target = off;
  EXPECT_EQ(u, wolves_apply(&g, &copy, &a, NULL), API);
  a.pay_tiles = 0xFF; /* not read by a draft */
  a.target = 0;
  EXPECT(u, wolves_apply(&g, &copy, &a, NULL) != API);
}

/* Any bytes on the map and in the component data, with a game and a
 * state that fit each other: every function answers within its documented
 * range and (under `make sanitize`) reads nothing out of bounds. */
static void random_maps(unit *u) {
  wolves_rng r;
  wolves_rng_seed(&r, 2024);
  int refused = 0;
  for (int round = 0; round < 2000; round++) {
    static wolves_game g;
    static wolves_state s, after;
    uint8_t *gb = (uint8_t *)&g, *sb = (uint8_t *)&s;
    for (size_t i = 0; i < sizeof g; i++) gb[i] = (uint8_t)wolves_rng_next(&r);
    for (size_t i = 0; i < sizeof s; i++) sb[i] = (uint8_t)wolves_rng_next(&r);
    const int n = 2 + (int)wolves_rng_below(&r, 4);
    g.nplayers = (uint8_t)n;
    g.board.nhex = (uint8_t)wolves_rng_below(&r, WOLVES_MAX_HEXES + 1);
    g.board.nregions = (uint8_t)wolves_rng_below(&r, WOLVES_MAX_REGIONS + 1);
    /* Mostly bytes that mean something, so that the rules run deep (a
     * random kind is rarely land, a random token byte blocks every hex);
     * every field at random in some rounds. */
    for (int h = 0; h < g.board.nhex; h++) {
      wolves_hex_info *x = &g.board.hex[h];
      wolves_hex_state *y = &s.hex[h];
      if (round % 3 != 0) x->kind = (uint8_t)(x->kind % 3 == 2 ? WOLVES_LAND : x->kind % 2);
      if (round % 5 != 0) x->terrain %= WOLVES_TERRAINS;
      if (round % 7 != 0) x->region = x->region % 2 ? WOLVES_NONE : (uint8_t)(x->region % WOLVES_MAX_REGIONS);
      for (int i = 0; i < WOLVES_HEX_SLOTS && round % 11 != 0; i++)
        y->piece[i] = (uint8_t)(y->piece[i] % 3 ? 0 : y->piece[i] % 21);
      if (round % 13 != 0) {
        y->lone_wolf = y->lone_wolf % 8 == 0;
        y->prey_count = y->prey_count % 8 == 0 ? y->prey_count % 3 : 0;
      }
      for (int d = 0; d < 6 && round % 2 == 0; d++) /* real hexes, or random bytes */
        g.board.nbr[h][d] =
            (uint8_t)(wolves_rng_below(&r, 8) == 0 ? WOLVES_NONE : wolves_rng_below(&r, g.board.nhex));
    }
    s.phase = (uint8_t)wolves_rng_below(&r, WOLVES_PHASE_OVER + 1);
    s.current = (uint8_t)wolves_rng_below(&r, (uint32_t)n);
    s.first_player = (uint8_t)wolves_rng_below(&r, (uint32_t)n);
    s.moon_filled = (uint8_t)wolves_rng_below(&r, WOLVES_MOON_DATES + 1);
    for (int i = 0; i < WOLVES_MAX_PLAYERS; i++) {
      wolves_player *p = &s.player[i];
      p->pack = i < n ? packs[(round + i) % WOLVES_TERRAINS] : WOLVES_NONE;
      for (int k = 0; k < WOLVES_ATTRIBUTES; k++) p->dens_taken[k] = (uint8_t)wolves_rng_below(&r, 5);
      p->lairs_taken = (uint8_t)wolves_rng_below(&r, WOLVES_LAIRS + 1);
      p->wolves_taken = (uint8_t)wolves_rng_below(&r, WOLVES_WOLF_SPACES + 1);
    }
    wolves_action a, out[16];
    wolves_event ev[64];
    wolves_log log = {ev, 0, 64, 0, (int)(round % 4)};
    for (size_t i = 0; i < sizeof a; i++) ((uint8_t *)&a)[i] = (uint8_t)wolves_rng_next(&r);
    a.player = s.current;
    a.kind = (uint8_t)wolves_rng_below(&r, WOLVES_ACT_KINDS);
    if (round % 4 != 3 && g.board.nhex > 0) { /* well-formed, for the rules to judge */
      const uint8_t nhex = g.board.nhex;
      a.target %= nhex;
      a.nsteps = (uint8_t)(1 + a.nsteps % WOLVES_MAX_MOVERS);
      for (int i = 0; i < WOLVES_MAX_MOVERS; i++) {
        wolves_step *st = &a.step[i];
        st->from %= nhex;
        st->to %= nhex;
        st->type = st->type & 1 ? WOLVES_ALPHA : WOLVES_PACK;
        st->push_to = st->push_to & 1 ? WOLVES_NONE : st->push_to % nhex;
      }
      a.push_to[0] = a.push_to[0] & 1 ? WOLVES_NONE : a.push_to[0] % nhex;
      a.push_to[1] = a.push_to[1] & 1 ? WOLVES_NONE : a.push_to[1] % nhex;
      a.pay_tiles &= (1u << WOLVES_TILES) - 1;
      a.attribute = a.attribute & 1 ? WOLVES_NONE : a.attribute % WOLVES_ATTRIBUTES;
      a.piece = a.piece & 1 ? WOLVES_NONE : a.piece % 4;
      a.pack = a.pack & 1 ? WOLVES_NONE : a.pack % WOLVES_TERRAINS;
    }
    after = s;
    const int rc = wolves_apply(&g, &after, &a, &log);
    if (rc < 0 || rc >= WOLVES_CLAUSE_COUNT) UNIT_FAIL_AT(u, "round %d: apply returned %d", round, rc);
    if (round % 4 != 3 && g.board.nhex > 0 && rc == API)
      UNIT_FAIL_AT(u, "round %d: well-formed, refused", round);
    refused += rc != WOLVES_OK;
    const int nlegal = wolves_legal_actions(&g, &s, out, 16);
    if (nlegal < 0) UNIT_FAIL_AT(u, "round %d: legal actions %d", round, nlegal);
    for (int i = 0; i < nlegal && i < 16; i++) {
      after = s;
      if (wolves_apply(&g, &after, &out[i], NULL) != WOLVES_OK)
        UNIT_FAIL_AT(u, "round %d: a listed action is refused", round);
    }
    const int has = wolves_has_legal_action(&g, &s);
    if (has != 0 && has != 1) UNIT_FAIL_AT(u, "round %d: has_legal_action %d", round, has);
    const int drawn = wolves_sample(&g, &s, &r, &a, &after);
    if (drawn != 0 && drawn != 1) UNIT_FAIL_AT(u, "round %d: sample %d", round, drawn);
    uint8_t where;
    (void)wolves_invariants(&g, &s, &where);
    (void)wolves_position_invariants(&g, &s, &where);
    if (where != WOLVES_NONE && where >= g.board.nhex) UNIT_FAIL_AT(u, "round %d: where %d", round, where);
    wolves_score sc[WOLVES_MAX_PLAYERS];
    wolves_final_scores(&g, &s, sc);
    for (int i = 0; i < n; i++)
      if (sc[i].rank < 1 || sc[i].rank > n) UNIT_FAIL_AT(u, "round %d: rank %d", round, sc[i].rank);
    for (int reg = 0; reg < g.board.nregions; reg++)
      if (wolves_control(&g, &s, reg, s.player[0].pack, NULL) < 0)
        UNIT_FAIL_AT(u, "round %d: control", round);
    for (int i = 0; i < n; i++)
      for (int k = 0; k < WOLVES_TILES; k++) (void)wolves_tile_terrain(&g, &s, i, k);
    char name[8];
    for (int h = 0; h < g.board.nhex; h++) {
      wolves_hex_name(&g.board, (uint8_t)h, name, sizeof name);
      if (wolves_hex_distance(&g.board, (uint8_t)h, 0) < 0) UNIT_FAIL_AT(u, "round %d: distance", round);
    }
    wolves_board_link(&g.board);
  }
  EXPECT(u, refused > 0);
}

void unit_suite_api_args(unit *u) {
  UNIT_RUN(u, null_pointers);
  UNIT_RUN(u, bad_games);
  UNIT_RUN(u, states_that_do_not_fit);
  UNIT_RUN(u, indexes);
  UNIT_RUN(u, malformed_actions);
  UNIT_RUN(u, random_maps);
}
