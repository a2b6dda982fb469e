/*
 * group_test.c: task groups over libffi (cilk_group, cilk_spawn_ffi,
 * cilk_spawnf; runtime/group.c). Built twice, linked with the hand-lowered
 * programs of one steal mode or the other (-DCONTINUATION_MODE or
 * -DCHILD_MODE), so that spawning a translated parallel function is tested
 * in both. Each behaviour runs from a thread that is not a worker (the test's
 * own thread: a shared group) and, where it differs, from a worker (a root
 * call: a worker group).
 */
#include <criterion/criterion.h>
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cilkrt.h"
#include "cilkrt_abi.h"
#include "hand.h"

typedef void (*fnptr)(void);
#define FN(f) ((fnptr)(f))

/* Run fn(arg) on a worker of the pool, or here (not a worker). */
static void on_worker(void (*fn)(void *), void *arg);
struct thunk_arg {
    void (*fn)(void *);
    void *arg;
};
static void thunk(cilkrt_worker *w, void *p)
{
    (void)w;
    struct thunk_arg *t = p;
    t->fn(t->arg);
}
static void on_worker(void (*fn)(void *), void *arg)
{
    struct thunk_arg t = {fn, arg};
    cilkrt_root_call(thunk, &t);
}

/* ---- every scalar type as argument and result ---- */

static int anchor;

/* X(letter, type, name, ffi type, value) */
#define SCALARS(X)                                                     \
    X("c", char, c, CHAR_MIN < 0 ? &ffi_type_schar : &ffi_type_uchar, 'A') \
    X("b", signed char, b, &ffi_type_schar, SCHAR_MIN)                 \
    X("B", unsigned char, B, &ffi_type_uchar, UCHAR_MAX)               \
    X("h", short, h, &ffi_type_sshort, SHRT_MIN)                       \
    X("H", unsigned short, H, &ffi_type_ushort, USHRT_MAX)             \
    X("i", int, i, &ffi_type_sint, INT_MIN)                            \
    X("I", unsigned, I, &ffi_type_uint, UINT_MAX)                      \
    X("l", long, l, &ffi_type_slong, LONG_MIN)                         \
    X("L", unsigned long, L, &ffi_type_ulong, ULONG_MAX)               \
    X("q", long long, q, &ffi_type_sint64, LLONG_MIN + 7)              \
    X("Q", unsigned long long, Q, &ffi_type_uint64, ULLONG_MAX - 7)    \
    X("z", size_t, z, &ffi_type_ulong, SIZE_MAX - 3)                   \
    X("f", float, f, &ffi_type_float, -1.25e10f)                       \
    X("d", double, d, &ffi_type_double, 3.141592653589793)             \
    X("g", long double, g, &ffi_type_longdouble, 1.0L / 3)             \
    X("p", void *, p, &ffi_type_pointer, (void *)&anchor)              \
    X("?", _Bool, Bool, &ffi_type_uchar, 1)

/* echo_T(7, v) returns v: a wrong argument (or order) returns 0 */
#define ECHO(L, T, N, FT, V)                                                                   \
    static T echo_##N(int k, T v) { return k == 7 ? v : (T)0; }
SCALARS(ECHO)

/* Each result lands in a slot followed by a guard: a result written with
 * the width of libffi's widened integers would overwrite it. */
#define SLOT(L, T, N, FT, V)                                                                   \
    struct {                                                                                   \
        T r;                                                                                   \
        unsigned char guard[8];                                                                \
    } N;
typedef struct {
    SCALARS(SLOT)
} slots;

static void slots_clear(slots *s) { memset(s, 0xAA, sizeof *s); }

