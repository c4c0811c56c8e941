#!/usr/bin/env bash
# Issue 17 item 18, the linear parse: 200k section tags on one line (each looked back to the line start: quadratic).
set -euo pipefail
BIN=$1 SITE=$2
mkdir -p "$SITE/Content" "$SITE/Templates"
printf 'title\nDune\n' > "$SITE/Content/books.csv"
awk 'BEGIN { printf "<p>{{title}}</p>\n"; for (i = 0; i < 100000; i++) printf "{{#title}}.{{/title}}"; printf "\n" }' > "$SITE/Templates/entry.mustache"
"$BIN" build "$SITE" --quiet --output "$SITE/out"
