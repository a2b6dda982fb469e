/*
 * tdeque_test.c: child stealing's task deque (tdeque.c) and the task layer
 * above it (task.c), on threads of the test's own: the owner pushes and
 * pops with the inline cilkrt_task_slot/push/pop of cilkrt_abi.h, exactly
 * as generated code does; thieves take slots with cilkrt_tdeque_steal and
 * run them with cilkrt_task_run_stolen, exactly as the scheduler does.
 *
 * A test task's record is its id; running it counts the id. The owner's
 * tasks are children of one group (the group holds the owner's top).
 */
#include <criterion/criterion.h>
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "cilkrt.h"
#include "stress.h"
#include "worker.h"

#define STRESS_OPS 10000000UL

static atomic_uchar *taken;     /* per id: times run */
static worker *volatile ran_on; /* the worker that ran task B */

static _Thread_local int pushing; /* this thread is in a push (stress) */
static atomic_ulong run_in_push;  /* tasks run there (the owner helped) */

static void count(cilkrt_worker *w, cilkrt_task *t)
{
    (void)w;
    unsigned long id = *CILKRT_RECORD_OF(t, unsigned long);
    atomic_fetch_add_explicit(&taken[id], 1, memory_order_relaxed);
    if (pushing)
        atomic_fetch_add_explicit(&run_in_push, 1, memory_order_relaxed);
}

static worker *new_worker(int id)
{
    worker *w = aligned_alloc(CILKRT_CACHE_LINE, sizeof *w);
    memset(w, 0, sizeof *w);
    w->pub.id = id;
    cilkrt_tdeque_init(&w->pub.tq);
    return w;
}

static void free_worker(worker *w)
{
    cilkrt_tdeque_destroy(&w->pub.tq);
    free(w);
}

static cilkrt_group group; /* the owner's (the tests' tasks are its children) */

/* The stress test pushes and pops _ordered or not at random (the ordered
 * pair of bounds takes part in the request protocol as the plain one
 * does: tdeque.c); the other tests, never. */
static int stress_ordered;

static void push(worker *w, cilkrt_group *g, void (*run)(cilkrt_worker *, cilkrt_task *),
                 unsigned long id)
{
    cilkrt_task *t = cilkrt_task_slot(&w->pub, g);
    *CILKRT_RECORD(&w->pub, t, unsigned long) = id;
    t->run = run;
    if (stress_ordered)
        cilkrt_task_push_ordered(&w->pub, g);
    else
        cilkrt_task_push(&w->pub, g);
}

/* Pop and run the newest task, as a sync does; 0 if it had been stolen. */
static int pop_run(worker *w)
{
    cilkrt_task *t = stress_ordered ? cilkrt_task_pop_ordered(&w->pub, &group)
                                    : cilkrt_task_pop(&w->pub, &group);
    if (!t)
        return 0;
    t->run(&w->pub, t);
    return 1;
}

static void reset_taken(unsigned long n)
{
    free((void *)taken);
    taken = calloc(n, 1);
}

Test(tdeque, owner_pops_newest_first_across_blocks)
{
    enum { N = 3 * CILKRT_TDEQUE_BLOCK + 7 };
    worker *w = new_worker(0);
    cilkrt_group_init(&w->pub, &group);
    reset_taken(N);
    for (unsigned long i = 0; i < N; i++)
        push(w, &group, count, i);
    cr_expect_eq(cilkrt_tdeque_depth(&w->pub.tq), N);
    cr_expect_eq(cilkrt_tdeque_peak(&w->pub.tq), N);
    for (long i = N - 1; i >= 0; i--) {
        cilkrt_task *t = cilkrt_task_pop(&w->pub, &group);
        cr_assert_not_null(t);
        cr_assert_eq(*CILKRT_RECORD_OF(t, unsigned long), (unsigned long)i);
    }
    cr_expect_eq(cilkrt_tdeque_depth(&w->pub.tq), 0);
    push(w, &group, count, 5); /* the deque works on from the bottom */
    cr_expect(pop_run(w));
    cr_expect_eq(taken[5], 1);
    free_worker(w);
}

/* Only shared slots can be stolen: the first push into an empty deque is
 * shared, later ones when a thief has asked. */
Test(tdeque, thief_takes_oldest_shared_slot)
{
    worker *w = new_worker(0);
    cilkrt_group_init(&w->pub, &group);
    reset_taken(16);
    push(w, &group, count, 0);
    push(w, &group, count, 1);
    push(w, &group, count, 2);
    cilkrt_task *t = cilkrt_tdeque_steal(&w->pub.tq);
    cr_assert_not_null(t, "the first push is shared");
    cr_expect_eq(*CILKRT_RECORD_OF(t, unsigned long), 0);
    cr_expect_null(cilkrt_tdeque_steal(&w->pub.tq), "1 and 2 are private");
    cr_expect(atomic_load(&w->pub.tq.movesplit), "the thief asked for more");
    push(w, &group, count, 3); /* shares the older half of 1, 2, 3 */
    cr_expect(!atomic_load(&w->pub.tq.movesplit));
    t = cilkrt_tdeque_steal(&w->pub.tq);
    cr_assert_not_null(t);
    cr_expect_eq(*CILKRT_RECORD_OF(t, unsigned long), 1);
    t = cilkrt_tdeque_steal(&w->pub.tq);
    cr_assert_not_null(t);
    cr_expect_eq(*CILKRT_RECORD_OF(t, unsigned long), 2);
    cr_expect_null(cilkrt_tdeque_steal(&w->pub.tq), "3 is private");
    free_worker(w);
}

/* A request (a thief found nothing) moves the inline paths' bounds, so
 * that the owner's next push or pop goes out of line and shares: the fast
 * paths test nothing else. */
Test(tdeque, a_request_sends_the_next_push_and_pop_out_of_line)
{
    worker *w = new_worker(0);
    cilkrt_tdeque *q = &w->pub.tq;
    cilkrt_group_init(&w->pub, &group);
    reset_taken(32);
    for (unsigned long i = 0; i < 8; i++)
        push(w, &group, count, i); /* 0 shared at once, 1..7 private */
    cr_assert_eq(cilkrt_tdeque_pending(q, 0), 1);
    cr_expect_not_null(atomic_load(&q->push_limit), "no request: the owner's bounds");
    cilkrt_tdeque_ask(q);
    cr_expect_eq(atomic_load(&q->push_limit), NULL, "a request lowers the push's bound");
    cr_expect_eq(atomic_load(&q->pop_floor), (char *)~(uintptr_t)0, "and raises the pop's");
    push(w, &group, count, 8); /* shares 4 of 1..8 */
    cr_expect_eq(cilkrt_tdeque_pending(q, 0), 5);
    cr_expect_eq(atomic_load(&q->push_limit), q->limit, "served: the owner's bounds again");
    cr_expect_eq(atomic_load(&q->pop_floor), q->floor);
    cilkrt_tdeque_ask(q);
    cr_assert(pop_run(w)); /* pops 8, shares 2 of 5..7 */
    cr_expect_eq(taken[8], 1);
    cr_expect_eq(cilkrt_tdeque_pending(q, 0), 7);
    cr_expect_eq(atomic_load(&q->pop_floor), q->floor);
    free_worker(w);
}

/* A request that finds nothing private to share waits for the next push:
 * here the owner's pop takes back the last shared slot, and the task it
 * pushes next must be shared at once. */
Test(tdeque, a_request_waits_for_something_to_share)
{
    worker *w = new_worker(0);
    cilkrt_tdeque *q = &w->pub.tq;
    cilkrt_group_init(&w->pub, &group);
    reset_taken(4);
    push(w, &group, count, 0); /* shared at once */
    cilkrt_tdeque_ask(q);
    cr_assert(pop_run(w), "taken back, nothing private left");
    cr_expect(atomic_load(&q->movesplit), "the request waits");
    cr_expect_eq(atomic_load(&q->push_limit), NULL);
    push(w, &group, count, 1);
    cilkrt_task *t = cilkrt_tdeque_steal(q);
    cr_assert_not_null(t, "the next push was shared");
    cr_expect_eq(*CILKRT_RECORD_OF(t, unsigned long), 1);
    free_worker(w);
}

/* The id of a task, -1 for none. */
static long id_of(cilkrt_task *t) { return t ? (long)*CILKRT_RECORD_OF(t, unsigned long) : -1; }

/* An owner that takes its last shared slot back asks nothing (tdeque.c,
 * "taken back"): its next push stays private, on the fast path, until a
 * thief asks. A loop of plain calls of a function that spawns once paid a
 * share and a compare-and-swap per call when the take-back asked. */
Test(tdeque, a_slot_taken_back_asks_nothing)
{
    worker *w = new_worker(0);
    cilkrt_tdeque *q = &w->pub.tq;
    cilkrt_group_init(&w->pub, &group);
    reset_taken(4);
    push(w, &group, count, 0); /* shared at once: the deque was empty */
    cr_assert(pop_run(w), "taken back");
    cr_expect_eq(atomic_load(&q->movesplit), 0, "nobody asked");
    cr_expect(atomic_load(&q->push_limit) != NULL, "the next push is inline");
    push(w, &group, count, 1);
    cr_expect_null(cilkrt_tdeque_steal(q), "the push stayed private");
    push(w, &group, count, 2); /* the thief asked: shares the older half, 1 */
    cr_expect_eq(id_of(cilkrt_tdeque_steal(q)), 1);
    free_worker(w);
}

