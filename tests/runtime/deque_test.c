/*
 * deque_test.c: the frame deque (a split deque, runtime/deque.c) on its
 * own: the owner uses the inline cilkrt_push/cilkrt_pop of cilkrt_abi.h
 * and cilkrt_deque_poll, thieves call the runtime's internal steal,
 * exactly as the scheduler does.
 *
 * Entries are tagged words (the deque marks untagged ones, frames,
 * stolen): item i is the address of slot i of an array, tagged, which
 * gives millions of distinct items at 2 bytes each, recovered from their
 * address.
 */
#include <criterion/criterion.h>
#include <limits.h>
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

static long shared(worker *w)
{
    return atomic_load(&w->pub.split) - atomic_load(&w->pub.head);
}

static int asked(worker *w) { return atomic_load(&w->pub.share_req); }

/* Steal from v into *id; 1 if it took an entry. */
static int steal_id(worker *v, worker *thief, unsigned long *id)
{
    uintptr_t e;
    if (!cilkrt_deque_steal(&v->pub, thief, &e))
        return 0;
    *id = id_of(e);
    return 1;
}

Test(deque, owner_pops_newest_first)
{
    worker *w = new_worker(0, 4);
    for (unsigned long i = 0; i < 100; i++)
        cilkrt_push(&w->pub, entry(i));
    cr_expect_eq(depth(w), 100);
    cr_expect_eq(w->pub.deque_cap, 128, "the array grew from 4 to 128");
    cr_expect_eq(atomic_load(&w->stats.deque_peak), 100);
    for (long i = 99; i >= 0; i--) {
        long t = atomic_load(&w->pub.tail) - 1;
        cr_assert_eq(id_of((uintptr_t)*cilkrt_deque_slot(&w->pub, t)), (unsigned long)i);
        cr_assert_eq(pop_newest(w), 1);
    }
    cr_expect_eq(depth(w), 0);
    free_worker(w);
}

Test(deque, the_first_push_is_shared)
{
    /* A new deque starts with a request (Lace's "all stolen"): its first
     * push is shared, the next one private. */
    worker *v = new_worker(0, 8), *thief = new_worker(1, 8);
    cr_expect_eq(asked(v), 1);
    cilkrt_push(&v->pub, entry(0));
    cilkrt_push(&v->pub, entry(1));
    cr_expect_eq(shared(v), 1);
    cr_expect_eq(asked(v), 0, "the first push answered the request");
    unsigned long id;
    cr_assert_eq(steal_id(v, thief, &id), 1);
    cr_expect_eq(id, 0);
    cr_expect_eq(steal_id(v, thief, &id), 0, "entry 1 is private");
    cr_expect_eq(pop_newest(v), 1);
    free_worker(v);
    free_worker(thief);
}

Test(deque, private_pushes_and_pops_need_no_lock, .timeout = 10)
{
    /* The owner's inline paths never take the lock nor read what thieves
     * write: with the lock held by someone else, pushes and pops of private
     * entries go on (a pop that took the lock would hang here). */
    worker *v = new_worker(0, 8);
    cilkrt_push(&v->pub, entry(0)); /* the first push (shared, out of line) */
    cr_assert_eq(pop_newest(v), 1);
    for (unsigned long i = 1; i <= 4; i++) /* the deepest depth: 4, out of line */
        cilkrt_push(&v->pub, entry(i));
    for (int i = 0; i < 4; i++)
        cr_assert_eq(pop_newest(v), 1);
    atomic_store(&v->pub.deque_lock, 1);
    for (int round = 0; round < 100; round++) {
        for (unsigned long i = 1; i <= 4; i++)
            cilkrt_push(&v->pub, entry(i));
        for (int i = 0; i < 4; i++)
            cr_assert_eq(pop_newest(v), 1);
    }
    atomic_store(&v->pub.deque_lock, 0);
    cr_expect_eq(depth(v), 0);
    free_worker(v);
}

