# bench/bench.mk: `make bench` and `make demo` (issue 5).
#
#   make bench          full run, under 30 minutes on 2 cores, with the
#                       fair fight (issue 9's goals at large sizes)
#   make bench QUICK=1  small sizes, under 3 minutes
#   make multiprog      bench/multiprog.sh: fib and nqueens at once on the
#                       cores against one after the other (docs/performance.md)
#   make demo           scripts/demo.sh: excerpt of generated C, fib and the
#                       spawn loop in both modes, a small comparison table
#
# Every benchmark exists as a .cilkc program (bench/programs/) built with
# cilkcc in three modes, and as peers on the same algorithm (bench/peers/):
# OpenMP tasks (one C source, built with gcc/libgomp and clang/libomp) and
# oneTBB task_group (C++). The data-parallel section (BENCH_LOOP_NAMES:
# cilk_for programs) has loop peers instead: OpenMP `parallel for`
# (NAME_ompfor.c -> .gompfor, .iompfor), OpenMP `taskloop`
# (NAME_taskloop.c -> .gomptl, .iomptl) and oneTBB parallel_for or
# parallel_reduce (NAME_tbbfor.cpp -> .tbbfor). A loop benchmark whose
# .cilkc program is not there yet (reducesum, until the reducers land) has
# its peers only. A peer that does not build is left out of build/bench/
# and bench/run.sh reports it as missing. bench-hand (the runtime's
# hand-lowered micro-benchmarks) is defined in runtime/runtime.mk.

BENCH_DIR := $(BUILD)/bench
BENCH_NAMES := fib nqueens nqueens5 cilksort matmul knapsack heat spawnloop uts calls
BENCH_LOOP_NAMES := forloop heatfor reducesum
BENCH_LOOP_CILKC := $(basename $(notdir $(wildcard \
    $(addprefix bench/programs/,$(addsuffix .cilkc,$(BENCH_LOOP_NAMES))))))
