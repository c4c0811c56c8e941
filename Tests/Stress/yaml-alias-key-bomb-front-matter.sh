#!/usr/bin/env bash
# Issue 17 item 4: the same alias-key bomb in the front matter of 20 entry files (7.8 s per file before).
set -euo pipefail
BIN=$1 SITE=$2
mkdir -p "$SITE/Content/entries"
for n in $(seq 1 20); do
    {
        echo '---'
        echo "title: Entry $n"
        echo 'a: &a [x, x, x, x, x, x, x, x, x, x]'
        prev=a
        for name in b c d e f g h i; do
            echo "$name: &$name [*$prev, *$prev, *$prev, *$prev, *$prev, *$prev, *$prev, *$prev, *$prev, *$prev]"
            prev=$name
        done
        echo 'bomb: {? *i : 1, ? [*i, *h] : 2}'
        echo '---'
        echo 'Body'
    } > "$SITE/Content/entries/e$n.md"
done
status=0
"$BIN" build "$SITE" --quiet --output "$SITE/out" 2> "$SITE/stderr" || status=$?
head -c 2000 "$SITE/stderr" >&2
[ "$(grep -c 'yaml-syntax\|yaml-alias' "$SITE/stderr")" -ge 20 ] || { echo "not every file's alias bomb was reported" >&2; exit 3; }
exit $status
