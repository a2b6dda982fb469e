/* lower_impl.h: what the files of the lowering share. lower.c holds the
 * context, destinations, the statement walker and the driver;
 * lower_types.c writes types as text, lower_serial.c the serial elision,
 * lower_cont.c the continuation-mode pieces (DESIGN §3), lower_child.c the
 * child-mode ones (DESIGN §4). The walker calls the mode's spawn, sync and
 * return; the mode's driver calls the walker for each clone's body. Not
 * for use outside the lowering: lower.h is. */
#ifndef CILKC_LOWER_IMPL_H
#define CILKC_LOWER_IMPL_H

#include "analysis.h"
#include "emit.h"
#include "lower.h"

typedef enum { CLONE_FAST, CLONE_SLOW, CLONE_CHILD } Clone;

/* Leading parameters of a fast clone and of a child-mode body. */
#define FAST_EXTRA                                                                                 \
    "cilkrt_worker *cilkc_w, cilkrt_frame *cilkc_parent, int cilkc_site, void *cilkc_dst"
#define CHILD_EXTRA "cilkrt_worker *cilkc_w"
/* cilkc_fastin_FN's, which takes its worker from the thread
 * (lower_cont.c, worker_from_thread) */
#define FASTIN_EXTRA "cilkrt_frame *cilkc_parent, int cilkc_site, void *cilkc_dst"

/* A loop being written, in a chain from the innermost out. */
typedef struct LowerLoop {
    const Node *loop;
    const struct LowerLoop *up;
} LowerLoop;

typedef struct {
    Emit e;
    const Unit *u;
    StealMode mode;
    int workspan; /* emit the work/span hooks (cilkrt_wsp.h) */
    Diag *d;
    const Func *fn;
    const char *name;
    Clone clone;
    Analysis a;    /* facts about fn: spawn sites, where each local lives */
    int next_sync; /* slow clone: next resume index for a sync or return */
    int is_void;
    int is_main;
    /* fast clone: locals in scope that live in C variables, innermost last;
     * the walker keeps it, lower_cont.c saves them at each spawn */
    const Sym **visible;
    int nvisible;
    const LowerLoop *loops; /* the loops around the code being written */
    int errors;
    int entry; /* child mode: writing the split body's entry (lower_child.c),
                  where nothing has been spawned: a return needs no sync */
    /* child mode (lower_child.c): by site, its place in a run of spawns
     * whose sync is written inline (RUN_*); the run being written */
    unsigned char *runs;
    int run_first, run_n;
    /* Cilk-5 (lower_cilk5.c) */
    int aborts;     /* the unit has `abort`: its frames poll for it */
    int inlet_site; /* writing the inlet body of this spawn site: a return
                       leaves the body */
    int holds_lock; /* slow clone with inlets: its code runs under the
                       frame's lock, released across spawns and syncs */
    int try_k;      /* continuation mode: fn's split point when its spawns of
                       itself try the child's entry first (lower_cont.c) */
    int fastin;     /* writing cilkc_fastin_FN: the worker is read from the
                       thread when the frame is allocated (lower_cont.c) */
    /* functions whose external clone (cilkc_fast_F, cilkc_body_F) the
     * output declares already (lower_clone_declared) */
    const char **declared;
    int ndeclared;
} Lower;

/* lower_types.c: types as text */
/* Tokens [first, last) as declaration text: names as written, whatever
 * clone is being written. */
void lower_plain(Lower *L, int first, int last);
int lower_returns_void(const Lower *L);
/* what lower_spec drops of the qualifiers (QUALS_DROP_CONST is 1: a
 * lower_plain_declarator test's value) */
enum { QUALS_KEEP, QUALS_DROP_CONST, QUALS_DROP_ALL };
void lower_spec(Lower *L, int first, int last, int attrs, int drop);
void lower_return_type(Lower *L, const char *name);
void lower_signature_of(Lower *L, const Declarator *dd, const char *name, const char *extra);
void lower_signature(Lower *L, const Func *fn, const char *name, const char *extra);
void lower_clone_spec(Lower *L, const Func *fn);
void lower_declarator_as(Lower *L, const Declarator *dd, const char *name, int adjust);
int lower_plain_declarator(const Declarator *dd);
int lower_implicit_int(const Lower *L, int first, int last);

