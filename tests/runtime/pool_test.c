/*
 * pool_test.c: the worker pool and its environment: CILK_NWORKERS, the
 * statistics API and CILK_STATS, CILK_STACKSIZE, CILK_PIN,
 * CILK_STEAL_POLICY, CILK_CHILD_HELP, idle behaviour, fork. Tests that
 * need their own environment run in a forked child and check its exit status and stderr.
 */
#define _GNU_SOURCE /* CPU_COUNT, pthread_getaffinity_np */
#include <criterion/criterion.h>
#include <limits.h>
#include <sched.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <malloc.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cilkrt.h"
#include "hand.h"
#include "worker.h"

/* Run fn in a child process with CILK_NWORKERS and CILK_STATS set as
 * given (NULL: unset). Returns the exit status; the child's stderr goes
 * to err. */
static int run_child(const char *nworkers, const char *stats, void (*fn)(void), char *err,
                     size_t errsize)
{
    int fd[2];
    cr_assert_eq(pipe(fd), 0);
    pid_t pid = fork();
    cr_assert_geq(pid, 0);
    if (pid == 0) {
        dup2(fd[1], 2);
        close(fd[0]);
        if (nworkers) setenv("CILK_NWORKERS", nworkers, 1); else unsetenv("CILK_NWORKERS");
        if (stats) setenv("CILK_STATS", stats, 1); else unsetenv("CILK_STATS");
        fn();
        exit(0);
    }
    close(fd[1]);
    size_t n = 0;
    ssize_t k;
    while (n + 1 < errsize && (k = read(fd[0], err + n, errsize - 1 - n)) > 0)
        n += (size_t)k;
    err[n] = '\0';
    close(fd[0]);
    int status;
    waitpid(pid, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

static void report_nworkers(void)
{
    int n = cilkrt_nworkers();
    fprintf(stderr, "nworkers=%d\n", n);
}

Test(pool, bad_nworkers_values_are_rejected, .timeout = 120)
{
    static const char *bad[] = {"0", "-1", "abc", "100000", "4x", " 4", "1025", "99999999999999999999"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char err[512], want[256];
        int status = run_child(bad[i], NULL, report_nworkers, err, sizeof err);
        snprintf(want, sizeof want,
                 "cilkrt: error: CILK_NWORKERS must be a whole number from 1 to 1024, not '%s'\n",
                 bad[i]);
        cr_expect_eq(status, 1, "CILK_NWORKERS='%s': exit status %d", bad[i], status);
        cr_expect_str_eq(err, want);
    }
}

Test(pool, good_nworkers_values, .timeout = 120)
{
    static const char *good[] = {"1", "3", "8", "1024"};
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        char err[512], want[64];
        cr_expect_eq(run_child(good[i], NULL, report_nworkers, err, sizeof err), 0);
        snprintf(want, sizeof want, "nworkers=%s\n", good[i]);
        cr_expect_str_eq(err, want);
    }
    char err[512], want[64];
    cr_expect_eq(run_child(NULL, NULL, report_nworkers, err, sizeof err), 0);
    snprintf(want, sizeof want, "nworkers=%ld\n", sysconf(_SC_NPROCESSORS_ONLN));
    cr_expect_str_eq(err, want, "default: the online CPUs");
}

static void fib_15(void)
{
    if (fib(15) != 610)
        exit(2);
}

/* CILK_STACKSIZE and the address-space limit for the next fib_15_with. */
static const char *stack_size;
static rlim_t address_space; /* 0: no limit */

static void fib_15_with(void)
{
    if (stack_size)
        setenv("CILK_STACKSIZE", stack_size, 1);
    struct rlimit r = {address_space, address_space};
    if (address_space && setrlimit(RLIMIT_AS, &r) != 0)
        exit(3);
    fib_15();
}

Test(pool, bad_stack_sizes_are_rejected, .timeout = 120)
{
    static const char *bad[] = {"0", "-1", "abc", "1T", "10x", "63K", "1025G", "4 M", "M"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char err[512], want[256];
        stack_size = bad[i];
        int status = run_child("2", NULL, fib_15_with, err, sizeof err);
        snprintf(want, sizeof want,
                 "cilkrt: error: CILK_STACKSIZE must be a size in bytes with an optional K, M "
                 "or G suffix, from 64K to 1024G, not '%s'\n",
                 bad[i]);
        cr_expect_eq(status, 1, "CILK_STACKSIZE='%s': exit status %d", bad[i], status);
        cr_expect_str_eq(err, want);
    }
}

Test(pool, good_stack_sizes, .timeout = 120)
{
    static const char *good[] = {"65536", "64K", "1m", "2M", "1G"};
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        char err[512];
        stack_size = good[i];
        cr_expect_eq(run_child("2", NULL, fib_15_with, err, sizeof err), 0, "'%s': %s", good[i],
                     err);
        cr_expect_str_eq(err, "");
    }
}

/* The sanitizers reserve terabytes of shadow memory: no address-space
 * limit under them. */
#if !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__)
Test(pool, default_stack_fits_a_small_address_space, .timeout = 120)
{
    char err[512];
    stack_size = NULL;
    address_space = (rlim_t)200000 << 10; /* ulimit -v 200000 */
    cr_expect_eq(run_child("1", NULL, fib_15_with, err, sizeof err), 0, "%s", err);
}

Test(pool, a_worker_that_cannot_start_names_its_stack, .timeout = 120)
{
    char err[512];
    stack_size = "2G";
    address_space = (rlim_t)1 << 30;
    cr_expect_eq(run_child("2", NULL, fib_15_with, err, sizeof err), 1);
    cr_expect_str_eq(err, "cilkrt: error: cannot start worker 0 with a stack of 2097152 KiB: "
                          "Resource temporarily unavailable (CILK_STACKSIZE sets the stack "
                          "size, CILK_NWORKERS the number of workers)\n");
}
#endif

