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
struct cilkc_task_queens_1 {
    cilkrt_task h;
    __typeof__(((struct cilkc_locals_queens *)0)->n_0) a0;
    __typeof__(((struct cilkc_locals_queens *)0)->row_1 + 1) a1;
    __typeof__(place(((struct cilkc_locals_queens *)0)->b_2, ((struct cilkc_locals_queens *)0)->row_1,
                     ((struct cilkc_locals_queens *)0)->c_4)) a2;
    __typeof__(&(((struct cilkc_locals_queens *)0)->count_3)) dst;
};
static void cilkc_thunk_queens_1(cilkrt_worker *w, cilkrt_task *h)
{
    struct cilkc_task_queens_1 *t = (struct cilkc_task_queens_1 *)h;
    __typeof__(*t->dst) r = cilkc_body_queens(w, t->a0, t->a1, t->a2);
    cilkrt_group_lock(h->group); *t->dst += r; cilkrt_group_unlock(h->group);
}

int cilkc_body_queens(cilkrt_worker *w, int n, int row, board b)
{
    cilkrt_group g;
    cilkrt_group_init(w, &g);
    int count = 0, c;
    if (row == n) { int r = 1; cilkrt_group_sync(w, &g); return r; }
    for (c = 0; c < n; c++)
        if (safe(b, row, c))
        { struct cilkc_task_queens_1 *t = (struct cilkc_task_queens_1 *)
              cilkrt_task_alloc(w, sizeof *t);
          t->h.run = cilkc_thunk_queens_1; t->a0 = n; t->a1 = row + 1; t->a2 = place(b, row, c);
          t->dst = &count;
          cilkrt_task_spawn(w, &g, &t->h); }
    cilkrt_group_sync(w, &g);
    { int r = count; cilkrt_group_sync(w, &g); return r; }
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
