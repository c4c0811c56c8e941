#!/usr/bin/env bash
# Times reading a real list's whole git history (awesome-go's README, 4,699 commits, from
# shared/corpus/history/awesome-go-readme.bundle beside the repository) and a rebuild after one more commit, and
# prints one line. Each is measured as the build with `sort: [-added]` minus the same build without it.
#
# Usage: Benchmarks/history.sh path/to/indexsite   (BENCH_DIR: work folder, default .build/bench)
set -euo pipefail
INDEXSITE=$(realpath "$1")
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(dirname "$HERE")
BENCH=${BENCH_DIR:-$ROOT/.build/bench}
bundle=""
folder=$ROOT
while [[ $folder != / ]]; do
    if [[ -f $folder/shared/corpus/history/awesome-go-readme.bundle ]]; then bundle=$folder/shared/corpus/history/awesome-go-readme.bundle; break; fi
    folder=$(dirname "$folder")
done
[[ -n $bundle ]] || { echo "history.sh: shared/corpus/history/awesome-go-readme.bundle is missing" >&2; exit 1; }
site=$BENCH/history-site
rm -rf "$site"
git clone -q -b main "$bundle" "$site"
cd "$site"
git() { command git -c user.name=Bench -c user.email=bench@example.org "$@"; }
mkdir Content
git mv README.md Content/awesome-go.md
git commit -qm "Move the list into Content"
seconds() { local start end; start=$(date +%s.%N); "$INDEXSITE" build --quiet . 2>/dev/null || true; end=$(date +%s.%N); echo "$end - $start" | bc; }
plain() { printf 'lists:\n  - source: awesome-go.md\n' >indexsite.yml; rm -rf _site; seconds; }
history() { printf 'lists:\n  - source: awesome-go.md\n    sort: [-added]\n' >indexsite.yml; rm -rf _site; seconds; }
without=$(plain)
rm -rf .indexsite
cold=$(history)
warm=$(history)
printf '\n- [Bench Item](https://bench.example) - Added by the benchmark.\n' >>Content/awesome-go.md
git commit -qam "Add one item"
without_after=$(plain)
one=$(history)
printf 'History of awesome-go (4,699 commits; target <= 10 s whole, <= 0.2 s extra after one commit): whole %.2f s extra, cache up to date %.3f s extra, after one commit %.3f s extra\n' \
    "$(echo "$cold - $without" | bc)" "$(echo "$warm - $without" | bc)" "$(echo "$one - $without_after" | bc)"
