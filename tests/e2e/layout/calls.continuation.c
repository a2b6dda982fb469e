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
struct cilkc_frame_g {
    cilkrt_frame h;
    struct cilkc_locals_g l;
};
struct cilkc_result_g {
    void *d;
#line 1
long v;
};
static void cilkc_slow_g(cilkrt_worker *, cilkrt_frame *);
static void cilkc_inlet_g(cilkrt_frame *, int, void *);
static const cilkrt_desc cilkc_desc_g = { cilkc_slow_g, cilkc_inlet_g, "g", 0 };
struct cilkc_pre_g {
    int go;
#line 1
    __typeof__(((struct cilkc_locals_g *)0)->x_1) x;
#line 1
    __typeof__(((struct cilkc_locals_g *)0)->n_0) n;
};
#line 1
static inline __attribute__((unused))
#line 1
long cilkc_try_g (cilkrt_worker *cilkc_w, struct cilkc_pre_g *cilkc_pre,
#line 1
       long n);
#line 1
static inline __attribute__((unused, always_inline))
#line 1
long cilkc_lazy_g (cilkrt_worker *cilkc_w, cilkrt_frame *cilkc_parent, int cilkc_site, void *cilkc_dst, long *cilkc_tp, int cilkc_entry_set,
#line 1
       long n);
#line 1
long cilkc_fast_g (cilkrt_worker *cilkc_w, cilkrt_frame *cilkc_parent, int cilkc_site, void *cilkc_dst,
#line 1
       long n);
#line 1
static __attribute__((noinline))
#line 1
long cilkc_spawning_g (cilkrt_worker *cilkc_w, cilkrt_frame *cilkc_parent, int cilkc_site, void *cilkc_dst, __typeof__(((struct cilkc_locals_g *)0)->x_1) x,
#line 1
       long n)
#line 1
{
#line 1
    unsigned long cilkc_ns = 0;
#line 1
    struct cilkc_frame_g *cilkc_f = 0;
#line 1
    (void)cilkc_parent;
#line 1
    (void)cilkc_site;
#line 1
    (void)cilkc_dst;
#line 1
    (void)&cilkc_desc_g;
#line 1
    (void)n;
#line 1
    (void)x;
    {
    {
        {
#line 7
            __typeof__(((void)0,
#line 7
                n - 1)) cilkc_a0 = (
#line 7
                n - 1);
#line 7
            long cilkc_t;
#line 7
            struct cilkc_pre_g cilkc_p;
#line 7
            cilkc_ns++;
            {
#line 7
                __typeof__(
#line 7
              g(n - 1)) cilkc_r = cilkc_try_g(cilkc_w, &cilkc_p, cilkc_a0);
#line 7
                if (cilkc_p.go) {
#line 7
                    if (!cilkc_f) {
#line 7
                        cilkc_f = (struct cilkc_frame_g *)cilkrt_frame_alloc(cilkc_w, sizeof *cilkc_f, &cilkc_desc_g, cilkc_parent, cilkc_site, cilkc_dst);
#line 7
                        cilkc_f->l.n_0 = n;
#line 7
                        cilkc_f->h.entry = 1;
                    }
#line 7
                    cilkc_t = cilkrt_push(cilkc_w, &cilkc_f->h);
#line 7
                    cilkc_r = cilkc_spawning_g(cilkc_w, &cilkc_f->h, 1, 0, cilkc_p.x, cilkc_p.n);
#line 7
                    if (!cilkrt_pop(cilkc_w, cilkc_t)) {
#line 7
                        cilkrt_count_spawns(cilkc_w, cilkc_ns);
#line 7
                        struct {
                            void *d;
                            __typeof__(cilkc_r) v;
#line 7
                        } cilkc_res = { 0, cilkc_r };
#line 7
                        cilkrt_deliver(cilkc_w, &cilkc_f->h, 1, &cilkc_res);
#line 7
                        return (
#line 1
long ){0};
                    }
                }
                {
#line 7
                    x
#line 7
      = cilkc_r;
                }
            }
        }
#line 7
    }
    {
    }
    {
#line 1
long cilkc_r = (
#line 9
           x + 1);
#line 9
        cilkrt_count_spawns(cilkc_w, cilkc_ns);
#line 9
        if (cilkc_f) cilkrt_frame_free(cilkc_w, &cilkc_f->h, sizeof *cilkc_f);
#line 9
        return cilkc_r;
    }
#line 9
    }
#line 9
    cilkrt_count_spawns(cilkc_w, cilkc_ns);
#line 9
    if (cilkc_f) cilkrt_frame_free(cilkc_w, &cilkc_f->h, sizeof *cilkc_f);
#line 9
    return (
#line 1
long ){0};
#line 9
}
#line 1
long cilkc_fast_g (cilkrt_worker *cilkc_w, cilkrt_frame *cilkc_parent, int cilkc_site, void *cilkc_dst,
#line 1
       long n)
