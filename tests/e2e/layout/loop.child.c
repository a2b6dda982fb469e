#include <cilkrt_abi.h>
#line 1 "tests/e2e/layout/loop.i"
/* cilk_for's helpers (compiler/loops.c): the grain loop is a plain leaf
 * function; its step is the literal where the step is a constant (i++,
 * i -= 3) and the value computed once in the caller otherwise (i += k). */

#line 4 "tests/e2e/layout/loop.i"
 void fill ( long * a , long n , int k );
#line 4 "tests/e2e/layout/loop.i"
#line 6 "tests/e2e/layout/loop.i"
    struct cilkc_for_1 {
#line 6 "tests/e2e/layout/loop.i"
 long * (*a);
#line 6 "tests/e2e/layout/loop.i"
 long cilkc_begin;
#line 6 "tests/e2e/layout/loop.i"
unsigned long long cilkc_delta, cilkc_grain;
#line 6 "tests/e2e/layout/loop.i"
} __attribute__((aligned(CILKRT_CACHE_LINE)));
#line 6 "tests/e2e/layout/loop.i"
static void cilkc_for_1_body(struct cilkc_for_1 *cilkc_c_1, long i)
#line 6 "tests/e2e/layout/loop.i"
{ (void)cilkc_c_1; (void)i; do {
        (*cilkc_c_1->a)
#line 7
         [i] = 0; } while (0); }
#line 6 "tests/e2e/layout/loop.i"
static void cilkc_for_1_leaf(struct cilkc_for_1 *cilkc_c_1, unsigned long long cilkc_lo, unsigned long long cilkc_hi)
#line 6 "tests/e2e/layout/loop.i"
{ long cilkc_b = cilkc_c_1->cilkc_begin;
#line 6 "tests/e2e/layout/loop.i"
  unsigned long long cilkc_d = 1ULL;
#line 6 "tests/e2e/layout/loop.i"
  for (; cilkc_lo < cilkc_hi; cilkc_lo++)
#line 6 "tests/e2e/layout/loop.i"
    cilkc_for_1_body(cilkc_c_1, CILKRT_FOR_VALUE(cilkc_b, cilkc_lo, cilkc_d)); }
#line 6 "tests/e2e/layout/loop.i"
#line 6 "tests/e2e/layout/loop.i"
static void cilkc_for_1(struct cilkc_for_1 *cilkc_c_1, unsigned long long cilkc_lo, unsigned long long cilkc_hi);
#line 6
struct cilkc_locals_cilkc_for_1 {
#line 6
                        struct cilkc_for_1 * cilkc_c_1_0;
#line 6
                                                       unsigned long long cilkc_lo_1;
#line 6
                                                                                    unsigned long long cilkc_hi_2;
#line 6
       unsigned long long cilkc_mid_3;
#line 6
};
#line 6
extern __typeof__(((struct cilkc_locals_cilkc_for_1 *)0)->cilkc_c_1_0) cilkc_tv_cilkc_for_1_cilkc_c_1_0;
#line 6
extern __typeof__(((struct cilkc_locals_cilkc_for_1 *)0)->cilkc_lo_1) cilkc_tv_cilkc_for_1_cilkc_lo_1;
#line 6
extern __typeof__(((struct cilkc_locals_cilkc_for_1 *)0)->cilkc_hi_2) cilkc_tv_cilkc_for_1_cilkc_hi_2;
#line 6
extern __typeof__(((struct cilkc_locals_cilkc_for_1 *)0)->cilkc_mid_3) cilkc_tv_cilkc_for_1_cilkc_mid_3;
#line 6
struct cilkc_task_cilkc_for_1_1 {
#line 6
    __typeof__(((void)0,   cilkc_tv_cilkc_for_1_cilkc_c_1_0)) a0;
#line 6
    __typeof__(((void)0,              cilkc_tv_cilkc_for_1_cilkc_mid_3)) a1;
#line 6
    __typeof__(((void)0,                         cilkc_tv_cilkc_for_1_cilkc_hi_2)) a2;
#line 6
};
#line 6
static void cilkc_thunk_cilkc_for_1_1(cilkrt_worker *, cilkrt_task *);
#line 6
static inline void cilkc_sync_cilkc_for_1(cilkrt_worker *, cilkrt_group *);
#line 6
__attribute__((noinline))
#line 6
static void cilkc_spawning_cilkc_for_1 (cilkrt_worker *cilkc_w,
#line 6
                        struct cilkc_for_1 *cilkc_c_1, unsigned long long cilkc_lo, unsigned long long cilkc_hi)
