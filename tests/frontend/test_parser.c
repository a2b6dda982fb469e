/* test_parser.c: what the front end hands to the lowering (ast.h), one
 * behaviour per test. */
#include "arena.h"
#include "diag.h"
#include "lexer.h"
#include "parser.h"
#include "tokens.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

static Arena arena;
static Diag diag;
static Unit unit;

static void teardown(void) { arena_free(&arena); }

TestSuite(frontend, .fini = teardown);

static Unit *parse(const char *src)
{
    memset(&diag, 0, sizeof diag);
    diag.quiet = 1; /* the tests count errors; golden tests check the text */
    memset(&unit, 0, sizeof unit);
    unit.name = "test.c";
    unit.buf = src;
    unit.len = strlen(src);
    lex_unit(&unit, &arena, &diag);
    parse_unit(&unit, &arena, &diag);
    return &unit;
}

/* The source text of a token range. */
static char *text(const Unit *u, Range r)
{
    static char out[256];
    if (r.first >= r.last)
        return strcpy(out, "");
    int from = u->toks[r.first].off, to = u->toks[r.last - 1].off + u->toks[r.last - 1].len;
    snprintf(out, sizeof out, "%.*s", to - from, u->buf + from);
    return out;
}

/* Index of the n-th token (from 0) spelled s. */
static int find(const Unit *u, const char *s, int n)
{
    for (int i = 0; i < u->ntoks; i++)
        if ((size_t)u->toks[i].len == strlen(s) && memcmp(u->buf + u->toks[i].off, s, strlen(s)) == 0 &&
            n-- == 0)
            return i;
    return -1;
}

static const char fib[] = "int fib(int n) { int x, y; if (n < 2) return n;\n"
                          "  x = spawn fib(n - 1); y = spawn fib(n - 2); sync;\n"
                          "  return x + y; }\n";

Test(frontend, fib_function_and_locals)
{
    Unit *u = parse(fib);
    cr_assert_eq(diag.nerrors, 0);
    cr_assert_eq(u->nfuncs, 1);
    Func *f = u->funcs[0];
    cr_assert(f->is_parallel);
    cr_assert_eq(f->nparams, 1);
    cr_assert_eq(f->nlocals, 3);
    cr_assert_str_eq(f->locals[0]->name, "n");
    cr_assert(f->locals[0]->is_param);
    cr_assert_str_eq(f->locals[1]->name, "x");
    cr_assert_eq(f->locals[2]->index, 2);
    cr_assert(f->locals[2]->is_local);
    cr_assert_eq(f->sym->def, f);
    cr_assert_eq(f->first, 0);
    cr_assert_eq(f->last, u->ntoks);
    cr_assert_eq(f->byte_last, (int)strlen(fib) - 1);
}

Test(frontend, fib_statements)
{
    Unit *u = parse(fib);
    Node *b = u->funcs[0]->body;
    cr_assert_eq(b->kind, N_BLOCK);
    cr_assert_eq(b->nkids, 6);
    cr_assert_eq(b->kids[0]->kind, N_DECL);
    cr_assert_eq(b->kids[0]->decl->ndecls, 2);
    cr_assert_eq(b->kids[1]->kind, N_IF);
    cr_assert_str_eq(text(u, b->kids[1]->e), "n < 2");
    cr_assert_eq(b->kids[1]->body->kind, N_RETURN);
    cr_assert_eq(b->kids[4]->kind, N_SYNC);
    cr_assert_eq(b->kids[5]->kind, N_RETURN);
    cr_assert_str_eq(text(u, b->kids[5]->e), "x + y");
}

Test(frontend, spawn_assign_node)
{
    Unit *u = parse(fib);
    Node *s = u->funcs[0]->body->kids[2];
    cr_assert_eq(s->kind, N_SPAWN);
    cr_assert_eq(s->op, TK_ASSIGN);
    cr_assert_str_eq(text(u, s->lv), "x");
    cr_assert_eq(u->toks[s->spawn_tok].kind, TK_SPAWN);
    cr_assert_str_eq(text(u, s->callee), "fib");
    cr_assert_eq(s->nargs, 1);
    cr_assert_str_eq(text(u, s->args[0]), "n - 1");
    cr_assert_str_eq(text(u, s->call), "fib(n - 1)");
    cr_assert_str_eq(text(u, (Range){s->first, s->last}), "x = spawn fib(n - 1);");
}

