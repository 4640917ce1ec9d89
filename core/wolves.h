/* wolves.h - the rules engine of The Wolves (Kamath & Simpson, 2022) as a
 * library.  Pure C11: no I/O, no globals, no allocation (the engine; the
 * codec declared at the end reads and writes text, and allocates it).
 *
 * Two structs carry a game:
 *   wolves_game  - what does not change during play: the board (hexes,
 *                  terrain, regions, neighbours) and the component data
 *                  (track values, Moonlight phase dates, token values).
 *   wolves_state - everything that does: pieces, tokens, player boards,
 *                  the Moonlight Board, whose turn it is.  One flat struct
 *                  without pointers; copy it with memcpy or assignment.
 *
 * Every rule the engine applies or refuses is a clause of the catalog
 * (clauses.h); refusals return the clause ID, effects are recorded in a
 * wolves_log with the clause that caused them. */
#ifndef WOLVES_H
#define WOLVES_H

#include <stddef.h>
#include <stdint.h>

#include "clauses.h"
#include "rng.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- version: the one place the number is kept (the Makefile, the
 * program's --version and the pkg-config file read it from here).  The
 * major number changes with anything that breaks a program built against
 * an older copy: the layout of a public struct (wolves_state above all),
 * a function's meaning, or the position JSON format ("wolves/1"); see
 * wolves(3), VERSIONS.  wolves_version() is the library's at run time. ---- */
#define WOLVES_VERSION_MAJOR 0
#define WOLVES_VERSION_MINOR 1
#define WOLVES_VERSION_PATCH 0
#define WOLVES_STRINGIFY_(x) #x
#define WOLVES_STRINGIFY(x) WOLVES_STRINGIFY_(x)
#define WOLVES_VERSION_STRING                                                                                \
  WOLVES_STRINGIFY(WOLVES_VERSION_MAJOR)                                                                     \
  "." WOLVES_STRINGIFY(WOLVES_VERSION_MINOR) "." WOLVES_STRINGIFY(WOLVES_VERSION_PATCH)
const char *wolves_version(void); /* "MAJOR.MINOR.PATCH" (version.c) */

#define WOLVES_MAX_HEXES 250
#define WOLVES_MAX_PLAYERS 5
#define WOLVES_MAX_REGIONS 10
#define WOLVES_GRID 64 /* rows and columns of the offset grid: a map's limits */
#define WOLVES_MOON_DATES 30
#define WOLVES_TILES 6          /* terrain tiles at the top of a Player Board */
#define WOLVES_ATTR_POSITIONS 5 /* numbers per attribute section */
#define WOLVES_LAIRS 4
#define WOLVES_WOLF_SPACES 8 /* Pack Wolves section: 6 Pack + 2 Alpha */
#define WOLVES_HUNT_SPACES 5
#define WOLVES_HEX_SLOTS 3  /* 2 player pieces; 3 only for the 2-player AI pack */
#define WOLVES_MAX_MOVERS 8 /* wolves one Move may carry (Pack Spread cap) */
#define WOLVES_NONE 0xFF

/* Terrain is also the pack colour: a pack is named after its terrain
 * ("Rocky Wolves", "Grass Wolves", ...). */
typedef enum {
  WOLVES_FOREST,
  WOLVES_GRASS,
  WOLVES_DESERT,
  WOLVES_TUNDRA,
  WOLVES_ROCKY,
  WOLVES_TERRAINS
} wolves_terrain;

typedef enum { WOLVES_LAND, WOLVES_WATER, WOLVES_CHASM } wolves_hex_kind;

/* Piece types in the order of the hierarchy Den < Pack Wolf < Alpha < Lair
 * (Build Dens - Note): a larger value is a higher tier. */
typedef enum { WOLVES_DEN, WOLVES_PACK, WOLVES_ALPHA, WOLVES_LAIR } wolves_piece_type;
/* The Player Board's VP tracks (Final Scoring): the three attribute
 * tracks in wolves_attribute order, then Lairs, Prey and Wolves.  The
 * `piece` of a reveal_vp event. */
typedef enum {
  WOLVES_TRACK_PACK_SPREAD,
  WOLVES_TRACK_WOLF_SPEED,
  WOLVES_TRACK_HOWL_RANGE,
  WOLVES_TRACK_LAIRS,
  WOLVES_TRACK_PREY,
  WOLVES_TRACK_WOLVES,
  WOLVES_TRACKS
} wolves_track;

typedef enum {
  WOLVES_MOOSE,
  WOLVES_DEER,
  WOLVES_RACCOON,
  WOLVES_BOAR,
  WOLVES_RABBIT,
  WOLVES_PREY_TYPES
} wolves_prey;

/* Attribute sections of the Player Board, in the order of the tracks. */
typedef enum {
  WOLVES_PACK_SPREAD,
  WOLVES_WOLF_SPEED,
  WOLVES_HOWL_RANGE,
  WOLVES_ATTRIBUTES
} wolves_attribute_id;

/* Region Scoring Tokens, in scoring order. */
typedef enum { WOLVES_CRESCENT, WOLVES_QUARTER, WOLVES_FULL, WOLVES_PHASES } wolves_phase;

typedef enum { WOLVES_BONUS_NONE, WOLVES_BONUS_TERRAIN, WOLVES_BONUS_ACTION } wolves_bonus;

/* ---- pieces: one byte, 0 = empty, else 1 + pack*4 + type ---- */
#define WOLVES_PIECE(pack, type) ((uint8_t)(1 + (pack)*4 + (type)))
#define WOLVES_PIECE_PACK(p) ((uint8_t)(((p)-1) / 4))
#define WOLVES_PIECE_TYPE(p) ((uint8_t)(((p)-1) % 4))

/* ---- Moonlight Board dates: 0 = open, WOLVES_MOON_LONE = a Lone Wolf
 * Token, otherwise the piece byte of the Pack Wolf or Den placed there ---- */
#define WOLVES_MOON_LONE 0x80

/* ---- the board: immutable geometry ---- */
typedef struct {
  uint8_t col, row; /* offset coordinates ("odd-r"), 0-based; name "B3" = col 1, row 2 */
  uint8_t kind;     /* wolves_hex_kind */
  uint8_t terrain;  /* wolves_terrain, for land hexes */
  uint8_t region;   /* region board index, or WOLVES_NONE (start board) */
  uint8_t flags;    /* WOLVES_HEX_* setup icons */
} wolves_hex_info;

