#!/usr/bin/env bash
# Prints one digest per output tree, so that two builds of IndexSite can be checked for byte-identical output.
#
# Usage: Scripts/output-digest.sh path/to/indexsite SITE...
#
# Each SITE is built into a fresh temporary folder; the digest is the SHA-256 of the sorted list of
# "path sha256-of-contents" lines of every file in the tree, leaving out the build's own marker
# (.indexsite-output, which records the binary's identity and so differs between binaries).
# Prints "DIGEST FILES SITE" per site. Set DIGEST_KEEP=DIR to keep the per-file listings in DIR.
set -euo pipefail

if [[ $# -lt 2 ]]; then
    echo "usage: $0 path/to/indexsite SITE..." >&2
    exit 64
fi
BIN=$(realpath "$1")
shift
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
n=0
for site in "$@"; do
    n=$((n + 1))
    out=$WORK/out-$n
    "$BIN" build "$site" --output "$out" --quiet
    listing=$(cd "$out" && find . -type f ! -name .indexsite-output -print0 | LC_ALL=C sort -z | xargs -0 sha256sum)
    if [[ -n ${DIGEST_KEEP:-} ]]; then
        mkdir -p "$DIGEST_KEEP"
        printf '%s\n' "$listing" >"$DIGEST_KEEP/$(printf '%s' "$site" | tr '/' '_').txt"
    fi
    printf '%s %6d %s\n' "$(printf '%s\n' "$listing" | sha256sum | cut -c1-16)" "$(printf '%s\n' "$listing" | grep -c .)" "$site"
    rm -rf "$out"
done
