/*
 * cilk/minmax_reducer.h: minimum and maximum reducers for C (cilkc).
 *
 *     cilk_min_reducer(int) lo = INT_MAX;   // the user's leftmost view
 *     cilk_max_reducer(double) hi = -HUGE_VAL;
 *     if (x < lo) lo = x;                   // in any strand
 *
 * TYPE as in cilk/opadd_reducer.h: int, long, llong, unsigned, ulong,
 * ullong, size, float, double. The identity of a min reducer is the
 * type's largest value (for float and double, +infinity), of a max
 * reducer its smallest (-infinity).
 */
#ifndef CILK_MINMAX_REDUCER_H
#define CILK_MINMAX_REDUCER_H

#include <float.h>
#include <limits.h>
#include <stddef.h>
#include <stdint.h>

#include <cilk/opadd_reducer.h> /* CILK_OPADD_TYPE_name */

#define CILK_MINMAX_TYPES(X)                                                                       \
    X(int, int, INT_MAX, INT_MIN)                                                                  \
    X(long, long, LONG_MAX, LONG_MIN)                                                              \
    X(llong, long long, LLONG_MAX, LLONG_MIN)                                                      \
    X(unsigned, unsigned, UINT_MAX, 0)                                                             \
    X(ulong, unsigned long, ULONG_MAX, 0)                                                          \
    X(ullong, unsigned long long, ULLONG_MAX, 0)                                                   \
    X(size, size_t, SIZE_MAX, 0)                                                                   \
    X(float, float, __builtin_inff(), -__builtin_inff())                                           \
    X(double, double, __builtin_inf(), -__builtin_inf())

#define CILK_MINMAX_DEFINE(name, type, largest, smallest)                                          \
    static inline void cilk_min_identity_##name(void *v) { *(type *)v = largest; }                 \
    static inline void cilk_max_identity_##name(void *v) { *(type *)v = smallest; }                \
    static inline void cilk_min_reduce_##name(void *l, void *r)                                    \
    {                                                                                              \
        if (*(type *)r < *(type *)l)                                                               \
            *(type *)l = *(type *)r;                                                               \
    }                                                                                              \
    static inline void cilk_max_reduce_##name(void *l, void *r)                                    \
    {                                                                                              \
        if (*(type *)r > *(type *)l)                                                               \
            *(type *)l = *(type *)r;                                                               \
    }
CILK_MINMAX_TYPES(CILK_MINMAX_DEFINE)
#undef CILK_MINMAX_DEFINE

#ifdef __cilkc__
#define cilk_min_reducer(name)                                                                     \
    CILK_OPADD_TYPE_##name cilk_reducer(cilk_min_identity_##name, cilk_min_reduce_##name)
#define cilk_max_reducer(name)                                                                     \
    CILK_OPADD_TYPE_##name cilk_reducer(cilk_max_identity_##name, cilk_max_reduce_##name)
#else /* the serial elision, compiled as plain C */
#define cilk_min_reducer(name) CILK_OPADD_TYPE_##name
#define cilk_max_reducer(name) CILK_OPADD_TYPE_##name
#endif

#endif
