/* editions.c - edition profiles: the readings each edition of the
 * rulebook takes (a choice's `editions` in readings.c names them), so a
 * table that plays from one edition selects them all at once.  Between
 * editions only readings.c says who reads what: this file holds the
 * editions' names and nothing of their rules. */
#include <stddef.h>
#include <string.h>

#include "engine.h"

static const struct {
  const char *name, *title;
} editions[WOLVES_EDITIONS] = {
    {"wolves", "this engine's rulings, as the catalog records them (the default)"},
    {"en", "the English rulebook (Pandasaurus Games; rulebook 002)"},
    {"pl", "the Polish rulebook (Portal Games, 'Wilki'; rulebook 001)"},
    {"ru", "the Russian rulebook (Evrikus, 'Волки'; rulebook 003)"},
    {"uk", "the Ukrainian rulebook (rulebook 000)"},
    {"summary", "the English rules summary (reference card; rulebook 004)"},
};

static int lower(int c) { return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c; }

int wolves_name_equal(const char *a, size_t n, const char *b) {
  size_t i = 0;
  for (; i < n && a[i] && b[i]; i++)
    if (lower((unsigned char)a[i]) != lower((unsigned char)b[i])) return 0;
  return i == n && b[i] == '\0';
}

int wolves_edition_find(const char *name) {
  for (int e = 0; name != NULL && e < WOLVES_EDITIONS; e++)
    if (wolves_name_equal(name, strlen(name), editions[e].name)) return e;
  return -1;
}

const char *wolves_edition_name(int e) { return e >= 0 && e < WOLVES_EDITIONS ? editions[e].name : NULL; }

const char *wolves_edition_title(int e) { return e >= 0 && e < WOLVES_EDITIONS ? editions[e].title : NULL; }

/* Does the space-separated list name the edition code? */
static int names(const char *list, const char *code) {
  while (list != NULL && *list) {
    const size_t n = strcspn(list, " ");
    if (n && wolves_name_equal(list, n, code)) return 1;
    list += n + strspn(list + n, " ");
  }
  return 0;
}

int wolves_edition_reading(int e, int p) {
  const wolves_reading *r = wolves_reading_at(p);
  if (r == NULL || e < 0 || e >= WOLVES_EDITIONS) return -1;
  for (int i = 0; e != WOLVES_EDITION_DEFAULT && i < r->count; i++)
    if (names(r->choice[i].editions, editions[e].name)) return i;
  return 0; /* the edition does not say otherwise: ours */
}

int wolves_edition_apply(wolves_game *g, int e) {
  if (g == NULL || e < 0 || e >= WOLVES_EDITIONS) return -1;
  for (int p = 0; p < WOLVES_READINGS; p++) g->reading[p] = (uint8_t)wolves_edition_reading(e, p);
  return 0;
}