#line 6
{
#line 6
    cilkrt_group cilkc_g;
#line 6
    cilkrt_group_init(cilkc_w, &cilkc_g);
#line 6
    int cilkc_out = 0;
#line 6
    (void)cilkc_out;
#line 6
    (void)cilkc_c_1;
#line 6
    (void)cilkc_lo;
#line 6
    (void)cilkc_hi;
#line 6
    {
#line 6
  do
#line 6
     {
#line 6
       unsigned long long cilkc_mid = cilkc_lo + (cilkc_hi - cilkc_lo) / 2;
#line 6
    {
#line 6
        __typeof__(((void)0,
#line 6
                           cilkc_c_1)) cilkc_a0 = (
#line 6
                           cilkc_c_1);
#line 6
        __typeof__(((void)0,          cilkc_mid)) cilkc_a1 = (
#line 6
                                      cilkc_mid);
#line 6
        __typeof__(((void)0,                     cilkc_hi)) cilkc_a2 = (
#line 6
                                                 cilkc_hi);
#line 6
        cilkrt_task *cilkc_h = cilkrt_task_slot(cilkc_w, &cilkc_g);
#line 6
        struct cilkc_task_cilkc_for_1_1 *cilkc_t = CILKRT_RECORD(cilkc_w, cilkc_h, struct cilkc_task_cilkc_for_1_1);
#line 6
        cilkc_h->run = cilkc_thunk_cilkc_for_1_1;
#line 6
        cilkc_t->a0 = cilkc_a0;
#line 6
        cilkc_t->a1 = cilkc_a1;
#line 6
        cilkc_t->a2 = cilkc_a2;
#line 6
        cilkrt_task_push_ordered(cilkc_w, &cilkc_g);
#line 6
        cilkc_out = 1;
#line 6
    }
#line 6
    cilkc_hi = cilkc_mid;
#line 6
        } while (                  cilkc_hi - cilkc_lo > cilkc_c_1->cilkc_grain);
#line 6
  cilkc_for_1_leaf(cilkc_c_1, cilkc_lo, cilkc_hi);
#line 6
    }
#line 6
    cilkc_sync_cilkc_for_1(cilkc_w, &cilkc_g);
#line 6
}
#line 6
static void cilkc_body_cilkc_for_1 (cilkrt_worker *cilkc_w,
#line 6
                        struct cilkc_for_1 *cilkc_c_1, unsigned long long cilkc_lo, unsigned long long cilkc_hi)
