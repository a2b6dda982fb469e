/* Continuation-mode translation (hand-lowered, as cilkc emits it) of:
 *
 *     static int safe(board b, int row, int c)
 *     {
 *         for (int r = 0; r < row; r++)
 *             if (b.col[r] == c || b.col[r] - c == row - r || c - b.col[r] == row - r)
 *                 return 0;
 *         return 1;
 *     }
 *     static board place(board b, int row, int c) { b.col[row] = (signed char)c; return b; }
 *
 *     int queens(int n, int row, board b)
 *     {
 *         int count = 0, c;
 *         if (row == n) return 1;
 *         for (c = 0; c < n; c++)
 *             if (safe(b, row, c))
 *                 count += spawn queens(n, row + 1, place(b, row, c));
 *         sync;
 *         return count;
 *     }
 */
#include "cilkrt_abi.h"
#include "hand.h"

static int safe(board b, int row, int c)
{
    for (int r = 0; r < row; r++)
        if (b.col[r] == c || b.col[r] - c == row - r || c - b.col[r] == row - r)
            return 0;
    return 1;
}
static board place(board b, int row, int c) { b.col[row] = (signed char)c; return b; }

struct cilkc_frame_queens { cilkrt_frame h; int n_0; int row_1; board b_2; int count_3; int c_4; int ret; };
static void cilkc_slow_queens(cilkrt_worker *w, cilkrt_frame *h);
static void cilkc_inlet_queens(cilkrt_frame *h, int site, void *v)
{
    struct cilkc_frame_queens *f = (struct cilkc_frame_queens *)h;
    switch (site) {
    case 1: f->count_3 += *(int *)v; break;
    }
}
static const cilkrt_desc cilkc_desc_queens = { cilkc_slow_queens, cilkc_inlet_queens, "queens", 0 };

int cilkc_fast_queens(cilkrt_worker *w, cilkrt_frame *parent, int site, int n, int row, board b)
{
    struct cilkc_frame_queens *f = (struct cilkc_frame_queens *)
        cilkrt_frame_alloc(w, sizeof *f, &cilkc_desc_queens, parent, site, 0);
    int count = 0, c;
    if (row == n) { int r = 1; cilkrt_frame_free(w, &f->h, sizeof *f); return r; }
    for (c = 0; c < n; c++)
        if (safe(b, row, c))
        { f->n_0 = n; f->row_1 = row; f->b_2 = b; f->count_3 = count; f->c_4 = c;
          f->h.entry = 1; long t1 = cilkrt_push(w, &f->h); cilkrt_count_spawns(w, 1);
          { int r = cilkc_fast_queens(w, &f->h, 1, n, row + 1, place(b, row, c));
            if (!cilkrt_pop(w, t1)) { cilkrt_deliver(w, &f->h, 1, &r); return (int){0}; }
            count += r; } }
    /* sync: a no-op in the fast clone */
    { int r = count; cilkrt_frame_free(w, &f->h, sizeof *f); return r; }
}

static void cilkc_slow_queens(cilkrt_worker *w, cilkrt_frame *h)
{
    struct cilkc_frame_queens *f = (struct cilkc_frame_queens *)h;
    switch (h->entry) {
    case 1: goto cilkc_resume_1; case 2: goto cilkc_resume_2;
    case 3: goto cilkc_resume_3; case 4: goto cilkc_resume_4;
    }
    f->count_3 = 0;
    if (f->row_1 == f->n_0) { h->entry = 3; if (!cilkrt_sync(w, h)) return;
                              cilkc_resume_3:; f->ret = 1; goto cilkc_return; }
    for (f->c_4 = 0; f->c_4 < f->n_0; f->c_4++)
        if (safe(f->b_2, f->row_1, f->c_4))
        { h->entry = 1;
          { /* arguments are evaluated before the push: once pushed, a thief
               may run the continuation and change f->c_4 */
            int a0 = f->n_0; int a1 = f->row_1 + 1; board a2 = place(f->b_2, f->row_1, f->c_4);
            long t2 = cilkrt_push(w, h); cilkrt_count_spawns(w, 1);
            int r = cilkc_fast_queens(w, h, 1, a0, a1, a2);
            if (!cilkrt_pop(w, t2)) { cilkrt_deliver(w, h, 1, &r); return; }
            cilkrt_frame_lock(h); f->count_3 += r; cilkrt_frame_unlock(h); }
          cilkc_resume_1:; }
    h->entry = 2; if (!cilkrt_sync(w, h)) return; cilkc_resume_2:;
    f->ret = f->count_3; goto cilkc_return;
    /* end of body: implicit sync */
    h->entry = 4; if (!cilkrt_sync(w, h)) return; cilkc_resume_4:;
cilkc_return:
    cilkrt_slow_return(w, h, &f->ret);
}

static void cilkc_root_queens(cilkrt_worker *w, void *p)
{
    struct cilkc_frame_queens *a = (struct cilkc_frame_queens *)p;
    (void)w;
    a->ret = queens(a->n_0, a->row_1, a->b_2);
}
int queens(int n, int row, board b)
{
    cilkrt_worker *w = cilkrt_self();
    int r, rb;
    if (!w) { struct cilkc_frame_queens a; a.n_0 = n; a.row_1 = row; a.b_2 = b;
              cilkrt_root_call(cilkc_root_queens, &a); return a.ret; }
    cilkrt_boundary b_;
    cilkrt_boundary_enter(w, &b_, &rb, sizeof rb);
    r = cilkc_fast_queens(w, &b_.frame, 0, n, row, b);
    if (cilkrt_boundary_leave(w, &b_)) r = rb;
    return r;
}
