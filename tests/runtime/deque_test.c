/*
 * deque_test.c: the THE deque on its own: the owner uses the inline
 * cilkrt_push/cilkrt_pop of cilkrt_abi.h, thieves call the runtime's
 * internal steal, exactly as the scheduler does.
 *
 * Entries are tagged words (the deque marks untagged ones, frames,
 * stolen): item i is the address of slot i of an array, tagged, which
 * gives millions of distinct items at 2 bytes each, recovered from their
 * address.
 */
#include <criterion/criterion.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "stress.h"
#include "worker.h"

#define MAX_ITEMS 10000000L

static char *items; /* MAX_ITEMS + 2 distinct addresses */

static void make_items(void)
{
    if (items)
        return;
    items = malloc((MAX_ITEMS + 2) * 2);
}

static cilkrt_frame *entry(unsigned long id)
{
    return (cilkrt_frame *)((uintptr_t)&items[2 * id] | CILKRT_TASK_TAG);
}

static unsigned long id_of(uintptr_t e)
{
    return (unsigned long)((char *)(e & ~CILKRT_TASK_TAG) - items) / 2;
}

static worker *new_worker(int id, long capacity)
{
    make_items();
    worker *w = aligned_alloc(CILKRT_CACHE_LINE, sizeof *w);
    memset(w, 0, sizeof *w);
    w->pub.id = id;
    cilkrt_deque_init(&w->pub, capacity);
    return w;
}

static void free_worker(worker *w)
{
    cilkrt_deque_destroy(&w->pub);
    free(w);
}

static long depth(worker *w)
{
    return atomic_load(&w->pub.tail) - atomic_load(&w->pub.head);
}

/* The pop matching the newest push (generated code keeps the slot that
 * cilkrt_push returned instead). */
static int pop_newest(worker *w)
{
    return cilkrt_pop(&w->pub, atomic_load(&w->pub.tail) - 1);
}

Test(deque, owner_pops_newest_first)
{
    cilkrt_barrier_init();
    worker *w = new_worker(0, 4);
    for (unsigned long i = 0; i < 100; i++)
        cilkrt_push(&w->pub, entry(i));
    cr_expect_eq(depth(w), 100);
    cr_expect_eq(w->pub.deque_mask + 1, 128, "the ring grew from 4 to 128");
    cr_expect_eq(atomic_load(&w->stats.deque_peak), 100);
    for (long i = 99; i >= 0; i--) {
        long t = atomic_load(&w->pub.tail) - 1;
        cr_assert_eq(id_of((uintptr_t)w->pub.deque[t & w->pub.deque_mask]), (unsigned long)i);
        cr_assert_eq(pop_newest(w), 1);
    }
    cr_expect_eq(depth(w), 0);
    free_worker(w);
}

Test(deque, thief_takes_oldest_first)
{
    cilkrt_barrier_init();
    worker *v = new_worker(0, 8), *thief = new_worker(1, 8);
    for (unsigned long i = 0; i < 20; i++)
        cilkrt_push(&v->pub, entry(i));
    uintptr_t e;
    for (unsigned long i = 0; i < 20; i++) {
        cr_assert_eq(cilkrt_deque_steal(&v->pub, thief, &e), 1);
        cr_assert_eq(id_of(e), i);
    }
    cr_expect_eq(cilkrt_deque_steal(&v->pub, thief, &e), 0, "empty");
    free_worker(v);
    free_worker(thief);
}

Test(deque, pop_after_a_failed_child_pop_empties)
{
    /* A frame pushed at slot 0 and its child's at slot 1, both stolen: the
     * child's failed pop empties the deque (tail = head = 2); the parent's
     * pop stores tail = 0 from the slot it kept, fails too, and must leave
     * tail at head, not at 1. */
    cilkrt_barrier_init();
    worker *v = new_worker(0, 8), *thief = new_worker(1, 8);
    long t0 = cilkrt_push(&v->pub, entry(1));
    long t1 = cilkrt_push(&v->pub, entry(2));
    uintptr_t e;
    cr_assert_eq(cilkrt_deque_steal(&v->pub, thief, &e), 1);
    cr_assert_eq(cilkrt_deque_steal(&v->pub, thief, &e), 1);
    cr_expect_eq(cilkrt_pop(&v->pub, t1), 0);
    cr_expect_eq(cilkrt_pop(&v->pub, t0), 0);
    cr_expect_eq(depth(v), 0);
    cr_expect_eq(atomic_load(&v->pub.tail), 2);
    cilkrt_push(&v->pub, entry(3)); /* and it works on */
    cr_expect_eq(depth(v), 1);
    cr_expect_eq(cilkrt_deque_steal(&v->pub, thief, &e), 1);
    cr_expect_eq(id_of(e), 3);
    free_worker(v);
    free_worker(thief);
}