#define WOLVES_HEX_LONE_ICON 0x01  /* Lone Wolf icon: setup places a token */
#define WOLVES_HEX_PREY_ICON 0x02  /* Prey icon: setup places a stack */
#define WOLVES_HEX_CHASM_RING 0x04 /* surrounds the Central Chasm (3-5 player draft) */
#define WOLVES_HEX_AI 0x08         /* 2 players: "top hex to the right" of a Water Source */

typedef struct {
  uint8_t nhex;
  uint8_t nregions;
  uint8_t width, height; /* extent of the offset grid */
  wolves_hex_info hex[WOLVES_MAX_HEXES];
  uint8_t nbr[WOLVES_MAX_HEXES][6];     /* neighbour hex index per direction or WOLVES_NONE */
  uint8_t water[WOLVES_MAX_REGIONS];    /* each region's Water Source hex */
  uint8_t board_id[WOLVES_MAX_REGIONS]; /* which physical Region Board (1-10), 0 = custom */
  /* bit col of land[row]: the land hexes by offset row, for the engine's
   * searches over land (MOVE.IMPASSABLE); all 0 when some hex lies beyond
   * WOLVES_GRID rows or columns (the searches then go hex by hex) */
  uint64_t land[WOLVES_GRID];
  /* derived by wolves_board_link: a fingerprint of nhex and nbr[][] (what
   * a kept wolves_sampler knows its board by) */
  uint64_t fingerprint;
} wolves_board;

/* ---- component data: the numbers of the Player Boards, the Moonlight
 * Board and the tokens (data.c says where each comes from) ---- */
typedef struct {
  uint8_t attr_value[WOLVES_ATTRIBUTES][WOLVES_ATTR_POSITIONS]; /* position 0 is never covered */
  uint8_t attr_vp[WOLVES_ATTRIBUTES][WOLVES_ATTR_POSITIONS];
  uint8_t attr_bonus[WOLVES_ATTRIBUTES]
                    [WOLVES_ATTR_POSITIONS]; /* wolves_bonus gained when position k is uncovered */
  uint8_t lair_vp[WOLVES_LAIRS];
  uint8_t lair_bonus[WOLVES_LAIRS];
  uint8_t wolf_vp[WOLVES_WOLF_SPACES];
  uint8_t wolf_alpha[WOLVES_WOLF_SPACES]; /* 1 where the space holds an Alpha (3rd and 6th) */
  uint8_t hunt_vp[WOLVES_HUNT_SPACES];
  uint8_t hunt_bonus[WOLVES_HUNT_SPACES];
  uint8_t moon_phase_date[WOLVES_PHASES]; /* 1-based date of each phase for this player count */
  uint8_t token_high[WOLVES_PHASES];
  uint8_t token_low[WOLVES_PHASES];
  uint8_t tile_front[WOLVES_TILES]; /* slot 0 is the faction tile: filled per pack at setup */
  uint8_t tile_back[WOLVES_TILES];
  uint8_t control[4]; /* control per piece type: Den, Pack, Alpha, Lair */
  uint8_t supply_bonus_terrain, supply_bonus_action;
} wolves_data;

/* ---- readings: the rulings where careful readers (editions of the rules,
 * other implementations) differ.  Each point has named readings, index 0
 * ours and the default (readings.c lists them: wolves_reading_at). ---- */
typedef enum {
  WOLVES_READ_PUSH_NEAREST,      /* MOVE.PUSH_CHOICE: 0 "straight", 1 "walk" */
  WOLVES_READ_DEN_TOKEN_HEX,     /* DEN.TOKEN_HEX: 0 "refuse", 1 "allow" */
  WOLVES_READ_DOM_DEN_PLACEMENT, /* DOM.PLACEMENT: 0 "refuse", 1 "allow" */
  WOLVES_READ_HUNT_WHO,          /* HUNT.SURROUND: 0 "every-pack", 1 "acting-pack" */
  WOLVES_READ_SECOND_BONUS,      /* TWO.SECOND_PLAYER_BONUS: 0 "draft-end", 1 "setup" */
  WOLVES_READ_ALPHA_PUSH,        /* MOVE.ALPHA_PUSH: 0 "nearest", 1 "adjacent" */
  WOLVES_READ_LAIR_PUSH,         /* LAIR.PUSH: 0 "nearest", 1 "adjacent" */
  WOLVES_READ_TIE_ALPHAS,        /* END.TIE_ALPHAS: 0 "alphas", 1 "shared" */
  WOLVES_READINGS
} wolves_reading_point;

typedef struct {
  uint8_t nplayers; /* 2..5 */
  wolves_board board;
  wolves_data data;
  /* The reading in force at each point (wolves_reading_point): the index
   * of its name; all zero (what wolves_setup leaves) is ours. */
  uint8_t reading[WOLVES_READINGS];
} wolves_game;

/* ---- the state: everything that changes, flat ---- */
typedef struct {
  uint8_t piece[WOLVES_HEX_SLOTS]; /* sorted: highest tier first; 0 = empty */
  uint8_t lone_wolf;               /* 1 if a Lone Wolf Token is on the hex */
  uint8_t prey_type;               /* wolves_prey of the stack, if prey_count */
  uint8_t prey_count;              /* tokens left in the stack */
} wolves_hex_state;

typedef struct {
  uint8_t pack;                          /* wolves_terrain: the pack's colour */
  uint8_t flipped;                       /* bit i: tile slot i shows its back */
  uint8_t dens_taken[WOLVES_ATTRIBUTES]; /* Den markers removed per section, 0..4 */
  uint8_t lairs_taken;                   /* 0..4 */
  uint8_t wolves_taken;                  /* 0..8 */
  uint8_t prey[WOLVES_HUNT_SPACES];      /* hunting track: prey type + 1, 0 = empty */
  uint8_t bonus_terrain;
  uint8_t bonus_action;
  uint8_t region_tokens[WOLVES_PHASES]; /* Region Scoring Tokens claimed, per phase */
  uint16_t vp_tokens;                   /* sum of VP Tokens */
  uint8_t vp_token_count;
} wolves_player;

