#!/usr/bin/env bash
# Issue 17 item 10: symlink cycles in an entry folder (ln -s . l1; ln -s . l2; ln -s . l3): > 120 s and 131k duplicates.
set -euo pipefail
BIN=$1 SITE=$2
mkdir -p "$SITE/Content/entries"
for n in $(seq 1 20); do printf -- '---\ntitle: Entry %d\n---\nBody\n' "$n" > "$SITE/Content/entries/e$n.md"; done
(cd "$SITE/Content/entries" && ln -s . l1 && ln -s . l2 && ln -s . l3 && mkdir -p sub && ln -s .. sub/up)
status=0
"$BIN" build "$SITE" --quiet --output "$SITE/out" 2> "$SITE/stderr" || status=$?
head -c 1000 "$SITE/stderr" >&2
pages=$(find "$SITE/out" -name '*.html' | wc -l)
echo "html pages: $pages" >&2
[ "$pages" -lt 100 ] || { echo "the symlink cycles multiplied the 20 entries into $pages pages" >&2; exit 3; }
exit $status
