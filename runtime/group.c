/*
 * group.c: task groups for code that cilkc did not translate (the public
 * cilk_group, cilk_spawn_ffi and cilk_spawnf of cilkrt.h): any C function,
 * its signature known only at run time, called through libffi as a
 * child-stealing task on the pool's workers.
 *
 * A spawn copies the arguments into a call record (cif, function, result
 * destination, argument values) and the record runs later as a task. Two
 * kinds of group, chosen by the thread that initialises it:
 *
 *   - worker group (initialised on a worker): a cilkrt_group of task.c.
 *     Each spawn pushes the record, inside a generic task (generic.c), on
 *     the worker's own deque; the sync pops and runs, then helps thieves,
 *     exactly as translated child-mode code does. No lock, no malloc.
 *   - shared group (initialised on any other thread, which has no deque):
 *     records are malloc'd and collected into batches under the group's
 *     mutex. A batch is posted to the injection queue when it opens (so the
 *     first spawn starts at once); while no worker has taken it yet, later
 *     spawns join it, so batches grow exactly when the workers are busy.
 *     The worker that takes a batch pushes its records as tasks of a
 *     worker group of its own, and syncs them, so thieves spread them. The
 *     group counts batches posted and not finished; its sync waits on a
 *     condition variable until there are none.
 *
 * Signatures: cilk_spawnf's string is parsed once; its cif is cached in a
 * hash table whose chains only grow, so lookups take no lock (entries are
 * published with a release store and never change afterwards).
 */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cilkrt.h"
#include "worker.h"

/* ---- call records ---- */

typedef struct call call;
struct call {
    ffi_cif *cif;
    void (*fn)(void);
    void *result; /* the caller's destination, or NULL */
    void *ret;    /* the callee's result: libffi widens small integers to
                     ffi_arg, so it may not be written to result directly */
    call *next;   /* in a shared group's batch */
    void *args[]; /* argument pointers, then the values they point to */
};

#define VALUE_ALIGN _Alignof(max_align_t) /* records are allocated so */

static size_t align_up(size_t n, size_t a) { return (n + a - 1) / a * a; }

static size_t ret_size(const ffi_cif *cif)
{
    size_t s = cif->rtype->size;
    return s < sizeof(ffi_arg) ? sizeof(ffi_arg) : s;
}

/* Bytes of a record for cif; lay_out fills the pointers the same way. */
static size_t call_size(const ffi_cif *cif)
{
    size_t n = sizeof(call) + cif->nargs * sizeof(void *);
    for (unsigned i = 0; i < cif->nargs; i++)
        n = align_up(n, cif->arg_types[i]->alignment) + cif->arg_types[i]->size;
    return align_up(n, VALUE_ALIGN) + ret_size(cif);
}

static void lay_out(call *c, ffi_cif *cif, void (*fn)(void), void *result)
{
    c->cif = cif;
    c->fn = fn;
    c->result = result;
    size_t n = sizeof(call) + cif->nargs * sizeof(void *);
    for (unsigned i = 0; i < cif->nargs; i++) {
        n = align_up(n, cif->arg_types[i]->alignment);
        c->args[i] = (char *)c + n;
        n += cif->arg_types[i]->size;
    }
    c->ret = (char *)c + align_up(n, VALUE_ALIGN);
}

static bool is_integral(const ffi_type *t)
{
    switch (t->type) {
    case FFI_TYPE_UINT8:
    case FFI_TYPE_SINT8:
    case FFI_TYPE_UINT16:
    case FFI_TYPE_SINT16:
    case FFI_TYPE_UINT32:
    case FFI_TYPE_SINT32:
    case FFI_TYPE_INT:
        return true;
    default:
        return false;
    }
}

/* Narrow a widened integral result to its own size (conversion to an
 * unsigned type keeps the low bits, whatever the byte order). */
static void store_narrow(void *dst, ffi_arg v, size_t size)
{
    if (size == 1) {
        uint8_t x = (uint8_t)v;
        memcpy(dst, &x, 1);
    } else if (size == 2) {
        uint16_t x = (uint16_t)v;
        memcpy(dst, &x, 2);
    } else {
        uint32_t x = (uint32_t)v;
        memcpy(dst, &x, 4);
    }
}

