# IndexSite — the two commands a newcomer needs:
#   make site   build the sample site in Content/ into _site/
#   make test   run every test (unit, golden sites, CLI, Mustache spec, real browser)
# Both install the system packages they need when missing.

SWIFT ?= swift
BUILD_PACKAGES := libcmark-dev libicu-dev pkg-config
TEST_PACKAGES := chromium chromium-driver python3-venv
DEBUG_BIN := .build/debug/indexsite
RELEASE_BIN := .build/release/indexsite

.PHONY: site test build deps test-deps browser bench fuzz clean install

deps:
	@Scripts/install-packages.sh $(BUILD_PACKAGES)

build: deps
	$(SWIFT) build

site: build
	$(DEBUG_BIN) build .

test-deps: deps
	@Scripts/install-packages.sh $(TEST_PACKAGES)

test: test-deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --no-parallel
	SWIFT="$(SWIFT)" Scripts/test-library-consumer.sh
	$(MAKE) browser

# Real-browser checks of the sample site (headless Chromium through chromedriver, selenium in .build-venv).
browser: build test-deps
	rm -rf .build/browser-site
	$(DEBUG_BIN) build . --output .build/browser-site --quiet
	Tests/Browser/run.sh .build/browser-site

# libFuzzer on the CSV, JSON, front-matter and Markdown-list parsers; FUZZ_SECONDS per target (default 300).
fuzz: deps
	Scripts/fuzz.sh

bench: deps
	$(SWIFT) build -c release --product indexsite
	Benchmarks/run.sh "$$($(SWIFT) build -c release --show-bin-path)/indexsite"

PREFIX ?= /usr/local
install: deps
	$(SWIFT) build -c release
	install -d "$(PREFIX)/bin"
	install -m 755 $(RELEASE_BIN) "$(PREFIX)/bin/indexsite"

clean:
	rm -rf .build .build-* _site