Test(frontend, spawn_statement_forms)
{
    Unit *u = parse("int f(int, int); int *g(void);\n"
                    "void h(int *a) { int s = 0; spawn f(1, 2); s += spawn f(3, s);\n"
                    "  a[s] <<= cilk_spawn f(4, 5); *g() = _Cilk_spawn f(6, 7); _Cilk_sync; }\n");
    cr_assert_eq(diag.nerrors, 0);
    Node **k = u->funcs[0]->body->kids;
    cr_assert_eq(k[1]->kind, N_SPAWN);
    cr_assert_eq(k[1]->op, 0);
    cr_assert_str_eq(text(u, k[1]->lv), "");
    cr_assert_eq(k[1]->nargs, 2);
    cr_assert_str_eq(text(u, k[1]->args[1]), "2");
    cr_assert_eq(k[2]->op, TK_ADD_ASSIGN);
    cr_assert_eq(k[3]->op, TK_SHL_ASSIGN);
    cr_assert_str_eq(text(u, k[3]->lv), "a[s]");
    cr_assert_str_eq(text(u, k[4]->lv), "*g()");
    cr_assert_eq(k[5]->kind, N_SYNC);
}

Test(frontend, spawn_in_declaration)
{
    Unit *u = parse("int f(int); void g(void) { int a = spawn f(1); }");
    cr_assert_eq(diag.nerrors, 0);
    Node *d = u->funcs[0]->body->kids[0];
    cr_assert_eq(d->kind, N_DECL);
    Declarator *dt = d->decl->decls[0];
    cr_assert_not_null(dt->spawn);
    cr_assert_eq(dt->spawn->kind, N_SPAWN);
    cr_assert_str_eq(text(u, dt->spawn->callee), "f");
    cr_assert_str_eq(text(u, (Range){dt->init_first, dt->init_last}), "spawn f(1)");
    cr_assert_str_eq(text(u, (Range){dt->first, dt->last}), "a");
    cr_assert(u->funcs[0]->is_parallel);
}

/* compiler/calls.c may make these a spawn and a sync: the parser records
 * the call on the statement as a spawn's fields. */
Test(frontend, call_statement_records_the_call)
{
    Unit *u = parse("int f(int, int); int g(void);\n"
                    "void h(int *a, int x) { f(1, (2, 3)); x += f(x, 4); a[f(5, 6)] = g(); }\n");
    cr_assert_eq(diag.nerrors, 0);
    Node **k = u->funcs[0]->body->kids;
    cr_assert_eq(k[0]->kind, N_EXPR);
    cr_assert_str_eq(text(u, k[0]->callee), "f");
    cr_assert_eq(k[0]->op, 0);
    cr_assert_eq(k[0]->lv.first, k[0]->first);
    cr_assert_eq(k[0]->lv.last, k[0]->first);
    cr_assert_eq(k[0]->nargs, 2);
    cr_assert_str_eq(text(u, k[0]->args[1]), "(2, 3)");
    cr_assert_str_eq(text(u, k[0]->call), "f(1, (2, 3))");
    cr_assert_eq(k[0]->spawn_tok, -1);
    cr_assert_eq(k[1]->op, TK_ADD_ASSIGN);
    cr_assert_str_eq(text(u, k[1]->lv), "x");
    cr_assert_str_eq(text(u, k[1]->call), "f(x, 4)");
    cr_assert_eq(k[2]->op, TK_ASSIGN);
    cr_assert_str_eq(text(u, k[2]->lv), "a[f(5, 6)]");
    cr_assert_str_eq(text(u, k[2]->callee), "g");
    cr_assert_eq(k[2]->nargs, 0);
    cr_assert_null(k[2]->args);
}

