/* fuzz_translate.c: libFuzzer target for the whole translator: every
 * input goes through cilkc's passes (translate_unit: scanner, parser,
 * reducers, cilk_for / cilk_scope, lowering) in every steal mode, and in
 * the parallel modes once more with --workspan. No crash, leak or hang
 * anywhere. */
#include "arena.h"
#include "buf.h"
#include "diag.h"
#include "translate.h"

#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* One cilkc run: the passes rewrite the text they are given, so each run
 * starts from a fresh copy of the input. */
static void translate_once(const uint8_t *data, size_t size, StealMode mode, int workspan)
{
    Arena a = {0};
    Diag d = {.keep_going = 1, .quiet = 1};
    Buf in = {0}, out = {0};
    buf_add(&in, (const char *)data, size);
    Unit u = {.name = "fuzz.i", .buf = in.data ? in.data : "", .len = in.len};
    translate_unit(&u, &a, &d, mode, workspan, &in, &out);
    buf_free(&in);
    buf_free(&out);
    arena_free(&a);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    for (StealMode m = STEAL_CONTINUATION; m <= STEAL_SERIAL; m++) {
        translate_once(data, size, m, 0);
        if (m != STEAL_SERIAL)
            translate_once(data, size, m, 1);
    }
    return 0;
}
