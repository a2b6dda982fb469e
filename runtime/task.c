/*
 * task.c: child stealing (DESIGN §4).
 *
 * A spawn pushes a task (generated thunk + copied arguments + result
 * destination) on the worker's deque, tagged with the low bit so the deque
 * can hold frames and tasks side by side, and the parent goes on. The sync
 * pops the group's own tasks newest first and runs them; if one was stolen
 * (all older ones were then stolen too), it runs other work until the
 * thieves have finished.
 *
 * pending counts stolen tasks only: the thief adds 1 under the victim's
 * deque lock (deque.c), before the owner's pop of that entry can fail
 * (the failed pop takes the same lock), and subtracts 1 with release when
 * the task is done. So after its pops the owner waits for pending == 0,
 * and tasks that never leave their worker cost no locked instruction.
 *
 * Tasks held by a worker (for the peak-pending statistic): spawned here or
 * stolen by this worker, not yet finished, minus those stolen from here
 * (tasks_lost, counted by the thieves).
 */
#include <stdio.h>
#include <stdlib.h>

#include "worker.h"

void cilkrt_group_init(cilkrt_worker *w, cilkrt_group *g)
{
    atomic_init(&g->pending, 0);
    g->base = atomic_load_explicit(&w->tail, memory_order_relaxed);
    atomic_init(&g->lock, 0);
    g->owner = w;
}

cilkrt_task *cilkrt_task_alloc(cilkrt_worker *pw, size_t size)
{
    worker *w = worker_of(pw);
    unsigned c = (unsigned)((size + CILKRT_CACHE_LINE - 1) / CILKRT_CACHE_LINE) - 1;
    cilkrt_task *t;
    if (c < CILKRT_TASK_CLASSES && (t = w->free_tasks[c]) != NULL) {
        w->free_tasks[c] = t->next_free;
    } else {
        if (c < CILKRT_TASK_CLASSES)
            t = cilkrt_carve(w, c);
        else if (!(t = aligned_alloc(CILKRT_CACHE_LINE, (size_t)(c + 1) * CILKRT_CACHE_LINE))) {
            fprintf(stderr, "cilkrt: error: out of memory for a task of %zu bytes\n", size);
            exit(1);
        }
        stat_add(&w->stats.tasks_allocated, 1);
    }
    t->size_class = c;
    return t;
}

static void task_free(worker *w, cilkrt_task *t)
{
    unsigned c = t->size_class;
    if (c < CILKRT_TASK_CLASSES) {
        t->next_free = w->free_tasks[c];
        w->free_tasks[c] = t;
    } else {
        free(t);
    }
}

void cilkrt_task_spawn(cilkrt_worker *pw, cilkrt_group *g, cilkrt_task *t)
{
    worker *w = worker_of(pw);
    t->group = g; /* published to thieves by the push's release store */
    w->tasks_held++;
    stat_add(&w->stats.tasks_spawned, 1);
    stat_max(&w->stats.tasks_peak,
             w->tasks_held - atomic_load_explicit(&w->tasks_lost, memory_order_relaxed));
    cilkrt_deque_push_entry(pw, (uintptr_t)t | CILKRT_TASK_TAG);
}

void cilkrt_task_run_stolen(worker *w, cilkrt_task *t)
{
    cilkrt_group *g = t->group;
    worker *owner = worker_of(g->owner); /* g may die once pending is 0 */
    w->tasks_held++;
    t->run(&w->pub, t);
    task_free(w, t);
    w->tasks_held--;
    /* release: the child's result (and all it wrote) is visible to the
     * parent, which acquires pending at its sync */
    if (atomic_fetch_sub_explicit(&g->pending, 1, memory_order_release) == 1)
        cilkrt_wake(owner);
}

static int group_done(void *arg)
{
    cilkrt_group *g = arg;
    return atomic_load_explicit(&g->pending, memory_order_acquire) == 0;
}

void cilkrt_group_sync(cilkrt_worker *pw, cilkrt_group *g)
{
    worker *w = worker_of(pw);
    long t;
    while ((t = atomic_load_explicit(&pw->tail, memory_order_relaxed)) > g->base) {
        /* our own slot: only we write it, a thief may only read it */
        cilkrt_task *task =
            (cilkrt_task *)((uintptr_t)pw->deque[(t - 1) & pw->deque_mask] & ~CILKRT_TASK_TAG);
        if (!cilkrt_pop(pw, t - 1))
            break; /* stolen, and so is every older task of g */
        task->run(pw, task);
        task_free(w, task);
        w->tasks_held--;
    }
    g->base = atomic_load_explicit(&pw->tail, memory_order_relaxed);
    if (!group_done(g))
        cilkrt_sched_loop(w, group_done, g);
}

/* Serializes op= combinations of the group's children into the parent's
 * locals; acquire/release make each combination see the previous one. */
void cilkrt_group_lock(cilkrt_group *g)
{
    while (atomic_exchange_explicit(&g->lock, 1, memory_order_acquire))
        while (atomic_load_explicit(&g->lock, memory_order_relaxed))
            cpu_relax();
}

void cilkrt_group_unlock(cilkrt_group *g)
{
    atomic_store_explicit(&g->lock, 0, memory_order_release);
}