/* Only a named callee, with the call the whole statement or the whole
 * right side of its one assignment, not in parentheses. */
Test(frontend, other_statements_record_no_call)
{
    Unit *u = parse("struct S { int (*fp)(int); } s; int f(int);\n"
                    "void h(int x, int y) { (f(1)); x = (f(2)); (x = f(3)); x = y = f(4);\n"
                    "  x = f(5) + 1; s.fp(6); x = (f)(7); x = -f(8); x, f(9); (void)f(10);\n"
                    "  x = x ? f(11) : 0; x++; }\n");
    cr_assert_eq(diag.nerrors, 0);
    Node *b = u->funcs[0]->body;
    cr_assert_eq(b->nkids, 12);
    for (int i = 0; i < b->nkids; i++) {
        cr_assert_eq(b->kids[i]->kind, N_EXPR);
        cr_assert_eq(b->kids[i]->callee.last - b->kids[i]->callee.first, 0, "statement %d", i);
        cr_assert_eq(b->kids[i]->nargs, 0, "statement %d", i);
    }
}

/* compiler/loops.c takes a cilk_for's condition and step as the parser
 * found them: the comparison, its operands and the loop variable's side;
 * the step's operator and operand. */
Test(frontend, cilk_for_records_its_clauses)
{
    Unit *u = parse("int n, a[9];\n"
                    "void h(void) { cilk_for (int i = 0; i <= n << 1; i++) a[i] = 0;\n"
                    "  cilk_for (int i = 9; (n) != i; i -= n ? 1 : 2) a[i] = 0;\n"
                    "  cilk_for (int i = 0; n > 2; --i) a[i] = 0; }\n");
    cr_assert_eq(diag.nerrors, 0);
    Node **k = u->funcs[0]->body->kids;
    cr_assert_eq(k[0]->kind, N_CILK_FOR);
    cr_assert_eq(k[0]->cond_op, TK_LE);
    cr_assert_eq(k[0]->cond_var, 0);
    cr_assert_str_eq(text(u, k[0]->cond_side[0]), "i");
    cr_assert_str_eq(text(u, k[0]->cond_side[1]), "n << 1");
    cr_assert_eq(k[0]->step_op, TK_INC);
    cr_assert_str_eq(text(u, k[0]->step_by), "");
    cr_assert_eq(k[1]->cond_op, TK_NE);
    cr_assert_eq(k[1]->cond_var, 1);
    cr_assert_str_eq(text(u, k[1]->cond_side[0]), "(n)");
    cr_assert_eq(k[1]->step_op, TK_SUB_ASSIGN);
    cr_assert_str_eq(text(u, k[1]->step_by), "n ? 1 : 2");
    cr_assert_eq(k[2]->cond_op, TK_GT);
    cr_assert_eq(k[2]->cond_var, -1);
    cr_assert_eq(k[2]->step_op, TK_DEC);
}

/* Conditions that are not one comparison of operands binding tighter,
 * steps that are not one of the four forms of the loop variable. */
Test(frontend, cilk_for_records_no_other_clauses)
{
    Unit *u = parse("int n, m;\n"
                    "void h(void) { cilk_for (int i = 0; i < n & m; i += 1, m) ;\n"
                    "  cilk_for (int i = 0; i != n < m; (i)++) ;\n"
                    "  cilk_for (int i = 0; n < m < i; m++) ;\n"
                    "  cilk_for (int i = 0; (i < n); i *= 2) ;\n"
                    "  cilk_for (int i = 0; i == n; i = i + 1) ;\n"
                    "  cilk_for (int i = 0; i < n, 1; ) ; }\n");
    cr_assert_eq(diag.nerrors, 0);
    Node *b = u->funcs[0]->body;
    cr_assert_eq(b->nkids, 6);
    for (int i = 0; i < b->nkids; i++) {
        cr_assert_eq(b->kids[i]->kind, N_CILK_FOR);
        cr_assert_eq(b->kids[i]->cond_op, 0, "loop %d", i);
        cr_assert_eq(b->kids[i]->step_op, 0, "loop %d", i);
    }
}

