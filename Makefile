# cilkc: a Cilk-style fork-join compiler front end and work-stealing runtime.
#
#   make            build build/bin/cilkc, build/bin/cilkcc, build/lib/libcilkrt.*
#   make test       build and run every test (Criterion, golden, end to end)
#   make demo       the main job: translate, run and compare the steal modes
#   make bench      benchmark tables and plots into docs/
#   make check-sanitize   tests under ThreadSanitizer and ASan+UBSan
#   make check-valgrind   examples and steal tests under valgrind memcheck
#   make check-format     the C sources against .clang-format
#   make stability  the work-generation stability experiment into docs/
#
# Each part of the tree has its own fragment, included below; a fragment
# adds its test goal to TEST_GOALS.

CC ?= cc
ifeq ($(origin CC),default)
CC = cc
endif
BUILD := build
OPT ?= -O2
WARN := -Wall -Wextra
ifdef CI
WARN += -Werror
endif
CFLAGS ?= $(OPT) -g
ALL_CFLAGS = -std=gnu11 $(WARN) $(CFLAGS)
PREFIX ?= /usr/local

# Debian packages: to build, and in addition to test.
BUILD_PKGS := flex bison libffi-dev
TEST_PKGS := $(BUILD_PKGS) libcriterion-dev
DEPS_STAMP := $(BUILD)/.deps-build
TEST_DEPS_STAMP := $(BUILD)/.deps-test

.PHONY: all test demo bench check-sanitize check-format install clean
all:

$(DEPS_STAMP):
	@mkdir -p $(BUILD)
	./scripts/deps.sh $(BUILD_PKGS)
	@touch $@

$(TEST_DEPS_STAMP):
	@mkdir -p $(BUILD)
	./scripts/deps.sh $(TEST_PKGS)
	@touch $@

TEST_GOALS :=

include runtime/runtime.mk
include compiler/compiler.mk
-include compiler/cilkcc.mk
-include tests/tests.mk
-include tests/cilk5/cilk5.mk
-include bench/bench.mk
include tools/tools.mk
-include examples/examples.mk

test: $(TEST_GOALS)
	@echo "make test: all test suites passed"

# the translator's and the runtime's sources follow .clang-format
check-format:
	clang-format --dry-run -Werror compiler/*.c compiler/*.h runtime/*.c runtime/*.h

clean:
	rm -rf $(BUILD)
