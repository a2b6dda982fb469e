/*
 * cilk/cilkscale.h: work and span of program regions, for programs built
 * with `cilkcc --workspan` (or -fcilktool=cilkscale). The names and types
 * are OpenCilk Cilkscale's, so code written for it builds here unchanged.
 *
 * Figures are in nanoseconds in the time unit (the default), in strands
 * with CILKSCALE_UNIT=strands (docs/workspan.md). In a program built
 * without --workspan (benchmark mode, as OpenCilk's) a reading's work is
 * the wall-clock time in nanoseconds, so a region's row (tag,time) is
 * its measured time; span and burdened span are zero.
 */
#ifndef CILK_CILKSCALE_H
#define CILK_CILKSCALE_H

#include <stdint.h>

typedef int64_t raw_duration_t;
typedef struct wsp_t {
    raw_duration_t work;
    raw_duration_t span;
    raw_duration_t bspan; /* burdened span */
} wsp_t;

/* Work, span and burdened span from the start of the program up to this
 * point of the calling strand; a region is the difference of two. */
wsp_t wsp_getworkspan(void);
wsp_t wsp_zero(void);
wsp_t wsp_add(wsp_t lhs, wsp_t rhs);
wsp_t wsp_sub(wsp_t lhs, wsp_t rhs);
/* One CSV row, tagged, to stdout or to the file named by CILKSCALE_OUT. */
void wsp_dump(wsp_t wsp, const char *tag);

/* Cilk-5's names for the whole run so far (work and critical path), in the
 * same unit and Cilk-5's type (Cilk_time, in <cilk.h>, which includes this
 * header: their one definition); 0 in a program built without --workspan,
 * as Cilk-5 without -cilk-critical-path. */
int64_t Cilk_user_work_value(void);
int64_t Cilk_user_critical_path_value(void);
#define Cilk_user_work ((unsigned long long)Cilk_user_work_value())
#define Cilk_user_critical_path ((unsigned long long)Cilk_user_critical_path_value())

#endif
