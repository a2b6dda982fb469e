/*
 * cilkcc.c: the compiler driver, a drop-in for cc as mpicc is.
 *
 * For each .cilkc input: `$CC -E` with the user's options, then
 * `cilkc --steal=MODE`, then `$CC -c` on the generated C with the runtime's
 * include directory. Every other input and option goes to $CC unchanged; a
 * link adds libcilkrt.a, libffi (as needed) and -lpthread after the user's
 * inputs.
 *
 * Tools run by fork and execvp, never through a shell. Temporaries come from
 * mkstemps in $TMPDIR, are removed as soon as they have been used, and on
 * every exit path, including a fatal signal, which is first passed on to
 * the running tool and waited for. The exit status is the failing tool's.
 *
 * Layout (both found relative to this binary's directory BIN):
 *   build tree: BIN/cilkc, BIN/../include/cilkrt_abi.h, BIN/../lib/libcilkrt.a
 *   installed:  BIN/cilkc, BIN/../include/cilkrt/cilkrt_abi.h, BIN/../lib/libcilkrt.a
 * compiler/cilkcc.mk installs that second layout; keep both in step.
 */
#define _GNU_SOURCE /* vasprintf */
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef CILKC_VERSION
#define CILKC_VERSION "0.1.0"
#endif

/* Where an argument goes, decided once while parsing the command line. */
typedef enum {
    ARG_COMMON,  /* every cc command: -I, -D, -O2, -g, -W..., -f..., -pthread */
    ARG_PP_ONLY, /* only preprocessing: -include, -imacros (not twice) */
    ARG_DEP,     /* -MD, -MF...: the .cilkc dependencies come from cc -E */
    ARG_NO_PP,   /* every command but cc -E: -save-temps */
    ARG_LINK,    /* only the link: -l, -L, -Wl,..., -static */
    ARG_LANG,    /* -x LANG (not cilkc): applies to the inputs after it */
    ARG_INPUT,   /* a file for cc */
    ARG_CILKC,   /* a .cilkc file */
} ArgKind;

typedef struct {
    ArgKind kind;
    const char *word[2]; /* the option and its separate argument, if any */
    int nword;
    const char *object; /* ARG_CILKC while linking: its temporary object */
} Arg;

typedef enum { STAGE_PREPROCESS, STAGE_ASSEMBLY, STAGE_COMPILE, STAGE_LINK } Stage;
typedef enum { SAVE_NONE, SAVE_OBJ, SAVE_CWD } SaveTemps;

typedef struct {
    Arg *args;
    int nargs;
    Stage stage;
    const char *output; /* -o, or NULL */
    const char *steal;  /* continuation, child or serial */
    int workspan;       /* --workspan or -fcilktool=cilkscale */
    SaveTemps save_temps;
    int verbose;
    int ninputs, ncilkc;
    int has_dep_file, has_dep_target, has_dep; /* -MF, -MT/-MQ, -MD/-MMD */
    int shared;                                /* -shared */
    int lang_cilkc;                            /* after -x cilkc: every input is a .cilkc file */
    int pedantic;                              /* -pedantic, -pedantic-errors, -Wpedantic */
    /* Tools and the runtime, found by locate(). */
    char **cc; /* $CC split into words, NULL-terminated */
    const char *cilkc;
    const char *include_dir; /* NULL: none found */
    const char *runtime_lib; /* NULL: none found */
} Driver;

/* A growing, NULL-terminated argument vector for one tool run. */
typedef struct {
    const char **v;
    int n, cap;
} Argv;

static const char *const steal_modes[] = {"continuation", "child", "serial"};

/* ------------------------------------------------------------------------
 * Messages, memory, temporaries
 * ------------------------------------------------------------------------ */

