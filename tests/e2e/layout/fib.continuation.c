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
struct cilkc_frame_fib {
    cilkrt_frame h;
    struct cilkc_locals_fib l;
};
struct cilkc_result_fib {
    void *d;
#line 1
long v;
};
static void cilkc_slow_fib(cilkrt_worker *, cilkrt_frame *);
static void cilkc_inlet_fib(cilkrt_frame *, int, void *);
static const cilkrt_desc cilkc_desc_fib = { cilkc_slow_fib, cilkc_inlet_fib, "fib", 0 };
struct cilkc_pre_fib {
    int go;
#line 1
    __typeof__(((struct cilkc_locals_fib *)0)->x_1) x;
#line 1
    __typeof__(((struct cilkc_locals_fib *)0)->y_2) y;
#line 1
    __typeof__(((struct cilkc_locals_fib *)0)->n_0) n;
};
#line 1
static inline __attribute__((unused))
#line 1
long cilkc_try_fib (cilkrt_worker *cilkc_w, struct cilkc_pre_fib *cilkc_pre,
#line 1
         int n);
#line 1
static inline __attribute__((unused, always_inline))
#line 1
long cilkc_lazy_fib (cilkrt_worker *cilkc_w, cilkrt_frame *cilkc_parent, int cilkc_site, void *cilkc_dst, long *cilkc_tp, int cilkc_entry_set,
#line 1
         int n);
#line 1
long cilkc_fast_fib (cilkrt_worker *cilkc_w, cilkrt_frame *cilkc_parent, int cilkc_site, void *cilkc_dst,
#line 1
         int n);
#line 1
static __attribute__((noinline))
#line 1
long cilkc_spawning_fib (cilkrt_worker *cilkc_w, cilkrt_frame *cilkc_parent, int cilkc_site, void *cilkc_dst, __typeof__(((struct cilkc_locals_fib *)0)->x_1) x, __typeof__(((struct cilkc_locals_fib *)0)->y_2) y,
#line 1
         int n)
#line 1
{
#line 1
    unsigned long cilkc_ns = 0;
#line 1
    struct cilkc_frame_fib *cilkc_f = 0;
#line 1
    (void)cilkc_parent;
#line 1
    (void)cilkc_site;
#line 1
    (void)cilkc_dst;
#line 1
    (void)&cilkc_desc_fib;
#line 1
    (void)n;
#line 1
    (void)x;
#line 1
    (void)y;
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
            struct cilkc_pre_fib cilkc_p;
#line 7
            cilkc_ns++;
            {
#line 7
                __typeof__(
#line 7
              fib(n - 1)) cilkc_r = cilkc_try_fib(cilkc_w, &cilkc_p, cilkc_a0);
#line 7
                if (cilkc_p.go) {
#line 7
                    if (!cilkc_f) {
#line 7
                        cilkc_f = (struct cilkc_frame_fib *)cilkrt_frame_alloc(cilkc_w, sizeof *cilkc_f, &cilkc_desc_fib, cilkc_parent, cilkc_site, cilkc_dst);
#line 7
                        cilkc_f->l.n_0 = n;
                    }
#line 7
                    cilkc_f->h.entry = 1;
#line 7
                    cilkc_t = cilkrt_push(cilkc_w, &cilkc_f->h);
#line 7
                    cilkc_r = cilkc_spawning_fib(cilkc_w, &cilkc_f->h, 1, 0, cilkc_p.x, cilkc_p.y, cilkc_p.n);
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
    }
#line 8
    {
        {
#line 8
            __typeof__(((void)0,
#line 8
                  n - 2)) cilkc_a0 = (
#line 8
                  n - 2);
#line 8
            long cilkc_t;
#line 8
            struct cilkc_pre_fib cilkc_p;
#line 8
            cilkc_ns++;
            {
#line 8
                __typeof__(
#line 8
              fib(n - 2)) cilkc_r = cilkc_try_fib(cilkc_w, &cilkc_p, cilkc_a0);
#line 8
                if (cilkc_p.go) {
#line 8
                    if (!cilkc_f) {
#line 8
                        cilkc_f = (struct cilkc_frame_fib *)cilkrt_frame_alloc(cilkc_w, sizeof *cilkc_f, &cilkc_desc_fib, cilkc_parent, cilkc_site, cilkc_dst);
#line 8
                        cilkc_f->l.n_0 = n;
                    }
#line 8
                    cilkc_f->l.x_1 = x;
#line 8
                    cilkc_f->h.entry = 2;
#line 8
                    cilkc_t = cilkrt_push(cilkc_w, &cilkc_f->h);
#line 8
                    cilkc_r = cilkc_spawning_fib(cilkc_w, &cilkc_f->h, 2, 0, cilkc_p.x, cilkc_p.y, cilkc_p.n);
#line 8
                    if (!cilkrt_pop(cilkc_w, cilkc_t)) {
#line 8
                        cilkrt_count_spawns(cilkc_w, cilkc_ns);
#line 8
                        struct {
                            void *d;
                            __typeof__(cilkc_r) v;
#line 8
                        } cilkc_res = { 0, cilkc_r };
#line 8
                        cilkrt_deliver(cilkc_w, &cilkc_f->h, 2, &cilkc_res);
#line 8
                        return (
#line 1
long ){0};
                    }
                }
                {
#line 8
                    y
#line 8
      = cilkc_r;
                }
            }
        }
#line 8
    }
    {
    }
    {
#line 1
long cilkc_r = (
#line 10
           x + y);
#line 10
        cilkrt_count_spawns(cilkc_w, cilkc_ns);
#line 10
        if (cilkc_f) cilkrt_frame_free(cilkc_w, &cilkc_f->h, sizeof *cilkc_f);
#line 10
        return cilkc_r;
    }
#line 10
    }
#line 10
    cilkrt_count_spawns(cilkc_w, cilkc_ns);
#line 10
    if (cilkc_f) cilkrt_frame_free(cilkc_w, &cilkc_f->h, sizeof *cilkc_f);
#line 10
    return (
#line 1
long ){0};
#line 10
}
#line 1
long cilkc_fast_fib (cilkrt_worker *cilkc_w, cilkrt_frame *cilkc_parent, int cilkc_site, void *cilkc_dst,
#line 1
         int n)
