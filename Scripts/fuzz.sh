#!/usr/bin/env bash
# Fuzzes IndexSite's parsers, link check (url), template parser (template) and the simple descriptions written without cmark
# (description: their HTML must be cmark's) and GitHub's Markdown passes over cmark (gfm: tables, autolinks, strikethrough,
# with the bounds on cmark's quadratic inputs) with libFuzzer, one target after the other (see Fuzz/IndexSiteFuzz/IndexSiteFuzz.swift).
#
#   Scripts/fuzz.sh                 every target for FUZZ_SECONDS (default 300) each
#   FUZZ_SECONDS=30 Scripts/fuzz.sh csv json
#
# Environment:
#   FUZZ_SECONDS     seconds per target (default 300)
#   FUZZ_SANITIZERS  sanitizers besides the fuzzer (default "address"; set to "" for a faster, uninstrumented run)
#   FUZZ_MAX_LEN     longest input the fuzzer makes, in bytes (default 8192; larger inputs are slower to mutate)
#   FUZZ_ARGS        extra libFuzzer flags, e.g. "-only_ascii=1"
#
# Everything is built and kept under .build-fuzz/ (git-ignored): the instrumented build (.build-fuzz/fuzzer-address)
# and, in .build-fuzz/libfuzzer/, the growing corpus of each target (corpus/<target>, reused by the next run), logs
# (logs/<target>.log) and crash inputs (artifacts/<target>/). Seeds come from the sample site, the test fixtures and
# Tests/Fixtures/fuzz-seeds/<target>/. Before fuzzing, each target also runs once over large generated inputs
# (depth-1000 lists, a 100,000-character field, 10,000 columns, 40,000 stray quotes, paragraphs, non-objects or keys)
# that must each finish within 10 seconds: that catches the quadratic blow-ups small fuzzed inputs cannot show.
# Prints the executions of each target; exits 1 when any target crashed, hung, ran out of memory or broke an invariant.
# A crash input replays without the fuzzer: INDEXSITE_FUZZ_TARGET=csv .build/debug/IndexSiteFuzz crash-…
set -euo pipefail

# Everything runs inside main, which bash reads whole before running: editing this file during a run is then safe.
main() {
cd "$(dirname "$0")/.."
ROOT=$PWD
SWIFT=${SWIFT:-swift}
SECONDS_PER_TARGET=${FUZZ_SECONDS:-300}
SANITIZERS=${FUZZ_SANITIZERS-address}
MAX_LEN=${FUZZ_MAX_LEN:-8192}
# The tests' SwiftPM scratch path is .build-fuzz too, and SwiftPM owns (and clears) its artifacts/ folder: the fuzzer's
# files live in their own subfolder, and the instrumented build in its own scratch path.
WORK=$ROOT/.build-fuzz/libfuzzer
ALL_TARGETS=(csv tsv frontmatter markdown json url template description gfm)
if [ $# -gt 0 ]; then TARGETS=("$@"); else TARGETS=("${ALL_TARGETS[@]}"); fi
for target in "${TARGETS[@]}"; do
    case " ${ALL_TARGETS[*]} " in *" $target "*) ;; *) echo "fuzz.sh: unknown target '$target' (targets: ${ALL_TARGETS[*]})" >&2; exit 64 ;; esac
done

Scripts/install-packages.sh libcmark-dev libicu-dev pkg-config

