/* version.c - the library's version at run time (wolves.h keeps the
 * number): a program can tell the copy it runs with from the header it was
 * built against. */
#include "wolves.h"

const char *wolves_version(void) { return WOLVES_VERSION_STRING; }
