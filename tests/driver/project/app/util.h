/* util.h: plain C helpers of the program */
#ifndef UTIL_H
#define UTIL_H

int *iota(long n);

#endif
