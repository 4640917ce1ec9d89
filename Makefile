# wolves - rules validation for The Wolves.  `make` builds ./wolves;
# `make test` runs everything and ends with one line "N passed, N failed";
# `make deps` installs what they need first.
CC ?= cc
B ?= build
VERSION := 0.1.0
SOVERSION := 0
# Where `make install` puts things (DESTDIR is prepended to each).
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
LIBDIR ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
DATADIR ?= $(PREFIX)/share
MANDIR ?= $(DATADIR)/man
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
BASHCOMPDIR ?= $(DATADIR)/bash-completion/completions
ZSHCOMPDIR ?= $(DATADIR)/zsh/site-functions
PKG_CONFIG ?= pkg-config
YAML_CFLAGS := $(shell $(PKG_CONFIG) --cflags yaml-0.1 2>/dev/null)
YAML_LIBS := $(shell $(PKG_CONFIG) --libs yaml-0.1 2>/dev/null || echo -lyaml)
# A machine without libyaml (neither pkg-config nor the compiler finds it):
# one line saying what to install, before anything is compiled.  Not for
# the goals that compile nothing, `make deps` first of all.
ifneq ($(filter-out deps clean uninstall format,$(or $(MAKECMDGOALS),all)),)
ifeq ($(shell $(PKG_CONFIG) --exists yaml-0.1 2>/dev/null && echo y || { printf '\043include <yaml.h>\n' | $(CC) $(YAML_CFLAGS) -E -x c - >/dev/null 2>&1 && echo y; }),)
$(error wolves: libyaml not found: install libyaml-dev (Debian/Ubuntu), libyaml-devel (Fedora), yaml-dev (Alpine) or libyaml (macOS: brew install libyaml), or run 'make deps')
endif
endif
WARN := -std=c11 -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes
CFLAGS ?= -O2 -g
ALL_CFLAGS = $(WARN) $(CFLAGS) -pthread -D_POSIX_C_SOURCE=200809L -DWOLVES_VERSION='"$(VERSION)"' -Icore -Icli/codec $(YAML_CFLAGS)

