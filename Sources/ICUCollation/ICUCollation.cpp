// ICUCollation.cpp — the only file in IndexSite that talks to ICU.
//
// Implements the plain C API of include/ICUCollation.h on top of the system
// libicu (C++ API). See the header for the conventions (UTF-8 in/out,
// preflighting, error messages, locale ids).

#include "ICUCollation.h"

#include <cstdio>

#include <unicode/alphaindex.h>
#include <unicode/calendar.h>
#include <unicode/coll.h>
#include <unicode/dcfmtsym.h>
#include <unicode/dtptngen.h>
#include <unicode/gregocal.h>
#include <unicode/locid.h>
#include <unicode/normalizer2.h>
#include <unicode/numberformatter.h>
#include <unicode/plurrule.h>
#include <unicode/ulocdata.h>
#include <unicode/uversion.h>
#include <unicode/uchar.h>
#include <unicode/smpdtfmt.h>
#include <unicode/strenum.h>
#include <unicode/timezone.h>
#include <unicode/uloc.h>
#include <unicode/unistr.h>
#include <unicode/ustring.h>

#include <cstring>
#include <memory>
#include <new>
#include <string>

// ---------------------------------------------------------------------------
// Handle types (opaque in the header)
// ---------------------------------------------------------------------------

struct ixs_collator {
    std::unique_ptr<icu::Collator> collator;
};

struct ixs_index {
    std::unique_ptr<icu::AlphabeticIndex::ImmutableIndex> index;
};

struct ixs_date_formatter {
    std::unique_ptr<icu::SimpleDateFormat> format;
    std::unique_ptr<icu::GregorianCalendar> calendar;  // fields are set per call
};

struct ixs_numbers {
    std::unique_ptr<icu::PluralRules> rules;
    icu::number::LocalizedNumberFormatter formatter;
};

struct ixs_search_folder {
    std::unique_ptr<icu::Collator> primary;  // strength PRIMARY: tells what is the same letter
    const icu::Normalizer2 *nfkcCasefold = nullptr;
    const icu::Normalizer2 *nfd = nullptr;
    bool turkic = false;  // tr, az: I folds to dotless ı, İ to i (ı and i are two letters there)
};

namespace {

// ---------------------------------------------------------------------------
// Small helpers
// ---------------------------------------------------------------------------

/// Copies a message into the caller's error buffer (truncated, NUL-terminated).
void setError(char *error, int32_t capacity, const std::string &message) {
    if (error == nullptr || capacity <= 0) return;
    size_t n = message.size();
    if (n >= static_cast<size_t>(capacity)) n = static_cast<size_t>(capacity) - 1;
    // Do not cut a UTF-8 sequence in half.
    while (n > 0 && n < message.size() && (static_cast<unsigned char>(message[n]) & 0xC0) == 0x80) --n;
    std::memcpy(error, message.data(), n);
    error[n] = '\0';
}

/// "what: U_ERROR_NAME" for an ICU failure.
std::string icuMessage(const char *what, UErrorCode status) {
    return std::string(what) + ": " + u_errorName(status);
}

/// UTF-16 view of UTF-8 input, on the stack for short strings (the usual
/// case: names), on the heap otherwise. Ill-formed UTF-8 becomes U+FFFD.
class UTF16Buffer {
public:
    UTF16Buffer(const char *utf8, int32_t length) {
        if (utf8 == nullptr) { utf8 = ""; length = 0; }
        if (length < 0) {
            size_t n = std::strlen(utf8);
            if (n > static_cast<size_t>(INT32_MAX)) { ok_ = false; return; }
            length = static_cast<int32_t>(n);
        }
        UErrorCode status = U_ZERO_ERROR;
        int32_t needed = 0;
        u_strFromUTF8WithSub(stack_, kStackCapacity, &needed, utf8, length, 0xFFFD, nullptr, &status);
        if (status == U_BUFFER_OVERFLOW_ERROR || status == U_STRING_NOT_TERMINATED_WARNING) {
            if (needed > kStackCapacity) {
                heap_.reset(new (std::nothrow) UChar[static_cast<size_t>(needed)]);
                if (!heap_) { ok_ = false; return; }
                status = U_ZERO_ERROR;
                u_strFromUTF8WithSub(heap_.get(), needed, &needed, utf8, length, 0xFFFD, nullptr, &status);
                if (status == U_STRING_NOT_TERMINATED_WARNING) status = U_ZERO_ERROR;
            } else {
                status = U_ZERO_ERROR;  // fits exactly, just not NUL-terminated
            }
        }
        ok_ = U_SUCCESS(status);
        length_ = ok_ ? needed : 0;
    }

