/* fuzz_translate.c: libFuzzer target for the whole translator: inputs that
 * parse cleanly are lowered in every steal mode. No crash, leak or hang
 * anywhere from the scanner to the lowering. */
#include "arena.h"
#include "buf.h"
#include "diag.h"
#include "lexer.h"
#include "loops.h"
#include "lower.h"
#include "parser.h"

#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Arena a = {0};
    Diag d = {.keep_going = 1, .quiet = 1};
    Unit u = {.name = "fuzz.i", .buf = (const char *)data, .len = size};
    lex_unit(&u, &a, &d);
    parse_unit(&u, &a, &d);
    if (!d.nerrors)
        loops_check(&u, &d);
    if (!d.nerrors) {
        for (int m = 0; m < 3; m++) {
            Buf out = {0};
            lower_unit(&u, (StealMode)m, 0, &d, &out);
            buf_free(&out);
        }
    }
    arena_free(&a);
    return 0;
}
