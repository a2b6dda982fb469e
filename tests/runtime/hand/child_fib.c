/* Child-mode translation (cilkc --steal=child, hand-lowered) of:
 *
 *     int fib(int n)
 *     {
 *         int x, y;
 *         if (n < 2) return n;
 *         x = spawn fib(n - 1);
 *         y = spawn fib(n - 2);
 *         sync;
 *         return x + y;
 *     }
 */
#include "cilkrt_abi.h"
#include "hand.h"

int cilkc_body_fib(cilkrt_worker *w, int n);

struct cilkc_locals_fib { int n_0; int x_1; int y_2; };  /* for __typeof__ only */
struct cilkc_task_fib_1 {
    cilkrt_task h;
    __typeof__(((struct cilkc_locals_fib *)0)->n_0 - 1) a0;
    __typeof__(&(((struct cilkc_locals_fib *)0)->x_1)) dst;
};
static void cilkc_thunk_fib_1(cilkrt_worker *w, cilkrt_task *h)
{
    struct cilkc_task_fib_1 *t = (struct cilkc_task_fib_1 *)h;
    *t->dst = cilkc_body_fib(w, t->a0);
}
struct cilkc_task_fib_2 {
    cilkrt_task h;
    __typeof__(((struct cilkc_locals_fib *)0)->n_0 - 2) a0;
    __typeof__(&(((struct cilkc_locals_fib *)0)->y_2)) dst;
};
static void cilkc_thunk_fib_2(cilkrt_worker *w, cilkrt_task *h)
{
    struct cilkc_task_fib_2 *t = (struct cilkc_task_fib_2 *)h;
    *t->dst = cilkc_body_fib(w, t->a0);
}

int cilkc_body_fib(cilkrt_worker *w, int n)
{
    cilkrt_group g;
    cilkrt_group_init(w, &g);
    int x, y;
    if (n < 2) { int r = n; cilkrt_group_sync(w, &g); return r; }
    { struct cilkc_task_fib_1 *t = (struct cilkc_task_fib_1 *)
          cilkrt_task_alloc(w, sizeof *t);
      t->h.run = cilkc_thunk_fib_1; t->a0 = n - 1; t->dst = &x;
      cilkrt_task_spawn(w, &g, &t->h); }
    { struct cilkc_task_fib_2 *t = (struct cilkc_task_fib_2 *)
          cilkrt_task_alloc(w, sizeof *t);
      t->h.run = cilkc_thunk_fib_2; t->a0 = n - 2; t->dst = &y;
      cilkrt_task_spawn(w, &g, &t->h); }
    cilkrt_group_sync(w, &g);
    { int r = x + y; cilkrt_group_sync(w, &g); return r; }
}

struct cilkc_args_fib { int n_0; int ret; };
static void cilkc_root_fib(cilkrt_worker *w, void *p)
{
    struct cilkc_args_fib *a = (struct cilkc_args_fib *)p;
    a->ret = cilkc_body_fib(w, a->n_0);
}
int fib(int n)   /* plain entry: root call through the injection queue if not on a worker */
{
    cilkrt_worker *w = cilkrt_self();
    if (!w) { struct cilkc_args_fib a; a.n_0 = n;
              cilkrt_root_call(cilkc_root_fib, &a); return a.ret; }
    return cilkc_body_fib(w, n);
}