Test(pool, cilk_stats_prints_per_worker_and_total, .timeout = 120)
{
    char err[4096];
    cr_assert_eq(run_child("2", "1", fib_15, err, sizeof err), 0);
    cr_expect_eq(strncmp(err, "cilkrt statistics (2 workers)\n", 30), 0, "%s", err);
    char *total = strstr(err, "\ntotal ");
    cr_assert_not_null(total, "%s", err);
    unsigned long spawns = 0;
    cr_expect_eq(sscanf(total, "\ntotal %lu", &spawns), 1);
    cr_expect_eq(spawns, 1972, "2 spawns for each of the 986 calls with n >= 2");
    cr_expect_not_null(strstr(err, "\n0 "));
    cr_expect_not_null(strstr(err, "\n1 "));
}

Test(pool, no_stats_without_cilk_stats, .timeout = 120)
{
    char err[4096];
    cr_assert_eq(run_child("2", NULL, fib_15, err, sizeof err), 0);
    cr_expect_str_eq(err, "");
    cr_assert_eq(run_child("2", "0", fib_15, err, sizeof err), 0);
    cr_expect_str_eq(err, "");
}

Test(pool, bad_cilk_stats_values_are_rejected_before_running, .timeout = 120)
{
    static const char *bad[] = {"yes", "2", "true", " 1", "1 ", "01", "-1"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char err[512], want[256];
        int status = run_child("2", bad[i], fib_15, err, sizeof err);
        snprintf(want, sizeof want, "cilkrt: error: CILK_STATS must be 0 or 1, not '%s'\n",
                 bad[i]);
        cr_expect_eq(status, 1, "CILK_STATS='%s': exit status %d", bad[i], status);
        cr_expect_str_eq(err, want);
    }
    char err[512];
    cr_expect_eq(run_child("2", "", fib_15, err, sizeof err), 0);
    cr_expect_str_eq(err, "", "empty: no statistics");
}

/* CILK_STEAL_POLICY (task.c), read at the pool's start like CILK_STATS. */
static const char *steal_policy;

static void fib_15_with_policy(void)
{
    setenv("CILK_STEAL_POLICY", steal_policy, 1);
    fib_15();
}

Test(pool, steal_policy_values, .timeout = 120)
{
    static const char *bad[] = {"two", "Half", " one", "half ", "1"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char err[512], want[256];
        steal_policy = bad[i];
        int status = run_child("2", NULL, fib_15_with_policy, err, sizeof err);
        snprintf(want, sizeof want,
                 "cilkrt: error: CILK_STEAL_POLICY must be one or half, not '%s'\n", bad[i]);
        cr_expect_eq(status, 1, "CILK_STEAL_POLICY='%s': exit status %d", bad[i], status);
        cr_expect_str_eq(err, want);
    }
    static const char *good[] = {"one", "half", ""};
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        char err[512];
        steal_policy = good[i];
        cr_expect_eq(run_child("2", NULL, fib_15_with_policy, err, sizeof err), 0);
        cr_expect_str_eq(err, "", "CILK_STEAL_POLICY='%s'", good[i]);
    }
}

/* CILK_CHILD_HELP (task.c), read at the pool's start with the policy
 * (NULL: unset). The child exits with status 4 unless the switch it reads
 * is child_help_want. */
static const char *child_help;
static int child_help_want;

static void fib_15_with_child_help(void)
{
    if (child_help)
        setenv("CILK_CHILD_HELP", child_help, 1);
    else
        unsetenv("CILK_CHILD_HELP");
    fib_15();
    if (cilkrt_child_help != child_help_want)
        exit(4);
}

Test(pool, child_help_values, .timeout = 120)
{
    static const char *bad[] = {"2", "yes", "on", " 1", "0 ", "00", "-1"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char err[512], want[256];
        child_help = bad[i];
        int status = run_child("2", NULL, fib_15_with_child_help, err, sizeof err);
        snprintf(want, sizeof want, "cilkrt: error: CILK_CHILD_HELP must be 0 or 1, not '%s'\n",
                 bad[i]);
        cr_expect_eq(status, 1, "CILK_CHILD_HELP='%s': exit status %d", bad[i], status);
        cr_expect_str_eq(err, want);
    }
    /* unset and empty give the default, 0: the pure child scheme */
    static const char *good[] = {"0", "1", "", NULL};
    static const int want[] = {0, 1, 0, 0};
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        char err[512];
        child_help = good[i];
        child_help_want = want[i];
        cr_expect_eq(run_child("2", NULL, fib_15_with_child_help, err, sizeof err), 0,
                     "CILK_CHILD_HELP='%s': the help should be %d", good[i] ? good[i] : "(unset)",
                     want[i]);
        cr_expect_str_eq(err, "", "CILK_CHILD_HELP='%s'", good[i] ? good[i] : "(unset)");
    }
}