#line 1
{
#line 1
    unsigned long cilkc_ns = 0;
#line 1
    struct cilkc_frame_fib *cilkc_f = 0;
#line 1
    (void)cilkc_parent;
#line 1
    (void)cilkc_site;
#line 1
    (void)cilkc_dst;
#line 1
    (void)&cilkc_desc_fib;

    long x = {0};
#line 3
    long    y = {0};

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
    return cilkc_spawning_fib(cilkc_w, cilkc_parent, cilkc_site, cilkc_dst, x, y, n);
#line 1
}
#line 1
static inline __attribute__((unused))
#line 1
long cilkc_try_fib (cilkrt_worker *cilkc_w, struct cilkc_pre_fib *cilkc_pre,
#line 1
         int n)
#line 1
{
#line 1
    unsigned long cilkc_ns = 0;
#line 1
    struct cilkc_frame_fib *cilkc_f = 0;
#line 1
    cilkc_pre->go = 0;

    long x = {0};
#line 3
    long    y = {0};

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
    cilkc_pre->y = y;
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
long cilkc_lazy_fib (cilkrt_worker *cilkc_w, cilkrt_frame *cilkc_parent, int cilkc_site, void *cilkc_dst, long *cilkc_tp, int cilkc_entry_set,
#line 1
         int n)
#line 1
{
#line 1
    struct cilkc_pre_fib cilkc_p;
#line 1
long cilkc_r = cilkc_try_fib(cilkc_w, &cilkc_p, n);
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
    return cilkc_spawning_fib(cilkc_w, cilkc_parent, cilkc_site, cilkc_dst, cilkc_p.x, cilkc_p.y, cilkc_p.n);
#line 1
}
#line 1
static void cilkc_slow_fib(cilkrt_worker *cilkc_w, cilkrt_frame *cilkc_h)
#line 1
{
#line 1
    struct cilkc_frame_fib *cilkc_f = (struct cilkc_frame_fib *)cilkc_h;
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
        case 6: goto cilkc_resume_6;
#line 1
        default: break;
    }
#line 1 "tests/e2e/layout/fib.i"
    {
#line 5
    if (cilkc_f->l.n_0
#line 5
          < 2)
        {
            {
#line 6
                cilkc_h->entry = 3;
#line 6
                if (!cilkrt_sync(cilkc_w, cilkc_h)) return;
#line 6
                if (0) {
#line 6
                    cilkc_resume_3:;
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
            struct cilkc_pre_fib cilkc_p;
#line 7
            cilkrt_count_spawns(cilkc_w, 1);
            {
#line 7
                __typeof__(
#line 7
              fib(cilkc_f->l.n_0
#line 7
                    - 1)) cilkc_r = cilkc_try_fib(cilkc_w, &cilkc_p, cilkc_a0);
#line 7
                if (cilkc_p.go) {
#line 7
                    cilkc_h->entry = 1;
#line 7
                    cilkc_t = cilkrt_push(cilkc_w, cilkc_h);
#line 7
                    cilkc_r = cilkc_spawning_fib(cilkc_w, cilkc_h, 1, 0, cilkc_p.x, cilkc_p.y, cilkc_p.n);
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
        {
#line 8
            __typeof__(((void)0,
#line 8
                  cilkc_f->l.n_0
#line 8
                    - 2)) cilkc_a0 = (
#line 8
                  cilkc_f->l.n_0
#line 8
                    - 2);
#line 8
            long cilkc_t;
#line 8
            struct cilkc_pre_fib cilkc_p;
#line 8
            cilkrt_count_spawns(cilkc_w, 1);
            {
#line 8
                __typeof__(
#line 8
              fib(cilkc_f->l.n_0
#line 8
                    - 2)) cilkc_r = cilkc_try_fib(cilkc_w, &cilkc_p, cilkc_a0);
#line 8
                if (cilkc_p.go) {
#line 8
                    cilkc_h->entry = 2;
#line 8
                    cilkc_t = cilkrt_push(cilkc_w, cilkc_h);
#line 8
                    cilkc_r = cilkc_spawning_fib(cilkc_w, cilkc_h, 2, 0, cilkc_p.x, cilkc_p.y, cilkc_p.n);
#line 8
                    if (!cilkrt_pop(cilkc_w, cilkc_t)) {
#line 8
                        struct {
                            void *d;
                            __typeof__(cilkc_r) v;
#line 8
                        } cilkc_res = { 0, cilkc_r };
#line 8
                        cilkrt_deliver(cilkc_w, cilkc_h, 2, &cilkc_res);
#line 8
                        return;
                    }
                }
                {
#line 8
                    cilkc_f->l.y_2
#line 8
      = cilkc_r;
                }
            }
        }
#line 8
        if (0) {
#line 8
            cilkc_resume_2:;
        }
    }
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
    }
#line 10
    {
        {
#line 10
            cilkc_h->entry = 5;
#line 10
            if (!cilkrt_sync(cilkc_w, cilkc_h)) return;
#line 10
            if (0) {
#line 10
                cilkc_resume_5:;
            }
#line 10
        }
#line 10
        cilkc_f->l.ret = (
#line 10
           cilkc_f->l.x_1
#line 10
             + cilkc_f->l.y_2);
#line 10
        goto cilkc_return;
    }
#line 10
    }
    {
#line 10
        cilkc_h->entry = 6;
#line 10
        if (!cilkrt_sync(cilkc_w, cilkc_h)) return;
#line 10
        if (0) {
#line 10
            cilkc_resume_6:;
        }
#line 10
    }
#line 10
    goto cilkc_return;
#line 10
    cilkc_return: {
#line 10
        struct cilkc_result_fib cilkc_res = { cilkc_h->dst, cilkc_f->l.ret };
#line 10
        cilkrt_slow_return(cilkc_w, cilkc_h, &cilkc_res);
    }
#line 10 "tests/e2e/layout/fib.i"
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
long cilkc_r;
#line 1
    struct cilkc_result_fib cilkc_rb;
#line 1
    cilkrt_boundary cilkc_b;
#line 1
    cilkrt_boundary_enter(cilkc_w, &cilkc_b, &cilkc_rb, sizeof cilkc_rb);
#line 1
    cilkc_r = cilkc_fast_fib(cilkc_w, &cilkc_b.frame, 0, 0, n);
#line 1
    if (cilkrt_boundary_leave(cilkc_w, &cilkc_b)) cilkc_r = cilkc_rb.v;
#line 1
    return cilkc_r;
#line 1
}
#line 1
static void cilkc_inlet_fib(cilkrt_frame *cilkc_h, int cilkc_site, void *cilkc_v)
#line 1
{
#line 1
    struct cilkc_frame_fib *cilkc_f = (struct cilkc_frame_fib *)cilkc_h;
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
              fib(cilkc_tv_fib_n_0
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
        case 2: {
#line 1
            struct {
                void *d;
                __typeof__(
#line 8
              fib(cilkc_tv_fib_n_0
#line 8
                    - 2)) v;
#line 1
            } *cilkc_p = cilkc_v;
#line 1
            if (!cilkc_p) break;
#line 1
            cilkc_f->l.y_2
#line 8
      = cilkc_p->v;
        }
#line 1
        break;
#line 1
        default: break;
    }
#line 1
}
#line 11 "tests/e2e/layout/fib.i"


int main(void) { return fib(10) != 55; }