    bool ok() const { return ok_; }
    const UChar *data() const { return heap_ ? heap_.get() : stack_; }
    int32_t length() const { return length_; }
    /// A read-only UnicodeString aliasing the buffer (no copy).
    icu::UnicodeString alias() const { return icu::UnicodeString(false, icu::ConstChar16Ptr(data()), length_); }

private:
    static constexpr int32_t kStackCapacity = 256;
    UChar stack_[kStackCapacity];
    std::unique_ptr<UChar[]> heap_;
    int32_t length_ = 0;
    bool ok_ = true;
};

/// Writes a UnicodeString as UTF-8 following the preflight rule; -1 on error.
int32_t toUTF8(const icu::UnicodeString &s, char *utf8, int32_t capacity) {
    if (capacity < 0 || (utf8 == nullptr && capacity > 0)) return -1;
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = 0;
    u_strToUTF8WithSub(utf8, capacity, &length, s.getBuffer(), s.length(), 0xFFFD, nullptr, &status);
    if (status == U_BUFFER_OVERFLOW_ERROR || status == U_STRING_NOT_TERMINATED_WARNING) status = U_ZERO_ERROR;
    return U_SUCCESS(status) ? length : -1;
}

/// Parses and validates a locale id (ICU id or BCP 47 tag). Rejects malformed
/// ids, unknown languages and collation types the locale does not offer.
bool parseLocale(const char *id, icu::Locale &out, std::string &message) {
    if (id == nullptr || id[0] == '\0') {
        message = "empty locale id (use \"root\" for the root locale)";
        return false;
    }
    const std::string text(id);
    const std::string quoted = "\"" + text + "\"";
    const char last = text.back();
    if (last == '-' || last == '_' || last == '@' || last == '=' || last == ';') {
        message = "malformed locale id " + quoted;
        return false;
    }

    // A complete BCP 47 tag ("de-u-co-phonebk") first, else an ICU id ("de@collation=phonebook").
    icu::Locale locale;
    {
        char buffer[ULOC_FULLNAME_CAPACITY];
        int32_t parsed = 0;
        UErrorCode status = U_ZERO_ERROR;
        uloc_forLanguageTag(id, buffer, sizeof buffer, &parsed, &status);
        if (U_SUCCESS(status) && status != U_STRING_NOT_TERMINATED_WARNING &&
            static_cast<size_t>(parsed) == text.size()) {
            locale = icu::Locale(buffer);
        } else {
            locale = icu::Locale(id);
        }
    }
    if (locale.isBogus()) {
        message = "malformed locale id " + quoted;
        return false;
    }
    // Syntax: the id must convert to a well-formed BCP 47 tag.
    {
        char tag[ULOC_FULLNAME_CAPACITY];
        UErrorCode status = U_ZERO_ERROR;
        uloc_toLanguageTag(locale.getName(), tag, sizeof tag, true, &status);
        if (U_FAILURE(status)) {
            message = "malformed locale id " + quoted;
            return false;
        }
    }
    // Language: root, or one ICU knows.
    const char *language = locale.getLanguage();
    if (language[0] != '\0' && std::strcmp(language, "root") != 0 && locale.getISO3Language()[0] == '\0') {
        message = "unknown language in locale id " + quoted;
        return false;
    }
    // Collation type, if any, must exist for this locale.
    {
        char value[ULOC_KEYWORDS_CAPACITY];
        UErrorCode status = U_ZERO_ERROR;
        int32_t n = locale.getKeywordValue("collation", value, sizeof value, status);
        if (U_SUCCESS(status) && n > 0) {
            std::unique_ptr<icu::StringEnumeration> values(
                icu::Collator::getKeywordValuesForLocale("collation", locale, false, status));
            bool found = false;
            if (U_SUCCESS(status) && values) {
                while (const char *v = values->next(nullptr, status)) {
                    if (U_FAILURE(status)) break;
                    if (std::strcmp(v, value) == 0) { found = true; break; }
                }
            }
            if (!found) {
                message = "locale " + quoted + " has no collation \"" + value + "\"";
                return false;
            }
        }
    }
    out = locale;
    return true;
}

/// `parseLocale` for the C API's open functions: the reason a locale id is refused goes into their `error` buffer.
bool parseLocale(const char *id, icu::Locale &out, char *error, int32_t error_capacity) {
    std::string message;
    if (parseLocale(id, out, message)) return true;
    setError(error, error_capacity, message);
    return false;
}

/// ICU's earliest representable instant; as Gregorian change date it makes a
/// GregorianCalendar proleptic (no Julian dates before 1582).
constexpr UDate kMinMillis = -184303902528000000.0;

}  // namespace

