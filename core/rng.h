/* rng.h - the deterministic random numbers behind a seeded setup
 * (SETUP.FIRST_PLAYER ruling: every random choice is drawn from the seed).
 * splitmix64 (Steele, Lea & Flood 2014): 64 bits of state, passed
 * explicitly; the same seed gives the same game on every platform. */
#ifndef WOLVES_RNG_H
#define WOLVES_RNG_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
  uint64_t state;
} wolves_rng;

/* A NULL r (or a): seed and shuffle do nothing, next and below return 0. */
void wolves_rng_seed(wolves_rng *r, uint64_t seed);
uint64_t wolves_rng_next(wolves_rng *r);
/* Uniform in [0, n) without modulo bias; 0 when n == 0. */
uint32_t wolves_rng_below(wolves_rng *r, uint32_t n);
/* Fisher-Yates shuffle of n bytes. */
void wolves_rng_shuffle(wolves_rng *r, uint8_t *a, int n);

#ifdef __cplusplus
}
#endif

#endif
