/*
 * cilk/list_reducer.h: a list-append reducer for C (cilkc). The list is
 * intrusive: embed a cilk_list_node in your element.
 *
 *     struct item { int value; cilk_list_node link; };
 *     cilk_list_reducer items = CILK_LIST_INIT;
 *     cilk_list_append(&items, &it->link);  // in any strand
 *
 * After the sync, items holds the elements in the serial order of the
 * appends, whatever the steals. Merging two views links them: O(1).
 */
#ifndef CILK_LIST_REDUCER_H
#define CILK_LIST_REDUCER_H

#include <stddef.h>

typedef struct cilk_list_node {
    struct cilk_list_node *next;
} cilk_list_node;

typedef struct {
    cilk_list_node *head, *tail; /* both NULL when empty */
} cilk_list;

#define CILK_LIST_INIT                                                                             \
    {                                                                                              \
        NULL, NULL                                                                                 \
    }

static inline void cilk_list_identity(void *v)
{
    cilk_list *l = (cilk_list *)v;
    l->head = l->tail = NULL;
}

static inline void cilk_list_append(cilk_list *l, cilk_list_node *n)
{
    n->next = NULL;
    if (l->tail)
        l->tail->next = n;
    else
        l->head = n;
    l->tail = n;
}

static inline void cilk_list_concat(void *left, void *right)
{
    cilk_list *l = (cilk_list *)left, *r = (cilk_list *)right;
    if (!r->head)
        return;
    if (l->tail)
        l->tail->next = r->head;
    else
        l->head = r->head;
    l->tail = r->tail;
}

#ifdef __cilkc__
#define cilk_list_reducer cilk_list cilk_reducer(cilk_list_identity, cilk_list_concat)
#else /* the serial elision, compiled as plain C */
#define cilk_list_reducer cilk_list
#endif

/* The element that holds node n: CILK_LIST_ENTRY(n, struct item, link). */
#define CILK_LIST_ENTRY(n, type, member) ((type *)(void *)((char *)(n)-offsetof(type, member)))

#endif
