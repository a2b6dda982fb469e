/* lexer.h: the scanner phase: the preprocessed input becomes tokens. */
#ifndef CILKC_LEXER_H
#define CILKC_LEXER_H

#include "arena.h"
#include "ast.h"
#include "diag.h"

/* Fill u->toks/ntoks from u->buf/len (tokens in a), with presumed
 * positions from `cc -E` line markers; line markers and comments make no
 * token. The cilkc words (TK_SPAWN, TK_SYNC, TK_CILK, any spelling) are
 * keywords only in the positions where they can be (`sync` before `;`,
 * `spawn` before an operand, ...); elsewhere they are identifiers, so C
 * that names things sync or spawn still reads. Errors go to d. */
void lex_unit(Unit *u, Arena *a, Diag *d);

/* The largest line number, C's limit for #line: a larger one is an error,
 * and the lines after the largest keep it (no overflow). */
#define LEX_MAX_LINE 2147483647
#define LEX_MAX_LINE_STR "2147483647"

#endif
