#!/usr/bin/env bash
# Fuzzes IndexSite's parsers with libFuzzer, one target after the other (see Fuzz/IndexSiteFuzz/IndexSiteFuzz.swift).
#
#   Scripts/fuzz.sh                 every target for FUZZ_SECONDS (default 300) each
#   FUZZ_SECONDS=30 Scripts/fuzz.sh csv json
#
# Environment:
#   FUZZ_SECONDS     seconds per target (default 300)
#   FUZZ_SANITIZERS  sanitizers besides the fuzzer (default "address"; set to "" for a faster, uninstrumented run)
#   FUZZ_ARGS        extra libFuzzer flags, e.g. "-max_len=65536"
#
# Everything is built and kept under .build-fuzz/ (git-ignored): the instrumented build, the growing corpus of each
# target (corpus/<target>, reused by the next run), logs and crash files (artifacts/<target>/). Seeds come from the
# sample site, the test fixtures, Tests/Fixtures/fuzz-seeds/<target>/ and a few large inputs generated here.
# Prints the executions of each target; exits 1 when any target crashed, hung, ran out of memory or broke an invariant.
set -euo pipefail

cd "$(dirname "$0")/.."
ROOT=$PWD
SWIFT=${SWIFT:-swift}
SECONDS_PER_TARGET=${FUZZ_SECONDS:-300}
SANITIZERS=${FUZZ_SANITIZERS-address}
WORK=$ROOT/.build-fuzz
ALL_TARGETS=(csv tsv frontmatter markdown json)
if [ $# -gt 0 ]; then TARGETS=("$@"); else TARGETS=("${ALL_TARGETS[@]}"); fi
for target in "${TARGETS[@]}"; do
    case " ${ALL_TARGETS[*]} " in *" $target "*) ;; *) echo "fuzz.sh: unknown target '$target' (targets: ${ALL_TARGETS[*]})" >&2; exit 64 ;; esac
done

Scripts/install-packages.sh libcmark-dev libicu-dev pkg-config

# --- Build ------------------------------------------------------------------------------------------------------
sanitize_flags=(--sanitize fuzzer)
for sanitizer in $SANITIZERS; do sanitize_flags+=(--sanitize "$sanitizer"); done
scratch="$WORK/fuzzer${SANITIZERS:+-${SANITIZERS// /-}}"
echo "==> building IndexSiteFuzz (${sanitize_flags[*]}) in ${scratch#"$ROOT"/}"
"$SWIFT" build --scratch-path "$scratch" -c release --product IndexSiteFuzz "${sanitize_flags[@]}" -Xswiftc -DINDEXSITE_FUZZING
binary="$("$SWIFT" build --scratch-path "$scratch" -c release "${sanitize_flags[@]}" --show-bin-path)/IndexSiteFuzz"

# --- Seeds ------------------------------------------------------------------------------------------------------
# Copies the fixture files matching the patterns into one flat folder, named after their paths.
collect() {
    local into=$1; shift
    local pattern=(-false)
    for extension in "$@"; do pattern+=(-o -name "*.$extension"); done
    find Content Tests/CLITests/Sites Tests/GoldenSiteTests/Sites Tests/Fixtures/BadInputs -type f -size -200k \
        \( "${pattern[@]}" \) -not -path '*/expected/*' 2>/dev/null | while read -r file; do
        cp "$file" "$into/$(echo "$file" | tr '/' '_')"
    done
}

