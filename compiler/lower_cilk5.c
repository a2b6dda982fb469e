/*
 * lower_cilk5.c: what Cilk-5.4.6's dialect adds to a lowered unit
 * (docs/language.md, "Cilk-5 compatibility"):
 *   - a `cilk main` takes the runtime options (--nproc N, --stats L, ...)
 *     out of argc/argv before its first parallel call, in every mode; a
 *     `cilk void main` is written as int main, which returns 0;
 *   - every procedure defined with the `cilk` marker gets its C stub mt_FN
 *     (the EXPORT(FN) of cilk.h), taking a CilkContext first: FN keeps
 *     its plain C signature, so the stub just calls it;
 *   - Cilk-5.4's own examples name their procedure `cilk_main` and let the
 *     runtime's main call it: a C main that takes the options and calls
 *     it follows its definition.
 * SYNCHED is written by emit.c, as each clone says (Emit.synched).
 */
#include "lower_impl.h"

#include "tokens.h"

#include <string.h>

/* The options call, at the top of main's body: argc and argv are main's
 * first two parameters, whatever their names. */
void cilk5_main_options(Lower *L)
{
    const Func *fn = L->fn;
    if (!cilk5_is_main(fn) || fn->nparams < 2)
        return;
    emit_fmt(&L->e, "cilkrt_cilk5_options(&%s, (char **)%s); ", fn->params[0]->name,
             fn->params[1]->name);
}

/* main's `void` return type, written `int`: C's main returns int. */
int cilk5_void_main_token(const Lower *L, const Func *fn, int i)
{
    return cilk5_is_main(fn) && L->is_void && tok_kind(L->u, i) == TK_VOID;
}

/* Does fn get a stub? Not a static one (nobody outside could call it), nor
 * one whose arguments cannot be passed on by name (K&R, variadic). */
static int exported(const Func *fn)
{
    return fn->is_cilk && !(fn->decl->storage & SC_STATIC) && !fn->is_knr && !fn->is_variadic &&
           strcmp(fn->sym->name, "main") != 0;
}

/* The C main of a `cilk_main`, on one output line. */
static int emit_cilk_main(Lower *L, const Func *fn)
{
    if (!fn->is_cilk || strcmp(fn->sym->name, "cilk_main") != 0 || fn->nparams < 2)
        return 0;
    const Func *saved = L->fn;
    L->fn = fn;
    emit_fmt(
        &L->e,
        "\nextern void cilkrt_cilk5_options(int *, char **); "
        "int main(int cilkc_argc, char **cilkc_argv) { "
        "cilkrt_cilk5_options(&cilkc_argc, cilkc_argv); %scilk_main(cilkc_argc, cilkc_argv);%s }",
        lower_returns_void(L) ? "" : "return ", lower_returns_void(L) ? " return 0;" : "");
    L->fn = saved;
    return 1;
}

/* What follows fn's definition, on one output line each: its stub, and a
 * main for a cilk_main. Returns 1 if anything was written. */
int cilk5_export(Lower *L, const Func *fn)
{
    int main = emit_cilk_main(L, fn);
    if (!exported(fn))
        return main;
    const Func *saved = L->fn;
    View view = L->e.view;
    L->fn = fn;
    L->e.view = VIEW_PLAIN;
    Buf name = {0};
    buf_puts(&name, "mt_");
    buf_puts(&name, fn->sym->name);
    buf_add(&name, "", 1);
    emit_fmt(&L->e, "\nstruct CilkContext;");
    lower_clone_spec(L, fn);
    lower_signature(L, fn, name.data, "struct CilkContext *cilkc_context");
    buf_free(&name);
    emit_fmt(&L->e, " { (void)cilkc_context; %s%s(", lower_returns_void(L) ? "" : "return ",
             fn->sym->name);
    lower_param_list(L, "");
    emit_str(&L->e, "); }");
    L->fn = saved;
    L->e.view = view;
    return 1;
}
