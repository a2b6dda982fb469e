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
    cilkrt_task h;
    __typeof__(((struct cilkc_locals_spawn_loop *)0)->i_1) a0;
    __typeof__(&(((struct cilkc_locals_spawn_loop *)0)->s_2)) dst;
};
static void cilkc_thunk_spawn_loop_1(cilkrt_worker *w, cilkrt_task *h)
{
    struct cilkc_task_spawn_loop_1 *t = (struct cilkc_task_spawn_loop_1 *)h;
    (void)w;
    __typeof__(*t->dst) r = loop_leaf(t->a0);
    cilkrt_group_lock(h->group); *t->dst += r; cilkrt_group_unlock(h->group);
}

long cilkc_body_spawn_loop(cilkrt_worker *w, long n)
{
    cilkrt_group g;
    cilkrt_group_init(w, &g);
    long i, s = 0;
    for (i = 0; i < n; i++)
    { struct cilkc_task_spawn_loop_1 *t = (struct cilkc_task_spawn_loop_1 *)
          cilkrt_task_alloc(w, sizeof *t);
      t->h.run = cilkc_thunk_spawn_loop_1; t->a0 = i; t->dst = &s;
      cilkrt_task_spawn(w, &g, &t->h); }
    cilkrt_group_sync(w, &g);
    { long r = s; cilkrt_group_sync(w, &g); return r; }
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
