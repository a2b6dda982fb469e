/* splice.c: edits of a unit's source text (splice.h). */
#include "splice.h"

#include "arena.h"

#include <stdlib.h>

Buf *splice_at(Splices *s, size_t from, size_t to)
{
    s->v = xrealloc(s->v, sizeof *s->v * (size_t)(s->n + 1));
    s->v[s->n] = (Splice){from, to, s->n, {0}};
    return &s->v[s->n++].text;
}

static int by_position(const void *pa, const void *pb)
{
    const Splice *a = pa, *b = pb;
    if (a->from != b->from)
        return a->from < b->from ? -1 : 1;
    if (a->to != b->to)
        return a->to < b->to ? -1 : 1; /* an insertion (to == from) first */
    return a->seq - b->seq;
}

void splice_apply(Splices *s, const char *src, size_t len, Buf *out)
{
    if (s->n) /* (qsort of a null array, even empty, is undefined) */
        qsort(s->v, (size_t)s->n, sizeof *s->v, by_position);
    size_t pos = 0;
    for (int i = 0; i < s->n; i++) {
        buf_add(out, src + pos, s->v[i].from - pos);
        buf_add(out, s->v[i].text.data ? s->v[i].text.data : "", s->v[i].text.len);
        pos = s->v[i].to;
    }
    buf_add(out, src + pos, len - pos);
    splice_free(s);
}

void splice_free(Splices *s)
{
    for (int i = 0; i < s->n; i++)
        buf_free(&s->v[i].text);
    free(s->v);
    *s = (Splices){NULL, 0};
}