#line 6
{
#line 6
    int cilkc_out = 0;
#line 6
    (void)cilkc_out;
#line 6
  if (cilkc_hi - cilkc_lo <= cilkc_c_1->cilkc_grain)
#line 6
                                                     {
#line 6
    cilkc_for_1_leaf(cilkc_c_1, cilkc_lo, cilkc_hi);
#line 6
    {
#line 6
        return ;
#line 6
    }
#line 6
    }
#line 6
    cilkc_spawning_cilkc_for_1(cilkc_w, cilkc_c_1, cilkc_lo, cilkc_hi);
#line 6
    return;
#line 6
}
#line 6
static void cilkc_thunk_cilkc_for_1_1(cilkrt_worker *cilkc_w, cilkrt_task *cilkc_h)
#line 6
{
#line 6
    struct cilkc_task_cilkc_for_1_1 *cilkc_p = CILKRT_RECORD_OF(cilkc_h, struct cilkc_task_cilkc_for_1_1);
#line 6
    struct cilkc_task_cilkc_for_1_1 cilkc_rec = *cilkc_p, *cilkc_t = &cilkc_rec;
#line 6
    if (!CILKRT_IN_SLOT(struct cilkc_task_cilkc_for_1_1)) cilkrt_record_free(cilkc_w, cilkc_p);
#line 6
    (void)cilkc_w;
#line 6
    (void)cilkc_t;
#line 6
    cilkc_body_cilkc_for_1(cilkc_w, cilkc_t->a0, cilkc_t->a1, cilkc_t->a2);
#line 6
}
#line 6
static inline void cilkc_sync_cilkc_for_1(cilkrt_worker *cilkc_w, cilkrt_group *cilkc_g)
#line 6
{
#line 6
    cilkrt_group_count(cilkc_w, cilkc_g);
#line 6
    while (cilkrt_group_pending(cilkc_g)) {
#line 6
        cilkrt_task *cilkc_h = cilkrt_task_pop_ordered(cilkc_w, cilkc_g);
#line 6
        if (!cilkc_h) continue;
#line 6
        cilkc_thunk_cilkc_for_1_1(cilkc_w, cilkc_h);
#line 6
    }
#line 6
}
#line 6
static void cilkc_root_cilkc_for_1(cilkrt_worker *cilkc_w, void *cilkc_p)
#line 6
{
#line 6
    struct cilkc_locals_cilkc_for_1 *cilkc_a = (struct cilkc_locals_cilkc_for_1 *)cilkc_p;
#line 6
    (void)cilkc_w;
#line 6
    (void)cilkc_a;
#line 6
    cilkc_for_1(cilkc_a->cilkc_c_1_0, cilkc_a->cilkc_lo_1, cilkc_a->cilkc_hi_2);
#line 6
}
#line 6
static void cilkc_for_1(struct cilkc_for_1 *cilkc_c_1, unsigned long long cilkc_lo, unsigned long long cilkc_hi)
#line 6
{
#line 6
    cilkrt_worker *cilkc_w = cilkrt_self();
#line 6
    if (!cilkc_w) {
#line 6
        struct cilkc_locals_cilkc_for_1 cilkc_a;
#line 6
        cilkc_a.cilkc_c_1_0 = cilkc_c_1;
#line 6
        cilkc_a.cilkc_lo_1 = cilkc_lo;
#line 6
        cilkc_a.cilkc_hi_2 = cilkc_hi;
#line 6
        cilkrt_root_call(cilkc_root_cilkc_for_1, &cilkc_a);
#line 6
        return;
#line 6
    }
#line 6
    cilkc_body_cilkc_for_1(cilkc_w, cilkc_c_1, cilkc_lo, cilkc_hi);
#line 6
}
#line 6 "tests/e2e/layout/loop.i"

#line 6 "tests/e2e/layout/loop.i"
#line 8 "tests/e2e/layout/loop.i"
    struct cilkc_for_2 {
#line 8 "tests/e2e/layout/loop.i"
 long * (*a);
#line 8 "tests/e2e/layout/loop.i"
 long cilkc_begin;
#line 8 "tests/e2e/layout/loop.i"
unsigned long long cilkc_delta, cilkc_grain;
#line 8 "tests/e2e/layout/loop.i"
} __attribute__((aligned(CILKRT_CACHE_LINE)));
#line 8 "tests/e2e/layout/loop.i"
static void cilkc_for_2_body(struct cilkc_for_2 *cilkc_c_2, long i)
#line 8 "tests/e2e/layout/loop.i"
{ (void)cilkc_c_2; (void)i; do {
        (*cilkc_c_2->a)
#line 9
         [i] += i; } while (0); }
#line 8 "tests/e2e/layout/loop.i"
static void cilkc_for_2_leaf(struct cilkc_for_2 *cilkc_c_2, unsigned long long cilkc_lo, unsigned long long cilkc_hi)
#line 8 "tests/e2e/layout/loop.i"
{ long cilkc_b = cilkc_c_2->cilkc_begin;
#line 8 "tests/e2e/layout/loop.i"
  unsigned long long cilkc_d = -(unsigned long long) 3;
#line 8 "tests/e2e/layout/loop.i"
  for (; cilkc_lo < cilkc_hi; cilkc_lo++)
#line 8 "tests/e2e/layout/loop.i"
    cilkc_for_2_body(cilkc_c_2, CILKRT_FOR_VALUE(cilkc_b, cilkc_lo, cilkc_d)); }