static void error(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

static void error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("cilkcc: error: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(1);
}

static void *xrealloc(void *p, size_t size)
{
    p = realloc(p, size);
    if (!p)
        error("out of memory");
    return p;
}

static char *format(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static char *format(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *s = NULL;
    if (vasprintf(&s, fmt, ap) < 0)
        error("out of memory");
    va_end(ap);
    return s;
}

/* Temporaries that exist now, removed at exit and on a fatal signal. The
 * list changes only with those signals blocked, so the handler never sees
 * it half-updated. A directory comes before the files made in it, and the
 * list is emptied from its end. Each temporary is removed as soon as it
 * has been used (a link of hundreds of .cilkc files keeps only their
 * objects). */
static char **temps;
static int ntemps, captemps;
static sigset_t fatal_signals;

/* The tool running now (0: none): a fatal signal is passed on to it and
 * waited for, so that it neither outlives cilkcc nor re-creates a file
 * after the cleanup. */
static volatile sig_atomic_t child;

static void remove_temps(void)
{
    for (int i = ntemps - 1; i >= 0; i--)
        if (unlink(temps[i]) != 0)
            rmdir(temps[i]);
}

/* Only async-signal-safe calls: kill, waitpid, unlink, rmdir, signal,
 * raise. */
static void on_signal(int sig)
{
    if (child > 0) {
        kill((pid_t)child, sig);
        while (waitpid((pid_t)child, NULL, 0) < 0 && errno == EINTR)
            continue;
    }
    remove_temps();
    signal(sig, SIG_DFL);
    raise(sig);
}

static void install_cleanup(void)
{
    static const int sigs[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE};
    atexit(remove_temps);
    sigemptyset(&fatal_signals);
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
        sigaddset(&fatal_signals, sigs[i]);
        if (signal(sigs[i], on_signal) == SIG_IGN)
            signal(sigs[i], SIG_IGN);
    }
}

static void block_fatal(sigset_t *old) { sigprocmask(SIG_BLOCK, &fatal_signals, old); }

static void unblock(const sigset_t *old) { sigprocmask(SIG_SETMASK, old, NULL); }

static const char *temp_dir(void)
{
    const char *dir = getenv("TMPDIR");
    return dir && *dir ? dir : "/tmp";
}

/* Called with the fatal signals blocked. */
static void add_temp(char *path)
{
    if (ntemps == captemps) {
        captemps = captemps ? 2 * captemps : 16;
        temps = xrealloc(temps, (size_t)captemps * sizeof *temps);
    }
    temps[ntemps++] = path;
}

/* Remove the temporary named by the first len bytes of path, if it is in
 * the list (a kept -save-temps file is not), keeping the others' order. */
static void drop_entry(const char *path, size_t len)
{
    sigset_t old;
    block_fatal(&old);
    for (int i = ntemps - 1; i >= 0; i--) {
        if (strlen(temps[i]) == len && strncmp(temps[i], path, len) == 0) {
            if (unlink(temps[i]) != 0)
                rmdir(temps[i]);
            free(temps[i]);
            memmove(&temps[i], &temps[i + 1], (size_t)(ntemps - i - 1) * sizeof *temps);
            ntemps--;
            break;
        }
    }
    unblock(&old);
}

/* A temporary from make_temp has been used: remove it now. */
static void drop_temp(const char *path) { drop_entry(path, strlen(path)); }

/* The same for make_temp_named: the file, then its directory (path is
 * the list's own string, freed with the file's entry: work on a copy). */
static void drop_temp_named(const char *path)
{
    char *copy = format("%s", path);
    drop_entry(copy, strlen(copy));
    drop_entry(copy, (size_t)(strrchr(copy, '/') - copy));
    free(copy);
}

/* A new empty file in $TMPDIR whose name ends in suffix. */
static const char *make_temp(const char *suffix)
{
    char *path = format("%s/cilkcc-XXXXXX%s", temp_dir(), suffix);
    sigset_t old;
    block_fatal(&old);
    int fd = mkstemps(path, (int)strlen(suffix));
    if (fd >= 0)
        add_temp(path);
    unblock(&old);
    if (fd < 0)
        error("cannot create a temporary file in %s: %s", temp_dir(), strerror(errno));
    close(fd);
    return path;
}

/* A temporary path whose last component is name, in a new directory of
 * $TMPDIR: for a file whose name ends up in an object, which must not
 * depend on the random part. */
static const char *make_temp_named(const char *name)
{
    char *dir = format("%s/cilkcc-XXXXXX", temp_dir());
    char *path = NULL;
    sigset_t old;
    block_fatal(&old);
    if (mkdtemp(dir)) {
        add_temp(dir);
        path = format("%s/%s", dir, name);
        add_temp(path);
    }
    unblock(&old);
    if (!path)
        error("cannot create a temporary directory in %s: %s", temp_dir(), strerror(errno));
    return path;
}

/* ------------------------------------------------------------------------
 * Running tools
 * ------------------------------------------------------------------------ */

static void argv_add(Argv *a, const char *s)
{
    if (a->n + 2 > a->cap) {
        a->cap = a->cap ? 2 * a->cap : 32;
        a->v = xrealloc(a->v, (size_t)a->cap * sizeof *a->v);
    }
    a->v[a->n++] = s;
    a->v[a->n] = NULL;
}

static void argv_add_cc(Argv *a, const Driver *d)
{
    for (char **w = d->cc; *w; w++)
        argv_add(a, *w);
}

/* Run a tool and wait for it; its stderr goes to err_fd unless that is -1.
 * Returns its wait status. */
static int run_status(const Driver *d, Argv *a, int err_fd)
{
    if (d->verbose) {
        for (int i = 0; i < a->n; i++)
            fprintf(stderr, "%s%s", i ? " " : "", a->v[i]);
        fputc('\n', stderr);
    }
    fflush(NULL);
    sigset_t old;
    block_fatal(&old); /* until child names the new process */
    pid_t pid = fork();
    if (pid < 0)
        error("cannot fork: %s", strerror(errno));
    if (pid == 0) {
        unblock(&old);
        if (err_fd >= 0)
            dup2(err_fd, STDERR_FILENO);
        execvp(a->v[0], (char *const *)a->v);
        fprintf(stderr, "cilkcc: error: cannot run '%s': %s\n", a->v[0], strerror(errno));
        _exit(127);
    }
    child = pid;
    unblock(&old);
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
            error("waitpid: %s", strerror(errno));
    child = 0;
    free(a->v);
    *a = (Argv){0};
    return status;
}

/* On a tool's failure exit with its status (atexit then removes the
 * temporaries); a tool killed by a signal gives 128 + signal, and is named
 * (cilkc or cc: the command's first word). */
static void check_status(const char *tool, int status)
{
    if (WIFEXITED(status) && WEXITSTATUS(status) != 0)
        exit(WEXITSTATUS(status));
    if (WIFSIGNALED(status)) {
        fprintf(stderr, "cilkcc: error: '%s' terminated by signal %d\n", tool, WTERMSIG(status));
        exit(128 + WTERMSIG(status));
    }
}

/* (the tool's name outlives a: run_status frees only the vector) */
static void run(const Driver *d, Argv *a)
{
    const char *tool = a->v[0];
    check_status(tool, run_status(d, a, -1));
}

/* ------------------------------------------------------------------------
 * cc's messages about the generated C
 *
 * cilkc writes a statement of a parallel function into several generated
 * functions (both clones, child thunks, __typeof__ of a result), each at
 * the user's line and column, so cc may report one mistake several times.
 * Its messages are passed on with each (file:line, kind, text) once, the
 * notes after a message with it, and the generated names in "In function"
 * lines turned back into the user's.
 * ------------------------------------------------------------------------ */

typedef struct {
    char **v;
    int n;
} Strings;

static void strings_add(Strings *l, char *s)
{
    l->v = xrealloc(l->v, (size_t)(l->n + 1) * sizeof *l->v);
    l->v[l->n++] = s;
}

static int strings_has(const Strings *l, const char *s)
{
    for (int i = 0; i < l->n; i++)
        if (strcmp(l->v[i], s) == 0)
            return 1;
    return 0;
}

static const char *skip_digits(const char *p)
{
    while (*p >= '0' && *p <= '9')
        p++;
    return p;
}

/* Where a message points, from its first line. */
typedef struct {
    char *file;
    long line, col;
    char *key; /* "FILE:LINE: KIND: TEXT": the column left out, since a
                  statement written twice may put one mistake at two */
    int note;
} Head;

/* A message's first line, "FILE:LINE:COL: KIND: TEXT"? */
static int message_head(const char *line, Head *h)
{
    for (const char *p = strchr(line, ':'); p; p = strchr(p + 1, ':')) {
        const char *c = skip_digits(p + 1);
        if (c == p + 1 || *c != ':')
            continue;
        const char *e = skip_digits(c + 1);
        if (e == c + 1 || strncmp(e, ": ", 2) != 0)
            continue;
        e += 2;
        if (strncmp(e, "error: ", 7) != 0 && strncmp(e, "warning: ", 9) != 0 &&
            strncmp(e, "note: ", 6) != 0 && strncmp(e, "fatal error: ", 13) != 0)
            return 0;
        h->file = format("%.*s", (int)(p - line), line);
        h->line = strtol(p + 1, NULL, 10);
        h->col = strtol(c + 1, NULL, 10);
        h->note = strncmp(e, "note: ", 6) == 0;
        h->key = format("%.*s %s", (int)(c - line), line, e);
        return 1;
    }
    return 0;
}

/* clang names a type that generated code wrote as __typeof__ of an
 * expression by that expression, as in "'typeof (((void)0 , cilkc_a0))'
 * (aka 'struct s')": only what it stands for is the user's, 'struct s'.
 * Rewritten in place (shorter). */
static char *plain_types(char *line)
{
    char *p = line;
    while ((p = strstr(p, "'typeof ("))) {
        char *aka = strstr(p, "' (aka '");
        char *end = aka ? strstr(aka + 8, "')") : NULL;
        if (!end)
            break;
        size_t n = (size_t)(end + 1 - (aka + 7)); /* 'T', quotes included */
        memmove(p, aka + 7, n);
        memmove(p + n, end + 2, strlen(end + 2) + 1);
        p += n;
    }
    return line;
}

/* gcc quotes the source as "  12 | text" and "     |   ^". */
static int is_gcc_quote(const char *line)
{
    const char *p = skip_digits(line + strspn(line, " "));
    p += strspn(p, " ");
    return *p == '|' && p > line && p[-1] == ' ';
}

/* Line n of file, without its newline, or NULL. */
static char *source_line(const char *file, long n)
{
    FILE *f = fopen(file, "r");
    if (!f)
        return NULL;
    char *line = NULL;
    size_t cap = 0;
    ssize_t len = -1;
    for (long i = 0; i < n && (len = getline(&line, &cap, f)) >= 0; i++)
        continue;
    fclose(f);
    if (len < 0) {
        free(line);
        return NULL;
    }
    line[strcspn(line, "\n")] = '\0';
    return line;
}

/* clang quotes the generated C, where the #line directives point: quote
 * the user's line instead, with a caret at the column. */
static void quote_source(FILE *out, const Head *h)
{
    char *line = source_line(h->file, h->line);
    if (!line)
        return;
    fprintf(out, "%s\n", line);
    for (long i = 1; i < h->col && line[i - 1]; i++)
        fputc(line[i - 1] == '\t' ? '\t' : ' ', out);
    fputs("^\n", out);
    free(line);
}

/* Lines that set the scene for the messages after them. */
static int is_context(const char *line)
{
    return strstr(line, ": In function ") || strstr(line, ": At top level:") ||
           strncmp(line, "In file included from ", 22) == 0 ||
           strncmp(line, "                 from ", 22) == 0;
}

static void cut(char *p, size_t n) { memmove(p, p + n, strlen(p + n) + 1); }

/* "In function 'cilkc_slow_fib'" -> "In function 'fib'" (also the fast
 * clone's spawning part, lower_cont.c); a child-mode
 * thunk "cilkc_thunk_fib_2" -> "fib". */
static char *user_names(char *line)
{
    static const char *const prefixes[] = {"cilkc_fast_", "cilkc_spawning_", "cilkc_slow_",
                                           "cilkc_body_", "cilkc_inlet_",    "cilkc_root_",
                                           "cilkc_thunk_"};
    static const char ident[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_";
    for (size_t k = 0; k < sizeof prefixes / sizeof prefixes[0]; k++)
        for (char *p; (p = strstr(line, prefixes[k]));) {
            cut(p, strlen(prefixes[k]));
            char *end = p + strspn(p, ident), *site = end;
            while (site > p && site[-1] >= '0' && site[-1] <= '9')
                site--;
            if (strcmp(prefixes[k], "cilkc_thunk_") == 0 && site < end && site - 1 > p &&
                site[-1] == '_')
                cut(site - 1, (size_t)(end - site + 1));
        }
    return line;
}

/* "2 warnings and 1 error generated.", as clang counts */
static void print_count(int warnings, int errors)
{
    if (warnings)
        fprintf(stderr, "%d warning%s%s", warnings, warnings > 1 ? "s" : "", errors ? " and " : "");
    if (errors)
        fprintf(stderr, "%d error%s", errors, errors > 1 ? "s" : "");
    if (warnings || errors)
        fputs(" generated.\n", stderr);
}

/* One message of cc's as cilkcc passes it on: its lines (the first one,
 * gcc's quotes or the user's source for clang's, its notes), where it
 * points, and the lines that set its scene ("In function ..."). */
typedef struct {
    Strings lines;
    Strings context;
    int file; /* rank of its file by first appearance; -1: no place */
    long line;
} Message;

typedef struct {
    Message *v;
    int n;
} Messages;

static Message *new_message(Messages *l, const Strings *context)
{
    l->v = xrealloc(l->v, (size_t)(l->n + 1) * sizeof *l->v);
    Message *m = &l->v[l->n++];
    memset(m, 0, sizeof *m);
    for (int i = 0; i < context->n; i++)
        strings_add(&m->context, context->v[i]);
    m->file = -1;
    return m;
}

/* Source order: by file (as they first appear), then line. Messages on
 * one line keep cc's order, which is not the columns' (the arguments of a
 * call are checked before the call), and so do messages with no place. */
static int before(const Message *a, const Message *b)
{
    if (a->file < 0 || b->file < 0 || a->file != b->file)
        return a->file >= 0 && b->file >= 0 && a->file < b->file;
    return a->line < b->line;
}

static void sort_messages(Messages *l)
{
    for (int i = 1; i < l->n; i++) {
        Message m = l->v[i];
        int j = i;
        for (; j > 0 && before(&m, &l->v[j - 1]); j--)
            l->v[j] = l->v[j - 1];
        l->v[j] = m;
    }
}

/* A message's scene, unless the one shown last is the same. */
static void show_context(const Strings *context, const Strings **shown)
{
    int same = *shown && (*shown)->n == context->n;
    for (int i = 0; same && i < context->n; i++)
        same = strcmp((*shown)->v[i], context->v[i]) == 0;
    if (!same)
        for (int i = 0; i < context->n; i++)
            fprintf(stderr, "%s\n", context->v[i]);
    *shown = context;
}

/* gcc's closing lines ("cc1: some warnings being treated as errors",
 * "compilation terminated.", "compilation terminated due to
 * -fmax-errors=1."): they stay last. */
static int is_trailer(const char *line)
{
    return strncmp(line, "cc1: ", 5) == 0 || strncmp(line, "compilation terminated", 22) == 0;
}

/* A message that points nowhere: clang's "fatal error: too many errors
 * emitted, stopping now [-ferror-limit=]", an unknown option's. */
static int is_placeless(const char *line)
{
    return strncmp(line, "fatal error: ", 13) == 0 || strncmp(line, "error: ", 7) == 0 ||
           strncmp(line, "warning: ", 9) == 0;
}

/* line without its colours (the SGR sequences ESC [ ... m and ESC [ K
 * that gcc and clang write under -fdiagnostics-color), into plain, which
 * has room for it. */
static void strip_colours(const char *line, char *plain)
{
    for (const char *p = line; *p;) {
        if (p[0] == '\033' && p[1] == '[') {
            const char *e = p + 2 + strspn(p + 2, "0123456789;");
            if (*e == 'm' || *e == 'K') {
                p = e + 1;
                continue;
            }
        }
        *plain++ = *p++;
    }
    *plain = '\0';
}

/* Print text (cc's stderr, NUL-terminated) with repeated messages left
 * out, in the order of the places they point to. cc reports a clone's
 * statements function by function (the fast clone's spawning part before
 * its entry, the slow clone after), so its order is not the source's. */
static void print_messages(char *text)
{
    Strings seen = {0}, context = {0}, files = {0}, trailer = {0}, owned = {0};
    Messages msgs = {0};
    Message *m = NULL; /* the message the next lines belong to; NULL: dropped */
    Head h = {0};
    int fresh = 0;  /* context lines since the last message: a new scene */
    int quoted = 0; /* the current message's source, for clang */
    int errors = 0, warnings = 0, counted = 0;
    char *plain = xrealloc(NULL, strlen(text) + 1);
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        /* read without colours, passed on with them */
        strip_colours(plain_types(line), plain);
        if (is_context(plain)) {
            if (!fresh)
                context.n = 0;
            fresh = 1;
            strings_add(&context, user_names(line));
        } else if (message_head(plain, &h)) {
            fresh = 0;
            quoted = 0;
            if (!h.note) {
                int keep = !strings_has(&seen, h.key);
                strings_add(&seen, h.key);
                errors += keep && !strstr(h.key, " warning: ");
                warnings += keep && strstr(h.key, " warning: ");
                m = keep ? new_message(&msgs, &context) : NULL;
                if (m) {
                    int k = 0;
                    while (k < files.n && strcmp(files.v[k], h.file) != 0)
                        k++;
                    if (k == files.n)
                        strings_add(&files, h.file);
                    m->file = k;
                    m->line = h.line;
                }
            } else if (!m && msgs.n == 0) {
                m = new_message(&msgs, &context); /* a note before any message */
            }
            if (m)
                strings_add(&m->lines, line);
        } else if (strstr(plain, " generated.")) {
            counted = 1; /* clang's count, which counted the repeats */
        } else if (is_trailer(plain)) {
            strings_add(&trailer, line);
        } else if ((!m && msgs.n == 0) || is_placeless(plain)) {
            fresh = 0;
            h.file = NULL;
            if (strncmp(plain, "warning: ", 9) == 0)
                warnings++;
            else if (is_placeless(plain))
                errors++;
            strings_add(&new_message(&msgs, &context)->lines, line);
            m = &msgs.v[msgs.n - 1];
        } else if (m && (is_gcc_quote(plain) || !h.file)) {
            strings_add(&m->lines, line);
        } else if (m && !quoted) {
            char *q = NULL;
            size_t size = 0;
            FILE *out = open_memstream(&q, &size);
            if (!out)
                error("out of memory");
            quote_source(out, &h);
            fclose(out);
            if (size && q[size - 1] == '\n')
                q[size - 1] = '\0';
            strings_add(&owned, q);
            if (*q)
                strings_add(&m->lines, q);
            quoted = 1;
        }
    }
    sort_messages(&msgs);
    const Strings *shown = NULL;
    for (int i = 0; i < msgs.n; i++) {
        show_context(&msgs.v[i].context, &shown);
        for (int k = 0; k < msgs.v[i].lines.n; k++)
            fprintf(stderr, "%s\n", msgs.v[i].lines.v[k]);
    }
    for (int k = 0; k < trailer.n; k++)
        fprintf(stderr, "%s\n", trailer.v[k]);
    if (counted)
        print_count(warnings, errors);
    for (int i = 0; i < msgs.n; i++) {
        free(msgs.v[i].lines.v);
        free(msgs.v[i].context.v);
    }
    for (int k = 0; k < owned.n; k++)
        free(owned.v[k]);
    free(msgs.v);
    free(owned.v);
    free(seen.v);
    free(context.v);
    free(files.v);
    free(trailer.v);
    free(plain);
}

/* run() for cc on generated C: its messages go through print_messages. */
static void run_cc_filtered(const Driver *d, Argv *a)
{
    const char *tool = a->v[0];
    const char *path = make_temp(".err");
    FILE *f = fopen(path, "w+");
    if (!f)
        error("cannot open '%s': %s", path, strerror(errno));
    int status = run_status(d, a, fileno(f));
    rewind(f);
    char *text = NULL;
    size_t size = 0;
    FILE *m = open_memstream(&text, &size);
    if (!m)
        error("out of memory");
    for (int c; (c = getc(f)) != EOF;)
        putc(c, m);
    fclose(m);
    fclose(f);
    drop_temp(path);
    print_messages(text);
    free(text);
    check_status(tool, status);
}

/* ------------------------------------------------------------------------
 * Finding cc, cilkc and the runtime
 * ------------------------------------------------------------------------ */

static int is_file(const char *path, int mode)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, mode) == 0;
}

