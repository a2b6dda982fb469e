#include <cilkrt_abi.h>
#line 1 "tests/e2e/layout/calls.i"
long g(long n);
struct cilkc_locals_g {
#line 1
       long n_0;

    long x_1;
#line 1
long ret;
};
#line 1
extern __typeof__(((struct cilkc_locals_g *)0)->n_0) cilkc_tv_g_n_0;

extern __typeof__(((struct cilkc_locals_g *)0)->x_1) cilkc_tv_g_x_1;
struct cilkc_task_g_1 {
#line 1
    __typeof__(((void)0,
#line 7
                cilkc_tv_g_n_0
#line 7
                  - 1)) a0;
};
static void cilkc_thunk_g_1(cilkrt_worker *, cilkrt_task *);
static inline void cilkc_sync_g(cilkrt_worker *, cilkrt_group *);
#line 1
long cilkc_body_g (cilkrt_worker *cilkc_w,
#line 1
       long n);
#line 1
static __attribute__((noinline))
#line 1
long cilkc_spawning_g (cilkrt_worker *cilkc_w,
#line 1
       long n)
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
    __typeof__(((struct cilkc_locals_g *)0)->x_1) x;
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
        struct cilkc_task_g_1 *cilkc_t = CILKRT_RECORD(cilkc_w, cilkc_h, struct cilkc_task_g_1);
#line 7
        cilkc_h->run = cilkc_thunk_g_1;
#line 7
        cilkc_t->a0 = cilkc_a0;
#line 7
        cilkrt_task_push(cilkc_w, &cilkc_g);
#line 7
        cilkc_out = 1;
    }
    {
#line 8
        cilkrt_group_count(cilkc_w, &cilkc_g);
        {
#line 8
            cilkrt_task *cilkc_h = cilkrt_task_pop(cilkc_w, &cilkc_g);
#line 8
            if (cilkc_h) {
#line 8
                struct cilkc_task_g_1 *cilkc_p = CILKRT_RECORD_OF(cilkc_h, struct cilkc_task_g_1), cilkc_rec = *cilkc_p;
#line 8
                if (!CILKRT_IN_SLOT(struct cilkc_task_g_1)) cilkrt_record_free(cilkc_w, cilkc_p);
#line 8
                x = cilkc_body_g(cilkc_w, cilkc_rec.a0);
            } else x = *CILKRT_RESULT(cilkrt_task_popped(&cilkc_g), __typeof__(x));
        }
#line 8
        cilkc_out = 0;
    }
    {
#line 9
        cilkc_sync_g(cilkc_w, &cilkc_g);
#line 9
        return
#line 9
           x + 1;
    }
#line 9
    }
#line 9
    cilkc_sync_g(cilkc_w, &cilkc_g);
#line 9
}
#line 1
long cilkc_body_g (cilkrt_worker *cilkc_w,
#line 1
       long n)
#line 1
{
#line 1
    int cilkc_out = 0;
#line 1
    (void)cilkc_out;

    long x;

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
    return cilkc_spawning_g(cilkc_w, n);
#line 1
}
#line 1
static void cilkc_thunk_g_1(cilkrt_worker *cilkc_w, cilkrt_task *cilkc_h)
#line 1
{
#line 1
    struct cilkc_task_g_1 *cilkc_p = CILKRT_RECORD_OF(cilkc_h, struct cilkc_task_g_1);
#line 1
    struct cilkc_task_g_1 cilkc_rec = *cilkc_p, *cilkc_t = &cilkc_rec;
#line 1
    if (!CILKRT_IN_SLOT(struct cilkc_task_g_1)) cilkrt_record_free(cilkc_w, cilkc_p);
#line 1
    (void)cilkc_w;
#line 1
    (void)cilkc_t;
#line 1
    __typeof__(
#line 7
              g(cilkc_tv_g_n_0
#line 7
                  - 1)) cilkc_r = cilkc_body_g(cilkc_w, cilkc_t->a0);
#line 1
    *CILKRT_RESULT(cilkc_h, __typeof__(cilkc_tv_g_x_1))
#line 7
      = cilkc_r;
#line 1
}
#line 1
static inline void cilkc_sync_g(cilkrt_worker *cilkc_w, cilkrt_group *cilkc_g)
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
        cilkc_thunk_g_1(cilkc_w, cilkc_h);
    }
#line 1
}
#line 1
static void cilkc_root_g(cilkrt_worker *cilkc_w, void *cilkc_p)
#line 1
{
#line 1
    struct cilkc_locals_g *cilkc_a = (struct cilkc_locals_g *)cilkc_p;
#line 1
    (void)cilkc_w;
#line 1
    (void)cilkc_a;
#line 1
    cilkc_a->ret = g(cilkc_a->n_0);
#line 1
}
#line 1
long g(long n)
#line 1
{
#line 1
    cilkrt_worker *cilkc_w = cilkrt_self();
#line 1
    if (!cilkc_w) {
#line 1
        struct cilkc_locals_g cilkc_a;
#line 1
        cilkc_a.n_0 = n;
#line 1
        cilkrt_root_call(cilkc_root_g, &cilkc_a);
#line 1
        return cilkc_a.ret;
    }
#line 1
    return cilkc_body_g(cilkc_w, n);
#line 1
}
#line 10 "tests/e2e/layout/calls.i"


/* No child is out at a = g(n) and c += g(n): each becomes a spawn and a
 * sync. At c = g(n + 1) b's child may be out: a plain call (g's entry
 * makes a boundary). */
