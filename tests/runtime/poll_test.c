/*
 * poll_test.c: cilkrt_poll (poll.c) on a task deque of the test's own,
 * the calling thread posing as its worker (cilkrt_tls_worker): the owner
 * pushes with the inline cilkrt_task_slot/push of cilkrt_abi.h, a thief
 * steals with cilkrt_tdeque_steal, as tdeque_test.c does.
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "cilkrt.h"
#include "worker.h"

static worker *new_worker(void)
{
    worker *w = aligned_alloc(CILKRT_CACHE_LINE, sizeof *w);
    memset(w, 0, sizeof *w);
    cilkrt_tdeque_init(&w->pub.tq);
    cilkrt_tls_worker = &w->pub;
    return w;
}

static void free_worker(worker *w)
{
    cilkrt_tls_worker = NULL;
    cilkrt_tdeque_destroy(&w->pub.tq);
    free(w);
}

static void never_run(cilkrt_worker *w, cilkrt_task *t)
{
    (void)w;
    (void)t;
    cr_assert(0, "no task runs here");
}

static void push(worker *w, cilkrt_group *g, unsigned long id)
{
    cilkrt_task *t = cilkrt_task_slot(&w->pub, g);
    *CILKRT_RECORD(&w->pub, t, unsigned long) = id;
    t->run = never_run;
    cilkrt_task_push(&w->pub, g);
}

static long stolen_id(worker *w)
{
    cilkrt_task *t = cilkrt_tdeque_steal(&w->pub.tq);
    return t ? (long)*CILKRT_RECORD_OF(t, unsigned long) : -1;
}

/* A thief asked while the owner ran without pushing: the poll shares the
 * older half of the private tasks, as the next push would have. */
Test(poll, shares_private_tasks_when_a_thief_asked)
{
    worker *w = new_worker();
    cilkrt_group g;
    cilkrt_group_init(&w->pub, &g);
    push(w, &g, 0); /* shared: the deque was empty */
    push(w, &g, 1);
    push(w, &g, 2);
    cr_expect_eq(stolen_id(w), 0);
    cr_expect_eq(stolen_id(w), -1, "1 and 2 are private");
    cr_expect(atomic_load(&w->pub.tq.movesplit), "the thief asked");
    cilkrt_poll();
    cr_expect(!atomic_load(&w->pub.tq.movesplit), "the poll answered the request");
    cr_expect_eq(stolen_id(w), 1, "the poll shared the older half");
    cr_expect_eq(stolen_id(w), -1, "2 stays private");
    free_worker(w);
}

/* Nobody asked: the poll shares nothing. */
Test(poll, shares_nothing_unasked)
{
    worker *w = new_worker();
    cilkrt_group g;
    cilkrt_group_init(&w->pub, &g);
    push(w, &g, 0);
    push(w, &g, 1);
    cr_expect_eq(stolen_id(w), 0);
    atomic_store(&w->pub.tq.movesplit, 0);
    cilkrt_poll();
    cr_expect_eq(stolen_id(w), -1, "1 stays private");
    free_worker(w);
}

/* Nothing private: the request stays for whoever can answer it (a batch
 * being run hands out a proxy on it, task.c). */
Test(poll, leaves_the_request_with_nothing_private)
{
    worker *w = new_worker();
    cr_expect(atomic_load(&w->pub.tq.movesplit), "an empty deque asks for its first push");
    cilkrt_poll();
    cr_expect(atomic_load(&w->pub.tq.movesplit), "the poll left the request");
    free_worker(w);
}

/* On a thread that is no worker it does nothing (and does not crash). */
Test(poll, does_nothing_off_the_workers)
{
    cilkrt_tls_worker = NULL;
    cilkrt_poll();
}
