/*
 * hand.h: the parallel functions of the hand-lowered programs. Each
 * cont_*.c file holds the continuation-mode translation of a .cilkc
 * source, each child_*.c the child-mode one, written exactly as cilkc emits
 * them (the source is in a comment at the top). Both modes keep the plain C
 * signatures below, so a test or benchmark links one mode or the other.
 */
#ifndef HAND_H
#define HAND_H

#include <stdatomic.h>

/* fib.cilkc */
int fib(int n);

/* tree.cilkc: a spawn tree whose leaves call fib plainly (a parallel
 * function entered through a boundary on a worker) */
int tree(int n);

/* queens.cilkc: count the placements of n queens, rows row.. still free */
typedef struct {
    signed char col[16]; /* col[r]: the column of the queen in row r */
} board;
int queens(int n, int row, board b);

/* loop.cilkc: spawn n children (each adds i), then one sync */
long spawn_loop(long n);
long loop_leaf(long i); /* the child: plain C, a little work */

/* forced.cilkc: a child waits (when forced_wait is set) until a thief has
 * acted: in continuation mode until the parent's continuation was stolen
 * and suspended at the sync, in child mode until its sibling was stolen */
int forced(void);
extern atomic_int forced_wait;     /* 0: no waiting (one worker) */
extern unsigned long forced_base;  /* suspensions (continuation mode) or
                                      steals (child mode) before the call */

#endif
