/*
 * stats.c: statistics (CILK_STATS=1 and the public stats API).
 *
 * Each worker counts its own events; the counters that other threads may
 * read while it runs are relaxed atomics written only by their owner
 * (worker.h). spawns is a plain field of the ABI struct (generated code
 * adds to it) and is read only between root calls, when the root call's
 * completion orders it before the reader.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cilkrt.h"
#include "worker.h"

atomic_long cilkrt_suspended_now;
atomic_long cilkrt_suspended_peak;
atomic_ulong cilkrt_views_reduced;

#define LOAD(x) atomic_load_explicit(&(x), memory_order_relaxed)

static void worker_stats_get(worker *w, cilkrt_stats *s)
{
    s->spawns = w->pub.nspawns + w->pub.tq.pushes;
    s->steals = LOAD(w->stats.steals);
    s->steal_attempts = LOAD(w->stats.steal_attempts);
    s->failed_pops = LOAD(w->stats.failed_pops);
    s->suspensions = LOAD(w->stats.suspensions);
    s->frames_allocated = LOAD(w->stats.frames_allocated);
    s->frames_peak = (long)LOAD(w->stats.frames_held);
    s->tasks_allocated = LOAD(w->stats.tasks_allocated);
    s->tasks_spawned = w->pub.tq.pushes;
    s->tasks_peak = cilkrt_tdeque_peak(&w->pub.tq);
    s->deque_peak = LOAD(w->stats.deque_peak); /* the deeper of the two deques */
    if (s->tasks_peak > s->deque_peak)
        s->deque_peak = s->tasks_peak;
    s->idle_seconds = (double)LOAD(w->stats.idle_ns) * 1e-9;
    s->leapfrogs = LOAD(w->stats.leapfrogs);
    s->batch_steals = LOAD(w->stats.batch_steals);
    s->proxies = LOAD(w->stats.proxies);
    s->take_backs = LOAD(w->stats.take_backs);
    s->deque_grows = LOAD(w->stats.deque_grows);
    long blocks = cilkrt_tdeque_blocks(&w->pub.tq);
    s->task_blocks_added = blocks > 1 ? (unsigned long)(blocks - 1) : 0;
    s->push_wakes = LOAD(w->stats.push_wakes);
    s->task_blocks_reused = (unsigned long)w->pub.tq.reused; /* (the owner is idle) */
}

/* The totals over all workers, whole. */
static void stats_total(cilkrt_stats *s)
{
    memset(s, 0, sizeof *s);
    for (int i = 0; i < cilkrt_pool_size; i++) {
        cilkrt_stats x;
        worker_stats_get(cilkrt_pool[i], &x);
        s->spawns += x.spawns;
        s->steals += x.steals;
        s->steal_attempts += x.steal_attempts;
        s->failed_pops += x.failed_pops;
        s->suspensions += x.suspensions;
        s->frames_allocated += x.frames_allocated;
        s->frames_peak += x.frames_peak;
        s->tasks_allocated += x.tasks_allocated;
        s->tasks_spawned += x.tasks_spawned;
        s->tasks_peak += x.tasks_peak;
        if (x.deque_peak > s->deque_peak)
            s->deque_peak = x.deque_peak;
        s->idle_seconds += x.idle_seconds;
        s->leapfrogs += x.leapfrogs;
        s->batch_steals += x.batch_steals;
        s->proxies += x.proxies;
        s->take_backs += x.take_backs;
        s->deque_grows += x.deque_grows;
        s->task_blocks_added += x.task_blocks_added;
        s->task_blocks_reused += x.task_blocks_reused;
        s->push_wakes += x.push_wakes;
    }
    s->views_reduced = LOAD(cilkrt_views_reduced);
}

/* The first size bytes of all (at most the whole struct) into s. */
static void copy_prefix(cilkrt_stats *s, const cilkrt_stats *all, size_t size)
{
    memcpy(s, all, size < sizeof *all ? size : sizeof *all);
}

int cilkrt_stats_get_worker_sized(int id, cilkrt_stats *s, size_t size)
{
    cilkrt_stats all;
    memset(&all, 0, sizeof all);
    int found = id >= 0 && id < cilkrt_pool_size;
    if (found)
        worker_stats_get(cilkrt_pool[id], &all);
    copy_prefix(s, &all, size);
    return found;
}

void cilkrt_stats_get_sized(cilkrt_stats *s, size_t size)
{
    cilkrt_stats all;
    stats_total(&all);
    copy_prefix(s, &all, size);
}

/* The functions behind the macros' names (cilkrt.h): a whole struct. */
int(cilkrt_stats_get_worker)(int id, cilkrt_stats *s)
{
    return cilkrt_stats_get_worker_sized(id, s, sizeof *s);
}

void(cilkrt_stats_get)(cilkrt_stats *s) { cilkrt_stats_get_sized(s, sizeof *s); }

