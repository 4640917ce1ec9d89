/* conform.h - `wolves conform --engine CMD [PATH]...`: wolves as the
 * oracle for another engine of The Wolves, spoken to through the engine
 * protocol (wolves-engine(5), cli/protocol/engine_client.h).  Replays
 * scenarios in both engines and compares each verdict, the state after it
 * (the fields the engine declares) and the final scores; with --games,
 * differential play: seeded games where each position is offered to the
 * engine with near misses of legal actions (wolves(1), COMMANDS:
 * conform).  The checker's files: README.md here; what they share:
 * checker.h. */
#ifndef CLI_CONFORM_H
#define CLI_CONFORM_H

/* The options of `wolves conform` that take a value, in the order of the
 * values[] array conform_run receives.  --reading is repeatable: its
 * value holds every occurrence, one per line. */
enum {
  CONFORM_ENGINE,
  CONFORM_TIMEOUT,
  CONFORM_FORMAT,
  CONFORM_JUNIT,
  CONFORM_SHARD,
  CONFORM_OUT,
  CONFORM_READING,
  CONFORM_GAMES,
  CONFORM_SEED,
  CONFORM_PLAYERS,
  CONFORM_KNOWN,
  CONFORM_WRITE_KNOWN,
  CONFORM_EDITION,
  CONFORM_VALUES
};

/* argv: the PATHs (none: the bundled suite, found by the caller). */
int conform_run(int argc, char **argv, const char *flags, const char *const *values);

#endif