Test(deque, pop_after_steal_fails_and_empties)
{
    cilkrt_barrier_init();
    worker *v = new_worker(0, 8), *thief = new_worker(1, 8);
    cilkrt_push(&v->pub, entry(1));
    cilkrt_push(&v->pub, entry(2));
    uintptr_t e;
    cr_assert_eq(cilkrt_deque_steal(&v->pub, thief, &e), 1);
    cr_expect_eq(id_of(e), 1);
    cr_expect_eq(pop_newest(v), 1, "entry 2 is still ours");
    cr_expect_eq(pop_newest(v), 0, "entry 1 was stolen");
    cr_expect_eq(depth(v), 0);
    cr_expect_eq(atomic_load(&v->stats.failed_pops), 1);
    cilkrt_push(&v->pub, entry(3)); /* the deque works on after a failed pop */
    cr_expect_eq(pop_newest(v), 1);
    free_worker(v);
    free_worker(thief);
}

/* One owner, three thieves, 10^7 operations: every item is taken exactly
 * once, by the owner's pop or by one thief. The owner pushes in bursts
 * (some long, so the ring grows while thieves steal) and pops about as
 * many. */
#define OPS MAX_ITEMS
#define INITIAL_CAPACITY 16

static worker *owner;
static atomic_uchar *taken;

static unsigned long steal_attempt(worker *self)
{
    uintptr_t e;
    if (!cilkrt_deque_steal(&owner->pub, self, &e))
        return 0;
    atomic_fetch_add_explicit(&taken[id_of(e)], 1, memory_order_relaxed);
    return 1;
}

Test(deque, one_owner_three_thieves_every_item_once, .timeout = 120)
{
    cilkrt_barrier_init();
    owner = new_worker(0, INITIAL_CAPACITY);
    taken = calloc(OPS, sizeof *taken);
    unsigned long *mine = malloc(OPS * sizeof *mine); /* ids the owner may still pop */
    worker *tw[STRESS_THIEVES];
    for (int i = 0; i < STRESS_THIEVES; i++)
        tw[i] = new_worker(i + 1, INITIAL_CAPACITY);
    stress_start(tw, steal_attempt);
    unsigned long pushed = 0, popped = 0, failed = 0;
    long n = 0; /* entries in mine */
    uint64_t rng = STRESS_SEED;
    for (long ops = 0; ops < OPS;) {
        stress_random(&rng);
        long burst = (rng & 1023) == 0 ? 3000 : (long)(rng >> 40) % 48 + 1;
        for (long i = 0; i < burst && ops < OPS; i++, ops++) {
            cilkrt_push(&owner->pub, entry(pushed));
            mine[n++] = pushed++;
        }
        /* about as many pops as pushes: the deque stays shallow, so the
         * owner and the thieves meet at the last entry often */
        long pops = burst - 1 + (long)(rng >> 60) % 3;
        for (long i = 0; i < pops && n > 0 && ops < OPS; i++, ops++) {
            if (pop_newest(owner)) {
                atomic_fetch_add_explicit(&taken[mine[--n]], 1, memory_order_relaxed);
                popped++;
            } else {
                failed++;
                n = 0; /* it and everything older were stolen */
            }
        }
    }
    while (n > 0) { /* drain */
        if (pop_newest(owner)) {
            atomic_fetch_add_explicit(&taken[mine[--n]], 1, memory_order_relaxed);
            popped++;
        } else {
            failed++;
            n = 0;
        }
    }
    unsigned long stolen = stress_stop();
    for (int i = 0; i < STRESS_THIEVES; i++)
        free_worker(tw[i]);
    unsigned long wrong = stress_wrong(taken, pushed);
    cr_expect_eq(wrong, 0, "%lu of %lu items not taken exactly once", wrong, pushed);
    cr_expect_eq(popped + stolen, pushed, "popped %lu + stolen %lu", popped, stolen);
    cr_expect_eq(depth(owner), 0);
    cr_expect_eq(atomic_load(&owner->stats.failed_pops), failed);
    cr_expect_gt(owner->pub.deque_mask + 1, INITIAL_CAPACITY, "the ring grew under thieves");
    cr_log_info("pushed %lu, popped %lu, stolen %lu, failed pops %lu, capacity %ld", pushed,
                popped, stolen, failed, owner->pub.deque_mask + 1);
    free(mine);
    free((void *)taken);
    free_worker(owner);
}