Test(pool, stats_reset_and_get, .timeout = 120)
{
    cilkrt_stats s;
    cilkrt_stats_get(&s);
    cr_expect_eq(s.spawns, 0, "the pool has not started");
    cr_assert_eq(fib(15), 610);
    cilkrt_stats_get(&s);
    cr_expect_eq(s.spawns, 1972);
    /* the frames in memory: at least the chain fib(15) down to fib(1) (the
     * hand-lowered fib allocates a frame in leaves too) */
    cr_expect_geq(s.frames_peak, 15);
    long frames = s.frames_peak;
    cilkrt_stats_reset();
    cilkrt_stats_get(&s);
    cr_expect_eq(s.spawns, 0);
    cr_expect_eq(s.frames_allocated, 0);
    cr_expect_eq(s.frames_peak, frames, "a reset leaves the frames in memory");
    cr_expect_eq(s.steals, 0);
    cr_expect_eq(s.deque_peak, 0);
    cr_assert_eq(fib(10), 55);
    cilkrt_stats_get(&s);
    cr_expect_eq(s.spawns, 176); /* 2 for each of the 88 calls with n >= 2 */
    cr_expect_eq(cilkrt_stats_get_worker(-1, &s), 0);
    cr_expect_eq(cilkrt_stats_get_worker(cilkrt_nworkers(), &s), 0);
    cr_expect_eq(cilkrt_stats_get_worker(0, &s), 1);
}

/* A program built against an older, shorter cilkrt_stats gets the
 * members it knows and nothing written beyond them: the sized calls write
 * a prefix (what the header's macros pass: sizeof the caller's struct). */
Test(pool, stats_get_sized_writes_only_the_callers_prefix, .timeout = 120)
{
    cr_assert_eq(fib(12), 144);
    cilkrt_stats whole;
    cilkrt_stats_get(&whole);
    cr_expect_eq(whole.spawns, 464, "2 for each of fib(12)'s 232 calls with n >= 2");
    union {
        cilkrt_stats s;
        unsigned char bytes[sizeof(cilkrt_stats)];
    } older;
    size_t known = offsetof(cilkrt_stats, steal_attempts); /* spawns and steals */
    memset(&older, 0xa5, sizeof older);
    cilkrt_stats_get_sized(&older.s, known);
    cr_expect_eq(older.s.spawns, whole.spawns);
    cr_expect_eq(older.s.steals, whole.steals);
    for (size_t i = known; i < sizeof older; i++)
        cr_assert_eq(older.bytes[i], 0xa5, "byte %zu past the caller's struct was written", i);
    memset(&older, 0xa5, sizeof older);
    cr_expect_eq(cilkrt_stats_get_worker_sized(0, &older.s, known), 1);
    for (size_t i = known; i < sizeof older; i++)
        cr_assert_eq(older.bytes[i], 0xa5, "byte %zu past the caller's struct was written", i);
    memset(&older, 0xa5, sizeof older);
    cr_expect_eq(cilkrt_stats_get_worker_sized(cilkrt_nworkers(), &older.s, known), 0);
    cr_expect_eq(older.s.spawns, 0, "no such worker: zeros, in the prefix only");
    cr_expect_eq(older.bytes[known], 0xa5);
    /* a size beyond this version's struct writes the whole struct only */
    unsigned char big[sizeof(cilkrt_stats) + 16];
    memset(big, 0xa5, sizeof big);
    cilkrt_stats_get_sized((cilkrt_stats *)(void *)big, sizeof big);
    for (size_t i = sizeof(cilkrt_stats); i < sizeof big; i++)
        cr_assert_eq(big[i], 0xa5, "byte %zu past this version's struct was written", i);
    /* the whole struct, by the macro and by the function of that name */
    cilkrt_stats a, b;
    cilkrt_stats_get(&a);
    (cilkrt_stats_get)(&b);
    cr_expect_eq(a.spawns, whole.spawns);
    cr_expect_eq(b.spawns, whole.spawns);
    cr_expect_eq(b.views_reduced, a.views_reduced);
}

/* Between root calls there is no work: every worker goes to sleep without
 * a timeout and makes no further steal attempt. A worker that fell asleep
 * while the root call was still finishing may wake once from a timed sleep,
 * so the pool gets a few tries to settle; one quiet 100 ms window with
 * every worker asleep is the property (a polling pool never has one). */
Test(pool, idle_pool_sleeps, .timeout = 60)
{
    cr_assert_eq(fib(20), 6765);
    int p = cilkrt_nworkers(), quiet = 0;
    for (int attempt = 0; attempt < 20 && !quiet; attempt++) {
        for (int i = 0; i < p; i++)
            while (!atomic_load(&cilkrt_pool[i]->sleeping))
                sched_yield();
        unsigned long before[1024];
        for (int i = 0; i < p; i++)
            before[i] = atomic_load(&cilkrt_pool[i]->stats.steal_attempts);
        usleep(100000);
        quiet = 1;
        for (int i = 0; i < p; i++)
            quiet &= atomic_load(&cilkrt_pool[i]->sleeping) &&
                     atomic_load(&cilkrt_pool[i]->stats.steal_attempts) == before[i];
    }
    cr_expect(quiet, "every worker asleep and making no steal attempt for 100 ms");
    cr_assert_eq(fib(20), 6765, "and wakes up for the next root call");
}

/* Continuation mode: a push wakes a worker asleep in the middle of a
 * computation (docs/runtime.md, "Idle behaviour"). Each round spawns a
 * child (forced(), continuation-mode translation) that waits until its
 * parent's continuation is stolen, which only the other worker can do.
 * From the second round on, a round starts once the other worker is
 * asleep (or about to be) and has lowered this worker's push bound: the
 * first round's push set the bound, and the other worker, having stolen
 * in the round before, lowers the bounds at its next sleep. The sleep
 * timeout is made 50 ms, far above a wake-up, and the rounds count the
 * sleeps a push ended (push_wakes): without the wake every round ends by
 * the timeout and the count stays 0. The timeout is not an hour, so that
 * a wake-up that is lost does not hang the test: under ThreadSanitizer
 * the barrier is a fence on the sleeper's side only (docs/runtime.md,
 * "Idle behaviour"), and a round in about 500 lost its wake-up there,
 * which the runtime's own timeout covers; a few such rounds are allowed.
 * Every wake-up counts as paid for (cilkrt_wake_paid_ns = 0): the woken
 * worker runs too little each round, and its next sleep would be deaf
 * (the next test). */