Test(deque, thief_takes_oldest_first)
{
    /* Thieves take shared entries oldest first; each time they run out
     * they ask, and the owner's poll shares the older half of the rest. */
    worker *v = new_worker(0, 8), *thief = new_worker(1, 8);
    for (unsigned long i = 0; i < 20; i++)
        cilkrt_push(&v->pub, entry(i));
    unsigned long next = 0, id;
    int polls = 0;
    while (next < 20) {
        if (steal_id(v, thief, &id)) {
            cr_assert_eq(id, next);
            next++;
        } else {
            cr_assert_eq(asked(v), 1, "a thief that finds nothing asks");
            cilkrt_deque_poll(&v->pub);
            polls++;
        }
    }
    /* shares: 1 (the first push), then half of 19 (10), 9 (5), 4 (2), 2, 1 */
    cr_expect_eq(polls, 5);
    cr_expect_eq(steal_id(v, thief, &id), 0, "empty");
    free_worker(v);
    free_worker(thief);
}

Test(deque, a_request_is_answered_at_the_next_push)
{
    worker *v = new_worker(0, 8), *thief = new_worker(1, 8);
    for (unsigned long i = 0; i < 4; i++) /* 0 shared, 1-3 private */
        cilkrt_push(&v->pub, entry(i));
    unsigned long id;
    cr_assert_eq(steal_id(v, thief, &id), 1);
    cr_expect_eq(id, 0);
    cr_expect_eq(asked(v), 1, "the thief took the last shared entry");
    cr_expect_eq(v->pub.push_limit, 0, "so the next push goes out of line");
    cr_expect_eq(steal_id(v, thief, &id), 0, "1-3 are private until then");
    cilkrt_push(&v->pub, entry(4)); /* private 1-4: the older half, 1 and 2 */
    cr_expect_eq(asked(v), 0);
    cr_expect_eq(shared(v), 2);
    cr_assert_eq(steal_id(v, thief, &id), 1);
    cr_expect_eq(id, 1);
    cr_expect_eq(asked(v), 0, "one shared entry is left: no request");
    cr_assert_eq(steal_id(v, thief, &id), 1);
    cr_expect_eq(id, 2);
    cr_expect_eq(asked(v), 1);
    for (int i = 0; i < 2; i++) /* the pop of 4 shares 3, the pop of 3 takes it back */
        cr_expect_eq(pop_newest(v), 1);
    cr_expect_eq(depth(v), 0);
    cr_expect_eq(atomic_load(&v->stats.failed_pops), 0);
    free_worker(v);
    free_worker(thief);
}

Test(deque, a_request_is_answered_at_the_next_pop)
{
    worker *v = new_worker(0, 8), *thief = new_worker(1, 8);
    for (unsigned long i = 0; i < 6; i++) /* 0 shared, 1-5 private */
        cilkrt_push(&v->pub, entry(i));
    unsigned long id;
    cr_assert_eq(steal_id(v, thief, &id), 1);
    cr_expect_eq(v->pub.pop_bound, LONG_MAX, "the request sends the next pop out of line");
    cr_expect_eq(pop_newest(v), 1, "entry 5 is private: ours");
    cr_expect_eq(shared(v), 2, "and the pop shared 1 and 2, the older half of 1-4");
    cr_expect_eq(v->pub.pop_bound, 3);
    cr_assert_eq(steal_id(v, thief, &id), 1);
    cr_expect_eq(id, 1);
    cr_expect_eq(pop_newest(v), 1, "entry 4");
    cr_expect_eq(pop_newest(v), 1, "entry 3");
    cr_expect_eq(pop_newest(v), 1, "entry 2: shared, but nobody took it");
    cr_expect_eq(shared(v), 0, "the pop took it back");
    cr_expect_eq(pop_newest(v), 0, "entry 1 was stolen");
    cr_expect_eq(depth(v), 0);
    free_worker(v);
    free_worker(thief);
}