/* A thief about to sleep urges every owner, even one with no request
 * pending (it may have taken its last shared slot back since the thief's
 * last look): the owner's next push shares, and its share wakes the
 * sleeper. */
Test(tdeque, a_sleeping_thief_asks_an_owner_that_took_back)
{
    worker *w = new_worker(0);
    cilkrt_tdeque *q = &w->pub.tq;
    cilkrt_group_init(&w->pub, &group);
    reset_taken(4);
    push(w, &group, count, 0);
    cr_assert(pop_run(w), "taken back");
    cilkrt_tdeque_urge(q);
    cr_expect_eq(atomic_load(&q->push_limit), NULL, "the next push goes out of line");
    push(w, &group, count, 1);
    cr_expect_eq(id_of(cilkrt_tdeque_steal(q)), 1, "and shares");
    free_worker(w);
}

/* A thief that took the last shared slot and asks again before the owner
 * has pushed more must not get the next task alone (a spawn loop's
 * lock-step: a steal per task): after a push has answered a thief, the
 * next request waits until four times that batch is private. It never
 * waits for pushes that do not come: a sync's pop or cilkrt_poll answers
 * it with what there is. */
static cilkrt_task *steal_run(worker *v, worker *thief)
{
    cilkrt_task *t = cilkrt_tdeque_steal(&v->pub.tq);
    if (t)
        cilkrt_task_run_stolen(thief, t);
    return t;
}

Test(tdeque, a_request_right_after_a_share_waits_for_more_pushes)
{
    worker *w = new_worker(0), *thief = new_worker(1);
    cilkrt_tdeque *q = &w->pub.tq;
    cilkrt_group_init(&w->pub, &group);
    reset_taken(16);
    push(w, &group, count, 0); /* shared at once: the deque was empty */
    cr_assert_eq(id_of(steal_run(w, thief)), 0);
    push(w, &group, count, 1); /* the thief took the last one and asked: answered at once */
    cr_assert_eq(id_of(steal_run(w, thief)), 1);
    push(w, &group, count, 2); /* asked again: 1 private, 4 wanted */
    cr_expect_null(steal_run(w, thief), "the request waits for more pushes");
    cr_expect(atomic_load(&q->movesplit));
    cr_expect_eq(atomic_load(&q->push_limit), q->block + 6 * CILKRT_TASK_SLOT,
                 "the push that makes 4 private goes out of line");
    cr_expect_eq(atomic_load(&q->pop_floor), (char *)~(uintptr_t)0, "a pop answers it");
    push(w, &group, count, 3);
    push(w, &group, count, 4);
    cr_expect_null(steal_run(w, thief));
    push(w, &group, count, 5); /* 2..5 private: shares 2 and 3 */
    cr_expect_eq(id_of(steal_run(w, thief)), 2);
    cr_expect_eq(id_of(steal_run(w, thief)), 3);
    push(w, &group, count, 6); /* 4..6 private, 8 wanted */
    cr_expect_null(steal_run(w, thief));
    cilkrt_tls_worker = &w->pub;
    cilkrt_poll(); /* answers: shares 4 and 5 */
    cilkrt_tls_worker = NULL;
    cr_expect_eq(id_of(steal_run(w, thief)), 4);
    cr_expect_eq(id_of(steal_run(w, thief)), 5);
    push(w, &group, count, 7); /* the poll ended the streak: 6 is shared at once */
    cr_expect_eq(id_of(steal_run(w, thief)), 6);
    push(w, &group, count, 8); /* 7 and 8 private, 4 wanted */
    cr_expect_null(steal_run(w, thief));
    cr_assert(pop_run(w), "the sync pops 8 and shares 7");
    cr_expect_eq(id_of(steal_run(w, thief)), 7);
    while (cilkrt_group_pending(&group))
        cr_expect(!pop_run(w), "the rest was stolen");
    for (int i = 0; i <= 8; i++)
        cr_expect_eq(taken[i], 1, "task %d", i);
    free_worker(w);
    free_worker(thief);
}

/* A thief about to sleep urges its deferred request (cilkrt_tdeque_urge):
 * the owner's next push answers it whatever is private, and the streak
 * ends. Without the urge a starving thief waited for up to 256 pushes
 * while the owner's private tasks piled up (docs/stability.md). */
Test(tdeque, an_urged_request_is_answered_at_the_next_push)
{
    worker *w = new_worker(0), *thief = new_worker(1);
    cilkrt_tdeque *q = &w->pub.tq;
    cilkrt_group_init(&w->pub, &group);
    reset_taken(16);
    cilkrt_tdeque_urge(q); /* the owner's own request (empty deque): no thief's to urge */
    cr_expect_eq(atomic_load(&q->movesplit), 2);
    push(w, &group, count, 0); /* shared at once: the deque was empty */
    cr_assert_eq(id_of(steal_run(w, thief)), 0);
    push(w, &group, count, 1); /* answered at once; the streak starts */
    cr_assert_eq(id_of(steal_run(w, thief)), 1);
    push(w, &group, count, 2); /* asked again: 1 private, 4 wanted */
    cr_expect_null(steal_run(w, thief), "the request waits for more pushes");
    cilkrt_tdeque_urge(q);
    cr_expect_eq(atomic_load(&q->push_limit), (char *)0, "the next push goes out of line");
    push(w, &group, count, 3); /* 2 and 3 private: shares 2 */
    cr_expect_eq(id_of(steal_run(w, thief)), 2, "the urged request is answered");
    push(w, &group, count, 4); /* the urge ended the streak: shared at once */
    cr_expect_eq(id_of(steal_run(w, thief)), 3);
    while (cilkrt_group_pending(&group))
        pop_run(w);
    for (int i = 0; i <= 4; i++)
        cr_expect_eq(taken[i], 1, "task %d", i);
    free_worker(w);
    free_worker(thief);
}

/* A worker of a program with reducers (its deque made while
 * cilkrt_reducers_live is set), the current thread's, with the owner's
 * group ready. */
static worker *reducer_worker(void)
{
    cilkrt_reducers_live = 1;
    worker *w = new_worker(0);
    cilkrt_reducers_live = 0;
    cilkrt_tls_worker = &w->pub;
    cilkrt_group_init(&w->pub, &group);
    return w;
}

/* In a program with reducers every push and pop goes out of line, where
 * the hooks run in pairs, the pop's around the task, which it runs itself
 * (returning NULL: the sync has nothing left to run): the strand's views
 * are back to the leftmost (no map) after the sync. */
Test(tdeque, with_reducers_every_push_and_pop_runs_the_hooks)
{
    worker *w = reducer_worker();
    cilkrt_tdeque *q = &w->pub.tq;
    reset_taken(8);
    for (unsigned long i = 0; i < 5; i++) {
        push(w, &group, count, i);
        cr_expect_eq(atomic_load(&q->push_limit), NULL, "push %lu", i);
        cr_expect_not_null(cilkrt_tls_h.map, "a spawn closes the strand's views");
    }
    for (int i = 4; cilkrt_group_pending(&group); i--) {
        cr_assert(cilkrt_task_pop(&w->pub, &group) == NULL, "the pop ran task %d itself", i);
        cr_expect_eq(taken[i], 1, "task %d ran, newest first", i);
        cr_expect_eq(atomic_load(&q->pop_floor), (char *)~(uintptr_t)0);
    }
    for (int i = 0; i < 5; i++)
        cr_expect_eq(taken[i], 1);
    cr_expect_null(cilkrt_tls_h.map, "the hooks ran in pairs");
    cilkrt_tls_worker = NULL;
    free_worker(w);
}

/* A cilk_for's _ordered push and pop run no reducer hooks, so a program
 * with reducers keeps their bounds at the owner's own (tdeque.c, "two
 * pairs of bounds"): they stay inline while the plain pair sends every
 * push and pop out of line. A request moves the ordered pair too, and the
 * ordered push that answers it gives the pair back; the plain pair stays
 * at the request values. */
static void push_ordered(worker *w, unsigned long id)
{
    cilkrt_task *t = cilkrt_task_slot(&w->pub, &group);
    *CILKRT_RECORD(&w->pub, t, unsigned long) = id;
    t->run = count;
    cilkrt_task_push_ordered(&w->pub, &group);
}

