# tests/fuzz/fuzz.mk - `make fuzz`: the libFuzzer harnesses, built with
# clang (-fsanitize=fuzzer,address,undefined) in $(B)/fuzz and run for
# FUZZ_SECONDS each (default 60).  Included by the Makefile.
#   fuzz_load     scenario files through the loader (tests/fuzz/fuzz_load.c)
#   fuzz_actions  action sequences through wolves_apply (tests/fuzz/fuzz_actions.c)
#   fuzz_commands every command's path on the loaded position: run, check,
#                 legal, render (text, --svg), explain (tests/fuzz/fuzz_commands.c)
#   fuzz_engine   sessions of the engine protocol through `wolves engine`'s
#                 answer to each line (tests/fuzz/fuzz_engine.c; seeds:
#                 tests/fuzz/engine/*.jsonl)
# Seed corpora are copied from scenarios/, golden/ and tests/fuzz/seeds/
# (positions with `data:` overrides) into $(B)/fuzz/corpus-NAME at run
# time; what the fuzzer adds stays there.
# Crashes are written to $(B)/fuzz/crash-NAME/ and fail the target.
# Reproduce one with: $(B)/fuzz/fuzz_load FILE
FUZZ_SECONDS ?= 60
FUZZ_CC ?= clang
FUZZ_DIR := $(B)/fuzz
FUZZ_SAN := -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all
FUZZ_CFLAGS = $(WARN) $(FUZZ_SAN) -D_POSIX_C_SOURCE=200809L -Icore -Icli -Icli/codec $(YAML_CFLAGS)
FUZZ_OBJ := $(patsubst %.c,$(FUZZ_DIR)/obj/%.o,$(LIB_SRC) $(filter-out cli/main.c,$(CLI_SRC))) \
  $(FUZZ_DIR)/obj/gen/schema_text.o
FUZZ_RUN = -max_total_time=$(FUZZ_SECONDS) -timeout=10 -rss_limit_mb=2048 -print_final_stats=1

.PHONY: fuzz fuzz-build
fuzz-build: $(FUZZ_DIR)/fuzz_load $(FUZZ_DIR)/fuzz_actions $(FUZZ_DIR)/fuzz_commands $(FUZZ_DIR)/fuzz_engine

$(FUZZ_DIR)/obj/%.o: %.c $(HEADERS)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -c -o $@ $<

$(FUZZ_DIR)/obj/gen/schema_text.o: $(SCHEMA_C)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -c -o $@ $<

$(FUZZ_DIR)/fuzz_load: tests/fuzz/fuzz_load.c tests/fuzz/serve.c tests/fuzz/serve.h $(FUZZ_OBJ) $(HEADERS)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -Wl,--wrap=file_read -o $@ $< tests/fuzz/serve.c $(FUZZ_OBJ) $(YAML_LIBS)

$(FUZZ_DIR)/fuzz_commands: tests/fuzz/fuzz_commands.c tests/fuzz/serve.c tests/fuzz/serve.h $(FUZZ_OBJ) $(HEADERS)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -Wl,--wrap=file_read -o $@ $< tests/fuzz/serve.c $(FUZZ_OBJ) $(YAML_LIBS)

$(FUZZ_DIR)/fuzz_engine: tests/fuzz/fuzz_engine.c $(FUZZ_OBJ) $(HEADERS)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ $< $(FUZZ_OBJ) $(YAML_LIBS)

$(FUZZ_DIR)/fuzz_actions: tests/fuzz/fuzz_actions.c $(FUZZ_OBJ) $(HEADERS)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ $< $(FUZZ_OBJ) $(YAML_LIBS)

fuzz: fuzz-build
	@rm -rf $(FUZZ_DIR)/crash-load $(FUZZ_DIR)/crash-actions $(FUZZ_DIR)/crash-commands $(FUZZ_DIR)/crash-engine
	@mkdir -p $(FUZZ_DIR)/corpus-load $(FUZZ_DIR)/corpus-actions $(FUZZ_DIR)/corpus-commands \
	  $(FUZZ_DIR)/crash-load $(FUZZ_DIR)/crash-actions $(FUZZ_DIR)/crash-commands \
	  $(FUZZ_DIR)/corpus-engine $(FUZZ_DIR)/crash-engine
	@cp tests/fuzz/engine/*.jsonl $(FUZZ_DIR)/corpus-engine/
	@find scenarios golden tests/fuzz/seeds -type f \( -name '*.yaml' -o -name '*.json' \) | \
	  while read -r f; do cp "$$f" "$(FUZZ_DIR)/corpus-load/seed-$$(echo "$$f" | tr / _)"; done
	@find scenarios tests/fuzz/seeds -type f -name '*.yaml' | \
	  while read -r f; do cp "$$f" "$(FUZZ_DIR)/corpus-commands/seed-$$(echo "$$f" | tr / _)"; done
	@n=$$(find scenarios -name '*.yaml' | wc -l); i=0; while [ $$i -le $$n ] && [ $$i -lt 256 ]; do \
	  { printf "\\$$(printf %03o $$i)"; printf '\200\000\200\001\200\002%.0s' $$(seq 40); } \
	    > "$(FUZZ_DIR)/corpus-actions/seed-$$i"; i=$$((i + 1)); done
	$(FUZZ_DIR)/fuzz_load $(FUZZ_RUN) -max_len=65536 -dict=tests/fuzz/scenario.dict \
	  -artifact_prefix=$(FUZZ_DIR)/crash-load/ $(FUZZ_DIR)/corpus-load
	$(FUZZ_DIR)/fuzz_actions $(FUZZ_RUN) -max_len=1024 -artifact_prefix=$(FUZZ_DIR)/crash-actions/ $(FUZZ_DIR)/corpus-actions
	$(FUZZ_DIR)/fuzz_commands $(FUZZ_RUN) -max_len=65536 -dict=tests/fuzz/scenario.dict \
	  -artifact_prefix=$(FUZZ_DIR)/crash-commands/ $(FUZZ_DIR)/corpus-commands
	$(FUZZ_DIR)/fuzz_engine $(FUZZ_RUN) -max_len=65536 -dict=tests/fuzz/scenario.dict \
	  -artifact_prefix=$(FUZZ_DIR)/crash-engine/ $(FUZZ_DIR)/corpus-engine
