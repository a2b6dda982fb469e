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
struct cilkc_frame_cilkc_for_1 {
#line 6
    cilkrt_frame h;
#line 6
    struct cilkc_locals_cilkc_for_1 l;
#line 6
};
#line 6
static void cilkc_slow_cilkc_for_1(cilkrt_worker *, cilkrt_frame *);
#line 6
static void cilkc_inlet_cilkc_for_1(cilkrt_frame *, int, void *);
#line 6
static const cilkrt_desc cilkc_desc_cilkc_for_1 = { cilkc_slow_cilkc_for_1, cilkc_inlet_cilkc_for_1, "cilkc_for_1", 0 };
#line 6
inline __attribute__((unused, always_inline))
#line 6
static void cilkc_lazy_cilkc_for_1 (cilkrt_worker *cilkc_w, cilkrt_frame *cilkc_parent, int cilkc_site, void *cilkc_dst, long *cilkc_tp, int cilkc_entry_set,
#line 6
                        struct cilkc_for_1 *cilkc_c_1, unsigned long long cilkc_lo, unsigned long long cilkc_hi);
#line 6
static void cilkc_fast_cilkc_for_1 (cilkrt_worker *cilkc_w, cilkrt_frame *cilkc_parent, int cilkc_site, void *cilkc_dst,
#line 6
                        struct cilkc_for_1 *cilkc_c_1, unsigned long long cilkc_lo, unsigned long long cilkc_hi);
#line 6
__attribute__((noinline))
#line 6
static void cilkc_spawning_cilkc_for_1 (cilkrt_worker *cilkc_w, cilkrt_frame *cilkc_parent, int cilkc_site, void *cilkc_dst,
#line 6
                        struct cilkc_for_1 *cilkc_c_1, unsigned long long cilkc_lo, unsigned long long cilkc_hi)
#line 6
{
#line 6
    unsigned long cilkc_ns = 0;
#line 6
    struct cilkc_frame_cilkc_for_1 *cilkc_f = 0;
#line 6
    (void)cilkc_parent;
#line 6
    (void)cilkc_site;
#line 6
    (void)cilkc_dst;
#line 6
    (void)&cilkc_desc_cilkc_for_1;
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
        if (!cilkc_f) {
#line 6
            cilkc_f = (struct cilkc_frame_cilkc_for_1 *)cilkrt_frame_alloc(cilkc_w, sizeof *cilkc_f, &cilkc_desc_cilkc_for_1, cilkc_parent, cilkc_site, cilkc_dst);
#line 6
            cilkc_f->l.cilkc_c_1_0 = cilkc_c_1;
#line 6
            cilkc_f->l.cilkc_hi_2 = cilkc_hi;
#line 6
            cilkc_f->h.entry = 1;
#line 6
        }
#line 6
        {
#line 6
            __typeof__(((void)0,
#line 6
                           cilkc_c_1)) cilkc_a0 = (
#line 6
                           cilkc_c_1);
#line 6
            __typeof__(((void)0,      cilkc_lo)) cilkc_a1 = (
#line 6
                                      cilkc_lo);
#line 6
            __typeof__(((void)0,                cilkc_mid)) cilkc_a2 = (
#line 6
                                                cilkc_mid);
#line 6
            cilkc_f->l.cilkc_mid_3 = cilkc_mid;
#line 6
            long cilkc_t;
#line 6
            cilkc_ns++;
#line 6
            {
#line 6
                cilkc_lazy_cilkc_for_1(cilkc_w, &cilkc_f->h, 1, 0, &cilkc_t, 1, cilkc_a0, cilkc_a1, cilkc_a2);
#line 6
                if (cilkc_t >= 0 && !cilkrt_pop(cilkc_w, cilkc_t)) {
#line 6
                    cilkrt_count_spawns(cilkc_w, cilkc_ns);
#line 6
                    cilkrt_deliver(cilkc_w, &cilkc_f->h, 1, 0);
#line 6
                    return;
#line 6
                }
#line 6
            }
#line 6
        }
#line 6
    }
#line 6
    cilkc_lo = cilkc_mid;
#line 6
        } while (                  cilkc_hi - cilkc_lo > cilkc_c_1->cilkc_grain);
#line 6
  cilkc_for_1_leaf(cilkc_c_1, cilkc_lo, cilkc_hi);
#line 6
    }
#line 6
    if (cilkc_f) {
#line 6
        cilkrt_count_spawns(cilkc_w, cilkc_ns);
#line 6
        cilkrt_frame_free(cilkc_w, &cilkc_f->h, sizeof *cilkc_f);
#line 6
    }
#line 6
    return;
