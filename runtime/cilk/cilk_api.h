/*
 * cilk/cilk_api.h: the part of OpenCilk's runtime API that libcilkrt has,
 * under OpenCilk's names (the rest is in cilkrt.h under ours).
 */
#ifndef CILK_CILK_API_H
#define CILK_CILK_API_H

#include <cilkrt.h>

/* The number of workers: CILK_NWORKERS, or the online CPUs. */
static inline unsigned __cilkrts_get_nworkers(void) { return (unsigned)cilkrt_nworkers(); }

#endif
