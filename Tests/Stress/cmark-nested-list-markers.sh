#!/usr/bin/env bash
# Issue 34 item 8: cmark 0.30.2 keeps every container a line opens over each following line: 30,000 nested list
# markers then 30,000 blank lines (90 KB) took 53.8 s in a debug build (the attack round: 90 KB, 15.5 s in release).
set -euo pipefail
BIN=$1 SITE=$2
mkdir -p "$SITE/Content/notes"
{
    printf -- '---\ntitle: Nested\n---\n'
    awk 'BEGIN { for (i = 0; i < 30000; i++) printf "- "; print "x"; for (i = 0; i < 30000; i++) print "" }'
} > "$SITE/Content/notes/nested.md"
"$BIN" build "$SITE" --quiet --output "$SITE/out"
