// generate.cpp — writes the ICU oracle fixtures in Tests/Fixtures/ICU/expected/.
//
// An independent oracle: it talks to libicu directly (never to our
// ICUCollation shim) and assigns buckets through the mutable AlphabeticIndex
// record API, cross-checked against ImmutableIndex::getBucketIndex.
// Format: see README.md next to this file. Build and run via generate.sh.
//
// Usage: generate <names-dir> <expected-dir> <spec>...
//   spec = <file stem>=<locale id>[+<extra locale id>...]
//   e.g.  sv=sv   de_phonebook=de@collation=phonebook   ja+en=ja+en

#include <unicode/alphaindex.h>
#include <unicode/coll.h>
#include <unicode/dtptngen.h>
#include <unicode/gregocal.h>
#include <unicode/locid.h>
#include <unicode/smpdtfmt.h>
#include <unicode/timezone.h>
#include <unicode/uloc.h>
#include <unicode/unistr.h>
#include <unicode/uvernum.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <memory>
#include <numeric>
#include <sstream>
#include <string>
#include <vector>

namespace {

/// Fails loudly: fixtures must never be written from a half-broken run.
[[noreturn]] void die(const std::string &message) {
    std::cerr << "generate: " << message << "\n";
    std::exit(1);
}

/// Aborts on an ICU error, naming what was being done.
void check(UErrorCode status, const std::string &what) {
    if (U_FAILURE(status)) die(what + ": " + u_errorName(status));
}

std::string toUTF8(const icu::UnicodeString &s) {
    std::string out;
    s.toUTF8String(out);
    return out;
}

/// A label as written in the fixtures: normal labels verbatim, the others
/// prefixed with "!underflow:", "!inflow:" or "!overflow:".
std::string markedLabel(const icu::UnicodeString &label, UAlphabeticIndexLabelType type) {
    switch (type) {
        case U_ALPHAINDEX_UNDERFLOW: return "!underflow:" + toUTF8(label);
        case U_ALPHAINDEX_INFLOW: return "!inflow:" + toUTF8(label);
        case U_ALPHAINDEX_OVERFLOW: return "!overflow:" + toUTF8(label);
        default: return toUTF8(label);
    }
}

/// Reads one name per line (UTF-8); strips a trailing CR, skips empty lines.
std::vector<std::string> readNames(const std::string &path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) die("cannot read " + path);
    std::vector<std::string> names;
    std::string line;
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.empty()) continue;
        if (line.find('\t') != std::string::npos) die(path + ": names must not contain tabs");
        names.push_back(line);
    }
    if (names.empty()) die(path + ": no names");
    return names;
}

std::vector<std::string> split(const std::string &s, char separator) {
    std::vector<std::string> parts;
    std::stringstream stream(s);
    std::string part;
    while (std::getline(stream, part, separator)) parts.push_back(part);
    return parts;
}

/// The locale for an id, refusing anything ICU flags as malformed.
icu::Locale makeLocale(const std::string &id) {
    char tag[ULOC_FULLNAME_CAPACITY];
    UErrorCode status = U_ZERO_ERROR;
    uloc_toLanguageTag(id.c_str(), tag, sizeof tag, true, &status);
    check(status, "malformed locale id " + id);
    icu::Locale locale(id.c_str());
    if (locale.isBogus()) die("bogus locale id " + id);
    return locale;
}

struct Spec {
    std::string stem;                 // file name without .txt
    std::string localeId;             // primary locale
    std::vector<std::string> extras;  // locales whose labels are added
};

Spec parseSpec(const std::string &arg) {
    size_t eq = arg.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == arg.size()) die("bad spec " + arg);
    Spec spec;
    spec.stem = arg.substr(0, eq);
    std::vector<std::string> locales = split(arg.substr(eq + 1), '+');
    spec.localeId = locales.front();
    spec.extras.assign(locales.begin() + 1, locales.end());
    return spec;
}

/// The dates, skeletons and capitalization contexts every fixture records.
struct DateCase {
    const char *skeleton;
    int year, month, day;
    const char *capitalizationName;
    UDisplayContext capitalization;
};
const DateCase kDates[] = {
    {"yMMMM", 2026, 11, 5, "none", UDISPCTX_CAPITALIZATION_NONE},
    {"yMMMM", 2024, 3, 1, "none", UDISPCTX_CAPITALIZATION_NONE},
    {"yMMM", 2026, 11, 5, "none", UDISPCTX_CAPITALIZATION_NONE},
    {"y", 2026, 11, 5, "none", UDISPCTX_CAPITALIZATION_NONE},
    {"yMMMd", 2026, 11, 5, "none", UDISPCTX_CAPITALIZATION_NONE},
    {"yMMMM", 2026, 11, 5, "standalone", UDISPCTX_CAPITALIZATION_FOR_STANDALONE},
    {"yMMMM", 2026, 11, 5, "sentence", UDISPCTX_CAPITALIZATION_FOR_BEGINNING_OF_SENTENCE},
};