Test(tdeque, with_reducers_the_ordered_push_and_pop_stay_inline)
{
    worker *w = reducer_worker();
    cilkrt_tdeque *q = &w->pub.tq;
    reset_taken(16);
    for (unsigned long i = 0; i < 8; i++) /* 0 shared at once, 1..7 private */
        push_ordered(w, i);
    cr_expect_eq(atomic_load(&q->ordered_push_limit), q->limit, "the owner's bounds");
    cr_expect_eq(atomic_load(&q->ordered_pop_floor), q->floor);
    cr_expect_eq(atomic_load(&q->push_limit), NULL, "the plain pair stays out of line");
    cr_expect_eq(atomic_load(&q->pop_floor), (char *)~(uintptr_t)0);
    cr_expect_null(cilkrt_tls_h.map, "no hook ran");
    cilkrt_tdeque_ask(q);
    cr_expect_eq(atomic_load(&q->ordered_push_limit), NULL, "a request lowers the ordered bound");
    cr_expect_eq(atomic_load(&q->ordered_pop_floor), (char *)~(uintptr_t)0, "and raises it");
    push_ordered(w, 8); /* shares 4 of 1..8 */
    cr_expect_eq(cilkrt_tdeque_pending(q, 0), 5);
    cr_expect_eq(atomic_load(&q->ordered_push_limit), q->limit, "served: the owner's bounds");
    cr_expect_eq(atomic_load(&q->ordered_pop_floor), q->floor);
    cr_expect_eq(atomic_load(&q->push_limit), NULL);
    for (int i = 8; i >= 5; i--) { /* the private ones, newest first */
        cilkrt_task *t = cilkrt_task_pop_ordered(&w->pub, &group);
        cr_assert_not_null(t, "the sync runs task %d", i);
        t->run(&w->pub, t);
        cr_expect_eq(taken[i], 1);
    }
    while (cilkrt_group_pending(&group)) {
        cilkrt_task *t = cilkrt_task_pop_ordered(&w->pub, &group); /* taken back */
        cr_assert_not_null(t);
        t->run(&w->pub, t);
    }
    for (int i = 0; i <= 8; i++)
        cr_expect_eq(taken[i], 1, "task %d", i);
    cr_expect_null(cilkrt_tls_h.map, "no hook ran");
    cilkrt_tls_worker = NULL;
    free_worker(w);
}

/* With reducers a plain push or pop that the ordered bounds would have
 * kept inline runs the hooks and nothing else (task.c, quiet_push); one
 * that a request sent out of line still shares, as without reducers. */
Test(tdeque, with_reducers_a_plain_push_and_pop_still_answer_a_request)
{
    worker *w = reducer_worker();
    cilkrt_tdeque *q = &w->pub.tq;
    reset_taken(16);
    for (unsigned long i = 0; i < 8; i++)
        push(w, &group, count, i); /* 0 shared at once, 1..7 private */
    cr_expect_eq(cilkrt_tdeque_pending(q, 0), 1);
    cilkrt_tdeque_ask(q);
    push(w, &group, count, 8); /* shares 4 of 1..8 */
    cr_expect_eq(cilkrt_tdeque_pending(q, 0), 5, "the push answered the request");
    cr_expect_eq(atomic_load(&q->ordered_push_limit), q->limit);
    cilkrt_tdeque_ask(q);
    cr_assert(cilkrt_task_pop(&w->pub, &group) == NULL, "the pop ran task 8 itself");
    cr_expect_eq(taken[8], 1);
    cr_expect_eq(cilkrt_tdeque_pending(q, 0), 7, "the pop answered the request: 5..6 shared");
    while (cilkrt_group_pending(&group))
        cr_assert(cilkrt_task_pop(&w->pub, &group) == NULL);
    for (int i = 0; i <= 8; i++)
        cr_expect_eq(taken[i], 1, "task %d", i);
    cr_expect_null(cilkrt_tls_h.map, "the hooks ran in pairs");
    cilkrt_tls_worker = NULL;
    free_worker(w);
}

/* Steal-half takes the largest power of two not above half of the shared
 * slots, oldest first, in one CAS; steal-one takes one. */
static long shared_of(worker *w) { return cilkrt_tdeque_pending(&w->pub.tq, 0); }

Test(tdeque, steal_half_takes_a_power_of_two_not_above_half)
{
    worker *w = new_worker(0);
    cilkrt_group_init(&w->pub, &group);
    reset_taken(64);
    for (unsigned long i = 0; i < 45; i++)
        push(w, &group, count, i);
    cilkrt_tdeque_ask(&w->pub.tq);
    push(w, &group, count, 45); /* shares 1..23 (0 was shared at once) */
    cr_assert_eq(shared_of(w), 24);
    static const long want[][2] = {{0, 8}, {8, 8}, {16, 4}, {20, 2}};
    long first, k;
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        k = cilkrt_tdeque_steal_batch(&w->pub.tq, 1, &first);
        cr_expect_eq(first, want[i][0], "batch %zu starts at %ld", i, first);
        cr_expect_eq(k, want[i][1], "batch %zu has %ld slots", i, k);
    }
    k = cilkrt_tdeque_steal_batch(&w->pub.tq, 0, &first);
    cr_expect_eq(k, 1, "steal-one takes one");
    cr_expect_eq(first, 22);
    cr_expect_eq(shared_of(w), 1);
    free_worker(w);
}

/* A batch runs on the thief: its first task at once, the others through
 * proxies on the thief's deque (its empty deque asks for the first push),
 * each in its own slot on the victim, and each a run of its own. */
static void record_runner(cilkrt_worker *w, cilkrt_task *t)
{
    count(w, t);
    cr_expect_eq(atomic_load(&t->state), (uintptr_t)w, "the state names the runner");
}

Test(tdeque, batch_runs_every_task_once_on_the_thief)
{
    worker *v = new_worker(0), *thief = new_worker(1);
    cilkrt_group_init(&v->pub, &group);
    reset_taken(16);
    for (unsigned long i = 0; i < 9; i++)
        push(v, &group, record_runner, i);
    cilkrt_tdeque_ask(&v->pub.tq);
    push(v, &group, record_runner, 9); /* 0..5 shared */
    long first, k = cilkrt_tdeque_steal_batch(&v->pub.tq, 1, &first);
    cr_assert_eq(k, 2);
    k = cilkrt_tdeque_steal_batch(&v->pub.tq, 1, &first);
    cr_assert_eq(k, 2);
    cilkrt_task_run_batch(thief, &v->pub.tq, first, k);
    cr_expect_eq(taken[2], 1);
    cr_expect_eq(taken[3], 1);
    cr_expect_eq(taken[0] + taken[1] + taken[4], 0);
    cr_expect_eq(cilkrt_tdeque_depth(&thief->pub.tq), 0, "the proxies were popped");
    cr_expect_eq(thief->pub.tq.pushes, 0, "proxies are not counted as spawns");
    for (int i = 2; i <= 3; i++)
        cr_expect_eq(atomic_load(&((cilkrt_task *)cilkrt_tdeque_slot(&v->pub.tq, i))->state),
                     cilkrt_task_done(1));
    free_worker(v);
    free_worker(thief);
}

/* A shared slot nobody took is taken back at the pop: no wait. */
Test(tdeque, owner_takes_back_unstolen_shared_slots)
{
    worker *w = new_worker(0);
    cilkrt_group_init(&w->pub, &group);
    reset_taken(16);
    for (unsigned long i = 0; i < 8; i++)
        push(w, &group, count, i);
    cilkrt_tdeque_ask(&w->pub.tq);
    push(w, &group, count, 8);
    cr_expect_eq(w->pub.tq.split, 5, "slots 0..4 shared");
    for (int i = 8; i >= 0; i--)
        cr_assert(pop_run(w), "task %d", i);
    for (int i = 0; i <= 8; i++)
        cr_expect_eq(taken[i], 1);
    cr_expect_eq(atomic_load(&w->stats.failed_pops), 0);
    free_worker(w);
}

/* A sync that meets a run of stolen slots (a spawn loop's) pops them
 * without storing ts, which idle thieves keep reading: it stays at tail ==
 * split (nothing to steal) until the next push stores it again, and that
 * push's task is shared at once. */
Test(tdeque, stolen_slots_are_popped_without_a_store_of_ts)
{
    enum { N = CILKRT_TDEQUE_BLOCK + 40 }; /* the run crosses a block */
    worker *w = new_worker(0), *thief = new_worker(1);
    cilkrt_tdeque *q = &w->pub.tq;
    cilkrt_group_init(&w->pub, &group);
    reset_taken(N + 1);
    for (unsigned long i = 0; i <= N; i++)
        push(w, &group, count, i);
    long first, k;
    do { /* share and steal until nothing is private */
        while ((k = cilkrt_tdeque_steal_batch(q, 1, &first)) > 0)
            cilkrt_task_run_batch(thief, q, first, k);
    } while (cilkrt_tdeque_share(q));
    unsigned long ts = atomic_load(&q->ts);
    cr_assert_eq(ts & 0xffffffffu, (unsigned long)N + 1, "every task was stolen");
    long pops = 0;
    while (cilkrt_group_pending(&group)) {
        cr_assert(!pop_run(w), "pop %ld met a stolen batch", pops);
        cr_assert_eq(atomic_load(&q->ts), ts, "no store of ts at pop %ld", pops);
        pops++;
    }
    cr_expect_eq(pops, N + 1);
    /* one wait per run (the thief's empty deque splits each batch at once:
     * runs of about 13) */
    unsigned long waits = atomic_load(&w->stats.failed_pops);
    cr_expect(waits < N / 8, "%lu waits for %ld stolen slots", waits, pops);
    cr_expect_eq(cilkrt_tdeque_depth(q), 0);
    cr_expect_eq(cilkrt_tdeque_pending(q, 1), 0);
    push(w, &group, count, 0);
    cilkrt_task *t = cilkrt_tdeque_steal(q);
    cr_assert_not_null(t, "the next push is shared at once");
    cr_expect_eq(t, cilkrt_tdeque_slot(q, 0));
    for (unsigned long i = 0; i <= N; i++)
        cr_expect_eq(taken[i], 1, "task %lu", i);
    free_worker(w);
    free_worker(thief);
}

