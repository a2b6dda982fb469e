# runtime.mk: libcilkrt, its tests, sanitizer runs and the hand-lowered
# benchmark. Included by the top Makefile.

RT_SRC := $(addprefix runtime/,alloca.c deque.c tdeque.c frame.c cont.c task.c generic.c \
                                sched.c inject.c pool.c stats.c workspan.c loop.c cilkrt.c group.c \
                                cilk5.c reducer.c poll.c)
RT_HDR := runtime/cilkrt_abi.h runtime/cilkrt.h runtime/worker.h runtime/cilkrt_wsp.h \
          runtime/cilk/cilkscale.h runtime/cilk.h
# cilk.h, cilk-lib.cilkh, cilk-lib.h and cilk-compat.h: Cilk-5's library (runtime/cilk5.c)
RT_PUBLIC_HDR := $(BUILD)/include/cilkrt_abi.h $(BUILD)/include/cilkrt.h \
                 $(BUILD)/include/cilk/cilk.h $(BUILD)/include/cilk/cilk_api.h \
                 $(BUILD)/include/cilkrt_wsp.h $(BUILD)/include/cilk/cilkscale.h \
                 $(BUILD)/include/cilk.h $(BUILD)/include/cilk-compat.h \
                 $(BUILD)/include/cilk-lib.cilkh $(BUILD)/include/cilk-lib.h \
                 $(BUILD)/include/cilk/opadd_reducer.h $(BUILD)/include/cilk/minmax_reducer.h \
                 $(BUILD)/include/cilk/list_reducer.h $(BUILD)/include/cilk/string_reducer.h
RT_LIB_A := $(BUILD)/lib/libcilkrt.a
RT_LIB_SO := $(BUILD)/lib/libcilkrt.so

# The hand-lowered programs: written exactly as cilkc emits them, shared by
# the tests and bench/hand.
HAND_DIR := tests/runtime/hand
HAND_CONT := $(addprefix $(HAND_DIR)/,cont_fib.c cont_queens.c cont_loop.c cont_forced.c \
                                      cont_tree.c)
HAND_CHILD := $(addprefix $(HAND_DIR)/,child_fib.c child_queens.c child_loop.c \
                                       child_forced.c child_tree.c)
HAND_HDR := $(HAND_DIR)/hand.h
RT_TEST_LIBS := -lcriterion -lffi -lpthread
RT_COMMA := ,

.PHONY: test-runtime check-sanitize-runtime bench-hand
all: $(RT_LIB_A) $(RT_LIB_SO) $(RT_PUBLIC_HDR)
TEST_GOALS += test-runtime

$(RT_PUBLIC_HDR): $(BUILD)/include/%: runtime/% | $(DEPS_STAMP)
	@mkdir -p $(@D)
	cp $< $@

# RT_VARIANT(name, extra CFLAGS): runtime objects, static library and test
# binaries built with those flags, under $(BUILD)/obj/runtime$(name) and
# $(BUILD)/tests/runtime$(name).
define RT_VARIANT
RT_OBJ$(1) := $$(RT_SRC:runtime/%.c=$(BUILD)/obj/runtime$(1)/%.o)

$(BUILD)/obj/runtime$(1)/%.o: runtime/%.c $(RT_HDR) | $(DEPS_STAMP)
	@mkdir -p $$(@D)
	$$(CC) $$(ALL_CFLAGS) $(2) -fPIC -c $$< -o $$@

$(BUILD)/lib/libcilkrt$(1).a: $$(RT_OBJ$(1))
	@mkdir -p $$(@D)
	rm -f $$@
	ar rcs $$@ $$^

RT_TESTS$(1) := $(BUILD)/tests/runtime$(1)/deque_test \
                $(BUILD)/tests/runtime$(1)/reducer_test \
                $(BUILD)/tests/runtime$(1)/tdeque_test \
                $(BUILD)/tests/runtime$(1)/lock_test \
                $(BUILD)/tests/runtime$(1)/workspan_test \
                $(BUILD)/tests/runtime$(1)/poll_test \
                $(BUILD)/tests/runtime$(1)/cont_test \
                $(BUILD)/tests/runtime$(1)/child_test \
                $(BUILD)/tests/runtime$(1)/pool_test \
                $(BUILD)/tests/runtime$(1)/group_cont_test \
                $(BUILD)/tests/runtime$(1)/group_child_test

$(BUILD)/tests/runtime$(1)/deque_test: tests/runtime/deque_test.c $(BUILD)/lib/libcilkrt$(1).a \
		$(RT_HDR) | $(TEST_DEPS_STAMP)
	@mkdir -p $$(@D)
	$$(CC) $$(ALL_CFLAGS) $(2) $$(RT_TEST_INC$(1)) -Iruntime $$< $(BUILD)/lib/libcilkrt$(1).a $(RT_TEST_LIBS) -o $$@

$(BUILD)/tests/runtime$(1)/reducer_test: tests/runtime/reducer_test.c $(BUILD)/lib/libcilkrt$(1).a \
		$(RT_HDR) | $(TEST_DEPS_STAMP)
	@mkdir -p $$(@D)
	$$(CC) $$(ALL_CFLAGS) $(2) $$(RT_TEST_INC$(1)) -Iruntime $$< $(BUILD)/lib/libcilkrt$(1).a $(RT_TEST_LIBS) -o $$@

