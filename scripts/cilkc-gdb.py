# cilkc-gdb.py: gdb support for programs built by cilkcc (installed as
# PREFIX/share/cilkc/cilkc-gdb.py; load it with `source` in gdb or in
# ~/.gdbinit). Documented in cilkcc(1), section DEBUGGING.
#
# - The runtime's functions (cilkrt_*) are skipped, so `step` on a spawn
#   line goes into the spawned function, not into cilkrt_frame_alloc.
# - `cilkc-locals` prints the selected frame's locals by their source
#   names. The slow clone keeps every local in its frame, as the field
#   cilkc_f->l.NAME_INDEX, where `print NAME` finds nothing; the fast clone
#   keeps the ones that live in the frame there too.
import re

import gdb

gdb.execute("skip -rfunction ^cilkrt_", to_string=True)

FRAME_FIELD = re.compile(r"^(.+)_([0-9]+)$")


def c_variables(frame):
    """The frame's C variables and arguments that the user named."""
    found = {}
    try:
        block = frame.block()
    except RuntimeError:
        return found
    while block is not None:
        for sym in block:
            if (sym.is_variable or sym.is_argument) and not sym.name.startswith("cilkc_"):
                found.setdefault(sym.name, sym.value(frame))
        if block.function is not None:
            break
        block = block.superblock
    return found


def frame_fields(frame):
    """NAME -> value for each local that cilkc keeps in the Cilk frame."""
    try:
        f = frame.read_var("cilkc_f")
    except ValueError:
        return {}
    if int(f) == 0:  # the fast clone before its first spawn
        return {}
    locals_ = f.dereference()["l"]
    found = {}
    for field in locals_.type.fields():
        m = FRAME_FIELD.match(field.name)
        if m:
            found[m.group(1)] = locals_[field.name]
    return found


class CilkcLocals(gdb.Command):
    """Print the selected frame's locals by their source names.

A C variable of that name comes first (in the fast clone it is the live
value); otherwise the copy in the Cilk frame (cilkc_f->l.NAME_INDEX), the
only one in the slow clone."""

    def __init__(self):
        super().__init__("cilkc-locals", gdb.COMMAND_DATA)

    def invoke(self, arg, from_tty):
        frame = gdb.selected_frame()
        values = frame_fields(frame)
        values.update(c_variables(frame))
        for name in sorted(values):
            gdb.write("%s = %s\n" % (name, values[name]))


CilkcLocals()