/* A push goes out of line at a block's end and when a thief asked, not at
 * each new deepest depth (a spawn loop's every push): the statistics read
 * the deepest depth off the slots, and a reset starts it again from top. */
Test(tdeque, the_deepest_depth_costs_the_push_nothing)
{
    worker *w = new_worker(0);
    cilkrt_tdeque *q = &w->pub.tq;
    cilkrt_group_init(&w->pub, &group);
    reset_taken(CILKRT_TDEQUE_BLOCK + 10);
    push(w, &group, count, 0); /* shared at once (the deque was empty) */
    for (unsigned long i = 1; i < 100; i++)
        push(w, &group, count, i);
    cr_expect_eq(atomic_load(&q->push_limit), q->block + CILKRT_TDEQUE_BLOCK * CILKRT_TASK_SLOT,
                 "the push's bound is the block's end");
    cr_expect_eq(cilkrt_tdeque_peak(q), 100);
    while (cilkrt_group_pending(&group))
        cr_assert(pop_run(w));
    cr_expect_eq(cilkrt_tdeque_peak(q), 100, "the peak stays after the pops");
    for (unsigned long i = 0; i < CILKRT_TDEQUE_BLOCK + 10; i++)
        push(w, &group, count, i);
    cr_expect_eq(cilkrt_tdeque_peak(q), CILKRT_TDEQUE_BLOCK + 10, "across a block");
    while (cilkrt_group_pending(&group))
        cr_assert(pop_run(w));
    cilkrt_tdeque_reset_peak(q);
    cr_expect_eq(cilkrt_tdeque_peak(q), 0, "reset");
    for (unsigned long i = 0; i < CILKRT_TDEQUE_BLOCK + 3; i++)
        push(w, &group, count, i);
    cr_expect_eq(cilkrt_tdeque_peak(q), CILKRT_TDEQUE_BLOCK + 3, "the old slots do not count");
    while (cilkrt_group_pending(&group))
        cr_assert(pop_run(w));
    free_worker(w);
}

/* Leapfrogging: the owner waits for task A, stolen by a thief; A pushes B
 * on the thief's deque and waits until B is taken. Only the owner can take
 * it (by stealing back from A's thief while it waits): without
 * leapfrogging, A and the owner would wait for each other forever. */
static worker *owner_w, *thief_w;
static atomic_int a_started;

static void task_b(cilkrt_worker *w, cilkrt_task *t)
{
    (void)t;
    ran_on = worker_of(w);
}

static void task_a(cilkrt_worker *w, cilkrt_task *t)
{
    (void)t;
    cilkrt_group g;
    cilkrt_group_init(w, &g);
    push(worker_of(w), &g, task_b, 0);
    cilkrt_task *b = cilkrt_tdeque_slot(&w->tq, 0);
    atomic_store(&a_started, 1);
    while (atomic_load(&b->state) == 0)
        sched_yield(); /* until somebody took B */
    cilkrt_group_wait(w, &g);
}

static void *thief_main(void *arg)
{
    (void)arg;
    cilkrt_task *t;
    while (!(t = cilkrt_tdeque_steal(&owner_w->pub.tq)))
        sched_yield();
    cilkrt_task_run_stolen(thief_w, t);
    return NULL;
}

Test(tdeque, stolen_task_is_waited_for_by_leapfrogging, .timeout = 30)
{
    owner_w = new_worker(0);
    cilkrt_group_init(&owner_w->pub, &group);
    thief_w = new_worker(1);
    pthread_t th;
    push(owner_w, &group, task_a, 0);
    pthread_create(&th, NULL, thief_main, NULL);
    while (!atomic_load(&a_started))
        sched_yield();
    cr_expect(!pop_run(owner_w), "A was stolen");
    pthread_join(th, NULL);
    cr_expect_eq(ran_on, owner_w, "B ran on the waiting owner");
    cr_expect_eq(atomic_load(&owner_w->stats.steals), 1);
    cr_expect_eq(atomic_load(&owner_w->stats.leapfrogs), 1, "the steal was a leapfrog");
    cr_expect_eq(atomic_load(&owner_w->stats.failed_pops), 1);
    cr_expect_eq(atomic_load(&thief_w->stats.failed_pops), 1, "A's sync found B stolen");
    free_worker(owner_w);
    free_worker(thief_w);
}

/* A sync whose stolen task runs long stops spinning and yielding: it
 * marks the task's state WAITING and sleeps on it (a futex), and the
 * thief wakes it when the task is done. The task here runs until it sees
 * the mark (or for 60 s: the test then fails instead of hanging). */
static atomic_int saw_waiting;

static void task_until_owner_sleeps(cilkrt_worker *w, cilkrt_task *t)
{
    (void)w;
    struct timespec start, now;
    clock_gettime(CLOCK_MONOTONIC, &start);
    do {
        if (atomic_load(&t->state) & CILKRT_TASK_WAITING) {
            atomic_store(&saw_waiting, 1);
            return;
        }
        sched_yield();
        clock_gettime(CLOCK_MONOTONIC, &now);
    } while (now.tv_sec - start.tv_sec < 60);
}

Test(tdeque, waiting_owner_sleeps_until_the_thief_is_done, .timeout = 120)
{
    owner_w = new_worker(0);
    cilkrt_group_init(&owner_w->pub, &group);
    thief_w = new_worker(1);
    pthread_t th;
    push(owner_w, &group, task_until_owner_sleeps, 0);
    pthread_create(&th, NULL, thief_main, NULL);
    while (atomic_load(&((cilkrt_task *)cilkrt_tdeque_slot(&owner_w->pub.tq, 0))->state) == 0)
        sched_yield(); /* until the thief runs it */
    cr_expect(!pop_run(owner_w), "the task was stolen");
    pthread_join(th, NULL);
    cr_expect(atomic_load(&saw_waiting), "the owner marked the task WAITING");
    cr_expect_eq(atomic_load(&((cilkrt_task *)cilkrt_tdeque_slot(&owner_w->pub.tq, 0))->state), 0,
                 "the owner reset the state");
    free_worker(owner_w);
    free_worker(thief_w);
}

/* One owner, three thieves, 10^7 pushes and pops: every task runs exactly
 * once, on the owner's pop or on one thief. The owner pushes in bursts,
 * some deeper than a block, so the deque grows while thieves steal. With
 * steal-half, a thief runs the first task of a batch and leaves the rest
 * as proxies on its own deque, where the other thieves (and the owner,
 * leapfrogging) take them: thieves try each other's deques too. */
static int stress_half;                       /* the policy of the thieves' steals */
static worker *stress_ws[1 + STRESS_THIEVES]; /* the owner, then the thieves */
/* A thief nobody asks for work: it runs a batch without splitting it. */
static worker *busy_thief(int id)
{
    worker *w = new_worker(id);
    atomic_store(&w->pub.tq.movesplit, 0);
    return w;
}

/* Take every slot of w's deque, one steal each: the test then runs them in
 * the batches it wants (cilkrt_task_run_batch), as a steal-half thief runs
 * what it took. */
static void steal_all(worker *w)
{
    long first;
    do
        while (cilkrt_tdeque_steal_batch(&w->pub.tq, 0, &first))
            ;
    while (cilkrt_tdeque_share(&w->pub.tq));
}

/* A finished batch is waited for once per block it covers (and once more
 * below its named slots), on its newest slot there (a run ends at a block's end, so that a block's slots need
 * nothing from the next one: tdeque.c, reuse); its other slots' states
 * were never written, and the sync pops them without a look at them. */
Test(tdeque, sync_waits_once_per_block_for_a_finished_batch)
{
    enum { N = CILKRT_TDEQUE_BLOCK + 64, CUT = CILKRT_TDEQUE_BLOCK - 100 };
    worker *w = new_worker(0), *thief = busy_thief(1);
    cilkrt_tdeque *q = &w->pub.tq;
    cilkrt_group_init(&w->pub, &group);
    reset_taken(N);
    for (unsigned long i = 0; i < N; i++)
        push(w, &group, count, i);
    steal_all(w);
    cilkrt_task_run_batch(thief, q, 0, CUT);
    cilkrt_task_run_batch(thief, q, CUT, N - CUT); /* slots CUT..N-1, over the block's end */
    long end = CILKRT_TDEQUE_BLOCK;
    cr_expect_eq(atomic_load(&((cilkrt_task *)cilkrt_tdeque_slot(q, N - 1))->state),
                 cilkrt_task_done(N - end), "the batch's completion in the second block");
    cr_expect_eq(atomic_load(&((cilkrt_task *)cilkrt_tdeque_slot(q, end - 1))->state),
                 cilkrt_task_done(end - CUT), "and in the first");
    cr_expect_eq(atomic_load(&((cilkrt_task *)cilkrt_tdeque_slot(q, N - 2))->state), 0,
                 "and nowhere else");
    while (cilkrt_group_pending(&group)) {
        cr_assert(!pop_run(w), "every slot was stolen");
        if (cilkrt_tdeque_depth(q) == CUT)
            cr_expect_eq(atomic_load(&w->stats.failed_pops), 2, "two waits for the newer batch");
    }
    cr_expect_eq(cilkrt_tdeque_depth(q), 0);
    /* and one more for the older batch: its slots below the named ones
     * (CILKRT_TASK_NAMED_AT_MOST, task.c: run_named) are a run of their
     * own; the newer batch's named ones start the second block */
    cr_expect_eq(atomic_load(&w->stats.failed_pops), 4, "one wait per batch and block");
    for (unsigned long i = 0; i < N; i++)
        cr_expect_eq(taken[i], 1, "task %lu", i);
    for (long i = 0; i < N; i++)
        cr_expect_eq(atomic_load(&((cilkrt_task *)cilkrt_tdeque_slot(q, i))->state), 0,
                     "slot %ld is the owner's again (state 0)", i);
    push(w, &group, count, 0);
    cr_expect(pop_run(w), "the deque works on");
    free_worker(w);
    free_worker(thief);
}

