#!/usr/bin/env bash
# Measures the preview's watcher: the CPU `indexsite serve` uses while nothing changes, over SERVE_IDLE_SECONDS on a
# site whose Content/ holds 5,000 files in 50 folders (utime + stime from /proc/PID/stat), and the time from a file
# written to the live-reload long-poll (/__indexsite/events) answering with the new version, on that site and on a
# one-list site. Each is run with polling (INDEXSITE_WATCH=poll, the fallback) and with inotify events.
#
# Usage: Benchmarks/serve-idle.sh path/to/indexsite
#
# Environment: SERVE_IDLE_SECONDS (default 60), SERVE_FILES (5000), SERVE_SAVES (5 saves timed per site),
# BENCH_DIR (work folder, default .build/bench). Linux only (/proc).
set -euo pipefail

if [[ $# -ne 1 || ! -x $1 ]]; then
    echo "usage: $0 path/to/indexsite" >&2
    exit 64
fi
INDEXSITE=$(realpath "$1")
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(dirname "$HERE")
BENCH=${BENCH_DIR:-$ROOT/.build/bench}
IDLE=${SERVE_IDLE_SECONDS:-60}
FILES=${SERVE_FILES:-5000}
SAVES=${SERVE_SAVES:-5}
TICKS=$(getconf CLK_TCK)

big=$BENCH/serve-idle-big
small=$BENCH/serve-idle-small
rm -rf "$big" "$small"
mkdir -p "$big/Content/notes" "$small/Content"
for ((i = 0; i < FILES; i++)); do
    folder=$big/Content/notes/part$((i % 50))
    [[ -d $folder ]] || mkdir -p "$folder"
    printf -- '---\ntitle: Note %05d\ntags: [t%d]\n---\nA note about thing %d.\n' "$i" $((i % 37)) "$i" >"$folder/note$i.md"
done
printf 'title,author\nDune,Frank Herbert\nEmma,Jane Austen\n' >"$small/Content/books.csv"

server_pid=""
stop_server() {
    if [[ -n $server_pid ]]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
    server_pid=""
}
trap stop_server EXIT

# Starts `serve` on $1 with INDEXSITE_WATCH=$2 and sets server_pid and port once it says where it serves.
start_server() {
    local site=$1 method=$2 log=$BENCH/serve-idle.log
    rm -rf "$BENCH/serve-idle-out"
    INDEXSITE_WATCH=$method "$INDEXSITE" serve "$site" --port 0 --output "$BENCH/serve-idle-out" >"$log" 2>&1 &
    server_pid=$!
    port=""
    for ((wait = 0; wait < 1200; wait++)); do
        port=$(sed -n 's|.* at http://127\.0\.0\.1:\([0-9]*\)/.*|\1|p' "$log" | head -1)
        [[ -n $port ]] && return 0
        kill -0 "$server_pid" 2>/dev/null || { cat "$log" >&2; exit 1; }
        sleep 0.1
    done
    echo "serve-idle.sh: serve did not start in 120 s" >&2
    exit 1
}

cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }
now_ms() { echo $(($(date +%s%N) / 1000000)); }
version() { curl -s --max-time 30 "http://127.0.0.1:$port/__indexsite/events?version=${1:-none}" | sed -n 's/.*"version":"\([^"]*\)".*/\1/p'; }

# The CPU share of one core the idle server used over $IDLE seconds, in percent.
idle_cpu() {
    sleep 2 # let the first build's threads finish
    local before after
    before=$(cpu_ticks "$server_pid")
    sleep "$IDLE"
    after=$(cpu_ticks "$server_pid")
    echo "scale=2; ($after - $before) * 100 / $TICKS / $IDLE" | bc
}

# Milliseconds from each of $SAVES saves of $1 (appending a line of $2) to the long-poll's new version: "median max".
reload_ms() {
    local file=$1 line=$2 times=() old new start
    for ((save = 0; save < SAVES; save++)); do
        old=$(version)
        start=$(now_ms)
        printf '%s\n' "$line$save" >>"$file"
        new=$(version "$old")
        # A long poll is answered unchanged after 20 s: a rebuild that takes longer is waited for again, up to 5 min.
        while [[ $new == "$old" && $(($(now_ms) - start)) -lt 300000 ]]; do new=$(version "$old"); done
        [[ -n $new && $new != "$old" ]] || { echo "serve-idle.sh: no reload after a save of $file" >&2; exit 1; }
        times+=($(($(now_ms) - start)))
        sleep 0.5
    done
    printf '%s\n' "${times[@]}" | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)], a[NR] }'
}

echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
for method in poll events; do
    start_server "$big" "$method"
    cpu=$(idle_cpu)
    read -r big_median big_max < <(reload_ms "$big/Content/notes/part7/note7.md" "More about it ")
    stop_server
    start_server "$small" "$method"
    read -r small_median small_max < <(reload_ms "$small/Content/books.csv" "Zebra Crossing,Anon ")
    stop_server
    printf '%-7s idle CPU %6s%% of a core over %s s on %s files; save -> reload %s ms median, %s ms max (%s files), %s ms median, %s ms max (one list)\n' \
        "$method" "$cpu" "$IDLE" "$FILES" "$big_median" "$big_max" "$FILES" "$small_median" "$small_max"
done
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
