/* adjudicate.h - `wolves legal` (every legal action of the player to act
 * at some point of a scenario) and `wolves explain` (every clause checked
 * while applying one action, and the verdict). */
#ifndef CLI_ADJUDICATE_H
#define CLI_ADJUDICATE_H

/* values[0]: --after N, values[1]: --format. */
int cmd_legal(int argc, char **argv, const char *flags, const char *const *values);
/* values[0]: --action N, values[1]: -e ACTION, values[2]: --format, values[3]: --color;
 * flag 'a': --all. */
int cmd_explain(int argc, char **argv, const char *flags, const char *const *values);

#endif
