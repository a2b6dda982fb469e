# tools/tools.mk: tools/wgsim, the work-generation model simulator
# (docs/stability.md), and `make stability`. Included by the top Makefile.
#
#   make test-wgsim          its known-answer tests and the command line
#   make test-stability      the runtime version of the model (wgrt) at one
#                            worker, where its queue lengths are exact
#   make stability           the experiment: docs/stability.md and its plots
#                            (under 5 minutes on 2 cores; QUICK=1 under 1)

WGSIM_DIR := $(BUILD)/tools
WGSIM := $(WGSIM_DIR)/wgsim
WGSIM_TEST := $(WGSIM_DIR)/wgsim_test
WGSIM_HDR := tools/wgsim/model.h tools/wgsim/rng.h

.PHONY: test-wgsim stability
all: $(WGSIM)
TEST_GOALS += test-wgsim

$(WGSIM): tools/wgsim/main.c tools/wgsim/model.c $(WGSIM_HDR) | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -o $@ tools/wgsim/main.c tools/wgsim/model.c -lm

$(WGSIM_TEST): tools/wgsim/wgsim_test.c tools/wgsim/model.c $(WGSIM_HDR) | $(TEST_DEPS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -Itools/wgsim -o $@ tools/wgsim/wgsim_test.c tools/wgsim/model.c \
	    -lcriterion -lm

test-wgsim: $(WGSIM) $(WGSIM_TEST)
	$(WGSIM_TEST)
	sh tools/wgsim/cli_test.sh $(WGSIM)

# The stability experiment (bench/stability/): wgsim, and the model on the
# runtime (wgrt.cilkc) in both modes; gnuplot for the plots.
STAB_DIR := $(BUILD)/stability
STAB_BINS := $(STAB_DIR)/wgrt.child $(STAB_DIR)/wgrt.cont

# wgrt's queue sampling at one worker, where the answer is exact
TEST_GOALS += test-stability
.PHONY: test-stability
test-stability: $(STAB_BINS)
	sh bench/stability/test.sh $(STAB_DIR)

stability: $(WGSIM) $(STAB_BINS) | $(BENCH_DEPS_STAMP)
	bash bench/stability/run.sh $(if $(filter-out 0,$(QUICK)),--quick) --wgsim $(WGSIM) \
	    --bin $(STAB_DIR) --docs docs

$(STAB_DIR)/wgrt.child: bench/stability/wgrt.cilkc $(BENCH_TOOLS) | all
	@mkdir -p $(@D)
	$(BENCH_CILKCC) --steal=child -O2 -o $@ $<

$(STAB_DIR)/wgrt.cont: bench/stability/wgrt.cilkc $(BENCH_TOOLS) | all
	@mkdir -p $(@D)
	$(BENCH_CILKCC) --steal=continuation -O2 -o $@ $<

# cilkscale: the scalability command (tools/cilkscale/cilkscale.sh,
# docs/workspan.md), installed as PREFIX/bin/cilkscale; tested by
# tests/workspan/run.sh.
CILKSCALE_CMD := $(BUILD)/bin/cilkscale
all: $(CILKSCALE_CMD)
$(CILKSCALE_CMD): tools/cilkscale/cilkscale.sh
	@mkdir -p $(@D)
	cp $< $@
	chmod 755 $@
