/* localtypes.h: struct, union and enum definitions and typedefs inside a
 * function moved to file scope (docs/translation.md, "Local types").
 *
 * The lowering writes types at file scope that name a parallel function's
 * locals' types: continuation mode's frame struct, child mode's task
 * argument structs, the cilk_for and cilk_scope helpers' capture structs.
 * So a type the function defines must be defined at file scope, before
 * them, under a name nothing else can take. This pass rewrites the source
 * before the other rewrites (reducers, cilk_for) see it. */
#ifndef CILKC_LOCALTYPES_H
#define CILKC_LOCALTYPES_H

#include "ast.h"
#include "buf.h"

/* Append to out u's source with every type definition and typedef of a
 * parallel function (or of a function holding a cilk_for or cilk_scope)
 * moved in front of the function, renamed `cilkc_FN_N_NAME` (an anonymous
 * struct, union or enum of a declaration with declarators gets the tag
 * `cilkc_FN_N`), and every use of its tag, typedef name or enumerators in
 * the function renamed to match. A definition that names a local of the
 * function (a variable-length member, a typeof of a local, a typedef of a
 * variable-length array) stays where it is: the lowering refuses it
 * (analysis.c, loops_check.c). Arrays without a size get the size of
 * their initializer; a parallel function's variable-length arrays become
 * alloca's (localtypes.c says which). Returns the number of
 * changes; out is untouched when there were none. */
int localtypes_hoist(const Unit *u, Buf *out);

#endif
