/* inspect.h - commands that show things to a person: the catalog of
 * clauses and a picture of a position. */
#ifndef CLI_INSPECT_H
#define CLI_INSPECT_H

/* values: --players, --format */
int cmd_data(int argc, char **argv, const char *flags, const char *const *values);
int cmd_clauses(int argc, char **argv, const char *flags, const char *const *values);
/* values[RENDER_...]: the options of `wolves render` */
enum { RENDER_AFTER, RENDER_SVG, RENDER_COLOR, RENDER_LAYOUT, RENDER_AROUND, RENDER_RADIUS, RENDER_REGION };
int cmd_render(int argc, char **argv, const char *flags, const char *const *values);

#endif
