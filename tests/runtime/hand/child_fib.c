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
/* the records: evaluated arguments and the destination, stored in the slot */
struct cilkc_task_fib_1 {
    __typeof__(((struct cilkc_locals_fib *)0)->n_0 - 1) a0;
    __typeof__(&(((struct cilkc_locals_fib *)0)->x_1)) dst;
};
static void cilkc_thunk_fib_1(cilkrt_worker *w, cilkrt_task *h)
{
    struct cilkc_task_fib_1 *t = CILKRT_RECORD_OF(h, struct cilkc_task_fib_1);
    struct cilkc_task_fib_1 r = *t;   /* before the child can push over the slot */
    if (!CILKRT_IN_SLOT(struct cilkc_task_fib_1)) cilkrt_record_free(w, t);
    *r.dst = cilkc_body_fib(w, r.a0);
}
struct cilkc_task_fib_2 {
    __typeof__(((struct cilkc_locals_fib *)0)->n_0 - 2) a0;
    __typeof__(&(((struct cilkc_locals_fib *)0)->y_2)) dst;
};
static void cilkc_thunk_fib_2(cilkrt_worker *w, cilkrt_task *h)
{
    struct cilkc_task_fib_2 *t = CILKRT_RECORD_OF(h, struct cilkc_task_fib_2);
    struct cilkc_task_fib_2 r = *t;
    if (!CILKRT_IN_SLOT(struct cilkc_task_fib_2)) cilkrt_record_free(w, t);
    *r.dst = cilkc_body_fib(w, r.a0);
}
/* the sync: pop the group's tasks, call each one's thunk directly */
static inline void cilkc_sync_fib(cilkrt_worker *w, cilkrt_group *g)
{
    cilkrt_group_count(w, g);
    while (cilkrt_group_pending(g)) {
        cilkrt_task *h = cilkrt_task_pop(w, g);
        if (!h) continue;   /* stolen, and finished by now */
        if (h->run == cilkc_thunk_fib_1) cilkc_thunk_fib_1(w, h);
        else cilkc_thunk_fib_2(w, h);
    }
}

int cilkc_body_fib(cilkrt_worker *w, int n)
{
    cilkrt_group g;
    cilkrt_group_init(w, &g);
    int x, y;
    if (n < 2) { int r = n; cilkc_sync_fib(w, &g); return r; }
    { __typeof__(n - 1) a0 = (n - 1);
      cilkrt_task *h = cilkrt_task_slot(w, &g);
      struct cilkc_task_fib_1 *t = CILKRT_RECORD(w, h, struct cilkc_task_fib_1);
      h->run = cilkc_thunk_fib_1; t->a0 = a0; t->dst = &x;
      cilkrt_task_push(w, &g); }
    { __typeof__(n - 2) a0 = (n - 2);
      cilkrt_task *h = cilkrt_task_slot(w, &g);
      struct cilkc_task_fib_2 *t = CILKRT_RECORD(w, h, struct cilkc_task_fib_2);
      h->run = cilkc_thunk_fib_2; t->a0 = a0; t->dst = &y;
      cilkrt_task_push(w, &g); }
    cilkc_sync_fib(w, &g);
    { int r = x + y; cilkc_sync_fib(w, &g); return r; }
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