#line 8 "tests/e2e/layout/loop.i"
#line 8 "tests/e2e/layout/loop.i"
static void cilkc_for_2(struct cilkc_for_2 *cilkc_c_2, unsigned long long cilkc_lo, unsigned long long cilkc_hi);
#line 8
struct cilkc_locals_cilkc_for_2 {
#line 8
                        struct cilkc_for_2 * cilkc_c_2_0;
#line 8
                                                       unsigned long long cilkc_lo_1;
#line 8
                                                                                    unsigned long long cilkc_hi_2;
#line 8
       unsigned long long cilkc_mid_3;
#line 8
};
#line 8
extern __typeof__(((struct cilkc_locals_cilkc_for_2 *)0)->cilkc_c_2_0) cilkc_tv_cilkc_for_2_cilkc_c_2_0;
#line 8
extern __typeof__(((struct cilkc_locals_cilkc_for_2 *)0)->cilkc_lo_1) cilkc_tv_cilkc_for_2_cilkc_lo_1;
#line 8
extern __typeof__(((struct cilkc_locals_cilkc_for_2 *)0)->cilkc_hi_2) cilkc_tv_cilkc_for_2_cilkc_hi_2;
#line 8
extern __typeof__(((struct cilkc_locals_cilkc_for_2 *)0)->cilkc_mid_3) cilkc_tv_cilkc_for_2_cilkc_mid_3;
#line 8
struct cilkc_task_cilkc_for_2_1 {
#line 8
    __typeof__(((void)0,   cilkc_tv_cilkc_for_2_cilkc_c_2_0)) a0;
#line 8
    __typeof__(((void)0,              cilkc_tv_cilkc_for_2_cilkc_mid_3)) a1;
#line 8
    __typeof__(((void)0,                         cilkc_tv_cilkc_for_2_cilkc_hi_2)) a2;
#line 8
};
#line 8
static void cilkc_thunk_cilkc_for_2_1(cilkrt_worker *, cilkrt_task *);
#line 8
static inline void cilkc_sync_cilkc_for_2(cilkrt_worker *, cilkrt_group *);
#line 8
__attribute__((noinline))
#line 8
static void cilkc_spawning_cilkc_for_2 (cilkrt_worker *cilkc_w,
#line 8
                        struct cilkc_for_2 *cilkc_c_2, unsigned long long cilkc_lo, unsigned long long cilkc_hi)
#line 8
{
#line 8
    cilkrt_group cilkc_g;
#line 8
    cilkrt_group_init(cilkc_w, &cilkc_g);
#line 8
    int cilkc_out = 0;
#line 8
    (void)cilkc_out;
#line 8
    (void)cilkc_c_2;
#line 8
    (void)cilkc_lo;
#line 8
    (void)cilkc_hi;
#line 8
    {
#line 8
  do
#line 8
     {
#line 8
       unsigned long long cilkc_mid = cilkc_lo + (cilkc_hi - cilkc_lo) / 2;
#line 8
    {
#line 8
        __typeof__(((void)0,
#line 8
                           cilkc_c_2)) cilkc_a0 = (
#line 8
                           cilkc_c_2);
#line 8
        __typeof__(((void)0,          cilkc_mid)) cilkc_a1 = (
#line 8
                                      cilkc_mid);
#line 8
        __typeof__(((void)0,                     cilkc_hi)) cilkc_a2 = (
#line 8
                                                 cilkc_hi);
#line 8
        cilkrt_task *cilkc_h = cilkrt_task_slot(cilkc_w, &cilkc_g);
#line 8
        struct cilkc_task_cilkc_for_2_1 *cilkc_t = CILKRT_RECORD(cilkc_w, cilkc_h, struct cilkc_task_cilkc_for_2_1);
#line 8
        cilkc_h->run = cilkc_thunk_cilkc_for_2_1;
#line 8
        cilkc_t->a0 = cilkc_a0;
#line 8
        cilkc_t->a1 = cilkc_a1;
#line 8
        cilkc_t->a2 = cilkc_a2;
#line 8
        cilkrt_task_push_ordered(cilkc_w, &cilkc_g);
#line 8
        cilkc_out = 1;
#line 8
    }
#line 8
    cilkc_hi = cilkc_mid;
#line 8
        } while (                  cilkc_hi - cilkc_lo > cilkc_c_2->cilkc_grain);
#line 8
  cilkc_for_2_leaf(cilkc_c_2, cilkc_lo, cilkc_hi);
#line 8
    }
#line 8
    cilkc_sync_cilkc_for_2(cilkc_w, &cilkc_g);
#line 8
}
#line 8
static void cilkc_body_cilkc_for_2 (cilkrt_worker *cilkc_w,
#line 8
                        struct cilkc_for_2 *cilkc_c_2, unsigned long long cilkc_lo, unsigned long long cilkc_hi)
