# examples/examples.mk: the task-group examples, built as their users build
# them (plain gcc with pkg-config; Python with ctypes), against a staged
# install of the runtime in $(BUILD)/stage. Included by the top Makefile.
#
#   make test-examples   examples/ffi at CILK_NWORKERS = 1, 2, 4 against
#                        map.out; examples/python if python3 is present

STAGE := $(abspath $(BUILD)/stage)
STAGE_PC := $(STAGE)/lib/pkgconfig/cilkrt.pc
STAGE_FILES := $(STAGE)/lib/libcilkrt.so $(STAGE)/lib/libcilkrt.a \
               $(STAGE)/include/cilkrt/cilkrt.h $(STAGE)/include/cilkrt/cilkrt_abi.h $(STAGE_PC)
EX_DIR := $(BUILD)/examples

.PHONY: test-examples
TEST_GOALS += test-examples

$(STAGE)/lib/%: $(BUILD)/lib/%
	@mkdir -p $(@D)
	cp $< $@

$(STAGE)/include/cilkrt/%.h: $(BUILD)/include/%.h
	@mkdir -p $(@D)
	cp $< $@

$(STAGE_PC): runtime/cilkrt.pc.in
	@mkdir -p $(@D)
	sed -e 's|@PREFIX@|$(STAGE)|g' -e 's|@VERSION@|$(CILKC_VERSION)|g' $< > $@

test-examples: $(STAGE_FILES) | $(BUILD)/.deps-pkgconf
	@mkdir -p $(EX_DIR)/ffi
	PKG_CONFIG_PATH=$(STAGE)/lib/pkgconfig $(MAKE) --no-print-directory -C examples/ffi \
	    O=$(abspath $(EX_DIR)/ffi) CC=gcc CFLAGS='-O2 -Wall -Wextra -Werror'
	set -e; for p in 1 2 4; do \
	    echo "examples/ffi/map with CILK_NWORKERS=$$p"; \
	    LD_LIBRARY_PATH=$(STAGE)/lib CILK_NWORKERS=$$p $(EX_DIR)/ffi/map > $(EX_DIR)/ffi/map.txt; \
	    diff -u examples/ffi/map.out $(EX_DIR)/ffi/map.txt; \
	done
	@if command -v python3 >/dev/null; then \
	    echo "examples/python/spawn_math.py"; \
	    gcc -O2 -Wall -Wextra -Werror -shared -fPIC examples/python/integrate.c -lm \
	        -o $(EX_DIR)/libintegrate.so && \
	    CILKRT_LIB=$(STAGE)/lib/libcilkrt.so INTEGRATE_LIB=$(abspath $(EX_DIR)/libintegrate.so) \
	        CILK_NWORKERS=2 python3 examples/python/spawn_math.py; \
	else echo "examples/python: python3 not found, skipped"; fi
