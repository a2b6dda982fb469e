/* alloca.c: alloca() in a parallel function (see cilkrt_abi.h). A block is
 * a heap allocation linked into its frame; all go when the frame is freed. */
#include "cilkrt_abi.h"

#include <stdio.h>
#include <stdlib.h>

typedef struct Block {
    struct Block *next;
    _Alignas(16) unsigned char data[];
} Block;

void *cilkrt_alloca(cilkrt_worker *w, cilkrt_frame *f, size_t size)
{
    (void)w;
    Block *b = malloc(sizeof *b + (size ? size : 1));
    if (!b) {
        fputs("cilkrt: fatal error: out of memory in alloca\n", stderr);
        abort();
    }
    /* only the frame's owner (the worker running its clone) allocates */
    b->next = f->allocas;
    f->allocas = b;
    return b->data;
}

void cilkrt_alloca_release(cilkrt_frame *f)
{
    Block *b = f->allocas;
    while (b) {
        Block *next = b->next;
        free(b);
        b = next;
    }
    f->allocas = NULL;
}