/* compiler/reducer.c takes cilk_reducer's arguments as the parser found
 * them, on the declaration whose own specifiers hold it. */
Test(frontend, reducer_records_its_arguments)
{
    Unit *u = parse("void id(void *); void add(void *, void *); int g(int, int);\n"
                    "int cilk_reducer(id, add) x;\n"
                    "static int cilk_reducer((g(1, 2), id), g ? add : 0) y[2];\n"
                    "struct { int cilk_reducer(id, add) m; } z;\n");
    cr_assert_eq(diag.nerrors, 0);
    Decl *x = u->toks[find(u, "x", 0)].sym->decl->parent;
    cr_assert_eq(u->toks[x->reducer].kind, TK_REDUCER);
    cr_assert_str_eq(text(u, x->reducer_id), "id");
    cr_assert_str_eq(text(u, x->reducer_red), "add");
    Decl *y = u->toks[find(u, "y", 0)].sym->decl->parent;
    cr_assert_str_eq(text(u, y->reducer_id), "(g(1, 2), id)");
    cr_assert_str_eq(text(u, y->reducer_red), "g ? add : 0");
    cr_assert_eq(u->toks[find(u, "z", 0)].sym->decl->parent->reducer, -1);
}

/* compiler/reducer.c finds every cilk_reducer, the declarations it
 * qualifies and the names they declare from what the parser records, not
 * by scanning tokens: a qualifier anywhere (a member's, a cast's, a
 * pointer's) is on the unit's list; a declaration holding one is too;
 * every declarator's name is marked, in any position (after a comma, in
 * parentheses), and a use is not. */
Test(frontend, reducer_qualifiers_and_declared_names_are_recorded)
{
    Unit *u = parse("void id(void *); void add(void *, void *);\n"
                    "long cilk_reducer(id, add) x;\n"
                    "extern long y, x, (x), *p;\n"
                    "struct { long cilk_reducer(id, add) m; } z;\n"
                    "void g(long cilk_reducer(id, add) s);\n"
                    "long h(void) { return x + (long cilk_reducer(id, add))y; }\n");
    cr_assert_eq(diag.nerrors, 0);
    cr_assert_eq(u->nreducer_quals, 4);
    int quals[] = {find(u, "cilk_reducer", 0), find(u, "cilk_reducer", 1),
                   find(u, "cilk_reducer", 2), find(u, "cilk_reducer", 3)};
    for (int i = 0; i < 4; i++)
        cr_assert_eq(u->reducer_quals[i], quals[i], "qualifier %d", i);
    cr_assert_eq(u->nreducer_decls, 2); /* x's declaration, g's parameter */
    cr_assert_eq(u->reducer_decls[0], u->toks[find(u, "x", 0)].sym->decl->parent);
    cr_assert_eq(u->reducer_decls[1]->reducer, quals[2]);
    for (int i = 0; i < 3; i++)
        cr_assert(u->toks[find(u, "x", i)].declares, "x %d", i);
    cr_assert(u->toks[find(u, "y", 0)].declares);
    cr_assert(u->toks[find(u, "p", 0)].declares);
    cr_assert(u->toks[find(u, "s", 0)].declares);
    cr_assert(u->toks[find(u, "h", 0)].declares);
    cr_assert_not(u->toks[find(u, "x", 3)].declares);
    cr_assert_not(u->toks[find(u, "y", 1)].declares);
}

Test(frontend, misplaced_spawn_is_an_error)
{
    parse("int f(int); int g(void) { int x; x = 1 + spawn f(2); return x; }");
    cr_assert_eq(diag.nerrors, 1);
    parse("int f(int); int g(void) { return spawn f(2); }");
    cr_assert_eq(diag.nerrors, 1);
    parse("int f(int); int g(void) { int x = 0; spawn x; return x; }");
    cr_assert_eq(diag.nerrors, 1);
    parse("int f(int); int y = spawn f(1);");
    cr_assert_eq(diag.nerrors, 1);
    parse("int f(int); void g(void) { ({ spawn f(1); }); }");
    cr_assert_eq(diag.nerrors, 1);
    parse("sync;");
    cr_assert_eq(diag.nerrors, 1);
}

