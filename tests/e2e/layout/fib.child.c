#include <cilkrt_abi.h>
#line 1 "tests/e2e/layout/fib.i"
long fib(int n);
struct cilkc_locals_fib {
#line 1
         int n_0;

    long x_1;
#line 3
    long y_2;
#line 1
long ret;
};
#line 1
extern __typeof__(((struct cilkc_locals_fib *)0)->n_0) cilkc_tv_fib_n_0;

extern __typeof__(((struct cilkc_locals_fib *)0)->x_1) cilkc_tv_fib_x_1;
#line 3
extern __typeof__(((struct cilkc_locals_fib *)0)->y_2) cilkc_tv_fib_y_2;
struct cilkc_task_fib_1 {
#line 1
    __typeof__(((void)0,
#line 7
                  cilkc_tv_fib_n_0
#line 7
                    - 1)) a0;
};
static void cilkc_thunk_fib_1(cilkrt_worker *, cilkrt_task *);
struct cilkc_task_fib_2 {
#line 1
    __typeof__(((void)0,
#line 8
                  cilkc_tv_fib_n_0
#line 8
                    - 2)) a0;
};
static void cilkc_thunk_fib_2(cilkrt_worker *, cilkrt_task *);
static inline void cilkc_sync_fib(cilkrt_worker *, cilkrt_group *);
#line 1
long cilkc_body_fib (cilkrt_worker *cilkc_w,
#line 1
         int n);
#line 1
static __attribute__((noinline))
#line 1
long cilkc_spawning_fib (cilkrt_worker *cilkc_w,
#line 1
         int n)
#line 1
{
#line 1
    cilkrt_group cilkc_g;
#line 1
    cilkrt_group_init(cilkc_w, &cilkc_g);
#line 1
    int cilkc_out = 0;
#line 1
    (void)cilkc_out;
#line 1
    (void)n;
#line 1
    __typeof__(((struct cilkc_locals_fib *)0)->x_1) x;
#line 1
    __typeof__(((struct cilkc_locals_fib *)0)->y_2) y;
    {
    {
#line 7
        __typeof__(((void)0,
#line 7
                  n - 1)) cilkc_a0 = (
#line 7
                  n - 1);
#line 7
        cilkrt_task *cilkc_h = cilkrt_task_slot(cilkc_w, &cilkc_g);
#line 7
        struct cilkc_task_fib_1 *cilkc_t = CILKRT_RECORD(cilkc_w, cilkc_h, struct cilkc_task_fib_1);
#line 7
        cilkc_h->run = cilkc_thunk_fib_1;
#line 7
        cilkc_t->a0 = cilkc_a0;
#line 7
        cilkrt_task_push(cilkc_w, &cilkc_g);
#line 7
        cilkc_out = 1;
    }
    {
#line 8
        __typeof__(((void)0,
#line 8
                  n - 2)) cilkc_a0 = (
#line 8
                  n - 2);
#line 8
        cilkrt_task *cilkc_h = cilkrt_task_slot(cilkc_w, &cilkc_g);
#line 8
        struct cilkc_task_fib_2 *cilkc_t = CILKRT_RECORD(cilkc_w, cilkc_h, struct cilkc_task_fib_2);
#line 8
        cilkc_h->run = cilkc_thunk_fib_2;
#line 8
        cilkc_t->a0 = cilkc_a0;
#line 8
        cilkrt_task_push(cilkc_w, &cilkc_g);
#line 8
        cilkc_out = 1;
    }
    {
#line 9
        cilkrt_group_count(cilkc_w, &cilkc_g);
        {
#line 9
            cilkrt_task *cilkc_h = cilkrt_task_pop(cilkc_w, &cilkc_g);
#line 9
            if (cilkc_h) {
#line 9
                struct cilkc_task_fib_2 *cilkc_p = CILKRT_RECORD_OF(cilkc_h, struct cilkc_task_fib_2), cilkc_rec = *cilkc_p;
#line 9
                if (!CILKRT_IN_SLOT(struct cilkc_task_fib_2)) cilkrt_record_free(cilkc_w, cilkc_p);
#line 9
                y = cilkc_body_fib(cilkc_w, cilkc_rec.a0);
            } else y = *CILKRT_RESULT(cilkrt_task_popped(&cilkc_g), __typeof__(y));
        }
#line 9
        {
#line 9
            cilkrt_task *cilkc_h = cilkrt_task_pop(cilkc_w, &cilkc_g);
#line 9
            if (cilkc_h) {
#line 9
                struct cilkc_task_fib_1 *cilkc_p = CILKRT_RECORD_OF(cilkc_h, struct cilkc_task_fib_1), cilkc_rec = *cilkc_p;
#line 9
                if (!CILKRT_IN_SLOT(struct cilkc_task_fib_1)) cilkrt_record_free(cilkc_w, cilkc_p);
#line 9
                x = cilkc_body_fib(cilkc_w, cilkc_rec.a0);
            } else x = *CILKRT_RESULT(cilkrt_task_popped(&cilkc_g), __typeof__(x));
        }
#line 9
        cilkc_out = 0;
    }
    {
#line 10
        cilkc_sync_fib(cilkc_w, &cilkc_g);
#line 10
        return
#line 10
           x + y;
    }
#line 10
    }
#line 10
    cilkc_sync_fib(cilkc_w, &cilkc_g);
#line 10
}
#line 1
long cilkc_body_fib (cilkrt_worker *cilkc_w,
#line 1
         int n)
