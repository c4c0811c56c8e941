#!/usr/bin/env bash
# Issue 34 item 7: each trailing `)` or `]` of an autolink counted the brackets of the whole link again: a link
# ending in 200 KB of them took 9.4 s.
set -euo pipefail
BIN=$1 SITE=$2
mkdir -p "$SITE/Content/notes"
{
    printf -- '---\ntitle: Links\n---\n'
    printf 'https://example.org/'; awk 'BEGIN { for (i = 0; i < 100000; i++) printf ")"; print "" }'
    printf '\nwww.example.org/'; awk 'BEGIN { for (i = 0; i < 100000; i++) printf "]"; print "" }'
} > "$SITE/Content/notes/links.md"
"$BIN" build "$SITE" --quiet --output "$SITE/out"
