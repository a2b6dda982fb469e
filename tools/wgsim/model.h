/*
 * model.h: the work-generation model of Berenbrink, Friedetzky and
 * Goldberg ("The natural work-stealing algorithm is stable"), simulated
 * step by step on unit tasks.
 *
 * n processors and n generators. One step of wg_step:
 *   1. generation: the allocation D places every generator on a processor;
 *      each generator makes one unit task with probability lambda, added to
 *      its processor's queue;
 *   2. service: every processor with a non-empty queue finishes one task;
 *   3. stealing: every processor with an empty queue asks one processor
 *      chosen uniformly among the others; a processor asked by several
 *      answers one of them, chosen uniformly; a victim holding l tasks (at
 *      the start of this phase) hands f(l) of them to the thief it answers.
 * This is the order of the paper's abstract; stolen tasks are served from
 * the next step on. Loads are counts: tasks are identical, so no queue
 * order is needed.
 */
#ifndef WG_MODEL_H
#define WG_MODEL_H

#include <stdint.h>

/* Allocation functions D: X(enum, name). */
#define WG_DISTS(X)                                                                                \
    X(WG_D_UNIFORM, "uniform") /* each generator on a uniformly random processor */                \
    X(WG_D_POINT, "point")     /* every generator on processor 0 */                                \
    X(WG_D_SKEWED, "skewed")   /* processor k with probability proportional to 1/(k+1) */

/* Steal amounts f(l), for a victim holding l tasks: X(enum, name). */
#define WG_STEALS(X)                                                                               \
    X(WG_F_NONE, "none") /* 0: no stealing */                                                      \
    X(WG_F_ONE, "one")   /* 1 while l >= 1 */                                                      \
    X(WG_F_HALF, "half") /* ceil(l/2) */                                                           \
    X(WG_F_SQRT, "sqrt") /* floor(sqrt(l)) */                                                      \
    X(WG_F_POW2, "pow2") /* the largest power of two not above l/2 (0 for l < 2) */

#define WG_ENUM(e, name) e,
typedef enum { WG_DISTS(WG_ENUM) WG_NDISTS } wg_dist;
typedef enum { WG_STEALS(WG_ENUM) WG_NSTEALS } wg_steal;
#undef WG_ENUM

extern const char *const wg_dist_names[WG_NDISTS];
extern const char *const wg_steal_names[WG_NSTEALS];

typedef struct {
    int n;         /* processors, and generators */
    double lambda; /* generation probability, in [0, 1] */
    wg_dist dist;
    wg_steal steal;
    uint64_t seed;
} wg_params;

typedef struct wg_sim wg_sim;

/* A simulation at step 0 with every queue empty; NULL if n < 1, lambda is
 * outside [0, 1], or memory runs out. The same parameters give the same
 * run, step for step. */
wg_sim *wg_new(const wg_params *p);
void wg_free(wg_sim *s);
void wg_step(wg_sim *s);

long wg_total(const wg_sim *s); /* tasks in all queues */
long wg_max(const wg_sim *s);   /* the longest queue */
long wg_load(const wg_sim *s, int proc);

long wg_steal_amount(wg_steal f, long l);
/* The enum value named `name`, or -1. */
int wg_dist_parse(const char *name);
int wg_steal_parse(const char *name);

#endif