#line 6
}
#line 6
static void cilkc_fast_cilkc_for_1 (cilkrt_worker *cilkc_w, cilkrt_frame *cilkc_parent, int cilkc_site, void *cilkc_dst,
#line 6
                        struct cilkc_for_1 *cilkc_c_1, unsigned long long cilkc_lo, unsigned long long cilkc_hi)
#line 6
{
#line 6
    unsigned long cilkc_ns = 0;
#line 6
    struct cilkc_frame_cilkc_for_1 *cilkc_f = 0;
#line 6
    (void)cilkc_parent;
#line 6
    (void)cilkc_site;
#line 6
    (void)cilkc_dst;
#line 6
    (void)&cilkc_desc_cilkc_for_1;
#line 6
  if (cilkc_hi - cilkc_lo <= cilkc_c_1->cilkc_grain)
#line 6
                                                     {
#line 6
    cilkc_for_1_leaf(cilkc_c_1, cilkc_lo, cilkc_hi);
#line 6
    {
#line 6
        if (cilkc_f) {
#line 6
            cilkrt_count_spawns(cilkc_w, cilkc_ns);
#line 6
            cilkrt_frame_free(cilkc_w, &cilkc_f->h, sizeof *cilkc_f);
#line 6
        }
#line 6
        return;
#line 6
    }
#line 6
    }
#line 6
    cilkc_spawning_cilkc_for_1(cilkc_w, cilkc_parent, cilkc_site, cilkc_dst, cilkc_c_1, cilkc_lo, cilkc_hi);
#line 6
    return;
#line 6
}
#line 6
inline __attribute__((unused, always_inline))
#line 6
static void cilkc_lazy_cilkc_for_1 (cilkrt_worker *cilkc_w, cilkrt_frame *cilkc_parent, int cilkc_site, void *cilkc_dst, long *cilkc_tp, int cilkc_entry_set,
#line 6
                        struct cilkc_for_1 *cilkc_c_1, unsigned long long cilkc_lo, unsigned long long cilkc_hi)
