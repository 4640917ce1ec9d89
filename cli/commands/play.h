/* play.h - self-play: seeded games of random legal actions, checking the
 * engine's invariants after every action (wolves(1), COMMANDS: play). */
#ifndef CLI_PLAY_H
#define CLI_PLAY_H

/* The options of `wolves play` that take a value, in the order of the
 * values[] array cmd_play receives (NULL when not given). */
enum {
  PLAY_PLAYERS,
  PLAY_SEED,
  PLAY_GAMES,
  PLAY_SAVE,
  PLAY_MAX_ACTIONS,
  PLAY_FORMAT,
  PLAY_DATA,
  PLAY_JOBS,
  PLAY_COLOR,
  PLAY_VALUES
};

int cmd_play(int argc, char **argv, const char *flags, const char *const *values);

#endif