void generate(const Spec &spec, const std::string &namesDir, const std::string &outDir) {
    const std::vector<std::string> names = readNames(namesDir + "/" + spec.stem + ".txt");
    const icu::Locale locale = makeLocale(spec.localeId);
    std::vector<icu::UnicodeString> unames;
    for (const std::string &n : names) unames.push_back(icu::UnicodeString::fromUTF8(n));

    // --- Index: buckets via the mutable record API ---
    UErrorCode status = U_ZERO_ERROR;
    icu::AlphabeticIndex index(locale, status);
    check(status, "AlphabeticIndex " + spec.localeId);
    for (const std::string &extra : spec.extras) {
        index.addLabels(makeLocale(extra), status);
        check(status, "addLabels " + extra);
    }
    for (size_t i = 0; i < names.size(); ++i) {
        index.addRecord(unames[i], reinterpret_cast<const void *>(i + 1), status);  // data = 1-based input position
    }
    check(status, "addRecord");

    std::vector<std::string> labels;
    std::vector<int32_t> bucketOf(names.size(), -1);
    index.resetBucketIterator(status);
    while (index.nextBucket(status)) {
        const int32_t bucket = index.getBucketIndex();
        if (bucket != static_cast<int32_t>(labels.size())) die("bucket iteration out of order");
        labels.push_back(markedLabel(index.getBucketLabel(), index.getBucketLabelType()));
        while (index.nextRecord(status)) {
            const size_t position = reinterpret_cast<size_t>(index.getRecordData()) - 1;
            bucketOf[position] = bucket;
        }
    }
    check(status, "bucket iteration");

    // Cross-check with the immutable index (what production code uses).
    std::unique_ptr<icu::AlphabeticIndex::ImmutableIndex> immutable(index.buildImmutableIndex(status));
    check(status, "buildImmutableIndex");
    if (immutable->getBucketCount() != static_cast<int32_t>(labels.size())) die(spec.stem + ": bucket counts differ");
    for (size_t i = 0; i < names.size(); ++i) {
        const int32_t b = immutable->getBucketIndex(unames[i], status);
        check(status, "getBucketIndex");
        if (b != bucketOf[i]) die(spec.stem + ": mutable and immutable index disagree on " + names[i]);
    }

    // --- Sort: stable by sort key, numeric collation on ---
    std::unique_ptr<icu::Collator> collator(icu::Collator::createInstance(locale, status));
    check(status, "Collator " + spec.localeId);
    collator->setAttribute(UCOL_NUMERIC_COLLATION, UCOL_ON, status);
    check(status, "numeric collation");
    std::vector<std::string> keys;
    for (const icu::UnicodeString &u : unames) {
        const int32_t length = collator->getSortKey(u, nullptr, 0);
        std::string key(static_cast<size_t>(length), '\0');
        collator->getSortKey(u, reinterpret_cast<uint8_t *>(&key[0]), length);
        keys.push_back(key);
    }
    std::vector<size_t> order(names.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return keys[a] < keys[b]; });

    // --- Dates: Gregorian, UTC, DateTimePatternGenerator skeletons ---
    icu::Locale dateLocale(locale);
    dateLocale.setKeywordValue("calendar", "gregorian", status);
    check(status, "calendar keyword");
    std::unique_ptr<icu::DateTimePatternGenerator> generator(
        icu::DateTimePatternGenerator::createInstance(dateLocale, status));
    check(status, "DateTimePatternGenerator");
    std::vector<std::string> dateLines;
    for (const DateCase &d : kDates) {
        const icu::UnicodeString pattern = generator->getBestPattern(icu::UnicodeString(d.skeleton), status);
        check(status, "getBestPattern");
        icu::SimpleDateFormat format(pattern, dateLocale, status);
        check(status, "SimpleDateFormat");
        format.setTimeZone(*icu::TimeZone::getGMT());
        format.setContext(d.capitalization, status);
        check(status, "setContext");
        icu::GregorianCalendar calendar(*icu::TimeZone::getGMT(), status);
        check(status, "GregorianCalendar");
        calendar.clear();
        calendar.set(d.year, d.month - 1, d.day);
        const UDate when = calendar.getTime(status);
        check(status, "getTime");
        icu::UnicodeString text;
        format.format(when, text);
        char iso[16];
        std::snprintf(iso, sizeof iso, "%04d-%02d-%02d", d.year, d.month, d.day);
        dateLines.push_back(std::string("date\t") + d.skeleton + "\t" + iso + "\t" + d.capitalizationName + "\t" +
                            toUTF8(text));
    }

    // --- Write ---
    const std::string path = outDir + "/" + spec.stem + ".txt";
    std::ofstream out(path, std::ios::binary);
    if (!out) die("cannot write " + path);
    out << "# ICU " U_ICU_VERSION " oracle for names/" << spec.stem
        << ".txt; generated by generate.sh, do not edit (format: README.md)\n";
    out << "locale\t" << spec.localeId << "\n";
    for (const std::string &extra : spec.extras) out << "extra\t" << extra << "\n";
    out << "labels";
    for (const std::string &label : labels) out << "\t" << label;
    out << "\n";
    for (size_t i = 0; i < names.size(); ++i) {
        out << "bucket\t" << names[i] << "\t" << bucketOf[i] << "\t" << labels[static_cast<size_t>(bucketOf[i])] << "\n";
    }
    for (size_t i : order) out << "sorted\t" << names[i] << "\n";
    for (const std::string &line : dateLines) out << line << "\n";
    if (!out.flush()) die("write failed: " + path);
}

}  // namespace

int main(int argc, char **argv) {
    if (argc < 4) die("usage: generate <names-dir> <expected-dir> <stem>=<locale>[+<extra>...]...");
    for (int i = 3; i < argc; ++i) generate(parseSpec(argv[i]), argv[1], argv[2]);
    return 0;
}