// ---------------------------------------------------------------------------
// Collation
// ---------------------------------------------------------------------------

extern "C" ixs_collator *ixs_collator_open(const char *locale_id, char *error, int32_t error_capacity) {
    icu::Locale locale;
    if (!parseLocale(locale_id, locale, error, error_capacity)) return nullptr;
    UErrorCode status = U_ZERO_ERROR;
    std::unique_ptr<icu::Collator> collator(icu::Collator::createInstance(locale, status));
    if (U_FAILURE(status) || !collator) {
        setError(error, error_capacity, icuMessage("cannot open collator", status));
        return nullptr;
    }
    collator->setAttribute(UCOL_NUMERIC_COLLATION, UCOL_ON, status);
    if (U_FAILURE(status)) {
        setError(error, error_capacity, icuMessage("cannot turn on numeric collation", status));
        return nullptr;
    }
    ixs_collator *result = new (std::nothrow) ixs_collator;
    if (result == nullptr) {
        setError(error, error_capacity, "out of memory");
        return nullptr;
    }
    result->collator = std::move(collator);
    return result;
}

extern "C" void ixs_collator_close(ixs_collator *collator) { delete collator; }

extern "C" int32_t ixs_collator_sort_key(const ixs_collator *collator, const char *utf8, int32_t length,
                                         uint8_t *key, int32_t capacity) {
    if (collator == nullptr || !collator->collator || capacity < 0 || (key == nullptr && capacity > 0)) return 0;
    UTF16Buffer text(utf8, length);
    if (!text.ok()) return 0;
    // Returns the full length even when the buffer is too small (preflight).
    return collator->collator->getSortKey(text.data(), text.length(), key, capacity);
}

// ---------------------------------------------------------------------------
// Alphabetic index
// ---------------------------------------------------------------------------

extern "C" ixs_index *ixs_index_open(const char *locale_id, const char *const *extra_locales, int32_t extra_count,
                                     char *error, int32_t error_capacity) {
    icu::Locale locale;
    if (!parseLocale(locale_id, locale, error, error_capacity)) return nullptr;
    if (extra_count < 0 || (extra_count > 0 && extra_locales == nullptr)) {
        setError(error, error_capacity, "bad extra locale list");
        return nullptr;
    }
    UErrorCode status = U_ZERO_ERROR;
    icu::AlphabeticIndex builder(locale, status);
    if (U_FAILURE(status)) {
        setError(error, error_capacity, icuMessage("cannot open alphabetic index", status));
        return nullptr;
    }
    for (int32_t i = 0; i < extra_count; ++i) {
        icu::Locale extra;
        if (!parseLocale(extra_locales[i], extra, error, error_capacity)) return nullptr;
        builder.addLabels(extra, status);
        if (U_FAILURE(status)) {
            setError(error, error_capacity, icuMessage("cannot add index labels", status));
            return nullptr;
        }
    }
    std::unique_ptr<icu::AlphabeticIndex::ImmutableIndex> index(builder.buildImmutableIndex(status));
    if (U_FAILURE(status) || !index) {
        setError(error, error_capacity, icuMessage("cannot build alphabetic index", status));
        return nullptr;
    }
    ixs_index *result = new (std::nothrow) ixs_index;
    if (result == nullptr) {
        setError(error, error_capacity, "out of memory");
        return nullptr;
    }
    result->index = std::move(index);
    return result;
}