#line 8
{
#line 8
    int cilkc_out = 0;
#line 8
    (void)cilkc_out;
#line 8
  if (cilkc_hi - cilkc_lo <= cilkc_c_2->cilkc_grain)
#line 8
                                                     {
#line 8
    cilkc_for_2_leaf(cilkc_c_2, cilkc_lo, cilkc_hi);
#line 8
    {
#line 8
        return ;
#line 8
    }
#line 8
    }
#line 8
    cilkc_spawning_cilkc_for_2(cilkc_w, cilkc_c_2, cilkc_lo, cilkc_hi);
#line 8
    return;
#line 8
}
#line 8
static void cilkc_thunk_cilkc_for_2_1(cilkrt_worker *cilkc_w, cilkrt_task *cilkc_h)
#line 8
{
#line 8
    struct cilkc_task_cilkc_for_2_1 *cilkc_p = CILKRT_RECORD_OF(cilkc_h, struct cilkc_task_cilkc_for_2_1);
#line 8
    struct cilkc_task_cilkc_for_2_1 cilkc_rec = *cilkc_p, *cilkc_t = &cilkc_rec;
#line 8
    if (!CILKRT_IN_SLOT(struct cilkc_task_cilkc_for_2_1)) cilkrt_record_free(cilkc_w, cilkc_p);
#line 8
    (void)cilkc_w;
#line 8
    (void)cilkc_t;
#line 8
    cilkc_body_cilkc_for_2(cilkc_w, cilkc_t->a0, cilkc_t->a1, cilkc_t->a2);
#line 8
}
#line 8
static inline void cilkc_sync_cilkc_for_2(cilkrt_worker *cilkc_w, cilkrt_group *cilkc_g)
#line 8
{
#line 8
    cilkrt_group_count(cilkc_w, cilkc_g);
#line 8
    while (cilkrt_group_pending(cilkc_g)) {
#line 8
        cilkrt_task *cilkc_h = cilkrt_task_pop_ordered(cilkc_w, cilkc_g);
#line 8
        if (!cilkc_h) continue;
#line 8
        cilkc_thunk_cilkc_for_2_1(cilkc_w, cilkc_h);
#line 8
    }
#line 8
}
#line 8
static void cilkc_root_cilkc_for_2(cilkrt_worker *cilkc_w, void *cilkc_p)
#line 8
{
#line 8
    struct cilkc_locals_cilkc_for_2 *cilkc_a = (struct cilkc_locals_cilkc_for_2 *)cilkc_p;
#line 8
    (void)cilkc_w;
#line 8
    (void)cilkc_a;
#line 8
    cilkc_for_2(cilkc_a->cilkc_c_2_0, cilkc_a->cilkc_lo_1, cilkc_a->cilkc_hi_2);
#line 8
}
#line 8
static void cilkc_for_2(struct cilkc_for_2 *cilkc_c_2, unsigned long long cilkc_lo, unsigned long long cilkc_hi)
#line 8
{
#line 8
    cilkrt_worker *cilkc_w = cilkrt_self();
#line 8
    if (!cilkc_w) {
#line 8
        struct cilkc_locals_cilkc_for_2 cilkc_a;
#line 8
        cilkc_a.cilkc_c_2_0 = cilkc_c_2;
#line 8
        cilkc_a.cilkc_lo_1 = cilkc_lo;
#line 8
        cilkc_a.cilkc_hi_2 = cilkc_hi;
#line 8
        cilkrt_root_call(cilkc_root_cilkc_for_2, &cilkc_a);
#line 8
        return;
#line 8
    }
#line 8
    cilkc_body_cilkc_for_2(cilkc_w, cilkc_c_2, cilkc_lo, cilkc_hi);
#line 8
}
#line 8 "tests/e2e/layout/loop.i"

#line 8 "tests/e2e/layout/loop.i"
#line 10 "tests/e2e/layout/loop.i"
    struct cilkc_for_3 {
#line 10 "tests/e2e/layout/loop.i"
 long * (*a);
#line 10 "tests/e2e/layout/loop.i"
 int cilkc_begin;
#line 10 "tests/e2e/layout/loop.i"
unsigned long long cilkc_delta, cilkc_grain;
#line 10 "tests/e2e/layout/loop.i"
} __attribute__((aligned(CILKRT_CACHE_LINE)));
#line 10 "tests/e2e/layout/loop.i"
static void cilkc_for_3_body(struct cilkc_for_3 *cilkc_c_3, int i)
#line 10 "tests/e2e/layout/loop.i"
{ (void)cilkc_c_3; (void)i; do {
        (*cilkc_c_3->a)
#line 11
         [i] -= 1; } while (0); }