#line 6
{
#line 6
    if (!cilkc_entry_set) cilkc_parent->entry = cilkc_site;
#line 6
    *cilkc_tp = cilkrt_push(cilkc_w, cilkc_parent);
#line 6
    cilkc_fast_cilkc_for_1(cilkc_w, cilkc_parent, cilkc_site, cilkc_dst, cilkc_c_1, cilkc_lo, cilkc_hi);
#line 6
    return;
#line 6
}
#line 6
static void cilkc_slow_cilkc_for_1(cilkrt_worker *cilkc_w, cilkrt_frame *cilkc_h)
#line 6
{
#line 6
    struct cilkc_frame_cilkc_for_1 *cilkc_f = (struct cilkc_frame_cilkc_for_1 *)cilkc_h;
#line 6
    (void)cilkc_f;
#line 6
    switch (cilkc_h->entry) {
#line 6
        case 1: goto cilkc_resume_1;
#line 6
        case 2: goto cilkc_resume_2;
#line 6
        case 3: goto cilkc_resume_3;
#line 6
        default: break;
#line 6
    }
#line 6 "tests/e2e/layout/loop.i"
    {
#line 6
  if (cilkc_f->l.cilkc_hi_2
#line 6
               - cilkc_f->l.cilkc_lo_1
#line 6
                          <= cilkc_f->l.cilkc_c_1_0
#line 6
                                      ->cilkc_grain)
#line 6
                                                     {
#line 6
    cilkc_for_1_leaf(cilkc_f->l.cilkc_c_1_0
#line 6
                              , cilkc_f->l.cilkc_lo_1
#line 6
                                        , cilkc_f->l.cilkc_hi_2
#line 6
                                                  );
#line 6
    {
#line 6
        {
#line 6
            cilkc_h->entry = 2;
#line 6
            if (!cilkrt_sync(cilkc_w, cilkc_h)) return;
#line 6
            if (0) {
#line 6
                cilkc_resume_2:;
#line 6
            }
#line 6
        }
#line 6
        goto cilkc_return;
#line 6
    }
#line 6
        }
#line 6
  do
#line 6
     {
#line 6
       cilkc_f->l.cilkc_mid_3       = cilkc_f->l.cilkc_lo_1
#line 6
                                               + (cilkc_f->l.cilkc_hi_2
#line 6
                                                           - cilkc_f->l.cilkc_lo_1
#line 6
                                                                     ) / 2;
#line 6
    {
#line 6
        {
#line 6
            __typeof__(((void)0,
#line 6
                           cilkc_f->l.cilkc_c_1_0)) cilkc_a0 = (
#line 6
                           cilkc_f->l.cilkc_c_1_0);
#line 6
            __typeof__(((void)0,      cilkc_f->l.cilkc_lo_1)) cilkc_a1 = (
#line 6
                                      cilkc_f->l.cilkc_lo_1);
#line 6
            __typeof__(((void)0,                cilkc_f->l.cilkc_mid_3)) cilkc_a2 = (
#line 6
                                                cilkc_f->l.cilkc_mid_3);
#line 6
            long cilkc_t;
#line 6
            cilkrt_count_spawns(cilkc_w, 1);
#line 6
            {
#line 6
                cilkc_lazy_cilkc_for_1(cilkc_w, cilkc_h, 1, 0, &cilkc_t, 0, cilkc_a0, cilkc_a1, cilkc_a2);
#line 6
                if (cilkc_t >= 0 && !cilkrt_pop(cilkc_w, cilkc_t)) {
#line 6
                    cilkrt_deliver(cilkc_w, cilkc_h, 1, 0);
#line 6
                    return;
#line 6
                }
#line 6
            }
#line 6
        }
#line 6
        if (0) {
#line 6
            cilkc_resume_1:;
#line 6
        }
#line 6
    }
#line 6
    cilkc_f->l.cilkc_lo_1
#line 6
             = cilkc_f->l.cilkc_mid_3
#line 6
                        ;
#line 6
        } while (                  cilkc_f->l.cilkc_hi_2
#line 6
                                            - cilkc_f->l.cilkc_lo_1
#line 6
                                                       > cilkc_f->l.cilkc_c_1_0
#line 6
                                                                  ->cilkc_grain);
#line 6
  cilkc_for_1_leaf(cilkc_f->l.cilkc_c_1_0
#line 6
                            , cilkc_f->l.cilkc_lo_1
#line 6
                                      , cilkc_f->l.cilkc_hi_2
#line 6
                                                );
#line 6
    }
#line 6
    {
#line 6
        cilkc_h->entry = 3;
#line 6
        if (!cilkrt_sync(cilkc_w, cilkc_h)) return;
#line 6
        if (0) {
#line 6
            cilkc_resume_3:;
#line 6
        }
#line 6
    }
#line 6
    goto cilkc_return;
#line 6
    cilkc_return: {
#line 6
        struct {
#line 6
            void *d;
#line 6
        } cilkc_res = { cilkc_h->dst };
#line 6
        cilkrt_slow_return(cilkc_w, cilkc_h, &cilkc_res);
#line 6
    }
#line 6 "tests/e2e/layout/loop.i"
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
    cilkrt_boundary cilkc_b;
#line 6
    cilkrt_boundary_enter(cilkc_w, &cilkc_b, 0, 0);
#line 6
    cilkc_fast_cilkc_for_1(cilkc_w, &cilkc_b.frame, 0, 0, cilkc_c_1, cilkc_lo, cilkc_hi);
#line 6
    cilkrt_boundary_leave(cilkc_w, &cilkc_b);
#line 6
}
#line 6
static void cilkc_inlet_cilkc_for_1(cilkrt_frame *cilkc_h, int cilkc_site, void *cilkc_v)
#line 6
{
#line 6
    struct cilkc_frame_cilkc_for_1 *cilkc_f = (struct cilkc_frame_cilkc_for_1 *)cilkc_h;
#line 6
    (void)cilkc_f;
#line 6
    (void)cilkc_v;
#line 6
    switch (cilkc_site) {
#line 6
        default: break;
#line 6
    }
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
struct cilkc_frame_cilkc_for_2 {
#line 8
    cilkrt_frame h;
#line 8
    struct cilkc_locals_cilkc_for_2 l;
#line 8
};
#line 8
static void cilkc_slow_cilkc_for_2(cilkrt_worker *, cilkrt_frame *);
#line 8
static void cilkc_inlet_cilkc_for_2(cilkrt_frame *, int, void *);
#line 8
static const cilkrt_desc cilkc_desc_cilkc_for_2 = { cilkc_slow_cilkc_for_2, cilkc_inlet_cilkc_for_2, "cilkc_for_2", 0 };
#line 8
inline __attribute__((unused, always_inline))
#line 8
static void cilkc_lazy_cilkc_for_2 (cilkrt_worker *cilkc_w, cilkrt_frame *cilkc_parent, int cilkc_site, void *cilkc_dst, long *cilkc_tp, int cilkc_entry_set,
#line 8
                        struct cilkc_for_2 *cilkc_c_2, unsigned long long cilkc_lo, unsigned long long cilkc_hi);
#line 8
static void cilkc_fast_cilkc_for_2 (cilkrt_worker *cilkc_w, cilkrt_frame *cilkc_parent, int cilkc_site, void *cilkc_dst,
#line 8
                        struct cilkc_for_2 *cilkc_c_2, unsigned long long cilkc_lo, unsigned long long cilkc_hi);
#line 8
__attribute__((noinline))
#line 8
static void cilkc_spawning_cilkc_for_2 (cilkrt_worker *cilkc_w, cilkrt_frame *cilkc_parent, int cilkc_site, void *cilkc_dst,
#line 8
                        struct cilkc_for_2 *cilkc_c_2, unsigned long long cilkc_lo, unsigned long long cilkc_hi)
#line 8
{
#line 8
    unsigned long cilkc_ns = 0;
#line 8
    struct cilkc_frame_cilkc_for_2 *cilkc_f = 0;
#line 8
    (void)cilkc_parent;
#line 8
    (void)cilkc_site;
#line 8
    (void)cilkc_dst;
#line 8
    (void)&cilkc_desc_cilkc_for_2;
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
        if (!cilkc_f) {
#line 8
            cilkc_f = (struct cilkc_frame_cilkc_for_2 *)cilkrt_frame_alloc(cilkc_w, sizeof *cilkc_f, &cilkc_desc_cilkc_for_2, cilkc_parent, cilkc_site, cilkc_dst);
#line 8
            cilkc_f->l.cilkc_c_2_0 = cilkc_c_2;
#line 8
            cilkc_f->l.cilkc_hi_2 = cilkc_hi;
#line 8
            cilkc_f->h.entry = 1;
#line 8
        }
#line 8
        {
#line 8
            __typeof__(((void)0,
#line 8
                           cilkc_c_2)) cilkc_a0 = (
#line 8
                           cilkc_c_2);
#line 8
            __typeof__(((void)0,      cilkc_lo)) cilkc_a1 = (
#line 8
                                      cilkc_lo);
#line 8
            __typeof__(((void)0,                cilkc_mid)) cilkc_a2 = (
#line 8
                                                cilkc_mid);
#line 8
            cilkc_f->l.cilkc_mid_3 = cilkc_mid;
#line 8
            long cilkc_t;
#line 8
            cilkc_ns++;
#line 8
            {
#line 8
                cilkc_lazy_cilkc_for_2(cilkc_w, &cilkc_f->h, 1, 0, &cilkc_t, 1, cilkc_a0, cilkc_a1, cilkc_a2);
#line 8
                if (cilkc_t >= 0 && !cilkrt_pop(cilkc_w, cilkc_t)) {
#line 8
                    cilkrt_count_spawns(cilkc_w, cilkc_ns);
#line 8
                    cilkrt_deliver(cilkc_w, &cilkc_f->h, 1, 0);
#line 8
                    return;
#line 8
                }
#line 8
            }
#line 8
        }
#line 8
    }
#line 8
    cilkc_lo = cilkc_mid;
#line 8
        } while (                  cilkc_hi - cilkc_lo > cilkc_c_2->cilkc_grain);
