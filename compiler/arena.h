/* arena.h: bump allocation for the AST, symbols and strings of one run,
 * freed in one go. Out of memory is a clean fatal error. */
#ifndef CILKC_ARENA_H
#define CILKC_ARENA_H

#include <stddef.h>

typedef struct ArenaChunk ArenaChunk;

typedef struct {
    ArenaChunk *head;
    char *ptr, *end;
    void **adopted; /* malloc'd blocks freed with the arena */
    int nadopted;
} Arena;

void *arena_alloc(Arena *a, size_t n); /* zeroed, aligned for any type */
char *arena_strndup(Arena *a, const char *s, size_t n);
/* Grow an array allocated from a: returns a copy with room for cap items. */
void *arena_grow(Arena *a, void *old, size_t n, size_t cap, size_t size);
/* Free the malloc'd block p together with a (big arrays built with
 * xrealloc, kept without a copy). */
void arena_adopt(Arena *a, void *p);
void arena_free(Arena *a);

/* malloc/realloc that stop the program cleanly when memory runs out. */
void *xmalloc(size_t n);
void *xrealloc(void *p, size_t n);

#endif