#line 10 "tests/e2e/layout/loop.i"
static void cilkc_for_3_leaf(struct cilkc_for_3 *cilkc_c_3, unsigned long long cilkc_lo, unsigned long long cilkc_hi)
#line 10 "tests/e2e/layout/loop.i"
{ int cilkc_b = cilkc_c_3->cilkc_begin;
#line 10 "tests/e2e/layout/loop.i"
  unsigned long long cilkc_d = cilkc_c_3->cilkc_delta;
#line 10 "tests/e2e/layout/loop.i"
  for (; cilkc_lo < cilkc_hi; cilkc_lo++)
#line 10 "tests/e2e/layout/loop.i"
    cilkc_for_3_body(cilkc_c_3, CILKRT_FOR_VALUE(cilkc_b, cilkc_lo, cilkc_d)); }
#line 10 "tests/e2e/layout/loop.i"
#line 10 "tests/e2e/layout/loop.i"
static void cilkc_for_3(struct cilkc_for_3 *cilkc_c_3, unsigned long long cilkc_lo, unsigned long long cilkc_hi);
#line 10
struct cilkc_locals_cilkc_for_3 {
#line 10
                        struct cilkc_for_3 * cilkc_c_3_0;
#line 10
                                                       unsigned long long cilkc_lo_1;
#line 10
                                                                                    unsigned long long cilkc_hi_2;
#line 10
       unsigned long long cilkc_mid_3;
#line 10
};
#line 10
extern __typeof__(((struct cilkc_locals_cilkc_for_3 *)0)->cilkc_c_3_0) cilkc_tv_cilkc_for_3_cilkc_c_3_0;
#line 10
extern __typeof__(((struct cilkc_locals_cilkc_for_3 *)0)->cilkc_lo_1) cilkc_tv_cilkc_for_3_cilkc_lo_1;
#line 10
extern __typeof__(((struct cilkc_locals_cilkc_for_3 *)0)->cilkc_hi_2) cilkc_tv_cilkc_for_3_cilkc_hi_2;
#line 10
extern __typeof__(((struct cilkc_locals_cilkc_for_3 *)0)->cilkc_mid_3) cilkc_tv_cilkc_for_3_cilkc_mid_3;
#line 10
struct cilkc_task_cilkc_for_3_1 {
#line 10
    __typeof__(((void)0,   cilkc_tv_cilkc_for_3_cilkc_c_3_0)) a0;
#line 10
    __typeof__(((void)0,              cilkc_tv_cilkc_for_3_cilkc_mid_3)) a1;
#line 10
    __typeof__(((void)0,                         cilkc_tv_cilkc_for_3_cilkc_hi_2)) a2;
#line 10
};
#line 10
static void cilkc_thunk_cilkc_for_3_1(cilkrt_worker *, cilkrt_task *);
#line 10
static inline void cilkc_sync_cilkc_for_3(cilkrt_worker *, cilkrt_group *);
#line 10
__attribute__((noinline))
#line 10
static void cilkc_spawning_cilkc_for_3 (cilkrt_worker *cilkc_w,
#line 10
                        struct cilkc_for_3 *cilkc_c_3, unsigned long long cilkc_lo, unsigned long long cilkc_hi)
#line 10
{
#line 10
    cilkrt_group cilkc_g;
#line 10
    cilkrt_group_init(cilkc_w, &cilkc_g);
#line 10
    int cilkc_out = 0;
#line 10
    (void)cilkc_out;
#line 10
    (void)cilkc_c_3;
#line 10
    (void)cilkc_lo;
#line 10
    (void)cilkc_hi;
#line 10
    {
#line 10
  do
#line 10
     {
#line 10
       unsigned long long cilkc_mid = cilkc_lo + (cilkc_hi - cilkc_lo) / 2;
#line 10
    {
#line 10
        __typeof__(((void)0,
#line 10
                           cilkc_c_3)) cilkc_a0 = (
#line 10
                           cilkc_c_3);
#line 10
        __typeof__(((void)0,          cilkc_mid)) cilkc_a1 = (
#line 10
                                      cilkc_mid);
#line 10
        __typeof__(((void)0,                     cilkc_hi)) cilkc_a2 = (
#line 10
                                                 cilkc_hi);
#line 10
        cilkrt_task *cilkc_h = cilkrt_task_slot(cilkc_w, &cilkc_g);
#line 10
        struct cilkc_task_cilkc_for_3_1 *cilkc_t = CILKRT_RECORD(cilkc_w, cilkc_h, struct cilkc_task_cilkc_for_3_1);
#line 10
        cilkc_h->run = cilkc_thunk_cilkc_for_3_1;
#line 10
        cilkc_t->a0 = cilkc_a0;
#line 10
        cilkc_t->a1 = cilkc_a1;
#line 10
        cilkc_t->a2 = cilkc_a2;
#line 10
        cilkrt_task_push_ordered(cilkc_w, &cilkc_g);
#line 10
        cilkc_out = 1;
#line 10
    }
#line 10
    cilkc_hi = cilkc_mid;
#line 10
        } while (                  cilkc_hi - cilkc_lo > cilkc_c_3->cilkc_grain);
#line 10
  cilkc_for_3_leaf(cilkc_c_3, cilkc_lo, cilkc_hi);
#line 10
    }
#line 10
    cilkc_sync_cilkc_for_3(cilkc_w, &cilkc_g);
#line 10
}
#line 10
static void cilkc_body_cilkc_for_3 (cilkrt_worker *cilkc_w,
#line 10
                        struct cilkc_for_3 *cilkc_c_3, unsigned long long cilkc_lo, unsigned long long cilkc_hi)
