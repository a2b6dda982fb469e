/*
 * main.c: the cilkc command. One file of C with spawn/sync in, plain C out:
 *
 *   read (a .cilkc file through `$CC -E`, a .i file or stdin as is)
 *   -> translate (scan, parse, reducers, cilk_for/cilk_scope, lower:
 *      translate.c) -> write (only when there was no error, never over
 *      the input, never losing the old output: output.c)
 */
#include "arena.h"
#include "buf.h"
#include "diag.h"
#include "lower.h"
#include "output.h"
#include "translate.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef CILKC_VERSION
#define CILKC_VERSION "0.1.0"
#endif

typedef struct {
    const char *input;  /* file name, or "-" for stdin */
    const char *output; /* NULL or "-": stdout */
    StealMode mode;
    int workspan;     /* --workspan: work/span hooks (docs/workspan.md) */
    const char **cpp; /* -I/-D/-U options for the preprocessor */
    int ncpp;
} Options;

static const char usage[] =
    "usage: cilkc [-o OUT] [--steal=continuation|child|serial] [--workspan]\n"
    "             [-I DIR] [-D NAME[=VAL]] [-U NAME] [--version] [--help] FILE|-\n"
    "Translate one file of C with spawn/sync into plain C. A .i file or -\n"
    "(stdin) is read as already preprocessed; any other file is preprocessed\n"
    "first with $CC -E (default cc). Output goes to OUT, or stdout.\n";

static void bad_usage(const char *fmt, const char *arg)
{
    fputs("cilkc: error: ", stderr);
    fprintf(stderr, fmt, arg);
    fputs("\n(run cilkc --help for usage)\n", stderr);
    exit(1);
}

/* -I DIR or -IDIR: the option with its value glued, for the preprocessor. */
static int cpp_option(Options *o, int argc, char **argv, int *i)
{
    const char *a = argv[*i];
    if (a[0] != '-' || !strchr("IDU", a[1]) || a[1] == '\0')
        return 0;
    if (a[2] == '\0') {
        if (*i + 1 >= argc)
            bad_usage("missing argument to '%s'", a);
        size_t n = strlen(argv[*i + 1]) + 3;
        char *s = xmalloc(n);
        snprintf(s, n, "-%c%s", a[1], argv[++*i]);
        a = s;
    }
    o->cpp[o->ncpp++] = a;
    return 1;
}

static Options parse_options(int argc, char **argv)
{
    Options o = {.mode = STEAL_CONTINUATION};
    o.cpp = xmalloc((size_t)argc * sizeof *o.cpp);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0) {
            fputs(usage, stdout);
            exit(0);
        } else if (strcmp(a, "--version") == 0) {
            puts("cilkc " CILKC_VERSION);
            exit(0);
        } else if (strcmp(a, "-o") == 0) {
            if (i + 1 >= argc)
                bad_usage("missing argument to '%s'", a);
            o.output = argv[++i];
        } else if (strncmp(a, "--steal=", 8) == 0) {
            if (strcmp(a + 8, "continuation") == 0)
                o.mode = STEAL_CONTINUATION;
            else if (strcmp(a + 8, "child") == 0)
                o.mode = STEAL_CHILD;
            else if (strcmp(a + 8, "serial") == 0)
                o.mode = STEAL_SERIAL;
            else
                bad_usage("unknown steal mode '%s': expected continuation, child or serial", a + 8);
        } else if (strcmp(a, "--workspan") == 0) {
            o.workspan = 1;
        } else if (cpp_option(&o, argc, argv, &i)) {
            continue;
        } else if (a[0] == '-' && a[1] != '\0') {
            bad_usage("unknown option '%s'", a);
        } else if (o.input) {
            bad_usage("more than one input file ('%s')", a);
        } else {
            o.input = a;
        }
    }
    if (!o.input)
        bad_usage("no input file%s", "");
    return o;
}

/* Append everything readable from fd to b. */
static int read_all(int fd, Buf *b)
{
    char chunk[65536];
    for (;;) {
        ssize_t n = read(fd, chunk, sizeof chunk);
        if (n == 0)
            return 0;
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        buf_add(b, chunk, (size_t)n);
    }
}

