#!/bin/sh
# Regenerates Tests/Fixtures/ICU/expected/*.txt from names/*.txt using the
# system ICU (libicu-dev) directly — see README.md. Usage: ./generate.sh
set -eu

here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

# shellcheck disable=SC2046  # pkg-config output must split into words
g++ -std=c++17 -O1 -Wall -Wextra -o "$tmp/generate" "$here/generate.cpp" \
    $(pkg-config --cflags --libs icu-i18n icu-uc)

mkdir -p "$here/expected"
# <file stem>=<locale id>[+<extra locale whose index letters are added>...]
"$tmp/generate" "$here/names" "$here/expected" \
    en=en \
    sv=sv \
    de=de \
    de_phonebook=de@collation=phonebook \
    es=es \
    cs=cs \
    pl=pl \
    tr=tr \
    ru=ru \
    el=el \
    ja=ja \
    zh=zh \
    zh_stroke=zh@collation=stroke \
    ja+en=ja+en

echo "wrote $(ls "$here/expected" | wc -l) files to $here/expected (ICU $(pkg-config --modversion icu-i18n))"