extern "C" void ixs_index_close(ixs_index *index) { delete index; }

extern "C" int32_t ixs_index_bucket_count(const ixs_index *index) {
    if (index == nullptr || !index->index) return 0;
    return index->index->getBucketCount();
}

extern "C" int32_t ixs_index_bucket_label(const ixs_index *index, int32_t bucket, char *utf8, int32_t capacity,
                                          int32_t *type) {
    if (index == nullptr || !index->index) return -1;
    const icu::AlphabeticIndex::Bucket *b = index->index->getBucket(bucket);  // NULL when out of range
    if (b == nullptr) return -1;
    if (type != nullptr) {
        switch (b->getLabelType()) {
            case U_ALPHAINDEX_UNDERFLOW: *type = IXS_BUCKET_UNDERFLOW; break;
            case U_ALPHAINDEX_INFLOW: *type = IXS_BUCKET_INFLOW; break;
            case U_ALPHAINDEX_OVERFLOW: *type = IXS_BUCKET_OVERFLOW; break;
            default: *type = IXS_BUCKET_NORMAL; break;
        }
    }
    return toUTF8(b->getLabel(), utf8, capacity);
}

extern "C" int32_t ixs_index_bucket_of(const ixs_index *index, const char *utf8, int32_t length) {
    if (index == nullptr || !index->index) return -1;
    UTF16Buffer text(utf8, length);
    if (!text.ok()) return -1;
    UErrorCode status = U_ZERO_ERROR;
    int32_t bucket = index->index->getBucketIndex(text.alias(), status);
    return U_SUCCESS(status) ? bucket : -1;
}

// ---------------------------------------------------------------------------
// Date titles
// ---------------------------------------------------------------------------

extern "C" ixs_date_formatter *ixs_date_formatter_open(const char *locale_id, const char *skeleton,
                                                       int32_t capitalization, char *error, int32_t error_capacity) {
    icu::Locale locale;
    if (!parseLocale(locale_id, locale, error, error_capacity)) return nullptr;
    if (skeleton == nullptr || skeleton[0] == '\0') {
        setError(error, error_capacity, "empty date skeleton");
        return nullptr;
    }
    UDisplayContext context;
    switch (capitalization) {
        case IXS_CAPITALIZATION_NONE: context = UDISPCTX_CAPITALIZATION_NONE; break;
        case IXS_CAPITALIZATION_STANDALONE: context = UDISPCTX_CAPITALIZATION_FOR_STANDALONE; break;
        case IXS_CAPITALIZATION_UI_LIST_OR_MENU: context = UDISPCTX_CAPITALIZATION_FOR_UI_LIST_OR_MENU; break;
        case IXS_CAPITALIZATION_SENTENCE: context = UDISPCTX_CAPITALIZATION_FOR_BEGINNING_OF_SENTENCE; break;
        default:
            setError(error, error_capacity, "bad capitalization value");
            return nullptr;
    }
    UErrorCode status = U_ZERO_ERROR;
    // Always Gregorian, whatever the locale's default calendar (th, ja@calendar=japanese, …).
    locale.setKeywordValue("calendar", "gregorian", status);
    if (U_FAILURE(status)) {
        setError(error, error_capacity, icuMessage("cannot select the Gregorian calendar", status));
        return nullptr;
    }
    std::unique_ptr<icu::DateTimePatternGenerator> generator(
        icu::DateTimePatternGenerator::createInstance(locale, status));
    if (U_FAILURE(status) || !generator) {
        setError(error, error_capacity, icuMessage("cannot open date pattern generator", status));
        return nullptr;
    }
    const icu::UnicodeString pattern =
        generator->getBestPattern(icu::UnicodeString::fromUTF8(icu::StringPiece(skeleton)), status);
    if (U_FAILURE(status) || pattern.isEmpty()) {
        setError(error, error_capacity,
                 icuMessage("bad date skeleton", U_FAILURE(status) ? status : U_ILLEGAL_ARGUMENT_ERROR));
        return nullptr;
    }
    // ICU objects use UMemory::operator new, which returns NULL instead of throwing.
    std::unique_ptr<icu::SimpleDateFormat> format(new icu::SimpleDateFormat(pattern, locale, status));
    std::unique_ptr<icu::GregorianCalendar> calendar(
        new icu::GregorianCalendar(*icu::TimeZone::getGMT(), locale, status));
    if (!format || !calendar) {
        setError(error, error_capacity, "out of memory");
        return nullptr;
    }
    format->setContext(context, status);
    calendar->setGregorianChange(kMinMillis, status);
    calendar->setLenient(false);
    if (U_FAILURE(status)) {
        setError(error, error_capacity, icuMessage("cannot create date format", status));
        return nullptr;
    }
    // The format's own calendar must match the one we pass in (same type, UTC, proleptic).
    std::unique_ptr<icu::Calendar> formatCalendar(calendar->clone());
    if (!formatCalendar) {
        setError(error, error_capacity, "out of memory");
        return nullptr;
    }
    format->adoptCalendar(formatCalendar.release());

    ixs_date_formatter *result = new (std::nothrow) ixs_date_formatter;
    if (result == nullptr) {
        setError(error, error_capacity, "out of memory");
        return nullptr;
    }
    result->format = std::move(format);
    result->calendar = std::move(calendar);
    return result;
}

