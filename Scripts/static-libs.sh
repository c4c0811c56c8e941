#!/usr/bin/env bash
# Scripts/static-libs.sh FOLDER: fills FOLDER with the static archives of ICU, cmark and the C++ runtime, and with an
# empty ICU data package for Foundation.
#
# The release build puts FOLDER first on the linker's search path, so `-licuuc`, `-lcmark` and `-lstdc++` find these
# archives before the shared libraries: the binary then needs only the C library at run time, and the dynamic loader
# has no ICU or C++ symbols to look up when it starts (see RELEASE_FLAGS in the Makefile).
#
# ICU's data is most of the binary, so it is cut to what IndexSite reads, both copies of it:
# - libicudata.a is Debian's data (icu-devtools' icupkg on the data inside libicudata.a) less the items IndexSite
#   never opens; IndexSite's ICU door (Sources/ICUCollation) collates, letters, formats dates and numbers, picks
#   plural forms and names languages with it, in every locale.
# - foundation-icu-data.o is an empty data package that stands for the one Foundation links in (its own ICU 76; Yams
#   imports Foundation, so it is linked however few files IndexSite imports it in), with foundation-icu-data.args, the
#   linker arguments that put it in place (the Makefile's RELEASE_FLAGS pass them). IndexSite never
#   asks Foundation for locale data (LocaleDataDoorTests keeps Locale, Calendar, TimeZone and Foundation's formatters
#   out of the sources); the ICU door answers all of it.
set -euo pipefail
folder=${1:?usage: static-libs.sh FOLDER}
mkdir -p "$folder"

icu_dir=$(pkg-config --variable=libdir icu-uc)
cmark_dir=$(pkg-config --variable=libdir libcmark)
archives=(
    "$icu_dir/libicui18n.a"
    "$icu_dir/libicuuc.a"
    "$icu_dir/libicudata.a"
    "$cmark_dir/libcmark.a"
    "$(clang -print-file-name=libstdc++.a)"
)
for archive in "${archives[@]}"; do
    if [ ! -f "$archive" ]; then
        echo "static-libs.sh: no static archive at '$archive' (libicu-dev, libcmark-dev and libstdc++-dev install them)" >&2
        exit 1
    fi
done
for archive in "${archives[@]}"; do
    [ "$(basename "$archive")" = libicudata.a ] || ln -sf "$archive" "$folder/"
done
for tool in icupkg genccode objcopy; do
    command -v "$tool" > /dev/null || { echo "static-libs.sh: '$tool' is missing (icu-devtools, binutils)" >&2; exit 1; }
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# ICU data: the data package inside a static archive's one member, as icupkg reads it.
# Usage: package_of ARCHIVE MEMBER OUT.dat
package_of() {
    (cd "$work" && ar x "$1" "$2")
    objcopy -O binary --only-section=.rodata "$work/$2" "$3"
    rm -f "$work/$2"
}
# An object defining ENTRY_dat, the symbol ICU's code finds its linked data by, over the package PACKAGE.dat.
# Usage: data_object PACKAGE.dat ENTRY OUT.o
data_object() {
    genccode --quiet --assembly gcc --entrypoint "$2" --destdir "$work" "$1"
    cc -c -o "$3" "$work/$(basename "${1%.dat}")_dat.S"
}

# Debian's data, less what IndexSite never opens: converters between legacy character sets (*.cnv), the word
# dictionaries of line and word breaking (brkitr/*.dict; the date formatter's sentence rules stay), transliteration,
# the display names of currencies, units, time zones and regions, spelled-out numbers, stringprep, IDNA, confusables
# and character names (the number formatter needs only the root of the currency tree). What stays: every locale's own data (dates, numbers), collation (coll/), plural rules,
# language names (lang/, the automatic title's "English"/"Deutsch" columns), normalization and case folding.
debian_member=$(ar t "$icu_dir/libicudata.a")
debian_package=${debian_member%_dat.o}                       # icudt72l
package_of "$icu_dir/libicudata.a" "$debian_member" "$work/$debian_package.dat"
icupkg --list "$work/$debian_package.dat" \
    | grep -E '\.cnv$|^brkitr/.*\.dict$|^(translit|curr|unit|zone|region|rbnf)/|\.spp$|^confusables\.cfu$|^unames\.icu$|^uts46\.nrm$' \
    | grep -vE '^curr/(root|pool|res_index|supplementalData)\.res$' > "$work/unused.txt"
mkdir -p "$work/kept"
# brkitr/root.res names the dictionaries; only the line and word breakers of Thai, Lao, Khmer, Burmese and CJK load them.
icupkg --ignore-deps --remove "$work/unused.txt" "$work/$debian_package.dat" "$work/kept/$debian_package.dat"
data_object "$work/kept/$debian_package.dat" "${debian_package%[lb]}" "$work/icudata.o"
rm -f "$folder/libicudata.a"
ar rcs "$folder/libicudata.a" "$work/icudata.o"

# Foundation's data: an empty package under a name of its own, and the linker arguments that make Foundation's symbol
# for its data (icudt76_dat in lib_FoundationICU.a) that package. A symbol defined with --defsym is defined before any
# archive is searched, so the linker never pulls the 34 MB member that would define it (an object of the same symbol
# on the command line comes after the archives and clashes with the member instead; the toolchain's folder comes
# before FOLDER on the search path, so a changed copy of the archive is not found).
toolchain_libs="$(dirname "$(readlink -f "$(command -v swiftc)")")/../lib/swift_static/linux"
foundation_icu="$toolchain_libs/lib_FoundationICU.a"
foundation_entry=$(nm "$foundation_icu" 2> /dev/null | sed -n 's/^[0-9a-f]* R \(icudt[0-9]*\)_dat$/\1/p' | head -1)
if [ -z "$foundation_entry" ]; then
    echo "static-libs.sh: no ICU data symbol (icudtNN_dat) in '$foundation_icu'; the toolchain's Foundation changed" >&2
    exit 1
fi
icupkg --type l new "$work/${foundation_entry}l.dat"
data_object "$work/${foundation_entry}l.dat" indexsite_foundation_icu "$folder/foundation-icu-data.o"
printf -- '--defsym=%s_dat=indexsite_foundation_icu_dat\n%s\n' "$foundation_entry" "$(cd "$folder" && pwd)/foundation-icu-data.o" \
    > "$folder/foundation-icu-data.args"
rm -f "$folder/lib_FoundationICU.a"