static void call_run(call *c)
{
    ffi_call(c->cif, c->fn, c->ret, c->args);
    const ffi_type *t = c->cif->rtype;
    if (!c->result || t->type == FFI_TYPE_VOID)
        return;
    if (is_integral(t) && t->size < sizeof(ffi_arg))
        store_narrow(c->result, *(ffi_arg *)c->ret, t->size);
    else
        memcpy(c->result, c->ret, t->size);
}

/* ---- groups ---- */

typedef struct batch batch;
typedef struct {
    worker *owner;      /* worker group: its worker; NULL: a shared group */
    cilkrt_group tasks; /* worker group: the children on owner's deque */
    long depth;         /* worker group: owner's deque depth after its last spawn */
    /* Shared group, all under mu. */
    pthread_mutex_t mu;
    pthread_cond_t cv; /* signalled when batches drops to 0 */
    batch *open;       /* posted and not yet taken: new records join it */
    long batches;      /* posted and not finished */
} group;

struct batch {
    group *g;
    call *first, **last;
};

_Static_assert(sizeof(group) <= sizeof(cilk_group), "cilk_group too small");
_Static_assert(_Alignof(group) <= _Alignof(cilk_group), "cilk_group underaligned");

static group *group_of(cilk_group *g) { return (group *)g; }

static void *xmalloc(size_t n, const char *what)
{
    void *p = cilkrt_malloc(n);
    if (!p) {
        fprintf(stderr, "cilkrt: error: out of memory for %s\n", what);
        exit(1);
    }
    return p;
}

void cilk_group_init(cilk_group *pg)
{
    group *g = group_of(pg);
    cilkrt_worker *w = cilkrt_self();
    g->owner = w ? worker_of(w) : NULL;
    if (w) {
        cilkrt_group_init(w, &g->tasks);
        return;
    }
    pthread_mutex_init(&g->mu, NULL);
    pthread_cond_init(&g->cv, NULL);
    g->open = NULL;
    g->batches = 0;
}

/* A group belongs to the worker that initialised it; a misuse would
 * corrupt its deque, so it stops the program. */
static void check_owner(group *g, const char *fn)
{
    if (g->owner && cilkrt_self() != &g->owner->pub) {
        fprintf(stderr,
                "cilkrt: error: %s: the group belongs to the worker that initialised it, "
                "not to this thread\n",
                fn);
        abort();
    }
}

/* A worker group's tasks must be the newest on its owner's deque (they
 * are counted, not delimited): a spawn of the function around the group
 * between the group's spawns and its sync would overwrite one of them or
 * be popped in its place. Checks that the deque is as the group's last
 * spawn left it, with generic tasks in the n slots below its top, and
 * stops the program otherwise. Outside the generated code's fast path. */
static void check_nested(group *g, long n, const char *fn)
{
    if (!g->owner || g->tasks.n == 0 || cilkrt_generic_newest(g->owner, g->depth, n))
        return;
    fprintf(stderr,
            "cilkrt: error: %s: other spawns came between the group's spawns and its sync "
            "on this worker; a group's spawns and sync must nest inside the spawns and "
            "syncs around them (child stealing)\n",
            fn);
    abort();
}

void cilk_group_sync(cilk_group *pg)
{
    group *g = group_of(pg);
    if (g->owner) {
        check_owner(g, "cilk_group_sync");
        check_nested(g, g->tasks.n, "cilk_group_sync");
        cilkrt_group_wait(&g->owner->pub, &g->tasks);
        return;
    }
    pthread_mutex_lock(&g->mu);
    while (g->batches > 0)
        pthread_cond_wait(&g->cv, &g->mu);
    pthread_mutex_unlock(&g->mu);
}

void cilk_group_destroy(cilk_group *pg)
{
    cilk_group_sync(pg);
    group *g = group_of(pg);
    if (!g->owner) {
        pthread_cond_destroy(&g->cv);
        pthread_mutex_destroy(&g->mu);
    }
}

/* ---- spawning ---- */

static void run_owned(cilkrt_worker *w, void *payload)
{
    (void)w;
    call_run(payload);
}

