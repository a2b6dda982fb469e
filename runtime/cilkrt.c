/* cilkrt.c: the public API that is not statistics. */
#include "cilkrt.h"
#include "worker.h"

int cilkrt_nworkers(void) { return cilkrt_pool_configured_size(); }
