/*
 * criterion.h for ThreadSanitizer runs: a minimal stand-in for the subset
 * of Criterion the runtime tests use.
 *
 * Criterion cannot start under ThreadSanitizer ("Could not initialize
 * inheritable arena", Snaipe/Criterion issue #274), so the TSan build of
 * tests/runtime puts this directory first on the include path. Like
 * Criterion, it runs each test in its own forked process (each test gets a
 * fresh worker pool), reports [PASS]/[FAIL] and a synthesis line, and exits
 * non-zero if a test failed. Test options (.timeout = N) are accepted;
 * every test gets the same generous alarm. Arguments are ignored.
 */
#ifndef RT_MINI_CRITERION_H
#define RT_MINI_CRITERION_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define MC_ALARM_SECONDS 600

struct mc_test {
    const char *suite, *name;
    void (*fn)(void);
    struct mc_test *next;
};
static struct mc_test *mc_tests;
static int mc_failed; /* in the test's process */

#define Test(suite, name, ...)                                                                \
    static void suite##_##name(void);                                                     \
    static struct mc_test mc_test_##suite##_##name = {#suite, #name, suite##_##name, NULL}; \
    __attribute__((constructor)) static void mc_register_##suite##_##name(void)           \
    {                                                                                     \
        mc_test_##suite##_##name.next = mc_tests;                                         \
        mc_tests = &mc_test_##suite##_##name;                                             \
    }                                                                                     \
    static void suite##_##name(void)

__attribute__((format(printf, 4, 5))) static void mc_report(const char *file, int line,
                                                            const char *expr, const char *fmt,
                                                            ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "[----] %s:%d: failed: %s", file, line, expr);
    if (fmt[1]) { /* fmt is " " followed by the test's message, if any */
        fprintf(stderr, ":");
        vfprintf(stderr, fmt, ap);
    }
    fprintf(stderr, "\n");
    va_end(ap);
    mc_failed = 1;
}

#define MC_CHECK(fatal, cond, expr, ...)                                    \
    do {                                                                    \
        if (!(cond)) {                                                      \
            mc_report(__FILE__, __LINE__, expr, " " __VA_ARGS__);           \
            if (fatal)                                                      \
                exit(1);                                                    \
        }                                                                   \
    } while (0)

#define cr_expect(c, ...) MC_CHECK(0, (c), #c, __VA_ARGS__)
#define cr_assert(c, ...) MC_CHECK(1, (c), #c, __VA_ARGS__)
#define cr_expect_eq(a, b, ...) MC_CHECK(0, (a) == (b), #a " == " #b, __VA_ARGS__)
#define cr_assert_eq(a, b, ...) MC_CHECK(1, (a) == (b), #a " == " #b, __VA_ARGS__)
#define cr_expect_leq(a, b, ...) MC_CHECK(0, (a) <= (b), #a " <= " #b, __VA_ARGS__)
#define cr_expect_geq(a, b, ...) MC_CHECK(0, (a) >= (b), #a " >= " #b, __VA_ARGS__)
#define cr_assert_geq(a, b, ...) MC_CHECK(1, (a) >= (b), #a " >= " #b, __VA_ARGS__)
#define cr_expect_gt(a, b, ...) MC_CHECK(0, (a) > (b), #a " > " #b, __VA_ARGS__)
#define cr_expect_not_null(p, ...) MC_CHECK(0, (p) != NULL, #p " != NULL", __VA_ARGS__)
#define cr_assert_not_null(p, ...) MC_CHECK(1, (p) != NULL, #p " != NULL", __VA_ARGS__)
#define cr_expect_null(p, ...) MC_CHECK(0, (p) == NULL, #p " == NULL", __VA_ARGS__)
#define cr_expect_str_eq(a, b, ...) \
    MC_CHECK(0, strcmp((a), (b)) == 0, #a " equals " #b, __VA_ARGS__)
#define cr_log_info(...) (fprintf(stderr, "[----] " __VA_ARGS__), fprintf(stderr, "\n"))

int main(void)
{
    int tested = 0, failing = 0;
    for (struct mc_test *t = mc_tests; t; t = t->next) {
        fflush(NULL);
        pid_t pid = fork();
        if (pid == 0) {
            alarm(MC_ALARM_SECONDS);
            t->fn();
            exit(mc_failed);
        }
        int status = 0;
        waitpid(pid, &status, 0);
        int ok = pid > 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0;
        fprintf(stderr, "[%s] %s::%s\n", ok ? "PASS" : "FAIL", t->suite, t->name);
        tested++;
        failing += !ok;
    }
    fprintf(stderr, "[====] Synthesis: Tested: %d | Passing: %d | Failing: %d\n", tested,
            tested - failing, failing);
    return failing != 0;
}

#endif