Test(deque, a_pop_with_nothing_private_leaves_the_request_to_the_push)
{
    worker *v = new_worker(0, 8), *thief = new_worker(1, 8);
    cilkrt_push(&v->pub, entry(0)); /* shared */
    cilkrt_push(&v->pub, entry(1));
    cr_expect_eq(pop_newest(v), 1, "entry 1, private");
    cr_expect_eq(pop_newest(v), 1, "entry 0: shared, taken back");
    cr_expect_eq(asked(v), 0);
    cilkrt_deque_ask(&v->pub); /* as a worker going to sleep does */
    cr_expect_eq(asked(v), 1);
    cilkrt_push(&v->pub, entry(2));
    cr_expect_eq(asked(v), 0, "the push shared its own entry");
    cilkrt_push(&v->pub, entry(3));
    cilkrt_deque_ask(&v->pub);
    cr_expect_eq(pop_newest(v), 1, "entry 3");
    cr_expect_eq(pop_newest(v), 1, "entry 2, shared: taken back");
    cr_expect_eq(asked(v), 1, "nothing was private: the request stands");
    cilkrt_push(&v->pub, entry(4));
    unsigned long id;
    cr_assert_eq(steal_id(v, thief, &id), 1);
    cr_expect_eq(id, 4, "and the next push answers it");
    free_worker(v);
    free_worker(thief);
}

Test(deque, the_last_shared_entry_taken_shares_the_next_push)
{
    /* Lace's "all stolen" rule: the owner, running a stolen-from strand,
     * pushes again; that push is shared at once. */
    worker *v = new_worker(0, 8), *thief = new_worker(1, 8);
    unsigned long id;
    for (unsigned long i = 0; i < 50; i++) {
        long t = cilkrt_push(&v->pub, entry(i));
        cr_assert_eq(steal_id(v, thief, &id), 1, "round %lu", i);
        cr_assert_eq(id, i);
        cr_assert_eq(cilkrt_pop(&v->pub, t), 0, "round %lu", i);
    }
    cr_expect_eq(atomic_load(&v->stats.failed_pops), 50);
    cr_expect_eq(depth(v), 0);
    free_worker(v);
    free_worker(thief);
}

Test(deque, pop_after_a_failed_child_pop_empties)
{
    /* A frame pushed at slot 0 and its child's at slot 1, both stolen: the
     * child's failed pop empties the deque (tail = head = 2); the parent's
     * pop stores tail = 0 from the slot it kept, fails too, and must leave
     * tail at head, not at 1. */
    worker *v = new_worker(0, 8), *thief = new_worker(1, 8);
    long t0 = cilkrt_push(&v->pub, entry(1)); /* shared: the first push */
    long t1 = cilkrt_push(&v->pub, entry(2));
    unsigned long id;
    cr_assert_eq(steal_id(v, thief, &id), 1);
    cilkrt_deque_poll(&v->pub); /* the request: shares slot 1 */
    cr_assert_eq(steal_id(v, thief, &id), 1);
    cr_assert_eq(id, 2);
    cr_expect_eq(cilkrt_pop(&v->pub, t1), 0);
    cr_expect_eq(cilkrt_pop(&v->pub, t0), 0);
    cr_expect_eq(depth(v), 0);
    cr_expect_eq(atomic_load(&v->pub.tail), 2);
    cr_expect_eq(atomic_load(&v->pub.split), 2);
    cilkrt_push(&v->pub, entry(3)); /* and it works on: shared at once */
    cr_expect_eq(depth(v), 1);
    cr_expect_eq(steal_id(v, thief, &id), 1);
    cr_expect_eq(id, 3);
    free_worker(v);
    free_worker(thief);
}

Test(deque, pop_after_steal_fails_and_empties)
{
    worker *v = new_worker(0, 8), *thief = new_worker(1, 8);
    cilkrt_push(&v->pub, entry(1));
    cilkrt_push(&v->pub, entry(2));
    unsigned long id;
    cr_assert_eq(steal_id(v, thief, &id), 1);
    cr_expect_eq(id, 1);
    cr_expect_eq(pop_newest(v), 1, "entry 2 is still ours");
    cr_expect_eq(pop_newest(v), 0, "entry 1 was stolen");
    cr_expect_eq(depth(v), 0);
    cr_expect_eq(atomic_load(&v->stats.failed_pops), 1);
    cilkrt_push(&v->pub, entry(3)); /* the deque works on after a failed pop */
    cr_expect_eq(pop_newest(v), 1);
    free_worker(v);
    free_worker(thief);
}

