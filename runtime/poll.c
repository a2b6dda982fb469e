/*
 * poll.c: cilkrt_poll, a point where a long strand lets thieves in.
 *
 * In child mode a worker's newest tasks are private until the worker
 * shares them, at its next push or pop after a thief asked (movesplit,
 * tdeque.c). A strand that runs long without spawning or syncing keeps
 * the tasks spawned before it to itself meanwhile; one that spins waiting
 * for such a task (a test forcing a schedule, tests/corpus/steal_util.h)
 * would wait in vain. cilkrt_poll shares as the out-of-line push would
 * (cilkrt_tdeque_share, then a wake-up of a sleeper, task.c).
 *
 * In continuation mode the frame deque is split the same way (deque.c):
 * the poll answers a thief's request from the private frames as the
 * out-of-line push or pop would. Off the pool's workers (the initial
 * thread, --steal=serial) it does nothing.
 */
#include <stdatomic.h>

#include "cilkrt.h"
#include "worker.h"

void cilkrt_poll(void)
{
    cilkrt_worker *w = cilkrt_tls_worker;
    if (!w)
        return;
    /* relaxed: a hint, as the push's bound. With nothing private the share
     * leaves the request standing (tdeque.c): a worker running a stolen
     * batch answers it with a proxy (task.c's run_range). */
    if (atomic_load_explicit(&w->tq.movesplit, memory_order_relaxed) && cilkrt_tdeque_share(&w->tq))
        cilkrt_wake_idle();
    cilkrt_deque_poll(w);
}
