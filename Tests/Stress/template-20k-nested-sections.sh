#!/usr/bin/env bash
# Issue 17 item 18: 20k nested {{#site}} sections in a template crashed build and check (stack overflow), and the parse
# was quadratic (10k levels: 4 s). Now a template-syntax error at the 101st level, at once.
set -euo pipefail
BIN=$1 SITE=$2
mkdir -p "$SITE/Content" "$SITE/Templates"
printf 'title\nDune\n' > "$SITE/Content/books.csv"
awk 'BEGIN { printf "<p>{{title}}</p>\n"; for (i = 0; i < 20000; i++) printf "{{#site}}"; printf "x"; for (i = 0; i < 20000; i++) printf "{{/site}}"; printf "\n" }' \
    > "$SITE/Templates/entry.mustache"
status=0
"$BIN" check "$SITE" 2> "$SITE/stderr" || status=$?
cat "$SITE/stderr" >&2
[ "$status" -eq 1 ] || { echo "expected exit 1 (template-syntax), got $status" >&2; exit 3; }
grep -q 'Templates/entry.mustache:2:[0-9]*: error: sections are nested more than 100 deep \[template-syntax\]' "$SITE/stderr"
