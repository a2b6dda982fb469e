/* Continuation-mode translation (hand-lowered, as cilkc emits it) of:
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

struct cilkc_frame_spawn_loop { cilkrt_frame h; long n_0; long i_1; long s_2; long ret; };
static void cilkc_slow_spawn_loop(cilkrt_worker *w, cilkrt_frame *h);
static void cilkc_inlet_spawn_loop(cilkrt_frame *h, int site, void *v)
{
    struct cilkc_frame_spawn_loop *f = (struct cilkc_frame_spawn_loop *)h;
    switch (site) {
    case 1: f->s_2 += *(long *)v; break;
    }
}
static const cilkrt_desc cilkc_desc_spawn_loop = { cilkc_slow_spawn_loop, cilkc_inlet_spawn_loop,
                                                   "spawn_loop", 0 };

long cilkc_fast_spawn_loop(cilkrt_worker *w, cilkrt_frame *parent, int site, long n)
{
    struct cilkc_frame_spawn_loop *f = (struct cilkc_frame_spawn_loop *)
        cilkrt_frame_alloc(w, sizeof *f, &cilkc_desc_spawn_loop, parent, site, 0);
    long i, s = 0;
    for (i = 0; i < n; i++)
    { f->n_0 = n; f->i_1 = i; f->s_2 = s; f->h.entry = 1; long t1 = cilkrt_push(w, &f->h); cilkrt_count_spawns(w, 1);
      { long r = loop_leaf(i);
        if (!cilkrt_pop(w, t1)) { cilkrt_deliver(w, &f->h, 1, &r); return (long){0}; }
        s += r; } }
    /* sync: a no-op in the fast clone */
    { long r = s; cilkrt_frame_free(w, &f->h, sizeof *f); return r; }
}

static void cilkc_slow_spawn_loop(cilkrt_worker *w, cilkrt_frame *h)
{
    struct cilkc_frame_spawn_loop *f = (struct cilkc_frame_spawn_loop *)h;
    switch (h->entry) {
    case 1: goto cilkc_resume_1; case 2: goto cilkc_resume_2;
    case 3: goto cilkc_resume_3;
    }
    f->s_2 = 0;
    for (f->i_1 = 0; f->i_1 < f->n_0; f->i_1++)
    { h->entry = 1;
      { long a0 = f->i_1; long t2 = cilkrt_push(w, h); cilkrt_count_spawns(w, 1);
        long r = loop_leaf(a0);
        if (!cilkrt_pop(w, t2)) { cilkrt_deliver(w, h, 1, &r); return; }
        cilkrt_frame_lock(h); f->s_2 += r; cilkrt_frame_unlock(h); }
      cilkc_resume_1:; }
    h->entry = 2; if (!cilkrt_sync(w, h)) return; cilkc_resume_2:;
    f->ret = f->s_2; goto cilkc_return;
    /* end of body: implicit sync */
    h->entry = 3; if (!cilkrt_sync(w, h)) return; cilkc_resume_3:;
cilkc_return:
    cilkrt_slow_return(w, h, &f->ret);
}

static void cilkc_root_spawn_loop(cilkrt_worker *w, void *p)
{
    struct cilkc_frame_spawn_loop *a = (struct cilkc_frame_spawn_loop *)p;
    (void)w;
    a->ret = spawn_loop(a->n_0);
}
long spawn_loop(long n)
{
    cilkrt_worker *w = cilkrt_self();
    long r, rb;
    if (!w) { struct cilkc_frame_spawn_loop a; a.n_0 = n;
              cilkrt_root_call(cilkc_root_spawn_loop, &a); return a.ret; }
    cilkrt_boundary b;
    cilkrt_boundary_enter(w, &b, &rb, sizeof rb);
    r = cilkc_fast_spawn_loop(w, &b.frame, 0, n);
    if (cilkrt_boundary_leave(w, &b)) r = rb;
    return r;
}
