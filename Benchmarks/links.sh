#!/usr/bin/env bash
# Times `indexsite check --links` (with its helper indexsite-links, beside it) on a local web of 5,000 links across 50
# hosts (ports of 127.0.0.1) whose server answers every request after 50 ms, then the rerun served from the link
# cache, and reads from the server's side the most requests any host had open at once. Nothing leaves the machine.
#
# Usage: Benchmarks/links.sh path/to/indexsite
#
# Environment: LINKS_COUNT (default 5000), LINKS_HOSTS (50), LINKS_DELAY (0.05 s), LINKS_PER_HOST (4),
# LINKS_PORT (first port, default 23100), BENCH_DIR (work folder, default .build/bench).
set -euo pipefail

if [[ $# -ne 1 || ! -x $1 ]]; then
    echo "usage: $0 path/to/indexsite" >&2
    exit 64
fi
INDEXSITE=$(realpath "$1")
# `check --links` runs the link checker's network half from beside indexsite; without it every run would only fail.
if [[ ! -x $(dirname "$INDEXSITE")/indexsite-links ]]; then
    echo "$0: $(dirname "$INDEXSITE")/indexsite-links is missing: build it too (swift build --product indexsite-links)" >&2
    exit 64
fi
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(dirname "$HERE")
COUNT=${LINKS_COUNT:-5000}
HOSTS=${LINKS_HOSTS:-50}
DELAY=${LINKS_DELAY:-0.05}
PER_HOST=${LINKS_PER_HOST:-4}
PORT=${LINKS_PORT:-23100}
WORK=${BENCH_DIR:-$ROOT/.build/bench}/links
rm -rf "$WORK" && mkdir -p "$WORK/site/Content"

python3 - "$COUNT" "$HOSTS" "$PORT" "$WORK/site/Content/links.md" <<'PY'
import sys
count, hosts, port, path = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
with open(path, "w") as out:
    out.write("# Links\n\n## All\n\n")
    for n in range(count):
        out.write(f"- [Page {n}](http://127.0.0.1:{port + n % hosts}/page/{n}) - Page number {n}.\n")
PY
printf 'links:\n  per_host: %s\n  concurrency: 128\n  timeout: 10\n' "$PER_HOST" >"$WORK/site/indexsite.yml"

python3 "$HERE/links/server.py" "$PORT" "$HOSTS" "$DELAY" "$WORK/stats.json" >"$WORK/server.log" 2>&1 &
SERVER=$!
trap 'kill $SERVER 2>/dev/null || true' EXIT
for _ in $(seq 100); do grep -q ready "$WORK/server.log" 2>/dev/null && break; sleep 0.1; done
grep -q ready "$WORK/server.log" || { cat "$WORK/server.log" >&2; exit 1; }

seconds() { local start end; start=$(date +%s.%N); "$@" >/dev/null 2>"$WORK/last.err" || true; end=$(date +%s.%N); echo "$end - $start" | bc; }
first=$(seconds "$INDEXSITE" check --links --quiet "$WORK/site")
cached=$(seconds "$INDEXSITE" check --links --quiet "$WORK/site")
kill -TERM $SERVER
wait $SERVER 2>/dev/null || true
trap - EXIT

read -r requests most <<<"$(python3 -c 'import json,sys; s=json.load(open(sys.argv[1])); print(sum(s["requests"]), max(s["most_open"]))' "$WORK/stats.json")"
broken=$(grep -c "broken-link" "$WORK/last.err" || true)
printf '| what | measured | budget |\n|---|---|---|\n'
printf '| check --links, %s URLs on %s hosts answering in %s s | %.2f s | 10 s |\n' "$COUNT" "$HOSTS" "$DELAY" "$first"
printf '| rerun from .indexsite/links.json | %.2f s | 0.5 s |\n' "$cached"
printf '| requests the server saw | %s | %s |\n' "$requests" "$COUNT"
printf '| most requests open at once on one host | %s | %s |\n' "$most" "$PER_HOST"
printf '| broken links reported | %s | 0 |\n' "$broken"