# --- Build ------------------------------------------------------------------------------------------------------
# SwiftPM passes each --sanitize to swiftc as its own -sanitize= flag, and swiftc keeps only the last one (with
# "--sanitize fuzzer --sanitize address" the Swift code gets no coverage at all); one combined -sanitize= given
# last fixes it. The C and C++ targets (Yams' libyaml, ICUCollation) get both through --sanitize.
sanitize_flags=(--sanitize fuzzer)
combined=fuzzer
for sanitizer in $SANITIZERS; do sanitize_flags+=(--sanitize "$sanitizer"); combined+=",$sanitizer"; done
sanitize_flags+=(-Xswiftc "-sanitize=$combined")
scratch="$ROOT/.build-fuzz/fuzzer${SANITIZERS:+-${SANITIZERS// /-}}"
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
        awk -v s="$sep" 'BEGIN { printf "title\n"; for (i = 0; i < 40000; i++) printf "a\"b%s", s; printf "\n" }' > "$into/gen-many-stray-quotes"
        awk 'BEGIN { printf "title\n"; for (i = 0; i < 20000; i++) printf "\"\n" }' > "$into/gen-many-quotes"
        ;;
    markdown | frontmatter)
        awk 'BEGIN { for (i = 0; i < 1000; i++) printf "- "; printf "deep\n" }' > "$into/gen-depth-1000-compact.md"
        awk 'BEGIN { for (i = 0; i < 1000; i++) printf "> "; printf "- quoted\n" }' > "$into/gen-blockquote-1000.md"
        awk 'BEGIN { for (i = 0; i < 200; i++) { for (j = 0; j < i; j++) printf "  "; printf "- level %d\n", i } }' > "$into/gen-depth-200-indented.md"
        awk 'BEGIN { printf "- "; for (i = 0; i < 2000; i++) printf "["; printf "x"; for (i = 0; i < 2000; i++) printf "](u)"; printf "\n" }' > "$into/gen-nested-links.md"
        awk 'BEGIN { printf "---\ntitle: deep\nx: "; for (i = 0; i < 1000; i++) printf "["; for (i = 0; i < 1000; i++) printf "]"; printf "\n---\n" }' > "$into/gen-yaml-deep-flow.md"
        awk 'BEGIN { printf "## Heading\n\n"; for (i = 0; i < 40000; i++) printf "paragraph %d\n\n", i }' > "$into/gen-40000-paragraphs.md"
        awk 'BEGIN { printf "---\ntitle: deep\n"; for (i = 0; i < 300; i++) { for (j = 0; j < i; j++) printf " "; printf "k%d:\n", i } printf "---\n" }' > "$into/gen-yaml-deep-block.md"
        ;;
    json)
        awk 'BEGIN { printf "[{\"title\":\"deep\",\"x\":"; for (i = 0; i < 300; i++) printf "["; for (i = 0; i < 300; i++) printf "]"; printf "}]\n" }' > "$into/gen-depth-300.json"
        awk 'BEGIN { printf "["; for (i = 0; i < 40000; i++) printf "1,"; printf "1]\n" }' > "$into/gen-many-non-objects.json"
        awk 'BEGIN { printf "[{\"title\":\"x\""; for (i = 0; i < 40000; i++) printf ",\"key%d\":1", i; printf "}]\n" }' > "$into/gen-40000-keys.json"
        ;;
    url)
        awk 'BEGIN { for (i = 0; i < 50000; i++) printf "\t"; printf "javascript:"; for (i = 0; i < 50000; i++) printf "\xcc\x81"; printf "alert(1)" }' > "$into/gen-long-disguise"
        ;;
    template)
        # The first byte picks the template (4: entry); 20k nested sections and 100k tags on one line.
        awk 'BEGIN { printf "\x04"; for (i = 0; i < 20000; i++) printf "{{#site}}"; printf "x"; for (i = 0; i < 20000; i++) printf "{{/site}}" }' > "$into/gen-nested-20000"
        awk 'BEGIN { printf "\x04"; for (i = 0; i < 100000; i++) printf "{{#title}}.{{/title}}" }' > "$into/gen-100000-tags-one-line"
        ;;
    gfm)
        # Issue 34, items 6-8: the attack round's inputs for the GitHub passes and cmark's quadratic ones.
        awk 'BEGIN { for (i = 0; i < 5000; i++) printf "|a"; print "|"; for (i = 0; i < 5000; i++) printf "|-"; print "|"; for (i = 0; i < 5000; i++) print "|" }' > "$into/gen-table-padding"
        awk 'BEGIN { for (i = 0; i < 100000; i++) printf "a@"; print "" }' > "$into/gen-email-run"
        awk 'BEGIN { printf "https://example.org/"; for (i = 0; i < 100000; i++) printf ")"; print "" }' > "$into/gen-trailing-parens"
        awk 'BEGIN { for (i = 0; i < 100000; i++) printf "~a "; for (i = 0; i < 100000; i++) printf "a~~ "; print "" }' > "$into/gen-tilde-openers"
        awk 'BEGIN { for (i = 0; i < 30000; i++) printf "- "; print "x"; for (i = 0; i < 30000; i++) print "" }' > "$into/gen-nested-markers"
        awk 'BEGIN { for (i = 0; i < 120000; i++) printf "![[]()"; print "" }' > "$into/gen-image-openers"
        ;;
    description)
        # One line of 100,000 simple parts, and the same with one part cmark must read at the end.
        awk 'BEGIN { for (i = 0; i < 100000; i++) printf "A *b* `c` [d](/e) "; printf "end" }' > "$into/gen-100000-simple-parts"
        awk 'BEGIN { for (i = 0; i < 100000; i++) printf "A *b* `c` [d](/e) "; printf "www.end" }' > "$into/gen-100000-then-autolink"
        ;;
    esac
}