Test(frontend, token_sym_links)
{
    Unit *u = parse("struct S { int m; }; int glob;\n"
                    "int k(struct S s) { int v = s.m; L: v += glob; goto L; return v; }");
    cr_assert_eq(diag.nerrors, 0);
    Func *f = u->funcs[0];
    cr_assert_eq(u->toks[find(u, "s", 1)].sym, f->locals[0]);
    cr_assert_null(u->toks[find(u, "m", 1)].sym);
    cr_assert_null(u->toks[find(u, "S", 1)].sym);
    cr_assert_null(u->toks[find(u, "L", 0)].sym);
    cr_assert_null(u->toks[find(u, "L", 1)].sym);
    Sym *g = u->toks[find(u, "glob", 1)].sym;
    cr_assert_not_null(g);
    cr_assert_eq(g, u->toks[find(u, "glob", 0)].sym);
    cr_assert_not(g->is_local);
    cr_assert_eq(u->toks[find(u, "v", 2)].sym, f->locals[1]);
}

Test(frontend, typedef_shadowed_in_block)
{
    Unit *u = parse("typedef int T;\n"
                    "int g(void) { T a = 1; { int T = 2; a += T; } T b = a; return b; }");
    cr_assert_eq(diag.nerrors, 0);
    Func *f = u->funcs[0];
    cr_assert_eq(f->nlocals, 3);
    cr_assert_str_eq(f->locals[1]->name, "T");
    cr_assert_eq(f->locals[1]->kind, SYM_VAR);
    cr_assert_eq(u->toks[find(u, "T", 3)].sym, f->locals[1]);
    cr_assert_eq(u->toks[find(u, "T", 4)].sym->kind, SYM_TYPEDEF);
}

Test(frontend, address_taken)
{
    Unit *u = parse("struct P { int m; int *q; };\n"
                    "void g(int *); void h(void) { int a, b[4], c; struct P s, *t = &s;\n"
                    "  g(&a); g(&b[1]); g(&s.m); g(&t->m); g(t->q); c = a; }");
    cr_assert_eq(diag.nerrors, 0);
    Sym **l = u->funcs[0]->locals;
    cr_assert_str_eq(l[0]->name, "a");
    cr_assert(l[0]->address_taken);
    cr_assert(l[1]->address_taken);
    cr_assert_not(l[2]->address_taken);
    cr_assert(l[3]->address_taken);
    cr_assert_not(l[4]->address_taken);
}

Test(frontend, declaration_defines_function_later)
{
    Unit *u = parse("int h(int); int k(void) { return h(1); } int h(int z) { return z; }");
    cr_assert_eq(diag.nerrors, 0);
    cr_assert_eq(u->nfuncs, 2);
    Sym *h = u->toks[find(u, "h", 1)].sym;
    cr_assert_eq(h->kind, SYM_FUNC);
    cr_assert_eq(h->def, u->funcs[1]);
    cr_assert_not(u->funcs[0]->is_parallel);
}

Test(frontend, cilk_words_as_names)
{
    Unit *u = parse("void sync(void); struct N { int spawn; };\n"
                    "int k(struct N *n) { sync(); return n->spawn; }");
    cr_assert_eq(diag.nerrors, 0);
    cr_assert_eq(u->toks[find(u, "sync", 0)].kind, TK_IDENT);
    cr_assert_eq(u->toks[find(u, "sync", 1)].kind, TK_IDENT);
    cr_assert_eq(u->toks[find(u, "spawn", 1)].kind, TK_IDENT);
    cr_assert_not(u->funcs[0]->is_parallel);
}

Test(frontend, cilk_marker)
{
    Unit *u = parse("cilk int f(int n) { return n; }");
    cr_assert_eq(diag.nerrors, 0);
    cr_assert_eq(u->toks[0].kind, TK_CILK);
    cr_assert_eq(u->nfuncs, 1);
}

