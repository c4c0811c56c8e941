# IndexSite — the two commands a newcomer needs:
#   make site   build the sample site in Content/ into _site/
#   make test   run every test (unit, golden sites, CLI, Mustache spec, real browser)
# Both install the system packages they need when missing.

SWIFT ?= swift
BUILD_PACKAGES := libcmark-dev libicu-dev pkg-config
TEST_PACKAGES := chromium chromium-driver python3-venv iso-codes tzdata shellcheck curl
# The release binary is linked statically, the C library included (the Swift runtime and Foundation; ICU, cmark and
# the C++ runtime from the archives Scripts/static-libs.sh links into STATIC_LIBS, which the linker searches first),
# at a fixed address (-no-pie). It runs on machines without Swift, ICU or cmark, and there is no dynamic loader to
# start: with the C library shared, the loader still mapped three libraries and bound every C function on its first
# call, 1.3 ms of a 1,000-entry build's 10 ms (8.8 ms static). The linker warns that a few C functions (user and
# host look-ups, dlopen) need the same glibc at run time; IndexSite's commands call none of them. Static Foundation
# needs libcurl's development files to link, and the static C library is libc6-dev's. ICU's data is cut to what
# IndexSite reads with icu-devtools' icupkg and genccode, and Foundation's copy is emptied (Scripts/static-libs.sh).
RELEASE_PACKAGES := libcurl4-openssl-dev libc6-dev icu-devtools binutils
STATIC_LIBS := $(CURDIR)/.build/static-libs
# Generic types (a Set of strings, a dictionary of nodes) are made at run time from their mangled names by default:
# the runtime then looks up each conformance the type needs (String: Hashable) by scanning every conformance record
# of the binary, 0.1-0.2 ms a look-up with Foundation linked in, 0.6 ms of a 1,000-entry build. With
# -disable-concrete-type-metadata-mangled-name-accessors the compiler calls the type's metadata function with the
# conformances it already knows (a slightly larger binary, no scan). The CLI and serve tests run on this binary.
RELEASE_FLAGS := -c release --static-swift-stdlib -Xswiftc -static-executable -Xswiftc -L$(STATIC_LIBS) -Xlinker -no-pie \
	-Xlinker @$(STATIC_LIBS)/foundation-icu-data.args \
	-Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors
DEBUG_BIN := .build/debug/indexsite
RELEASE_BIN := .build/release/indexsite
# The link checker's network half, a program of its own that `check --links` runs (docs/ARCHITECTURE.md).
RELEASE_HELPER := .build/release/indexsite-links
# The most the stripped release binaries may weigh. Issue 38 asks 45 MB of `indexsite`, so the link checker's HTTP
# client (async-http-client over SwiftNIO and BoringSSL) lives in `indexsite-links`, with its own copy of the Swift
# runtime and Foundation (sizes in docs/ARCHITECTURE.md).
MAX_BINARY_MB := 45
MAX_HELPER_MB := 36

.PHONY: site test build deps test-deps release-deps release-test browser bench fuzz stress clean install dist action-test portable

deps:
	@Scripts/install-packages.sh $(BUILD_PACKAGES)

build: deps
	$(SWIFT) build

site: build
	$(DEBUG_BIN) build .

test-deps: deps
	@Scripts/install-packages.sh $(TEST_PACKAGES)

# The suite runs in parallel, except the tests against servers in the test process itself (the preview server, the
# link checker's local HTTP(S) servers): they time clients and servers in fractions of a second, and lose that race
# when other tests hold both cores (1 of 2 parallel runs under load failed there, none elsewhere).
TIMED_SERVER_TESTS := 'LinkCheckTests\.|ServeTests\.'

test: test-deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --skip $(TIMED_SERVER_TESTS)
	$(SWIFT) test --skip-build --no-parallel --filter $(TIMED_SERVER_TESTS)
	$(MAKE) portable
	$(MAKE) release-test
	SWIFT="$(SWIFT)" Scripts/test-library-consumer.sh
	$(MAKE) action-test
	$(MAKE) browser

# The package with its Linux-only parts compiled out (GNU thread placement, renameat2, glibc's heap padding, huge
# pages; INDEXSITE_PORTABLE for Swift and C): the library other systems compile, proved to build here (the
# library product only: the command adds argument parsing, its helper indexsite-links the HTTP client, no Linux-only code).
portable: deps
	$(SWIFT) build --build-path .build-portable --product IndexSite -Xswiftc -DINDEXSITE_PORTABLE -Xcc -DINDEXSITE_PORTABLE