void cilkrt_stats_reset(void)
{
    for (int i = 0; i < cilkrt_pool_size; i++) {
        worker *w = cilkrt_pool[i];
        w->pub.nspawns = 0;
        w->pub.tq.pushes = 0;
        cilkrt_tdeque_reset_peak(&w->pub.tq); /* the owner is idle */
        atomic_ulong *counters[] = {
            &w->stats.steals,       &w->stats.steal_attempts,   &w->stats.failed_pops,
            &w->stats.suspensions,  &w->stats.frames_allocated, &w->stats.tasks_allocated,
            &w->stats.idle_ns,      &w->stats.push_wakes,       &w->stats.leapfrogs,
            &w->stats.batch_steals, &w->stats.proxies,          &w->stats.deque_grows,
            &w->stats.take_backs};
        for (size_t k = 0; k < sizeof counters / sizeof counters[0]; k++)
            atomic_store_explicit(counters[k], 0, memory_order_relaxed);
        atomic_store_explicit(&w->stats.deque_peak, 0, memory_order_relaxed);
        __atomic_store_n(&w->pub.push_limit, 0, __ATOMIC_RELAXED); /* the owner is idle */
    }
    atomic_store_explicit(&cilkrt_suspended_peak, 0, memory_order_relaxed);
    atomic_store_explicit(&cilkrt_views_reduced, 0, memory_order_relaxed);
}

unsigned long cilkrt_stats_steals(void)
{
    unsigned long n = 0;
    for (int i = 0; i < cilkrt_pool_size; i++)
        n += LOAD(cilkrt_pool[i]->stats.steals);
    return n;
}

unsigned long cilkrt_stats_suspensions(void)
{
    unsigned long n = 0;
    for (int i = 0; i < cilkrt_pool_size; i++)
        n += LOAD(cilkrt_pool[i]->stats.suspensions);
    return n;
}

long cilkrt_stats_deque_length(int id)
{
    if (id < 0 || id >= cilkrt_pool_size)
        return 0;
    cilkrt_worker *w = &cilkrt_pool[id]->pub;
    /* Relaxed: a sample, not a synchronisation. head is read first, so a
     * steal between the loads cannot make the difference negative; a pop
     * between them can (by one), hence the clamp. */
    long h = LOAD(w->head);
    long t = LOAD(w->tail);
    return (t > h ? t - h : 0) + cilkrt_tdeque_pending(&w->tq, w == cilkrt_self());
}

static void print_row(const char *who, const cilkrt_stats *s)
{
    fprintf(stderr, "%-7s %11lu %8lu %9lu %7lu %7lu %7lu %7ld %9lu %9ld %7ld %8.3f\n", who,
            s->spawns, s->steals, s->steal_attempts, s->failed_pops, s->suspensions,
            s->frames_allocated, s->frames_peak, s->tasks_allocated, s->tasks_peak, s->deque_peak,
            s->idle_seconds);
}

static int print_at_exit; /* written once by the pool's start, before any worker runs */

/* CILK_STATS: unset, empty or 0 for no statistics, 1 for the table at exit.
 * Anything else is an error, as a bad CILK_NWORKERS is: `yes` or `2` must
 * not pass for "off" without a word. Read when the pool starts, so that a
 * typo stops the program before it runs, not after. */
void cilkrt_stats_configure(void) { print_at_exit = cilkrt_env_switch("CILK_STATS", 0); }

void cilkrt_stats_at_exit(void)
{
    if (!print_at_exit || cilkrt_pool_size == 0)
        return;
    fprintf(stderr, "cilkrt statistics (%d workers)\n", cilkrt_pool_size);
    fprintf(stderr, "%-7s %11s %8s %9s %7s %7s %7s %7s %9s %9s %7s %8s\n", "worker", "spawns",
            "steals", "attempts", "failpop", "suspend", "frames", "frpeak", "tasks", "taskpeak",
            "deque", "idle(s)");
    for (int i = 0; i < cilkrt_pool_size; i++) {
        cilkrt_stats s;
        char who[16];
        cilkrt_stats_get_worker(i, &s);
        snprintf(who, sizeof who, "%d", i);
        print_row(who, &s);
    }
    cilkrt_stats s;
    cilkrt_stats_get(&s);
    print_row("total", &s);
    fprintf(stderr, "peak suspended frames: %ld\n", LOAD(cilkrt_suspended_peak));
    fprintf(stderr,
            "mechanisms: leapfrogs=%lu batch_steals=%lu proxies=%lu deque_grows=%lu "
            "task_blocks_added=%lu push_wakes=%lu views_reduced=%lu task_blocks_reused=%lu "
            "take_backs=%lu\n",
            s.leapfrogs, s.batch_steals, s.proxies, s.deque_grows, s.task_blocks_added,
            s.push_wakes, s.views_reduced, s.task_blocks_reused, s.take_backs);
}
