/*
 * output.c: cilkc's output file. The rules, and why:
 *
 * - A regular output (or a new one) is written to a temporary file created
 *   beside it, then rename()d over it. rename() within one directory is
 *   atomic, so readers see the old file or the whole new one, and a failed
 *   write (disk full) leaves the old file untouched. The only file cilkc
 *   ever removes is that temporary, which it created itself.
 * - An output that exists and is not a regular file (/dev/null, /dev/full,
 *   a FIFO, a terminal) is written in place, as cc does: it cannot be
 *   replaced by rename() and must never be removed. A directory is refused.
 * - An output that is the input (same inode, through any link) is refused
 *   before anything is written, as cc does.
 */
#include "output.h"

#include "arena.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int to_stdout(const char *output) { return !output || strcmp(output, "-") == 0; }

void output_check_not_input(const char *output, const char *input, Diag *d)
{
    struct stat in, out;
    if (to_stdout(output) || strcmp(input, "-") == 0)
        return;
    if (stat(input, &in) == 0 && stat(output, &out) == 0 && in.st_dev == out.st_dev &&
        in.st_ino == out.st_ino)
        diag_plain(d, "input file '%s' is the same as output file '%s'", input, output);
}

/* Write all of b to fd; 0 or -1 with errno set. */
static int write_all(int fd, const Buf *b)
{
    size_t done = 0;
    while (done < b->len) {
        ssize_t n = write(fd, b->data + done, b->len - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return -1;
        done += (size_t)n;
    }
    return 0;
}

static void write_stdout(const Buf *b, Diag *d)
{
    if (write_all(STDOUT_FILENO, b) != 0)
        diag_plain(d, "cannot write '<stdout>': %s", strerror(errno));
}

/* A device or FIFO: opened without O_CREAT, written, never removed. */
static void write_in_place(const char *output, const Buf *b, Diag *d)
{
    int fd = open(output, O_WRONLY | O_TRUNC);
    if (fd < 0) {
        diag_plain(d, "cannot open '%s': %s", output, strerror(errno));
        return;
    }
    int failed = write_all(fd, b);
    int err = errno;
    if (close(fd) != 0 && !failed) {
        failed = 1;
        err = errno;
    }
    if (failed)
        diag_plain(d, "cannot write '%s': %s", output, strerror(err));
}

/* The mode a new file gets from open(0666) under the current umask. */
static mode_t new_file_mode(void)
{
    mode_t mask = umask(0);
    umask(mask);
    return 0666 & ~mask;
}

/* The file the output path names: a symlink is followed, so the link
 * stays and its target is replaced, as writing through it would do. */
static char *target_of(const char *output)
{
    char *real = realpath(output, NULL);
    if (real)
        return real;
    return strcpy(xmalloc(strlen(output) + 1), output);
}

/* Temporary file beside target, rename()d over it once complete. */
static void write_replacing(const char *output, const Buf *b, mode_t mode, Diag *d)
{
    char *target = target_of(output);
    size_t n = strlen(target) + sizeof ".XXXXXX";
    char *tmp = xmalloc(n);
    snprintf(tmp, n, "%s.XXXXXX", target);
    int fd = mkstemp(tmp);
    if (fd < 0) {
        diag_plain(d, "cannot create a temporary file beside '%s': %s", output, strerror(errno));
        goto out;
    }
    int failed = fchmod(fd, mode) != 0 || write_all(fd, b) != 0;
    int err = errno;
    if (close(fd) != 0 && !failed) {
        failed = 1;
        err = errno;
    }
    if (!failed && rename(tmp, target) != 0) {
        failed = 1;
        err = errno;
    }
    if (failed) {
        diag_plain(d, "cannot write '%s': %s", output, strerror(err));
        unlink(tmp);
    }
out:
    free(tmp);
    free(target);
}

void output_write(const char *output, const Buf *b, Diag *d)
{
    struct stat st;
    if (to_stdout(output))
        write_stdout(b, d);
    else if (stat(output, &st) != 0)
        write_replacing(output, b, new_file_mode(), d);
    else if (S_ISDIR(st.st_mode))
        diag_plain(d, "cannot open '%s': %s", output, strerror(EISDIR));
    else if (!S_ISREG(st.st_mode))
        write_in_place(output, b, d);
    else
        write_replacing(output, b, st.st_mode & 07777, d);
}