typedef enum { WOLVES_PHASE_DRAFT, WOLVES_PHASE_PLAY, WOLVES_PHASE_OVER } wolves_game_phase;

typedef struct {
  uint8_t phase;   /* wolves_game_phase */
  uint8_t current; /* index of the player to act */
  uint8_t first_player;
  uint8_t ai_pack;       /* 2 players: the AI pack's colour, else WOLVES_NONE */
  uint8_t actions_taken; /* this turn */
  uint8_t draft_step;    /* placements done in the draft */
  uint16_t turn;         /* 1-based turn counter */
  uint8_t moon_filled;   /* dates filled, 0..30 */
  uint8_t moon[WOLVES_MOON_DATES];
  uint8_t phases_scored;  /* scoring phases completed, 0..3 */
  uint8_t phases_pending; /* bit p: phase p reached this turn, scored at its end */
  uint8_t supply_bonus_terrain;
  uint8_t supply_bonus_action;
  uint8_t region_token[WOLVES_MAX_REGIONS][2]; /* [0] bottom, [1] top; phase + 1, 0 = none */
  wolves_player player[WOLVES_MAX_PLAYERS];
  wolves_hex_state hex[WOLVES_MAX_HEXES];
} wolves_state;

/* ---- actions ---- */
typedef enum {
  WOLVES_ACT_MOVE,
  WOLVES_ACT_BUILD_DEN,
  WOLVES_ACT_UPGRADE,
  WOLVES_ACT_HOWL,
  WOLVES_ACT_DOMINATE,
  WOLVES_ACT_END_TURN,
  WOLVES_ACT_DRAFT,
  WOLVES_ACT_KINDS
} wolves_action_kind;

typedef struct {
  uint8_t from, to; /* hexes */
  uint8_t type;     /* WOLVES_ALPHA or WOLVES_PACK: which of the player's wolves on `from` */
  uint8_t push_to;  /* where an enemy Pack Wolf it lands on goes; WOLVES_NONE: open (below) */
} wolves_step;

/* An action names the choices the rules leave to the player or leaves
 * them open (WOLVES_NONE, 0): wolves_apply makes an open choice by the
 * defaults of wolves-engine(5), CHOICES, and wolves_action_resolve names
 * it as made. */
typedef struct {
  uint8_t kind;       /* wolves_action_kind */
  uint8_t player;     /* index of the acting player; must be the current one */
  uint8_t target;     /* hex: Build Den, Upgrade, Howl, Dominate, Draft */
  uint8_t attribute;  /* Build Den / Dominate a Den: section the marker comes from */
  uint8_t push_to[2]; /* Upgrade: destinations of the enemy wolves, WOLVES_NONE: open */
  uint8_t pay_tiles;  /* bitmask of tile slots to flip; 0 with pay_bonus 0: open */
  uint8_t pay_bonus;  /* Bonus Terrain Tokens to spend */
  uint8_t piece;      /* Dominate: type of the targeted piece, WOLVES_NONE: open */
  uint8_t pack;       /* Dominate: colour of the targeted piece, WOLVES_NONE: open */
  uint8_t nsteps;     /* Move */
  wolves_step step[WOLVES_MAX_MOVERS];
} wolves_action;

/* ---- the event log ---- */
typedef enum {
  WOLVES_EV_CHECK,  /* a clause was checked: value 1 allowed, 0 refused; piece/from: what it was about */
  WOLVES_EV_REFUSE, /* a clause refused the action; nothing was changed */
  WOLVES_EV_FLIP,   /* a terrain tile flipped: value = slot, piece = new terrain (it showed
                     * its other face, the terrain of `to` it paid: PAY.FLIP) */
  WOLVES_EV_SPEND_BONUS_TERRAIN,
  WOLVES_EV_SPEND_BONUS_ACTION,
  WOLVES_EV_MOVE,              /* a wolf moved from -> to */
  WOLVES_EV_PUSH,              /* a wolf was pushed from -> to */
  WOLVES_EV_PLACE,             /* a piece from a Player Board was placed on `to` */
  WOLVES_EV_REMOVE,            /* a piece or token left `from` for the Moonlight Board */
  WOLVES_EV_UPGRADE_ATTRIBUTE, /* value = new attribute value, piece = attribute */
  WOLVES_EV_GAIN_BONUS_TERRAIN,
  WOLVES_EV_GAIN_BONUS_ACTION,
  WOLVES_EV_REVEAL_VP, /* a track revealed VP: value */
  WOLVES_EV_MOON,      /* a Moonlight date was filled: value = date */
  WOLVES_EV_PHASE,     /* a scoring phase was reached: value = phase */
  WOLVES_EV_HUNT,      /* from = prey hex, value = prey type */
  WOLVES_EV_SCORE,     /* region scoring: player got value VP (token or VP Token) */
  WOLVES_EV_TOKEN_DISCARD,
  WOLVES_EV_TURN_END,
  WOLVES_EV_GAME_END,
  WOLVES_EV_DRAFT,
  WOLVES_EV_NOTE,  /* a rule or ruling applied without a state change */
  WOLVES_EV_BLOCK, /* a restriction prevented an automatic effect (e.g. a second moose) */
  /* A choice the engine made for the player had this alternative (logged
   * with checks only, like WOLVES_EV_CHECK): MOVE.PUSH_CHOICE: the pushed
   * wolf (pack, piece, from) could have gone to `to`; PAY.CHOICE: value =
   * the tile slots (bit i: slot i+1) and piece = the Bonus Terrain Tokens
   * of another way to pay for `to`. */
  WOLVES_EV_OPTION,
  /* A hex considered for a pushed wolf (logged with WOLVES_CHECKS_FIRST
   * and WOLVES_CHECKS_ALL only: explain): pack, piece, from = the pushed
   * wolf, to = the hex, value = its distance by the reading of
   * MOVE.PUSH_CHOICE in force (-1: no walk reaches it); clause = why:
   * the push's clause (MOVE.ALPHA_PUSH, LAIR.PUSH) when it is an empty or
   * friendly land hex without tokens (it qualifies if no such hex is
   * nearer), else what rules it out: MOVE.IMPASSABLE (not land),
   * MOVE.TOKEN_HEX (a token), MOVE.MAX_PIECES (2 pieces), MOVE.PUSH_CHOICE
   * (an enemy piece, or the hex pushed off: to = from, value 0).  Every hex as near as the nearest candidate
   * is logged, and the hex the action names. */
  WOLVES_EV_CANDIDATE,
  /* The numbers the check event just before it compared (logged with
   * WOLVES_CHECKS_FIRST and WOLVES_CHECKS_ALL only: explain), for the
   * checks that compare a number: clause and pack as that check's; value
   * = what was measured (-1: nothing to measure, e.g. no Alpha on the
   * map, no walk over land), piece = the limit it was held to; to = the
   * hex checked, from = where the measure starts (the wolf's hex, the
   * nearest Alpha, the Lair already in the region) or WOLVES_NONE.  What
   * each clause measures: wolves-scenario(5), EVENTS. */
  WOLVES_EV_MEASURE,
  WOLVES_EV_KINDS
} wolves_event_kind;