CORE_SRC := $(sort $(wildcard core/*.c))
# The codec layer (cli/codec/): positions, actions and data as YAML/JSON
# text, on libyaml; part of libwolves, with no file I/O.
CODEC_SRC := $(sort $(wildcard cli/codec/*.c))
LIB_SRC := $(CORE_SRC) $(CODEC_SRC)
CLI_SRC := $(sort $(wildcard cli/*.c))
UNIT_SRC := $(sort $(wildcard tests/unit/*.c))
LIB_OBJ := $(LIB_SRC:%.c=$(B)/%.o)
PIC_OBJ := $(LIB_SRC:%.c=$(B)/pic/%.o)
SHLIB := $(B)/libwolves.so.$(VERSION)
CLI_OBJ := $(CLI_SRC:%.c=$(B)/%.o)
HEADERS := $(wildcard core/*.h core/clauses/*.def cli/*.h cli/codec/*.h)

.PHONY: all test unit suite clitest clean install uninstall format lint sanitize deps
all: wolves $(SHLIB)

# What the build and `make test` need and this machine lacks, installed with
# the package manager found (apt-get, dnf, apk or brew): .ci/deps.
deps:
	@.ci/deps

wolves: $(B)/wolves
	cp $(B)/wolves $@

$(B)/libwolves.a: $(LIB_OBJ)
	rm -f $@
	ar rcs $@ $^

# The shared library (position-independent objects of the same sources),
# with a soname, as cmark ships libcmark.
$(B)/pic/%.o: %.c $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -fPIC -c -o $@ $<

$(SHLIB): $(PIC_OBJ)
	$(CC) $(ALL_CFLAGS) -shared -Wl,-soname,libwolves.so.$(SOVERSION) -o $@ $(PIC_OBJ) $(YAML_LIBS) $(LDFLAGS)

$(B)/wolves: $(CLI_OBJ) $(B)/libwolves.a
	$(CC) $(ALL_CFLAGS) -o $@ $(CLI_OBJ) $(B)/libwolves.a $(YAML_LIBS) $(LDFLAGS)

$(B)/%.o: %.c $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

$(B)/unit: $(UNIT_SRC) $(B)/libwolves.a $(HEADERS)
	$(CC) $(ALL_CFLAGS) -o $@ $(UNIT_SRC) $(B)/libwolves.a $(YAML_LIBS) $(LDFLAGS)

# (test and install use $(B)/wolves: `make sanitize` must not replace ./wolves)
test: $(B)/wolves $(B)/unit $(B)/render_test $(SHLIB)
	@tests/run-all $(B)

# The whole of `make test` built with AddressSanitizer and UBSan (clang),
# any report fatal (valgrind cannot run a sanitized binary: that suite is
# left to `make test`).
SAN := -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
sanitize:
	WOLVES_SANITIZED=1 $(MAKE) B=build-sanitize CC=clang CFLAGS="$(SAN)" LDFLAGS="-fsanitize=address,undefined" test

clean:
	rm -rf $(B) build-sanitize wolves

# make install: the program, the library (static, shared, header,
# pkg-config file), the manual pages, shell completion, and the bundled
# scenarios with their goldens under $(DATADIR)/wolves.  Every file and
# every directory it creates is listed in $(DATADIR)/wolves/install-manifest,
# which `make uninstall` removes, in reverse: exactly what was installed.
MANIFEST = $(DATADIR)/wolves/install-manifest
install: $(B)/wolves $(B)/libwolves.a $(SHLIB)
	@set -e; d='$(DESTDIR)'; m="$$d$(MANIFEST)"; new=$$(mktemp); \
	mkd() { [ -d "$$d$$1" ] && return 0; mkd "$$(dirname "$$1")"; mkdir "$$d$$1"; echo "$$1/" >> "$$new"; }; \
	put() { mkd "$$(dirname "$$3")"; install -m "$$1" "$$2" "$$d$$3"; echo "$$3" >> "$$new"; }; \
	[ ! -f "$$m" ] || grep '/$$' "$$m" >> "$$new" || true; \
	put 755 $(B)/wolves '$(BINDIR)/wolves'; \
	put 644 $(B)/libwolves.a '$(LIBDIR)/libwolves.a'; \
	put 755 $(SHLIB) '$(LIBDIR)/libwolves.so.$(VERSION)'; \
	ln -sf libwolves.so.$(VERSION) "$$d$(LIBDIR)/libwolves.so.$(SOVERSION)"; echo '$(LIBDIR)/libwolves.so.$(SOVERSION)' >> "$$new"; \
	ln -sf libwolves.so.$(SOVERSION) "$$d$(LIBDIR)/libwolves.so"; echo '$(LIBDIR)/libwolves.so' >> "$$new"; \
	for f in core/wolves.h core/clauses.h core/rng.h core/clauses/*.def; do put 644 "$$f" "$(INCLUDEDIR)/wolves/$${f#core/}"; done; \
	pc=$$(mktemp); printf '%s\n' 'prefix=$(PREFIX)' 'libdir=$(LIBDIR)' 'includedir=$(INCLUDEDIR)' '' \
	  'Name: wolves' 'Description: Rules engine of the board game The Wolves' 'Version: $(VERSION)' \
	  'Cflags: -I$${includedir}/wolves' 'Libs: -L$${libdir} -lwolves' > "$$pc"; \
	put 644 "$$pc" '$(PKGCONFIGDIR)/wolves.pc'; rm -f "$$pc"; \
	put 644 man/wolves.1 '$(MANDIR)/man1/wolves.1'; \
	put 644 man/wolves-scenario.5 '$(MANDIR)/man5/wolves-scenario.5'; \
	put 644 man/wolves.3 '$(MANDIR)/man3/wolves.3'; \
	put 644 cli/completion/wolves.bash '$(BASHCOMPDIR)/wolves'; \
	put 644 cli/completion/_wolves '$(ZSHCOMPDIR)/_wolves'; \
	for f in $$(find scenarios golden -type f | LC_ALL=C sort); do put 644 "$$f" "$(DATADIR)/wolves/$$f"; done; \
	mkd '$(DATADIR)/wolves'; echo '$(MANIFEST)' >> "$$new"; install -m 644 "$$new" "$$m"; rm -f "$$new"

uninstall:
	@set -e; d='$(DESTDIR)'; m="$$d$(MANIFEST)"; \
	[ -f "$$m" ] || { echo "make uninstall: no $$m: nothing installed there" >&2; exit 1; }; \
	tac "$$m" | while IFS= read -r f; do \
	  case $$f in */) rmdir "$$d$$f" 2>/dev/null || true ;; *) rm -f "$$d$$f" ;; esac; done

format:
	clang-format -i core/*.c core/*.h cli/*.c cli/*.h cli/codec/*.c cli/codec/*.h tests/unit/*.c

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
	$(CC) $(ALL_CFLAGS) -Icli -o $@ tests/render/render_test.c $(B)/cli/render.o $(B)/libwolves.a $(YAML_LIBS) $(LDFLAGS)
include tests/fuzz/fuzz.mk
include tests/bench/bench.mk
