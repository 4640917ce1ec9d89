# wolves - rules validation for The Wolves.  `make` builds ./wolves;
# `make test` runs everything and ends with one line "N passed, N failed".
CC ?= cc
B ?= build
PREFIX ?= /usr/local
YAML_CFLAGS := $(shell pkg-config --cflags yaml-0.1 2>/dev/null)
YAML_LIBS := $(shell pkg-config --libs yaml-0.1 2>/dev/null || echo -lyaml)
WARN := -std=c11 -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes
CFLAGS ?= -O2 -g
ALL_CFLAGS = $(WARN) $(CFLAGS) -pthread -D_POSIX_C_SOURCE=200809L -Icore $(YAML_CFLAGS)

CORE_SRC := $(sort $(wildcard core/*.c))
CLI_SRC := $(sort $(wildcard cli/*.c))
UNIT_SRC := $(sort $(wildcard tests/unit/*.c))
CORE_OBJ := $(CORE_SRC:%.c=$(B)/%.o)
CLI_OBJ := $(CLI_SRC:%.c=$(B)/%.o)
HEADERS := $(wildcard core/*.h core/clauses/*.def cli/*.h)

.PHONY: all test unit suite clitest clean install format lint sanitize
all: wolves

wolves: $(B)/wolves
	cp $(B)/wolves $@

$(B)/libwolves.a: $(CORE_OBJ)
	rm -f $@
	ar rcs $@ $^

$(B)/wolves: $(CLI_OBJ) $(B)/libwolves.a
	$(CC) $(ALL_CFLAGS) -o $@ $(CLI_OBJ) $(B)/libwolves.a $(YAML_LIBS) $(LDFLAGS)

$(B)/%.o: %.c $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

$(B)/unit: $(UNIT_SRC) $(B)/libwolves.a $(HEADERS)
	$(CC) $(ALL_CFLAGS) -o $@ $(UNIT_SRC) $(B)/libwolves.a

# (test and install use $(B)/wolves: `make sanitize` must not replace ./wolves)
test: $(B)/wolves $(B)/unit $(B)/render_test
	@tests/run-all $(B)

# The whole of `make test` built with AddressSanitizer and UBSan (clang),
# any report fatal (valgrind cannot run a sanitized binary: that suite is
# left to `make test`).
SAN := -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
sanitize:
	WOLVES_SANITIZED=1 $(MAKE) B=build-sanitize CC=clang CFLAGS="$(SAN)" LDFLAGS="-fsanitize=address,undefined" test

clean:
	rm -rf $(B) build-sanitize wolves

install: $(B)/wolves
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 $(DESTDIR)$(PREFIX)/share/man/man5
	install -m 755 $(B)/wolves $(DESTDIR)$(PREFIX)/bin/wolves
	install -m 644 man/wolves.1 $(DESTDIR)$(PREFIX)/share/man/man1/wolves.1
	install -m 644 man/wolves-scenario.5 $(DESTDIR)$(PREFIX)/share/man/man5/wolves-scenario.5

format:
	clang-format -i core/*.c core/*.h cli/*.c cli/*.h tests/unit/*.c

# Renderer (cli/render.c) tests, separate from `make test`: the C checks,
# xmllint on the SVG when installed, and a headless Chromium screenshot
# (tests/render/chromium.sh skips when Chromium is absent).
.PHONY: render-test
render-test: $(B)/render_test
	$(B)/render_test
	@if command -v xmllint >/dev/null; then \
	  $(B)/render_test --svg $(B)/render-test.svg && $(B)/render_test --standard 5 --svg $(B)/render-5.svg && \
	  { xmllint --noout $(B)/render-test.svg $(B)/render-5.svg && echo "xmllint: 2 passed, 0 failed" || \
	  { echo "xmllint: 0 passed, 2 failed"; exit 1; }; }; fi
	tests/render/chromium.sh $(B)

$(B)/render_test: tests/render/render_test.c $(B)/cli/render.o $(B)/libwolves.a $(HEADERS)
	$(CC) $(ALL_CFLAGS) -Icli -o $@ tests/render/render_test.c $(B)/cli/render.o $(B)/libwolves.a
include tests/fuzz/fuzz.mk
include tests/bench/bench.mk
