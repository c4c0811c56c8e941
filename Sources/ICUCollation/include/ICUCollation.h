/*
 * ICUCollation — a plain C door to the system ICU (libicu) for IndexSite.
 *
 * Swift code that imports Foundation must never see ICU headers (Foundation
 * carries its own, renamed ICU), so everything ICU lives in ICUCollation.cpp
 * and this header exposes only opaque handles and plain C types.
 *
 * Conventions used throughout:
 *  - UTF-8 input is (pointer, length); length < 0 means NUL-terminated.
 *    Ill-formed UTF-8 is read with U+FFFD substitution, never rejected.
 *  - Output buffers follow the ICU "preflight" rule: the function returns the
 *    full length it needs; it writes at most `capacity` bytes and adds a NUL
 *    only when there is room for it. If the return value is > capacity, call
 *    again with a bigger buffer. Pass (NULL, 0) to just ask for the length.
 *  - `error` / `error_capacity` receive a NUL-terminated English message on
 *    failure (truncated to fit); either may be NULL / 0.
 *  - Locale ids are ICU ids ("sv", "de@collation=phonebook", "zh_Hant") or
 *    BCP 47 tags ("de-u-co-phonebk", "zh-Hant-TW"). "root" / "und" select the
 *    root locale. A malformed id, an unknown language, or a collation type the
 *    locale does not have is an error; a well-formed id for a known language
 *    with no own data (e.g. "en_ZZ") silently falls back, as ICU does.
 *  - Every *_open result must be released with the matching *_close
 *    (which accepts NULL).
 */
#ifndef INDEXSITE_ICU_COLLATION_H
#define INDEXSITE_ICU_COLLATION_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------ */
/* Collation                                                                 */
/* ------------------------------------------------------------------------ */

/// A collator for one locale with numeric ordering on ("Item 2" < "Item 10"),
/// tertiary strength. Use it from one thread at a time.
typedef struct ixs_collator ixs_collator;

/// Opens a collator for `locale_id`. Returns NULL and fills `error` on failure.
ixs_collator *ixs_collator_open(const char *locale_id, char *error, int32_t error_capacity);

/// Releases a collator (NULL is fine).
void ixs_collator_close(ixs_collator *collator);

/// Writes the sort key of a UTF-8 string; returns the key length including the
/// terminating 0 byte ICU writes (retry with a bigger buffer if > capacity).
/// Keys compare with memcmp/strcmp in collation order. Returns 0 on error.
int32_t ixs_collator_sort_key(const ixs_collator *collator, const char *utf8, int32_t length,
                              uint8_t *key, int32_t capacity);

/* ------------------------------------------------------------------------ */
/* Alphabetic index (section letters)                                        */
/* ------------------------------------------------------------------------ */

/// An ICU AlphabeticIndex, built immutable: bucket lookups are thread-safe.
typedef struct ixs_index ixs_index;

/// Bucket kinds, equal to ICU's UAlphabeticIndexLabelType.
enum {
    IXS_BUCKET_NORMAL = 0,    ///< a letter ("A", "Å", "CH", "か")
    IXS_BUCKET_UNDERFLOW = 1, ///< before the first letter (digits, symbols)
    IXS_BUCKET_INFLOW = 2,    ///< between two scripts of the index
    IXS_BUCKET_OVERFLOW = 3   ///< after the last letter (other scripts, unread kanji)
};

/// Builds the index for `locale_id` plus the index letters of `extra_count`
/// additional locales (e.g. primary "ja" + extra "en" adds A–Z). NULL + error on failure.
ixs_index *ixs_index_open(const char *locale_id, const char *const *extra_locales, int32_t extra_count,
                          char *error, int32_t error_capacity);

/// Releases an index (NULL is fine).
void ixs_index_close(ixs_index *index);

/// Number of buckets, including the underflow, inflow and overflow buckets.
int32_t ixs_index_bucket_count(const ixs_index *index);

/// Writes the UTF-8 label of bucket `bucket` (preflight rule) and, if `type` is
/// not NULL, its IXS_BUCKET_* kind. Returns the byte length, -1 for a bad bucket.
int32_t ixs_index_bucket_label(const ixs_index *index, int32_t bucket, char *utf8, int32_t capacity,
                               int32_t *type);

/// The bucket a UTF-8 name falls into (primary-strength comparison with the
/// bucket boundaries, as AlphabeticIndex does); -1 on error.
int32_t ixs_index_bucket_of(const ixs_index *index, const char *utf8, int32_t length);

/* ------------------------------------------------------------------------ */
/* Date titles                                                               */
/* ------------------------------------------------------------------------ */

/// A date formatter for one locale and DateTimePatternGenerator skeleton
/// ("yMMMM", "yMMM", "y", "yMMMd"): proleptic Gregorian calendar, UTC.
/// Use it from one thread at a time.
typedef struct ixs_date_formatter ixs_date_formatter;

/// How month names are capitalized (ICU UDisplayContext capitalization). NONE
/// is CLDR's running-text form ("listopad 2026", "noviembre de 2026");
/// STANDALONE follows each locale's rule for text on its own (cs stays
/// "listopad 2026", es becomes "Noviembre de 2026"); SENTENCE always
/// capitalizes the first letter ("Listopad 2026", "November 2026" in sv).
enum {
    IXS_CAPITALIZATION_NONE = 0,
    IXS_CAPITALIZATION_STANDALONE = 1,
    IXS_CAPITALIZATION_UI_LIST_OR_MENU = 2,
    IXS_CAPITALIZATION_SENTENCE = 3
};