Test(deque, the_array_grows_under_shared_entries)
{
    /* Growth keeps indices: shared entries are taken in order across it.
     * A push that takes the array's last slot grows it when the entries
     * fill more than half of it (the next push stores its entry before it
     * looks at the bound). */
    worker *v = new_worker(0, 4), *thief = new_worker(1, 4);
    for (unsigned long i = 0; i < 3; i++)
        cilkrt_push(&v->pub, entry(i));
    cr_expect_eq(v->pub.deque_cap, 4);
    cilkrt_push(&v->pub, entry(3));
    cr_expect_eq(v->pub.deque_cap, 8, "the push that filled the array grew it");
    cilkrt_deque_ask(&v->pub);
    cilkrt_deque_poll(&v->pub); /* shares 1 and 2 (0 was shared at once) */
    cr_expect_eq(shared(v), 3);
    for (unsigned long i = 4; i < 40; i++)
        cilkrt_push(&v->pub, entry(i));
    cr_expect_eq(v->pub.deque_cap, 64);
    unsigned long id;
    for (unsigned long i = 0; i < 3; i++) {
        cr_assert_eq(steal_id(v, thief, &id), 1);
        cr_assert_eq(id, i);
    }
    for (unsigned long i = 39; i >= 3; i--)
        cr_assert_eq(pop_newest(v), 1);
    cr_expect_eq(depth(v), 0);
    free_worker(v);
    free_worker(thief);
}

Test(deque, the_slots_slide_down_the_array_as_head_moves_up)
{
    /* Head follows tail up (a thief takes the oldest entry whenever more
     * than two are there): slot indices pass the array's size many times
     * over, and the push that takes the array's last slot slides the two
     * or three entries left to its start instead of growing it. Every
     * entry is still taken once, in order by the thief and newest first
     * by the owner. */
    worker *v = new_worker(0, 8), *thief = new_worker(1, 8);
    unsigned long id, next_stolen = 0, n = 1000;
    for (unsigned long i = 0; i < n; i++) {
        cilkrt_push(&v->pub, entry(i));
        if (depth(v) > 2) {
            cilkrt_deque_ask(&v->pub);
            cilkrt_deque_poll(&v->pub);
            cr_assert_eq(steal_id(v, thief, &id), 1, "entry %lu shared", next_stolen);
            cr_assert_eq(id, next_stolen++);
        }
    }
    cr_expect_eq(atomic_load(&v->pub.tail), (long)n, "indices went on past the array");
    cr_expect_eq(v->pub.deque_cap, 8, "the entries slid down, the array did not grow");
    cr_expect_eq(atomic_load(&v->stats.deque_grows), 0);
    cr_expect_gt(v->pub.deque_base, (long)n - 8);
    for (unsigned long i = n; i-- > next_stolen;) {
        cr_assert_eq(id_of((uintptr_t)*cilkrt_deque_slot(&v->pub, atomic_load(&v->pub.tail) - 1)),
                     i);
        cr_assert_eq(pop_newest(v), 1, "entry %lu", i);
    }
    cr_expect_eq(depth(v), 0);
    free_worker(v);
    free_worker(thief);
}

/* One owner, three thieves, 10^7 operations: every item is taken exactly
 * once, by the owner's pop or by one thief. The owner pushes in bursts
 * (some long, so the array grows while thieves steal) and pops about as
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
    cr_expect_gt(owner->pub.deque_cap, INITIAL_CAPACITY, "the array grew under thieves");
    cr_log_info("pushed %lu, popped %lu, stolen %lu, failed pops %lu, capacity %ld", pushed, popped,
                stolen, failed, owner->pub.deque_cap);
    free(mine);
    free((void *)taken);
    free_worker(owner);
}

/* ---- the inline alloca bump (cilkrt_alloca in cilkrt_abi.h) ---- */