/* The directory holding this binary, or NULL. */
static char *self_dir(const char *argv0)
{
    char path[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", path, sizeof path - 1);
    if (n > 0) {
        path[n] = '\0';
    } else if (!strchr(argv0, '/') || !realpath(argv0, path)) {
        return NULL;
    }
    *strrchr(path, '/') = '\0';
    return format("%s", path);
}

/* A command split at blanks, so that CC="ccache gcc" works without a shell. */
static char **split_words(const char *var, const char *value)
{
    char *s = format("%s", value);
    char **words = NULL;
    int n = 0;
    for (char *w = strtok(s, " \t"); w; w = strtok(NULL, " \t")) {
        words = xrealloc(words, (size_t)(n + 2) * sizeof *words);
        words[n++] = w;
    }
    if (n == 0)
        error("%s is blank", var);
    words[n] = NULL;
    return words;
}

static int same_file(const struct stat *a, const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && st.st_dev == a->st_dev && st.st_ino == a->st_ino;
}

/* Would execvp(name) start this very binary? name is looked up in PATH as
 * execvp does; a copy of cilkcc elsewhere is another file, not this one. */
static int is_self(const char *name)
{
    struct stat self;
    if (stat("/proc/self/exe", &self) != 0)
        return 0;
    if (strchr(name, '/'))
        return same_file(&self, name);
    const char *path = getenv("PATH");
    for (const char *p = path && *path ? path : "/usr/bin:/bin";;) {
        const char *colon = strchr(p, ':');
        int len = colon ? (int)(colon - p) : (int)strlen(p);
        char *file = format("%.*s/%s", len, len ? p : ".", name);
        int found = is_file(file, X_OK), same = found && same_file(&self, file);
        free(file);
        if (found || !colon)
            return same;
        p = colon + 1;
    }
}

static int runs_self(char **words)
{
    for (; *words; words++)
        if (is_self(*words))
            return 1;
    return 0;
}

/* The C compiler: $CILKCC_CC, else $CC, else cc. $CC is skipped when it
 * names cilkcc itself: `make CC=cilkcc` exports CC to every recipe, and
 * `export CC=cilkcc` does the same, so cilkcc finds itself there and would
 * start copies of itself without end. */
static char **find_cc(void)
{
    const char *env = getenv("CILKCC_CC");
    if (env && *env) {
        char **words = split_words("CILKCC_CC", env);
        if (runs_self(words))
            error("CILKCC_CC ('%s') runs cilkcc itself; set it to a C compiler", env);
        return words;
    }
    env = getenv("CC");
    if (env && *env) {
        char **words = split_words("CC", env);
        if (!runs_self(words))
            return words;
    }
    char **words = split_words("cc", "cc");
    if (runs_self(words))
        error("'cc' runs cilkcc itself; set CILKCC_CC to a C compiler");
    return words;
}

static void locate(Driver *d, const char *argv0)
{
    char *bin = self_dir(argv0);
    d->cc = find_cc();
    const char *env = getenv("CILKC");
    if (env && *env)
        d->cilkc = env;
    else if (bin && is_file(format("%s/cilkc", bin), X_OK))
        d->cilkc = format("%s/cilkc", bin);
    else
        d->cilkc = "cilkc";
    if (!bin)
        return;
    if (is_file(format("%s/../include/cilkrt/cilkrt_abi.h", bin), R_OK))
        d->include_dir = format("%s/../include/cilkrt", bin);
    else if (is_file(format("%s/../include/cilkrt_abi.h", bin), R_OK))
        d->include_dir = format("%s/../include", bin);
    if (is_file(format("%s/../lib/libcilkrt.a", bin), R_OK))
        d->runtime_lib = format("%s/../lib/libcilkrt.a", bin);
}

/* ------------------------------------------------------------------------
 * The command line
 * ------------------------------------------------------------------------ */

static void usage(void)
{
    puts("usage: cilkcc [--steal=continuation|child|serial] [cc options] FILE...\n"
         "\n"
         "Compile and link C and .cilkc files as cc does. Each .cilkc file is\n"
         "preprocessed with $CC -E, translated by cilkc and compiled with $CC -c;\n"
         "a link adds the cilkc runtime library, libffi and -lpthread.\n"
         "\n"
         "  --steal=MODE   continuation (default), child or serial\n"
         "  --workspan, -fcilktool=cilkscale\n"
         "                 measure work and span (docs/workspan.md)\n"
         "  -c, -S, -E     stop after compiling, after assembly output, after\n"
         "                 preprocessing (-E on a .cilkc gives preprocessed .cilkc)\n"
         "  -o FILE        write the output to FILE\n"
         "  -save-temps    keep the generated C (and when linking, its object) next\n"
         "                 to the output, as NAME.cilkc.c (NAME.cilkc.o)\n"
         "  -v             print the commands that cilkcc runs\n"
         "  --version      print the version and where the tools were found\n"
         "  --help         print this help\n"
         "\n"
         "Every other option (-I -D -U -O -g -W -f -l -L -pthread ...) goes to cc.\n"
         "Environment: CILKCC_CC (the C compiler), else CC unless it is cilkcc\n"
         "itself, else cc; CILKC (default: cilkc beside cilkcc); TMPDIR (default\n"
         "/tmp). See cilkcc(1).");
}

static void version(const Driver *d)
{
    printf("cilkcc (cilkc) %s\n", CILKC_VERSION);
    printf("cc:     ");
    for (char **w = d->cc; *w; w++)
        printf(" %s", *w);
    putchar('\n');
    printf("cilkc:   %s\n", d->cilkc);
    printf("include: %s\n", d->include_dir ? d->include_dir : "(not found)");
    printf("runtime: %s\n", d->runtime_lib ? d->runtime_lib : "(not found)");
}

static int has_suffix(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

/* The options that make cc judge the generated C by ISO C (see
 * preprocess_again). */
static int is_pedantic(const char *w)
{
    return strncmp(w, "-pedantic", 9) == 0 || strcmp(w, "-Wpedantic") == 0 ||
           strcmp(w, "-Werror=pedantic") == 0;
}

/* Options only the preprocessor reads (the first word of an Arg). */
static int is_cpp_only(const char *w)
{
    static const char *const prefixes[] = {"-I",       "-D",           "-U",
                                           "-isystem", "-iquote",      "-idirafter",
                                           "-iprefix", "-iwithprefix", "-Xpreprocessor"};
    for (size_t i = 0; i < sizeof prefixes / sizeof prefixes[0]; i++)
        if (strncmp(w, prefixes[i], strlen(prefixes[i])) == 0)
            return 1;
    return 0;
}

static int is_one_of(const char *s, const char *const *list)
{
    for (; *list; list++)
        if (strcmp(s, *list) == 0)
            return 1;
    return 0;
}

static void add_arg(Driver *d, ArgKind kind, const char *w0, const char *w1)
{
    d->args = xrealloc(d->args, (size_t)(d->nargs + 1) * sizeof *d->args);
    d->args[d->nargs++] = (Arg){kind, {w0, w1}, w1 ? 2 : 1, NULL};
}

static void set_steal(Driver *d, const char *mode)
{
    for (size_t i = 0; i < sizeof steal_modes / sizeof steal_modes[0]; i++)
        if (strcmp(mode, steal_modes[i]) == 0) {
            d->steal = steal_modes[i];
            return;
        }
    error("unknown steal mode '%s' (expected continuation, child or serial)", mode);
}

/* Options whose argument may be the next word, and where they go. The
 * joined forms (-Idir, -lm, -xc) are recognized for the short ones. */
static const struct {
    const char *name;
    ArgKind kind;
    int joined;
} arg_options[] = {
    {"-I", ARG_COMMON, 1},
    {"-D", ARG_COMMON, 1},
    {"-U", ARG_COMMON, 1},
    {"-isystem", ARG_COMMON, 0},
    {"-iquote", ARG_COMMON, 0},
    {"-idirafter", ARG_COMMON, 0},
    {"-iprefix", ARG_COMMON, 0},
    {"-iwithprefix", ARG_COMMON, 0},
    {"-isysroot", ARG_COMMON, 0},
    {"-Xpreprocessor", ARG_COMMON, 0},
    {"-Xassembler", ARG_COMMON, 0},
    {"--param", ARG_COMMON, 0},
    {"-include", ARG_PP_ONLY, 0},
    {"-imacros", ARG_PP_ONLY, 0},
    {"-MF", ARG_DEP, 1},
    {"-MT", ARG_DEP, 1},
    {"-MQ", ARG_DEP, 1},
    {"-L", ARG_LINK, 1},
    {"-l", ARG_LINK, 1},
    {"-Xlinker", ARG_LINK, 0},
    {"-u", ARG_LINK, 0},
    {"-T", ARG_LINK, 0},
    {"-z", ARG_LINK, 0},
    {"-e", ARG_LINK, 0},
    {"--sysroot", ARG_COMMON, 0},
    {"-target", ARG_COMMON, 0},
    {"-Xclang", ARG_COMMON, 0},
    {"-mllvm", ARG_COMMON, 0},
};

static const char *const link_flags[] = {
    "-static", "-shared", "-rdynamic", "-nostdlib",   "-nodefaultlibs", "-nostartfiles",
    "-s",      "-pie",    "-no-pie",   "-static-pie", "-static-libgcc", NULL};

/* Recognize an option that takes an argument; returns the words consumed. */
static int parse_arg_option(Driver *d, char **argv, int i)
{
    const char *a = argv[i];
    for (size_t k = 0; k < sizeof arg_options / sizeof arg_options[0]; k++) {
        const char *name = arg_options[k].name;
        ArgKind kind = arg_options[k].kind;
        if (strcmp(a, name) == 0) {
            if (!argv[i + 1])
                error("missing argument to '%s'", a);
            add_arg(d, kind, a, argv[i + 1]);
        } else if (arg_options[k].joined && strncmp(a, name, strlen(name)) == 0) {
            add_arg(d, kind, a, NULL);
        } else {
            continue;
        }
        if (strcmp(name, "-MF") == 0)
            d->has_dep_file = 1;
        if (strcmp(name, "-MT") == 0 || strcmp(name, "-MQ") == 0)
            d->has_dep_target = 1;
        return d->args[d->nargs - 1].nword;
    }
    return 0;
}

static void set_stage(Driver *d, Stage s)
{
    if (s < d->stage)
        d->stage = s;
}

/* -x LANG or -xLANG; returns the words consumed, 0 if a is no -x. cc never
 * sees -x cilkc: it makes the inputs after it (stdin too) .cilkc files,
 * until the next -x, which goes to cc. */
static int parse_lang(Driver *d, char **argv, int i)
{
    const char *a = argv[i];
    if (strncmp(a, "-x", 2) != 0)
        return 0;
    const char *lang = a[2] ? a + 2 : argv[i + 1];
    if (!lang)
        error("missing argument to '-x'");
    d->lang_cilkc = strcmp(lang, "cilkc") == 0;
    if (!d->lang_cilkc)
        add_arg(d, ARG_LANG, a, a[2] ? NULL : lang);
    return a[2] ? 1 : 2;
}

/* Classify one word (and its argument); returns the words consumed. */
static int parse_word(Driver *d, char **argv, int i)
{
    const char *a = argv[i];
    if (a[0] != '-' || a[1] == '\0') {
        /* .cilk: Cilk-5's extension for the same language */
        int cilkc = d->lang_cilkc || has_suffix(a, ".cilkc") || has_suffix(a, ".cilk");
        add_arg(d, cilkc ? ARG_CILKC : ARG_INPUT, a, NULL);
        d->ninputs++;
        d->ncilkc += cilkc;
        return 1;
    }
    if (strcmp(a, "-c") == 0)
        set_stage(d, STAGE_COMPILE);
    else if (strcmp(a, "-v") == 0) /* not given to cc: its -v drowns ours */
        d->verbose = 1;
    else if (strcmp(a, "-S") == 0)
        set_stage(d, STAGE_ASSEMBLY);
    else if (strcmp(a, "-E") == 0)
        set_stage(d, STAGE_PREPROCESS);
    else if (strncmp(a, "-o", 2) == 0) {
        if (a[2] == '\0' && !argv[i + 1])
            error("missing filename after '-o'");
        d->output = a[2] ? a + 2 : argv[i + 1];
        return a[2] ? 1 : 2;
    } else if (strncmp(a, "--steal=", 8) == 0)
        set_steal(d, a + 8);
    else if (strcmp(a, "--workspan") == 0 || strcmp(a, "-fcilktool=cilkscale") == 0)
        d->workspan = 1;
    else if (strcmp(a, "--steal") == 0) {
        if (!argv[i + 1])
            error("missing argument to '--steal'");
        set_steal(d, argv[i + 1]);
        return 2;
    } else if (strcmp(a, "-save-temps") == 0 || strcmp(a, "-save-temps=obj") == 0) {
        d->save_temps = SAVE_OBJ;
        add_arg(d, ARG_NO_PP, a, NULL);
    } else if (strcmp(a, "-save-temps=cwd") == 0) {
        d->save_temps = SAVE_CWD;
        add_arg(d, ARG_NO_PP, a, NULL);
    } else if (strncmp(a, "-save-temps", 11) == 0)
        error("unknown -save-temps form '%s' (expected -save-temps, =obj or =cwd)", a);
    else if (strcmp(a, "-MD") == 0 || strcmp(a, "-MMD") == 0) {
        d->has_dep = 1;
        add_arg(d, ARG_DEP, a, NULL);
    } else if (strcmp(a, "-MP") == 0)
        add_arg(d, ARG_DEP, a, NULL);
    else if (strcmp(a, "-M") == 0 || strcmp(a, "-MM") == 0) {
        set_stage(d, STAGE_PREPROCESS); /* as in cc, -M implies -E */
        add_arg(d, ARG_COMMON, a, NULL);
    } else if (is_one_of(a, link_flags) || strncmp(a, "-Wl,", 4) == 0) {
        d->shared |= strcmp(a, "-shared") == 0;
        add_arg(d, ARG_LINK, a, NULL);
    } else {
        int n = parse_lang(d, argv, i);
        if (!n)
            n = parse_arg_option(d, argv, i);
        if (n)
            return n;
        d->pedantic |= is_pedantic(a);
        add_arg(d, ARG_COMMON, a, NULL);
    }
    return 1;
}

static void parse_args(Driver *d, int argc, char **argv)
{
    d->stage = STAGE_LINK;
    d->steal = steal_modes[0];
    for (int i = 1; i < argc;) {
        if (strcmp(argv[i], "--help") == 0) {
            usage();
            exit(0);
        }
        if (strcmp(argv[i], "--version") == 0) {
            version(d);
            exit(0);
        }
        i += parse_word(d, argv, i);
    }
}

/* Complain about missing inputs before running anything, so that a typo
 * gives one clear message instead of a tool's. */
static void check_inputs(const Driver *d)
{
    if (d->ninputs == 0)
        error("no input files");
    for (int i = 0; i < d->nargs; i++) {
        const Arg *a = &d->args[i];
        if ((a->kind == ARG_INPUT || a->kind == ARG_CILKC) && strcmp(a->word[0], "-") != 0 &&
            access(a->word[0], R_OK) != 0)
            error("%s: %s", a->word[0], strerror(errno));
    }
    if (d->output && d->ninputs > 1 && d->stage != STAGE_LINK)
        error("cannot specify '-o' with '-c', '-S' or '-E' with multiple files");
    for (int i = 0; d->output && i < d->nargs; i++)
        if (d->args[i].kind == ARG_CILKC && strcmp(d->args[i].word[0], d->output) == 0)
            error("output file '%s' is also an input", d->output);
}

/* ------------------------------------------------------------------------
 * The pipeline
 * ------------------------------------------------------------------------ */

/* Append every argument whose kind is in mask (a set of 1 << ArgKind). */
static void add_args(Argv *a, const Driver *d, unsigned mask)
{
    for (int i = 0; i < d->nargs; i++)
        if (mask & (1u << d->args[i].kind))
            for (int k = 0; k < d->args[i].nword; k++)
                argv_add(a, d->args[i].word[k]);
}

#define KIND(k) (1u << (k))

static void add_include_dir(Argv *a, const Driver *d)
{
    if (d->include_dir) {
        argv_add(a, "-I");
        argv_add(a, d->include_dir);
    }
}

/* What cilkc sources may test: __cilk as OpenCilk defines it (so that
 * cilk/cilk.h and `#ifdef __cilk` code work), __cilkc__, and the steal mode
 * as __cilkc_steal_MODE__. */
static void add_predefined(Argv *a, const Driver *d)
{
    argv_add(a, "-D__cilk=200");
    argv_add(a, "-D__cilkc__=1");
    argv_add(a, format("-D__cilkc_steal_%s__=1", d->steal));
}

/* -x lang, which applies to the inputs after it; nothing for NULL. */
static void add_lang(Argv *a, const char *lang)
{
    if (lang) {
        argv_add(a, "-x");
        argv_add(a, lang);
    }
}

/* "dir/fib.cilkc" -> "fib" + new_suffix */
static char *base_name(const char *path, const char *new_suffix)
{
    const char *slash = strrchr(path, '/');
    const char *base = slash ? slash + 1 : path;
    const char *dot = strrchr(base, '.');
    int len = dot && dot != base ? (int)(dot - base) : (int)strlen(base);
    return format("%.*s%s", len, base, new_suffix);
}

/* "dir/fib.cilkc" -> "fib.cilkc.c"; stdin is "stdin.cilkc.c" */
static char *kept_name(const char *src)
{
    const char *slash = strrchr(src, '/');
    return format("%s.c", strcmp(src, "-") == 0 ? "stdin.cilkc" : slash ? slash + 1 : src);
}

/* Where -save-temps keeps what is made from input: NAME.cilkc + suffix
 * beside the output (-save-temps, =obj) or in the current directory (=cwd),
 * as cc keeps its own intermediates. */
static char *kept_path(const Driver *d, const char *input, const char *suffix)
{
    const char *slash = strrchr(input, '/');
    const char *base = slash ? slash + 1 : input;
    const char *out = d->save_temps == SAVE_OBJ ? d->output : NULL;
    const char *oslash = out ? strrchr(out, '/') : NULL;
    if (!oslash)
        return format("%s%s", base, suffix);
    return format("%.*s/%s%s", (int)(oslash - out), out, base, suffix);
}

/* The -MD file and target of a .cilkc input, named as cc names its own:
 * after the object with -c; after the program when compiling and linking
 * in one step, since the object is then a temporary nobody can depend on
 * (OUT.d for one input, OUT-NAME.d for several so that none overwrites
 * another; a-NAME.d without -o). */
static void dep_names(const Driver *d, const char *src, const char *object, const char **file,
                      const char **target)
{
    const char *out = d->stage == STAGE_LINK ? (d->output ? d->output : "a.out") : object;
    const char *slash = strrchr(out, '/');
    const char *dot = strrchr(out, '.');
    int len = dot && dot > (slash ? slash + 1 : out) ? (int)(dot - out) : (int)strlen(out);
    *target = out;
    if (d->stage != STAGE_LINK || (d->output && d->ninputs == 1))
        *file = format("%.*s.d", len, out);
    else if (d->output)
        *file = format("%.*s-%s", len, out, base_name(src, ".d"));
    else
        *file = format("a-%s", base_name(src, ".d"));
}

/* cc -E on one .cilkc file into out. Dependency options go here, since
 * only this step sees the user's headers. The predefined macros say that
 * cilkc compiles the file, and in which mode (cilkc's main.c defines the
 * same ones when it preprocesses by itself). */
static void preprocess(const Driver *d, const char *input, const char *object, const char *out)
{
    Argv a = {0};
    argv_add_cc(&a, d);
    argv_add(&a, "-E");
    /* keep comments: cc's -Wimplicit-fallthrough reads them */
    argv_add(&a, "-C");
    add_predefined(&a, d);
    add_args(&a, d, KIND(ARG_COMMON) | KIND(ARG_PP_ONLY) | KIND(ARG_DEP));
    const char *dep_file, *dep_target;
    dep_names(d, input, object, &dep_file, &dep_target);
    if (d->has_dep && !d->has_dep_file) {
        argv_add(&a, "-MF");
        argv_add(&a, dep_file);
    }
    if (d->has_dep && !d->has_dep_target) {
        argv_add(&a, "-MT");
        argv_add(&a, dep_target);
    }
    add_include_dir(&a, d);
    /* Cilk-5 read every .cilk file with its cilk.h (EXPORT, CilkContext) */
    if (has_suffix(input, ".cilk")) {
        argv_add(&a, "-include");
        argv_add(&a, "cilk.h");
    }
    add_lang(&a, "c");
    argv_add(&a, input);
    argv_add(&a, "-o");
    argv_add(&a, out);
    run(d, &a);
}

static void translate(const Driver *d, const char *in, const char *out)
{
    Argv a = {0};
    argv_add(&a, d->cilkc);
    argv_add(&a, format("--steal=%s", d->steal));
    if (d->workspan)
        argv_add(&a, "--workspan");
    argv_add(&a, "-o");
    argv_add(&a, out);
    argv_add(&a, in);
    run(d, &a);
}

/* Under -pedantic, gcc rejects the `# N "file" 1 3 4` line markers of the
 * generated C ("style of line directive is a GCC extension"), and #line
 * cannot say that the lines after it come from a system header, which
 * -pedantic must not judge. So the generated C goes through cc -E -C once
 * more without the pedantic options, and cc compiles the result as
 * preprocessed input, where line markers are the norm. The user's macros
 * were expanded already; only the runtime header's are left to expand. */
static const char *preprocess_again(const Driver *d, const char *src, const char *in)
{
    const char *out = make_temp_named(format("%s.i", kept_name(src)));
    Argv a = {0};
    argv_add_cc(&a, d);
    argv_add(&a, "-E");
    argv_add(&a, "-C");
    for (int i = 0; i < d->nargs; i++)
        if (d->args[i].kind == ARG_COMMON && !is_pedantic(d->args[i].word[0]))
            for (int k = 0; k < d->args[i].nword; k++)
                argv_add(&a, d->args[i].word[k]);
    add_include_dir(&a, d);
    argv_add(&a, in);
    argv_add(&a, "-o");
    argv_add(&a, out);
    run(d, &a);
    return out;
}

/* cc decides to colour its messages when its stderr is a terminal
 * (-fdiagnostics-color=auto, gcc's and clang's default), but cilkcc reads
 * them from a file: so cilkcc asks for colours when its own stderr is one,
 * unless the user chose (an option, or GCC_COLORS set empty as gcc reads
 * it) or the terminal is dumb. */
static int wants_colours(const Driver *d)
{
    for (int i = 0; i < d->nargs; i++) {
        const char *w = d->args[i].word[0];
        if (strncmp(w, "-fdiagnostics-color", 19) == 0 ||
            strcmp(w, "-fno-diagnostics-color") == 0 || strcmp(w, "-fcolor-diagnostics") == 0 ||
            strcmp(w, "-fno-color-diagnostics") == 0)
            return 0;
    }
    const char *term = getenv("TERM"), *colours = getenv("GCC_COLORS");
    return isatty(2) && term && strcmp(term, "dumb") != 0 && !(colours && !*colours);
}

/* cc -c on the generated C in, named after src in the object's debug
 * information, so that the temporary's random name stays out of it and two
 * compiles of one file give the same bytes. */
static void compile_c(const Driver *d, const char *src, const char *in, const char *out)
{
    const char *pre = d->pedantic ? preprocess_again(d, src, in) : NULL;
    Argv a = {0};
    argv_add_cc(&a, d);
    argv_add(&a, d->stage == STAGE_ASSEMBLY ? "-S" : "-c");
    if (pre) {
        /* clang -Werror rejects preprocessor options it has no use for */
        for (int i = 0; i < d->nargs; i++)
            if ((d->args[i].kind == ARG_COMMON && !is_cpp_only(d->args[i].word[0])) ||
                d->args[i].kind == ARG_NO_PP)
                for (int k = 0; k < d->args[i].nword; k++)
                    argv_add(&a, d->args[i].word[k]);
        add_lang(&a, "cpp-output");
    } else {
        add_args(&a, d, KIND(ARG_COMMON) | KIND(ARG_NO_PP));
        add_include_dir(&a, d);
    }
    if (wants_colours(d))
        argv_add(&a, "-fdiagnostics-color=always");
    if (!strchr(in, '='))
        argv_add(&a, format("-ffile-prefix-map=%s=%s", in, src));
    argv_add(&a, pre ? pre : in);
    argv_add(&a, "-o");
    argv_add(&a, out);
    run_cc_filtered(d, &a);
    if (pre)
        drop_temp_named(pre);
}

/* One .cilkc input to an object (or assembly): cc -E, cilkc, cc -c. */
static void build_cilkc(Driver *d, Arg *in)
{
    const char *src = in->word[0];
    const char *out;
    if (d->stage == STAGE_LINK)
        out = d->save_temps ? kept_path(d, src, ".o") : make_temp(".o");
    else if (d->output)
        out = d->output;
    else
        out = base_name(src, d->stage == STAGE_ASSEMBLY ? ".s" : ".o");
    in->object = out;
    const char *pre = make_temp(".i");
    /* the generated C's name is in the object (clang's file symbol) */
    const char *gen = d->save_temps ? kept_path(d, src, ".c") : make_temp_named(kept_name(src));
    preprocess(d, src, out, pre);
    translate(d, pre, gen);
    drop_temp(pre);
    compile_c(d, src, gen, out);
    if (!d->save_temps)
        drop_temp_named(gen);
}

/* -E: one cc run over every input, each .cilkc read as C. The predefined
 * macros then apply to every input of the run. */
static void preprocess_all(const Driver *d)
{
    Argv a = {0};
    argv_add_cc(&a, d);
    argv_add(&a, "-E");
    if (d->ncilkc)
        add_predefined(&a, d);
    const char *lang = "none";
    for (int i = 0; i < d->nargs; i++) {
        const Arg *g = &d->args[i];
        if (g->kind == ARG_LANG)
            lang = g->nword == 2 ? g->word[1] : g->word[0] + 2;
        if (g->kind == ARG_CILKC) {
            add_lang(&a, "c");
            argv_add(&a, g->word[0]);
            add_lang(&a, lang);
        } else if (g->kind != ARG_LINK && g->kind != ARG_NO_PP) {
            for (int k = 0; k < g->nword; k++)
                argv_add(&a, g->word[k]);
        }
    }
    add_include_dir(&a, d);
    if (d->output) {
        argv_add(&a, "-o");
        argv_add(&a, d->output);
    }
    run(d, &a);
}

/* -c or -S: the inputs that are not .cilkc go to one cc run. */
static void compile_others(const Driver *d)
{
    if (d->ninputs == d->ncilkc)
        return;
    Argv a = {0};
    argv_add_cc(&a, d);
    argv_add(&a, d->stage == STAGE_ASSEMBLY ? "-S" : "-c");
    add_args(&a, d, ~(KIND(ARG_CILKC) | KIND(ARG_LINK)));
    add_include_dir(&a, d);
    if (d->output) {
        argv_add(&a, "-o");
        argv_add(&a, d->output);
    }
    run(d, &a);
}

/* The link: everything in the user's order, each .cilkc replaced by its
 * object, then the runtime, libffi and -lpthread, which must follow their
 * users. libffi serves the runtime's task groups (cilk_spawnf) only, so it
 * is linked --as-needed: recorded in programs that use them. A shared
 * object gets no runtime: the program that loads it links the one copy,
 * whose worker state must be shared by every module. */
static void link_all(const Driver *d)
{
    Argv a = {0};
    argv_add_cc(&a, d);
    const char *lang = NULL;
    for (int i = 0; i < d->nargs; i++) {
        const Arg *g = &d->args[i];
        if (g->kind == ARG_LANG)
            lang = g->nword == 2 ? g->word[1] : g->word[0] + 2;
        if (g->kind != ARG_CILKC) {
            for (int k = 0; k < g->nword; k++)
                argv_add(&a, g->word[k]);
            continue;
        }
        /* a user's -x before the object would make cc read it as source */
        add_lang(&a, lang ? "none" : NULL);
        argv_add(&a, g->object);
        add_lang(&a, lang);
    }
    add_include_dir(&a, d);
    if (d->output) {
        argv_add(&a, "-o");
        argv_add(&a, d->output);
    }
    add_lang(&a, lang ? "none" : NULL);
    if (!d->shared && (d->runtime_lib || strcmp(d->steal, "serial") != 0)) {
        /* -lcilkrt: not beside cilkcc, try the system's */
        argv_add(&a, d->runtime_lib ? d->runtime_lib : "-lcilkrt");
        argv_add(&a, "-Wl,--push-state,--as-needed,-lffi,--pop-state");
    }
    argv_add(&a, "-lpthread");
    run(d, &a);
}

int main(int argc, char **argv)
{
    Driver d = {0};
    locate(&d, argv[0]);
    parse_args(&d, argc, argv);
    check_inputs(&d);
    install_cleanup();
    if (d.stage == STAGE_PREPROCESS) {
        preprocess_all(&d);
        return 0;
    }
    for (int i = 0; i < d.nargs; i++)
        if (d.args[i].kind == ARG_CILKC)
            build_cilkc(&d, &d.args[i]);
    if (d.stage == STAGE_LINK)
        link_all(&d);
    else
        compile_others(&d);
    return 0;
}