typedef struct {
  uint16_t clause;  /* wolves_clause */
  uint8_t kind;     /* wolves_event_kind */
  uint8_t player;   /* acting or affected player index, WOLVES_NONE if none */
  uint8_t pack;     /* colour involved, WOLVES_NONE if none */
  uint8_t piece;    /* by kind (and clause for notes): terrain, piece type, prey type,
                     * attribute, track or phase (wolves-scenario(5), EVENTS) */
  uint8_t from, to; /* hexes, WOLVES_NONE if none */
  int16_t value;
  int16_t region; /* region index, -1 if none */
} wolves_event;

/* Caller-owned buffer; the engine never allocates.  When cap is reached,
 * further events are counted in `dropped` and not stored. */
typedef struct {
  wolves_event *ev;
  size_t len, cap, dropped;
  int checks; /* WOLVES_CHECKS_*: record WOLVES_EV_CHECK events too (explain, coverage) */
} wolves_log;
/* wolves_log.checks: 0 no check events; WOLVES_CHECKS_PASSED a check event
 * (value 1) per clause that allowed the action, and option events;
 * WOLVES_CHECKS_FIRST also the refusing check (value 0), where the action
 * stops, and candidate events (the hexes a pushed wolf might go to);
 * WOLVES_CHECKS_ALL the same, but a refusal does not stop the
 * checks that remain meaningful after it, so every clause the action
 * breaks is recorded (`explain --all`).  The verdict is the same in every
 * mode: the first clause that refused. */
#define WOLVES_CHECKS_PASSED 1
#define WOLVES_CHECKS_FIRST 2
#define WOLVES_CHECKS_ALL 3
/* Check, option, candidate and measure events: diagnostics, not changes
 * to the game. */
#define WOLVES_EV_DIAGNOSTIC(kind)                                                                           \
  ((kind) == WOLVES_EV_CHECK || (kind) == WOLVES_EV_OPTION || (kind) == WOLVES_EV_CANDIDATE ||               \
   (kind) == WOLVES_EV_MEASURE)

/* ---- API ----
 * Every function checks its arguments before it reads them and answers a
 * bad one with an error instead of undefined behaviour (wolves(3),
 * ERRORS): a function returning a clause returns API.BAD_ARGUMENT; one
 * returning a count, a distance or another value -1; a hex or player
 * WOLVES_NONE; a table entry NULL; a name "?"; a check ("what is wrong")
 * a message; a void function does nothing (wolves_hex_name and
 * wolves_final_scores: as noted below).  Bad are:
 * a NULL pointer (unless noted as optional); a game whose nplayers is not
 * 2 to 5, or whose board has more than WOLVES_MAX_HEXES hexes or
 * WOLVES_MAX_REGIONS regions; a state that does not fit its game: its
 * players are the seats with a pack colour - the first g->nplayers, of
 * distinct colours, the others WOLVES_NONE (as wolves_setup and
 * wolves_state_init leave them) - and its phase, player to act, first
 * player, Moonlight count and what each player took from the Player Board
 * must be within their ranges; an index out of its range (a hex >= nhex,
 * a player >= nplayers, an attribute, track, phase, tile slot, data field
 * or name index).  These checks cost a few comparisons per player; what
 * lies on the map (pieces, neighbours, terrains) is read only through
 * indexes checked where they are used, so any bytes there are safe. */

/* Puts a piece on hex h keeping the canonical slot order (highest byte
 * first), so equal positions are equal bytes (pieces.c).  No rule is
 * checked: loaders validate, actions go through wolves_apply.  Does
 * nothing when s is NULL, h >= WOLVES_MAX_HEXES, the piece byte is not
 * one of WOLVES_PIECE or the hex holds WOLVES_HEX_SLOTS pieces. */
void wolves_piece_add(wolves_state *s, uint8_t h, uint8_t piece);

/* Board geometry (hex.c, board.c).  A board with more than
 * WOLVES_MAX_HEXES hexes is a bad argument like a NULL one. */
int wolves_hex_distance(const wolves_board *b, uint8_t a, uint8_t c); /* -1 if a or c >= nhex */
uint8_t wolves_hex_at(const wolves_board *b, int col, int row);       /* WOLVES_NONE if none */
/* Writes the human name ("B3") of a hex into buf (>= 8 bytes), at most n
 * bytes with the NUL; the empty string for a hex not on the board
 * (WOLVES_NONE included); nothing when buf is NULL or n is 0. */
void wolves_hex_name(const wolves_board *b, uint8_t h, char *buf, size_t n);
/* Parses a hex name; WOLVES_NONE if malformed or not on the board. */
uint8_t wolves_hex_parse(const wolves_board *b, const char *s);
/* A shortest walk over land from hex a to hex c (reach.c), the way a wolf
 * goes: around Water Sources and the Central Chasm (MOVE.IMPASSABLE),
 * whatever the hexes hold (MOVE.PASS_THROUGH).  Writes its hexes, a first
 * and c last, to path (at most max of them; path may be NULL when max is
 * 0) and returns its steps, one fewer than its hexes; -1 when a or c is
 * not land or no walk joins them, and for a bad argument (a or c not on
 * the board, max < 0, a NULL path with max > 0).  Of several shortest
 * walks, each step goes to the first neighbour (in the order of nbr[][])
 * one step nearer c. */
