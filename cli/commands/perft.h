/* perft.h - `wolves perft`: move-generator counts of the position a
 * scenario reaches, as chess engines check theirs (perft_table.h counts). */
#ifndef CLI_PERFT_H
#define CLI_PERFT_H

/* values[0]: --after N, values[1]: --depth N, values[2]: --format; flag
 * 'd': --divide. */
int cmd_perft(int argc, char **argv, const char *flags, const char *const *values);

#endif
