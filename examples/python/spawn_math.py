#!/usr/bin/env python3
"""Spawn C math functions onto libcilkrt's workers from Python (ctypes only).

    CILKRT_LIB=/path/libcilkrt.so INTEGRATE_LIB=/path/libintegrate.so \
        python3 spawn_math.py

1. libm's sin, cos, exp, sqrt and atan over 1000 values each, spawned one
   call per value through cilk_spawn_ffi, checked against Python's math
   module (which calls the same libm).
2. integrate(sin, a, b, n) (integrate.c) over 8 slices of [0, pi]: a serial
   loop of direct ctypes calls, then the same calls spawned into one group,
   timed. ctypes releases the GIL around each foreign call, and the spawned
   calls run on the workers without it.
Exits 1 if a result differs.
"""
import ctypes
import ctypes.util
import math
import os
import sys
import time

rt = ctypes.CDLL(os.environ.get("CILKRT_LIB", "libcilkrt.so"))
libm = ctypes.CDLL(ctypes.util.find_library("m") or "libm.so.6")
integ = ctypes.CDLL(os.environ.get("INTEGRATE_LIB", "./libintegrate.so"))


class Group(ctypes.Structure):
    """cilk_group: 256 opaque bytes, 8-byte aligned (cilkrt.h)."""
    _fields_ = [("opaque", ctypes.c_double * 32)]


GroupP = ctypes.POINTER(Group)
rt.cilk_group_init.argtypes = [GroupP]
rt.cilk_group_sync.argtypes = [GroupP]
rt.cilk_group_destroy.argtypes = [GroupP]
rt.cilk_sig_cif.argtypes = [ctypes.c_char_p]
rt.cilk_sig_cif.restype = ctypes.c_void_p
rt.cilk_spawn_ffi.argtypes = [GroupP, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p,
                              ctypes.POINTER(ctypes.c_void_p)]
rt.cilk_spawn_ffi.restype = ctypes.c_int
integ.integrate.argtypes = [ctypes.c_void_p, ctypes.c_double, ctypes.c_double, ctypes.c_long]
integ.integrate.restype = ctypes.c_double


def address(fn):
    return ctypes.cast(fn, ctypes.c_void_p).value


def spawn(g, cif, fn, result, *values):
    """Spawn fn(*values) into g; values are ctypes objects, copied now."""
    argv = (ctypes.c_void_p * len(values))(*[ctypes.addressof(v) for v in values])
    if rt.cilk_spawn_ffi(ctypes.byref(g), cif, fn, result, argv) != 0:
        sys.exit("cilk_spawn_ffi failed")


def check_libm():
    cif = rt.cilk_sig_cif(b"d(d)")
    xs = [i / 37.0 for i in range(1000)]
    names = ["sin", "cos", "exp", "sqrt", "atan"]
    out = {name: (ctypes.c_double * len(xs))() for name in names}
    g = Group()
    rt.cilk_group_init(ctypes.byref(g))
    for name in names:
        fn = address(getattr(libm, name))
        base = ctypes.addressof(out[name])
        for i, x in enumerate(xs):
            spawn(g, cif, fn, base + 8 * i, ctypes.c_double(x))
    rt.cilk_group_sync(ctypes.byref(g))
    rt.cilk_group_destroy(ctypes.byref(g))
    bad = sum(out[name][i] != getattr(math, name)(x)
              for name in names for i, x in enumerate(xs))
    print(f"libm: {len(names) * len(xs)} spawned calls, {bad} differ from the math module")
    return bad == 0


def timed(fn):
    t = time.perf_counter()
    r = fn()
    return r, time.perf_counter() - t


def check_integrate(slices=8, points=2_000_000):
    sin = address(libm.sin)
    bounds = [(math.pi * k / slices, math.pi * (k + 1) / slices) for k in range(slices)]

    def serial():
        return [integ.integrate(sin, a, b, points) for a, b in bounds]

    def parallel():
        cif = rt.cilk_sig_cif(b"d(pddl)")
        out = (ctypes.c_double * slices)()
        g = Group()
        rt.cilk_group_init(ctypes.byref(g))
        for k, (a, b) in enumerate(bounds):
            spawn(g, cif, address(integ.integrate), ctypes.addressof(out) + 8 * k,
                  ctypes.c_void_p(sin), ctypes.c_double(a), ctypes.c_double(b),
                  ctypes.c_long(points))
        rt.cilk_group_sync(ctypes.byref(g))
        rt.cilk_group_destroy(ctypes.byref(g))
        return list(out)

    parallel()  # start the pool outside the timing
    s, ts = timed(serial)
    p, tp = timed(parallel)
    print(f"integral of sin over [0, pi] in {slices} slices: {sum(p):.9f}")
    print(f"serial loop {ts * 1e3:.1f} ms, spawned {tp * 1e3:.1f} ms "
          f"({ts / tp:.2f}x, {rt.cilkrt_nworkers()} workers)")
    return s == p


ok = check_libm() & check_integrate()
print("ok" if ok else "FAILED")
sys.exit(0 if ok else 1)
