/*
 * uts.h: the tree of the unbalanced tree search benchmark (a geometric tree
 * in the manner of UTS's T1 family, with splitmix64 instead of SHA-1). The
 * root has UTS_ROOTCHILD children; any other node's number of children
 * follows a geometric law of mean UTS_BRANCH (capped at UTS_MAXCHILD), down
 * to the depth limit. A node's id decides its children, so the tree is the
 * same in every run and every version.
 */
#ifndef UTS_H
#define UTS_H

#include "bench.h"

#define UTS_ROOTCHILD 16
#define UTS_BRANCH 4
#define UTS_MAXCHILD 32

static inline int uts_nchildren(unsigned long long id, int depth, int maxdepth)
{
    int n = 0;
    unsigned long long h = id;
    if (depth >= maxdepth)
        return 0;
    if (depth == 0)
        return UTS_ROOTCHILD;
    while (n < UTS_MAXCHILD && (h = bench_mix(h)) % (UTS_BRANCH + 1) != 0)
        n++;
    return n;
}

static inline unsigned long long uts_child(unsigned long long id, int i)
{
    return bench_mix(id * 31 + (unsigned long long)i + 1);
}

#endif