$(BUILD)/tests/runtime$(1)/tdeque_test: tests/runtime/tdeque_test.c $(BUILD)/lib/libcilkrt$(1).a \
		$(RT_HDR) | $(TEST_DEPS_STAMP)
	@mkdir -p $$(@D)
	$$(CC) $$(ALL_CFLAGS) $(2) $$(RT_TEST_INC$(1)) -Iruntime $$< $(BUILD)/lib/libcilkrt$(1).a $(RT_TEST_LIBS) -o $$@

$(BUILD)/tests/runtime$(1)/lock_test: tests/runtime/lock_test.c $(BUILD)/lib/libcilkrt$(1).a \
		$(RT_HDR) | $(TEST_DEPS_STAMP)
	@mkdir -p $$(@D)
	$$(CC) $$(ALL_CFLAGS) $(2) $$(RT_TEST_INC$(1)) -Iruntime $$< $(BUILD)/lib/libcilkrt$(1).a $(RT_TEST_LIBS) -o $$@

$(BUILD)/tests/runtime$(1)/poll_test: tests/runtime/poll_test.c \
		$(BUILD)/lib/libcilkrt$(1).a $(RT_HDR) | $(TEST_DEPS_STAMP)
	@mkdir -p $$(@D)
	$$(CC) $$(ALL_CFLAGS) $(2) $$(RT_TEST_INC$(1)) -Iruntime $$< $(BUILD)/lib/libcilkrt$(1).a $(RT_TEST_LIBS) -o $$@

$(BUILD)/tests/runtime$(1)/workspan_test: tests/runtime/workspan_test.c \
		$(BUILD)/lib/libcilkrt$(1).a $(RT_HDR) | $(TEST_DEPS_STAMP)
	@mkdir -p $$(@D)
	$$(CC) $$(ALL_CFLAGS) $(2) $$(RT_TEST_INC$(1)) -Iruntime $$< $(BUILD)/lib/libcilkrt$(1).a $(RT_TEST_LIBS) -o $$@

$(BUILD)/tests/runtime$(1)/pool_test: tests/runtime/pool_test.c $(HAND_DIR)/cont_fib.c \
		$(HAND_DIR)/cont_forced.c $(BUILD)/lib/libcilkrt$(1).a $(RT_HDR) $(HAND_HDR) | $(TEST_DEPS_STAMP)
	@mkdir -p $$(@D)
	$$(CC) $$(ALL_CFLAGS) $(2) $$(RT_TEST_INC$(1)) -Iruntime -I$(HAND_DIR) $$< $(HAND_DIR)/cont_fib.c \
		$(HAND_DIR)/cont_forced.c \
		$(BUILD)/lib/libcilkrt$(1).a $(RT_TEST_LIBS) -o $$@

$(BUILD)/tests/runtime$(1)/cont_test: tests/runtime/programs_test.c $(HAND_CONT) \
		$(BUILD)/lib/libcilkrt$(1).a $(RT_HDR) $(HAND_HDR) | $(TEST_DEPS_STAMP)
	@mkdir -p $$(@D)
	$$(CC) $$(ALL_CFLAGS) $(2) $$(RT_TEST_INC$(1)) -Iruntime -I$(HAND_DIR) -DCONTINUATION_MODE $$< $(HAND_CONT) \
		$(BUILD)/lib/libcilkrt$(1).a $(RT_TEST_LIBS) -o $$@

$(BUILD)/tests/runtime$(1)/child_test: tests/runtime/programs_test.c $(HAND_CHILD) \
		$(BUILD)/lib/libcilkrt$(1).a $(RT_HDR) $(HAND_HDR) | $(TEST_DEPS_STAMP)
	@mkdir -p $$(@D)
	$$(CC) $$(ALL_CFLAGS) $(2) $$(RT_TEST_INC$(1)) -Iruntime -I$(HAND_DIR) -DCHILD_MODE $$< $(HAND_CHILD) \
		$(BUILD)/lib/libcilkrt$(1).a $(RT_TEST_LIBS) -o $$@

# task groups: linked with one mode's hand-lowered programs or the other's
$(BUILD)/tests/runtime$(1)/group_cont_test: tests/runtime/group_test.c $(HAND_CONT) \
		$(BUILD)/lib/libcilkrt$(1).a $(RT_HDR) $(HAND_HDR) | $(TEST_DEPS_STAMP)
	@mkdir -p $$(@D)
	$$(CC) $$(ALL_CFLAGS) $(2) $$(RT_TEST_INC$(1)) -Iruntime -I$(HAND_DIR) -DCONTINUATION_MODE $$< $(HAND_CONT) \
		$(BUILD)/lib/libcilkrt$(1).a $(RT_TEST_LIBS) -o $$@