#line 8
  cilkc_for_2_leaf(cilkc_c_2, cilkc_lo, cilkc_hi);
#line 8
    }
#line 8
    if (cilkc_f) {
#line 8
        cilkrt_count_spawns(cilkc_w, cilkc_ns);
#line 8
        cilkrt_frame_free(cilkc_w, &cilkc_f->h, sizeof *cilkc_f);
#line 8
    }
#line 8
    return;
#line 8
}
#line 8
static void cilkc_fast_cilkc_for_2 (cilkrt_worker *cilkc_w, cilkrt_frame *cilkc_parent, int cilkc_site, void *cilkc_dst,
#line 8
                        struct cilkc_for_2 *cilkc_c_2, unsigned long long cilkc_lo, unsigned long long cilkc_hi)
#line 8
{
#line 8
    unsigned long cilkc_ns = 0;
#line 8
    struct cilkc_frame_cilkc_for_2 *cilkc_f = 0;
#line 8
    (void)cilkc_parent;
#line 8
    (void)cilkc_site;
#line 8
    (void)cilkc_dst;
#line 8
    (void)&cilkc_desc_cilkc_for_2;
#line 8
  if (cilkc_hi - cilkc_lo <= cilkc_c_2->cilkc_grain)
#line 8
                                                     {
#line 8
    cilkc_for_2_leaf(cilkc_c_2, cilkc_lo, cilkc_hi);
#line 8
    {
#line 8
        if (cilkc_f) {
#line 8
            cilkrt_count_spawns(cilkc_w, cilkc_ns);
#line 8
            cilkrt_frame_free(cilkc_w, &cilkc_f->h, sizeof *cilkc_f);
#line 8
        }
#line 8
        return;
#line 8
    }
#line 8
    }
#line 8
    cilkc_spawning_cilkc_for_2(cilkc_w, cilkc_parent, cilkc_site, cilkc_dst, cilkc_c_2, cilkc_lo, cilkc_hi);
#line 8
    return;
#line 8
}
#line 8
inline __attribute__((unused, always_inline))
#line 8
static void cilkc_lazy_cilkc_for_2 (cilkrt_worker *cilkc_w, cilkrt_frame *cilkc_parent, int cilkc_site, void *cilkc_dst, long *cilkc_tp, int cilkc_entry_set,
#line 8
                        struct cilkc_for_2 *cilkc_c_2, unsigned long long cilkc_lo, unsigned long long cilkc_hi)