extern "C" void ixs_date_formatter_close(ixs_date_formatter *formatter) { delete formatter; }

extern "C" int32_t ixs_date_formatter_format(ixs_date_formatter *formatter, int32_t year, int32_t month, int32_t day,
                                             char *utf8, int32_t capacity) {
    if (formatter == nullptr || !formatter->format || !formatter->calendar) return -1;
    if (year < 1 || month < 1 || month > 12 || day < 1 || day > 31) return -1;
    icu::GregorianCalendar &calendar = *formatter->calendar;
    calendar.clear();
    calendar.set(year, month - 1, day);  // UCAL_MONTH is 0-based
    UErrorCode status = U_ZERO_ERROR;
    calendar.getTime(status);  // non-lenient: fails for 2023-02-30
    if (U_FAILURE(status)) return -1;
    icu::UnicodeString text;
    icu::FieldPosition position;
    formatter->format->format(calendar, text, position);
    return toUTF8(text, utf8, capacity);
}

// ---------------------------------------------------------------------------
// Plurals and numbers
// ---------------------------------------------------------------------------

extern "C" ixs_numbers *ixs_numbers_open(const char *locale_id, char *error, int32_t error_capacity) {
    icu::Locale locale;
    if (!parseLocale(locale_id, locale, error, error_capacity)) return nullptr;
    UErrorCode status = U_ZERO_ERROR;
    std::unique_ptr<icu::PluralRules> rules(icu::PluralRules::forLocale(locale, status));
    if (U_FAILURE(status) || !rules) {
        setError(error, error_capacity, icuMessage("cannot open plural rules", status));
        return nullptr;
    }
    ixs_numbers *result = new (std::nothrow) ixs_numbers;
    if (result == nullptr) {
        setError(error, error_capacity, "out of memory");
        return nullptr;
    }
    result->rules = std::move(rules);
    result->formatter = icu::number::NumberFormatter::withLocale(locale);
    return result;
}

extern "C" void ixs_numbers_close(ixs_numbers *numbers) { delete numbers; }

namespace {
/// CLDR's plural categories in its order: the places `ixs_numbers_plural_index` returns, and the order of
/// `ixs_numbers_plural_keywords`.
const char *const pluralCategories[] = {"zero", "one", "two", "few", "many", "other"};

/// The place of `keyword` in `pluralCategories`, -1 for none.
int32_t pluralIndex(const icu::UnicodeString &keyword) {
    for (int32_t index = 0; index < 6; index++) {
        if (keyword == icu::UnicodeString(pluralCategories[index], -1, US_INV)) return index;
    }
    return -1;
}
}  // namespace

extern "C" int32_t ixs_numbers_plural_index(const ixs_numbers *numbers, int64_t n) {
    if (numbers == nullptr || !numbers->rules) return -1;
    return pluralIndex(numbers->rules->select(static_cast<double>(n)));
}

