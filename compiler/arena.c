/* arena.c: chunked bump allocator. */
#include "arena.h"

#include "diag.h"

#include <stdlib.h>
#include <string.h>

enum { CHUNK_SIZE = 256 * 1024, ALIGN = 16 };

struct ArenaChunk {
    ArenaChunk *next;
    max_align_t data[];
};

void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p)
        diag_fatal("out of memory");
    return p;
}

void *xrealloc(void *p, size_t n)
{
    p = realloc(p, n ? n : 1);
    if (!p)
        diag_fatal("out of memory");
    return p;
}

void *arena_alloc(Arena *a, size_t n)
{
    n = (n + ALIGN - 1) & ~(size_t)(ALIGN - 1);
    if ((size_t)(a->end - a->ptr) < n) {
        size_t size = n > CHUNK_SIZE ? n : CHUNK_SIZE;
        ArenaChunk *c = xmalloc(sizeof *c + size);
        c->next = a->head;
        a->head = c;
        a->ptr = (char *)c->data;
        a->end = a->ptr + size;
    }
    void *p = a->ptr;
    a->ptr += n;
    memset(p, 0, n);
    return p;
}

char *arena_strndup(Arena *a, const char *s, size_t n)
{
    char *p = arena_alloc(a, n + 1);
    memcpy(p, s, n);
    return p;
}

void *arena_grow(Arena *a, void *old, size_t n, size_t cap, size_t size)
{
    void *p = arena_alloc(a, cap * size);
    if (n)
        memcpy(p, old, n * size);
    return p;
}

void arena_adopt(Arena *a, void *p)
{
    a->adopted = xrealloc(a->adopted, (size_t)(a->nadopted + 1) * sizeof *a->adopted);
    a->adopted[a->nadopted++] = p;
}

void arena_free(Arena *a)
{
    while (a->head) {
        ArenaChunk *next = a->head->next;
        free(a->head);
        a->head = next;
    }
    a->ptr = a->end = NULL;
    for (int i = 0; i < a->nadopted; i++)
        free(a->adopted[i]);
    free(a->adopted);
    a->adopted = NULL;
    a->nadopted = 0;
}