#line 8
{
#line 8
    if (!cilkc_entry_set) cilkc_parent->entry = cilkc_site;
#line 8
    *cilkc_tp = cilkrt_push(cilkc_w, cilkc_parent);
#line 8
    cilkc_fast_cilkc_for_2(cilkc_w, cilkc_parent, cilkc_site, cilkc_dst, cilkc_c_2, cilkc_lo, cilkc_hi);
#line 8
    return;
#line 8
}
#line 8
static void cilkc_slow_cilkc_for_2(cilkrt_worker *cilkc_w, cilkrt_frame *cilkc_h)
#line 8
{
#line 8
    struct cilkc_frame_cilkc_for_2 *cilkc_f = (struct cilkc_frame_cilkc_for_2 *)cilkc_h;
#line 8
    (void)cilkc_f;
#line 8
    switch (cilkc_h->entry) {
#line 8
        case 1: goto cilkc_resume_1;
#line 8
        case 2: goto cilkc_resume_2;
#line 8
        case 3: goto cilkc_resume_3;
#line 8
        default: break;
#line 8
    }
#line 8 "tests/e2e/layout/loop.i"
    {
#line 8
  if (cilkc_f->l.cilkc_hi_2
#line 8
               - cilkc_f->l.cilkc_lo_1
#line 8
                          <= cilkc_f->l.cilkc_c_2_0
#line 8
                                      ->cilkc_grain)
#line 8
                                                     {
#line 8
    cilkc_for_2_leaf(cilkc_f->l.cilkc_c_2_0
#line 8
                              , cilkc_f->l.cilkc_lo_1
#line 8
                                        , cilkc_f->l.cilkc_hi_2
#line 8
                                                  );
#line 8
    {
#line 8
        {
#line 8
            cilkc_h->entry = 2;
#line 8
            if (!cilkrt_sync(cilkc_w, cilkc_h)) return;
#line 8
            if (0) {
#line 8
                cilkc_resume_2:;
#line 8
            }
#line 8
        }
#line 8
        goto cilkc_return;
#line 8
    }
#line 8
        }
#line 8
  do
#line 8
     {
#line 8
       cilkc_f->l.cilkc_mid_3       = cilkc_f->l.cilkc_lo_1
#line 8
                                               + (cilkc_f->l.cilkc_hi_2
#line 8
                                                           - cilkc_f->l.cilkc_lo_1
#line 8
                                                                     ) / 2;
#line 8
    {
#line 8
        {
#line 8
            __typeof__(((void)0,
#line 8
                           cilkc_f->l.cilkc_c_2_0)) cilkc_a0 = (
#line 8
                           cilkc_f->l.cilkc_c_2_0);
#line 8
            __typeof__(((void)0,      cilkc_f->l.cilkc_lo_1)) cilkc_a1 = (
#line 8
                                      cilkc_f->l.cilkc_lo_1);
#line 8
            __typeof__(((void)0,                cilkc_f->l.cilkc_mid_3)) cilkc_a2 = (
#line 8
                                                cilkc_f->l.cilkc_mid_3);
#line 8
            long cilkc_t;
#line 8
            cilkrt_count_spawns(cilkc_w, 1);
#line 8
            {
#line 8
                cilkc_lazy_cilkc_for_2(cilkc_w, cilkc_h, 1, 0, &cilkc_t, 0, cilkc_a0, cilkc_a1, cilkc_a2);
#line 8
                if (cilkc_t >= 0 && !cilkrt_pop(cilkc_w, cilkc_t)) {
#line 8
                    cilkrt_deliver(cilkc_w, cilkc_h, 1, 0);
#line 8
                    return;
#line 8
                }
#line 8
            }
#line 8
        }
#line 8
        if (0) {
#line 8
            cilkc_resume_1:;
#line 8
        }
#line 8
    }
#line 8
    cilkc_f->l.cilkc_lo_1
#line 8
             = cilkc_f->l.cilkc_mid_3
#line 8
                        ;
#line 8
        } while (                  cilkc_f->l.cilkc_hi_2
#line 8
                                            - cilkc_f->l.cilkc_lo_1
#line 8
                                                       > cilkc_f->l.cilkc_c_2_0
#line 8
                                                                  ->cilkc_grain);
#line 8
  cilkc_for_2_leaf(cilkc_f->l.cilkc_c_2_0
#line 8
                            , cilkc_f->l.cilkc_lo_1
#line 8
                                      , cilkc_f->l.cilkc_hi_2
#line 8
                                                );
#line 8
    }
#line 8
    {
#line 8
        cilkc_h->entry = 3;
#line 8
        if (!cilkrt_sync(cilkc_w, cilkc_h)) return;
#line 8
        if (0) {
#line 8
            cilkc_resume_3:;
#line 8
        }
#line 8
    }
#line 8
    goto cilkc_return;
#line 8
    cilkc_return: {
#line 8
        struct {
#line 8
            void *d;
#line 8
        } cilkc_res = { cilkc_h->dst };
#line 8
        cilkrt_slow_return(cilkc_w, cilkc_h, &cilkc_res);
#line 8
    }
#line 8 "tests/e2e/layout/loop.i"
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
    cilkrt_boundary cilkc_b;
#line 8
    cilkrt_boundary_enter(cilkc_w, &cilkc_b, 0, 0);
#line 8
    cilkc_fast_cilkc_for_2(cilkc_w, &cilkc_b.frame, 0, 0, cilkc_c_2, cilkc_lo, cilkc_hi);
#line 8
    cilkrt_boundary_leave(cilkc_w, &cilkc_b);
#line 8
}
#line 8
static void cilkc_inlet_cilkc_for_2(cilkrt_frame *cilkc_h, int cilkc_site, void *cilkc_v)
#line 8
{
#line 8
    struct cilkc_frame_cilkc_for_2 *cilkc_f = (struct cilkc_frame_cilkc_for_2 *)cilkc_h;
#line 8
    (void)cilkc_f;
#line 8
    (void)cilkc_v;
#line 8
    switch (cilkc_site) {
#line 8
        default: break;
#line 8
    }
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
struct cilkc_frame_cilkc_for_3 {
#line 10
    cilkrt_frame h;
#line 10
    struct cilkc_locals_cilkc_for_3 l;
#line 10
};
#line 10
static void cilkc_slow_cilkc_for_3(cilkrt_worker *, cilkrt_frame *);
#line 10
static void cilkc_inlet_cilkc_for_3(cilkrt_frame *, int, void *);
#line 10
static const cilkrt_desc cilkc_desc_cilkc_for_3 = { cilkc_slow_cilkc_for_3, cilkc_inlet_cilkc_for_3, "cilkc_for_3", 0 };
#line 10
inline __attribute__((unused, always_inline))
#line 10
static void cilkc_lazy_cilkc_for_3 (cilkrt_worker *cilkc_w, cilkrt_frame *cilkc_parent, int cilkc_site, void *cilkc_dst, long *cilkc_tp, int cilkc_entry_set,
#line 10
                        struct cilkc_for_3 *cilkc_c_3, unsigned long long cilkc_lo, unsigned long long cilkc_hi);
#line 10
static void cilkc_fast_cilkc_for_3 (cilkrt_worker *cilkc_w, cilkrt_frame *cilkc_parent, int cilkc_site, void *cilkc_dst,
#line 10
                        struct cilkc_for_3 *cilkc_c_3, unsigned long long cilkc_lo, unsigned long long cilkc_hi);
#line 10
__attribute__((noinline))
#line 10
static void cilkc_spawning_cilkc_for_3 (cilkrt_worker *cilkc_w, cilkrt_frame *cilkc_parent, int cilkc_site, void *cilkc_dst,
#line 10
                        struct cilkc_for_3 *cilkc_c_3, unsigned long long cilkc_lo, unsigned long long cilkc_hi)
#line 10
{
#line 10
    unsigned long cilkc_ns = 0;
#line 10
    struct cilkc_frame_cilkc_for_3 *cilkc_f = 0;
#line 10
    (void)cilkc_parent;
#line 10
    (void)cilkc_site;
#line 10
    (void)cilkc_dst;
#line 10
    (void)&cilkc_desc_cilkc_for_3;
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
        if (!cilkc_f) {
#line 10
            cilkc_f = (struct cilkc_frame_cilkc_for_3 *)cilkrt_frame_alloc(cilkc_w, sizeof *cilkc_f, &cilkc_desc_cilkc_for_3, cilkc_parent, cilkc_site, cilkc_dst);
#line 10
            cilkc_f->l.cilkc_c_3_0 = cilkc_c_3;
#line 10
            cilkc_f->l.cilkc_hi_2 = cilkc_hi;
#line 10
            cilkc_f->h.entry = 1;
#line 10
        }
#line 10
        {
#line 10
            __typeof__(((void)0,
#line 10
                           cilkc_c_3)) cilkc_a0 = (
#line 10
                           cilkc_c_3);
#line 10
            __typeof__(((void)0,      cilkc_lo)) cilkc_a1 = (
#line 10
                                      cilkc_lo);
#line 10
            __typeof__(((void)0,                cilkc_mid)) cilkc_a2 = (
#line 10
                                                cilkc_mid);
#line 10
            cilkc_f->l.cilkc_mid_3 = cilkc_mid;
#line 10
            long cilkc_t;
#line 10
            cilkc_ns++;
#line 10
            {
#line 10
                cilkc_lazy_cilkc_for_3(cilkc_w, &cilkc_f->h, 1, 0, &cilkc_t, 1, cilkc_a0, cilkc_a1, cilkc_a2);
#line 10
                if (cilkc_t >= 0 && !cilkrt_pop(cilkc_w, cilkc_t)) {
#line 10
                    cilkrt_count_spawns(cilkc_w, cilkc_ns);
#line 10
                    cilkrt_deliver(cilkc_w, &cilkc_f->h, 1, 0);
#line 10
                    return;
#line 10
                }
#line 10
            }
#line 10
        }
#line 10
    }
#line 10
    cilkc_lo = cilkc_mid;
#line 10
        } while (                  cilkc_hi - cilkc_lo > cilkc_c_3->cilkc_grain);
