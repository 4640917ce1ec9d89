/* rng.c - splitmix64 and the two draws setup needs (see rng.h). */
#include "rng.h"

#include <stddef.h>

void wolves_rng_seed(wolves_rng *r, uint64_t seed) {
  if (r != NULL) r->state = seed;
}

uint64_t wolves_rng_next(wolves_rng *r) {
  if (r == NULL) return 0;
  uint64_t z = (r->state += 0x9E3779B97F4A7C15u);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
  return z ^ (z >> 31);
}

uint32_t wolves_rng_below(wolves_rng *r, uint32_t n) {
  if (r == NULL || n == 0) return 0;
  /* Reject the lowest 2^64 mod n values so every residue is equally likely.
   * That bound is below n: it costs a division only for a draw below n. */
  uint64_t x = wolves_rng_next(r);
  if (x < n) {
    const uint64_t threshold = (0u - (uint64_t)n) % n;
    while (x < threshold) x = wolves_rng_next(r);
  }
  return (uint32_t)(x % n);
}

void wolves_rng_shuffle(wolves_rng *r, uint8_t *a, int n) {
  if (r == NULL || a == NULL) return; /* (n < 2: nothing to do) */
  for (int i = n - 1; i > 0; i--) {
    const int j = (int)wolves_rng_below(r, (uint32_t)i + 1);
    const uint8_t t = a[i];
    a[i] = a[j];
    a[j] = t;
  }
}