/* Block reuse (tdeque.c): the owner pushes blocks 0 to 2 and a slot of
 * block 3 (block 0's tasks run run); slots 0 to stolen - 1 are stolen,
 * one a steal, and run. Then the push that enters block 4 looks for a
 * finished block. */
enum { REUSE_N = 3 * CILKRT_TDEQUE_BLOCK + 1 };

static worker *reuse_setup(worker *thief, long stolen, void (*run)(cilkrt_worker *, cilkrt_task *))
{
    worker *w = new_worker(0);
    cilkrt_group_init(&w->pub, &group);
    reset_taken(REUSE_N + CILKRT_TDEQUE_BLOCK);
    for (unsigned long i = 0; i < REUSE_N; i++)
        push(w, &group, i < CILKRT_TDEQUE_BLOCK ? run : count, i);
    cilkrt_tdeque *q = &w->pub.tq;
    for (long n = 0, first; n < stolen;) {
        if (!cilkrt_tdeque_steal_batch(q, 0, &first)) {
            cr_assert(cilkrt_tdeque_share(q), "more to share");
            continue;
        }
        cilkrt_task_run_batch(thief, q, first, 1);
        n++;
    }
    return w;
}

/* Pop the whole group as a sync does; the tasks not stolen run here. */
static void sync_all(worker *w)
{
    while (cilkrt_group_pending(&group))
        pop_run(w);
}

Test(tdeque, a_finished_block_gives_its_pages_to_a_new_block)
{
    worker *thief = busy_thief(1), *w = reuse_setup(thief, CILKRT_TDEQUE_BLOCK + 5, count);
    cilkrt_tdeque *q = &w->pub.tq;
    char *old = cilkrt_tdeque_slot(q, 0);
    for (unsigned long i = REUSE_N; i < REUSE_N + CILKRT_TDEQUE_BLOCK; i++)
        push(w, &group, count, i); /* into block 4 */
    cr_expect_eq(q->reused, 1, "block 4 took block 0's pages");
    cr_expect_eq(cilkrt_tdeque_slot(q, 4 * CILKRT_TDEQUE_BLOCK), old, "at block 0's address");
    cr_expect_eq(cilkrt_tdeque_slot(q, 0), old, "which block 0 keeps");
    cr_expect(cilkrt_tdeque_retired(q, CILKRT_TDEQUE_BLOCK - 1), "block 0 retired");
    cr_expect(!cilkrt_tdeque_retired(q, CILKRT_TDEQUE_BLOCK), "block 1 not");
    long waits = atomic_load(&w->stats.failed_pops);
    sync_all(w);
    cr_expect_eq(atomic_load(&w->stats.failed_pops) - waits, 5,
                 "block 1's five stolen slots waited for, block 0 popped unread");
    cr_expect_eq(cilkrt_tdeque_depth(q), 0);
    cr_expect_eq(cilkrt_tdeque_slot(q, 0), old, "block 0 has its memory back");
    cr_expect_null(atomic_load(&q->blocks[4]), "and block 4 none");
    for (unsigned long i = 0; i < REUSE_N + CILKRT_TDEQUE_BLOCK; i++)
        cr_expect_eq(taken[i], 1, "task %lu", i);
    push(w, &group, count, 0);
    cr_expect(pop_run(w), "the deque works on");
    free_worker(w);
    free_worker(thief);
}

Test(tdeque, a_block_not_all_stolen_is_not_reused)
{
    worker *thief = busy_thief(1), *w = reuse_setup(thief, CILKRT_TDEQUE_BLOCK - 1, count);
    for (unsigned long i = REUSE_N; i < REUSE_N + CILKRT_TDEQUE_BLOCK; i++)
        push(w, &group, count, i);
    cr_expect_eq(w->pub.tq.reused, 0, "block 0's last slot is the owner's");
    sync_all(w);
    for (unsigned long i = 0; i < REUSE_N + CILKRT_TDEQUE_BLOCK; i++)
        cr_expect_eq(taken[i], 1, "task %lu", i);
    free_worker(w);
    free_worker(thief);
}

/* A thunk that leaves its result in the slot, as a by-value run's does
 * (compiler/lower_child.c): the sync reads it after the pop. */
static void leaves_result(cilkrt_worker *w, cilkrt_task *t)
{
    count(w, t);
    *CILKRT_RESULT(t, long) = 1000 + (long)*CILKRT_RECORD_OF(t, unsigned long);
}

/* The safety check: a block with a result left in it keeps its pages
 * until the sync has read the result. Counted finished like the others,
 * block 0 would be given to block 4, whose records (a whole slot's worth
 * here) would overwrite the results before the sync reads them. */
Test(tdeque, a_block_with_a_result_left_in_it_is_not_reused)
{
    worker *thief = busy_thief(1), *w = reuse_setup(thief, CILKRT_TDEQUE_BLOCK + 5, leaves_result);
    cilkrt_tdeque *q = &w->pub.tq;
    typedef struct {
        unsigned long id;
        long fill[CILKRT_TASK_ARGS / sizeof(long) - 1];
    } wide;
    for (unsigned long i = REUSE_N; i < REUSE_N + CILKRT_TDEQUE_BLOCK; i++) {
        cilkrt_task *t = cilkrt_task_slot(&w->pub, &group);
        wide *r = CILKRT_RECORD(&w->pub, t, wide);
        memset(r, 0xff, sizeof *r);
        r->id = i;
        t->run = count;
        cilkrt_task_push(&w->pub, &group);
    }
    cr_expect_eq(q->reused, 0, "block 0 holds results");
    while (cilkrt_tdeque_depth(q) > 8)
        pop_run(w);
    for (long i = 7; i >= 0; i--) {
        cr_assert(cilkrt_task_pop(&w->pub, &group) == NULL, "%ld was stolen", i);
        cr_expect_eq(*CILKRT_RESULT(cilkrt_task_popped(&group), long), 1000 + i,
                     "the result of task %ld", i);
    }
    free_worker(w);
    free_worker(thief);
}

/* The owner helps (tdeque.c, task.c): with other workers in the pool
 * (cilkrt_pool_size, the gate) and no thief taking anything, each push
 * that enters a new block, when the block after it would need fresh
 * pages, runs the oldest tasks until a block is finished; the next new
 * block takes that block's pages. Blocks 0 and 1 are mapped; blocks 2,
 * 3 and 4 reuse 0, 1 and 2, whose tasks ran during the pushes. Alone
 * (P = 1) the owner keeps every task until the sync and maps five
 * blocks. */
enum { HELP_N = 4 * CILKRT_TDEQUE_BLOCK + 1 };

static worker *help_setup(int pool_size)
{
    cilkrt_pool_size = pool_size; /* (the test's own process: no pool runs) */
    worker *w = new_worker(0);
    cilkrt_group_init(&w->pub, &group);
    reset_taken(HELP_N);
    for (unsigned long i = 0; i < HELP_N; i++)
        push(w, &group, count, i);
    return w;
}

static void help_sync(worker *w)
{
    sync_all(w);
    cr_expect_eq(cilkrt_tdeque_depth(&w->pub.tq), 0);
    cr_expect_eq(group.n, 0);
    for (unsigned long i = 0; i < HELP_N; i++)
        cr_expect_eq(taken[i], 1, "task %lu", i);
    push(w, &group, count, 0);
    cr_expect(pop_run(w), "the deque works on");
    free_worker(w);
    cilkrt_pool_size = 0;
}

Test(tdeque, the_owner_runs_its_oldest_tasks_instead_of_mapping_a_block)
{
    cilkrt_child_help = 1; /* (CILK_CHILD_HELP=1; the default is 0) */
    worker *w = help_setup(2);
    cilkrt_tdeque *q = &w->pub.tq;
    cr_expect_eq(cilkrt_tdeque_blocks(q), 2, "blocks 0 and 1 mapped");
    cr_expect_eq(q->reused, 3, "blocks 2 to 4 took finished blocks' pages");
    unsigned long ran = 0;
    for (unsigned long i = 0; i < HELP_N; i++)
        ran += taken[i];
    cr_expect_eq(ran, 4 * CILKRT_TDEQUE_BLOCK, "blocks 0 to 3 ran during the pushes");
    cr_expect_eq(taken[4 * CILKRT_TDEQUE_BLOCK], 0, "block 4's task waits for the sync");
    cr_expect_eq(cilkrt_tdeque_peak(q), HELP_N, "the deepest depth counts every task");
    help_sync(w);
}