#line 10
  cilkc_for_3_leaf(cilkc_c_3, cilkc_lo, cilkc_hi);
#line 10
    }
#line 10
    if (cilkc_f) {
#line 10
        cilkrt_count_spawns(cilkc_w, cilkc_ns);
#line 10
        cilkrt_frame_free(cilkc_w, &cilkc_f->h, sizeof *cilkc_f);
#line 10
    }
#line 10
    return;
#line 10
}
#line 10
static void cilkc_fast_cilkc_for_3 (cilkrt_worker *cilkc_w, cilkrt_frame *cilkc_parent, int cilkc_site, void *cilkc_dst,
#line 10
                        struct cilkc_for_3 *cilkc_c_3, unsigned long long cilkc_lo, unsigned long long cilkc_hi)
#line 10
{
#line 10
    unsigned long cilkc_ns = 0;
#line 10
    struct cilkc_frame_cilkc_for_3 *cilkc_f = 0;
#line 10
    (void)cilkc_parent;
#line 10
    (void)cilkc_site;
#line 10
    (void)cilkc_dst;
#line 10
    (void)&cilkc_desc_cilkc_for_3;
#line 10
  if (cilkc_hi - cilkc_lo <= cilkc_c_3->cilkc_grain)
#line 10
                                                     {
#line 10
    cilkc_for_3_leaf(cilkc_c_3, cilkc_lo, cilkc_hi);
#line 10
    {
#line 10
        if (cilkc_f) {
#line 10
            cilkrt_count_spawns(cilkc_w, cilkc_ns);
#line 10
            cilkrt_frame_free(cilkc_w, &cilkc_f->h, sizeof *cilkc_f);
#line 10
        }
#line 10
        return;
#line 10
    }
#line 10
    }
#line 10
    cilkc_spawning_cilkc_for_3(cilkc_w, cilkc_parent, cilkc_site, cilkc_dst, cilkc_c_3, cilkc_lo, cilkc_hi);
#line 10
    return;
#line 10
}
#line 10
inline __attribute__((unused, always_inline))
#line 10
static void cilkc_lazy_cilkc_for_3 (cilkrt_worker *cilkc_w, cilkrt_frame *cilkc_parent, int cilkc_site, void *cilkc_dst, long *cilkc_tp, int cilkc_entry_set,
#line 10
                        struct cilkc_for_3 *cilkc_c_3, unsigned long long cilkc_lo, unsigned long long cilkc_hi)