int wolves_land_path(const wolves_board *b, uint8_t a, uint8_t c, uint8_t *path, int max);
/* Fills nbr[][], nregions, water[], land[], fingerprint and the derived
 * flags of hex[] (WOLVES_HEX_CHASM_RING, WOLVES_HEX_AI) from col, row, kind
 * and region of each hex; call after filling hex[], and again after any
 * change to it.  Does nothing to a bad board. */
void wolves_board_link(wolves_board *b);

/* Component data defaults for a player count (data.c): the 2-player side of
 * the Player Board for 2 players, the 3-5 side otherwise.  Does nothing
 * for a player count outside 2 to 5. */
void wolves_data_defaults(wolves_data *d, int nplayers);

/* Where a default comes from, in the order of authority: the rulebook
 * text, then the digital edition (Board Game Arena, alfadur/bga-wolves),
 * then a reconstruction of ours. */
typedef enum { WOLVES_PRINTED, WOLVES_DIGITAL_EDITION, WOLVES_RECONSTRUCTED } wolves_provenance;

/* What the engine does with a field's values, and so which it accepts. */
typedef enum {
  WOLVES_FIELD_NUMBER,  /* lo..hi */
  WOLVES_FIELD_BONUS,   /* a wolves_bonus */
  WOLVES_FIELD_FLAG,    /* 0 or 1 */
  WOLVES_FIELD_TERRAIN, /* a wolves_terrain, or WOLVES_NONE for "the pack's own" */
  WOLVES_FIELD_DATES    /* Moonlight dates 1..30, strictly increasing */
} wolves_field_kind;

/* The named fields of wolves_data, for overrides and output (data.c).
 * Side [0] is the 3-5 player side of the boards, [1] the 2-player side. */
typedef struct {
  const char *name;      /* e.g. "wolf_speed.values", "moon.phase_dates" */
  size_t offset;         /* of the first uint8_t in wolves_data */
  uint8_t count;         /* number of uint8_t values */
  uint8_t kind;          /* wolves_field_kind */
  uint8_t lo, hi;        /* each value's range (WOLVES_FIELD_TERRAIN also takes WOLVES_NONE) */
  uint8_t provenance[2]; /* wolves_provenance per side */
  const char *source[2]; /* one line: the quote, the file or the reasoning */
} wolves_data_field;
const wolves_data_field *wolves_data_field_at(int i); /* NULL past the last field */
const wolves_data_field *wolves_data_field_find(const char *name);
/* The side of the boards a player count uses: 1 for 2 players, 0 for 3 to
 * 5, -1 otherwise. */
int wolves_data_side(int nplayers);
/* Whether value v may stand at index i of field f (as the engine uses it);
 * for WOLVES_FIELD_DATES prev is the value at i - 1 (ignored at 0).  NULL
 * if it may, else what it must be (also for a NULL f or an index outside
 * 0 to f->count - 1). */
const char *wolves_data_value_check(const wolves_data_field *f, int i, int v, int prev);
const char *wolves_provenance_name(int p);

/* Readings (readings.c).  A point where honest engines differ: the
 * clause whose ruling it is, and its readings by name, index 0 ours. */
#define WOLVES_READING_NAMES 2 /* readings per point, at most */
typedef struct {
  const char *name;     /* a stable lower-case word: "refuse", "allow", ... */
  const char *text;     /* one line: what the engine does under this reading */
  const char *taken_by; /* which editions and implementations read it so */
  const char
      *editions; /* the rulebook editions that read it so: "en pl ru uk summary", space-separated; "" none */
} wolves_reading_choice;
typedef struct {
  uint8_t point;   /* wolves_reading_point: the index in wolves_game.reading */
  uint16_t clause; /* wolves_clause whose ruling this is */
  uint8_t count;   /* readings */
  wolves_reading_choice choice[WOLVES_READING_NAMES];
} wolves_reading;
/* Point p (0 <= p < WOLVES_READINGS), else NULL. */
const wolves_reading *wolves_reading_at(int p);
/* The point of clause ID clause_id ("DEN.TOKEN_HEX"), or NULL if the
 * clause has none. */
const wolves_reading *wolves_reading_find(const char *clause_id);
/* The index of reading `name` at r (in any case: "Allow" is "allow"), or -1. */
int wolves_reading_choice_find(const wolves_reading *r, const char *name);
/* Selects reading `name` of the point of clause_id in g: 0, or -1 (and g
 * unchanged) if the clause has no readings or none of that name. */
int wolves_reading_set(wolves_game *g, const char *clause_id, const char *name);
/* The name of the reading g has in force at point p, or NULL. */
const char *wolves_reading_name(const wolves_game *g, int p);

/* Edition profiles (editions.c): every reading one edition of the
 * rulebook takes, at once.  At each point an edition takes the choice
 * whose `editions` names it, else ours (index 0).  WOLVES_EDITION_DEFAULT
 * ("wolves") is the profile of the rulings the catalog records: ours at
 * every point, what wolves_setup leaves. */
typedef enum {
  WOLVES_EDITION_DEFAULT, /* "wolves": the catalog's rulings */
  WOLVES_EDITION_EN,      /* "en": English, Pandasaurus (rulebook 002) */
  WOLVES_EDITION_PL,      /* "pl": Polish, Portal Games (001) */
  WOLVES_EDITION_RU,      /* "ru": Russian, Evrikus (003) */
  WOLVES_EDITION_UK,      /* "uk": Ukrainian (000) */
  WOLVES_EDITION_SUMMARY, /* "summary": the English rules summary (004) */
  WOLVES_EDITIONS
} wolves_edition;
/* The edition named name, in any case ("ru", "RU"), or -1. */
int wolves_edition_find(const char *name);
/* Edition e's code ("ru"), or NULL outside 0 to WOLVES_EDITIONS - 1. */
const char *wolves_edition_name(int e);
/* One line: which book edition e is ("the Russian rulebook (Evrikus)"),
 * or NULL. */
const char *wolves_edition_title(int e);
/* The index of the reading edition e takes at point p, or -1 for a bad
 * argument. */
int wolves_edition_reading(int e, int p);
/* Selects in g the reading edition e takes at every point: 0, or -1 (g
 * unchanged) for a NULL g or a bad e.  For a game wolves_setup has just
 * made, wolves_setup_readings afterwards, as for wolves_reading_set. */
