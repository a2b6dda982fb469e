# tests/tests.mk: the end-to-end tests (tests/e2e/run.sh). Included by the
# top Makefile.
#
#   make test-e2e            corpus and examples, translated, compiled and
#                            run in every steal mode at CILK_NWORKERS = 1, 2,
#                            4, 8, compared with their serial elision
#   make check-sanitize-e2e  the same at P = 4 under ASan + UBSan, then TSan
#                            (runtime variants from runtime/runtime.mk)
#
# run.sh takes program names to run a subset, e.g.
#   tests/e2e/run.sh fib form_compound linkage

# Every public header: the corpus includes <cilk/cilk.h> and the reducer
# headers, and a target run on a fresh clone (without `make` first) must
# build them itself.
E2E_DEPS := $(BUILD)/bin/cilkc $(BUILD)/bin/cilkcc $(BUILD)/lib/libcilkrt.a $(RT_PUBLIC_HDR)

.PHONY: test-e2e test-lowering check-sanitize-e2e check-valgrind
TEST_GOALS += test-e2e test-lowering

test-e2e: $(E2E_DEPS)
	BUILD='$(BUILD)' CC='$(CC)' sh tests/e2e/run.sh

# generated-code properties, and the generated code under clang
test-lowering: $(E2E_DEPS)
	BUILD='$(BUILD)' sh tests/e2e/lowering.sh

check-sanitize: check-sanitize-e2e
check-sanitize-e2e: $(E2E_DEPS) $(BUILD)/lib/libcilkrt-asan.a $(BUILD)/lib/libcilkrt-tsan.a
	BUILD='$(BUILD)' CC='$(CC)' sh tests/e2e/run.sh --sanitize=asan
	BUILD='$(BUILD)' CC='$(CC)' sh tests/e2e/run.sh --sanitize=tsan

# memcheck over the examples, the steal-forcing programs and the new
# features' programs (valgrind.sh; 15 min measured at load 12 on 2 cores)
check-valgrind: $(E2E_DEPS)
	./scripts/deps.sh valgrind
	BUILD='$(BUILD)' sh tests/e2e/valgrind.sh

# The instrumented build (--workspan) against closed forms, in both steal
# modes at P = 1, 2, 4 with steals forced (tests/workspan/run.sh).
.PHONY: test-workspan
TEST_GOALS += test-workspan
test-workspan: $(E2E_DEPS) $(BUILD)/include/cilkrt_wsp.h $(BUILD)/include/cilk/cilkscale.h \
		$(BUILD)/include/cilk.h $(BUILD)/bin/cilkscale
	BUILD='$(BUILD)' CC='$(CC)' sh tests/workspan/run.sh

# The whole corpus and the examples built with --workspan, at P = 1 and 4
# in every mode: instrumentation must not change any program's output
# (about 2 minutes; not part of make test).
.PHONY: check-workspan-corpus
check-workspan-corpus: $(E2E_DEPS)
	CILKSCALE_OUT=/dev/null EXTRA_CFLAGS=--workspan NWORKERS='1 4' BUILD='$(BUILD)' CC='$(CC)' \
	    sh tests/e2e/run.sh

check-sanitize: check-sanitize-workspan
.PHONY: check-sanitize-workspan
check-sanitize-workspan: $(E2E_DEPS) $(BUILD)/lib/libcilkrt-asan.a $(BUILD)/lib/libcilkrt-tsan.a
	BUILD='$(BUILD)' CC='$(CC)' sh tests/workspan/run.sh --sanitize=asan
	BUILD='$(BUILD)' CC='$(CC)' sh tests/workspan/run.sh --sanitize=tsan