static int needs_preprocessing(const char *name)
{
    size_t n = strlen(name);
    return strcmp(name, "-") != 0 && !(n >= 2 && strcmp(name + n - 2, ".i") == 0);
}

/* What cilkc sources may test, as cilkcc defines them too (cilkcc.c,
 * add_predefined): __cilk as OpenCilk defines it, __cilkc__, the mode. */
static const char *steal_macro(StealMode mode)
{
    switch (mode) {
    case STEAL_CHILD:
        return "-D__cilkc_steal_child__=1";
    case STEAL_SERIAL:
        return "-D__cilkc_steal_serial__=1";
    default:
        return "-D__cilkc_steal_continuation__=1";
    }
}

/* argv for `$CC -E -x c MACROS OPTIONS FILE`: $CC may hold words ("ccache
 * gcc"), split into the copy words. */
static char **cpp_argv(const Options *o, char **words)
{
    const char *cc = getenv("CC");
    if (!cc || !*cc)
        cc = "cc";
    *words = strcpy(xmalloc(strlen(cc) + 1), cc);
    char **argv = xmalloc((strlen(cc) + (size_t)o->ncpp + 11) * sizeof *argv);
    int n = 0;
    for (char *w = strtok(*words, " \t"); w; w = strtok(NULL, " \t"))
        argv[n++] = w;
    argv[n++] = "-E";
    argv[n++] = "-C"; /* keep comments: cc's -Wimplicit-fallthrough reads them */
    argv[n++] = "-x";
    argv[n++] = "c";
    argv[n++] = "-D__cilk=200";
    argv[n++] = "-D__cilkc__=1";
    argv[n++] = (char *)steal_macro(o->mode);
    for (int i = 0; i < o->ncpp; i++)
        argv[n++] = (char *)o->cpp[i];
    argv[n++] = (char *)o->input;
    argv[n] = NULL;
    return argv;
}

/* Run the preprocessor (fork + execvp, no shell) and collect its output. */
static void preprocess(const Options *o, Buf *b, Diag *d)
{
    char *words;
    char **argv = cpp_argv(o, &words);
    int fds[2];
    if (pipe(fds) != 0)
        diag_fatal("pipe: %s", strerror(errno));
    pid_t pid = fork();
    if (pid < 0)
        diag_fatal("fork: %s", strerror(errno));
    if (pid == 0) {
        dup2(fds[1], STDOUT_FILENO);
        close(fds[0]);
        close(fds[1]);
        execvp(argv[0], argv);
        fprintf(stderr, "cilkc: error: cannot run '%s': %s\n", argv[0], strerror(errno));
        _exit(127);
    }
    close(fds[1]);
    int failed = read_all(fds[0], b);
    close(fds[0]);
    int status;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
        continue;
    if (failed || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
        diag_plain(d, "preprocessing '%s' with '%s' failed", o->input, argv[0]);
    free(words);
    free(argv);
}

static void read_input(const Options *o, Unit *u, Buf *b, Diag *d)
{
    u->name = strcmp(o->input, "-") == 0 ? "<stdin>" : o->input;
    if (needs_preprocessing(o->input)) {
        preprocess(o, b, d);
    } else {
        FILE *f = strcmp(o->input, "-") == 0 ? stdin : fopen(o->input, "rb");
        if (!f || read_all(fileno(f), b) != 0)
            diag_plain(d, "cannot read '%s': %s", o->input, strerror(errno));
        if (f && f != stdin)
            fclose(f);
    }
    u->buf = b->data ? b->data : "";
    u->len = b->len;
}

int main(int argc, char **argv)
{
    Options o = parse_options(argc, argv);
    Diag d = {0};
    Arena a = {0};
    Unit u = {0};
    Buf in = {0}, out = {0};

    output_check_not_input(o.output, o.input, &d);
    if (!d.nerrors)
        read_input(&o, &u, &in, &d);
    if (!d.nerrors)
        translate_unit(&u, &a, &d, o.mode, o.workspan, &in, &out);
    if (!d.nerrors)
        output_write(o.output, &out, &d);

    buf_free(&in);
    buf_free(&out);
    arena_free(&a);
    free(o.cpp);
    return d.nerrors ? 1 : 0;
}