Test(tdeque, alone_the_owner_keeps_every_task_until_the_sync)
{
    cilkrt_child_help = 1; /* (the pool's size is the gate, not the switch) */
    worker *w = help_setup(1);
    cr_expect_eq(cilkrt_tdeque_blocks(&w->pub.tq), 5);
    cr_expect_eq(w->pub.tq.reused, 0);
    for (unsigned long i = 0; i < HELP_N; i++)
        cr_expect_eq(taken[i], 0, "task %lu ran before the sync", i);
    help_sync(w);
}

/* CILK_CHILD_HELP=0, the default (cilkrt_child_help, read at the pool's
 * start): in a pool the owner keeps every task until the sync, as alone,
 * and maps five blocks: the pure child scheme. */
Test(tdeque, with_help_off_the_owner_keeps_every_task_in_a_pool)
{
    cilkrt_child_help = 0;
    worker *w = help_setup(2);
    cr_expect_eq(cilkrt_tdeque_blocks(&w->pub.tq), 5);
    cr_expect_eq(w->pub.tq.reused, 0);
    for (unsigned long i = 0; i < HELP_N; i++)
        cr_expect_eq(taken[i], 0, "task %lu ran before the sync", i);
    help_sync(w);
}

/* A batch holds the oldest shared slots, which may belong to an enclosing
 * group: the inner sync waits for the batch, and the outer sync pops the
 * rest of it. A push in between (onto an index of the run, popped
 * already) is not taken for a done slot, and the wait for it writes the
 * rest of the run back into its newest slot's state. */
Test(tdeque, batch_of_two_groups_is_waited_for_once)
{
    worker *w = new_worker(0), *thief = busy_thief(1);
    cilkrt_tdeque *q = &w->pub.tq;
    cilkrt_group outer, inner;
    cilkrt_group_init(&w->pub, &outer);
    cilkrt_group_init(&w->pub, &inner);
    reset_taken(8);
    push(w, &outer, count, 0);
    push(w, &outer, count, 1);
    for (unsigned long i = 2; i < 6; i++)
        push(w, &inner, count, i);
    steal_all(w);
    cilkrt_task_run_batch(thief, q, 0, 1);
    cilkrt_task_run_batch(thief, q, 1, 3); /* outer's 1, inner's 2 and 3 */
    cilkrt_task_run_batch(thief, q, 4, 2);
    while (cilkrt_group_pending(&inner))
        cr_assert(cilkrt_task_pop(&w->pub, &inner) == NULL);
    cr_expect_eq(atomic_load(&w->stats.failed_pops), 2, "waits on 5 and 3");
    cr_expect_eq(cilkrt_tdeque_depth(q), 2);
    push(w, &outer, count, 6); /* index 2, once in the run: now private */
    cilkrt_task *t = cilkrt_tdeque_steal(q);
    cr_assert(t != NULL, "shared at once (drained)");
    cilkrt_task_run_stolen(thief, t);
    cr_assert(cilkrt_task_pop(&w->pub, &outer) == NULL);
    cr_expect_eq(atomic_load(&w->stats.failed_pops), 3, "6 was waited for, not taken as done");
    cr_assert(cilkrt_task_pop(&w->pub, &outer) == NULL);
    cr_expect_eq(atomic_load(&w->stats.failed_pops), 4,
                 "1, the rest of a done run, recorded back in its state when 6 was waited for");
    cr_assert(cilkrt_task_pop(&w->pub, &outer) == NULL);
    cr_expect_eq(atomic_load(&w->stats.failed_pops), 5, "0 is a run of its own");
    cr_expect_eq(outer.n, 0);
    cr_expect_eq(cilkrt_tdeque_depth(q), 0);
    for (unsigned long i = 0; i < 7; i++)
        cr_expect_eq(taken[i], 1, "task %lu", i);
    free_worker(w);
    free_worker(thief);
}

/* A batch not yet finished when the sync meets it: the sync waits (and
 * leapfrogs) on the batch's newest slot only, then drops what the thief
 * ran at once. The thief's first task runs until the owner has started
 * waiting (or for 60 s: the test then fails instead of hanging). */
static void gated(cilkrt_worker *w, cilkrt_task *t)
{
    struct timespec start, now;
    clock_gettime(CLOCK_MONOTONIC, &start);
    while (worker_of(w) == thief_w && *CILKRT_RECORD_OF(t, unsigned long) == 0 &&
           !atomic_load(&owner_w->stats.failed_pops)) {
        sched_yield();
        clock_gettime(CLOCK_MONOTONIC, &now);
        if (now.tv_sec - start.tv_sec >= 60)
            break;
    }
    count(w, t);
}

static void *batch_thief_main(void *arg)
{
    (void)arg;
    long first, k;
    while (!(k = cilkrt_tdeque_steal_batch(&owner_w->pub.tq, 1, &first)))
        sched_yield();
    cilkrt_task_run_batch(thief_w, &owner_w->pub.tq, first, k);
    return NULL;
}

/* n tasks of run on owner_w's deque, all shared; the batch thief
 * (batch_thief_main) steals the older half and runs it while the owner
 * syncs: returns how many tasks the owner's pops ran. */
static long sync_beside_a_batch_thief(unsigned long n, void (*run)(cilkrt_worker *, cilkrt_task *))
{
    cilkrt_tdeque *q = &owner_w->pub.tq;
    cilkrt_group_init(&owner_w->pub, &group);
    reset_taken(n);
    for (unsigned long i = 0; i < n; i++)
        push(owner_w, &group, run, i);
    while (cilkrt_tdeque_share(q))
        ;
    pthread_t th;
    pthread_create(&th, NULL, batch_thief_main, NULL);
    while (!(atomic_load(&q->ts) & 0xffffffffu))
        sched_yield(); /* until the thief took the older half */
    long popped = 0;
    while (cilkrt_group_pending(&group))
        popped += pop_run(owner_w);
    pthread_join(th, NULL);
    return popped;
}

Test(tdeque, sync_waits_for_an_unfinished_batch_once_and_drops_it, .timeout = 120)
{
    enum { N = 16 };
    owner_w = new_worker(0);
    thief_w = new_worker(1);
    cilkrt_tdeque *q = &owner_w->pub.tq;
    cr_expect_eq(sync_beside_a_batch_thief(N, gated), N / 2, "the newer half was the owner's");
    /* failed pops count the slots the owner took back (task.c,
     * wait_stolen): how many depends on who is faster, the owner taking
     * back from the newest or the thief taking from the oldest */
    long backs = (long)atomic_load(&owner_w->stats.take_backs);
    long waits = atomic_load(&owner_w->stats.failed_pops) - backs;
    /* one per run: the thief's slots, up to where the owner took back,
     * are one run (a proxy split off meanwhile, one more); without runs,
     * one per slot the thief ran */
    cr_expect(waits >= 1 && waits < N / 2, "%ld waits (and %ld take-backs) for a batch of 8", waits,
              backs);
    cr_expect_eq(cilkrt_tdeque_depth(q), 0);
    for (unsigned long i = 0; i < N; i++)
        cr_expect_eq(taken[i], 1, "task %lu", i);
    free_worker(owner_w);
    free_worker(thief_w);
}

/* The owner takes back the unstarted rest of a batch it waits for: the
 * thief's first task holds it until the owner has run task 1 (the last
 * it can take back) or has made a leapfrog attempt (it waits without
 * taking back: the test then fails on who ran what instead of hanging).
 * The thief is busy: it never splits the batch into proxies. */
static worker *volatile ran_by[4 * CILKRT_TASK_NAMED_AT_MOST];
static atomic_int task_1_ran;

static void held(cilkrt_worker *w, cilkrt_task *t)
{
    unsigned long id = *CILKRT_RECORD_OF(t, unsigned long);
    while (id == 0 && !atomic_load(&task_1_ran) && !atomic_load(&owner_w->stats.steal_attempts))
        sched_yield();
    ran_by[id] = worker_of(w);
    if (id == 1)
        atomic_store(&task_1_ran, 1);
    count(w, t);
}