Test(frontend, knr_parameters)
{
    Unit *u = parse("int f(a, b) int a; char *b; { return a + *b; }");
    cr_assert_eq(diag.nerrors, 0);
    Func *f = u->funcs[0];
    cr_assert(f->is_knr);
    cr_assert_eq(f->nparams, 2);
    cr_assert_str_eq(f->params[1]->name, "b");
    cr_assert_eq(f->params[1]->decl->parent->spec_first, find(u, "char", 0));
    cr_assert_eq(u->toks[find(u, "b", 2)].sym, f->params[1]);
    u = parse("int f(a) { return a; }");
    cr_assert_eq(diag.nerrors, 0);
    Decl *implicit = u->funcs[0]->params[0]->decl->parent;
    cr_assert_not_null(implicit);
    cr_assert_eq(implicit->spec_first, implicit->spec_last);
}

Test(frontend, line_markers_give_presumed_positions)
{
    Unit *u = parse("# 1 \"x.cilkc\"\n# 40 \"x.cilkc\"\nint\n  x;\n");
    cr_assert_eq(diag.nerrors, 0);
    cr_assert_eq(u->ntoks, 3);
    cr_assert_str_eq(u->toks[1].file, "x.cilkc");
    cr_assert_eq(u->toks[0].line, 40);
    cr_assert_eq(u->toks[1].line, 41);
    cr_assert_eq(u->toks[1].col, 3);
    cr_assert_eq(u->toks[1].off, (int)(strstr(u->buf, "  x;") - u->buf) + 2);
}

Test(frontend, for_while_switch_nodes)
{
    Unit *u = parse("void g(int n) { for (int i = 0; i < n; i++) { switch (i) { case 1 ... 3: break; default: continue; } }\n"
                    "  do n--; while (n); while (n) n++; }");
    cr_assert_eq(diag.nerrors, 0);
    Node **k = u->funcs[0]->body->kids;
    cr_assert_eq(k[0]->kind, N_FOR);
    cr_assert_eq(k[0]->init->kind, N_DECL);
    cr_assert_str_eq(text(u, k[0]->e), "i < n");
    cr_assert_str_eq(text(u, k[0]->e2), "i++");
    Node *sw = k[0]->body->kids[0];
    cr_assert_eq(sw->kind, N_SWITCH);
    Node *c = sw->body->kids[0];
    cr_assert_eq(c->kind, N_CASE);
    cr_assert_str_eq(text(u, c->e), "1");
    cr_assert_str_eq(text(u, c->e2), "3");
    cr_assert_eq(sw->body->kids[1]->kind, N_DEFAULT);
    cr_assert_eq(k[1]->kind, N_DO);
    cr_assert_eq(k[2]->kind, N_WHILE);
}

Test(frontend, token_aliases_match_tokens_h)
{
    for (int k = 1; k < TK_COUNT; k++)
        cr_assert_str_eq(parse_token_alias(k), tok_spelling(k), "token kind %d", k);
}

Test(frontend, typedef_name_as_declarator_name)
{
    Unit *u = parse("typedef void *pointer; typedef int T;\n"
                    "void f(const void *pointer, T T);\n"
                    "struct s { unsigned int sync; pointer p; };\n"
                    "int g(void) { T *pointer = 0; return pointer == 0; }\n"
                    "int k(void) { T a = 1, b; int c, T = 2; T += a + b + c; return T; }");
    cr_assert_eq(diag.nerrors, 0);
    cr_assert_eq(u->toks[find(u, "sync", 0)].kind, TK_IDENT);
    Func *g = u->funcs[0];
    cr_assert_str_eq(g->locals[0]->name, "pointer");
    cr_assert_eq(u->toks[find(u, "pointer", 4)].sym, g->locals[0]);
    Func *k = u->funcs[1];
    cr_assert_eq(k->nlocals, 4);
    cr_assert_str_eq(k->locals[3]->name, "T");
    cr_assert_eq(u->toks[find(u, "T", 6)].sym, k->locals[3]);
    cr_assert_eq(u->toks[find(u, "T", 7)].sym, k->locals[3]);
}