#line 10
{
#line 10
    int cilkc_out = 0;
#line 10
    (void)cilkc_out;
#line 10
  if (cilkc_hi - cilkc_lo <= cilkc_c_3->cilkc_grain)
#line 10
                                                     {
#line 10
    cilkc_for_3_leaf(cilkc_c_3, cilkc_lo, cilkc_hi);
#line 10
    {
#line 10
        return ;
#line 10
    }
#line 10
    }
#line 10
    cilkc_spawning_cilkc_for_3(cilkc_w, cilkc_c_3, cilkc_lo, cilkc_hi);
#line 10
    return;
#line 10
}
#line 10
static void cilkc_thunk_cilkc_for_3_1(cilkrt_worker *cilkc_w, cilkrt_task *cilkc_h)
#line 10
{
#line 10
    struct cilkc_task_cilkc_for_3_1 *cilkc_p = CILKRT_RECORD_OF(cilkc_h, struct cilkc_task_cilkc_for_3_1);
#line 10
    struct cilkc_task_cilkc_for_3_1 cilkc_rec = *cilkc_p, *cilkc_t = &cilkc_rec;
#line 10
    if (!CILKRT_IN_SLOT(struct cilkc_task_cilkc_for_3_1)) cilkrt_record_free(cilkc_w, cilkc_p);
#line 10
    (void)cilkc_w;
#line 10
    (void)cilkc_t;
#line 10
    cilkc_body_cilkc_for_3(cilkc_w, cilkc_t->a0, cilkc_t->a1, cilkc_t->a2);
#line 10
}
#line 10
static inline void cilkc_sync_cilkc_for_3(cilkrt_worker *cilkc_w, cilkrt_group *cilkc_g)
#line 10
{
#line 10
    cilkrt_group_count(cilkc_w, cilkc_g);
#line 10
    while (cilkrt_group_pending(cilkc_g)) {
#line 10
        cilkrt_task *cilkc_h = cilkrt_task_pop_ordered(cilkc_w, cilkc_g);
#line 10
        if (!cilkc_h) continue;
#line 10
        cilkc_thunk_cilkc_for_3_1(cilkc_w, cilkc_h);
#line 10
    }
#line 10
}
#line 10
static void cilkc_root_cilkc_for_3(cilkrt_worker *cilkc_w, void *cilkc_p)
#line 10
{
#line 10
    struct cilkc_locals_cilkc_for_3 *cilkc_a = (struct cilkc_locals_cilkc_for_3 *)cilkc_p;
#line 10
    (void)cilkc_w;
#line 10
    (void)cilkc_a;
#line 10
    cilkc_for_3(cilkc_a->cilkc_c_3_0, cilkc_a->cilkc_lo_1, cilkc_a->cilkc_hi_2);
#line 10
}
#line 10
static void cilkc_for_3(struct cilkc_for_3 *cilkc_c_3, unsigned long long cilkc_lo, unsigned long long cilkc_hi)
#line 10
{
#line 10
    cilkrt_worker *cilkc_w = cilkrt_self();
#line 10
    if (!cilkc_w) {
#line 10
        struct cilkc_locals_cilkc_for_3 cilkc_a;
#line 10
        cilkc_a.cilkc_c_3_0 = cilkc_c_3;
#line 10
        cilkc_a.cilkc_lo_1 = cilkc_lo;
#line 10
        cilkc_a.cilkc_hi_2 = cilkc_hi;
#line 10
        cilkrt_root_call(cilkc_root_cilkc_for_3, &cilkc_a);
#line 10
        return;
#line 10
    }
#line 10
    cilkc_body_cilkc_for_3(cilkc_w, cilkc_c_3, cilkc_lo, cilkc_hi);
#line 10
}
#line 10 "tests/e2e/layout/loop.i"

