/* cilkrt.c: the public API that is not statistics. */
#include "cilkrt.h"
#include "worker.h"

/* The ABI version's one definition (cilkrt_abi.h): what every object
 * built against the same header refers to. */
const char CILKRT_ABI_NAME(CILKRT_ABI_VERSION) = CILKRT_ABI_VERSION;

int cilkrt_nworkers(void) { return cilkrt_pool_configured_size(); }
