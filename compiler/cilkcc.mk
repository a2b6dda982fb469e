# compiler/cilkcc.mk: the driver build/bin/cilkcc, the pkg-config file
# build/lib/pkgconfig/cilkrt.pc, `make install` and the driver test.
#
# build/bin/cilkc, build/lib/libcilkrt.{a,so} and the headers in
# build/include/ come from compiler/compiler.mk and runtime/runtime.mk.
#
# Installed layout (cilkcc finds the runtime relative to its own binary,
# see compiler/cilkcc.c; keep both in step):
#   PREFIX/bin/cilkc, PREFIX/bin/cilkcc, PREFIX/bin/cilkscale
#   PREFIX/lib/libcilkrt.a, PREFIX/lib/libcilkrt.so
#   PREFIX/include/cilkrt/cilkrt.h, cilkrt_abi.h, cilkrt_wsp.h, cilk.h, cilk-lib.cilkh,
#     cilk-lib.h, cilk-compat.h
#   PREFIX/include/cilkrt/cilk/cilk.h, cilk_api.h (OpenCilk's names), cilkscale.h
#   PREFIX/lib/pkgconfig/cilkrt.pc
#   PREFIX/share/man/man1/cilkc.1, cilkcc.1
#   PREFIX/share/man/man3/cilk_group.3
#   PREFIX/share/cilkc/cilkc-gdb.py (gdb: skip the runtime, cilkc-locals)

CILKC_VERSION ?= 0.1.0
CILKCC := $(BUILD)/bin/cilkcc
CILKRT_PC := $(BUILD)/lib/pkgconfig/cilkrt.pc
DESTDIR ?=

.PHONY: test-driver cilkcc-prefix-check
all: $(CILKCC) $(CILKRT_PC)

$(CILKCC): compiler/cilkcc.c compiler/cilkcc.mk
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -DCILKC_VERSION='"$(CILKC_VERSION)"' -o $@ $<

# cilkrt.pc names PREFIX, so it is rebuilt when PREFIX changes: the stamp
# is rewritten only when its content would differ.
$(BUILD)/.prefix: cilkcc-prefix-check
	@mkdir -p $(@D)
	@echo '$(PREFIX)' | cmp -s - $@ || echo '$(PREFIX)' > $@

$(CILKRT_PC): runtime/cilkrt.pc.in $(BUILD)/.prefix
	@mkdir -p $(@D)
	sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@VERSION@|$(CILKC_VERSION)|g' $< > $@

install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib/pkgconfig \
	    $(DESTDIR)$(PREFIX)/include/cilkrt/cilk $(DESTDIR)$(PREFIX)/share/man/man1 \
	    $(DESTDIR)$(PREFIX)/share/man/man3 $(DESTDIR)$(PREFIX)/share/cilkc
	install -m 755 $(BUILD)/bin/cilkc $(BUILD)/bin/cilkcc $(BUILD)/bin/cilkscale \
	    $(DESTDIR)$(PREFIX)/bin/
	install -m 644 $(BUILD)/lib/libcilkrt.a $(DESTDIR)$(PREFIX)/lib/
	install -m 755 $(BUILD)/lib/libcilkrt.so $(DESTDIR)$(PREFIX)/lib/
	install -m 644 $(BUILD)/include/*.h $(BUILD)/include/*.cilkh $(DESTDIR)$(PREFIX)/include/cilkrt/
	install -m 644 $(BUILD)/include/cilk/*.h $(DESTDIR)$(PREFIX)/include/cilkrt/cilk/
	install -m 644 $(CILKRT_PC) $(DESTDIR)$(PREFIX)/lib/pkgconfig/
	install -m 644 docs/cilkc.1 docs/cilkcc.1 $(DESTDIR)$(PREFIX)/share/man/man1/
	install -m 644 docs/cilk_group.3 $(DESTDIR)$(PREFIX)/share/man/man3/
	install -m 644 scripts/cilkc-gdb.py $(DESTDIR)$(PREFIX)/share/cilkc/

# The test checks the installed cilkrt.pc with pkg-config.
$(BUILD)/.deps-pkgconf:
	@mkdir -p $(@D)
	./scripts/deps.sh pkgconf
	@touch $@

TEST_GOALS += test-driver
test-driver: all | $(BUILD)/.deps-pkgconf
	BUILD='$(BUILD)' CC='$(CC)' sh tests/driver/run.sh
