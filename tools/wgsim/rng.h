/*
 * rng.h: the simulator's own generator, so that a seed gives the same run
 * on every machine and libc: xoshiro256** (Blackman and Vigna), seeded
 * through splitmix64 as its authors recommend (a seed of 0 is fine).
 */
#ifndef WG_RNG_H
#define WG_RNG_H

#include <stdint.h>

typedef struct {
    uint64_t s[4];
} wg_rng;

static inline uint64_t wg_splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

static inline void wg_rng_seed(wg_rng *r, uint64_t seed)
{
    for (int i = 0; i < 4; i++)
        r->s[i] = wg_splitmix64(&seed);
}

static inline uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static inline uint64_t wg_rng_next(wg_rng *r)
{
    uint64_t *s = r->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

/* Uniform in [0, 1), from the top 53 bits. */
static inline double wg_rng_double(wg_rng *r) { return (double)(wg_rng_next(r) >> 11) * 0x1p-53; }

/* Uniform in [0, bound), bound >= 1 (Lemire's multiply-shift; the bias,
 * below bound / 2^64, is far under what any run here could see). */
static inline uint32_t wg_rng_below(wg_rng *r, uint32_t bound)
{
    return (uint32_t)(((wg_rng_next(r) >> 32) * (uint64_t)bound) >> 32);
}

#endif