#define WAKE_ROUNDS 50

static void wake_rounds(cilkrt_worker *self, void *arg)
{
    worker *other = cilkrt_pool[1 - self->id];
    int *ok = arg;
    for (int k = 0; k < WAKE_ROUNDS; k++) {
        while (k > 0 && (__atomic_load_n(&self->push_limit, __ATOMIC_RELAXED) != 0 ||
                         atomic_load(&other->sleeping) != CILKRT_ASLEEP))
            sched_yield();
        forced_base = cilkrt_stats_suspensions();
        *ok += forced() == 3;
    }
    *ok += 1000 * (atomic_load(&worker_of(self)->stats.push_wakes) >= WAKE_ROUNDS - 5);
}

Test(pool, a_push_wakes_a_sleeping_worker, .timeout = 60)
{
    setenv("CILK_NWORKERS", "2", 1);
    cilkrt_sleep_ns = 50L * 1000000L;
    cilkrt_wake_paid_ns = 0;
    atomic_store(&forced_wait, 1);
    int ok = 0;
    cilkrt_root_call(wake_rounds, &ok);
    cr_expect_eq(ok % 1000, WAKE_ROUNDS, "every round's continuation stolen");
    cr_expect_eq(ok / 1000, 1, "the pushes woke the sleeping worker (all rounds but at most 5)");
}

/* A worker woken by a share that then runs too little to pay for the
 * wake-up sleeps deaf next: a push does not wake it, its own timeout does,
 * and the sleep after that listens again (sched.c, deaf_time;
 * docs/runtime.md, "Deaf sleeps"). No wake-up pays here
 * (cilkrt_wake_paid_ns is made huge). Rounds of forced(), as in the test
 * above; from the second on, a round starts once the other worker sleeps
 * and has asked this worker to share, and notes whether that sleep was
 * deaf and whether the round's push woke it. A listening sleep is woken
 * (the worker steals, runs a little and sleeps again, deaf); a deaf one is
 * not: the worker steals the shared continuation when it ends (its
 * timeout: the timed sleep is made 8 s, the deaf ones are an eighth of it
 * and then a quarter, so each round's push comes within them), and its
 * next sleep listens. How round 1's sleeper woke is not known, so the
 * alternation is checked from round 3. Before the change every sleep
 * listened and every push woke it.
 *
 * Only the rounds' pushes may wake the other worker, as in
 * a_miss_is_unpaid_only_after_a_quick_take_back below: the root call's
 * own wake-up (inject.c, enqueue), late because its thread lost the CPU
 * between the two workers, once ended a deaf sleep that a round had
 * noted, and that round's push then woke the listening sleep after it. So
 * the call is posted, and the rounds start only when the posting thread
 * says the wake-up is over. */
#define DEAF_ROUNDS 5

typedef struct {
    atomic_int posted; /* the root call's wake-up is over */
    atomic_int done;
    int stolen;                       /* rounds whose continuation was stolen */
    int state[DEAF_ROUNDS];           /* the other worker's sleep at the start */
    unsigned long wakes[DEAF_ROUNDS]; /* sleepers this round's push woke */
} deaf_result;

static int wait_for_sleep(cilkrt_worker *self, worker *other)
{
    int s;
    while (__atomic_load_n(&self->push_limit, __ATOMIC_RELAXED) != 0 ||
           ((s = atomic_load(&other->sleeping)) != CILKRT_ASLEEP && s != CILKRT_DEAF))
        sched_yield();
    return s;
}

static void deaf_rounds(cilkrt_worker *self, void *arg)
{
    worker *other = cilkrt_pool[1 - self->id];
    atomic_ulong *wakes = &worker_of(self)->stats.push_wakes;
    deaf_result *r = arg;
    while (!atomic_load(&r->posted))
        sched_yield();
    for (int k = 0; k < DEAF_ROUNDS; k++) {
        r->state[k] = k > 0 ? wait_for_sleep(self, other) : CILKRT_AWAKE;
        unsigned long before = atomic_load(wakes);
        forced_base = cilkrt_stats_suspensions();
        r->stolen += forced() == 3;
        r->wakes[k] = atomic_load(wakes) - before;
    }
    atomic_store(&r->done, 1);
}

Test(pool, a_sleep_after_an_unpaid_wake_is_deaf_to_pushes, .timeout = 60)
{
    setenv("CILK_NWORKERS", "2", 1);
    cilkrt_sleep_ns = 8L * 1000000000L;
    cilkrt_wake_paid_ns = LONG_MAX;
    atomic_store(&forced_wait, 1);
    deaf_result r = {0};
    cilkrt_inject_post(deaf_rounds, &r);
    atomic_store(&r.posted, 1);
    while (!atomic_load(&r.done))
        sched_yield();
    cr_expect_eq(r.stolen, DEAF_ROUNDS, "every round's continuation stolen");
    int deaf = 0;
    for (int k = 1; k < DEAF_ROUNDS; k++) {
        deaf += r.state[k] == CILKRT_DEAF;
        cr_expect_eq(r.wakes[k], r.state[k] == CILKRT_ASLEEP,
                     "round %d: a push wakes a listening sleeper, not a deaf one", k + 1);
        if (k > 1)
            cr_expect_eq(r.state[k] == CILKRT_DEAF, r.state[k - 1] == CILKRT_ASLEEP,
                         "round %d: deaf after a push woke it, listening after a deaf sleep",
                         k + 1);
    }
    cr_expect_geq(deaf, 1, "some sleeps were deaf");
}

