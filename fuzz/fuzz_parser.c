/* fuzz_parser.c: libFuzzer target for the scanner and the parser. Any
 * input must end in tokens and a Unit, or in counted errors: never a crash,
 * a leak or a hang. Errors are counted, not printed, and never stop the
 * run (Diag.keep_going). */
#include "arena.h"
#include "diag.h"
#include "lexer.h"
#include "parser.h"

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Arena a = {0};
    Diag d = {.keep_going = 1, .quiet = 1};
    Unit u = {.name = "fuzz.i", .buf = (const char *)data, .len = size};
    lex_unit(&u, &a, &d);
    parse_unit(&u, &a, &d);
    arena_free(&a);
    return 0;
}