#line 1
{
#line 1
    int cilkc_out = 0;
#line 1
    (void)cilkc_out;

    long x;
#line 3
    long    y;

    if (n < 2)
        {
#line 6
            return
#line 6
               n;
        }
#line 1
    (void)x;
#line 1
    (void)y;
#line 1
    return cilkc_spawning_fib(cilkc_w, n);
#line 1
}
#line 1
static void cilkc_thunk_fib_1(cilkrt_worker *cilkc_w, cilkrt_task *cilkc_h)
#line 1
{
#line 1
    struct cilkc_task_fib_1 *cilkc_p = CILKRT_RECORD_OF(cilkc_h, struct cilkc_task_fib_1);
#line 1
    struct cilkc_task_fib_1 cilkc_rec = *cilkc_p, *cilkc_t = &cilkc_rec;
#line 1
    if (!CILKRT_IN_SLOT(struct cilkc_task_fib_1)) cilkrt_record_free(cilkc_w, cilkc_p);
#line 1
    (void)cilkc_w;
#line 1
    (void)cilkc_t;
#line 1
    __typeof__(
#line 7
              fib(cilkc_tv_fib_n_0
#line 7
                    - 1)) cilkc_r = cilkc_body_fib(cilkc_w, cilkc_t->a0);
#line 1
    *CILKRT_RESULT(cilkc_h, __typeof__(cilkc_tv_fib_x_1))
#line 7
      = cilkc_r;
#line 1
}
#line 1
static void cilkc_thunk_fib_2(cilkrt_worker *cilkc_w, cilkrt_task *cilkc_h)
#line 1
{
#line 1
    struct cilkc_task_fib_2 *cilkc_p = CILKRT_RECORD_OF(cilkc_h, struct cilkc_task_fib_2);
#line 1
    struct cilkc_task_fib_2 cilkc_rec = *cilkc_p, *cilkc_t = &cilkc_rec;
#line 1
    if (!CILKRT_IN_SLOT(struct cilkc_task_fib_2)) cilkrt_record_free(cilkc_w, cilkc_p);
#line 1
    (void)cilkc_w;
#line 1
    (void)cilkc_t;
#line 1
    __typeof__(
#line 8
              fib(cilkc_tv_fib_n_0
#line 8
                    - 2)) cilkc_r = cilkc_body_fib(cilkc_w, cilkc_t->a0);
#line 1
    *CILKRT_RESULT(cilkc_h, __typeof__(cilkc_tv_fib_y_2))
#line 8
      = cilkc_r;
#line 1
}
#line 1
static inline void cilkc_sync_fib(cilkrt_worker *cilkc_w, cilkrt_group *cilkc_g)
#line 1
{
#line 1
    cilkrt_group_count(cilkc_w, cilkc_g);
#line 1
    while (cilkrt_group_pending(cilkc_g)) {
#line 1
        cilkrt_task *cilkc_h = cilkrt_task_pop(cilkc_w, cilkc_g);
#line 1
        if (!cilkc_h) continue;
#line 1
        if (cilkc_h->run == cilkc_thunk_fib_1) cilkc_thunk_fib_1(cilkc_w, cilkc_h);
#line 1
        else cilkc_thunk_fib_2(cilkc_w, cilkc_h);
    }
#line 1
}
#line 1
static void cilkc_root_fib(cilkrt_worker *cilkc_w, void *cilkc_p)
#line 1
{
#line 1
    struct cilkc_locals_fib *cilkc_a = (struct cilkc_locals_fib *)cilkc_p;
#line 1
    (void)cilkc_w;
#line 1
    (void)cilkc_a;
#line 1
    cilkc_a->ret = fib(cilkc_a->n_0);
#line 1
}
#line 1
long fib(int n)
#line 1
{
#line 1
    cilkrt_worker *cilkc_w = cilkrt_self();
#line 1
    if (!cilkc_w) {
#line 1
        struct cilkc_locals_fib cilkc_a;
#line 1
        cilkc_a.n_0 = n;
#line 1
        cilkrt_root_call(cilkc_root_fib, &cilkc_a);
#line 1
        return cilkc_a.ret;
    }
#line 1
    return cilkc_body_fib(cilkc_w, n);
#line 1
}
#line 11 "tests/e2e/layout/fib.i"


int main(void) { return fib(10) != 55; }