/// Opens a formatter for `locale_id`, `skeleton` and an IXS_CAPITALIZATION_*
/// value; NULL + error on failure.
ixs_date_formatter *ixs_date_formatter_open(const char *locale_id, const char *skeleton, int32_t capitalization,
                                            char *error, int32_t error_capacity);

/// Releases a date formatter (NULL is fine).
void ixs_date_formatter_close(ixs_date_formatter *formatter);

/// Formats the calendar date year-month-day (month 1–12, day 1–31, year >= 1;
/// pass day 1 for month titles) as UTF-8. Returns the byte length (preflight
/// rule), -1 for an invalid date.
int32_t ixs_date_formatter_format(ixs_date_formatter *formatter, int32_t year, int32_t month, int32_t day,
                                  char *utf8, int32_t capacity);

/* ------------------------------------------------------------------------ */
/* Plurals and numbers (the page's own words)                                */
/* ------------------------------------------------------------------------ */

/// CLDR plural rules and an integer formatter for one locale. Immutable after
/// opening: every call below may run on any thread.
typedef struct ixs_numbers ixs_numbers;

/// Opens the plural rules and number formatter of `locale_id`; NULL + error on failure.
ixs_numbers *ixs_numbers_open(const char *locale_id, char *error, int32_t error_capacity);

/// Releases a handle (NULL is fine).
void ixs_numbers_close(ixs_numbers *numbers);

/// The CLDR plural category of the integer `n` as its place in CLDR order:
/// 0 zero, 1 one, 2 two, 3 few, 4 many, 5 other; -1 on error. Selected on the
/// integer's value, with no formatting: for integers the operands are the same
/// (checked for every ICU locale through 2,000 and every thousand to 2,000,000),
/// and it is much faster than formatting the number first (a page's plural
/// table asks thousands of times).
int32_t ixs_numbers_plural_index(const ixs_numbers *numbers, int64_t n);

/// The same category selected on `n` formatted by the locale's formatter, as
/// CLDR defines the operands: the reference `ixs_numbers_plural_index` is
/// tested against.
int32_t ixs_numbers_plural_index_formatted(const ixs_numbers *numbers, int64_t n);

/// Writes the locale's plural categories for integers and decimals, separated
/// by spaces, in CLDR order (zero one two few many other); -1 on error.
int32_t ixs_numbers_plural_keywords(const ixs_numbers *numbers, char *utf8, int32_t capacity);

/// Writes the integer `n` with the locale's digits and grouping ("1 234" in sv,
/// "1.234" in de) as UTF-8 (preflight rule); -1 on error.
int32_t ixs_numbers_format(const ixs_numbers *numbers, int64_t n, char *utf8, int32_t capacity);

/// Writes the locale's decimal separator (`which` 0) or grouping separator
/// (`which` 1) as UTF-8 ("," and "." in de; preflight rule); -1 for a bad
/// locale id: how the list's numbers are read when they sort as numbers.
int32_t ixs_locale_number_separator(const char *locale_id, int32_t which, char *utf8, int32_t capacity);

/// Writes the name of the language `language_code` in the words of
/// `display_locale` ("German" in en, "Deutsch" in de) as UTF-8 (preflight
/// rule); -1 when CLDR has no such name.
int32_t ixs_language_display_name(const char *language_code, const char *display_locale, char *utf8,
                                  int32_t capacity);

/// 1 when the locale's script is written right to left (ar, he, fa, ur…), 0 when
/// not, -1 for a bad locale id: decides `dir="rtl"` on a page.
int32_t ixs_locale_is_right_to_left(const char *locale_id);

/// Writes "ICU 72.1, CLDR 42.0": the versions of the collation rules and locale
/// data this binary sorts and letters with, as UTF-8 (preflight rule).
int32_t ixs_icu_versions(char *utf8, int32_t capacity);

/* ------------------------------------------------------------------------ */
/* Search folding (the filter's matching)                                    */
/* ------------------------------------------------------------------------ */

/// Folds text for searching the way one locale's collator sees letters at
/// primary strength. Use it from one thread at a time.
typedef struct ixs_search_folder ixs_search_folder;

/// Opens a folder for `locale_id`; NULL + error on failure.
ixs_search_folder *ixs_search_folder_open(const char *locale_id, char *error, int32_t error_capacity);

/// Releases a folder (NULL is fine).
void ixs_search_folder_close(ixs_search_folder *folder);

/// Writes the search form of UTF-8 text (preflight rule); -1 on error. Each
/// character is case-folded and NFKC-normalized (half-width kana become
/// full-width, ligatures split); then its diacritics are dropped and katakana
/// become hiragana, but only where the locale's collator says the result is
/// the same letter at primary strength: de "ü" -> "u", ru "ё" -> "е", ja
/// "カ" -> "か", while sv keeps "å" and ru keeps "й", which are letters of their
/// own there. In tr and az, I folds to dotless "ı" and İ to "i".
int32_t ixs_search_fold(ixs_search_folder *folder, const char *utf8, int32_t length, char *out, int32_t capacity);

#ifdef __cplusplus
}
#endif

#endif /* INDEXSITE_ICU_COLLATION_H */
