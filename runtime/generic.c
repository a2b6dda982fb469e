/*
 * generic.c: generic child tasks, the narrow interface through which
 * group.c (cilk_group, cilk_spawn_ffi) reaches the task machinery (see
 * worker.h). Today an adapter over task.c: a generic task is a task whose
 * typed thunk calls run with the payload that follows the header. When the
 * task machinery changes, only this file follows it.
 */
#include <stddef.h>

#include "worker.h"

typedef struct {
    cilkrt_task h;
    cilkrt_generic_fn run;
    max_align_t payload[]; /* aligned for any type */
} generic_task;

static void generic_thunk(cilkrt_worker *w, cilkrt_task *h)
{
    generic_task *t = (generic_task *)h;
    t->run(w, t->payload);
}

static generic_task *task_of(void *payload)
{
    return (generic_task *)((char *)payload - offsetof(generic_task, payload));
}

void *cilkrt_generic_alloc(worker *w, size_t size, cilkrt_generic_fn run)
{
    generic_task *t = (generic_task *)cilkrt_task_alloc(&w->pub, sizeof *t + size);
    t->h.run = generic_thunk;
    t->run = run;
    return t->payload;
}

void cilkrt_generic_push(worker *w, cilkrt_group *g, void *payload)
{
    cilkrt_task_spawn(&w->pub, g, &task_of(payload)->h);
}
