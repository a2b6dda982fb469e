/* Continuation-mode translation (hand-lowered, as cilkc emits it) of:
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

struct cilkc_frame_fib { cilkrt_frame h; int n_0; int x_1; int y_2; int ret; };
static void cilkc_slow_fib(cilkrt_worker *w, cilkrt_frame *h);
static void cilkc_inlet_fib(cilkrt_frame *h, int site, void *v)
{
    struct cilkc_frame_fib *f = (struct cilkc_frame_fib *)h;
    switch (site) {
    case 1: f->x_1 = *(int *)v; break;
    case 2: f->y_2 = *(int *)v; break;
    }
}
static const cilkrt_desc cilkc_desc_fib = { cilkc_slow_fib, cilkc_inlet_fib, "fib", 0 };

int cilkc_fast_fib(cilkrt_worker *w, cilkrt_frame *parent, int site, int n)
{
    struct cilkc_frame_fib *f = (struct cilkc_frame_fib *)
        cilkrt_frame_alloc(w, sizeof *f, &cilkc_desc_fib, parent, site, 0);
    int x, y;
    if (n < 2) { int r = n; cilkrt_frame_free(w, &f->h, sizeof *f); return r; }
    f->n_0 = n; f->h.entry = 1; long t1 = cilkrt_push(w, &f->h); cilkrt_count_spawns(w, 1);
    { int r = cilkc_fast_fib(w, &f->h, 1, n - 1);
      if (!cilkrt_pop(w, t1)) { cilkrt_deliver(w, &f->h, 1, &r); return (int){0}; }
      x = r; }
    f->n_0 = n; f->x_1 = x; f->h.entry = 2; long t2 = cilkrt_push(w, &f->h); cilkrt_count_spawns(w, 1);
    { int r = cilkc_fast_fib(w, &f->h, 2, n - 2);
      if (!cilkrt_pop(w, t2)) { cilkrt_deliver(w, &f->h, 2, &r); return (int){0}; }
      y = r; }
    /* sync: a no-op in the fast clone */
    { int r = x + y; cilkrt_frame_free(w, &f->h, sizeof *f); return r; }
}

static void cilkc_slow_fib(cilkrt_worker *w, cilkrt_frame *h)
{
    struct cilkc_frame_fib *f = (struct cilkc_frame_fib *)h;
    switch (h->entry) {
    case 1: goto cilkc_resume_1; case 2: goto cilkc_resume_2;
    case 3: goto cilkc_resume_3; case 4: goto cilkc_resume_4;
    case 5: goto cilkc_resume_5;
    }
    if (f->n_0 < 2) { h->entry = 4; if (!cilkrt_sync(w, h)) return;
                      cilkc_resume_4:; f->ret = f->n_0; goto cilkc_return; }
    h->entry = 1; long t3 = cilkrt_push(w, h); cilkrt_count_spawns(w, 1);
    { int r = cilkc_fast_fib(w, h, 1, f->n_0 - 1);
      if (!cilkrt_pop(w, t3)) { cilkrt_deliver(w, h, 1, &r); return; }
      f->x_1 = r; }
    cilkc_resume_1:;
    h->entry = 2; long t4 = cilkrt_push(w, h); cilkrt_count_spawns(w, 1);
    { int r = cilkc_fast_fib(w, h, 2, f->n_0 - 2);
      if (!cilkrt_pop(w, t4)) { cilkrt_deliver(w, h, 2, &r); return; }
      f->y_2 = r; }
    cilkc_resume_2:;
    h->entry = 3; if (!cilkrt_sync(w, h)) return; cilkc_resume_3:;
    f->ret = f->x_1 + f->y_2; goto cilkc_return;
    /* end of body: implicit sync */
    h->entry = 5; if (!cilkrt_sync(w, h)) return; cilkc_resume_5:;
cilkc_return:
    cilkrt_slow_return(w, h, &f->ret);
}

/* the plain C entry keeps the original signature */
static void cilkc_root_fib(cilkrt_worker *w, void *p)
{
    struct cilkc_frame_fib *a = (struct cilkc_frame_fib *)p;
    (void)w;
    a->ret = fib(a->n_0);
}
int fib(int n)
{
    cilkrt_worker *w = cilkrt_self();
    int r, rb;
    if (!w) { struct cilkc_frame_fib a; a.n_0 = n;
              cilkrt_root_call(cilkc_root_fib, &a); return a.ret; }
    cilkrt_boundary b;
    cilkrt_boundary_enter(w, &b, &rb, sizeof rb);
    r = cilkc_fast_fib(w, &b.frame, 0, n);
    if (cilkrt_boundary_leave(w, &b)) r = rb;
    return r;
}