/* Idle workers never call sched_yield (docs/runtime.md, "Idle
 * behaviour"): with another thread runnable on its CPU, a yield gives the
 * CPU away until the next scheduler tick, and a yielding worker cannot be
 * woken by the push that makes work for it. This executable's own
 * sched_yield takes the place of libc's for the runtime linked into it,
 * and counts the calls made on workers. The root call keeps worker 0
 * busy, without spawning, until the other worker sleeps; the other
 * worker's whole backoff, from its first failed attempt to its sleep,
 * lies in that time. Before this change it yielded 64 times first. */
static atomic_long worker_yields;

int sched_yield(void)
{
    if (cilkrt_self())
        atomic_fetch_add(&worker_yields, 1);
    return (int)syscall(SYS_sched_yield);
}

static void busy_until_the_other_sleeps(cilkrt_worker *self, void *arg)
{
    worker *other = cilkrt_pool[1 - self->id];
    (void)arg;
    while (atomic_load(&other->sleeping) != 1)
        cpu_relax();
}

Test(pool, an_idle_worker_sleeps_without_yielding, .timeout = 60)
{
    setenv("CILK_NWORKERS", "2", 1);
    cilkrt_root_call(busy_until_the_other_sleeps, NULL);
    cr_expect_eq(atomic_load(&worker_yields), 0, "no sched_yield on a worker before it slept");
}

/* The pool start returns only when every worker runs its loop (pool.c,
 * wait_for_workers): a fork() right after it must not catch a worker in
 * its thread's start-up, which allocates (link_fork_main hung about 1 run
 * in 5 under AddressSanitizer). Without the wait, the threads of a pool
 * of 8 have not all been scheduled when pthread_create returns. */
Test(pool, the_pool_start_returns_with_every_worker_running, .timeout = 60)
{
    setenv("CILK_NWORKERS", "8", 1);
    cilkrt_pool_start();
    cr_expect_eq(cilkrt_pool_running, 8, "every worker entered its loop");
}

/* A fork waits until no worker is inside one of the runtime's allocations
 * (pool.c, alloc_lock): AddressSanitizer's allocator does not hold its
 * locks across fork, and link_fork_in_spawn's child hung in malloc on a
 * lock a parent's worker held at the fork. This thread stands for a
 * worker inside malloc while another thread forks: the fork must not
 * finish before it leaves. (The 200 ms only let a fork that does not wait
 * happen; a slow machine can hide the fault, never invent one.) */
static atomic_int forked;

static void *fork_and_mark(void *arg)
{
    (void)arg;
    pid_t pid = fork();
    if (pid == 0)
        _exit(0);
    waitpid(pid, NULL, 0);
    atomic_store(&forked, 1);
    return NULL;
}

Test(pool, a_fork_waits_for_an_allocation_in_progress, .timeout = 60)
{
    setenv("CILK_NWORKERS", "2", 1);
    cilkrt_pool_start(); /* registers the fork handlers */
    cilkrt_alloc_enter();
    pthread_t t;
    cr_assert_eq(pthread_create(&t, NULL, fork_and_mark, NULL), 0);
    usleep(200000);
    cr_expect_eq(atomic_load(&forked), 0, "no fork while an allocation is in progress");
    cilkrt_alloc_leave();
    pthread_join(t, NULL);
    cr_expect_eq(atomic_load(&forked), 1, "the fork once it ended");
}

/* A worker takes its first chunk of frame memory as it starts, on its own
 * thread (frame.c, cilkrt_memory_prepare), not at the first spawn of the
 * first computation, where the thread's first malloc and the page faults
 * delayed the root worker's first push and so the first steal. A root
 * call that spawns nothing finds its worker's chunk ready; before the
 * change the worker had none until its first frame. */
static void chunk_ready(cilkrt_worker *self, void *arg)
{
    worker *w = worker_of(self);
    *(int *)arg = w->carve != NULL && w->carve < w->carve_end;
}

Test(pool, a_worker_has_frame_memory_before_its_first_spawn, .timeout = 60)
{
    setenv("CILK_NWORKERS", "2", 1);
    int ready = 0;
    cilkrt_root_call(chunk_ready, &ready);
    cr_expect(ready, "the worker's first chunk is there before any frame");
}

/* A worker woken by a root call spins its whole spin phase (sched.c,
 * backoff: SPIN_ROUNDS = 128 steal attempts) before it sleeps again, so
 * that it takes the computation's first continuation at once; after
 * other wake-ups it makes 16 (WOKEN_ROUNDS). The pool is left to fall
 * asleep between two root calls; the second call's worker waits until
 * the other worker, woken by the call, has tried to steal and is asleep
 * again, and counts its attempts. Before the change: 17. */
typedef struct {
    unsigned long before[2]; /* each worker's attempts before the call */
    unsigned long attempts;  /* the other worker's since */
} root_wake;

static void count_attempts_after_root_wake(cilkrt_worker *self, void *arg)
{
    root_wake *r = arg;
    int o = 1 - self->id;
    worker *other = cilkrt_pool[o];
    while (atomic_load(&other->stats.steal_attempts) == r->before[o])
        sched_yield();
    while (atomic_load(&other->sleeping) != 1)
        sched_yield();
    r->attempts = atomic_load(&other->stats.steal_attempts) - r->before[o];
}

static void nothing(cilkrt_worker *self, void *arg)
{
    (void)self;
    (void)arg;
}