# --- Run --------------------------------------------------------------------------------------------------------
failed=()
summary=()
for target in "${TARGETS[@]}"; do
    seeds="$WORK/seeds/$target" large="$WORK/large/$target" corpus="$WORK/corpus/$target"
    artifacts="$WORK/artifacts/$target" log="$WORK/logs/$target.log"
    rm -rf "$seeds" "$large"
    mkdir -p "$seeds" "$large" "$corpus" "$artifacts" "$(dirname "$log")"
    case $target in
    csv) collect "$seeds" csv; dictionary=csv ;;
    tsv) collect "$seeds" tsv csv; dictionary=csv ;;
    frontmatter | markdown) collect "$seeds" md; dictionary=markdown ;;
    json) collect "$seeds" json; dictionary=json ;;
    url) dictionary=url ;;
    template) dictionary=template ;;
    description) dictionary=markdown ;;
    gfm) collect "$seeds" md; dictionary=markdown ;;
    esac
    cp Tests/Fixtures/fuzz-seeds/"$target"/* "$seeds/" 2>/dev/null || true
    [ "$target" = frontmatter ] && cp Tests/Fixtures/fuzz-seeds/markdown/* "$seeds/"
    [ "$target" = markdown ] && cp Tests/Fixtures/fuzz-seeds/frontmatter/* "$seeds/"
    generate "$target" "$large"
    # The small generated inputs seed the fuzzer too, except deep YAML: libyaml spends milliseconds on each mutation
    # of it, which would slow the whole target down for a library that is not ours.
    find "$large" -type f -size -"$MAX_LEN"c -not -name 'gen-yaml-*' -exec cp {} "$seeds/" \;

    # Large inputs, once each: no crash, and no input slower than 10 s (libFuzzer's -timeout).
    status=0
    INDEXSITE_FUZZ_TARGET=$target SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:abort_on_error=1} \
        "$binary" -timeout=10 -rss_limit_mb=4096 -artifact_prefix="$artifacts/" "$large"/* > "$log.large" 2>&1 || status=$?
    slowest=$(sed -n 's/^Executed \(.*\) in \([0-9]*\) ms$/\2 \1/p' "$log.large" | sort -n | tail -1)
    if [ "$status" -ne 0 ]; then
        echo "$target: a large input crashed or took over 10 s — FAILED (log ${log#"$ROOT"/}.large)"
        grep -E 'invariant failed|Fatal error|ERROR: |SUMMARY|Running:' "$log.large" | tail -10
        failed+=("$target")
        summary+=("$target: large inputs FAILED")
        continue
    fi
    echo "==> $target: $(find "$large" -type f | wc -l) large inputs ok, slowest ${slowest#* } in ${slowest%% *} ms"

    echo "==> fuzzing $target for ${SECONDS_PER_TARGET}s ($(find "$seeds" -type f | wc -l) seeds, $(find "$corpus" -type f | wc -l) corpus inputs; log ${log#"$ROOT"/})"
    status=0
    # The Swift runtime's own backtracer would catch the crash signal before libFuzzer could save the input.
    # shellcheck disable=SC2086
    INDEXSITE_FUZZ_TARGET=$target SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:abort_on_error=1} \
        "$binary" "$corpus" "$seeds" \
        -max_total_time="$SECONDS_PER_TARGET" -timeout=10 -rss_limit_mb=2048 -max_len="$MAX_LEN" \
        -dict="Fuzz/dictionaries/$dictionary.dict" -artifact_prefix="$artifacts/" -print_final_stats=1 \
        ${FUZZ_ARGS:-} > "$log" 2>&1 || status=$?
    executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    [ -n "$executions" ] || executions=$(sed -n 's/^Done \([0-9]*\) runs.*/\1/p' "$log" | tail -1)
    coverage=$(grep -o 'cov: [0-9]*' "$log" | tail -1 || true)
    crashes=$(find "$artifacts" -type f -newer "$seeds" | wc -l)
    if grep -q 'Is the code instrumented for coverage' "$log"; then
        echo "fuzz.sh: $target found no coverage at all: the build is not instrumented" >&2
        status=${status/#0/1}
    fi
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
    echo "fuzz.sh: failures in: ${failed[*]} (crash inputs in ${WORK#"$ROOT"/}/artifacts/)" >&2
    exit 1
fi
}

main "$@"