#define SPAWNF(L, T, N, FT, V)                                                                 \
    cr_assert_eq(cilk_spawnf(&g, FN(echo_##N), L "(i" L ")", &s->N.r, 7, (T)(V)), 0);
#define SPAWN_FFI(L, T, N, FT, V)                                                              \
    {                                                                                          \
        static ffi_cif cif;                                                                    \
        static ffi_type *types[2];                                                             \
        types[0] = &ffi_type_sint;                                                             \
        types[1] = FT;                                                                         \
        cr_assert_eq(ffi_prep_cif(&cif, FFI_DEFAULT_ABI, 2, FT, types), FFI_OK);               \
        int k = 7;                                                                             \
        T v = (T)(V);                                                                          \
        void *args[] = {&k, &v};                                                               \
        cr_assert_eq(cilk_spawn_ffi(&g, &cif, FN(echo_##N), &s->N.r, args), 0);                \
        k = 0; /* the values were copied at the spawn */                                       \
        v = (T)0;                                                                              \
    }
#define CHECK(L, T, N, FT, V)                                                                  \
    cr_expect(s->N.r == (T)(V), "type '%s': wrong result", L);                                 \
    for (int i = 0; i < 8; i++)                                                                \
        cr_expect_eq(s->N.guard[i], 0xAA, "type '%s': result wider than its type", L);

static void scalars_spawnf(void *arg)
{
    slots *s = arg;
    cilk_group g;
    cilk_group_init(&g);
    SCALARS(SPAWNF)
    cilk_group_destroy(&g);
}

static void scalars_spawn_ffi(void *arg)
{
    slots *s = arg;
    cilk_group g;
    cilk_group_init(&g);
    SCALARS(SPAWN_FFI)
    cilk_group_destroy(&g);
}

Test(group, every_scalar_type_with_spawnf)
{
    slots sv, *s = &sv;
    slots_clear(s);
    scalars_spawnf(s);
    SCALARS(CHECK)
    slots_clear(s);
    on_worker(scalars_spawnf, s);
    SCALARS(CHECK)
}

Test(group, every_scalar_type_with_spawn_ffi)
{
    slots sv, *s = &sv;
    slots_clear(s);
    scalars_spawn_ffi(s);
    SCALARS(CHECK)
    slots_clear(s);
    on_worker(scalars_spawn_ffi, s);
    SCALARS(CHECK)
}

/* All types at once, in one call: returns how many arrived intact. */
#define MATCH(L, T, N, FT, V) n += N == (T)(V);
static long all_types(char c, signed char b, unsigned char B, short h, unsigned short H, int i,
                      unsigned I, long l, unsigned long L, long long q, unsigned long long Q,
                      size_t z, float f, double d, long double g, void *p, _Bool Bool)
{
    long n = 0;
    SCALARS(MATCH)
    return n;
}

Test(group, all_types_in_one_call)
{
    long n = -1;
    cilk_group g;
    cilk_group_init(&g);
#define VALUE(L, T, N, FT, V) , (T)(V)
    cr_assert_eq(cilk_spawnf(&g, FN(all_types), "l(cbBhHiIlLqQzfdgp?)", &n SCALARS(VALUE)), 0);
    cilk_group_sync(&g);
    cr_expect_eq(n, 17);
    cilk_group_destroy(&g);
}

/* ---- structs by value, through a hand-built cif ---- */

typedef struct {
    char c;
    double d;
    short s;
} mixed; /* in registers */

typedef struct {
    long a, b, c, d, e;
} big; /* in memory */

static mixed mixed_step(mixed m, int k)
{
    m.c = (char)(m.c + k);
    m.d *= k;
    m.s = (short)(m.s - k);
    return m;
}

static big big_add(big x, big y)
{
    return (big){x.a + y.a, x.b + y.b, x.c + y.c, x.d + y.d, x.e + y.e};
}

static ffi_type *mixed_elems[] = {&ffi_type_schar, &ffi_type_double, &ffi_type_sshort, NULL};
static ffi_type mixed_type = {0, 0, FFI_TYPE_STRUCT, mixed_elems};
static ffi_type *big_elems[] = {&ffi_type_slong, &ffi_type_slong, &ffi_type_slong,
                                &ffi_type_slong, &ffi_type_slong, NULL};
static ffi_type big_type = {0, 0, FFI_TYPE_STRUCT, big_elems};

struct structs_out {
    mixed m[100];
    big b[100];
};

static void structs(void *arg)
{
    struct structs_out *o = arg;
    ffi_cif mcif, bcif;
    ffi_type *margs[] = {&mixed_type, &ffi_type_sint}, *bargs[] = {&big_type, &big_type};
    cr_assert_eq(ffi_prep_cif(&mcif, FFI_DEFAULT_ABI, 2, &mixed_type, margs), FFI_OK);
    cr_assert_eq(ffi_prep_cif(&bcif, FFI_DEFAULT_ABI, 2, &big_type, bargs), FFI_OK);
    cr_assert_eq(mixed_type.size, sizeof(mixed));
    cr_assert_eq(big_type.size, sizeof(big));
    cilk_group g;
    cilk_group_init(&g);
    for (int i = 0; i < 100; i++) {
        mixed m = {(char)i, i + 0.5, (short)(1000 * i)};
        big x = {i, 2 * i, 3 * i, 4 * i, 5 * i}, y = {1, 2, 3, 4, 5};
        void *ma[] = {&m, &i}, *ba[] = {&x, &y};
        cr_assert_eq(cilk_spawn_ffi(&g, &mcif, FN(mixed_step), &o->m[i], ma), 0);
        cr_assert_eq(cilk_spawn_ffi(&g, &bcif, FN(big_add), &o->b[i], ba), 0);
    }
    cilk_group_destroy(&g);
}

static void check_structs(struct structs_out *o)
{
    for (int i = 0; i < 100; i++) {
        cr_expect_eq(o->m[i].c, (char)(2 * i));
        cr_expect_eq(o->m[i].d, (i + 0.5) * i);
        cr_expect_eq(o->m[i].s, (short)(999 * i));
        cr_expect_eq(o->b[i].a, i + 1);
        cr_expect_eq(o->b[i].e, 5 * i + 5);
    }
}

Test(group, structs_by_value)
{
    static struct structs_out o;
    memset(&o, 0, sizeof o);
    structs(&o);
    check_structs(&o);
    memset(&o, 0, sizeof o);
    on_worker(structs, &o);
    check_structs(&o);
}

/* ---- 10^6 spawns from 4 threads at once ---- */

#define THREADS 4
#define PER_THREAD 250000

static long square(long i) { return i * i; }

static void *spawner(void *arg)
{
    long *out = arg;
    cilk_group g;
    cilk_group_init(&g);
    for (long i = 0; i < PER_THREAD; i++)
        if (cilk_spawnf(&g, FN(square), "l(l)", &out[i], i) != 0)
            return NULL;
    cilk_group_destroy(&g);
    return arg;
}

Test(group, a_million_spawns_from_four_threads, .timeout = 300)
{
    static long out[THREADS][PER_THREAD];
    pthread_t t[THREADS];
    for (int k = 0; k < THREADS; k++)
        cr_assert_eq(pthread_create(&t[k], NULL, spawner, out[k]), 0);
    for (int k = 0; k < THREADS; k++) {
        void *r;
        pthread_join(t[k], &r);
        cr_expect_eq(r, out[k], "thread %d failed to spawn", k);
    }
    long bad = 0;
    for (int k = 0; k < THREADS; k++)
        for (long i = 0; i < PER_THREAD; i++)
            bad += out[k][i] != i * i;
    cr_expect_eq(bad, 0);
}

/* ---- nested groups ---- */

/* Each call opens its own group (on whichever worker runs it). */
static long pfib(int n)
{
    if (n < 2)
        return n;
    long x = -1, y = -1;
    cilk_group g;
    cilk_group_init(&g);
    cilk_spawnf(&g, FN(pfib), "l(i)", &x, n - 1);
    cilk_spawnf(&g, FN(pfib), "l(i)", &y, n - 2);
    cilk_group_destroy(&g);
    return x + y;
}

static void pfib_on_worker(void *arg) { *(long *)arg = pfib(20); }

Test(group, nested_groups)
{
    cr_expect_eq(pfib(20), 6765);
    long r = 0;
    on_worker(pfib_on_worker, &r);
    cr_expect_eq(r, 6765);
}

Test(group, two_groups_open_at_once_outside_the_pool)
{
    long a[50], b[50];
    cilk_group ga, gb;
    cilk_group_init(&ga);
    cilk_group_init(&gb);
    for (int i = 0; i < 50; i++) {
        cilk_spawnf(&ga, FN(square), "l(l)", &a[i], (long)i);
        cilk_spawnf(&gb, FN(pfib), "l(i)", &b[i], i % 15);
    }
    cilk_group_sync(&gb);
    cilk_group_sync(&ga);
    for (int i = 0; i < 50; i++) {
        cr_expect_eq(a[i], (long)i * i);
        cr_expect_eq(b[i], pfib(i % 15));
    }
    cilk_group_destroy(&ga);
    cilk_group_destroy(&gb);
}

/* A group made outside the pool takes spawns from its own tasks too. */
static atomic_long leaves;
static void fan_out(cilk_group *g, int depth)
{
    if (depth == 0) {
        atomic_fetch_add(&leaves, 1);
        return;
    }
    for (int i = 0; i < 3; i++)
        cilk_spawnf(g, FN(fan_out), "v(pi)", NULL, (void *)g, depth - 1);
}

Test(group, tasks_spawn_into_a_shared_group)
{
    atomic_store(&leaves, 0);
    cilk_group g;
    cilk_group_init(&g);
    cilk_spawnf(&g, FN(fan_out), "v(pi)", NULL, (void *)&g, 7);
    cilk_group_sync(&g);
    cr_expect_eq(atomic_load(&leaves), 2187);
    cilk_group_destroy(&g);
}

Test(group, a_group_is_reusable_after_sync)
{
    cilk_group g;
    cilk_group_init(&g);
    for (int round = 0; round < 3; round++) {
        long r[10];
        for (int i = 0; i < 10; i++)
            cilk_spawnf(&g, FN(square), "l(l)", &r[i], (long)(i + round));
        cilk_group_sync(&g);
        for (int i = 0; i < 10; i++)
            cr_expect_eq(r[i], (long)(i + round) * (i + round));
    }
    cilk_group_destroy(&g);
}

/* ---- translated parallel functions as tasks (this binary's steal mode) ---- */

static void translated(void *arg)
{
    int *r = arg;
    cilk_group g;
    cilk_group_init(&g);
    for (int k = 0; k < 8; k++)
        cilk_spawnf(&g, FN(fib), "i(i)", &r[k], 15 + k);
    cilk_spawnf(&g, FN(tree), "i(i)", &r[8], 6);
    cilk_group_destroy(&g);
}

static void check_translated(const int *r)
{
    static const int fibs[] = {610, 987, 1597, 2584, 4181, 6765, 10946, 17711};
    for (int k = 0; k < 8; k++)
        cr_expect_eq(r[k], fibs[k], "fib(%d)", 15 + k);
    cr_expect_eq(r[8], tree(6));
}

Test(group, spawn_translated_parallel_functions)
{
    int r[9] = {0};
    translated(r);
    check_translated(r);
    memset(r, 0, sizeof r);
    on_worker(translated, r);
    check_translated(r);
}

/* ---- bad input ---- */

static int ran;
static void count_run(void) { ran++; }

/* cilk_spawnf with sig, its stderr into err; returns its result. Also
 * checks that cilk_sig_cif refuses sig, with the same message. */
static int spawnf_capture(cilk_group *g, const char *sig, char *err, size_t size)
{
    fflush(stderr);
    int saved = dup(2);
    FILE *tmp = tmpfile();
    cr_assert_not_null(tmp);
    dup2(fileno(tmp), 2);
    errno = 0;
    int r = cilk_spawnf(g, count_run, sig, NULL);
    int e = errno;
    fflush(stderr);
    long end = ftell(tmp);
    ffi_cif *cif = cilk_sig_cif(sig);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    cr_expect(cif == NULL, "cilk_sig_cif accepted \"%s\"", sig ? sig : "(null)");
    rewind(tmp);
    size_t n = fread(err, 1, size - 1, tmp);
    err[n] = '\0';
    fclose(tmp);
    cr_assert(end >= 0 && (size_t)end <= n);
    cr_expect((size_t)end < n, "cilk_sig_cif did not report \"%s\"", sig ? sig : "(null)");
    err[end] = '\0'; /* cilk_spawnf's message only */
    errno = e;
    return r;
}

Test(group, bad_signatures_are_reported_and_not_spawned)
{
    static const char *bad[][2] = {
        {"", "column 1: expected a result type letter, not the end"},
        {"x(i)", "column 1: expected a result type letter, not 'x'"},
        {"l", "column 2: expected '(', not the end"},
        {"l[i]", "column 2: expected '(', not '['"},
        {"l(ix)", "column 4: expected an argument type letter or ')', not 'x'"},
        {"l(iv)", "column 4: expected an argument type letter or ')', not 'v'"},
        {"l(ii", "column 5: expected an argument type letter or ')', not the end"},
        {"l(i i)", "column 4: expected an argument type letter or ')', not ' '"},
        {"l(ii))", "column 6: expected the end after ')', not ')'"},
    };
    cilk_group g;
    cilk_group_init(&g);
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        char err[512], want[512];
        int r = spawnf_capture(&g, bad[k][0], err, sizeof err);
        cr_expect_eq(r, -1, "\"%s\" was accepted", bad[k][0]);
        cr_expect_eq(errno, EINVAL);
        snprintf(want, sizeof want, "cilkrt: error: signature \"%s\", %s\n", bad[k][0],
                 bad[k][1]);
        cr_expect_str_eq(err, want);
    }
    char err[512];
    cr_expect_eq(spawnf_capture(&g, NULL, err, sizeof err), -1);
    cr_expect_str_eq(err, "cilkrt: error: cilk_spawnf: expected a group, a function and a "
                          "signature, got a null pointer\n");
    cilk_group_sync(&g);
    cr_expect_eq(ran, 0, "a bad signature spawned something");
    cr_expect_eq(cilk_spawnf(&g, count_run, "v()", NULL), 0);
    cilk_group_destroy(&g);
    cr_expect_eq(ran, 1);
}

Test(group, one_cif_per_signature)
{
    ffi_cif *a = cilk_sig_cif("d(dd)");
    cr_assert_not_null(a);
    cr_expect(cilk_sig_cif("d(dd)") == a);
    char copy[] = "d(dd)";
    cr_expect(cilk_sig_cif(copy) == a, "the cache compares contents, not pointers");
    cr_expect(cilk_sig_cif("d(df)") != a);
    cr_expect_eq(a->nargs, 2u);
}

/* ---- fork while another thread inserts a signature ----
 * An insert into the signature cache holds its lock; a fork at that
 * moment must not leave the child's copy held (group.c's atfork handlers
 * hold it across the fork). The child makes an insert of its own, under
 * an alarm: without the handlers, some children hang and are killed. */

/* Not under ThreadSanitizer: after a fork in a multithreaded process its
 * runtime stops checking and may itself deadlock in the child (its own
 * allocator and internal locks are not held across fork by gcc 12's
 * libtsan; google/sanitizers#453, llvm-project#96600): 1 child in ~500
 * hung in check-sanitize, none in 500 of the plain build. */
#ifndef __SANITIZE_THREAD__
static atomic_int inserting_stop;

/* Distinct new signatures, "i(" then 1 to 12 letters, one after another. */
static void *insert_signatures(void *arg)
{
    (void)arg;
    static const char letters[] = "cilfd";
    for (unsigned k = 0; !atomic_load(&inserting_stop); k++) {
        char sig[32] = "i(";
        int n = 2;
        for (unsigned v = k + 1; v && n < 14; v /= 5)
            sig[n++] = letters[v % 5];
        sig[n++] = ')';
        sig[n] = '\0';
        cilk_sig_cif(sig);
    }
    return NULL;
}

Test(group, fork_during_a_signature_insert, .timeout = 120)
{
    pthread_t t;
    pthread_create(&t, NULL, insert_signatures, NULL);
    int hung = 0;
    for (int i = 0; i < 50; i++) {
        pid_t pid = fork();
        cr_assert(pid >= 0);
        if (pid == 0) {
            alarm(10);
            char sig[32];
            snprintf(sig, sizeof sig, "v(%s)", i % 2 ? "dddddddddddddd" : "llllllllllllll");
            _exit(cilk_sig_cif(sig) ? 0 : 1);
        }
        int status = 0;
        cr_assert_eq(waitpid(pid, &status, 0), pid);
        hung += !(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    }
    atomic_store(&inserting_stop, 1);
    pthread_join(t, NULL);
    cr_expect_eq(hung, 0, "%d children of 50 hung on the signature cache's lock", hung);
}
#endif

/* ---- a worker group interleaved with the surrounding function's spawns ----
 * The tasks of a worker group are counted, not delimited: a child-mode
 * spawn of the function around it between the group's spawns and its
 * sync would overwrite a group task or be popped in its place. The group
 * calls check this and stop the program with a message. The spawns below
 * are written as cilkc emits a child-mode spawn (cilkrt_task_slot, the
 * record, cilkrt_task_push) and sync. */

static void noop_thunk(cilkrt_worker *w, cilkrt_task *t)
{
    (void)w;
    (void)t;
}

static void plain_spawn(cilkrt_worker *w, cilkrt_group *g)
{
    cilkrt_task *h = cilkrt_task_slot(w, g);
    h->run = noop_thunk;
    cilkrt_task_push(w, g);
}

static void plain_sync(cilkrt_worker *w, cilkrt_group *g)
{
    cilkrt_group_count(w, g);
    while (cilkrt_group_pending(g)) {
        cilkrt_task *t = cilkrt_task_pop(w, g);
        if (t)
            t->run(w, t);
    }
}

/* 0: spawn; cilk_spawnf; spawn (over the group's task); cilk_group_sync
 * 1: cilk_spawnf; spawn; cilk_spawnf
 * 2: spawn; cilk_spawnf; spawn; sync (the group's task is lost); cilk_group_sync */
static void interleave(void *arg)
{
    int how = *(int *)arg;
    cilkrt_worker *w = cilkrt_self();
    cilkrt_group g;
    cilkrt_group_init(w, &g);
    cilk_group cg;
    cilk_group_init(&cg);
    if (how != 1)
        plain_spawn(w, &g);
    cilk_spawnf(&cg, count_run, "v()", NULL);
    plain_spawn(w, &g);
    if (how == 1)
        cilk_spawnf(&cg, count_run, "v()", NULL);
    if (how == 2)
        plain_sync(w, &g);
    cilk_group_sync(&cg);
    plain_sync(w, &g);
}

/* Runs interleave(how) on a worker in a child process (a fresh pool, of
 * one worker); expects it to abort with a message naming fn. One worker:
 * what is checked is the refusal, which the owner's own spawns and syncs
 * decide; with thieves, the deliberately wrong spawn of case 2 (over a
 * slot shared with thieves) could write a slot while a thief's batch
 * reads it, a race of the wrong program itself that TSan reported once. */
static void expect_interleave_abort(int how, const char *fn)
{
    int fd[2];
    cr_assert_eq(pipe(fd), 0);
    fflush(NULL);
    pid_t pid = fork();
    cr_assert(pid >= 0);
    if (pid == 0) {
        dup2(fd[1], 2);
        close(fd[0]);
        setenv("CILK_NWORKERS", "1", 1);
        if (cilkrt_nworkers() != 1) /* read before the fork: not stopped */
            _exit(0);
        on_worker(interleave, &how);
        _exit(0);
    }
    close(fd[1]);
    char err[1024];
    size_t n = 0;
    ssize_t r;
    while (n < sizeof err - 1 && (r = read(fd[0], err + n, sizeof err - 1 - n)) > 0)
        n += (size_t)r;
    err[n] = '\0';
    close(fd[0]);
    int status = 0;
    cr_assert_eq(waitpid(pid, &status, 0), pid);
    cr_expect(WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT, "case %d was not stopped",
              how);
    char want[128];
    snprintf(want, sizeof want, "cilkrt: error: %s: other spawns came between", fn);
    cr_expect(strstr(err, want) != NULL, "case %d: stderr was \"%s\"", how, err);
}

Test(group, spawns_interleaved_with_a_worker_group_are_stopped)
{
    expect_interleave_abort(0, "cilk_group_sync");
    expect_interleave_abort(1, "cilk_spawnf");
    expect_interleave_abort(2, "cilk_group_sync");
}
