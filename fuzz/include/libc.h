/*
 * libc.h: a stand-in for the C library's headers, used only to make the
 * seeds of fuzz-translate (fuzz/seeds.sh): corpus programs preprocessed
 * against it keep their own code and get the type names, constants and
 * macros they use in a few dozen lines, instead of the thousands of lines
 * of the real headers (which fuzzing would spend its mutations on, and
 * which would not fit in -max_len). The translator never sees it
 * otherwise. Every header of this directory is this file.
 */
#ifndef FUZZ_LIBC_H
#define FUZZ_LIBC_H

#define NULL ((void *)0)
typedef unsigned long size_t;
typedef long ssize_t, ptrdiff_t, off_t, time_t, clock_t, intptr_t, intmax_t;
typedef unsigned long uintptr_t, uintmax_t, pthread_t;
typedef int wchar_t, pid_t, clockid_t, sig_atomic_t;
typedef signed char int8_t;
typedef short int16_t;
typedef int int32_t;
typedef long int64_t;
typedef unsigned char uint8_t;
typedef unsigned short uint16_t;
typedef unsigned int uint32_t;
typedef unsigned long uint64_t;
#define bool _Bool
#define true 1
#define false 0
#define offsetof(t, m) __builtin_offsetof(t, m)

#define CHAR_BIT 8
#define SCHAR_MIN (-128)
#define SCHAR_MAX 127
#define UCHAR_MAX 255
#define CHAR_MIN SCHAR_MIN
#define CHAR_MAX SCHAR_MAX
#define SHRT_MIN (-32768)
#define SHRT_MAX 32767
#define USHRT_MAX 65535
#define INT_MIN (-INT_MAX - 1)
#define INT_MAX 2147483647
#define UINT_MAX 4294967295U
#define LONG_MIN (-LONG_MAX - 1L)
#define LONG_MAX 9223372036854775807L
#define ULONG_MAX 18446744073709551615UL
#define LLONG_MAX LONG_MAX
#define INT64_MAX LONG_MAX
#define UINT64_MAX ULONG_MAX
#define SIZE_MAX ULONG_MAX
#define DBL_MAX 1.79769313486231570815e+308
#define DBL_MIN 2.22507385850720138309e-308
#define DBL_EPSILON 2.22044604925031308085e-16
#define FLT_MAX 3.40282346638528859812e+38F

typedef __builtin_va_list va_list;
#define va_start(v, l) __builtin_va_start(v, l)
#define va_end(v) __builtin_va_end(v)
#define va_arg(v, t) __builtin_va_arg(v, t)
#define va_copy(d, s) __builtin_va_copy(d, s)

typedef struct fuzz_file FILE;
extern FILE *stdin, *stdout, *stderr;
#define EOF (-1)
#define EXIT_SUCCESS 0
#define EXIT_FAILURE 1
#define RAND_MAX 2147483647
#define alloca(n) __builtin_alloca(n)

struct timespec {
    time_t tv_sec;
    long tv_nsec;
};
#define CLOCK_REALTIME 0
#define CLOCK_MONOTONIC 1
#define CLOCKS_PER_SEC 1000000L

typedef union {
    char size[40];
    long align;
} pthread_mutex_t, pthread_cond_t, pthread_attr_t, pthread_barrier_t, pthread_once_t;
#define PTHREAD_MUTEX_INITIALIZER {{0}}
#define PTHREAD_COND_INITIALIZER {{0}}
#define PTHREAD_ONCE_INIT {{0}}
typedef struct {
    int size[20];
} posix_spawn_file_actions_t, posix_spawnattr_t;

#define SIGABRT 6
#define SIGALRM 14
#define SIGKILL 9
#define SIGSEGV 11
#define SIGUSR1 10
#define SIG_BLOCK 0
typedef struct {
    unsigned long bits[16];
} sigset_t;
#define WIFEXITED(s) (((s) & 0x7f) == 0)
#define WEXITSTATUS(s) (((s) & 0xff00) >> 8)
#define WIFSIGNALED(s) (((signed char)(((s) & 0x7f) + 1) >> 1) > 0)
#define WTERMSIG(s) ((s) & 0x7f)
#define _SC_NPROCESSORS_ONLN 84

typedef enum {
    memory_order_relaxed,
    memory_order_consume,
    memory_order_acquire,
    memory_order_release,
    memory_order_acq_rel,
    memory_order_seq_cst
} memory_order;
typedef _Atomic int atomic_int;
typedef _Atomic unsigned atomic_uint;
typedef _Atomic long atomic_long;
typedef _Atomic unsigned long atomic_ulong;
typedef _Atomic long long atomic_llong;
typedef _Atomic _Bool atomic_bool;
typedef _Atomic size_t atomic_size_t;
typedef _Atomic uintptr_t atomic_uintptr_t;
#define ATOMIC_VAR_INIT(v) (v)
#define atomic_init(p, v) __atomic_store_n(p, v, memory_order_relaxed)
#define atomic_load(p) __atomic_load_n(p, memory_order_seq_cst)
#define atomic_store(p, v) __atomic_store_n(p, v, memory_order_seq_cst)
#define atomic_load_explicit(p, o) __atomic_load_n(p, o)
#define atomic_store_explicit(p, v, o) __atomic_store_n(p, v, o)
#define atomic_fetch_add(p, v) __atomic_fetch_add(p, v, memory_order_seq_cst)
#define atomic_fetch_add_explicit(p, v, o) __atomic_fetch_add(p, v, o)
#define atomic_fetch_sub(p, v) __atomic_fetch_sub(p, v, memory_order_seq_cst)
#define atomic_fetch_sub_explicit(p, v, o) __atomic_fetch_sub(p, v, o)
#define atomic_exchange(p, v) __atomic_exchange_n(p, v, memory_order_seq_cst)
#define atomic_compare_exchange_strong(p, e, v)                                           \
    __atomic_compare_exchange_n(p, e, v, 0, memory_order_seq_cst, memory_order_seq_cst)

#endif
