# compiler/compiler.mk: the translator build/bin/cilkc and its front-end
# tests. Included by the top Makefile.
#
#   grammar/lexer.l, grammar/parser.y  -> build/gen/lexer.c, parser.c (flex, bison)
#   compiler/*.c (but the cilkcc driver) -> build/obj/compiler/*.o -> build/bin/cilkc
#
#   make test-frontend   golden diagnostics, output file, header round trip,
#                        bootstrap, unit tests (tests/frontend/)
#   make check-sanitize-frontend   the same tests with cilkc under ASan + UBSan
#   make fuzz-smoke      one minute of libFuzzer on the scanner and parser
#   make fuzz-translate  the same on the whole translator (lowering too)

GEN := $(BUILD)/gen
COBJ := $(BUILD)/obj/compiler
CILKC := $(BUILD)/bin/cilkc

CILKC_SRCS := $(filter-out compiler/cilkcc.c,$(wildcard compiler/*.c))
CILKC_GEN_OBJS := $(COBJ)/lexer.o $(COBJ)/parser.o
CILKC_OBJS := $(CILKC_SRCS:compiler/%.c=$(COBJ)/%.o) $(CILKC_GEN_OBJS)
CILKC_HDRS := $(wildcard compiler/*.h)
# the lowering: cilk_for (its body checks apart), the shared walker, types
# as text, the serial elision, continuation mode, child mode, the Cilk-5
# dialect
LOWER_SRCS := compiler/loops.c compiler/loops_check.c compiler/lower.c compiler/lower_types.c \
              compiler/lower_serial.c compiler/lower_cont.c compiler/lower_child.c \
              compiler/lower_cilk5.c
CILKC_CFLAGS = $(ALL_CFLAGS) -Icompiler

.PHONY: test-frontend test-frontend-golden test-frontend-headers \
        test-frontend-bootstrap test-frontend-unit test-frontend-output fuzz-smoke \
        fuzz-translate
all: $(CILKC)
TEST_GOALS += test-frontend

$(GEN)/%.c: grammar/%.l | $(DEPS_STAMP)
	@mkdir -p $(@D)
	flex -o $@ $<

$(GEN)/%.c: grammar/%.y | $(DEPS_STAMP)
	@mkdir -p $(@D)
	bison -Wall -Werror -o $@ $<

$(COBJ)/%.o: compiler/%.c $(CILKC_HDRS) | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(CILKC_CFLAGS) -c -o $@ $<

$(COBJ)/%.o: $(GEN)/%.c $(CILKC_HDRS) | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(CILKC_CFLAGS) -c -o $@ $<

# the version cilkc --version prints: the one compiler/cilkcc.mk sets
$(COBJ)/main.o: CILKC_CFLAGS += $(if $(CILKC_VERSION),-DCILKC_VERSION='"$(CILKC_VERSION)"')

$(CILKC): $(CILKC_OBJS)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -o $@ $(CILKC_OBJS)

# keep the generated sources (for reading, and the fuzz build)
.SECONDARY: $(GEN)/lexer.c $(GEN)/parser.c

# ---- tests ----
FRONTEND_OBJS := $(COBJ)/arena.o $(COBJ)/diag.o $(COBJ)/scope.o $(CILKC_GEN_OBJS)
FRONTEND_UNIT := $(BUILD)/tests/frontend/test_parser

$(FRONTEND_UNIT): tests/frontend/test_parser.c $(FRONTEND_OBJS) $(CILKC_HDRS) | $(TEST_DEPS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(CILKC_CFLAGS) -o $@ $< $(FRONTEND_OBJS) -lcriterion

test-frontend-unit: $(FRONTEND_UNIT)
	$(FRONTEND_UNIT)

test-frontend-golden: $(CILKC)
	CC='$(CC)' sh tests/frontend/run.sh golden $(CILKC)

# the output file: never lost, never over the input (compiler/output.c)
test-frontend-output: $(CILKC)
	sh tests/frontend/output.sh $(CILKC)

test-frontend-headers: $(CILKC)
	CC='$(CC)' sh tests/frontend/run.sh headers $(CILKC)

# Bootstrap: cilkc's own sources (generated scanner and parser included) go
# through cilkc, the output is compiled into build/boot/cilkc, and that one
# must pass the golden tests too.
BOOT := $(BUILD)/boot
BOOT_OBJS := $(CILKC_OBJS:$(COBJ)/%.o=$(BOOT)/%.o)

$(BOOT)/%.c: compiler/%.c $(CILKC) $(CILKC_HDRS)
	@mkdir -p $(@D)
	CC='$(CC)' $(CILKC) -Icompiler -o $@ $<

$(BOOT)/%.c: $(GEN)/%.c $(CILKC) $(CILKC_HDRS)
	@mkdir -p $(@D)
	CC='$(CC)' $(CILKC) -Icompiler -o $@ $<

$(BOOT)/%.o: $(BOOT)/%.c
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

$(BOOT)/cilkc: $(BOOT_OBJS)
	$(CC) $(ALL_CFLAGS) -o $@ $(BOOT_OBJS)

.SECONDARY: $(BOOT_OBJS:.o=.c)

test-frontend-bootstrap: $(BOOT)/cilkc $(CILKC)
	CC='$(CC)' sh tests/frontend/run.sh golden $(BOOT)/cilkc
	CC='$(CC)' sh tests/frontend/run.sh same $(CILKC) $(BOOT)/cilkc

test-frontend: test-frontend-unit test-frontend-golden test-frontend-output test-frontend-headers \
               test-frontend-bootstrap

# ---- fuzzing (clang's libFuzzer, with ASan and UBSan) ----
FUZZ := $(BUILD)/fuzz
FUZZ_CC ?= clang
FUZZ_TIME ?= 60
FUZZ_SRCS := fuzz/fuzz_parser.c compiler/arena.c compiler/diag.c compiler/scope.c \
             $(GEN)/lexer.c $(GEN)/parser.c
FUZZ_STAMP := $(BUILD)/.deps-fuzz

$(FUZZ_STAMP):
	@mkdir -p $(@D)
	./scripts/deps.sh clang libclang-rt-14-dev
	@touch $@

$(FUZZ)/fuzz_parser: $(FUZZ_SRCS) $(CILKC_HDRS) | $(FUZZ_STAMP)
	@mkdir -p $(@D)
	$(FUZZ_CC) -std=gnu11 -g -O1 -fsanitize=fuzzer,address,undefined \
	    -fno-sanitize-recover=undefined -Icompiler -o $@ $(FUZZ_SRCS)

# The corpus starts from fuzz/seeds, the golden inputs and the e2e corpus;
# it grows in build/fuzz/corpus across runs.
fuzz-smoke: $(FUZZ)/fuzz_parser
	@mkdir -p $(FUZZ)/corpus
	cp fuzz/seeds/* tests/frontend/errors/*.i tests/frontend/errors/*.cilkc \
	    tests/frontend/pass/*.c examples/*.cilkc $(wildcard tests/corpus/*.cilkc) $(FUZZ)/corpus/
	$(FUZZ)/fuzz_parser -max_total_time=$(FUZZ_TIME) -timeout=10 -max_len=16384 \
	    -rss_limit_mb=2048 -dict=fuzz/c.dict -print_final_stats=1 $(FUZZ)/corpus

# The whole translator, cilkc's passes (compiler/translate.c) in every mode:
# `make fuzz-translate` (FUZZ_TIME seconds, default 60). It links every
# translator source but the command's main.c.
FUZZ_TRANSLATE_SRCS := fuzz/fuzz_translate.c $(filter-out compiler/main.c,$(CILKC_SRCS)) \
                       $(GEN)/lexer.c $(GEN)/parser.c
$(FUZZ)/fuzz_translate: $(FUZZ_TRANSLATE_SRCS) $(CILKC_HDRS) | $(FUZZ_STAMP)
	@mkdir -p $(@D)
	$(FUZZ_CC) -std=gnu11 -g -O1 -fsanitize=fuzzer,address,undefined \
	    -fno-sanitize-recover=undefined -Icompiler -o $@ $(FUZZ_TRANSLATE_SRCS)

# Seeds: the corpus programs preprocessed against fuzz/include, a small
# stand-in for the C library's headers, so that they parse and reach the
# lowering (fuzz/seeds.sh; `sh fuzz/seeds.sh DIR --count` says how many).
fuzz-translate: $(FUZZ)/fuzz_translate $(RT_PUBLIC_HDR)
	@mkdir -p $(FUZZ)/corpus-translate
	cp fuzz/seeds/* tests/frontend/pass/*.c $(FUZZ)/corpus-translate/
	BUILD='$(BUILD)' CC='$(CC)' sh fuzz/seeds.sh $(FUZZ)/corpus-translate
	$(FUZZ)/fuzz_translate -max_total_time=$(FUZZ_TIME) -timeout=10 -max_len=16384 \
	    -rss_limit_mb=2048 -dict=fuzz/c.dict -print_final_stats=1 $(FUZZ)/corpus-translate

# ---- sanitizers: cilkc built with ASan + UBSan passes the front-end tests ----
SAN_CILKC := $(BUILD)/asan/cilkc
SAN_FLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer

$(SAN_CILKC): $(CILKC_SRCS) $(GEN)/lexer.c $(GEN)/parser.c $(CILKC_HDRS) | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(CC) -std=gnu11 -O1 -g $(SAN_FLAGS) -Icompiler -o $@ $(CILKC_SRCS) $(GEN)/lexer.c $(GEN)/parser.c

.PHONY: check-sanitize-frontend
check-sanitize: check-sanitize-frontend
check-sanitize-frontend: $(SAN_CILKC) $(CILKC)
	CC='$(CC)' sh tests/frontend/run.sh golden $(SAN_CILKC)
	CC='$(CC)' sh tests/frontend/run.sh headers $(SAN_CILKC)
	CC='$(CC)' sh tests/frontend/run.sh same $(CILKC) $(SAN_CILKC)
