# tests/bench/bench.mk - `make bench` (issue #7): a benchmark, not a timed
# test.  Builds the bench program and the parse-only baseline into
# $(B)/bench/ and prints one table: measure | before (issue 24) | measured |
# target | verdict.
.PHONY: bench

$(B)/bench/bench: tests/bench/bench.c $(B)/libwolves.a $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -o $@ tests/bench/bench.c $(B)/libwolves.a $(YAML_LIBS) $(LDFLAGS)

$(B)/bench/parse_only: tests/bench/parse_only.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -o $@ tests/bench/parse_only.c $(YAML_LIBS) $(LDFLAGS)

bench: $(B)/wolves $(B)/bench/bench $(B)/bench/parse_only
	@$(B)/bench/bench $(B)/wolves $(B)/bench/parse_only