Test(frontend, other_statement_nodes)
{
    Unit *u = parse("void g(int n, ...) { __label__ out; static void *t[] = {&&out};\n"
                    "  goto *t[0]; asm volatile(\"\" : \"+r\"(n));\n"
                    "#pragma GCC unroll 4\n"
                    "  _Static_assert(1, \"x\"); out: ; }");
    cr_assert_eq(diag.nerrors, 0);
    Func *f = u->funcs[0];
    cr_assert(f->is_variadic);
    Node **k = f->body->kids;
    cr_assert_eq(k[0]->kind, N_OTHER);
    cr_assert_eq(k[2]->kind, N_GOTO);
    cr_assert_str_eq(text(u, k[2]->e), "*t[0]");
    cr_assert_eq(k[3]->kind, N_ASM);
    cr_assert_eq(k[4]->kind, N_OTHER);
    cr_assert_eq(u->toks[k[4]->first].kind, TK_PRAGMA);
    cr_assert_eq(k[5]->kind, N_OTHER);
    cr_assert_eq(k[6]->kind, N_LABEL);
    cr_assert_str_eq(text(u, (Range){k[6]->label, k[6]->label + 1}), "out");
    cr_assert_eq(k[6]->body->kind, N_EMPTY);
    cr_assert_eq(u->toks[find(u, "n", 1)].sym, f->params[0]);
}

Test(frontend, void_parameters_and_enum_constants)
{
    Unit *u = parse("enum { A = 1, B }; int g(void) { int v = B; return v + A; }");
    cr_assert_eq(diag.nerrors, 0);
    Func *f = u->funcs[0];
    cr_assert_eq(f->nparams, 0);
    cr_assert_eq(f->nlocals, 1);
    cr_assert_eq(u->toks[find(u, "B", 1)].sym->kind, SYM_ENUMCONST);
    cr_assert_eq(u->toks[find(u, "B", 1)].sym, u->toks[find(u, "B", 0)].sym);
}

Test(frontend, statement_expression_locals_are_numbered)
{
    Unit *u = parse("int g(int a) { int b = ({ int c = a; c + 1; }); { int d = b; a = d; } return a; }");
    cr_assert_eq(diag.nerrors, 0);
    Func *f = u->funcs[0];
    cr_assert_eq(f->nlocals, 4);
    for (int i = 0; i < f->nlocals; i++)
        cr_assert_eq(f->locals[i]->index, i);
    cr_assert_str_eq(f->locals[2]->name, "c");
    cr_assert_str_eq(f->locals[3]->name, "d");
}

Test(frontend, static_and_extern_locals)
{
    Unit *u = parse("int g(void) { static int s; extern int e; int h(int); return s + e + h(1); }");
    cr_assert_eq(diag.nerrors, 0);
    Func *f = u->funcs[0];
    cr_assert_eq(f->nlocals, 1);
    cr_assert_eq(f->locals[0]->storage, SC_STATIC);
    Sym *e = u->toks[find(u, "e", 1)].sym;
    cr_assert_not(e->is_local);
    cr_assert_eq(e->storage, SC_EXTERN);
    cr_assert_eq(u->toks[find(u, "h", 1)].sym->kind, SYM_FUNC);
}

Test(frontend, recovery_keeps_scopes)
{
    Unit *u = parse("typedef int T; int f(void) { { int T = 1 + ; } T x = 2; return x; }\n"
                    "int g(void) { T y = 3; return y; }");
    cr_assert_eq(diag.nerrors, 1);
    cr_assert_eq(u->nfuncs, 2);
    cr_assert_str_eq(u->funcs[1]->locals[0]->name, "y");
}

Test(frontend, deep_nesting_is_an_error_not_a_crash)
{
    static char src[60000];
    strcpy(src, "int x = ");
    for (int i = 0; i < 20000; i++)
        strcat(src + 8 + i, "(");
    strcat(src, "1;");
    parse(src);
    cr_assert_geq(diag.nerrors, 1);
}