Test(pool, a_root_call_wakes_the_other_workers_to_spin, .timeout = 60)
{
    setenv("CILK_NWORKERS", "2", 1);
    cilkrt_root_call(nothing, NULL);
    root_wake r = {{0, 0}, 0};
    int quiet = 0;
    while (!quiet) { /* both asleep, and no attempt for 20 ms */
        for (int i = 0; i < 2; i++)
            r.before[i] = atomic_load(&cilkrt_pool[i]->stats.steal_attempts);
        usleep(20000);
        quiet = 1;
        for (int i = 0; i < 2; i++)
            quiet &= atomic_load(&cilkrt_pool[i]->sleeping) == 1 &&
                     atomic_load(&cilkrt_pool[i]->stats.steal_attempts) == r.before[i];
    }
    cilkrt_root_call(count_attempts_after_root_wake, &r);
    cr_expect_geq(r.attempts, 128, "the whole spin phase after a root call's wake-up, not %lu",
                  r.attempts);
}

/* A thief that keeps finding nothing asks a child-mode victim to share
 * at the first failed attempt after a steal and then at gaps doubling up
 * to 16 attempts (sched.c, ask_now), not at every attempt: a loop of
 * calls of a function that spawns one tiny child and syncs
 * (bench/programs/calls.cilkc) answered every ask with a share, out of
 * line, and took the share back a few nanoseconds later. This worker runs
 * that loop, a push and a pop with nothing between, and counts the pushes
 * that shared to answer a thief's request (movesplit 1 before the push:
 * tdeque.c, ASKED; an urge, 3, is not counted; a push may defer a
 * request, the pop then resets the deferral, and the next push answers),
 * until the other worker has made ASK_ATTEMPTS attempts. A streak between two steals of length L asks at
 * most 5 + L / 16 times, so the requests are at most ASK_ATTEMPTS / 16
 * and 5 per steal; the slack of 16 covers a request made between the
 * look at movesplit and the push. Before the change nearly every attempt asked
 * (about ASK_ATTEMPTS requests on an idle machine). */
#define ASK_ATTEMPTS 4096

typedef struct {
    unsigned long asked, attempts, steals;
} ask_count;

static void nothing_task(cilkrt_worker *w, cilkrt_task *t)
{
    (void)w;
    (void)t;
}

static void push_pop_rounds(cilkrt_worker *self, void *arg)
{
    ask_count *a = arg;
    worker *other = cilkrt_pool[1 - self->id];
    unsigned long attempts = atomic_load(&other->stats.steal_attempts);
    unsigned long steals = atomic_load(&other->stats.steals);
    cilkrt_group g;
    cilkrt_group_init(self, &g);
    while (atomic_load(&other->stats.steal_attempts) - attempts < ASK_ATTEMPTS) {
        int asked = atomic_load_explicit(&self->tq.movesplit, memory_order_relaxed) == 1;
        cilkrt_task *t = cilkrt_task_slot(self, &g);
        t->run = nothing_task;
        cilkrt_task_push(self, &g);
        a->asked += asked && cilkrt_tdeque_pending(&self->tq, 0) > 0; /* the push shared */
        if ((t = cilkrt_task_pop(self, &g)) != NULL)
            t->run(self, t);
    }
    a->attempts = atomic_load(&other->stats.steal_attempts) - attempts;
    a->steals = atomic_load(&other->stats.steals) - steals;
}

Test(pool, a_thief_finding_nothing_asks_once_in_a_growing_gap, .timeout = 60)
{
    setenv("CILK_NWORKERS", "2", 1);
    ask_count a = {0, 0, 0};
    cilkrt_root_call(push_pop_rounds, &a);
    cr_expect_leq(a.asked, a.attempts / 16 + 5 * a.steals + 16,
                  "%lu requests in %lu attempts with %lu steals", a.asked, a.attempts, a.steals);
}

/* With no root call active the pool holds no work, and an idle worker
 * sleeps without spinning (sched.c, backoff): its spin would only hold the
 * CPU from the thread whose call just ended (docs/runtime.md, "The root
 * call's hand-off"). The worker that ran the call makes one attempt after
 * it (its loop looks for work once) and sleeps. Before the change it
 * spun its 128 attempts first. */
typedef struct {
    int id;
    unsigned long attempts; /* the worker's at the end of the call */
} root_end;

static void note_attempts(cilkrt_worker *self, void *arg)
{
    root_end *e = arg;
    e->id = self->id;
    e->attempts = atomic_load(&worker_of(self)->stats.steal_attempts);
}

Test(pool, a_worker_sleeps_at_once_when_no_root_call_is_active, .timeout = 60)
{
    setenv("CILK_NWORKERS", "2", 1);
    root_end e = {0, 0};
    cilkrt_root_call(note_attempts, &e);
    worker *w = cilkrt_pool[e.id];
    while (atomic_load(&w->sleeping) != CILKRT_ASLEEP)
        sched_yield();
    unsigned long n = atomic_load(&w->stats.steal_attempts) - e.attempts;
    cr_expect_eq(n, 1, "one attempt after the call, then the sleep, not %lu", n);
}

/* CILK_PIN (pool.c, pin_plan): with one worker per CPU of the process's
 * mask each worker runs on its own CPU of it; with CILK_PIN=0, or another
 * worker count, every worker keeps the whole mask. The child prints each
 * worker's mask as a list of CPU numbers. */
static void report_masks(void)
{
    cilkrt_pool_start();
    for (int i = 0; i < cilkrt_pool_size; i++) {
        cpu_set_t m;
        if (pthread_getaffinity_np(cilkrt_pool[i]->thread, sizeof m, &m) != 0)
            exit(2);
        fprintf(stderr, "%d:", i);
        for (int c = 0; c < CPU_SETSIZE; c++)
            if (CPU_ISSET(c, &m))
                fprintf(stderr, " %d", c);
        fprintf(stderr, "\n");
    }
}

