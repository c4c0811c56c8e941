#!/usr/bin/env bash
# Runs IndexSite's release binary over hostile inputs and fails any case that takes more than 10 s or 1 GB.
#
#   Scripts/stress.sh                 every case in Tests/Stress/
#   Scripts/stress.sh csv-ragged-rows  only the named cases
#
# A case is an executable Tests/Stress/<name>.sh, called as `<name>.sh BIN SCRATCH_DIR`: it writes its input under
# SCRATCH_DIR (an empty folder of its own) and runs BIN once (build or check). Its exit status is not judged here
# (hostile input may fairly exit 1 with a diagnostic), except 2 and up (a crash, or the case's own assertion failed).
# BIN is a small wrapper that runs the real binary under /usr/bin/time -v, so the time a case spends making its input
# is not counted: the table shows the binary's wall seconds, CPU seconds, maximum resident memory and exit status.
#
# Environment:
#   STRESS_BIN          the binary to run instead of building one (e.g. an older build, to measure "before")
#   STRESS_MAX_SECONDS  wall-clock limit per case (default 10)
#   STRESS_MAX_MB       memory limit per case in MB of maximum resident set (default 1024)
#   STRESS_KILL_SECONDS a case still running after this long is killed and fails (default 60)
set -euo pipefail

main() {
cd "$(dirname "$0")/.."
ROOT=$PWD
SWIFT=${SWIFT:-swift}
MAX_SECONDS=${STRESS_MAX_SECONDS:-10}
MAX_MB=${STRESS_MAX_MB:-1024}
KILL_SECONDS=${STRESS_KILL_SECONDS:-60}

if [ -n "${STRESS_BIN:-}" ]; then
    BIN=$(cd "$(dirname "$STRESS_BIN")" && pwd)/$(basename "$STRESS_BIN")
else
    # The Makefile passes its RELEASE_FLAGS, so the binary tested is the one `make install` installs.
    read -r -a release_flags <<< "${RELEASE_FLAGS:--c release}"
    "$SWIFT" build "${release_flags[@]}" --product indexsite >&2
    BIN=$("$SWIFT" build "${release_flags[@]}" --show-bin-path)/indexsite
fi
[ -x "$BIN" ] || { echo "stress.sh: no binary at $BIN" >&2; exit 1; }

if [ $# -gt 0 ]; then
    CASES=()
    for name in "$@"; do
        [ -x "Tests/Stress/$name.sh" ] || { echo "stress.sh: no case Tests/Stress/$name.sh" >&2; exit 64; }
        CASES+=("Tests/Stress/$name.sh")
    done
else
    CASES=(Tests/Stress/*.sh)
fi

SCRATCH=$(mktemp -d "${TMPDIR:-/tmp}/indexsite-stress.XXXXXX")
trap 'rm -rf "$SCRATCH"' EXIT
failed=0
printf '%-34s %8s %8s %9s %6s  %s\n' case seconds "cpu s" "max MB" exit verdict
for script in "${CASES[@]}"; do
    name=$(basename "$script" .sh)
    work=$SCRATCH/$name
    mkdir -p "$work"
    timing=$SCRATCH/$name.time
    wrapper=$SCRATCH/$name.bin
    # The wrapper records the binary's own status; the case's status says whether its setup and checks passed.
    printf '#!/bin/sh\n/usr/bin/time -v -o %q %q "$@"\nstatus=$?\necho $status > %q\nexit $status\n' \
        "$timing" "$BIN" "$timing.status" >"$wrapper"
    chmod +x "$wrapper"
    caseStatus=0
    timeout --signal=KILL "$KILL_SECONDS" "$ROOT/$script" "$wrapper" "$work" \
        >"$SCRATCH/$name.out" 2>"$SCRATCH/$name.err" || caseStatus=$?
    status=$(cat "$timing.status" 2>/dev/null || echo -)
    wall=$(awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i]; printf "%.2f", s }' "$timing" 2>/dev/null || true)
    # CPU seconds (user + system) show the binary's own work when other jobs slow the wall clock down.
    cpu=$(awk -F': ' '/User time|System time/ { s += $2 } END { if (NR) printf "%.2f", s }' "$timing" 2>/dev/null || true)
    rss=$(awk -F': ' '/Maximum resident set size/ { printf "%.0f", $2 / 1024 }' "$timing" 2>/dev/null || true)
    verdict=ok
    if [ "$caseStatus" -eq 137 ] || [ "$caseStatus" -eq 124 ]; then
        verdict="FAIL: killed after ${KILL_SECONDS} s"; wall=${wall:--}; rss=${rss:--}
    elif [ -z "$wall" ] || [ "$status" = - ]; then
        verdict="FAIL: the case never ran the binary (exit $caseStatus): $(tail -c 300 "$SCRATCH/$name.err" | tr '\n' ' ')"; wall="-"; rss="-"
    elif awk -v w="$wall" -v m="$MAX_SECONDS" 'BEGIN { exit !(w > m) }'; then
        verdict="FAIL: over ${MAX_SECONDS} s"
    elif [ "$rss" -gt "$MAX_MB" ]; then
        verdict="FAIL: over ${MAX_MB} MB"
    elif [ "$status" -ge 2 ] || [ "$caseStatus" -ge 2 ]; then
        verdict="FAIL: exit $status (case $caseStatus): $(tail -c 300 "$SCRATCH/$name.err" | tr '\n' ' ')"
    fi
    [ "$verdict" = ok ] || failed=$((failed + 1))
    printf '%-34s %8s %8s %9s %6s  %s\n' "$name" "$wall" "${cpu:--}" "$rss" "$status" "$verdict"
    rm -rf "$work"
done
if [ "$failed" -gt 0 ]; then
    echo "stress.sh: $failed of ${#CASES[@]} cases failed" >&2
    exit 1
fi
echo "stress.sh: all ${#CASES[@]} cases within ${MAX_SECONDS} s and ${MAX_MB} MB"
}

main "$@"
