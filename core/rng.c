/* rng.c - splitmix64 and the two draws setup needs (see rng.h). */
#include "engine.h"

void wolves_rng_seed(wolves_rng *r, uint64_t seed) {
  if (r != NULL) r->state = seed;
}

uint64_t wolves_rng_next(wolves_rng *r) { return r == NULL ? 0 : wolves_next(r); }

uint32_t wolves_rng_below(wolves_rng *r, uint32_t n) { return r == NULL ? 0 : wolves_below(r, n); }

void wolves_rng_shuffle(wolves_rng *r, uint8_t *a, int n) {
  if (r == NULL || a == NULL) return; /* (n < 2: nothing to do) */
  for (int i = n - 1; i > 0; i--) {
    const int j = (int)wolves_rng_below(r, (uint32_t)i + 1);
    const uint8_t t = a[i];
    a[i] = a[j];
    a[j] = t;
  }
}
