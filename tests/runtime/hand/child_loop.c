/* Child-mode translation (cilkc --steal=child, hand-lowered) of:
 *
 *     long loop_leaf(long i)
 *     {
 *         unsigned long x = (unsigned long)i;
 *         for (int k = 0; k < 16; k++) {
 *             __asm__ volatile("" : "+r"(x));
 *             x = x * 31 + k;
 *         }
 *         return i + (long)(x & 0);
 *     }
 *
 *     long spawn_loop(long n)
 *     {
 *         long i, s = 0;
 *         for (i = 0; i < n; i++)
 *             s += spawn loop_leaf(i);
 *         sync;
 *         return s;
 *     }
 */
#include "cilkrt_abi.h"
#include "hand.h"

long loop_leaf(long i)
{
    unsigned long x = (unsigned long)i;
    for (int k = 0; k < 16; k++) {
        __asm__ volatile("" : "+r"(x));
        x = x * 31 + k;
    }
    return i + (long)(x & 0);
}

struct cilkc_locals_spawn_loop { long n_0; long i_1; long s_2; };  /* for __typeof__ only */
struct cilkc_task_spawn_loop_1 {
    __typeof__(((struct cilkc_locals_spawn_loop *)0)->i_1) a0;
    __typeof__(&(((struct cilkc_locals_spawn_loop *)0)->s_2)) dst;
    cilkrt_lock *lk;   /* op=: combinations into s are serialized */
};
static void cilkc_thunk_spawn_loop_1(cilkrt_worker *w, cilkrt_task *h)
{
    struct cilkc_task_spawn_loop_1 *t = CILKRT_RECORD_OF(h, struct cilkc_task_spawn_loop_1);
    struct cilkc_task_spawn_loop_1 r = *t;
    if (!CILKRT_IN_SLOT(struct cilkc_task_spawn_loop_1)) cilkrt_record_free(w, t);
    (void)w;
    __typeof__(*r.dst) v = loop_leaf(r.a0);
    cilkrt_lock_take(r.lk); *r.dst += v; cilkrt_lock_give(r.lk);
}
static inline void cilkc_sync_spawn_loop(cilkrt_worker *w, cilkrt_group *g)
{
    cilkrt_group_count(w, g);
    while (cilkrt_group_pending(g)) {
        cilkrt_task *h = cilkrt_task_pop(w, g);
        if (!h) continue;
        cilkc_thunk_spawn_loop_1(w, h);
    }
}

long cilkc_body_spawn_loop(cilkrt_worker *w, long n)
{
    cilkrt_group g;
    cilkrt_group_init(w, &g);
    cilkrt_lock lk = {0};
    long i, s = 0;
    for (i = 0; i < n; i++)
    { __typeof__(i) a0 = (i);
      cilkrt_task *h = cilkrt_task_slot(w, &g);
      struct cilkc_task_spawn_loop_1 *t = CILKRT_RECORD(w, h, struct cilkc_task_spawn_loop_1);
      h->run = cilkc_thunk_spawn_loop_1; t->a0 = a0; t->dst = &s; t->lk = &lk;
      cilkrt_task_push(w, &g); }
    cilkc_sync_spawn_loop(w, &g);
    { long r = s; cilkc_sync_spawn_loop(w, &g); return r; }
}

struct cilkc_args_spawn_loop { long n_0; long ret; };
static void cilkc_root_spawn_loop(cilkrt_worker *w, void *p)
{
    struct cilkc_args_spawn_loop *a = (struct cilkc_args_spawn_loop *)p;
    a->ret = cilkc_body_spawn_loop(w, a->n_0);
}
long spawn_loop(long n)   /* plain entry */
{
    cilkrt_worker *w = cilkrt_self();
    if (!w) { struct cilkc_args_spawn_loop a; a.n_0 = n;
              cilkrt_root_call(cilkc_root_spawn_loop, &a); return a.ret; }
    return cilkc_body_spawn_loop(w, n);
}
