#!/usr/bin/env bash
# Scripts/check-binary-size.sh BINARY MAX_MB: fails when BINARY, stripped as `make dist` and `make install` strip it,
# is over MAX_MB megabytes (MiB), and then names its largest symbols (`nm -S`), where a new dependency's weight shows.
# The release binary is a download (issue 38: at most 45 MB stripped); ICU's data was most of it once.
set -euo pipefail
binary=${1:?usage: check-binary-size.sh BINARY MAX_MB} limit=${2:?usage: check-binary-size.sh BINARY MAX_MB}
stripped=$(mktemp)
trap 'rm -f "$stripped"' EXIT
strip --strip-all -o "$stripped" "$binary"
size=$(stat -c %s "$stripped")
megabytes=$(awk -v size="$size" 'BEGIN { printf "%.1f", size / 1048576 }')
if [ "$size" -gt $((limit * 1048576)) ]; then
    echo "check-binary-size.sh: $binary is $megabytes MB stripped, over the $limit MB a release may weigh; its largest symbols:" >&2
    nm -S --size-sort -C "$binary" | tail -8 | while read -r _ bytes _ name; do
        awk -v bytes=$((16#$bytes)) -v name="$name" 'BEGIN { printf "  %6.1f MB  %s\n", bytes / 1048576, name }' >&2
    done
    exit 1
fi
echo "The release binary is $megabytes MB stripped (at most $limit MB)"