extern "C" int32_t ixs_numbers_plural_index_formatted(const ixs_numbers *numbers, int64_t n) {
    if (numbers == nullptr || !numbers->rules) return -1;
    UErrorCode status = U_ZERO_ERROR;
    icu::number::FormattedNumber formatted = numbers->formatter.formatInt(n, status);
    if (U_FAILURE(status)) return -1;
    icu::UnicodeString keyword = numbers->rules->select(formatted, status);
    if (U_FAILURE(status)) return -1;
    return pluralIndex(keyword);
}

extern "C" int32_t ixs_numbers_plural_keywords(const ixs_numbers *numbers, char *utf8, int32_t capacity) {
    if (numbers == nullptr || !numbers->rules) return -1;
    icu::UnicodeString joined;
    for (const char *keyword : pluralCategories) {
        if (!numbers->rules->isKeyword(icu::UnicodeString(keyword, -1, US_INV))) continue;
        if (!joined.isEmpty()) joined.append(u' ');
        joined.append(icu::UnicodeString(keyword, -1, US_INV));
    }
    return toUTF8(joined, utf8, capacity);
}

extern "C" int32_t ixs_numbers_format(const ixs_numbers *numbers, int64_t n, char *utf8, int32_t capacity) {
    if (numbers == nullptr) return -1;
    UErrorCode status = U_ZERO_ERROR;
    icu::UnicodeString text = numbers->formatter.formatInt(n, status).toString(status);
    if (U_FAILURE(status)) return -1;
    return toUTF8(text, utf8, capacity);
}

extern "C" int32_t ixs_locale_number_separator(const char *locale_id, int32_t which, char *utf8, int32_t capacity) {
    icu::Locale locale;
    std::string message;
    if (!parseLocale(locale_id, locale, message)) return -1;
    UErrorCode status = U_ZERO_ERROR;
    icu::DecimalFormatSymbols symbols(locale, status);
    if (U_FAILURE(status)) return -1;
    const auto symbol = which == 0 ? icu::DecimalFormatSymbols::kDecimalSeparatorSymbol
                                   : icu::DecimalFormatSymbols::kGroupingSeparatorSymbol;
    return toUTF8(symbols.getSymbol(symbol), utf8, capacity);
}

extern "C" int32_t ixs_language_display_name(const char *language_code, const char *display_locale, char *utf8,
                                             int32_t capacity) {
    if (language_code == nullptr || display_locale == nullptr) return -1;
    UErrorCode status = U_ZERO_ERROR;
    UChar name[256];
    int32_t length = uloc_getDisplayLanguage(language_code, display_locale, name, 256, &status);
    // ICU answers the code itself, with this warning, when no locale up to root names the language.
    if (U_FAILURE(status) || status == U_USING_DEFAULT_WARNING || length <= 0 || length > 256) return -1;
    return toUTF8(icu::UnicodeString(name, length), utf8, capacity);
}

extern "C" int32_t ixs_locale_is_right_to_left(const char *locale_id) {
    icu::Locale locale;
    std::string message;
    if (!parseLocale(locale_id, locale, message)) return -1;
    return locale.isRightToLeft() ? 1 : 0;
}

extern "C" int32_t ixs_icu_versions(char *utf8, int32_t capacity) {
    UVersionInfo icu, cldr;
    u_getVersion(icu);
    UErrorCode status = U_ZERO_ERROR;
    ulocdata_getCLDRVersion(cldr, &status);
    char icuText[U_MAX_VERSION_STRING_LENGTH], cldrText[U_MAX_VERSION_STRING_LENGTH];
    u_versionToString(icu, icuText);
    if (U_SUCCESS(status)) u_versionToString(cldr, cldrText); else std::snprintf(cldrText, sizeof cldrText, "unknown");
    return std::snprintf(utf8, capacity > 0 ? size_t(capacity) : 0, "ICU %s, CLDR %s", icuText, cldrText);
}

// ---------------------------------------------------------------------------
// Search folding
// ---------------------------------------------------------------------------

