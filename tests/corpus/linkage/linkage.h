/* linkage.h: functions shared by the files of the linkage test. */
#ifndef LINKAGE_H
#define LINKAGE_H

/* parallel, defined in a.cilkc */
long psum(const long *a, long n);
long pcount(long n);
/* parallel, defined in b.cilkc */
long pfib(int n);
/* plain C, defined in c.c */
long c_calls_psum(long n);
long c_apply(long (*f)(int), int n);
long c_twice(long v);

#endif