int wolves_edition_apply(wolves_game *g, int e);

/* Start positions (setup.c).
 * wolves_setup: a standard game for nplayers packs in seating order
 * (clockwise): board, tokens, Player Boards, first player, all drawn from
 * seed.  ai_pack is the 2-player AI colour (ignored otherwise).  The state
 * is left in WOLVES_PHASE_DRAFT; WOLVES_ACT_DRAFT actions place the wolves.
 * Returns 0 or the clause that refused (SETUP.PLAYERS; API.BAD_ARGUMENT
 * for a NULL g, s or packs).  It fills g whole, every reading ours
 * (wolves_reading_set afterwards selects others).
 * wolves_setup_readings: what the readings in force give at setup, for a
 * position wolves_setup has just made (2 players, no hex drafted yet):
 * with TWO.SECOND_PLAYER_BONUS "setup" the second player's Bonus Action
 * Token (readings.c).  Call it once the readings are selected
 * (wolves_reading_set); nothing for any other game or position, nor a
 * second time.  0, or API.BAD_ARGUMENT.
 * wolves_state_init: an empty position on g's board (custom scenarios):
 * Player Boards as set up, nothing on the map, WOLVES_PHASE_PLAY.  The
 * packs are copied as given (the functions below refuse a state whose
 * colours are not distinct colours); does nothing for a NULL argument or
 * a bad game. */
int wolves_setup(wolves_game *g, wolves_state *s, int nplayers, const uint8_t packs[], uint8_t ai_pack,
                 uint64_t seed, wolves_log *log);
int wolves_setup_readings(const wolves_game *g, wolves_state *s, wolves_log *log);
void wolves_state_init(const wolves_game *g, wolves_state *s, const uint8_t packs[]);
/* The player to draft next, or WOLVES_NONE when the draft is complete (or
 * for a bad argument: it reads only the draft's counters of s). */
uint8_t wolves_draft_player(const wolves_game *g, const wolves_state *s);

/* Applies one action.  Returns 0 (WOLVES_OK) when applied, or the clause ID
 * that refused it; on refusal the state is unchanged and the log (which
 * may be NULL) holds the checks that ran followed by one WOLVES_EV_REFUSE.
 * Before any rule, API.BAD_ARGUMENT refuses a bad g or s, a NULL a, and a
 * malformed action: a kind >= WOLVES_ACT_KINDS, a player >= nplayers, or a
 * field the kind reads outside its values - a target (every kind but Move
 * and End Turn) or step from/to not on the board, nsteps >
 * WOLVES_MAX_MOVERS, a step type other than WOLVES_ALPHA or WOLVES_PACK, a
 * push_to neither on the board nor WOLVES_NONE, pay_tiles with a bit past
 * the tiles, an attribute, piece or pack neither in range nor WOLVES_NONE.
 * Fields the kind does not read are ignored. */
int wolves_apply(const wolves_game *g, wolves_state *s, const wolves_action *a, wolves_log *log);

/* Choices (resolve.c).  The rules leave three choices to the acting
 * player that an action may leave open: where a pushed wolf goes (a
 * step's push_to, an Upgrade's push_to[], WOLVES_NONE), which tiles and
 * Bonus Terrain Tokens pay (pay_tiles and pay_bonus 0), which piece a
 * Dominate takes (piece or pack WOLVES_NONE).  wolves_apply makes an open
 * choice by the defaults of wolves-engine(5), CHOICES.
 * wolves_action_resolve: *out is a with every choice wolves_apply makes
 * for it named as wolves_apply makes it, and the return is wolves_apply's
 * (0, or the refusing clause; API.BAD_ARGUMENT for a bad argument, *out
 * untouched): applying *out gives the same verdict, position and events
 * as applying a.  A choice the action does not reach (refused before it)
 * stays open: it is refused whatever is chosen there.
 * wolves_action_resolutions: every resolution of a, each way to make the
 * choices it leaves open that the rules allow (each nearest hex of a push,
 * each set of matching tiles and tokens that pays the cost; a later choice
 * in the position the earlier ones lead to), wolves_action_resolve's
 * first: calls visit(ctx, resolved, verdict, after) for each, the action
 * with those choices named, its verdict and the position after it (s when
 * refused), and returns how many it visited (-1 for a bad argument).
 * visit may be NULL (a count); a nonzero return stops the walk. */
int wolves_action_resolve(const wolves_game *g, const wolves_state *s, const wolves_action *a,
                          wolves_action *out);
typedef int (*wolves_resolution_visit)(void *ctx, const wolves_action *resolved, int verdict,
                                       const wolves_state *after);
long wolves_action_resolutions(const wolves_game *g, const wolves_state *s, const wolves_action *a,
                               wolves_resolution_visit visit, void *ctx);

/* Legal actions of the player to act (legal.c): writes up to max of them
 * to out (which may be NULL when max is 0) and returns how many there are,
 * -1 for a bad argument (a negative max included).  A Move is listed per
 * single wolf (with the default push); a Build Den or Dominate of a Den per
 * attribute.  wolves_has_legal_action: any action other than ending the
 * turn (1 or 0; -1 for a bad argument). */
int wolves_legal_actions(const wolves_game *g, const wolves_state *s, wolves_action *out, int max);
int wolves_has_legal_action(const wolves_game *g, const wolves_state *s);

/* Every legal Move of the player to act, several wolves at once included
 * (moves.c): calls visit(ctx, a, after) for each, a the Move and after the
 * position it leads to, and returns how many it visited (-1 for a bad g or
 * s; 0 outside the play phase).  visit may be NULL (a count); a nonzero
 * return stops the walk.  A Move is a sequence of 1 to Pack Spread steps of
 * distinct wolves, applied in order as wolves_apply applies them (a wolf may
 * end where another has just left; MOVE.MAX_PIECES counts those already
 * there), each accepted by wolves_apply, with the default payment.  A step
 * that pushes an enemy Pack Wolf is visited with the default push and once
 * for each other hex the wolf could be pushed to (step.push_to named).
 * Orderings: a Move two of whose consecutive steps, neither pushing, could
 * be replaced by steps that come first in the walk (wolves by hex, Pack
 * Wolf before Alpha, then destination hex) and lead to the same position
 * as legally is not visited: the same steps in the other order (when
 * neither ends where the other starts, or the first enters the hex the
 * second leaves), two wolves of a type trading destinations, or one wolf
 * for two of a type following each other (X to Y and Y to Z, as X to Z).
 * The first Move visited that leads to a position is the same as without
 * this.  Moves that still lead to one position (such steps apart, or
 * around a push) are each visited: a caller that wants each position once
 * compares `after` (wolves legal --moves all does).  The count grows
 * quickly with Pack Spread and the wolves on the map.
 * The walk is bounded in work: it tries (applies to a copy, legal or not)
 * at most WOLVES_MOVES_TRIED_MAX Moves, a few seconds; where it would try
 * more it stops and returns WOLVES_MOVES_TOO_MANY, having visited only
 * some.  wolves_legal_moves_within: the same with a bound of max_tried
 * tries, 1 to WOLVES_MOVES_TRIED_MAX (another is a bad argument, -1). */
