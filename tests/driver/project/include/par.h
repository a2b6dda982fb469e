/* par.h: the two libraries' functions (parallel inside, plain C outside) */
#ifndef PAR_H
#define PAR_H

#define PSUM_CUTOFF 64

long psum(const int *a, long n);
long pfib(int n);

#endif
