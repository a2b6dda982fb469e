/*
 * reducer_test.c: the hypermaps of runtime/reducer.c, driven on one thread
 * through the hooks that the spawn, the sync and the steals call, so that
 * each order of events is exact. The reducer appends characters to a
 * string: associative, not commutative, so every misordered merge shows.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "worker.h"

typedef struct {
    char s[32];
} text;

static int identities;

static void text_identity(void *v)
{
    identities++;
    ((text *)v)->s[0] = '\0';
}

static void text_append(void *l, void *r) { strcat(((text *)l)->s, ((text *)r)->s); }

static void put(text *x, const char *piece)
{
    text *v = cilkrt_reducer_view(x, sizeof *x, text_identity, text_append);
    strcat(v->s, piece);
}

static text out;

static void reset(void)
{
    memset(&out, 0, sizeof out);
    identities = 0;
    cilkrt_reducer_enter(NULL);
}

Test(reducer, leftmost_strand_uses_the_variable)
{
    reset();
    cr_assert_eq(cilkrt_reducer_view(&out, sizeof out, text_identity, text_append), &out);
    put(&out, "a");
    cr_expect_str_eq(out.s, "a");
    cr_assert_eq(identities, 0);
}

/* spawn T1; c1; spawn T2; c2; sync, with the sync running T2 then T1
 * (child stealing's order): the result is the serial a T1 c1 T2 c2. */
Test(reducer, child_mode_sync_merges_in_serial_order)
{
    reset();
    put(&out, "a");
    cilkrt_reducer_spawned(); /* T1 */
    put(&out, "c");
    cilkrt_reducer_spawned(); /* T2 */
    put(&out, "e");
    cr_expect_str_eq(out.s, "a", "the continuations wrote views of their own");
    cilkrt_reducer_task_begin();
    put(&out, "d");
    cilkrt_reducer_task_end();
    cilkrt_reducer_task_begin();
    put(&out, "b");
    cilkrt_reducer_task_end();
    cr_expect_str_eq(out.s, "abcde");
    cr_expect_null(cilkrt_tls_h.map, "back on the leftmost strand");
    cr_assert_eq(identities, 4);
}

/* A task that spawns and syncs inside: its own group's entries nest
 * above the parent's. */
Test(reducer, child_mode_nested_groups)
{
    reset();
    cilkrt_reducer_spawned(); /* T1 */
    put(&out, "z");
    cilkrt_reducer_task_begin(); /* T1 runs: */
    put(&out, "a");
    cilkrt_reducer_spawned(); /*   spawns U */
    put(&out, "c");
    cilkrt_reducer_task_begin(); /*   its sync runs U */
    put(&out, "b");
    cilkrt_reducer_task_end(); /*   U returned */
    cr_expect_str_eq(out.s, "", "nothing merges into the variable before T1 returns");
    cilkrt_reducer_task_end(); /* T1 returned */
    cr_expect_str_eq(out.s, "abcz");
}

static void thief_part(cilkrt_worker *w, cilkrt_task *t)
{
    (void)w;
    (void)t;
    put(&out, "b");
}

/* A stolen task runs with views of its own, which come back in its slot
 * and merge between the parent's strands. */
Test(reducer, child_mode_stolen_task)
{
    cilkrt_task t = {.run = thief_part};
    reset();
    put(&out, "a");
    cilkrt_reducer_spawned(); /* T1, stolen */
    put(&out, "c");
    cilkrt_reducer_run_stolen(NULL, &t); /* the thief (here, same thread) */
    cr_expect_str_eq(out.s, "a");
    cilkrt_reducer_task_stolen(&t, 1); /* the owner's pop finds it stolen */
    cr_expect_str_eq(out.s, "abc");
    cr_expect_null(cilkrt_tls_h.map);
}

/* A local reducer is its own view in the strand that declares it, even
 * when that strand is not leftmost. */
Test(reducer, local_reducer_registered)
{
    text local = {"x"};
    reset();
    cilkrt_reducer_spawned(); /* a strand with a map of its own */
    cilkrt_reducer_register(&local);
    put(&local, "y");
    cr_expect_str_eq(local.s, "xy");
    cilkrt_reducer_unregister(&local);
    cilkrt_reducer_task_begin();
    cilkrt_reducer_task_end();
    cr_assert_eq(identities, 0);
}

/* A unit with reducers loaded by dlopen runs its constructor,
 * cilkrt_reducers_enable, late: before any parallel call it just turns
 * the hooks on; once the pool has started (its deques have read the flag)
 * it stops the program with an error, never with hooks that see only
 * part of the work (each Test runs in a process of its own). */
Test(reducer, enable_before_the_pool)
{
    cr_assert_eq(cilkrt_reducers_live, 0);
    cilkrt_reducers_enable();
    cr_assert_eq(cilkrt_reducers_live, 1);
}

static void nothing(cilkrt_worker *w, void *arg)
{
    (void)w;
    (void)arg;
}

static void enable_inside(cilkrt_worker *w, void *arg)
{
    (void)w;
    (void)arg;
    cilkrt_reducers_enable();
}

/* fn runs enable in a child process (the TSan build's stand-in for
 * Criterion has no .exit_code), on a worker or after a parallel call: it
 * must exit with status 1. */
static void expect_refused(void (*fn)(cilkrt_worker *, void *))
{
    pid_t pid = fork();
    cr_assert(pid != -1);
    if (pid == 0) {
        if (!freopen("/dev/null", "w", stderr))
            _exit(2);
        cilkrt_root_call(fn, NULL);
        if (fn == nothing)
            cilkrt_reducers_enable();
        _exit(0);
    }
    int status;
    cr_assert_eq(waitpid(pid, &status, 0), pid);
    cr_assert(WIFEXITED(status));
    cr_assert_eq(WEXITSTATUS(status), 1);
}

Test(reducer, enable_after_a_parallel_call_is_refused) { expect_refused(nothing); }

Test(reducer, enable_in_a_parallel_call_is_refused) { expect_refused(enable_inside); }
