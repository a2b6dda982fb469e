# tests/cilk5/cilk5.mk: Cilk-5 programs built unchanged (tests/cilk5/run.sh).
# Included by the top Makefile.
#
#   make test-cilk5            each program's elision against NAME.out, then
#                              both steal modes at CILK_NWORKERS = 1, 2, 4
#   make check-sanitize-cilk5  the same at P = 4 under ASan + UBSan, then TSan

CILK5_DEPS := $(BUILD)/bin/cilkc $(BUILD)/bin/cilkcc $(BUILD)/lib/libcilkrt.a $(RT_PUBLIC_HDR)

.PHONY: test-cilk5 check-sanitize-cilk5
TEST_GOALS += test-cilk5

test-cilk5: $(CILK5_DEPS)
	BUILD='$(BUILD)' sh tests/cilk5/run.sh

check-sanitize: check-sanitize-cilk5
check-sanitize-cilk5: $(CILK5_DEPS) $(BUILD)/lib/libcilkrt-asan.a $(BUILD)/lib/libcilkrt-tsan.a
	BUILD='$(BUILD)' sh tests/cilk5/run.sh --sanitize=asan
	BUILD='$(BUILD)' sh tests/cilk5/run.sh --sanitize=tsan
