/* Child-mode translation (cilkc --steal=child, hand-lowered) of:
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

int cilkc_body_queens(cilkrt_worker *w, int n, int row, board b);

struct cilkc_locals_queens { int n_0; int row_1; board b_2; int count_3; int c_4; };  /* for __typeof__ only */
/* 40 bytes: larger than a slot's args, so the record is allocated */
struct cilkc_task_queens_1 {
    __typeof__(((struct cilkc_locals_queens *)0)->n_0) a0;
    __typeof__(((struct cilkc_locals_queens *)0)->row_1 + 1) a1;
    __typeof__(place(((struct cilkc_locals_queens *)0)->b_2, ((struct cilkc_locals_queens *)0)->row_1,
                     ((struct cilkc_locals_queens *)0)->c_4)) a2;
    __typeof__(&(((struct cilkc_locals_queens *)0)->count_3)) dst;
    cilkrt_lock *lk;
};
static void cilkc_thunk_queens_1(cilkrt_worker *w, cilkrt_task *h)
{
    struct cilkc_task_queens_1 *t = CILKRT_RECORD_OF(h, struct cilkc_task_queens_1);
    struct cilkc_task_queens_1 r = *t;
    if (!CILKRT_IN_SLOT(struct cilkc_task_queens_1)) cilkrt_record_free(w, t);
    __typeof__(*r.dst) v = cilkc_body_queens(w, r.a0, r.a1, r.a2);
    cilkrt_lock_take(r.lk); *r.dst += v; cilkrt_lock_give(r.lk);
}
static inline void cilkc_sync_queens(cilkrt_worker *w, cilkrt_group *g)
{
    cilkrt_group_count(w, g);
    while (cilkrt_group_pending(g)) {
        cilkrt_task *h = cilkrt_task_pop(w, g);
        if (!h) continue;
        cilkc_thunk_queens_1(w, h);
    }
}

int cilkc_body_queens(cilkrt_worker *w, int n, int row, board b)
{
    cilkrt_group g;
    cilkrt_group_init(w, &g);
    cilkrt_lock lk = {0};
    int count = 0, c;
    if (row == n) { int r = 1; cilkc_sync_queens(w, &g); return r; }
    for (c = 0; c < n; c++)
        if (safe(b, row, c))
        { __typeof__(n) a0 = (n); __typeof__(row + 1) a1 = (row + 1);
          __typeof__(place(b, row, c)) a2 = (place(b, row, c));
          cilkrt_task *h = cilkrt_task_slot(w, &g);
          struct cilkc_task_queens_1 *t = CILKRT_RECORD(w, h, struct cilkc_task_queens_1);
          h->run = cilkc_thunk_queens_1; t->a0 = a0; t->a1 = a1; t->a2 = a2;
          t->dst = &count; t->lk = &lk;
          cilkrt_task_push(w, &g); }
    cilkc_sync_queens(w, &g);
    { int r = count; cilkc_sync_queens(w, &g); return r; }
}

struct cilkc_args_queens { int n_0; int row_1; board b_2; int ret; };
static void cilkc_root_queens(cilkrt_worker *w, void *p)
{
    struct cilkc_args_queens *a = (struct cilkc_args_queens *)p;
    a->ret = cilkc_body_queens(w, a->n_0, a->row_1, a->b_2);
}
int queens(int n, int row, board b)   /* plain entry */
{
    cilkrt_worker *w = cilkrt_self();
    if (!w) { struct cilkc_args_queens a; a.n_0 = n; a.row_1 = row; a.b_2 = b;
              cilkrt_root_call(cilkc_root_queens, &a); return a.ret; }
    return cilkc_body_queens(w, n, row, b);
}