/* The process's CPUs as report_masks prints one mask ("0: 0 1"), for
 * worker i, and the i-th of them alone; returns how many there are. */
static int own_masks(int i, char *all, char *one, size_t size)
{
    cpu_set_t m;
    cr_assert_eq(sched_getaffinity(0, sizeof m, &m), 0);
    int n = 0, k = 0;
    k += snprintf(all + k, size - (size_t)k, "%d:", i);
    snprintf(one, size, "%d:", i);
    for (int c = 0; c < CPU_SETSIZE; c++)
        if (CPU_ISSET(c, &m)) {
            k += snprintf(all + k, size - (size_t)k, " %d", c);
            if (n++ == i)
                snprintf(one, size, "%d: %d", i, c);
        }
    return n;
}

static const char *pin_value;

static void report_masks_with_pin(void)
{
    if (pin_value)
        setenv("CILK_PIN", pin_value, 1);
    else
        unsetenv("CILK_PIN");
    report_masks();
}

Test(pool, one_worker_per_cpu_runs_pinned, .timeout = 120)
{
    char all[1024], one[64], err[8192], want[8192], nw[16];
    int n = own_masks(0, all, one, sizeof all);
    if (n < 2)
        return; /* one CPU: nothing to pin */
    snprintf(nw, sizeof nw, "%d", n);
    static const char *pins[] = {NULL, "1", "0"};
    for (size_t p = 0; p < 3; p++) {
        pin_value = pins[p];
        cr_assert_eq(run_child(nw, NULL, report_masks_with_pin, err, sizeof err), 0);
        size_t k = 0;
        for (int i = 0; i < n; i++) {
            own_masks(i, all, one, sizeof all);
            k += (size_t)snprintf(want + k, sizeof want - k, "%s\n", p < 2 ? one : all);
        }
        cr_expect_str_eq(err, want, "CILK_PIN=%s", pins[p] ? pins[p] : "(unset)");
    }
    /* one worker more than CPUs: the kernel places them */
    snprintf(nw, sizeof nw, "%d", n + 1);
    pin_value = NULL;
    cr_assert_eq(run_child(nw, NULL, report_masks_with_pin, err, sizeof err), 0);
    size_t k = 0;
    for (int i = 0; i <= n; i++) {
        own_masks(i, all, one, sizeof all);
        k += (size_t)snprintf(want + k, sizeof want - k, "%s\n", all);
    }
    cr_expect_str_eq(err, want, "%d workers on %d CPUs", n + 1, n);
}

Test(pool, bad_cilk_pin_values_are_rejected, .timeout = 120)
{
    static const char *bad[] = {"yes", "2", " 1", "01", "-1"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char err[512], want[256];
        pin_value = bad[i];
        int status = run_child("1", NULL, report_masks_with_pin, err, sizeof err);
        snprintf(want, sizeof want, "cilkrt: error: CILK_PIN must be 0 or 1, not '%s'\n", bad[i]);
        cr_expect_eq(status, 1, "CILK_PIN='%s': exit status %d", bad[i], status);
        cr_expect_str_eq(err, want);
    }
}

/* A pinned worker that forks: the child's thread takes back the mask the
 * pool started under (pool.c, after_fork_child), so the child's own pool
 * is not confined to the forking worker's CPU. The child exits with the
 * number of CPUs it may use. */