/* A worker whose current segment is faked: [data, data + CILKRT_ALLOCA_SEG)
 * with its top `used` bytes in. The inline paths only compare and store
 * these pointers (run headers go into data), so one buffer holds every
 * segment a test needs, at the addresses it chooses. */
static void fake_segment(worker *w, char *data, long used)
{
    w->pub.alloca_seg = (cilkrt_alloca_seg *)(void *)data;
    w->pub.alloca_top = data + used;
    w->pub.alloca_end = data + CILKRT_ALLOCA_SEG;
}

/* The bump tests the room from the top to the clone's end against the
 * segment size instead of comparing the clone's end with the worker's:
 * a top in another segment, below the clone's (room over a segment) or
 * above it (negative room), must start a run of the frame's own there,
 * never bump a block no run of the frame's covers (its release would not
 * find it, and a seal would count the segment's runs short). Fails if the
 * bump drops the `room <= CILKRT_ALLOCA_SEG` test. */
Test(alloca, a_bump_needs_the_clones_segment_current)
{
    worker *w = new_worker(0, 16);
    char *buf = aligned_alloc(64, 4 * CILKRT_ALLOCA_SEG);
    char *low = buf, *high = buf + 2 * CILKRT_ALLOCA_SEG;
    cilkrt_frame f;
    memset(&f, 0, sizeof f);

    /* the clone's run is in `high`, which is current: a bump */
    fake_segment(w, high, 1024);
    char *end = high + CILKRT_ALLOCA_SEG;
    char *p = cilkrt_alloca(&w->pub, &f, &end, 100);
    cr_expect_eq(p, high + 1024, "bumped at the top");
    cr_expect_eq(w->pub.alloca_top, high + 1024 + 112);
    cr_expect_null(f.allocas, "no run started");

    /* the current segment lies below the clone's: a run of its own */
    fake_segment(w, low, 1024);
    p = cilkrt_alloca(&w->pub, &f, &end, 100);
    cr_expect_eq(p, low + 1024 + sizeof(cilkrt_alloca_run), "a run header first");
    cr_expect_eq((char *)f.allocas, low + 1024, "the frame's run starts at the top");
    cr_expect_eq(end, low + CILKRT_ALLOCA_SEG, "the clone keeps the new segment's end");
    cr_expect_eq(w->pub.alloca_top, p + 112);

    /* the current segment lies above the clone's: a run of its own */
    memset(&f, 0, sizeof f);
    fake_segment(w, high, 2048);
    end = low + CILKRT_ALLOCA_SEG;
    p = cilkrt_alloca(&w->pub, &f, &end, 100);
    cr_expect_eq(p, high + 2048 + sizeof(cilkrt_alloca_run));
    cr_expect_eq((char *)f.allocas, high + 2048);
    cr_expect_eq(end, high + CILKRT_ALLOCA_SEG);

    /* a clone with no run yet (NULL end) starts one */
    memset(&f, 0, sizeof f);
    fake_segment(w, low, 4096);
    end = NULL;
    p = cilkrt_alloca(&w->pub, &f, &end, 16);
    cr_expect_eq(p, low + 4096 + sizeof(cilkrt_alloca_run));
    cr_expect_eq((char *)f.allocas, low + 4096);
    cr_expect_eq(end, low + CILKRT_ALLOCA_SEG);

    /* a block that just fits the rest of the clone's segment is a bump */
    fake_segment(w, low, CILKRT_ALLOCA_SEG - 64);
    cr_expect_eq(cilkrt_alloca(&w->pub, &f, &end, 48), low + CILKRT_ALLOCA_SEG - 64,
                 "48 bytes fit in 64");
    cr_expect_eq(w->pub.alloca_top, low + CILKRT_ALLOCA_SEG - 16);
    free(buf);
    free_worker(w);
}
