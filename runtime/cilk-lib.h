/* cilk-lib.h: Cilk-5's older name of cilk-lib.cilkh; everything is in
 * cilk.h. */
#ifndef CILKC_CILK_LIB_H
#define CILKC_CILK_LIB_H
#include <cilk.h>
#endif
