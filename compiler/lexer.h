/* lexer.h: the scanner phase: the preprocessed input becomes tokens. */
#ifndef CILKC_LEXER_H
#define CILKC_LEXER_H

#include "arena.h"
#include "ast.h"
#include "diag.h"

/* Fill u->toks/ntoks from u->buf/len (tokens in a), with presumed
 * positions from `cc -E` line markers; line markers and comments make no
 * token. `sync` and its OpenCilk spellings become TK_SYNC only when `;`
 * follows (unistd.h declares a function sync). Errors go to d. */
void lex_unit(Unit *u, Arena *a, Diag *d);

#endif