Test(tdeque, the_owner_takes_back_the_unstarted_rest_of_a_batch, .timeout = 120)
{
    enum { N = 8 };
    owner_w = new_worker(0);
    thief_w = busy_thief(1);
    cilkrt_tdeque *q = &owner_w->pub.tq;
    atomic_store(&task_1_ran, 0);
    memset((void *)ran_by, 0, sizeof ran_by);
    cr_expect_eq(sync_beside_a_batch_thief(N, held), N / 2, "the newer half was the owner's");
    for (unsigned long i = 0; i < N; i++)
        cr_expect_eq(taken[i], 1, "task %lu ran once", i);
    cr_expect_eq(ran_by[0], thief_w, "the thief ran the batch's first task");
    for (int i = 1; i < N; i++)
        cr_expect_eq(ran_by[i], owner_w, "the owner ran task %d", i);
    cr_expect_eq(atomic_load(&owner_w->stats.take_backs), 3, "tasks 3, 2 and 1 were taken back");
    cr_expect_eq(atomic_load(&thief_w->stats.proxies), 0);
    cr_expect_eq(cilkrt_tdeque_depth(q), 0);
    for (long i = 0; i < N; i++)
        cr_expect_eq(atomic_load(&((cilkrt_task *)cilkrt_tdeque_slot(q, i))->state), 0,
                     "slot %ld is the owner's again (state 0)", i);
    push(owner_w, &group, count, 0);
    cr_expect(pop_run(owner_w), "the deque works on");
    free_worker(owner_w);
    free_worker(thief_w);
}

/* A batch bigger than CILKRT_TASK_NAMED_AT_MOST: only its newest slots
 * are named, so the owner takes back those alone, but the oldest of them,
 * which is the thief's from the start (the thief's first task holds it,
 * as above, until the owner, past the slots it can take back, makes a
 * leapfrog attempt on that one): the owner's sync cannot end, and the
 * block go to a new one, before the thief is done with the range's slots
 * (task.c, run_named). */
Test(tdeque, the_owner_takes_back_only_the_named_newest_slots_of_a_big_batch, .timeout = 120)
{
    enum { K = 2 * CILKRT_TASK_NAMED_AT_MOST, N = 2 * K }; /* a steal takes a power of two */
    owner_w = new_worker(0);
    thief_w = busy_thief(1);
    atomic_store(&task_1_ran, 0);
    memset((void *)ran_by, 0, sizeof ran_by);
    cr_expect_eq(sync_beside_a_batch_thief(N, held), K, "the newer half was the owner's");
    for (unsigned long i = 0; i < N; i++)
        cr_expect_eq(taken[i], 1, "task %lu ran once", i);
    /* the older ones are the thief's, or a proxy's that the owner
     * leapfrogs on (its attempt asked the thief to split), never taken back */
    cr_expect_eq(ran_by[0], thief_w, "the thief ran the batch's first task");
    cr_expect_eq(ran_by[K - CILKRT_TASK_NAMED_AT_MOST], thief_w,
                 "the thief ran the oldest named task, its own from the start");
    for (int i = K - CILKRT_TASK_NAMED_AT_MOST + 1; i < N; i++)
        cr_expect_eq(ran_by[i], owner_w, "the owner ran task %d", i);
    cr_expect_eq(atomic_load(&owner_w->stats.take_backs), CILKRT_TASK_NAMED_AT_MOST - 1);
    cr_expect_eq(cilkrt_tdeque_depth(&owner_w->pub.tq), 0);
    free_worker(owner_w);
    free_worker(thief_w);
}

static atomic_long biggest_batch, proxies_stolen, stolen_beyond_a_block;

static unsigned long steal_once(worker *self)
{
    /* the owner's deque, or with half one time in four another thief's */
    int v = 0;
    if (stress_half && stress_random(&self->rng) % 4 == 0)
        v = 1 + (int)((self->rng >> 32) % STRESS_THIEVES);
    worker *victim = stress_ws[v];
    if (victim == self)
        return 0;
    long first, k = cilkrt_tdeque_steal_batch(&victim->pub.tq, stress_half, &first);
    if (!k)
        return 0;
    if (k > atomic_load_explicit(&biggest_batch, memory_order_relaxed))
        atomic_store_explicit(&biggest_batch, k, memory_order_relaxed); /* roughly: a log */
    if (v > 0)
        atomic_fetch_add_explicit(&proxies_stolen, k, memory_order_relaxed);
    else if (first + k > CILKRT_TDEQUE_BLOCK)
        atomic_fetch_add_explicit(&stolen_beyond_a_block, 1, memory_order_relaxed);
    cilkrt_task_run_batch(self, &victim->pub.tq, first, k);
    return v == 0 ? (unsigned long)k : 0; /* the owner's tasks that thieves took */
}

/* Each thief's attempts, counted twice: odd while one is under way (it
 * may hold the owner's slots), even once it is over, its runs ended and
 * their finished counts added (run_range adds before it returns, and
 * waits for the proxies it split off, whoever runs them). */
static struct {
    _Alignas(CILKRT_CACHE_LINE) atomic_ulong n;
} attempts[1 + STRESS_THIEVES];

static unsigned long steal_attempt(worker *self)
{
    atomic_ulong *n = &attempts[self->pub.id].n;
    unsigned long c = atomic_load_explicit(n, memory_order_relaxed);
    atomic_store_explicit(n, c + 1, memory_order_relaxed);
    /* seq_cst: pairs with wait_for_thieves_below's fence, between the odd
     * count and the steal's CAS on ts */
    atomic_thread_fence(memory_order_seq_cst);
    unsigned long k = steal_once(self);
    /* release: the runs (and their finished counts) before the even count */
    atomic_store_explicit(n, c + 2, memory_order_release);
    return k;
}

/* The owner shares every slot below index x and waits, yielding, until
 * thieves have taken them all (ts's tail reaches x: no pop moves it back
 * meanwhile) and every attempt that may have taken one is over. An attempt
 * that took a slot below x made its count odd before its CAS, which came
 * before the owner's load of ts: with a seq_cst fence on each side, the
 * owner's load of the count after its fence sees that odd count or a
 * later one, and waits for the count to move on. Thieves steal whatever
 * is shared and finish every run without the owner (they wait only on
 * each other's proxies), so the wait ends: no timer needed. */
static void wait_for_thieves_below(long x)
{
    cilkrt_tdeque *q = &owner_w->pub.tq;
    while (q->split < x)
        cilkrt_tdeque_share(q);
    while ((long)(atomic_load_explicit(&q->ts, memory_order_relaxed) & 0xffffffffu) < x)
        sched_yield();
    atomic_thread_fence(memory_order_seq_cst);
    for (int i = 1; i <= STRESS_THIEVES; i++) {
        unsigned long c = atomic_load_explicit(&attempts[i].n, memory_order_acquire);
        while (c % 2 && atomic_load_explicit(&attempts[i].n, memory_order_acquire) == c)
            sched_yield();
    }
}

/* Reuse by construction, in the first burst: the deque starts empty, and
 * its blocks hold no results and were never popped. Before the push that
 * fills block b's last slot (depth), and so needs a new block b + 1, the
 * owner waits until thieves have run every slot below block b: blocks 0
 * to b - 1 are finished, b - 1 of them retired at the earlier crossings
 * (the scan passes over those, which have heirs), and the scan for a
 * finished block meets no unfinished block but b. So block b + 1 must
 * take a finished block's pages. Later bursts reuse as the thieves happen
 * to keep up, which a loaded machine need not allow: only the first
 * burst's reuse is asserted. Whether the owner waited. */
static int before_a_new_block(long depth)
{
    if (depth % CILKRT_TDEQUE_BLOCK != CILKRT_TDEQUE_BLOCK - 1 || depth < CILKRT_TDEQUE_BLOCK)
        return 0;
    wait_for_thieves_below(depth - (CILKRT_TDEQUE_BLOCK - 1));
    return 1;
}