static void run_shared(cilkrt_worker *w, void *payload)
{
    (void)w;
    call *c = *(call **)payload;
    call_run(c);
    cilkrt_free(c);
}

/* A worker took batch b from the injection queue: spread its records as
 * tasks of a group of its own, wait for them, then tell the group. */
static void batch_run(cilkrt_worker *pw, void *arg)
{
    batch *b = arg;
    group *g = b->g;
    worker *w = worker_of(pw);
    pthread_mutex_lock(&g->mu);
    if (g->open == b)
        g->open = NULL; /* closed: later spawns open a new batch */
    call *c = b->first;
    pthread_mutex_unlock(&g->mu);
    cilkrt_group tg;
    cilkrt_group_init(pw, &tg);
    while (c) {
        call *next = c->next; /* c may run on a thief as soon as it is pushed */
        call **p = cilkrt_generic_alloc(w, sizeof *p, run_shared);
        *p = c;
        cilkrt_generic_push(w, &tg, p);
        c = next;
    }
    cilkrt_group_wait(pw, &tg);
    cilkrt_free(b);
    pthread_mutex_lock(&g->mu);
    if (--g->batches == 0)
        pthread_cond_broadcast(&g->cv);
    pthread_mutex_unlock(&g->mu); /* the syncing thread may free g after this */
}

static void shared_add(group *g, call *c)
{
    c->next = NULL;
    pthread_mutex_lock(&g->mu);
    batch *b = g->open;
    bool opened = !b;
    if (opened) {
        b = xmalloc(sizeof *b, "a batch of calls");
        b->g = g;
        b->first = NULL;
        b->last = &b->first;
        g->open = b;
        g->batches++;
    }
    *b->last = c;
    b->last = &c->next;
    pthread_mutex_unlock(&g->mu);
    /* b is only ours to touch if we opened it: no worker has it before the
     * post, while a batch opened earlier may be finished and freed by now */
    if (opened)
        cilkrt_inject_post(batch_run, b);
}

/* Room for a record of `size` bytes: in a generic task on the owner's
 * deque, or on the heap for a shared group. */
static call *call_alloc(group *g, size_t size)
{
    if (g->owner)
        return cilkrt_generic_alloc(g->owner, size, run_owned);
    return xmalloc(align_up(size, VALUE_ALIGN), "a spawned call");
}

static void call_spawn(group *g, call *c)
{
    if (g->owner) {
        cilkrt_generic_push(g->owner, &g->tasks, c);
        g->depth = cilkrt_generic_depth(g->owner);
    } else
        shared_add(g, c);
}

static int invalid(const char *fn, const char *what)
{
    fprintf(stderr, "cilkrt: error: %s: %s\n", fn, what);
    errno = EINVAL;
    return -1;
}

int cilk_spawn_ffi(cilk_group *pg, ffi_cif *cif, void (*fn)(void), void *result, void **args)
{
    if (!pg || !cif || !fn)
        return invalid("cilk_spawn_ffi", "expected a group, a call interface and a function, "
                                         "got a null pointer");
    if (cif->nargs > 0 && !args)
        return invalid("cilk_spawn_ffi", "expected argument pointers, got a null pointer");
    group *g = group_of(pg);
    check_owner(g, "cilk_spawn_ffi");
    check_nested(g, 1, "cilk_spawn_ffi");
    call *c = call_alloc(g, call_size(cif));
    lay_out(c, cif, fn, result);
    for (unsigned i = 0; i < cif->nargs; i++)
        memcpy(c->args[i], args[i], cif->arg_types[i]->size);
    call_spawn(g, c);
    return 0;
}

/* ---- signatures ---- */

/* The signature letters: X(letter, C type, its type after the default
 * argument promotions, libffi type). 'v' (void) is the one more letter,
 * for results only. */
