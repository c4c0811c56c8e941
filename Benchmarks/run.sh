#!/usr/bin/env bash
# Times `indexsite build` against the single-threaded C limit (limit.c), a Python script (python/render.py:
# csv + Jinja2 + cmarkgfm) and Hugo on the same generated lists, and prints one table.
#
# Usage: Benchmarks/run.sh path/to/release/indexsite
#
# Environment:
#   BENCH_SIZES    entry counts to run (default "1000 10000 100000 1000000")
#   BENCH_RUNS     timed runs per measurement (default 5 up to 100k entries, 3 above)
#   BENCH_HUGO_1M  set to 1 to also time Hugo at 1M entries (about 75 s and 3 GB a run)
#   BENCH_DIR      work folder (default .build/bench in the repository)
#   BENCH_FILTER   set to 0 to skip timing the filter box in headless Chromium (on by default with 100k)
#
# Wall time is the median of the timed runs, measured by the shell without a wrapper (the
# wrapper alone costs about 2 ms, a fifth of the 1k budget). The programs run in rounds, one run
# of each per round, so that load from other processes on a shared machine falls on all alike.
# Peak RSS comes from one extra first round under `/usr/bin/time -v`, which is also the warm-up;
# a run there that takes over a second counts as one of the timed runs. Every full build starts
# from an empty output folder.
set -euo pipefail

