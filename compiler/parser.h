/* parser.h: the parsing phase: tokens become the Unit of ast.h (function
 * bodies as statement trees, symbols resolved through scopes). */
#ifndef CILKC_PARSER_H
#define CILKC_PARSER_H

#include "arena.h"
#include "ast.h"
#include "diag.h"

/* Parse u->toks (from lex_unit) and fill u->funcs; AST in a. Reports
 * syntax errors and misplaced spawn/sync through d. */
void parse_unit(Unit *u, Arena *a, Diag *d);

/* The name the grammar gives token kind tk (its string alias), for tests. */
const char *parse_token_alias(int tk);

#endif
