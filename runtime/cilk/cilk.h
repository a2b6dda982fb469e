/*
 * cilk/cilk.h: OpenCilk's keywords for cilkc, so that OpenCilk sources
 * compile unchanged with cilkcc (installed as PREFIX/include/cilkrt/cilk/,
 * where cilkcc's -I finds it).
 *
 * cilkc reads cilk_spawn, cilk_sync, cilk_for and cilk_scope (and their
 * _Cilk_ spellings) as its own keywords, with or without this header.
 * cilk_reducer(identity, reduce) is _Hyperobject(identity, reduce), as in
 * OpenCilk: cilkc reads both spellings (docs/language.md, "Reducers").
 */
#ifndef CILK_CILK_H
#define CILK_CILK_H

#ifndef __cilkc__
#error "cilk/cilk.h of cilkc: compile this file as cilkc source (NAME.cilkc, or cilkcc -x cilkc)"
#endif

#define cilk_spawn _Cilk_spawn
#define cilk_sync _Cilk_sync
#define cilk_for _Cilk_for
#define cilk_scope _Cilk_scope
#define cilk_reducer _Hyperobject

#endif