extern "C" ixs_search_folder *ixs_search_folder_open(const char *locale_id, char *error, int32_t error_capacity) {
    icu::Locale locale;
    if (!parseLocale(locale_id, locale, error, error_capacity)) return nullptr;
    UErrorCode status = U_ZERO_ERROR;
    std::unique_ptr<icu::Collator> collator(icu::Collator::createInstance(locale, status));
    if (U_FAILURE(status) || !collator) {
        setError(error, error_capacity, icuMessage("cannot open collator", status));
        return nullptr;
    }
    collator->setStrength(icu::Collator::PRIMARY);
    const icu::Normalizer2 *fold = icu::Normalizer2::getNFKCCasefoldInstance(status);
    const icu::Normalizer2 *nfd = icu::Normalizer2::getNFDInstance(status);
    if (U_FAILURE(status)) {
        setError(error, error_capacity, icuMessage("cannot open normalizers", status));
        return nullptr;
    }
    ixs_search_folder *result = new (std::nothrow) ixs_search_folder;
    if (result == nullptr) {
        setError(error, error_capacity, "out of memory");
        return nullptr;
    }
    result->primary = std::move(collator);
    result->turkic = std::strcmp(locale.getLanguage(), "tr") == 0 || std::strcmp(locale.getLanguage(), "az") == 0;
    result->nfkcCasefold = fold;
    result->nfd = nfd;
    return result;
}

extern "C" void ixs_search_folder_close(ixs_search_folder *folder) { delete folder; }

namespace {

/// Katakana turned into hiragana, code point by code point (ァ–ヶ, ヽ ヾ).
icu::UnicodeString hiragana(const icu::UnicodeString &text) {
    icu::UnicodeString out;
    for (int32_t i = 0; i < text.length();) {
        UChar32 c = text.char32At(i);
        i += U16_LENGTH(c);
        if ((c >= 0x30A1 && c <= 0x30F6) || c == 0x30FD || c == 0x30FE) c -= 0x60;
        out.append(c);
    }
    return out;
}

/// The text without its nonspacing marks (accents, dakuten), after canonical decomposition.
icu::UnicodeString withoutMarks(const ixs_search_folder *folder, const icu::UnicodeString &text) {
    UErrorCode status = U_ZERO_ERROR;
    icu::UnicodeString decomposed = folder->nfd->normalize(text, status);
    if (U_FAILURE(status)) return text;
    icu::UnicodeString out;
    for (int32_t i = 0; i < decomposed.length();) {
        UChar32 c = decomposed.char32At(i);
        i += U16_LENGTH(c);
        if (u_charType(c) != U_NON_SPACING_MARK) out.append(c);
    }
    return out;
}

/// The search form of one case-folded character: the plainest candidate the collator calls the same letter.
icu::UnicodeString foldCharacter(const ixs_search_folder *folder, const icu::UnicodeString &character) {
    const icu::UnicodeString plain = withoutMarks(folder, character);
    const icu::UnicodeString candidates[] = {hiragana(plain), hiragana(character), plain};
    for (const icu::UnicodeString &candidate : candidates) {
        if (candidate == character) continue;
        UErrorCode status = U_ZERO_ERROR;
        if (folder->primary->compare(character, candidate, status) == UCOL_EQUAL && U_SUCCESS(status)) return candidate;
    }
    return character;
}

}  // namespace

extern "C" int32_t ixs_search_fold(ixs_search_folder *folder, const char *utf8, int32_t length, char *out, int32_t capacity) {
    if (folder == nullptr || !folder->primary) return -1;
    UTF16Buffer text(utf8, length);
    if (!text.ok()) return -1;
    UErrorCode status = U_ZERO_ERROR;
    icu::UnicodeString folded;
    const icu::UnicodeString input = text.alias();
    for (int32_t i = 0; i < input.length();) {
        UChar32 c = input.char32At(i);
        i += U16_LENGTH(c);
        if (folder->turkic && (c == u'I' || c == 0x130)) {
            folded.append(c == u'I' ? static_cast<UChar32>(0x131) : static_cast<UChar32>(u'i'));
            continue;
        }
        icu::UnicodeString one = folder->nfkcCasefold->normalize(icu::UnicodeString(c), status);
        if (U_FAILURE(status)) return -1;
        for (int32_t j = 0; j < one.length();) {
            UChar32 d = one.char32At(j);
            j += U16_LENGTH(d);
            folded.append(foldCharacter(folder, icu::UnicodeString(d)));
        }
    }
    return toUTF8(folded, out, capacity);
}