#line 10
{
#line 10
    if (!cilkc_entry_set) cilkc_parent->entry = cilkc_site;
#line 10
    *cilkc_tp = cilkrt_push(cilkc_w, cilkc_parent);
#line 10
    cilkc_fast_cilkc_for_3(cilkc_w, cilkc_parent, cilkc_site, cilkc_dst, cilkc_c_3, cilkc_lo, cilkc_hi);
#line 10
    return;
#line 10
}
#line 10
static void cilkc_slow_cilkc_for_3(cilkrt_worker *cilkc_w, cilkrt_frame *cilkc_h)
#line 10
{
#line 10
    struct cilkc_frame_cilkc_for_3 *cilkc_f = (struct cilkc_frame_cilkc_for_3 *)cilkc_h;
#line 10
    (void)cilkc_f;
#line 10
    switch (cilkc_h->entry) {
#line 10
        case 1: goto cilkc_resume_1;
#line 10
        case 2: goto cilkc_resume_2;
#line 10
        case 3: goto cilkc_resume_3;
#line 10
        default: break;
#line 10
    }
#line 10 "tests/e2e/layout/loop.i"
    {
#line 10
  if (cilkc_f->l.cilkc_hi_2
#line 10
               - cilkc_f->l.cilkc_lo_1
#line 10
                          <= cilkc_f->l.cilkc_c_3_0
#line 10
                                      ->cilkc_grain)
#line 10
                                                     {
#line 10
    cilkc_for_3_leaf(cilkc_f->l.cilkc_c_3_0
#line 10
                              , cilkc_f->l.cilkc_lo_1
#line 10
                                        , cilkc_f->l.cilkc_hi_2
#line 10
                                                  );
#line 10
    {
#line 10
        {
#line 10
            cilkc_h->entry = 2;
#line 10
            if (!cilkrt_sync(cilkc_w, cilkc_h)) return;
#line 10
            if (0) {
#line 10
                cilkc_resume_2:;
#line 10
            }
#line 10
        }
#line 10
        goto cilkc_return;
#line 10
    }
#line 10
        }
#line 10
  do
#line 10
     {
#line 10
       cilkc_f->l.cilkc_mid_3       = cilkc_f->l.cilkc_lo_1
#line 10
                                               + (cilkc_f->l.cilkc_hi_2
#line 10
                                                           - cilkc_f->l.cilkc_lo_1
#line 10
                                                                     ) / 2;
#line 10
    {
#line 10
        {
#line 10
            __typeof__(((void)0,
#line 10
                           cilkc_f->l.cilkc_c_3_0)) cilkc_a0 = (
#line 10
                           cilkc_f->l.cilkc_c_3_0);
#line 10
            __typeof__(((void)0,      cilkc_f->l.cilkc_lo_1)) cilkc_a1 = (
#line 10
                                      cilkc_f->l.cilkc_lo_1);
#line 10
            __typeof__(((void)0,                cilkc_f->l.cilkc_mid_3)) cilkc_a2 = (
#line 10
                                                cilkc_f->l.cilkc_mid_3);
#line 10
            long cilkc_t;
#line 10
            cilkrt_count_spawns(cilkc_w, 1);
#line 10
            {
#line 10
                cilkc_lazy_cilkc_for_3(cilkc_w, cilkc_h, 1, 0, &cilkc_t, 0, cilkc_a0, cilkc_a1, cilkc_a2);
#line 10
                if (cilkc_t >= 0 && !cilkrt_pop(cilkc_w, cilkc_t)) {
#line 10
                    cilkrt_deliver(cilkc_w, cilkc_h, 1, 0);
#line 10
                    return;
#line 10
                }
#line 10
            }
#line 10
        }
#line 10
        if (0) {
#line 10
            cilkc_resume_1:;
#line 10
        }
#line 10
    }
#line 10
    cilkc_f->l.cilkc_lo_1
#line 10
             = cilkc_f->l.cilkc_mid_3
#line 10
                        ;
#line 10
        } while (                  cilkc_f->l.cilkc_hi_2
#line 10
                                            - cilkc_f->l.cilkc_lo_1
#line 10
                                                       > cilkc_f->l.cilkc_c_3_0
#line 10
                                                                  ->cilkc_grain);
#line 10
  cilkc_for_3_leaf(cilkc_f->l.cilkc_c_3_0
#line 10
                            , cilkc_f->l.cilkc_lo_1
#line 10
                                      , cilkc_f->l.cilkc_hi_2
#line 10
                                                );
#line 10
    }
#line 10
    {
#line 10
        cilkc_h->entry = 3;
#line 10
        if (!cilkrt_sync(cilkc_w, cilkc_h)) return;
#line 10
        if (0) {
#line 10
            cilkc_resume_3:;
#line 10
        }
#line 10
    }
#line 10
    goto cilkc_return;
#line 10
    cilkc_return: {
#line 10
        struct {
#line 10
            void *d;
#line 10
        } cilkc_res = { cilkc_h->dst };
#line 10
        cilkrt_slow_return(cilkc_w, cilkc_h, &cilkc_res);
#line 10
    }
#line 10 "tests/e2e/layout/loop.i"
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
    cilkrt_boundary cilkc_b;
#line 10
    cilkrt_boundary_enter(cilkc_w, &cilkc_b, 0, 0);
#line 10
    cilkc_fast_cilkc_for_3(cilkc_w, &cilkc_b.frame, 0, 0, cilkc_c_3, cilkc_lo, cilkc_hi);
#line 10
    cilkrt_boundary_leave(cilkc_w, &cilkc_b);
#line 10
}
#line 10
static void cilkc_inlet_cilkc_for_3(cilkrt_frame *cilkc_h, int cilkc_site, void *cilkc_v)
#line 10
{
#line 10
    struct cilkc_frame_cilkc_for_3 *cilkc_f = (struct cilkc_frame_cilkc_for_3 *)cilkc_h;
#line 10
    (void)cilkc_f;
#line 10
    (void)cilkc_v;
#line 10
    switch (cilkc_site) {
#line 10
        default: break;
#line 10
    }
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