#line 1
{
#line 1
    unsigned long cilkc_ns = 0;
#line 1
    struct cilkc_frame_g *cilkc_f = 0;
#line 1
    (void)cilkc_parent;
#line 1
    (void)cilkc_site;
#line 1
    (void)cilkc_dst;
#line 1
    (void)&cilkc_desc_g;

    long x = {0};

    if (n < 2)
        {
#line 1
long cilkc_r = (
#line 6
               n);
#line 6
            cilkrt_count_spawns(cilkc_w, cilkc_ns);
#line 6
            if (cilkc_f) cilkrt_frame_free(cilkc_w, &cilkc_f->h, sizeof *cilkc_f);
#line 6
            return cilkc_r;
        }
#line 1
    return cilkc_spawning_g(cilkc_w, cilkc_parent, cilkc_site, cilkc_dst, x, n);
#line 1
}
#line 1
static inline __attribute__((unused))
#line 1
long cilkc_try_g (cilkrt_worker *cilkc_w, struct cilkc_pre_g *cilkc_pre,
#line 1
       long n)
#line 1
{
#line 1
    unsigned long cilkc_ns = 0;
#line 1
    struct cilkc_frame_g *cilkc_f = 0;
#line 1
    cilkc_pre->go = 0;

    long x = {0};

    if (n < 2)
        {
#line 1
long cilkc_r = (
#line 6
               n);
#line 6
            cilkrt_count_spawns(cilkc_w, cilkc_ns);
#line 6
            if (cilkc_f) cilkrt_frame_free(cilkc_w, &cilkc_f->h, sizeof *cilkc_f);
#line 6
            return cilkc_r;
        }
#line 1
    cilkc_pre->go = 1;
#line 1
    cilkc_pre->x = x;
#line 1
    cilkc_pre->n = n;
#line 1
    return (
#line 1
long ){0};
#line 1
}
#line 1
static inline __attribute__((unused, always_inline))
#line 1
long cilkc_lazy_g (cilkrt_worker *cilkc_w, cilkrt_frame *cilkc_parent, int cilkc_site, void *cilkc_dst, long *cilkc_tp, int cilkc_entry_set,
#line 1
       long n)