#line 15 "tests/e2e/layout/calls.i"
long h(long n);
struct cilkc_locals_h {
#line 15
       long n_0;

    long a_1;
#line 17
    long b_2;
#line 17
    long c_3;
#line 15
long ret;
};
#line 15
extern __typeof__(((struct cilkc_locals_h *)0)->n_0) cilkc_tv_h_n_0;

extern __typeof__(((struct cilkc_locals_h *)0)->a_1) cilkc_tv_h_a_1;
#line 17
extern __typeof__(((struct cilkc_locals_h *)0)->b_2) cilkc_tv_h_b_2;
#line 17
extern __typeof__(((struct cilkc_locals_h *)0)->c_3) cilkc_tv_h_c_3;
struct cilkc_task_h_1 {
#line 15
    __typeof__(((void)0,
#line 20
                cilkc_tv_h_n_0)) a0;
#line 15
    __typeof__(&(
#line 20
    cilkc_tv_h_b_2)) dst;
};
static void cilkc_thunk_h_1(cilkrt_worker *, cilkrt_task *);
static inline void cilkc_sync_h(cilkrt_worker *, cilkrt_group *);
#line 15
long cilkc_body_h (cilkrt_worker *cilkc_w,
#line 15
       long n);
#line 15
long cilkc_body_h (cilkrt_worker *cilkc_w,
#line 15
       long n)
#line 15
{
#line 15
    cilkrt_group cilkc_g;
#line 15
    cilkrt_group_init(cilkc_w, &cilkc_g);
#line 15
    int cilkc_out = 0;
#line 15
    (void)cilkc_out;
    {
    long a;
#line 17
    long    b;
#line 17
    long       c;

    a = g(n);
    {
#line 20
        __typeof__(((void)0,
#line 20
                n)) cilkc_a0 = (
#line 20
                n);
#line 20
        __typeof__(&(
#line 20
    b)) cilkc_d = &(
#line 20
    b);
#line 20
        cilkrt_task *cilkc_h = cilkrt_task_slot(cilkc_w, &cilkc_g);
#line 20
        struct cilkc_task_h_1 *cilkc_t = CILKRT_RECORD(cilkc_w, cilkc_h, struct cilkc_task_h_1);
#line 20
        cilkc_h->run = cilkc_thunk_h_1;
#line 20
        cilkc_t->a0 = cilkc_a0;
#line 20
        cilkc_t->dst = cilkc_d;
#line 20
        cilkrt_task_push(cilkc_w, &cilkc_g);
#line 20
        cilkc_out = 1;
    }
#line 21
    c = g(n + 1);
    {
#line 22
        cilkc_sync_h(cilkc_w, &cilkc_g);
#line 22
        cilkc_out = 0;
    }
#line 23
    c += g(n);
    {
#line 24
        cilkc_sync_h(cilkc_w, &cilkc_g);
#line 24
        return
#line 24
           a + b + c;
    }
#line 24
    }
#line 24
    cilkc_sync_h(cilkc_w, &cilkc_g);
#line 24
}
#line 15
static void cilkc_thunk_h_1(cilkrt_worker *cilkc_w, cilkrt_task *cilkc_h)
#line 15
{
#line 15
    struct cilkc_task_h_1 *cilkc_p = CILKRT_RECORD_OF(cilkc_h, struct cilkc_task_h_1);
#line 15
    struct cilkc_task_h_1 cilkc_rec = *cilkc_p, *cilkc_t = &cilkc_rec;
#line 15
    if (!CILKRT_IN_SLOT(struct cilkc_task_h_1)) cilkrt_record_free(cilkc_w, cilkc_p);
#line 15
    (void)cilkc_w;
#line 15
    (void)cilkc_t;
#line 15
    __typeof__(
#line 20
              g(cilkc_tv_h_n_0
#line 20
                 )) cilkc_r = cilkc_body_g(cilkc_w, cilkc_t->a0);
#line 15
    (*cilkc_t->dst)
#line 20
      = cilkc_r;
#line 15
}
#line 15
static inline void cilkc_sync_h(cilkrt_worker *cilkc_w, cilkrt_group *cilkc_g)
#line 15
{
#line 15
    cilkrt_group_count(cilkc_w, cilkc_g);
#line 15
    while (cilkrt_group_pending(cilkc_g)) {
#line 15
        cilkrt_task *cilkc_h = cilkrt_task_pop(cilkc_w, cilkc_g);
#line 15
        if (!cilkc_h) continue;
#line 15
        cilkc_thunk_h_1(cilkc_w, cilkc_h);
    }
#line 15
}
#line 15
static void cilkc_root_h(cilkrt_worker *cilkc_w, void *cilkc_p)
#line 15
{
#line 15
    struct cilkc_locals_h *cilkc_a = (struct cilkc_locals_h *)cilkc_p;
#line 15
    (void)cilkc_w;
#line 15
    (void)cilkc_a;
#line 15
    cilkc_a->ret = h(cilkc_a->n_0);
#line 15
}
#line 15
long h(long n)
#line 15
{
#line 15
    cilkrt_worker *cilkc_w = cilkrt_self();
#line 15
    if (!cilkc_w) {
#line 15
        struct cilkc_locals_h cilkc_a;
#line 15
        cilkc_a.n_0 = n;
#line 15
        cilkrt_root_call(cilkc_root_h, &cilkc_a);
#line 15
        return cilkc_a.ret;
    }
#line 15
    return cilkc_body_h(cilkc_w, n);
#line 15
}
#line 25 "tests/e2e/layout/calls.i"


int main(void) { return h(5) != 21; }