# The command-line, preview-server and link-check tests again, on the release binaries (`check --links` runs the
# indexsite-links beside indexsite): they are linked otherwise (statically, the C library included, Foundation's ICU
# data emptied), and they are what `make install` installs and `make bench` times.
release-test: release-deps
	$(SWIFT) build $(RELEASE_FLAGS) --product indexsite
	$(SWIFT) build $(RELEASE_FLAGS) --product indexsite-links
	Scripts/check-binary-size.sh "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/indexsite" $(MAX_BINARY_MB)
	Scripts/check-binary-size.sh "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/indexsite-links" $(MAX_HELPER_MB)
	INDEXSITE_TEST_BINARY="$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/indexsite" \
		$(SWIFT) test --skip-build --no-parallel --filter 'CLITests|ServeTests|LinkCheckTests'

# Real-browser checks (headless Chromium through chromedriver, selenium in .build-venv): the sample site, the
# multilingual test site (de, sv, ru, ja, ar lists on an en site), then the reader's-page test site (awesome-go, 50 and
# 5 categories, A-Z, a split 20k list) generated at test time.
browser: build test-deps
	rm -rf .build/browser-site
	$(DEBUG_BIN) build . --output .build/browser-site --quiet
	Tests/Browser/run.sh .build/browser-site
	rm -rf .build/browser-i18n-site
	$(DEBUG_BIN) build Tests/Browser/i18n-site --output .build/browser-i18n-site --quiet
	BROWSER_TESTS=test_i18n.py Tests/Browser/run.sh .build/browser-i18n-site
	Tests/Browser/run.sh --reader
	Tests/Browser/run.sh --theme
	Tests/Browser/run.sh --facets

# libFuzzer on the CSV, JSON, front-matter and Markdown-list parsers; FUZZ_SECONDS per target (default 300).
fuzz: deps
	Scripts/fuzz.sh

# Hostile inputs (Tests/Stress/*.sh) through the release binary: each case must finish within 10 s and 1 GB.
stress: release-deps
	RELEASE_FLAGS="$(RELEASE_FLAGS)" Scripts/stress.sh

release-deps: deps
	@Scripts/install-packages.sh $(RELEASE_PACKAGES)
	@Scripts/static-libs.sh $(STATIC_LIBS)

bench: release-deps
	$(SWIFT) build $(RELEASE_FLAGS) --product indexsite
	$(SWIFT) build $(RELEASE_FLAGS) --product indexsite-links
	Benchmarks/run.sh "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/indexsite"
	Benchmarks/links.sh "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/indexsite"
	"$$(Scripts/browser-env.sh)" Benchmarks/search.py --binary "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/indexsite" 100000

PREFIX ?= /usr/local
install: release-deps
	$(SWIFT) build $(RELEASE_FLAGS) --product indexsite
	$(SWIFT) build $(RELEASE_FLAGS) --product indexsite-links
	install -d "$(PREFIX)/bin"
	install -s -m 755 $(RELEASE_BIN) "$(PREFIX)/bin/indexsite"
	install -s -m 755 $(RELEASE_HELPER) "$(PREFIX)/bin/indexsite-links"

# The release tarball, indexsite-VERSION-linux-ARCH.tar.gz, and its SHA256SUMS, in .build/dist: the stripped release
# binaries (indexsite and its link checker indexsite-links), completions, the man page (swift-argument-parser's
# generate-manual plugin, on the debug build), README.
VERSION := $(shell sed -n 's/.*current = "\(.*\)"/\1/p' Sources/Core/Version.swift)
ARCH := $(shell uname -m | sed -e 's/aarch64/arm64/' -e 's/amd64/x86_64/')
dist: release-deps
	$(SWIFT) build $(RELEASE_FLAGS) --product indexsite
	$(SWIFT) build $(RELEASE_FLAGS) --product indexsite-links
	rm -rf .build/manual && mkdir -p .build/manual
	$(SWIFT) package --allow-writing-to-directory .build/manual generate-manual --configuration debug \
		--output-directory "$(CURDIR)/.build/manual"
	Scripts/dist.sh $(RELEASE_BIN) $(RELEASE_HELPER) $(VERSION) $(ARCH) .build/manual .build/dist

# The GitHub Action and workflows: actionlint, shellcheck, and the action's steps against the tarball of make dist.
action-test: build test-deps dist
	Tests/Action/run.sh $(DEBUG_BIN) .build/dist

clean:
	rm -rf .build .build-* _site
