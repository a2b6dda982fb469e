/*
 * cilk-compat.h: compile a Cilk-5 program's serial elision with a plain C
 * compiler (`cc -include cilk-compat.h -x c prog.cilk`, linked with
 * libcilkrt for the library): the Cilk words become C. Not for cilkcc,
 * which understands them (cilkcc --steal=serial gives the same elision).
 */
#ifndef CILKC_CILK_COMPAT_H
#define CILKC_CILK_COMPAT_H
#include <cilk.h>
#define cilk
#define spawn
#define sync
#define shared
#define private
#define SYNCHED 1
#endif