#define SIG_TYPES(X)                                                                               \
    X('c', char, int, CHAR_MIN < 0 ? &ffi_type_schar : &ffi_type_uchar)                            \
    X('b', signed char, int, &ffi_type_schar)                                                      \
    X('B', unsigned char, int, &ffi_type_uchar)                                                    \
    X('h', short, int, &ffi_type_sshort)                                                           \
    X('H', unsigned short, int, &ffi_type_ushort)                                                  \
    X('i', int, int, &ffi_type_sint)                                                               \
    X('I', unsigned, unsigned, &ffi_type_uint)                                                     \
    X('l', long, long, &ffi_type_slong)                                                            \
    X('L', unsigned long, unsigned long, &ffi_type_ulong)                                          \
    X('q', long long, long long, &ffi_type_sint64)                                                 \
    X('Q', unsigned long long, unsigned long long, &ffi_type_uint64)                               \
    X('z', size_t, size_t, sizeof(size_t) == sizeof(long) ? &ffi_type_ulong : &ffi_type_uint)      \
    X('f', float, double, &ffi_type_float)                                                         \
    X('d', double, double, &ffi_type_double)                                                       \
    X('g', long double, long double, &ffi_type_longdouble)                                         \
    X('p', void *, void *, &ffi_type_pointer)                                                      \
    X('?', _Bool, int, sizeof(_Bool) == 1 ? &ffi_type_uchar : &ffi_type_uint)

/* The type of a signature letter, or NULL. */
static ffi_type *letter_type(char c)
{
#define TYPE_CASE(L, T, P, F)                                                                      \
    case L:                                                                                        \
        return F;
    switch (c) {
        SIG_TYPES(TYPE_CASE)
    case 'v':
        return &ffi_type_void;
    default:
        return NULL;
    }
#undef TYPE_CASE
}

_Static_assert(sizeof(long long) == 8, "q and Q are 64-bit types");

typedef struct sig_entry sig_entry;
struct sig_entry {
    sig_entry *next; /* in its hash chain; never changes once published */
    char *sig;
    const char *codes; /* the argument letters, inside sig */
    size_t size;       /* call_size(&cif) */
    ffi_cif cif;
    ffi_type *types[]; /* cif.arg_types */
};

static int sig_error(const char *sig, size_t col, const char *expected)
{
    char seen[16];
    if (sig[col - 1])
        snprintf(seen, sizeof seen, "'%c'", sig[col - 1]);
    else
        snprintf(seen, sizeof seen, "the end");
    fprintf(stderr, "cilkrt: error: signature \"%s\", column %zu: expected %s, not %s\n", sig, col,
            expected, seen);
    errno = EINVAL;
    return -1;
}

#define MAX_ARGS 127 /* far more than any C function needs */
#define MAX_ARGS_TEXT "127"

/* sig: RESULT '(' ARG* ')', one letter each, 'v' only as RESULT. Returns
 * the number of arguments, or -1 after reporting the first mistake. */
static int sig_check(const char *sig)
{
    if (!letter_type(sig[0]))
        return sig_error(sig, 1, "a result type letter");
    if (sig[1] != '(')
        return sig_error(sig, 2, "'('");
    size_t i = 2;
    for (; sig[i] != ')'; i++) {
        if (sig[i] == 'v' || !letter_type(sig[i]))
            return sig_error(sig, i + 1, "an argument type letter or ')'");
        if (i - 2 == MAX_ARGS)
            return sig_error(sig, i + 1, "at most " MAX_ARGS_TEXT " arguments");
    }
    if (sig[i + 1])
        return sig_error(sig, i + 2, "the end after ')'");
    return (int)(i - 2);
}

static sig_entry *sig_build(const char *sig, int nargs)
{
    sig_entry *e = xmalloc(sizeof *e + (size_t)nargs * sizeof(ffi_type *), "a signature");
    size_t len = strlen(sig);
    e->sig = xmalloc(len + 1, "a signature");
    memcpy(e->sig, sig, len + 1);
    e->codes = e->sig + 2;
    for (int i = 0; i < nargs; i++)
        e->types[i] = letter_type(e->codes[i]);
    ffi_status st =
        ffi_prep_cif(&e->cif, FFI_DEFAULT_ABI, (unsigned)nargs, letter_type(sig[0]), e->types);
    if (st != FFI_OK) {
        fprintf(stderr, "cilkrt: error: signature \"%s\": libffi cannot prepare it (status %d)\n",
                sig, (int)st);
        exit(1);
    }
    e->size = call_size(&e->cif);
    return e;
}

