/* Continuation-mode translation (hand-lowered, as cilkc emits it) of:
 *
 *     atomic_int forced_wait;
 *     unsigned long forced_base;
 *     static atomic_int continued;
 *
 *     static int wait_for_thief(void)   // runs on the worker that called forced
 *     {
 *         if (atomic_load(&forced_wait)) {
 *             while (!atomic_load(&continued)) { // the continuation was stolen
 *                 cilkrt_poll();                 // (shares it if a thief asked)
 *                 sched_yield();
 *             }
 *             while (cilkrt_stats_suspensions() == forced_base)  // and suspended
 *                 sched_yield();
 *         }
 *         return 1;
 *     }
 *     static int mark_continued(void) { atomic_store(&continued, 1); return 2; }
 *
 *     int forced(void)
 *     {
 *         int x, y;
 *         atomic_store(&continued, 0);
 *         x = spawn wait_for_thief();
 *         y = spawn mark_continued();
 *         sync;
 *         return x + y;
 *     }
 */
#include <sched.h>
#include <stdatomic.h>

#include "cilkrt.h"
#include "cilkrt_abi.h"
#include "hand.h"

atomic_int forced_wait;
unsigned long forced_base;
static atomic_int continued;

static int wait_for_thief(void)   // runs on the worker that called forced
{
    if (atomic_load(&forced_wait)) {
        while (!atomic_load(&continued)) { // the continuation was stolen
            cilkrt_poll();                 // (shares it if a thief asked)
            sched_yield();
        }
        while (cilkrt_stats_suspensions() == forced_base)  // and suspended
            sched_yield();
    }
    return 1;
}
static int mark_continued(void) { atomic_store(&continued, 1); return 2; }

struct cilkc_frame_forced { cilkrt_frame h; int x_0; int y_1; int ret; };
static void cilkc_slow_forced(cilkrt_worker *w, cilkrt_frame *h);
static void cilkc_inlet_forced(cilkrt_frame *h, int site, void *v)
{
    struct cilkc_frame_forced *f = (struct cilkc_frame_forced *)h;
    switch (site) {
    case 1: f->x_0 = *(int *)v; break;
    case 2: f->y_1 = *(int *)v; break;
    }
}
static const cilkrt_desc cilkc_desc_forced = { cilkc_slow_forced, cilkc_inlet_forced, "forced", 0 };

int cilkc_fast_forced(cilkrt_worker *w, cilkrt_frame *parent, int site)
{
    struct cilkc_frame_forced *f = (struct cilkc_frame_forced *)
        cilkrt_frame_alloc(w, sizeof *f, &cilkc_desc_forced, parent, site, 0);
    int x, y;
    atomic_store(&continued, 0);
    f->h.entry = 1; long t1 = cilkrt_push(w, &f->h); cilkrt_count_spawns(w, 1);
    { int r = wait_for_thief();
      if (!cilkrt_pop(w, t1)) { cilkrt_deliver(w, &f->h, 1, &r); return (int){0}; }
      x = r; }
    f->x_0 = x; f->h.entry = 2; long t2 = cilkrt_push(w, &f->h); cilkrt_count_spawns(w, 1);
    { int r = mark_continued();
      if (!cilkrt_pop(w, t2)) { cilkrt_deliver(w, &f->h, 2, &r); return (int){0}; }
      y = r; }
    /* sync: a no-op in the fast clone */
    { int r = x + y; cilkrt_frame_free(w, &f->h, sizeof *f); return r; }
}

static void cilkc_slow_forced(cilkrt_worker *w, cilkrt_frame *h)
{
    struct cilkc_frame_forced *f = (struct cilkc_frame_forced *)h;
    switch (h->entry) {
    case 1: goto cilkc_resume_1; case 2: goto cilkc_resume_2;
    case 3: goto cilkc_resume_3; case 4: goto cilkc_resume_4;
    }
    atomic_store(&continued, 0);
    h->entry = 1; long t3 = cilkrt_push(w, h); cilkrt_count_spawns(w, 1);
    { int r = wait_for_thief();
      if (!cilkrt_pop(w, t3)) { cilkrt_deliver(w, h, 1, &r); return; }
      f->x_0 = r; }
    cilkc_resume_1:;
    h->entry = 2; long t4 = cilkrt_push(w, h); cilkrt_count_spawns(w, 1);
    { int r = mark_continued();
      if (!cilkrt_pop(w, t4)) { cilkrt_deliver(w, h, 2, &r); return; }
      f->y_1 = r; }
    cilkc_resume_2:;
    h->entry = 3; if (!cilkrt_sync(w, h)) return; cilkc_resume_3:;
    f->ret = f->x_0 + f->y_1; goto cilkc_return;
    /* end of body: implicit sync */
    h->entry = 4; if (!cilkrt_sync(w, h)) return; cilkc_resume_4:;
cilkc_return:
    cilkrt_slow_return(w, h, &f->ret);
}

static void cilkc_root_forced(cilkrt_worker *w, void *p)
{
    struct cilkc_frame_forced *a = (struct cilkc_frame_forced *)p;
    (void)w;
    a->ret = forced();
}
int forced(void)
{
    cilkrt_worker *w = cilkrt_self();
    int r, rb;
    if (!w) { struct cilkc_frame_forced a;
              cilkrt_root_call(cilkc_root_forced, &a); return a.ret; }
    cilkrt_boundary b;
    cilkrt_boundary_enter(w, &b, &rb, sizeof rb);
    r = cilkc_fast_forced(w, &b.frame, 0);
    if (cilkrt_boundary_leave(w, &b)) r = rb;
    return r;
}
