# tools/tools.mk: tools/wgsim, the work-generation model simulator
# (docs/stability.md), and `make stability`. Included by the top Makefile.
#
#   make test-wgsim          its known-answer tests and the command line
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