static void fork_on_a_worker(cilkrt_worker *self, void *arg)
{
    (void)self;
    pid_t pid = fork();
    if (pid == 0) {
        cpu_set_t m;
        sched_getaffinity(0, sizeof m, &m);
        _exit(CPU_COUNT(&m));
    }
    int status;
    waitpid(pid, &status, 0);
    *(int *)arg = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static void fork_from_a_pinned_worker(void)
{
    unsetenv("CILK_PIN");
    cpu_set_t m;
    sched_getaffinity(0, sizeof m, &m);
    int cpus = -1;
    cilkrt_root_call(fork_on_a_worker, &cpus);
    fprintf(stderr, "%d of %d\n", cpus, CPU_COUNT(&m));
}

Test(pool, a_fork_on_a_pinned_worker_gives_the_child_every_cpu, .timeout = 60)
{
    char all[1024], one[64], err[512], want[64], nw[16];
    int n = own_masks(0, all, one, sizeof all);
    if (n < 2)
        return; /* one CPU: nothing to pin */
    snprintf(nw, sizeof nw, "%d", n);
    cr_assert_eq(run_child(nw, NULL, fork_from_a_pinned_worker, err, sizeof err), 0);
    snprintf(want, sizeof want, "%d of %d\n", n, n);
    cr_expect_str_eq(err, want);
}

/* Memory (issue 9): a pool that has run a root call holds, per worker,
 * one page of its task deque's first block (the first, written at the
 * start so that child mode's first pushes do not fault: tdeque.c,
 * new_block; continuation mode pushes no task) and the page its frame
 * carving starts in (frame.c, cilkrt_memory_prepare). */
static long resident(void *p, size_t bytes)
{
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    uintptr_t start = (uintptr_t)p & ~(uintptr_t)(page - 1);
    size_t n = ((uintptr_t)p + bytes - start + page - 1) / page;
    unsigned char *vec = malloc(n);
    cr_assert_eq(mincore((void *)start, n * page, vec), 0);
    long r = 0;
    for (size_t i = 0; i < n; i++)
        r += vec[i] & 1;
    free(vec);
    return r;
}

Test(pool, a_started_pool_backs_one_frame_page_and_one_task_slot_page, .timeout = 60)
{
    setenv("CILK_NWORKERS", "2", 1);
    cilkrt_root_call(nothing, NULL);
    for (int i = 0; i < cilkrt_pool_size; i++) {
        worker *w = cilkrt_pool[i];
        char *block0 = atomic_load(&w->pub.tq.blocks[0]);
        cr_expect_eq(resident(block0, (size_t)CILKRT_TDEQUE_BLOCK * CILKRT_TASK_SLOT), 1,
                     "worker %d's first task block has one page", i);
        cr_expect_eq(resident(block0, 1), 1, "worker %d's first task block's first page", i);
        cr_expect_eq(resident(w->carve, 1), 1, "worker %d's first frame page is there", i);
    }
}

/* A worker makes no malloc arena of its own unless it calls malloc: its
 * first frame chunk comes from the thread that starts the pool (frame.c,
 * cilkrt_memory_prepare). Taken on the worker's thread, each worker made
 * one at its start (12 KiB resident each). glibc's malloc_stats lists the
 * arenas; the sanitizers have allocators of their own. */
#if !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__)
static void arenas_after_a_root_call(void)
{
    malloc_stats(); /* the test's own (Criterion's threads may have some) */
    fputs("--\n", stderr);
    cilkrt_root_call(nothing, NULL);
    malloc_stats();
}

static int count_arenas(const char *s, const char *end)
{
    int n = 0;
    while ((s = strstr(s, "Arena ")) && s < end) {
        n++;
        s++;
    }
    return n;
}
#endif

Test(pool, idle_workers_make_no_malloc_arena, .timeout = 60)
{
#if !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__)
    char err[4096];
    cr_assert_eq(run_child("2", NULL, arenas_after_a_root_call, err, sizeof err), 0);
    const char *mid = strstr(err, "--\n");
    cr_assert_not_null(mid);
    cr_expect_eq(count_arenas(mid, err + strlen(err)), count_arenas(err, mid),
                 "as many arenas after the pool's start as before:\n%s", err);
#endif
}

/* A worker woken by a share that finds the shared frame gone (its sharer
 * took it back) ran nothing; its sharer judges the wake-up: a take-back
 * within cilkrt_wake_paid_ns of the wake-up means the work under the frame
 * was too small to pay, and the next sleep is deaf; a later one means the
 * sleeper was only late, and the next sleep listens (sched.c, deaf_time,
 * cilkrt_wake_taken_back; docs/runtime.md, "Deaf sleeps"). The root call
 * on this worker spawns nothing, so the other worker, woken with
 * cilkrt_wake_for_push, always finds nothing. Each round waits for the
 * other worker to sleep and listen, reports a take-back 0 s or 2 s after
 * a (made-up) wake-up with cilkrt_wake_paid_ns 1 s, wakes it once, and
 * notes its next sleep. Before the change every such sleep was deaf.
 *
 * Only the rounds may wake the other worker: a sleep that something else
 * ends can come and go while this worker is off its CPU, and the rounds
 * then note the sleep after it. The root call's own wake-up is such a
 * thing (inject.c, enqueue: it wakes every sleeper, deaf ones too, after
 * the call is queued, so a worker may already run the call): it once
 * ended round 1's deaf sleep at once, and round 1 saw the listening sleep
 * after it. So the call is posted, and the rounds start only when the
 * posting thread says the wake-up is over. The timed sleep is long (its
 * first deaf sleep lasts 8 s) so that no timeout ends a sleep either. */
#define MISS_ROUNDS 4

struct miss {
    atomic_int posted; /* the root call's wake-up is over */
    atomic_int done;
    int state[MISS_ROUNDS];
};

static int wait_for_next_sleep(worker *other)
{
    int s;
    while ((s = atomic_load(&other->sleeping)) != CILKRT_ASLEEP && s != CILKRT_DEAF)
        sched_yield();
    return s;
}

static uint64_t monotonic_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static void miss_rounds(cilkrt_worker *self, void *arg)
{
    worker *me = worker_of(self), *other = cilkrt_pool[1 - self->id];
    struct miss *m = arg;
    while (!atomic_load(&m->posted))
        sched_yield();
    for (int k = 0; k < MISS_ROUNDS; k++) {
        while (wait_for_next_sleep(other) != CILKRT_ASLEEP)
            cilkrt_wake(other); /* end a deaf sleep at once */
        int quick = k % 2 == 0;
        me->share_woken = other;
        me->share_woken_at = monotonic_ns() - (quick ? 0 : 2000000000u);
        cilkrt_wake_taken_back(me); /* (clears share_woken) */
        /* one wake-up: it may not have counted itself a sleeper yet */
        while (me->share_woken != other)
            cilkrt_wake_for_push(me);
        me->share_woken = NULL;
        while (atomic_load(&other->sleeping) == CILKRT_WOKEN_BY_PUSH)
            sched_yield(); /* until it runs */
        m->state[k] = wait_for_next_sleep(other);
    }
    atomic_store(&m->done, 1);
}

Test(pool, a_miss_is_unpaid_only_after_a_quick_take_back, .timeout = 60)
{
    setenv("CILK_NWORKERS", "2", 1);
    cilkrt_sleep_ns = 64L * 1000000000L;
    cilkrt_wake_paid_ns = 1000000000L;
    struct miss m = {0};
    cilkrt_inject_post(miss_rounds, &m);
    atomic_store(&m.posted, 1);
    while (!atomic_load(&m.done))
        sched_yield();
    for (int k = 0; k < MISS_ROUNDS; k++)
        cr_expect_eq(m.state[k], k % 2 == 0 ? CILKRT_DEAF : CILKRT_ASLEEP,
                     "round %d: after a %s take-back the next sleep is %s", k + 1,
                     k % 2 == 0 ? "quick" : "late", k % 2 == 0 ? "deaf" : "listening");
}