/* lower.c: spawn sites and their destinations */
const Func *lower_parallel_callee(const Lower *L, const Node *n);
int lower_has_dest(const Lower *L, const Node *n);
int lower_dest_by_pointer(const Lower *L, const Node *n);
void lower_dest_pointer(Lower *L, const Node *n);
int lower_dest_is_member(const Lower *L, const Node *n);
void lower_dest_suffix(Lower *L, const Node *n);
void lower_dest(Lower *L, const Node *n, const char *ptr);
void lower_op(Lower *L, const Node *n);
void lower_call_text(Lower *L, const Node *n);
int lower_callee_is_name(const Node *n);
void lower_arg_temps(Lower *L, const Node *n);

/* lower.c: the walker and the pieces both modes write */
void lower_inlet_body(Lower *L, const Node *n, int site, const char *value, const char *extra);
void lower_push_visible(Lower *L, const Sym *s);
void lower_block(Lower *L, const Node *n);
/* Statements kids[first, last) of block n without its braces: the locals
 * they declare stay visible, for what the caller writes after them. */
void lower_stmts(Lower *L, const Node *n, int first, int last);
void lower_param_list(Lower *L, const char *prefix);
void lower_root_thunk(Lower *L);
void lower_entry_head(Lower *L);
void lower_clone_signature(Lower *L, const char *part, const char *lead, const char *extra);
int lower_clone_known(const Lower *L, const char *fn);
int lower_clone_declared(Lower *L, const char *fn);
void lower_ws(Lower *L, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Copy input bytes [from, to) to the output, from token *t on, with the
 * cilkc words that mean nothing there replaced. */
void lower_copy_bytes(Lower *L, size_t from, size_t to, int *t);

/* lower_serial.c: the serial elision */
/* Blanks as wide as token t (a word of at most 11 bytes): what keeps the
 * columns of the rest of its line where a word of cilkc's goes. */
const char *lower_blanks(const Token *t);
const char *serial_replacement(const Lower *L, const Token *t);
void serial_func(Lower *L, const Func *fn, size_t pos, int *t);

/* lower_cont.c: continuation mode */
const Sym *cont_marked_callee(const Lower *L, const Node *n);
void cont_declare_marked(Lower *L);
void cont_spawn(Lower *L, const Node *n, int site);
void cont_sync(Lower *L);
void cont_return(Lower *L, const Node *n);
void cont_save_hidden(Lower *L, const Sym *s);
int cont_frame_before(Lower *L, const Node *n);
void cont_frame_after(Lower *L, int braced);
int cont_loop_enter(Lower *L, const Node *n, LowerLoop *lp);
void cont_loop_leave(Lower *L, int braced);
void cont_func(Lower *L);
int cont_lazy_unit(const Lower *L);
void cont_lazy_signature(Lower *L, const Func *g);
void cont_abort(Lower *L);

/* split.c: the body split before its first spawn, in both modes: how many
 * leading statements the entry runs (0: no split); whether they run in
 * bounded time (lower_split_bounded); the automatic locals
 * they declare, in order (lower_each_passed); such a local as the spawning
 * part's extra parameter (lower_passed_param) and as its argument
 * (lower_passed_arg). */
int lower_split_point(const Lower *L);
int lower_split_bounded(const Lower *L, int k);
void lower_each_passed(const Lower *L, int k, void (*f)(Lower *, const Sym *, Buf *), Buf *b);
void lower_passed_param(Lower *L, const Sym *s, Buf *b);
void lower_passed_arg(Lower *L, const Sym *s, Buf *b);

/* calls.c: continuation mode's plain calls of parallel functions become
 * spawn and sync where no child is outstanding (in the body, before its
 * analysis) */
void calls_as_spawns(Lower *L, Node *body);

/* lower_child.c: child mode */
void child_spawn(Lower *L, const Node *n, int site);
void child_sync(Lower *L);
void child_return(Lower *L, const Node *n);
void child_func(Lower *L);
void child_abort(Lower *L);

/* lower_cilk5.c: Cilk-5's `cilk main` and EXPORT stubs */
void cilk5_main_options(Lower *L);
int cilk5_void_main_token(const Lower *L, const Func *fn, int i);
int cilk5_export(Lower *L, const Func *fn);

#endif
