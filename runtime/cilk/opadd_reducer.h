/*
 * cilk/opadd_reducer.h: sum reducers for C (cilkc). OpenCilk ships this
 * header for C++ (cilk::opadd_reducer<T>); in C the type is named in the
 * macro:
 *
 *     cilk_opadd_reducer(long) total;      // long cilk_reducer(..., ...) total
 *     total += x;                          // in any strand
 *
 * TYPE is one of: int, long, llong (long long), unsigned, ulong (unsigned
 * long), ullong (unsigned long long), size (size_t), float, double. The
 * identity is 0 and the reduction +; the variable's own initial value is
 * the leftmost view. Floating-point sums are added in a different
 * grouping from the serial loop (reduce adds whole sub-sums), so their
 * last bits may differ from the serial elision's.
 */
#ifndef CILK_OPADD_REDUCER_H
#define CILK_OPADD_REDUCER_H

#include <stddef.h>

#define CILK_OPADD_TYPES(X)                                                                        \
    X(int, int)                                                                                    \
    X(long, long)                                                                                  \
    X(llong, long long)                                                                            \
    X(unsigned, unsigned)                                                                          \
    X(ulong, unsigned long)                                                                        \
    X(ullong, unsigned long long)                                                                  \
    X(size, size_t)                                                                                \
    X(float, float)                                                                                \
    X(double, double)

#define CILK_OPADD_DEFINE(name, type)                                                              \
    static inline void cilk_opadd_zero_##name(void *v) { *(type *)v = 0; }                         \
    static inline void cilk_opadd_plus_##name(void *l, void *r) { *(type *)l += *(type *)r; }
CILK_OPADD_TYPES(CILK_OPADD_DEFINE)
#undef CILK_OPADD_DEFINE

#define CILK_OPADD_TYPE_int int
#define CILK_OPADD_TYPE_long long
#define CILK_OPADD_TYPE_llong long long
#define CILK_OPADD_TYPE_unsigned unsigned
#define CILK_OPADD_TYPE_ulong unsigned long
#define CILK_OPADD_TYPE_ullong unsigned long long
#define CILK_OPADD_TYPE_size size_t
#define CILK_OPADD_TYPE_float float
#define CILK_OPADD_TYPE_double double

#ifdef __cilkc__
#define cilk_opadd_reducer(name)                                                                   \
    CILK_OPADD_TYPE_##name cilk_reducer(cilk_opadd_zero_##name, cilk_opadd_plus_##name)
#else /* the serial elision, compiled as plain C */
#define cilk_opadd_reducer(name) CILK_OPADD_TYPE_##name
#endif

#endif