# Large and deep inputs, written here rather than committed.
generate() {
    local target=$1 into=$2
    case $target in
    csv | tsv)
        local sep=','; [ "$target" = tsv ] && sep=$'\t'
        awk -v s="$sep" 'BEGIN { printf "title%sdescription\n\"", s; for (i = 0; i < 100000; i++) printf "x"; printf "\"%sshort\n", s }' > "$into/gen-huge-field"
        awk -v s="$sep" 'BEGIN { for (i = 1; i <= 10000; i++) printf "c%d%s", i, (i < 10000 ? s : "\n"); for (i = 1; i <= 10000; i++) printf "%d%s", i, (i < 10000 ? s : "\n") }' > "$into/gen-10000-columns"
        awk -v s="$sep" 'BEGIN { printf "title\n"; for (i = 0; i < 5000; i++) printf "a\"b%s", s; printf "\n" }' > "$into/gen-many-stray-quotes"
        awk 'BEGIN { printf "title\n"; for (i = 0; i < 20000; i++) printf "\"\n" }' > "$into/gen-many-quotes"
        ;;
    markdown | frontmatter)
        awk 'BEGIN { for (i = 0; i < 1000; i++) printf "- "; printf "deep\n" }' > "$into/gen-depth-1000-compact.md"
        awk 'BEGIN { for (i = 0; i < 1000; i++) printf "> "; printf "- quoted\n" }' > "$into/gen-blockquote-1000.md"
        awk 'BEGIN { for (i = 0; i < 200; i++) { for (j = 0; j < i; j++) printf "  "; printf "- level %d\n", i } }' > "$into/gen-depth-200-indented.md"
        awk 'BEGIN { printf "- "; for (i = 0; i < 2000; i++) printf "["; printf "x"; for (i = 0; i < 2000; i++) printf "](u)"; printf "\n" }' > "$into/gen-nested-links.md"
        awk 'BEGIN { printf "---\ntitle: deep\nx: "; for (i = 0; i < 1000; i++) printf "["; for (i = 0; i < 1000; i++) printf "]"; printf "\n---\n" }' > "$into/gen-yaml-deep-flow.md"
        awk 'BEGIN { printf "---\ntitle: deep\n"; for (i = 0; i < 300; i++) { for (j = 0; j < i; j++) printf " "; printf "k%d:\n", i } printf "---\n" }' > "$into/gen-yaml-deep-block.md"
        ;;
    json)
        awk 'BEGIN { printf "[{\"title\":\"deep\",\"x\":"; for (i = 0; i < 300; i++) printf "["; for (i = 0; i < 300; i++) printf "]"; printf "}]\n" }' > "$into/gen-depth-300.json"
        awk 'BEGIN { printf "["; for (i = 0; i < 20000; i++) printf "1,"; printf "1]\n" }' > "$into/gen-many-non-objects.json"
        ;;
    esac
}

# --- Run --------------------------------------------------------------------------------------------------------
failed=()
summary=()
for target in "${TARGETS[@]}"; do
    seeds="$WORK/seeds/$target" corpus="$WORK/corpus/$target" artifacts="$WORK/artifacts/$target" log="$WORK/logs/$target.log"
    rm -rf "$seeds"
    mkdir -p "$seeds" "$corpus" "$artifacts" "$(dirname "$log")"
    case $target in
    csv) collect "$seeds" csv; dictionary=csv ;;
    tsv) collect "$seeds" tsv csv; dictionary=csv ;;
    frontmatter | markdown) collect "$seeds" md; dictionary=markdown ;;
    json) collect "$seeds" json; dictionary=json ;;
    esac
    cp Tests/Fixtures/fuzz-seeds/"$target"/* "$seeds/" 2>/dev/null || true
    [ "$target" = frontmatter ] && cp Tests/Fixtures/fuzz-seeds/markdown/* "$seeds/"
    [ "$target" = markdown ] && cp Tests/Fixtures/fuzz-seeds/frontmatter/* "$seeds/"
    generate "$target" "$seeds"

    echo "==> fuzzing $target for ${SECONDS_PER_TARGET}s ($(find "$seeds" -type f | wc -l) seeds, $(find "$corpus" -type f | wc -l) corpus inputs; log ${log#"$ROOT"/})"
    status=0
    # The Swift runtime's own backtracer would catch the crash signal before libFuzzer could save the input.
    # shellcheck disable=SC2086
    INDEXSITE_FUZZ_TARGET=$target SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:abort_on_error=1} \
        "$binary" "$corpus" "$seeds" \
        -max_total_time="$SECONDS_PER_TARGET" -timeout=10 -rss_limit_mb=2048 -max_len=131072 \
        -dict="Fuzz/dictionaries/$dictionary.dict" -artifact_prefix="$artifacts/" -print_final_stats=1 \
        ${FUZZ_ARGS:-} > "$log" 2>&1 || status=$?
    executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    [ -n "$executions" ] || executions=$(sed -n 's/^Done \([0-9]*\) runs.*/\1/p' "$log" | tail -1)
    coverage=$(grep -o 'cov: [0-9]*' "$log" | tail -1 || true)
    crashes=$(find "$artifacts" -type f -newer "$seeds" | wc -l)
    line="$target: ${executions:-?} executions in ${SECONDS_PER_TARGET}s, ${coverage:-cov: ?}, exit $status"
    if [ "$status" -ne 0 ] || [ "$crashes" -gt 0 ]; then
        line+=" — FAILED"
        failed+=("$target")
        echo "$line"
        grep -E 'invariant failed|Fatal error|ERROR: |SUMMARY|Test unit written' "$log" | head -20 || tail -30 "$log"
        for artifact in $(find "$artifacts" -type f -newer "$seeds"); do
            echo "    reproduce: INDEXSITE_FUZZ_TARGET=$target $binary ${artifact#"$ROOT"/}"
        done
    else
        echo "$line"
    fi
    summary+=("$line")
done

echo
echo "==> fuzz summary"
printf '  %s\n' "${summary[@]}"
if [ ${#failed[@]} -gt 0 ]; then
    echo "fuzz.sh: failures in: ${failed[*]} (crash inputs in .build-fuzz/artifacts/)" >&2
    exit 1
fi