typedef int (*wolves_move_visit)(void *ctx, const wolves_action *a, const wolves_state *after);
#define WOLVES_MOVES_TRIED_MAX 1000000L
#define WOLVES_MOVES_TOO_MANY (-2L)
long wolves_legal_moves(const wolves_game *g, const wolves_state *s, wolves_move_visit visit, void *ctx);
long wolves_legal_moves_within(const wolves_game *g, const wolves_state *s, long max_tried,
                               wolves_move_visit visit, void *ctx);

/* One random legal action of the player to act (sample.c), for self-play
 * and benchmarks, without listing them all.  The policy:
 *  - the kind is drawn uniformly among the kinds (move, build_den,
 *    upgrade, howl, dominate, end_turn; draft in the draft) that have a
 *    legal action, so the many Moves do not drown the rare Upgrade or
 *    Howl; end_turn is such a kind once two actions are taken, before
 *    that it is legal only when nothing else is (TURN.NO_LEGAL_ACTION);
 *  - then an action of that kind uniformly among those
 *    wolves_legal_actions lists (a Move of one wolf, pushes left to the
 *    engine's default), except that a Move first makes up to 16 draws and
 *    takes the first legal one: while the player has a Den an Upgrade
 *    could use (beside water, no own Lair in its region, a Lair and the
 *    tiles to pay left), every other draw moves one of its Alphas onto or
 *    beside such a Den (progress: games end); the other draws take a wolf
 *    (a hex and type) and a hex within its Wolf Speed, each uniformly;
 *  - the tiles that pay are drawn uniformly among the sets of matching
 *    face-up tiles (Bonus Terrain Tokens only when the tiles fall short,
 *    as by default), so every terrain stays within reach.
 * Every random choice comes from rng.  Writes the action to *out and, if
 * after is not NULL, the state after it to *after (which must not be s; it
 * is clobbered when there is no action).  Returns 1, or 0 when the player
 * has no legal action (the game is over), or -1 for a bad argument (a NULL
 * rng or out, after == s).  Every candidate is verified by
 * applying it and each kind falls back to all of its candidates, so it
 * never returns an illegal action and never misses a legal one. */
int wolves_sample(const wolves_game *g, const wolves_state *s, wolves_rng *rng, wolves_action *out,
                  wolves_state *after);

/* The same draws, faster, with an index the caller keeps between calls
 * (a bot's self-play loop keeps one over all its games): where each
 * colour's pieces, the Lone Wolves and the Prey lie, and a copy of the
 * hexes it was built from.  Each call compares the state's hexes with
 * that copy, eight hexes at a time, and reads again only those that
 * changed, instead of reading the whole board; any state may be given
 * (another game's, on another board, one edited by hand): what differs is
 * read again.  Start it zeroed (`wolves_sampler x = {0};`, or static; one
 * that is not is a bad argument the library cannot see), let only the
 * library write it (its members are not part of the API) and give each
 * thread its own.  A NULL sampler: wolves_sample.  Same rng, same state:
 * the same action, after and rng as wolves_sample, whatever the index saw
 * before; the same returns, -1 for the same bad arguments. */
#define WOLVES_HEX_SET_WORDS ((WOLVES_MAX_HEXES + 63) / 64)
#define WOLVES_SAMPLER_PREY 16
typedef struct {
  uint8_t ready; /* 0: empty */
  uint8_t nhex;  /* the hexes indexed: those of hex[] */
  /* bit h of word h / 64: hex h holds a Lone Wolf; Prey; a piece of a
   * colour and type (on a hex with a piece in its first slot or a Lone
   * Wolf) */
  uint64_t lone[WOLVES_HEX_SET_WORDS], prey[WOLVES_HEX_SET_WORDS];
  uint64_t piece[WOLVES_TERRAINS][4][WOLVES_HEX_SET_WORDS];
  /* for the Hunting of the candidates: the prey hexes (at most
   * WOLVES_SAMPLER_PREY; nprey WOLVES_NONE: more) and how many of their
   * neighbours hold a wolf, on the board of that fingerprint; the hexes
   * beside them; those with at least 1, 2, 3 */
  uint8_t nprey;
  uint8_t prey_hex[WOLVES_SAMPLER_PREY], prey_near[WOLVES_SAMPLER_PREY];
  uint64_t board;
  uint64_t beside[WOLVES_HEX_SET_WORDS], near[3][WOLVES_HEX_SET_WORDS];
  wolves_hex_state hex[WOLVES_MAX_HEXES];
} wolves_sampler;
int wolves_sample_with(const wolves_game *g, const wolves_state *s, wolves_sampler *sampler, wolves_rng *rng,
                       wolves_action *out, wolves_state *after);

/* Invariants of every reachable position (invariants.c): NULL if all
 * hold, else what is broken (and *where the hex, or WOLVES_NONE; where may
 * be NULL).  Pieces are counted as conserved for positions reached from
 * wolves_setup.  A bad g or s is reported as broken, about no hex. */
const char *wolves_invariants(const wolves_game *g, const wolves_state *s, uint8_t *where);
/* The same for a position given whole (a scenario's): pieces and Bonus
 * Tokens may be missing; never more Alphas, Lairs or Bonus Tokens than
 * exist (Dens and Pack Wolves on the map need not be taken from the
 * Player Board). */
