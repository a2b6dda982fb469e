/* Child-mode translation (cilkc --steal=child, hand-lowered) of:
 *
 *     atomic_int forced_wait;
 *     unsigned long forced_base;
 *
 *     static int first(void) { return 1; }
 *     static int second(void)   // run first, by the parent at its sync
 *     {
 *         if (atomic_load(&forced_wait))
 *             while (cilkrt_stats_steals() == forced_base)  // a thief took first()
 *                 sched_yield();
 *         return 2;
 *     }
 *
 *     int forced(void)
 *     {
 *         int x, y;
 *         x = spawn first();
 *         y = spawn second();
 *         sync;
 *         return x + y;
 *     }
 */
#include <sched.h>
#include <stdatomic.h>

#include "cilkrt.h"
#include "cilkrt_abi.h"
#include "hand.h"

atomic_int forced_wait;
unsigned long forced_base;

static int first(void) { return 1; }
static int second(void)   // run first, by the parent at its sync
{
    if (atomic_load(&forced_wait))
        while (cilkrt_stats_steals() == forced_base)  // a thief took first()
            sched_yield();
    return 2;
}

struct cilkc_locals_forced { int x_0; int y_1; };  /* for __typeof__ only */
struct cilkc_task_forced_1 {
    __typeof__(&(((struct cilkc_locals_forced *)0)->x_0)) dst;
};
static void cilkc_thunk_forced_1(cilkrt_worker *w, cilkrt_task *h)
{
    struct cilkc_task_forced_1 *t = CILKRT_RECORD_OF(h, struct cilkc_task_forced_1);
    struct cilkc_task_forced_1 r = *t;
    if (!CILKRT_IN_SLOT(struct cilkc_task_forced_1)) cilkrt_record_free(w, t);
    (void)w;
    *r.dst = first();
}
struct cilkc_task_forced_2 {
    __typeof__(&(((struct cilkc_locals_forced *)0)->y_1)) dst;
};
static void cilkc_thunk_forced_2(cilkrt_worker *w, cilkrt_task *h)
{
    struct cilkc_task_forced_2 *t = CILKRT_RECORD_OF(h, struct cilkc_task_forced_2);
    struct cilkc_task_forced_2 r = *t;
    if (!CILKRT_IN_SLOT(struct cilkc_task_forced_2)) cilkrt_record_free(w, t);
    (void)w;
    *r.dst = second();
}
static inline void cilkc_sync_forced(cilkrt_worker *w, cilkrt_group *g)
{
    cilkrt_group_count(w, g);
    while (cilkrt_group_pending(g)) {
        cilkrt_task *h = cilkrt_task_pop(w, g);
        if (!h) continue;
        if (h->run == cilkc_thunk_forced_1) cilkc_thunk_forced_1(w, h);
        else cilkc_thunk_forced_2(w, h);
    }
}

int cilkc_body_forced(cilkrt_worker *w)
{
    cilkrt_group g;
    cilkrt_group_init(w, &g);
    int x, y;
    { cilkrt_task *h = cilkrt_task_slot(w, &g);
      struct cilkc_task_forced_1 *t = CILKRT_RECORD(w, h, struct cilkc_task_forced_1);
      h->run = cilkc_thunk_forced_1; t->dst = &x;
      cilkrt_task_push(w, &g); }
    { cilkrt_task *h = cilkrt_task_slot(w, &g);
      struct cilkc_task_forced_2 *t = CILKRT_RECORD(w, h, struct cilkc_task_forced_2);
      h->run = cilkc_thunk_forced_2; t->dst = &y;
      cilkrt_task_push(w, &g); }
    cilkc_sync_forced(w, &g);
    { int r = x + y; cilkc_sync_forced(w, &g); return r; }
}

struct cilkc_args_forced { int ret; };
static void cilkc_root_forced(cilkrt_worker *w, void *p)
{
    struct cilkc_args_forced *a = (struct cilkc_args_forced *)p;
    a->ret = cilkc_body_forced(w);
}
int forced(void)   /* plain entry */
{
    cilkrt_worker *w = cilkrt_self();
    if (!w) { struct cilkc_args_forced a;
              cilkrt_root_call(cilkc_root_forced, &a); return a.ret; }
    return cilkc_body_forced(w);
}