$(BUILD)/tests/runtime$(1)/group_child_test: tests/runtime/group_test.c $(HAND_CHILD) \
		$(BUILD)/lib/libcilkrt$(1).a $(RT_HDR) $(HAND_HDR) | $(TEST_DEPS_STAMP)
	@mkdir -p $$(@D)
	$$(CC) $$(ALL_CFLAGS) $(2) $$(RT_TEST_INC$(1)) -Iruntime -I$(HAND_DIR) -DCHILD_MODE $$< $(HAND_CHILD) \
		$(BUILD)/lib/libcilkrt$(1).a $(RT_TEST_LIBS) -o $$@
endef

# Criterion cannot start under ThreadSanitizer (Snaipe/Criterion#274): the
# TSan tests use a minimal stand-in with the same interface.
RT_TEST_INC-tsan := -Itests/runtime/tsan
RT_TSAN_SHIM := tests/runtime/tsan/criterion/criterion.h

$(eval $(call RT_VARIANT,,))
$(eval $(call RT_VARIANT,-tsan,-fsanitize=thread -Wno-tsan -DCILKRT_ATOMIC_BOUNDS))
$(eval $(call RT_VARIANT,-asan,-fsanitize=address$(RT_COMMA)undefined -fno-sanitize-recover=all \
                                 -fno-omit-frame-pointer))

$(RT_LIB_SO): $(RT_OBJ)
	@mkdir -p $(@D)
	$(CC) -shared -o $@ $^ -lffi -lpthread

# Run the test binaries: the deque test once, the program tests once per
# worker count (the pool size comes from CILK_NWORKERS). Criterion runs the
# tests of a binary one at a time (-j1): each already uses every core.
RT_WORKER_COUNTS := 1 2 4 8
define RT_RUN
	$(BUILD)/tests/runtime$(1)/deque_test -j1
	$(BUILD)/tests/runtime$(1)/tdeque_test -j1
	$(BUILD)/tests/runtime$(1)/lock_test -j1
	$(BUILD)/tests/runtime$(1)/workspan_test -j1
	$(BUILD)/tests/runtime$(1)/poll_test -j1
	$(BUILD)/tests/runtime$(1)/reducer_test -j1
	ASAN_OPTIONS=$${ASAN_OPTIONS:+$$ASAN_OPTIONS:}detect_leaks=0 \
		$(BUILD)/tests/runtime$(1)/pool_test -j1
	set -e; for p in $(RT_WORKER_COUNTS); do \
	    echo "runtime tests$(1) with CILK_NWORKERS=$$p"; \
	    CILK_NWORKERS=$$p $(BUILD)/tests/runtime$(1)/cont_test -j1; \
	    CILK_NWORKERS=$$p $(BUILD)/tests/runtime$(1)/child_test -j1; \
	    CILK_NWORKERS=$$p $(BUILD)/tests/runtime$(1)/group_cont_test -j1; \
	    CILK_NWORKERS=$$p $(BUILD)/tests/runtime$(1)/group_child_test -j1; \
	done
endef

test-runtime: $(RT_TESTS) | $(TEST_DEPS_STAMP)
	$(call RT_RUN,)

check-sanitize: check-sanitize-runtime
$(RT_TESTS-tsan): $(RT_TSAN_SHIM)
check-sanitize-runtime: $(RT_TESTS-tsan) $(RT_TESTS-asan) | $(TEST_DEPS_STAMP)
	TSAN_OPTIONS="halt_on_error=1 exitcode=66" $(MAKE) --no-print-directory rt-run-tsan
	ASAN_OPTIONS="detect_leaks=1" UBSAN_OPTIONS="halt_on_error=1 print_stacktrace=1" \
		$(MAKE) --no-print-directory rt-run-asan

.PHONY: rt-run-tsan rt-run-asan
rt-run-tsan:
	$(call RT_RUN,-tsan)
rt-run-asan:
	$(call RT_RUN,-asan)

# The benchmark (a report, not a test): bench/hand/run.sh times the
# hand-lowered programs against their serial elision and writes the table
# into the runtime section of docs/performance.md.
BENCH_HAND := $(BUILD)/bench/hand
BENCH_HAND_BINS := $(addprefix $(BENCH_HAND)/bench_hand-,serial cont child)

$(BENCH_HAND)/bench_hand-serial: bench/hand/bench_main.c bench/hand/serial.c $(HAND_HDR) \
		runtime/cilkrt.h
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -DSERIAL -Iruntime -I$(HAND_DIR) $(filter %.c,$^) -o $@

$(BENCH_HAND)/bench_hand-cont: bench/hand/bench_main.c $(HAND_CONT) $(HAND_HDR) $(RT_LIB_A)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -Iruntime -I$(HAND_DIR) $(filter %.c,$^) $(RT_LIB_A) -lpthread -o $@

$(BENCH_HAND)/bench_hand-child: bench/hand/bench_main.c $(HAND_CHILD) $(HAND_HDR) $(RT_LIB_A)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -Iruntime -I$(HAND_DIR) $(filter %.c,$^) $(RT_LIB_A) -lpthread -o $@

bench-hand: $(BENCH_HAND_BINS)
	bench/hand/run.sh $(BENCH_HAND) docs/performance.md
