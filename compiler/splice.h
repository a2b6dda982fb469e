/* splice.h: edits of a unit's source text, made in any order and applied
 * in order of position. The rewrites that run before the lowering
 * (reducer.c, loops.c) replace byte ranges of the source with text of
 * their own and keep every other byte. */
#ifndef CILKC_SPLICE_H
#define CILKC_SPLICE_H

#include "buf.h"

#include <stddef.h>

typedef struct {
    size_t from, to; /* bytes replaced ([from, from) inserts) */
    int seq;         /* order of creation: ties keep it */
    Buf text;
} Splice;

typedef struct {
    Splice *v;
    int n;
} Splices;

/* A new edit of bytes [from, to) of the source, with an empty text.
 * The pointer is good until the next splice_at (the array moves). */
Buf *splice_at(Splices *s, size_t from, size_t to);

/* Append src[0, len) to out with every edit applied: by position, an
 * insertion before a replacement at the same place, then in order of
 * creation. The edits must not overlap. Frees them (s is then empty). */
void splice_apply(Splices *s, const char *src, size_t len, Buf *out);

/* Free the edits without applying them. */
void splice_free(Splices *s);

#endif
