/*
 * cilkrt_wsp.h: the work/span hooks `cilkc --workspan` emits (ABI: only
 * generated code calls them; docs/workspan.md explains the measure).
 *
 * Each invocation of a parallel function owns a record: in its frame in
 * continuation mode (so the thief that resumes the slow clone finds it),
 * on the C stack of its body in child mode. A spawned plain C function
 * gets a record on the spawner's C stack for the duration of the call: a
 * plain function's own continuation is never stolen. A record's own fields
 * belong to whichever worker runs that invocation's strand; only the
 * children's accumulators are written by other workers (atomics), and the
 * runtime's sync orders those writes before the join reads them.
 */
#ifndef CILKRT_WSP_H
#define CILKRT_WSP_H

/* No #include (see cilkrt_abi.h): generated code includes this header in
 * front of already preprocessed source. */

typedef struct cilkrt_wsp {
    struct cilkrt_wsp *parent; /* where the result goes at exit */
    int spawned;               /* merged as a parallel child, not copied */
    /* the current strand: work joined into this path so far, and the
     * longest path (plain and burdened) to it, from the program's start */
    long long work, span, bspan;
    long long base_work; /* work at entry: a spawned child adds the rest */
    /* children spawned since the last sync: work, latest path ends */
    _Atomic long long cwork, cspan, cbspan;
} cilkrt_wsp;

/* What a spawn hands to its child: the parent and the parent's path at
 * the spawn, taken before the push (a thief may move the parent on). */
typedef struct cilkrt_wsp_mark {
    cilkrt_wsp *parent;
    long long work, span, bspan;
} cilkrt_wsp_mark;

/* Entry of a parallel function (or of a spawned plain call's record):
 * spawned if a spawn hook or a task just handed a mark, else called from
 * the current record. Opens the first strand. */
void cilkrt_wsp_enter(cilkrt_wsp *r);
/* Exit: closes the strand, joins the children, gives the result to the
 * parent. No strand is open afterwards: the parent's resume opens one. */
void cilkrt_wsp_leave(cilkrt_wsp *r);
/* A spawn in r: closes r's strand, marks the child's start (continuation
 * mode: for the callee's enter; child mode: into the task, *m). */
void cilkrt_wsp_spawn(cilkrt_wsp *r);
void cilkrt_wsp_spawn_task(cilkrt_wsp *r, cilkrt_wsp_mark *m);
/* A task starts on some worker: its mark goes to the callee's enter. */
void cilkrt_wsp_task_begin(cilkrt_wsp_mark *m, cilkrt_wsp **saved);
void cilkrt_wsp_task_end(cilkrt_wsp *saved);
/* r's strand continues after a spawn, a call or on a thief: opens a new
 * strand. */
void cilkrt_wsp_resume(cilkrt_wsp *r);
/* Close r's strand (before the runtime's sync may suspend it). */
void cilkrt_wsp_end(cilkrt_wsp *r);
/* After the runtime's sync: the children join r, a new strand opens. */
void cilkrt_wsp_sync(cilkrt_wsp *r);
/* The implicit sync of a return: the children join r, and the strand
 * that returns goes on without counting as a new one (the fast clone
 * has no such sync, and both must count alike). */
void cilkrt_wsp_rejoin(cilkrt_wsp *r);
/* The record the calling strand belongs to (the run's root outside any
 * parallel function), saved around a call of a parallel function. */
cilkrt_wsp *cilkrt_wsp_current(void);
/* A root call runs on a worker in r (on the root thunk's stack), which
 * starts from the run's figures; at its end the call's work and path are
 * added to the run's. */
void cilkrt_wsp_root(cilkrt_wsp *r);
void cilkrt_wsp_root_end(cilkrt_wsp *r);
/* Before main, from each instrumented file: reads the environment, sets
 * the clock and the burden, and turns the API from wall-clock readings
 * (a plain build) to work and span. */
void cilkrt_wsp_start(void);

#endif