if [[ $# -ne 1 ]]; then
    echo "usage: $0 path/to/indexsite" >&2
    exit 64
fi
if [[ ! -x $1 ]]; then
    echo "run.sh: $1 is not an executable (build it first: swift build -c release)" >&2
    exit 1
fi
INDEXSITE=$(realpath "$1")
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(dirname "$HERE")
BENCH=${BENCH_DIR:-$ROOT/.build/bench}
SIZES=${BENCH_SIZES:-"1000 10000 100000 1000000"}
mkdir -p "$BENCH/bin" "$BENCH/out" "$BENCH/logs"
BENCH=$(realpath "$BENCH")

note() { printf '%s\n' "$*" >&2; }

# ---- System packages ----

missing=()
command -v hugo >/dev/null || missing+=(hugo)
[[ -x /usr/bin/time ]] || missing+=(time)
[[ -f /usr/include/cmark.h ]] || missing+=(libcmark-dev)
command -v cc >/dev/null || missing+=(gcc)
command -v python3 >/dev/null || missing+=(python3)
if ((${#missing[@]})); then
    sudo=()
    [[ $(id -u) -eq 0 ]] || sudo=(sudo)
    note "installing ${missing[*]}"
    if ! "${sudo[@]}" apt-get install -y --no-install-recommends "${missing[@]}" >"$BENCH/logs/apt.log" 2>&1; then
        "${sudo[@]}" apt-get update >>"$BENCH/logs/apt.log" 2>&1
        "${sudo[@]}" apt-get install -y --no-install-recommends "${missing[@]}" >>"$BENCH/logs/apt.log" 2>&1 || {
            cat "$BENCH/logs/apt.log" >&2
            exit 1
        }
    fi
fi

# ---- Inputs and the other two programs ----

# shellcheck disable=SC2086
python3 "$HERE/generate.py" --out "$BENCH" $SIZES

# The Python baseline runs in its own virtual environment, never the system interpreter's packages.
VENV=$BENCH/venv
if [[ ! -x $VENV/bin/python ]] || ! "$VENV/bin/python" -c 'import cmarkgfm, jinja2' 2>/dev/null; then
    note "creating $VENV (jinja2, cmarkgfm)"
    python3 -m venv "$VENV" >"$BENCH/logs/venv.log" 2>&1 || { cat "$BENCH/logs/venv.log" >&2; exit 1; }
    "$VENV/bin/pip" install --quiet jinja2 cmarkgfm >>"$BENCH/logs/venv.log" 2>&1 || { cat "$BENCH/logs/venv.log" >&2; exit 1; }
fi
PYTHON=$VENV/bin/python

LIMIT=$BENCH/bin/limit
if [[ ! -x $LIMIT || $HERE/limit.c -nt $LIMIT ]]; then
    cc -O2 -o "$LIMIT" "$HERE/limit.c" -lcmark
fi

# A Hugo site per size: the project's config and layout, the CSV as an asset.
hugo_site() {
    local n=$1 site=$BENCH/sites/hugo-$1
    rm -rf "$site"
    mkdir -p "$site/assets"
    cp -R "$HERE/hugo/." "$site/"
    ln "$BENCH/data/data-$n.csv" "$site/assets/data.csv" 2>/dev/null || cp "$BENCH/data/data-$n.csv" "$site/assets/data.csv"
}

# ---- Measuring ----

median() { sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
elapsed() { awk -v s="$1" -v e="$2" 'BEGIN { printf "%.4f", e - s }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "" || b == "" || b == 0) print "-"; else printf "%.2f", a / b }'; }

# command_for JOB N: sets CMD, the job's command line, and OUT, its output (emptied before each run).
command_for() {
    local job=$1 n=$2
    OUT=$BENCH/out/$job-$n
    case $job in
    limit) CMD=("$LIMIT" "$BENCH/data/data-$n.csv" "$OUT") ;;
    python) CMD=("$PYTHON" "$HERE/python/render.py" "$BENCH/data/data-$n.csv" "$OUT") ;;
    hugo) CMD=(hugo --quiet --source "$BENCH/sites/hugo-$n" --destination "$OUT") ;;
    indexsite-csv | indexsite-md) CMD=("$INDEXSITE" build "$BENCH/sites/${job#indexsite-}-$n" --output "$OUT" --quiet) ;;
    indexsite-serial) CMD=("$INDEXSITE" build "$BENCH/sites/csv-$n" --output "$OUT" --quiet --jobs 1) ;;
    esac
}

# run_job JOB N [WRAPPER...]: runs the job once from an empty output and sets ELAPSED (seconds);
# on failure prints the job's stderr and exits.
run_job() {
    local job=$1 n=$2 status=0 start end
    shift 2
    command_for "$job" "$n"
    rm -rf "$OUT"
    start=$EPOCHREALTIME
    "$@" "${CMD[@]}" 2>"$BENCH/logs/$job-$n.stderr" || status=$?
    end=$EPOCHREALTIME
    if ((status != 0)); then
        note "$job failed (exit $status): ${CMD[*]}"
        cat "$BENCH/logs/$job-$n.stderr" >&2
        exit 1
    fi
    ELAPSED=$(elapsed "$start" "$end")
}

# measure N RUNS JOB...: times the jobs in rounds (one run of each job per round, so that load from
# other processes falls on all of them alike) and sets WALL[JOB] (median s) and RSS[JOB] (MB).
declare -A WALL RSS
measure() {
    local n=$1 runs=$2 job round
    shift 2
    local -A times=() counts=()
    # First round: peak RSS under /usr/bin/time, and the warm-up.
    for job in "$@"; do
        run_job "$job" "$n" /usr/bin/time -v -o "$BENCH/logs/$job-$n.time"
        RSS[$job]=$(awk -F': ' '/Maximum resident set size/ { printf "%.0f", $2 / 1024 }' "$BENCH/logs/$job-$n.time")
        times[$job]="" counts[$job]=0
        if awk -v t="$ELAPSED" 'BEGIN { exit !(t > 1) }'; then
            times[$job]=$ELAPSED counts[$job]=1
        fi
    done
    for ((round = 0; round < runs; round++)); do
        for job in "$@"; do
            if ((counts[$job] < runs)); then
                run_job "$job" "$n"
                times[$job]+=" $ELAPSED"
                counts[$job]=$((counts[$job] + 1))
            fi
        done
    done
    for job in "$@"; do
        # shellcheck disable=SC2086
        WALL[$job]=$(printf '%s\n' ${times[$job]} | median)
        note "$(printf '  %-14s %9.3f s %7s MB   (runs: %s)' "$job" "${WALL[$job]}" "${RSS[$job]}" "${times[$job]# }")"
    done
}

rows=()
footnotes=()
for n in $SIZES; do
    runs=${BENCH_RUNS:-$((n > 100000 ? 3 : 5))}
    note "== $n entries ($runs runs each)"
    jobs=(indexsite-csv indexsite-serial indexsite-md limit python)
    if ((n <= 100000)) || [[ ${BENCH_HUGO_1M:-0} == 1 ]]; then
        hugo_site "$n"
        jobs+=(hugo)
    fi
    measure "$n" "$runs" "${jobs[@]}"

    hugo_wall="" hugo_rss=""
    if [[ ${jobs[*]} == *hugo* ]]; then
        hugo_wall=$(printf '%.3f' "${WALL[hugo]}") hugo_rss=${RSS[hugo]}
        entries=$(grep -c '<li>' "$BENCH/out/hugo-$n/index.html" || true)
        if ((entries != n)); then
            note "hugo rendered $entries entries, expected $n"
            exit 1
        fi
    else
        note "  hugo                 skipped (set BENCH_HUGO_1M=1)"
        footnotes+=("Hugo at $n entries: skipped (set BENCH_HUGO_1M=1)")
    fi
    for input in csv serial md; do
        wall=${WALL[indexsite-$input]}
        label=$input
        [[ $input == serial ]] && label="csv --jobs 1"
        rows+=("$(printf '%s|%s|%.3f|%s|%.3f|%s|%.3f|%s|%s|%s|%s|%s|%s|%s' "$n" "$label" "$wall" "${RSS[indexsite-$input]}" \
            "${WALL[limit]}" "${RSS[limit]}" "${WALL[python]}" "${RSS[python]}" "${hugo_wall:--}" "${hugo_rss:--}" \
            "$(ratio "$wall" "${WALL[limit]}")" "$(ratio "${WALL[python]}" "$wall")" "$(ratio "$hugo_wall" "$wall")" \
            "$([[ $input == md ]] && ratio "$wall" "${WALL[indexsite-csv]}" || echo -)")")
    done
done

# ---- No-change rebuild ----

rebuild_n=""
for n in $SIZES; do
    if ((n <= 100000)); then rebuild_n=$n; fi
done
if [[ -n $rebuild_n ]]; then
    note "== no-change rebuild of csv-$rebuild_n"
    out=$BENCH/out/indexsite-rebuild-$rebuild_n
    site=$BENCH/sites/csv-$rebuild_n
    rm -rf "$out"
    "$INDEXSITE" build "$site" --output "$out" --quiet 2>"$BENCH/logs/rebuild-first.stderr" || {
        note "first build failed"
        cat "$BENCH/logs/rebuild-first.stderr" >&2
        exit 1
    }
    listing() { find "$out" -type f -printf '%P %T@ %s\n' | sort; }
    before=$(listing)
    rebuild_times=()
    for ((i = 0; i < ${BENCH_RUNS:-5}; i++)); do
        start=$EPOCHREALTIME
        "$INDEXSITE" build "$site" --output "$out" --quiet 2>"$BENCH/logs/rebuild.stderr" || {
            note "rebuild failed"
            cat "$BENCH/logs/rebuild.stderr" >&2
            exit 1
        }
        end=$EPOCHREALTIME
        rebuild_times+=("$(elapsed "$start" "$end")")
    done
    after=$(listing)
    rewritten=$(comm -13 <(printf '%s\n' "$before") <(printf '%s\n' "$after") | wc -l)
    total=$(printf '%s\n' "$after" | grep -c . || true)
    rebuild_wall=$(printf '%s\n' "${rebuild_times[@]}" | median)
    full_wall=""
    for row in "${rows[@]}"; do
        IFS='|' read -r rn rin rwall _ <<<"$row"
        if [[ $rn == "$rebuild_n" && $rin == csv ]]; then full_wall=$rwall; fi
    done
    note "  rebuild                $(printf '%9.3f' "$rebuild_wall") s   (runs: ${rebuild_times[*]})"
    footnotes+=("No-change rebuild of csv-$rebuild_n: $(printf '%.3f' "$rebuild_wall") s median, $(ratio "$rebuild_wall" "$full_wall") of the full build; $rewritten of $total files rewritten (target: <= 0.05, 0 rewritten)")
fi

# ---- Filter box in a real browser ----

# The 100k list on one page (split: none), filtered keystroke by keystroke in headless Chromium at 1280x800.
filter_line=""
if [[ " $SIZES " == *" 100000 "* && ${BENCH_FILTER:-1} == 1 ]]; then
    note "== filter box on one page of 100000 entries (headless Chromium)"
    site=$BENCH/sites/filter-100000
    mkdir -p "$site/Content"
    ln -f "$BENCH/data/data-100000.csv" "$site/Content/data.csv" 2>/dev/null || cp "$BENCH/data/data-100000.csv" "$site/Content/data.csv"
    printf 'title: Filter benchmark\nlists:\n  - source: data.csv\n    title: Data\n    ignore_prefixes: ["The "]\n    split: none\n' >"$site/indexsite.yml"
    rm -rf "$BENCH/out/filter-100000"
    "$INDEXSITE" build "$site" --output "$BENCH/out/filter-100000" --quiet
    python=$("$ROOT/Scripts/browser-env.sh")
    "$python" "$HERE/filter.py" "$BENCH/out/filter-100000/data/index.html" the zeppelin >"$BENCH/logs/filter.log"
    sed 's/^/  /' "$BENCH/logs/filter.log" | grep -v '^  filter:' >&2
    filter_line=$(grep '^filter:' "$BENCH/logs/filter.log")
    footnotes+=("Filter box, 100000 entries on one page (target: <= 100 ms a keystroke): ${filter_line#filter: }")
fi

# The same 100k list split into one page per letter: the filter of one section page searches the whole list through
# the list's search.js.
split_filter_line=""
if [[ " $SIZES " == *" 100000 "* && ${BENCH_FILTER:-1} == 1 ]]; then
    note "== whole-list filter on a section page of 100000 entries split by letter (headless Chromium)"
    site=$BENCH/sites/filter-split-100000
    mkdir -p "$site/Content"
    ln -f "$BENCH/data/data-100000.csv" "$site/Content/data.csv" 2>/dev/null || cp "$BENCH/data/data-100000.csv" "$site/Content/data.csv"
    printf 'title: Filter benchmark\nlists:\n  - source: data.csv\n    title: Data\n    ignore_prefixes: ["The "]\n    split: sections\n' >"$site/indexsite.yml"
    rm -rf "$BENCH/out/filter-split-100000"
    "$INDEXSITE" build "$site" --output "$BENCH/out/filter-split-100000" --quiet
    python=$("$ROOT/Scripts/browser-env.sh")
    "$python" "$HERE/filter.py" --split "$BENCH/out/filter-split-100000/data/m/index.html" the zeppelin >"$BENCH/logs/filter-split.log"
    sed 's/^/  /' "$BENCH/logs/filter-split.log" | grep -v '^  split filter:' >&2
    split_filter_line=$(grep '^split filter:' "$BENCH/logs/filter-split.log")
    footnotes+=("Whole-list filter of a split list (target: <= 150 ms a keystroke after the first load): ${split_filter_line#split filter: }")
fi

# ---- Entry history from git ----

note "history of awesome-go"
footnotes+=("$("$HERE/history.sh" "$INDEXSITE")")

# ---- Table ----

echo
echo "IndexSite benchmark: $(uname -m), $(nproc) cores, $(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo); $(hugo version | awk '{ print "Hugo " $2 }'); medians"
echo
{
    echo "size|input|IndexSite s|RSS MB|limit s|limit MB|Python s|Python MB|Hugo s|Hugo MB|IndexSite/limit|Python/IndexSite|Hugo/IndexSite|md/csv"
    printf '%s\n' "${rows[@]}"
} | awk -F'|' '
    { for (i = 1; i <= NF; i++) { cell[NR, i] = $i; if (length($i) > width[i]) width[i] = length($i) } columns = NF; lines = NR }
    END {
        for (r = 1; r <= lines; r++) {
            line = ""
            for (i = 1; i <= columns; i++) line = line sprintf(i <= 2 ? "%-*s  " : "%*s  ", width[i], cell[r, i])
            sub(/ +$/, "", line); print line
            if (r == 1) { rule = ""; for (i = 1; i <= columns; i++) rule = rule sprintf("%s  ", substr("--------------------", 1, width[i])); sub(/ +$/, "", rule); print rule }
        }
    }'
echo
echo "limit, Python and Hugo read the CSV; md rows compare against them for the same entries. csv --jobs 1: the serial"
echo "engine (no threads) on the same CSV. md/csv: IndexSite's"
echo "Markdown-list time over its CSV time. Targets (issue 19, split: none): IndexSite/limit <= 1.5,"
echo "Python/IndexSite >= 3 and Hugo/IndexSite >= 10 at 10k, 100k and 1M; RSS <= 600 MB at 1M; <= 0.010 s at 1k;"
echo "md/csv <= 1.2; a no-change rebuild <= 0.05 of a full build."
for line in "${footnotes[@]}"; do echo "$line"; done