const char *wolves_position_invariants(const wolves_game *g, const wolves_state *s, uint8_t *where);
/* Pieces of a type (WOLVES_DEN .. WOLVES_LAIR) a pack owns in all: 12 Dens,
 * 4 Lairs, and the 2 Alphas and 2 Pack Wolves drafted with those the
 * Player Board's spaces hold (data wolves.alpha; 4 and 8 by default).
 * The invariants and the position loader count against it.  -1 for a
 * NULL d or an unknown type. */
int wolves_owned(const wolves_data *d, int type);

/* Terrain Tiles (payment.c): what tile `slot` of a player shows on its
 * front (back = 0) or back (back = 1), and what it shows now.  Slot 0 is
 * the Faction-specific tile: the pack's own terrain on both sides.  -1 for
 * a bad argument (a slot outside 0 to WOLVES_TILES - 1, back not 0 or 1). */
int wolves_tile_side(const wolves_game *g, const wolves_state *s, int player, int slot, int back);
int wolves_tile_terrain(const wolves_game *g, const wolves_state *s, int player, int slot);

/* Derived values (player.c, scoring.c), -1 for a bad argument: the
 * attribute's value for a player; the Control of pack (a colour) in a
 * region (0 to nregions - 1), and in *alphas (if not NULL) its Alphas
 * there. */
int wolves_attribute(const wolves_game *g, const wolves_state *s, int player, int attribute);
int wolves_control(const wolves_game *g, const wolves_state *s, int region, int pack, int *alphas);

/* Final score breakdown (scoring.c), one per player.  For a bad g or s
 * every entry of out is zeroed (rank 0: no rank); nothing for a NULL out. */
typedef struct {
  int track[WOLVES_TRACKS]; /* VP per track (wolves_track) */
  int tokens;               /* VP Tokens + Region Scoring Tokens at their high value */
  int total;
  int region_tokens;   /* tie-breaker 1 */
  int wolves_on_board; /* tie-breaker 2 */
  int alphas_on_board; /* tie-breaker 3 */
  int rank;            /* 1-based; equal ranks for an unbroken tie */
} wolves_score;
void wolves_final_scores(const wolves_game *g, const wolves_state *s, wolves_score out[WOLVES_MAX_PLAYERS]);

/* Names (names.c): stable lower-case words used in files and output; "?"
 * for a value out of range. */
const char *wolves_terrain_name(int t);
const char *wolves_piece_name(int type);
const char *wolves_prey_name(int p);
const char *wolves_attribute_name(int a);
const char *wolves_track_name(int t);
const char *wolves_phase_name(int p);
const char *wolves_action_name(int k);
const char *wolves_event_name(int k);
int wolves_terrain_from_name(const char *s); /* -1 if unknown or NULL; likewise below */
int wolves_piece_from_name(const char *s);
int wolves_prey_from_name(const char *s);
int wolves_attribute_from_name(const char *s);
int wolves_phase_from_name(const char *s);
int wolves_action_from_name(const char *s);

/* ---- positions and actions as text ----
 * Implemented by the codec layer (cli/codec/, on libyaml) in the same
 * library; it works on strings, never on files, and prints nothing.  The
 * position format is wolves-scenario(5)'s: JSON, or YAML with the same
 * keys; the canonical output is what `wolves run` prints. */

/* Where a text is wrong: 1-based line and column, and what is wrong (one
 * line, without the position). */
typedef struct {
  int line, col;
  char message[1024];
} wolves_error;

/* What a position document carries besides the game and the state: its
 * `title` and its event log (`events`), each event with the number of the
 * scenario action that recorded it (0: set-up).  Opaque; NULL is an empty
 * history (no title, no events). */
typedef struct wolves_history wolves_history;

/* Reads a position from text[0..len): fills *g and *s and returns 0; on bad
 * input returns -1 with *err filled (err may be NULL) and *g, *s
 * unspecified.  If history is not NULL, *history receives the document's
 * title and events (free it with wolves_history_free), or NULL on error. */
int wolves_state_from_json(const char *text, size_t len, wolves_game *g, wolves_state *s,
                           wolves_history **history, wolves_error *err);
/* The canonical JSON of a position with its history (NULL: none), byte for
 * byte what `wolves run` prints for it, ending in a newline.  malloc'ed,
 * NUL-terminated; free it with wolves_free (or free).  NULL if s does not
 * fit g (wolves(3), ERRORS), or if the text would pass the limits of
 * wolves-scenario(5), LIMITS (only a forged history can). */
char *wolves_state_to_json(const wolves_game *g, const wolves_state *s, const wolves_history *history);

/* An empty history with a title (NULL: none); wolves_history_free frees it.
 * NULL if the title is longer than a document may hold (4096 bytes). */
wolves_history *wolves_history_new(const char *title);
/* Appends the events of log, as recorded by action number `action` (0 for
 * wolves_setup), as `wolves run` records a scenario's actions (log them
 * with checks = 0 for its default output).  Returns 0, or -1 and appends
 * nothing when the log dropped events (log->dropped: give it more room) or
 * the history would pass the 250000 events a document may hold. */
int wolves_history_record(wolves_history *history, const wolves_log *log, unsigned action);
void wolves_history_free(wolves_history *history);

/* Reads one action in the scenario syntax (an `actions:` item, flow or
 * block: `{howl: {at: C4}}`, `move: {wolves: ["alpha B2 C4"]}`) against
 * position s: without `by` it is the player to act's.  Returns 0, or -1
 * with *err filled (err may be NULL; line 0 for a bad argument: s does not
 * fit g, or a NULL pointer).  Only the syntax and the names are
 * checked; wolves_apply judges the rules. */
int wolves_action_parse(const wolves_game *g, const wolves_state *s, const char *text, size_t len,
                        wolves_action *a, wolves_error *err);
/* Action a, to be applied to position s, in the same syntax, as a YAML
 * flow mapping on one line without a newline (`{howl: {at: C4}}`,
 * `{end_turn: null}`); wolves_action_parse reads it back to the same
 * action.  malloc'ed; free it with wolves_free (or free).  NULL if a is
 * malformed or s does not fit g (wolves(3), ERRORS). */
char *wolves_action_format(const wolves_game *g, const wolves_state *s, const wolves_action *a);

/* free(3), from inside the library. */
void wolves_free(void *p);

#ifdef __cplusplus
}
#endif

#endif