BENCH_PKGS := libtbb-dev libomp-dev clang gnuplot-nox time
BENCH_DEPS_STAMP := $(BUILD)/.deps-bench
BENCH_CILKCC := $(BUILD)/bin/cilkcc
# Every configuration, cilkc's and the peers', with its functions on 64-byte
# cache lines: a small hot function's place in the binary otherwise decides
# its speed. fib's -fno-inline serial program moved 47 -> 66 ms between two
# make bench runs; built at bc4accf its 50-byte fib, at 0x12e0, straddles
# a line, and 15 alternated runs at P = 1 gave 67 (63-80) ms of CPU
# against 58-59 ms for the same code 64-byte aligned (2026-12-01, machine
# loaded); the inlined fib, which spans many lines anyway, did not move
# (48 against 47 ms). Loops too: reducesum's inner loop, the same six
# instructions in cilkc's leaf and gcc OpenMP's, took 84-92 ms or 60-63
# ms by where it fell (7 runs each, loaded machine), -falign-loops=64
# giving every build the faster placement.
BENCH_OPT := -O2 -falign-functions=64 -falign-loops=64
BENCH_INC := -Ibench/common -Ibench/peers
BENCH_HDRS := $(wildcard bench/common/*.h bench/peers/*.h)
# What every benchmark binary depends on besides its source: the shared
# headers, and this file, whose flags (BENCH_OPT) it was built with.
BENCH_SRC_DEPS := $(BENCH_HDRS) bench/bench.mk
BENCH_GCC ?= gcc
BENCH_CLANG ?= clang
BENCH_CXX ?= g++

BENCH_CILKC_BINS := $(foreach n,$(BENCH_NAMES) $(BENCH_LOOP_CILKC),$(BENCH_DIR)/$(n).cont \
    $(BENCH_DIR)/$(n).child $(BENCH_DIR)/$(n).serial) $(BENCH_DIR)/fib.serial-noinline
BENCH_PEER_BINS := $(foreach n,$(BENCH_NAMES),$(BENCH_DIR)/$(n).gomp \
    $(BENCH_DIR)/$(n).iomp $(BENCH_DIR)/$(n).tbb) \
    $(foreach n,$(BENCH_LOOP_NAMES),$(foreach c,gompfor iompfor gomptl iomptl tbbfor, \
    $(BENCH_DIR)/$(n).$(c)))
# Rebuild the cilkc binaries when the translator or the runtime changes.
BENCH_TOOLS := $(wildcard $(BENCH_CILKCC) $(BUILD)/bin/cilkc $(BUILD)/lib/libcilkrt.a)

.PHONY: bench bench-build bench-hand demo test-bench multiprog

# Task groups (runtime/group.c): ns per cilk_spawnf and cilk_spawn_ffi
# against a child-mode spawn and TBB's task_group::run (bench/ffi/run.sh).
# In `make bench` it runs last, after the other timings, never beside them.
BENCH_FFI_RUN = $(if $(filter-out 0,$(QUICK)),FFI_ROUNDS=3) sh bench/ffi/run.sh $(BENCH_DIR) \
    docs/performance.md

bench: bench-hand bench-build $(BENCH_DIR)/spawnloop_ffi
	bash bench/run.sh $(if $(filter-out 0,$(QUICK)),--quick) --bin $(BENCH_DIR) --docs docs
	BUILD='$(BUILD)' BENCH_OPT='$(BENCH_OPT)' sh bench/workspan.sh $(BENCH_DIR) docs
	$(BENCH_FFI_RUN)

# The work/span table and the greedy-bound check (bench/workspan.sh), on
# the times docs/bench.csv already holds; part of `make bench`.
.PHONY: bench-workspan
bench-workspan: $(BENCH_CILKCC) $(RT_LIB_A) $(BUILD)/bin/cilkc
	BUILD='$(BUILD)' BENCH_OPT='$(BENCH_OPT)' sh bench/workspan.sh $(BENCH_DIR) docs

.PHONY: bench-ffi
bench-ffi: $(BENCH_DIR)/spawnloop_ffi $(BENCH_DIR)/spawnloop.child $(BENCH_DIR)/spawnloop.tbb
	$(BENCH_FFI_RUN)

$(BENCH_DIR)/spawnloop_ffi: bench/ffi/spawnloop_ffi.c $(BENCH_SRC_DEPS) $(BENCH_TOOLS) | all
	@mkdir -p $(@D)
	$(BENCH_GCC) -std=gnu11 $(BENCH_OPT) -I$(BUILD)/include $(BENCH_INC) -o $@ $< \
	    $(BUILD)/lib/libcilkrt.a -lffi -lpthread

# runtime/runtime.mk gives bench-hand its recipe. It waits for the build
# here, so that no compiler runs beside its timings (make -j2).
bench-hand: | bench-build

bench-build: $(BENCH_CILKC_BINS) $(BENCH_PEER_BINS)

demo:
	bash scripts/demo.sh

MULTIPROG_BINS := $(foreach m,cont child,$(BENCH_DIR)/fib.$(m) $(BENCH_DIR)/nqueens.$(m))
multiprog: $(MULTIPROG_BINS)
	bash bench/multiprog.sh $(if $(filter-out 0,$(QUICK)),--quick) --bin $(BENCH_DIR) --docs docs

# The harness's own test: golden tables from fixed data, and the
# CILK_STATS contract with the runtime (bench/test.sh). No timing.
TEST_GOALS += test-bench
test-bench: all
	BUILD='$(BUILD)' bash bench/test.sh

$(BENCH_DEPS_STAMP):
	@mkdir -p $(@D)
	-./scripts/deps.sh $(BENCH_PKGS)
	@touch $@

# The translator and the runtime come first (order-only on all, so that a
# parallel make does not build benchmarks with a half-built cilkcc).
$(BENCH_DIR)/%.cont: bench/programs/%.cilkc $(BENCH_SRC_DEPS) $(BENCH_TOOLS) | all
	@mkdir -p $(@D)
	@echo "  CILKCC  $@"
	@$(BENCH_CILKCC) --steal=continuation $(BENCH_OPT) $(BENCH_INC) -o $@ $< || \
	    { echo "bench: $@ did not build: it will be reported as missing"; rm -f $@; }

$(BENCH_DIR)/%.child: bench/programs/%.cilkc $(BENCH_SRC_DEPS) $(BENCH_TOOLS) | all
	@mkdir -p $(@D)
	@echo "  CILKCC  $@"
	@$(BENCH_CILKCC) --steal=child $(BENCH_OPT) $(BENCH_INC) -o $@ $< || \
	    { echo "bench: $@ did not build: it will be reported as missing"; rm -f $@; }

$(BENCH_DIR)/%.serial: bench/programs/%.cilkc $(BENCH_SRC_DEPS) $(BENCH_TOOLS) | all
	@mkdir -p $(@D)
	@echo "  CILKCC  $@"
	@$(BENCH_CILKCC) --steal=serial $(BENCH_OPT) $(BENCH_INC) -o $@ $< || \
	    { echo "bench: $@ did not build: it will be reported as missing"; rm -f $@; }

# Ts for ns per spawn: no inlining, so every call of fib is a real call.
$(BENCH_DIR)/%.serial-noinline: bench/programs/%.cilkc $(BENCH_SRC_DEPS) $(BENCH_TOOLS) | all
	@mkdir -p $(@D)
	@echo "  CILKCC  $@"
	@$(BENCH_CILKCC) --steal=serial $(BENCH_OPT) -fno-inline $(BENCH_INC) -o $@ $< || \
	    { echo "bench: $@ did not build: it will be reported as missing"; rm -f $@; }

$(BENCH_DIR)/%.gomp: bench/peers/%_omp.c $(BENCH_SRC_DEPS) | $(BENCH_DEPS_STAMP)
	@mkdir -p $(@D)
	@echo "  GCC     $@"
	@$(BENCH_GCC) -std=gnu11 $(BENCH_OPT) -fopenmp $(BENCH_INC) -o $@ $< || \
	    { echo "bench: peer $@ did not build: it will be reported as missing"; rm -f $@; }

$(BENCH_DIR)/%.iomp: bench/peers/%_omp.c $(BENCH_SRC_DEPS) | $(BENCH_DEPS_STAMP)
	@mkdir -p $(@D)
	@echo "  CLANG   $@"
	@$(BENCH_CLANG) -std=gnu11 $(BENCH_OPT) -fopenmp $(BENCH_INC) -o $@ $< || \
	    { echo "bench: peer $@ did not build: it will be reported as missing"; rm -f $@; }

$(BENCH_DIR)/%.tbb: bench/peers/%_tbb.cpp $(BENCH_SRC_DEPS) | $(BENCH_DEPS_STAMP)
	@mkdir -p $(@D)
	@echo "  CXX     $@"
	@$(BENCH_CXX) -std=c++17 $(BENCH_OPT) $(BENCH_INC) -o $@ $< -ltbb -lpthread || \
	    { echo "bench: peer $@ did not build: it will be reported as missing"; rm -f $@; }

# The loop peers of the data-parallel section.
$(BENCH_DIR)/%.gompfor: bench/peers/%_ompfor.c $(BENCH_SRC_DEPS) | $(BENCH_DEPS_STAMP)
	@mkdir -p $(@D)
	@echo "  GCC     $@"
	@$(BENCH_GCC) -std=gnu11 $(BENCH_OPT) -fopenmp $(BENCH_INC) -o $@ $< || \
	    { echo "bench: peer $@ did not build: it will be reported as missing"; rm -f $@; }

$(BENCH_DIR)/%.iompfor: bench/peers/%_ompfor.c $(BENCH_SRC_DEPS) | $(BENCH_DEPS_STAMP)
	@mkdir -p $(@D)
	@echo "  CLANG   $@"
	@$(BENCH_CLANG) -std=gnu11 $(BENCH_OPT) -fopenmp $(BENCH_INC) -o $@ $< || \
	    { echo "bench: peer $@ did not build: it will be reported as missing"; rm -f $@; }

$(BENCH_DIR)/%.gomptl: bench/peers/%_taskloop.c $(BENCH_SRC_DEPS) | $(BENCH_DEPS_STAMP)
	@mkdir -p $(@D)
	@echo "  GCC     $@"
	@$(BENCH_GCC) -std=gnu11 $(BENCH_OPT) -fopenmp $(BENCH_INC) -o $@ $< || \
	    { echo "bench: peer $@ did not build: it will be reported as missing"; rm -f $@; }

$(BENCH_DIR)/%.iomptl: bench/peers/%_taskloop.c $(BENCH_SRC_DEPS) | $(BENCH_DEPS_STAMP)
	@mkdir -p $(@D)
	@echo "  CLANG   $@"
	@$(BENCH_CLANG) -std=gnu11 $(BENCH_OPT) -fopenmp $(BENCH_INC) -o $@ $< || \
	    { echo "bench: peer $@ did not build: it will be reported as missing"; rm -f $@; }

$(BENCH_DIR)/%.tbbfor: bench/peers/%_tbbfor.cpp $(BENCH_SRC_DEPS) | $(BENCH_DEPS_STAMP)
	@mkdir -p $(@D)
	@echo "  CXX     $@"
	@$(BENCH_CXX) -std=c++17 $(BENCH_OPT) $(BENCH_INC) -o $@ $< -ltbb -lpthread || \
	    { echo "bench: peer $@ did not build: it will be reported as missing"; rm -f $@; }