#define SIG_BUCKETS 256 /* a program uses a few signatures */
static _Atomic(sig_entry *) sig_table[SIG_BUCKETS];
static pthread_mutex_t sig_mu = PTHREAD_MUTEX_INITIALIZER; /* serialises inserts */
static pthread_once_t sig_fork_once = PTHREAD_ONCE_INIT;

/* fork(): sig_mu is held across it, so that the child's copy is not left
 * held by an insert of a thread that does not exist there. Registered at
 * the first insert (no insert, no lock to hold). */
static void sig_fork_prepare(void) { pthread_mutex_lock(&sig_mu); }
static void sig_fork_parent(void) { pthread_mutex_unlock(&sig_mu); }
static void sig_fork_child(void) { pthread_mutex_init(&sig_mu, NULL); }
static void sig_fork_register(void)
{
    pthread_atfork(sig_fork_prepare, sig_fork_parent, sig_fork_child);
}

static unsigned sig_hash(const char *s)
{
    unsigned h = 2166136261u; /* FNV-1a */
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    return h % SIG_BUCKETS;
}

static sig_entry *chain_find(sig_entry *e, const char *sig)
{
    for (; e; e = e->next)
        if (strcmp(e->sig, sig) == 0)
            return e;
    return NULL;
}

/* The cached entry for sig, built on first use; NULL if sig is bad. The
 * entry is built before sig_mu is taken: its allocations wait for a fork
 * in progress (pool.c, alloc_lock), and sig_mu's prepare handler may run
 * after the pool's, which holds alloc_lock by then, so an allocation
 * under sig_mu could deadlock the fork. A thread that loses the race to
 * insert frees its copy. */
static sig_entry *sig_lookup(const char *sig)
{
    _Atomic(sig_entry *) *head = &sig_table[sig_hash(sig)];
    /* acquire: pairs with the release below, so the entry is complete */
    sig_entry *e = chain_find(atomic_load_explicit(head, memory_order_acquire), sig);
    if (e)
        return e;
    int nargs = sig_check(sig);
    if (nargs < 0)
        return NULL;
    sig_entry *mine = sig_build(sig, nargs);
    pthread_once(&sig_fork_once, sig_fork_register);
    pthread_mutex_lock(&sig_mu);
    e = chain_find(atomic_load_explicit(head, memory_order_relaxed), sig);
    if (!e) { /* nobody added it meanwhile */
        e = mine;
        e->next = atomic_load_explicit(head, memory_order_relaxed);
        atomic_store_explicit(head, e, memory_order_release);
    }
    pthread_mutex_unlock(&sig_mu);
    if (e != mine) {
        cilkrt_free(mine->sig);
        cilkrt_free(mine);
    }
    return e;
}

ffi_cif *cilk_sig_cif(const char *sig)
{
    if (!sig) {
        invalid("cilk_sig_cif", "expected a signature, got a null pointer");
        return NULL;
    }
    sig_entry *e = sig_lookup(sig);
    return e ? &e->cif : NULL;
}

/* Store the next variadic argument, of type letter `code`, at dst. */
static void read_arg(char code, void *dst, va_list *ap)
{
#define READ_CASE(L, T, P, F)                                                                      \
    case L: {                                                                                      \
        T v = (T)va_arg(*ap, P);                                                                   \
        memcpy(dst, &v, sizeof v);                                                                 \
        break;                                                                                     \
    }
    switch (code) {
        SIG_TYPES(READ_CASE)
    }
#undef READ_CASE
}

int cilk_spawnf(cilk_group *pg, void (*fn)(void), const char *sig, void *result, ...)
{
    if (!pg || !fn || !sig)
        return invalid("cilk_spawnf", "expected a group, a function and a signature, got a "
                                      "null pointer");
    sig_entry *e = sig_lookup(sig);
    if (!e)
        return -1;
    group *g = group_of(pg);
    check_owner(g, "cilk_spawnf");
    check_nested(g, 1, "cilk_spawnf");
    call *c = call_alloc(g, e->size);
    lay_out(c, &e->cif, fn, result);
    va_list ap;
    va_start(ap, result);
    for (unsigned i = 0; i < e->cif.nargs; i++)
        read_arg(e->codes[i], c->args[i], &ap);
    va_end(ap);
    call_spawn(g, c);
    return 0;
}
