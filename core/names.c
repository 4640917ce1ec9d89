/* names.c - the stable lower-case words used in scenario files and output.
 * They are the manual's vocabulary. */
#include <string.h>

#include "wolves.h"

static const char *const terrain[] = {"forest", "grass", "desert", "tundra", "rocky"};
static const char *const piece[] = {"den", "pack", "alpha", "lair"};
static const char *const prey[] = {"moose", "deer", "raccoon", "boar", "rabbit"};
static const char *const attribute[] = {"pack_spread", "wolf_speed", "howl_range"};
static const char *const track[] = {"pack_spread", "wolf_speed", "howl_range", "lairs", "prey", "wolves"};
static const char *const phase[] = {"crescent", "quarter", "full"};
static const char *const provenance[] = {"printed", "digital edition", "reconstructed"};
static const char *const action[] = {"move", "build_den", "upgrade", "howl", "dominate", "end_turn", "draft"};
static const char *const event[] = {"check",
                                    "refuse",
                                    "flip",
                                    "spend_bonus_terrain",
                                    "spend_bonus_action",
                                    "move",
                                    "push",
                                    "place",
                                    "remove",
                                    "upgrade_attribute",
                                    "gain_bonus_terrain",
                                    "gain_bonus_action",
                                    "reveal_vp",
                                    "moon",
                                    "phase",
                                    "hunt",
                                    "score",
                                    "token_discard",
                                    "turn_end",
                                    "game_end",
                                    "draft",
                                    "note",
                                    "block",
                                    "option",
                                    "candidate",
                                    "measure"};

_Static_assert(sizeof action / sizeof *action == WOLVES_ACT_KINDS, "action names");
_Static_assert(sizeof event / sizeof *event == WOLVES_EV_KINDS, "event names");
_Static_assert(sizeof track / sizeof *track == WOLVES_TRACKS, "track names");
_Static_assert(WOLVES_TRACK_HOWL_RANGE == WOLVES_ATTRIBUTES - 1,
               "attribute tracks first, in attribute order");

#define COUNT(a) ((int)(sizeof(a) / sizeof *(a)))

static const char *name_of(const char *const *names, int n, int i) {
  return (i >= 0 && i < n) ? names[i] : "?";
}

static int index_of(const char *const *names, int n, const char *s) {
  if (s == NULL) return -1;
  for (int i = 0; i < n; i++)
    if (strcmp(names[i], s) == 0) return i;
  return -1;
}

const char *wolves_terrain_name(int t) { return name_of(terrain, COUNT(terrain), t); }
const char *wolves_piece_name(int t) { return name_of(piece, COUNT(piece), t); }
const char *wolves_prey_name(int p) { return name_of(prey, COUNT(prey), p); }
const char *wolves_attribute_name(int a) { return name_of(attribute, COUNT(attribute), a); }
const char *wolves_track_name(int t) { return name_of(track, COUNT(track), t); }
const char *wolves_phase_name(int p) { return name_of(phase, COUNT(phase), p); }
const char *wolves_provenance_name(int p) { return name_of(provenance, COUNT(provenance), p); }
const char *wolves_action_name(int k) { return name_of(action, COUNT(action), k); }
const char *wolves_event_name(int k) { return name_of(event, COUNT(event), k); }
int wolves_terrain_from_name(const char *s) { return index_of(terrain, COUNT(terrain), s); }
int wolves_piece_from_name(const char *s) { return index_of(piece, COUNT(piece), s); }
int wolves_prey_from_name(const char *s) { return index_of(prey, COUNT(prey), s); }
int wolves_attribute_from_name(const char *s) { return index_of(attribute, COUNT(attribute), s); }
int wolves_phase_from_name(const char *s) { return index_of(phase, COUNT(phase), s); }
int wolves_action_from_name(const char *s) { return index_of(action, COUNT(action), s); }
