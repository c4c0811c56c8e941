#!/usr/bin/env bash
# Issue 34 item 7: every `@` of `a@a@a@…` scanned the rest of the run for the address's end: 100,000 of them took 8.4 s.
set -euo pipefail
BIN=$1 SITE=$2
mkdir -p "$SITE/Content/notes"
{ printf -- '---\ntitle: Mail\n---\n'; awk 'BEGIN { for (i = 0; i < 100000; i++) printf "a@"; print "" }'; } > "$SITE/Content/notes/mail.md"
"$BIN" build "$SITE" --quiet --output "$SITE/out"