static void stress(int half)
{
    stress_half = half;
    atomic_store(&run_in_push, 0);
    atomic_store(&biggest_batch, 0);
    atomic_store(&proxies_stolen, 0);
    atomic_store(&stolen_beyond_a_block, 0);
    owner_w = stress_ws[0] = new_worker(0);
    cilkrt_group_init(&owner_w->pub, &group);
    reset_taken(STRESS_OPS);
    for (int i = 1; i <= STRESS_THIEVES; i++) {
        stress_ws[i] = new_worker(i);
        stress_ws[i]->rng = STRESS_SEED * (uint64_t)i;
    }
    /* the id of the task at each depth: every eighth of the short bursts'
     * leaves a result, which the owner checks when it pops the task stolen
     * (a block reused too early would have lost it: tdeque.c, reuse); the
     * deep bursts' blocks hold none, and may be reused */
    uint32_t *ids = calloc(STRESS_OPS, sizeof *ids);
    unsigned long results = 0, wrong_results = 0;
    stress_start(stress_ws + 1, steal_attempt);
    uint64_t rng = STRESS_SEED;
    unsigned long pushed = 0, popped = 0, failed = 0, forced = 0, forced_reused = 0;
    while (pushed < STRESS_OPS) {
        stress_random(&rng);
        /* now and then a spawn loop's worth: blocks to add while the
         * thieves finish older ones (reuse); the first burst is one */
        unsigned long burst = pushed == 0 || rng % 1024 == 0 ? 16 * CILKRT_TDEQUE_BLOCK
                              : rng % 64 == 0                ? 2 * CILKRT_TDEQUE_BLOCK + rng % 1000
                                                             : rng % 32;
        int first = pushed == 0;
        for (unsigned long k = 0; k < burst && pushed < STRESS_OPS; k++) {
            long depth = cilkrt_tdeque_depth(&owner_w->pub.tq), reused = owner_w->pub.tq.reused;
            int force = first && before_a_new_block(depth);
            int result = pushed % 8 == 0 && burst < CILKRT_TDEQUE_BLOCK;
            ids[depth] = (uint32_t)pushed | (uint32_t)result << 31;
            pushing = 1;
            stress_ordered = (rng >> (k % 48)) & 1;
            push(owner_w, &group, result ? leaves_result : count, pushed);
            pushing = 0;
            pushed++;
            forced += force;
            forced_reused += force && owner_w->pub.tq.reused == reused + 1;
            if (burst > 4 * CILKRT_TDEQUE_BLOCK && k % 2048 == 2047)
                sched_yield(); /* (the thieves keep up: whole blocks finish) */
        }
        if (burst > CILKRT_TDEQUE_BLOCK)
            sched_yield(); /* let the thieves at a deep deque (big batches) */
        long depth = cilkrt_tdeque_depth(&owner_w->pub.tq);
        unsigned long pops = (rng >> 20) % (unsigned long)(depth + 1);
        if (pushed == STRESS_OPS)
            pops = (unsigned long)depth;
        long target = depth - (long)pops; /* a stolen batch drops at once */
        while (cilkrt_tdeque_depth(&owner_w->pub.tq) > target) {
            long before = cilkrt_tdeque_depth(&owner_w->pub.tq);
            stress_ordered = (rng >> (before % 48)) & 1;
            if (pop_run(owner_w)) {
                popped++;
                continue;
            }
            failed += (unsigned long)(before - cilkrt_tdeque_depth(&owner_w->pub.tq));
            long id = ids[before - 1] & ~(1u << 31);
            if (ids[before - 1] >> 31) {
                results++;
                wrong_results += *CILKRT_RESULT(cilkrt_task_popped(&group), long) != 1000 + id;
            }
        }
    }
    unsigned long stolen = stress_stop();
    free(ids);
    cr_expect_eq(wrong_results, 0, "%lu of %lu results left by thieves lost", wrong_results,
                 results);
    unsigned long proxies = 0;
    for (int i = 1; i <= STRESS_THIEVES; i++) {
        proxies += atomic_load(&stress_ws[i]->stats.proxies);
        free_worker(stress_ws[i]);
    }
    unsigned long wrong = stress_wrong(taken, STRESS_OPS);
    cr_expect_eq(wrong, 0, "%lu of %lu tasks not run exactly once", wrong, pushed);
    cr_expect_eq(popped + failed, pushed, "popped %lu + found stolen %lu", popped, failed);
    cr_expect_eq(group.n, 0, "the group's count follows the dropped batches");
    /* (with batches, thieves also take the proxies that the owner pushes
     * while it leapfrogs: they are not its spawns) */
    if (!half)
        cr_expect_eq(failed, stolen, "every stolen task was met at a pop");
    cr_expect_gt(cilkrt_tdeque_peak(&owner_w->pub.tq), 2 * CILKRT_TDEQUE_BLOCK, "the deque grew");
    cr_expect_gt(atomic_load(&stolen_beyond_a_block), 0, "thieves stole from a grown deque");
    cr_expect_gt(stolen, 0);
    if (half) { /* the mechanisms steal-half adds ran */
        cr_expect_gt(atomic_load(&biggest_batch), 1, "a steal took a batch");
        cr_expect_gt(proxies, 0, "a batch was split into a proxy");
    }
    cr_expect_eq(forced, 15, "the first burst crossed into blocks 2 to 16");
    cr_expect_eq(forced_reused, forced, "%lu of the %lu took a finished block's pages",
                 forced_reused, forced);
    cr_expect_gt(owner_w->pub.tq.reused, 0, "finished blocks' pages went to new blocks");
    cr_log_info("pushed %lu, popped %lu, found stolen %lu, stolen %lu, peak %ld, biggest batch "
                "%ld, proxies stolen %ld, blocks reused %ld, results checked %lu",
                pushed, popped, failed, stolen, cilkrt_tdeque_peak(&owner_w->pub.tq),
                atomic_load(&biggest_batch), atomic_load(&proxies_stolen), owner_w->pub.tq.reused,
                results);
    free_worker(owner_w);
    stress_ordered = 0;
}

Test(tdeque, stress_one_owner_three_thieves, .timeout = 300) { stress(0); }

Test(tdeque, stress_steal_half, .timeout = 300)
{
    cilkrt_child_help = 1; /* (the pool's size is the gate, not the switch) */
    stress(1);
    cr_expect_eq(atomic_load(&run_in_push), 0, "the owner helps only in a pool");
}

/* The owner helps (cilkrt_pool_size, the gate) while thieves steal: the
 * tasks it runs inside its pushes are its own oldest, as a thief's. */
Test(tdeque, stress_steal_half_owner_helps, .timeout = 300)
{
    cilkrt_pool_size = 2;
    cilkrt_child_help = 1; /* (CILK_CHILD_HELP=1; the default is 0) */
    stress(1);
    cr_expect_gt(atomic_load(&run_in_push), 0, "the owner ran tasks inside its pushes");
    cilkrt_pool_size = 0;
}

/* Memory (issue 9). Pages of [p, p + bytes) backed now (mincore). */
static long resident_pages(void *p, size_t bytes)
{
    size_t page = (size_t)sysconf(_SC_PAGESIZE), n = (bytes + page - 1) / page;
    unsigned char *vec = malloc(n);
    cr_assert_eq(mincore(p, bytes, vec), 0);
    long r = 0;
    for (size_t i = 0; i < n; i++)
        r += vec[i] & 1;
    free(vec);
    return r;
}

/* Every worker makes block 0 with its deque, its first page written
 * and the rest unbacked (tdeque.c, new_block): the other pages come with
 * the pushes that reach them, and the deque runs on into block 1
 * (populated at once) as before. Fails if block 0 is populated again,
 * or if its first page is left to the first push. */
Test(tdeque, block_0_is_backed_only_where_the_pushes_reach)
{
    enum { N = CILKRT_TDEQUE_BLOCK + 1 };
    size_t bytes = (size_t)CILKRT_TDEQUE_BLOCK * CILKRT_TASK_SLOT;
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    long pages = (long)(bytes / page);
    unsigned long first = page / CILKRT_TASK_SLOT; /* slots wholly in the first page */
    worker *w = new_worker(0);
    cilkrt_tdeque *q = &w->pub.tq;
    char *block0 = cilkrt_tdeque_slot(q, 0);
    cr_expect_eq(resident_pages(block0, bytes), 1, "a new deque's first block has one page");
    cr_expect_eq(resident_pages(block0, page), 1, "its first");
    cilkrt_group_init(&w->pub, &group);
    reset_taken(N);
    for (unsigned long i = 0; i < first; i++)
        push(w, &group, count, i);
    cr_expect_eq(resident_pages(block0, bytes), 1, "the pushes into the first page back no other");
    push(w, &group, count, first);
    cr_expect_eq(resident_pages(block0, bytes), 2, "the next push backs the second");
    for (unsigned long i = first + 1; i < N; i++)
        push(w, &group, count, i);
    cr_expect_eq(resident_pages(block0, bytes), pages, "a full block 0 has them all");
    cr_expect_eq(resident_pages(cilkrt_tdeque_slot(q, CILKRT_TDEQUE_BLOCK), bytes), pages,
                 "block 1 is populated when it is made");
    for (long i = N - 1; i >= 0; i--) {
        cr_assert(pop_run(w), "nothing was stolen");
        cr_expect_eq(taken[i], 1, "task %ld ran at its pop", i);
    }
    free_worker(w);
}

/* The finished counts come in chunks of 64 blocks, made with the blocks
 * (tdeque.c, track_block): a thief that runs a stolen slot of block 64
 * counts it in the second chunk, which must be there by then (without it,
 * the run crashes). The owner's sync then pops all, stolen. */
Test(tdeque, a_stolen_slot_past_the_first_count_chunk_is_counted, .timeout = 120)
{
    enum { B = 64, N = B * CILKRT_TDEQUE_BLOCK + 1 };
    worker *w = new_worker(0), *thief = busy_thief(1);
    cilkrt_tdeque *q = &w->pub.tq;
    cilkrt_group_init(&w->pub, &group);
    reset_taken(N);
    for (unsigned long i = 0; i < N; i++)
        push(w, &group, count, i);
    cr_expect_not_null(atomic_load(&q->finished[1]), "block 64 has its counts' chunk");
    cr_expect_null(atomic_load(&q->finished[2]), "and no block above needs one");
    steal_all(w);
    for (long b = 0; b <= B; b++) { /* (a run ends at a block's end) */
        long first = b * CILKRT_TDEQUE_BLOCK, k = N - first;
        cilkrt_task_run_batch(thief, q, first, k < CILKRT_TDEQUE_BLOCK ? k : CILKRT_TDEQUE_BLOCK);
    }
    cr_expect_eq(atomic_load(atomic_load(&q->finished[1])), 1, "block 64's one slot counted");
    sync_all(w);
    cr_expect_eq(cilkrt_tdeque_depth(q), 0);
    for (unsigned long i = 0; i < N; i++)
        cr_expect_eq(taken[i], 1, "task %lu", i);
    free_worker(w);
    free_worker(thief);
}
