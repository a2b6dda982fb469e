/*
 * workspan_test.c: the work/span analyzer's own locks (runtime/workspan.c),
 * which translated programs (tests/workspan/) cannot reach at will.
 *
 * Two plain threads read root figures and dump rows at once: the locks
 * keep them apart (checked by TSan), and with no root call made every
 * figure is 0.
 *
 * Fork while another thread holds them: a root figure read from a plain
 * thread takes the lock of root calls, a row of wsp_dump the output's. A
 * fork at such a moment must not leave the child's copy held (workspan.c's
 * atfork handlers hold both across the fork). The child reads and dumps
 * once, under an alarm: without the handlers, some children hang and are
 * killed. Not under ThreadSanitizer, as group_test's fork test (its
 * runtime may itself deadlock in the child of a multithreaded fork).
 */
#include <criterion/criterion.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cilkrt_abi.h"
#include "cilkrt_wsp.h"
#include "cilk/cilkscale.h"

/* Instrumented, counting strands (no calibration), rows to nowhere. */
static void start_quietly(void)
{
    setenv("CILKSCALE_UNIT", "strands", 1);
    setenv("CILKSCALE_OUT", "/dev/null", 1);
    cilkrt_wsp_start();
}

static atomic_int reading_stop;

/* Until reading_stop; returns 1 if a reading was not all 0 (no root call
 * was made), else NULL. */
static void *read_and_dump(void *arg)
{
    long n = arg ? *(long *)arg : -1;
    for (long i = 0; n < 0 ? !atomic_load(&reading_stop) : i < n; i++) {
        wsp_t w = wsp_getworkspan();
        if (w.work || w.span || w.bspan)
            return (void *)1;
        wsp_dump(w, "row");
    }
    return NULL;
}

Test(workspan, readings_and_rows_from_two_threads)
{
    start_quietly();
    long n = 20000;
    pthread_t t;
    pthread_create(&t, NULL, read_and_dump, &n);
    void *mine = read_and_dump(&n), *theirs;
    pthread_join(t, &theirs);
    cr_expect(mine == NULL && theirs == NULL, "a reading was not 0");
}

#ifndef __SANITIZE_THREAD__
Test(workspan, fork_while_another_thread_reads_and_dumps, .timeout = 120)
{
    start_quietly();
    pthread_t t;
    pthread_create(&t, NULL, read_and_dump, NULL);
    int hung = 0;
    for (int i = 0; i < 20; i++) {
        pid_t pid = fork();
        cr_assert(pid >= 0);
        if (pid == 0) {
            alarm(5); /* it takes microseconds; a hung child costs 5 s */
            wsp_dump(wsp_getworkspan(), "child");
            _exit(0);
        }
        int status = 0;
        cr_assert_eq(waitpid(pid, &status, 0), pid);
        hung += !(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    }
    atomic_store(&reading_stop, 1);
    pthread_join(t, NULL);
    cr_expect_eq(hung, 0, "%d children of 20 hung on the analyzer's locks", hung);
}
#endif