#line 10 "tests/e2e/layout/loop.i"
#line 4 "tests/e2e/layout/loop.i"
void fill(long *a, long n, int k)
{
    {         long i = 0;
#line 6 "tests/e2e/layout/loop.i"
struct cilkc_for_1 cilkc_c_1 = { &a, i, 0, 0 };
#line 6 "tests/e2e/layout/loop.i"
unsigned long long cilkc_n_1 = (__extension__ ({
#line 6 "tests/e2e/layout/loop.i"
__typeof__(0 ? i : (          n)) cilkc_end = (
#line 6
                              n);
#line 6 "tests/e2e/layout/loop.i"
unsigned long long cilkc_delta = 1ULL;
#line 6 "tests/e2e/layout/loop.i"
cilkc_c_1.cilkc_delta = cilkc_delta;
#line 6 "tests/e2e/layout/loop.i"
(                         i < cilkc_end ? (CILKRT_FOR_DIFF(cilkc_end, i) - 1) / (cilkc_delta) + 1 : 0); }));
#line 6 "tests/e2e/layout/loop.i"
cilkc_c_1.cilkc_grain = cilkrt_grainsize(cilkc_n_1, 0);
#line 6 "tests/e2e/layout/loop.i"
if (cilkc_n_1) cilkc_for_1(&cilkc_c_1, 0ULL, cilkc_n_1); }
                 
    {         long i = n - 1;
#line 8 "tests/e2e/layout/loop.i"
struct cilkc_for_2 cilkc_c_2 = { &a, i, 0, 0 };
#line 8 "tests/e2e/layout/loop.i"
unsigned long long cilkc_n_2 = (__extension__ ({
#line 8 "tests/e2e/layout/loop.i"
__typeof__(0 ? i : (               0)) cilkc_end = (
#line 8
                                   0);
#line 8 "tests/e2e/layout/loop.i"
__typeof__(                                3) cilkc_k = (
#line 8
                                           3);
#line 8 "tests/e2e/layout/loop.i"
unsigned long long cilkc_delta = -(unsigned long long)cilkc_k;
#line 8 "tests/e2e/layout/loop.i"
cilkc_c_2.cilkc_delta = cilkc_delta;
#line 8 "tests/e2e/layout/loop.i"
(                             i >= cilkc_end ? CILKRT_FOR_DIFF(i, cilkc_end) / (-cilkc_delta) + 1 : 0); }));
#line 8 "tests/e2e/layout/loop.i"
cilkc_c_2.cilkc_grain = cilkrt_grainsize(cilkc_n_2, 0);
#line 8 "tests/e2e/layout/loop.i"
if (cilkc_n_2) cilkc_for_2(&cilkc_c_2, 0ULL, cilkc_n_2); }
                  
    {         int i = 0;
#line 10 "tests/e2e/layout/loop.i"
struct cilkc_for_3 cilkc_c_3 = { &a, i, 0, 0 };
#line 10 "tests/e2e/layout/loop.i"
unsigned long long cilkc_n_3 = (__extension__ ({
#line 10 "tests/e2e/layout/loop.i"
__typeof__(0 ? i : (         n)) cilkc_end = (
#line 10
                             n);
#line 10 "tests/e2e/layout/loop.i"
__typeof__(                          k) cilkc_k = (
#line 10
                                     k);
#line 10 "tests/e2e/layout/loop.i"
unsigned long long cilkc_delta = (unsigned long long)cilkc_k;
#line 10 "tests/e2e/layout/loop.i"
cilkc_c_3.cilkc_delta = cilkc_delta;
#line 10 "tests/e2e/layout/loop.i"
(                        i < cilkc_end ? (CILKRT_FOR_DIFF(cilkc_end, i) - 1) / (cilkc_delta) + 1 : 0); }));
#line 10 "tests/e2e/layout/loop.i"
cilkc_c_3.cilkc_grain = cilkrt_grainsize(cilkc_n_3, 0);
#line 10 "tests/e2e/layout/loop.i"
if (cilkc_n_3) cilkc_for_3(&cilkc_c_3, 0ULL, cilkc_n_3); }
                  
}