#line 1
{
#line 1
    struct cilkc_pre_g cilkc_p;
#line 1
long cilkc_r = cilkc_try_g(cilkc_w, &cilkc_p, n);
#line 1
    if (!cilkc_p.go) {
#line 1
        *cilkc_tp = -1;
#line 1
        return cilkc_r;
    }
#line 1
    if (!cilkc_entry_set) cilkc_parent->entry = cilkc_site;
#line 1
    *cilkc_tp = cilkrt_push(cilkc_w, cilkc_parent);
#line 1
    return cilkc_spawning_g(cilkc_w, cilkc_parent, cilkc_site, cilkc_dst, cilkc_p.x, cilkc_p.n);
#line 1
}
#line 1
static void cilkc_slow_g(cilkrt_worker *cilkc_w, cilkrt_frame *cilkc_h)
#line 1
{
#line 1
    struct cilkc_frame_g *cilkc_f = (struct cilkc_frame_g *)cilkc_h;
#line 1
    (void)cilkc_f;
#line 1
    switch (cilkc_h->entry) {
#line 1
        case 1: goto cilkc_resume_1;
#line 1
        case 2: goto cilkc_resume_2;
#line 1
        case 3: goto cilkc_resume_3;
#line 1
        case 4: goto cilkc_resume_4;
#line 1
        case 5: goto cilkc_resume_5;
#line 1
        default: break;
    }
#line 1 "tests/e2e/layout/calls.i"
    {
#line 5
    if (cilkc_f->l.n_0
#line 5
          < 2)
        {
            {
#line 6
                cilkc_h->entry = 2;
#line 6
                if (!cilkrt_sync(cilkc_w, cilkc_h)) return;
#line 6
                if (0) {
#line 6
                    cilkc_resume_2:;
                }
            }
#line 6
            cilkc_f->l.ret = (
#line 6
               cilkc_f->l.n_0);
#line 6
            goto cilkc_return;
        }
    {
        {
#line 7
            __typeof__(((void)0,
#line 7
                cilkc_f->l.n_0
#line 7
                  - 1)) cilkc_a0 = (
#line 7
                cilkc_f->l.n_0
#line 7
                  - 1);
#line 7
            long cilkc_t;
#line 7
            struct cilkc_pre_g cilkc_p;
#line 7
            cilkrt_count_spawns(cilkc_w, 1);
            {
#line 7
                __typeof__(
#line 7
              g(cilkc_f->l.n_0
#line 7
                  - 1)) cilkc_r = cilkc_try_g(cilkc_w, &cilkc_p, cilkc_a0);
#line 7
                if (cilkc_p.go) {
#line 7
                    cilkc_h->entry = 1;
#line 7
                    cilkc_t = cilkrt_push(cilkc_w, cilkc_h);
#line 7
                    cilkc_r = cilkc_spawning_g(cilkc_w, cilkc_h, 1, 0, cilkc_p.x, cilkc_p.n);
#line 7
                    if (!cilkrt_pop(cilkc_w, cilkc_t)) {
#line 7
                        struct {
                            void *d;
                            __typeof__(cilkc_r) v;
#line 7
                        } cilkc_res = { 0, cilkc_r };
#line 7
                        cilkrt_deliver(cilkc_w, cilkc_h, 1, &cilkc_res);
#line 7
                        return;
                    }
                }
                {
#line 7
                    cilkc_f->l.x_1
#line 7
      = cilkc_r;
                }
            }
        }
#line 7
        if (0) {
#line 7
            cilkc_resume_1:;
        }
    }
    {
#line 8
        cilkc_h->entry = 3;
#line 8
        if (!cilkrt_sync(cilkc_w, cilkc_h)) return;
#line 8
        if (0) {
#line 8
            cilkc_resume_3:;
        }
    }
#line 9
    {
        {
#line 9
            cilkc_h->entry = 4;
#line 9
            if (!cilkrt_sync(cilkc_w, cilkc_h)) return;
#line 9
            if (0) {
#line 9
                cilkc_resume_4:;
            }
#line 9
        }
#line 9
        cilkc_f->l.ret = (
#line 9
           cilkc_f->l.x_1
#line 9
             + 1);
#line 9
        goto cilkc_return;
    }
#line 9
    }
    {
#line 9
        cilkc_h->entry = 5;
#line 9
        if (!cilkrt_sync(cilkc_w, cilkc_h)) return;
#line 9
        if (0) {
#line 9
            cilkc_resume_5:;
        }
#line 9
    }
#line 9
    goto cilkc_return;
#line 9
    cilkc_return: {
#line 9
        struct cilkc_result_g cilkc_res = { cilkc_h->dst, cilkc_f->l.ret };
#line 9
        cilkrt_slow_return(cilkc_w, cilkc_h, &cilkc_res);
    }
#line 9 "tests/e2e/layout/calls.i"
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
long cilkc_r;
#line 1
    struct cilkc_result_g cilkc_rb;
#line 1
    cilkrt_boundary cilkc_b;
#line 1
    cilkrt_boundary_enter(cilkc_w, &cilkc_b, &cilkc_rb, sizeof cilkc_rb);
#line 1
    cilkc_r = cilkc_fast_g(cilkc_w, &cilkc_b.frame, 0, 0, n);
#line 1
    if (cilkrt_boundary_leave(cilkc_w, &cilkc_b)) cilkc_r = cilkc_rb.v;
#line 1
    return cilkc_r;
#line 1
}
#line 1
static void cilkc_inlet_g(cilkrt_frame *cilkc_h, int cilkc_site, void *cilkc_v)
#line 1
{
#line 1
    struct cilkc_frame_g *cilkc_f = (struct cilkc_frame_g *)cilkc_h;
#line 1
    (void)cilkc_f;
#line 1
    (void)cilkc_v;
#line 1
    switch (cilkc_site) {
#line 1
        case 1: {
#line 1
            struct {
                void *d;
                __typeof__(
#line 7
              g(cilkc_tv_g_n_0
#line 7
                  - 1)) v;
#line 1
            } *cilkc_p = cilkc_v;
#line 1
            if (!cilkc_p) break;
#line 1
            cilkc_f->l.x_1
#line 7
      = cilkc_p->v;
        }
#line 1
        break;
#line 1
        default: break;
    }
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
struct cilkc_frame_h {
    cilkrt_frame h;
    struct cilkc_locals_h l;
};
struct cilkc_result_h {
    void *d;
#line 15
long v;
};
static void cilkc_slow_h(cilkrt_worker *, cilkrt_frame *);
static void cilkc_inlet_h(cilkrt_frame *, int, void *);
static const cilkrt_desc cilkc_desc_h = { cilkc_slow_h, cilkc_inlet_h, "h", 0 };
#line 15
static inline __attribute__((unused, always_inline))
#line 15
long cilkc_lazy_h (cilkrt_worker *cilkc_w, cilkrt_frame *cilkc_parent, int cilkc_site, void *cilkc_dst, long *cilkc_tp, int cilkc_entry_set,
#line 15
       long n);
#line 15
long cilkc_fast_h (cilkrt_worker *cilkc_w, cilkrt_frame *cilkc_parent, int cilkc_site, void *cilkc_dst,
#line 15
       long n);
#line 15
long cilkc_fast_h (cilkrt_worker *cilkc_w, cilkrt_frame *cilkc_parent, int cilkc_site, void *cilkc_dst,
#line 15
       long n)
#line 15
{
#line 15
    unsigned long cilkc_ns = 0;
#line 15
    struct cilkc_frame_h *cilkc_f = 0;
#line 15
    (void)cilkc_parent;
#line 15
    (void)cilkc_site;
#line 15
    (void)cilkc_dst;
#line 15
    (void)&cilkc_desc_h;
    {
    long a = {0};
#line 17
    long    b = {0};
#line 17
    long       c = {0};
    {
        if (!cilkc_f) {
#line 19
            cilkc_f = (struct cilkc_frame_h *)cilkrt_frame_alloc(cilkc_w, sizeof *cilkc_f, &cilkc_desc_h, cilkc_parent, cilkc_site, cilkc_dst);
#line 19
            cilkc_f->l.n_0 = n;
        }
        {
#line 19
            __typeof__(((void)0,
#line 19
          n)) cilkc_a0 = (
#line 19
          n);
#line 19
            long cilkc_t;
            {
#line 19
                __typeof__(
#line 19
        g(n)) cilkc_r = cilkc_lazy_g(cilkc_w, &cilkc_f->h, 1, 0, &cilkc_t, 0, cilkc_a0);
#line 19
                if (cilkc_t >= 0 && !cilkrt_pop(cilkc_w, cilkc_t)) {
#line 19
                    cilkrt_count_spawns(cilkc_w, cilkc_ns);
#line 19
                    struct {
                        void *d;
                        __typeof__(cilkc_r) v;
#line 19
                    } cilkc_res = { 0, cilkc_r };
#line 19
                    cilkrt_deliver(cilkc_w, &cilkc_f->h, 1, &cilkc_res);
#line 19
                    return (
#line 15
long ){0};
                }
                {

                    a
#line 19
      = cilkc_r;
                }
            }
        }
        {
        }
    }
#line 20
    {
#line 20
        if (!cilkc_f) {
#line 20
            cilkc_f = (struct cilkc_frame_h *)cilkrt_frame_alloc(cilkc_w, sizeof *cilkc_f, &cilkc_desc_h, cilkc_parent, cilkc_site, cilkc_dst);
#line 20
            cilkc_f->l.n_0 = n;
        }
        {
#line 20
            __typeof__(((void)0,
#line 20
                n)) cilkc_a0 = (
#line 20
                n);
#line 20
            cilkc_f->l.a_1 = a;
#line 20
            long cilkc_t;
#line 20
            cilkc_ns++;
            {
#line 20
                __typeof__(
#line 20
              g(n)) cilkc_r = cilkc_lazy_g(cilkc_w, &cilkc_f->h, 2, 0, &cilkc_t, 0, cilkc_a0);
#line 20
                if (cilkc_t >= 0 && !cilkrt_pop(cilkc_w, cilkc_t)) {
#line 20
                    cilkrt_count_spawns(cilkc_w, cilkc_ns);
#line 20
                    struct {
                        void *d;
                        __typeof__(cilkc_r) v;
#line 20
                    } cilkc_res = { 0, cilkc_r };
#line 20
                    cilkrt_deliver(cilkc_w, &cilkc_f->h, 2, &cilkc_res);
#line 20
                    return (
#line 15
long ){0};
                }
                {
#line 20
                    b
#line 20
      = cilkc_r;
                }
            }
        }
    }
#line 21
    c = g(n + 1);
    {
    }
    {
#line 23
        if (!cilkc_f) {
#line 23
            cilkc_f = (struct cilkc_frame_h *)cilkrt_frame_alloc(cilkc_w, sizeof *cilkc_f, &cilkc_desc_h, cilkc_parent, cilkc_site, cilkc_dst);
#line 23
            cilkc_f->l.n_0 = n;
        }
        {
#line 23
            __typeof__(((void)0,
#line 23
           n)) cilkc_a0 = (
#line 23
           n);
#line 23
            cilkc_f->l.b_2 = b;
#line 23
            cilkc_f->l.c_3 = c;
#line 23
            long cilkc_t;
            {
#line 23
                __typeof__(
#line 23
         g(n)) cilkc_r = cilkc_lazy_g(cilkc_w, &cilkc_f->h, 3, 0, &cilkc_t, 0, cilkc_a0);
#line 23
                if (cilkc_t >= 0 && !cilkrt_pop(cilkc_w, cilkc_t)) {
#line 23
                    cilkrt_count_spawns(cilkc_w, cilkc_ns);
#line 23
                    struct {
                        void *d;
                        __typeof__(cilkc_r) v;
#line 23
                    } cilkc_res = { 0, cilkc_r };
#line 23
                    cilkrt_deliver(cilkc_w, &cilkc_f->h, 3, &cilkc_res);
#line 23
                    return (
#line 15
long ){0};
                }
                {
#line 23
                    c
#line 23
      += cilkc_r;
                }
            }
#line 23
        }
        {
        }
#line 23
    }
    {
#line 15
long cilkc_r = (
#line 24
           a + b + c);
#line 24
        if (cilkc_f) {
#line 24
            cilkrt_count_spawns(cilkc_w, cilkc_ns);
#line 24
            cilkrt_frame_free(cilkc_w, &cilkc_f->h, sizeof *cilkc_f);
        }
#line 24
        return cilkc_r;
    }
#line 24
    }
#line 24
    if (cilkc_f) {
#line 24
        cilkrt_count_spawns(cilkc_w, cilkc_ns);
#line 24
        cilkrt_frame_free(cilkc_w, &cilkc_f->h, sizeof *cilkc_f);
    }
#line 24
    return (
#line 15
long ){0};
#line 24
}
#line 15
static inline __attribute__((unused, always_inline))
#line 15
long cilkc_lazy_h (cilkrt_worker *cilkc_w, cilkrt_frame *cilkc_parent, int cilkc_site, void *cilkc_dst, long *cilkc_tp, int cilkc_entry_set,
#line 15
       long n)
#line 15
{
#line 15
    if (!cilkc_entry_set) cilkc_parent->entry = cilkc_site;
#line 15
    *cilkc_tp = cilkrt_push(cilkc_w, cilkc_parent);
#line 15
    return cilkc_fast_h(cilkc_w, cilkc_parent, cilkc_site, cilkc_dst, n);
#line 15
}
#line 15
static void cilkc_slow_h(cilkrt_worker *cilkc_w, cilkrt_frame *cilkc_h)
#line 15
{
#line 15
    struct cilkc_frame_h *cilkc_f = (struct cilkc_frame_h *)cilkc_h;
#line 15
    (void)cilkc_f;
#line 15
    switch (cilkc_h->entry) {
#line 15
        case 1: goto cilkc_resume_1;
#line 15
        case 2: goto cilkc_resume_2;
#line 15
        case 3: goto cilkc_resume_3;
#line 15
        case 4: goto cilkc_resume_4;
#line 15
        case 5: goto cilkc_resume_5;
#line 15
        case 6: goto cilkc_resume_6;
#line 15
        case 7: goto cilkc_resume_7;
#line 15
        case 8: goto cilkc_resume_8;
#line 15
        default: break;
    }
#line 15 "tests/e2e/layout/calls.i"
    {
    {
        {

            __typeof__(((void)0,
#line 19
          cilkc_f->l.n_0)) cilkc_a0 = (
#line 19
          cilkc_f->l.n_0);
#line 19
            long cilkc_t;
            {
#line 19
                __typeof__(
#line 19
        g(cilkc_f->l.n_0
#line 19
           )) cilkc_r = cilkc_lazy_g(cilkc_w, cilkc_h, 1, 0, &cilkc_t, 0, cilkc_a0);
#line 19
                if (cilkc_t >= 0 && !cilkrt_pop(cilkc_w, cilkc_t)) {
#line 19
                    struct {
                        void *d;
                        __typeof__(cilkc_r) v;
#line 19
                    } cilkc_res = { 0, cilkc_r };
#line 19
                    cilkrt_deliver(cilkc_w, cilkc_h, 1, &cilkc_res);
#line 19
                    return;
                }
                {
#line 19
                    cilkc_f->l.a_1
#line 19
      = cilkc_r;
                }
#line 19
                goto cilkc_called_1;
            }
        }
#line 19
        if (0) {
#line 19
            cilkc_resume_1:;
        }
        {
#line 19
            cilkc_h->entry = 4;
#line 19
            if (!cilkrt_sync(cilkc_w, cilkc_h)) return;
#line 19
            if (0) {
#line 19
                cilkc_resume_4:;
            }
        }
#line 19
        cilkc_called_1:;
    }
    {
        {
#line 20
            __typeof__(((void)0,
#line 20
                cilkc_f->l.n_0)) cilkc_a0 = (
#line 20
                cilkc_f->l.n_0);
#line 20
            long cilkc_t;
#line 20
            cilkrt_count_spawns(cilkc_w, 1);
            {
#line 20
                __typeof__(
#line 20
              g(cilkc_f->l.n_0
#line 20
                 )) cilkc_r = cilkc_lazy_g(cilkc_w, cilkc_h, 2, 0, &cilkc_t, 0, cilkc_a0);
#line 20
                if (cilkc_t >= 0 && !cilkrt_pop(cilkc_w, cilkc_t)) {
#line 20
                    struct {
                        void *d;
                        __typeof__(cilkc_r) v;
#line 20
                    } cilkc_res = { 0, cilkc_r };
#line 20
                    cilkrt_deliver(cilkc_w, cilkc_h, 2, &cilkc_res);
#line 20
                    return;
                }
                {
#line 20
                    cilkc_f->l.b_2
#line 20
      = cilkc_r;
                }
            }
        }
#line 20
        if (0) {
#line 20
            cilkc_resume_2:;
        }
    }
#line 21
    cilkc_f->l.c_3
#line 21
      = g(cilkc_f->l.n_0
#line 21
            + 1);
    {
#line 22
        cilkc_h->entry = 5;
#line 22
        if (!cilkrt_sync(cilkc_w, cilkc_h)) return;
#line 22
        if (0) {
#line 22
            cilkc_resume_5:;
        }
    }
    {
#line 23
        {
#line 23
            __typeof__(((void)0,
#line 23
           cilkc_f->l.n_0)) cilkc_a0 = (
#line 23
           cilkc_f->l.n_0);
#line 23
            long cilkc_t;
            {
#line 23
                __typeof__(
#line 23
         g(cilkc_f->l.n_0
#line 23
            )) cilkc_r = cilkc_lazy_g(cilkc_w, cilkc_h, 3, 0, &cilkc_t, 0, cilkc_a0);
#line 23
                if (cilkc_t >= 0 && !cilkrt_pop(cilkc_w, cilkc_t)) {
#line 23
                    struct {
                        void *d;
                        __typeof__(cilkc_r) v;
#line 23
                    } cilkc_res = { 0, cilkc_r };
#line 23
                    cilkrt_deliver(cilkc_w, cilkc_h, 3, &cilkc_res);
#line 23
                    return;
                }
                {
#line 23
                    cilkrt_frame_lock(cilkc_h);
#line 23
                    cilkc_f->l.c_3
#line 23
      += cilkc_r;
#line 23
                    cilkrt_frame_unlock(cilkc_h);
                }
#line 23
                goto cilkc_called_3;
            }
        }
#line 23
        if (0) {
#line 23
            cilkc_resume_3:;
        }
        {
#line 23
            cilkc_h->entry = 6;
#line 23
            if (!cilkrt_sync(cilkc_w, cilkc_h)) return;
#line 23
            if (0) {
#line 23
                cilkc_resume_6:;
            }
        }
#line 23
        cilkc_called_3:;
    }
    {
#line 24
        {
#line 24
            cilkc_h->entry = 7;
#line 24
            if (!cilkrt_sync(cilkc_w, cilkc_h)) return;
#line 24
            if (0) {
#line 24
                cilkc_resume_7:;
            }
#line 24
        }
#line 24
        cilkc_f->l.ret = (
#line 24
           cilkc_f->l.a_1
#line 24
             + cilkc_f->l.b_2
#line 24
                 + cilkc_f->l.c_3);
#line 24
        goto cilkc_return;
    }
#line 24
    }
    {
#line 24
        cilkc_h->entry = 8;
#line 24
        if (!cilkrt_sync(cilkc_w, cilkc_h)) return;
#line 24
        if (0) {
#line 24
            cilkc_resume_8:;
        }
#line 24
    }
#line 24
    goto cilkc_return;
#line 24
    cilkc_return: {
#line 24
        struct cilkc_result_h cilkc_res = { cilkc_h->dst, cilkc_f->l.ret };
#line 24
        cilkrt_slow_return(cilkc_w, cilkc_h, &cilkc_res);
    }
#line 24 "tests/e2e/layout/calls.i"
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
long cilkc_r;
#line 15
    struct cilkc_result_h cilkc_rb;
#line 15
    cilkrt_boundary cilkc_b;
#line 15
    cilkrt_boundary_enter(cilkc_w, &cilkc_b, &cilkc_rb, sizeof cilkc_rb);
#line 15
    cilkc_r = cilkc_fast_h(cilkc_w, &cilkc_b.frame, 0, 0, n);
#line 15
    if (cilkrt_boundary_leave(cilkc_w, &cilkc_b)) cilkc_r = cilkc_rb.v;
#line 15
    return cilkc_r;
#line 15
}
#line 15
static void cilkc_inlet_h(cilkrt_frame *cilkc_h, int cilkc_site, void *cilkc_v)
#line 15
{
#line 15
    struct cilkc_frame_h *cilkc_f = (struct cilkc_frame_h *)cilkc_h;
#line 15
    (void)cilkc_f;
#line 15
    (void)cilkc_v;
#line 15
    switch (cilkc_site) {
#line 15
        case 1: {
#line 15
            struct {
                void *d;
                __typeof__(

        g(cilkc_tv_h_n_0
#line 19
           )) v;
#line 15
            } *cilkc_p = cilkc_v;
#line 15
            if (!cilkc_p) break;
#line 15
            cilkc_f->l.a_1
#line 19
      = cilkc_p->v;
        }
#line 15
        break;
#line 15
        case 2: {
#line 15
            struct {
                void *d;
                __typeof__(
#line 20
              g(cilkc_tv_h_n_0
#line 20
                 )) v;
#line 15
            } *cilkc_p = cilkc_v;
#line 15
            if (!cilkc_p) break;
#line 15
            cilkc_f->l.b_2
#line 20
      = cilkc_p->v;
        }
#line 15
        break;
#line 15
        case 3: {
#line 15
            struct {
                void *d;
                __typeof__(
#line 23
         g(cilkc_tv_h_n_0
#line 23
            )) v;
#line 15
            } *cilkc_p = cilkc_v;
#line 15
            if (!cilkc_p) break;
#line 15
            cilkc_f->l.c_3
#line 23
      += cilkc_p->v;
        }
#line 15
        break;
#line 15
        default: break;
    }
#line 15
}
#line 25 "tests/e2e/layout/calls.i"


int main(void) { return h(5) != 21; }
