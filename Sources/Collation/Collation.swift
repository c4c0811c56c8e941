import ICUCollation
import IndexSiteCore
import Synchronization

/// The one door to ICU: every call of the `ICUCollation` C API is in this file.
/// A failure to open a locale is an error value, reported by the caller where the locale was set.
package struct CollationError: Error, Sendable, CustomStringConvertible {
    package var description: String

    /// Reads the NUL-terminated message the C API wrote.
    package init(message: [CChar]) {
        description = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// Compares text the way a locale's readers expect, through ICU sort keys (bytes compared with memcmp).
/// Numbers compare by value: "Item 2" sorts before "Item 10".
package final class Collator: @unchecked Sendable {
    // The handle is used by one thread at a time: `copy()` gives each worker its own.
    private let handle: OpaquePointer
    package let locale: String

    package init(locale: String) throws(CollationError) {
        var message = [CChar](repeating: 0, count: 256)
        guard let handle = ixs_collator_open(locale, &message, Int32(message.count)) else {
            throw CollationError(message: message)
        }
        self.handle = handle
        self.locale = locale
    }

    deinit { ixs_collator_close(handle) }

    /// Appends the sort key of `text` to `keys`, without the terminating zero, and returns how many bytes it added.
    @discardableResult
    package func appendSortKey(of text: String, to keys: inout [UInt8]) -> Int {
        var text = text
        return text.withUTF8 { utf8 in
            utf8.withMemoryRebound(to: CChar.self) { chars in
                var capacity: Int32 = 64 + Int32(utf8.count) * 4
                while true {
                    let start = keys.count
                    keys.append(contentsOf: repeatElement(0, count: Int(capacity)))
                    let length = keys.withUnsafeMutableBufferPointer { buffer in
                        ixs_collator_sort_key(handle, chars.baseAddress, Int32(chars.count), buffer.baseAddress! + start, capacity)
                    }
                    if length <= capacity {
                        let used = max(Int(length) - 1, 0)
                        keys.removeLast(Int(capacity) - used)
                        return used
                    }
                    keys.removeLast(Int(capacity))
                    capacity = length
                }
            }
        }
    }

    /// The sort key of `text` as bytes.
    package func sortKey(_ text: String) -> [UInt8] {
        var key: [UInt8] = []
        appendSortKey(of: text, to: &key)
        return key
    }
}

/// The section letters of a locale, and which letter a name belongs under: ICU's AlphabeticIndex.
/// Lookups are thread-safe.
package final class AlphabetIndex: @unchecked Sendable {
    /// What a bucket holds: a letter of the alphabet, or names before, between or after the alphabets.
    package enum BucketKind: Int32, Sendable {
        case letter = 0, underflow = 1, inflow = 2, overflow = 3
    }

    package struct Bucket: Sendable, Hashable {
        package var label: String
        package var kind: BucketKind
    }

    private let handle: OpaquePointer
    package let buckets: [Bucket]

    /// Builds the index of `locale`, adding the letters of `extraLocales` (as UIKit shows A–Z before the kana).
    package init(locale: String, extraLocales: [String] = []) throws(CollationError) {
        var message = [CChar](repeating: 0, count: 256)
        let opened: OpaquePointer? = AlphabetIndex.withCStrings(extraLocales) { extras in
            ixs_index_open(locale, extras.baseAddress, Int32(extras.count), &message, Int32(message.count))
        }
        guard let opened else {
            throw CollationError(message: message)
        }
        handle = opened
        var buckets: [Bucket] = []
        for bucket in 0..<ixs_index_bucket_count(opened) {
            var kind: Int32 = 0
            let length = ixs_index_bucket_label(opened, bucket, nil, 0, &kind)
            var label = [CChar](repeating: 0, count: Int(max(length, 0)) + 1)
            _ = ixs_index_bucket_label(opened, bucket, &label, Int32(label.count), &kind)
            buckets.append(Bucket(label: String(decoding: label.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self),
                                  kind: BucketKind(rawValue: kind) ?? .overflow))
        }
        self.buckets = buckets
    }

    deinit { ixs_index_close(handle) }

    /// The index of `locale` (with `extraLocales`), built once per process: building one is ICU work that a small build
    /// notices, and `serve` rebuilds with the same locales. A second caller waits for the first's index rather than
    /// building another beside it.
    package static func shared(locale: String, extraLocales: [String] = []) throws(CollationError) -> AlphabetIndex {
        let key = ([locale] + extraLocales).joined(separator: "\n")
        let made: Result<AlphabetIndex, CollationError> = built.withLock { built in
            if let index = built[key] { return .success(index) }
            do throws(CollationError) {
                let index = try AlphabetIndex(locale: locale, extraLocales: extraLocales)
                built[key] = index
                return .success(index)
            } catch {
                return .failure(error)
            }
        }
        return try made.get()
    }

    private static let built = Mutex<[String: AlphabetIndex]>([:])

    /// The index of the bucket `name` falls into.
    package func bucket(of name: String) -> Int {
        var name = name
        let bucket = name.withUTF8 { utf8 in
            utf8.withMemoryRebound(to: CChar.self) { ixs_index_bucket_of(handle, $0.baseAddress, Int32($0.count)) }
        }
        return bucket >= 0 ? Int(bucket) : buckets.count - 1
    }

    private static func withCStrings<T>(_ strings: [String], _ body: (UnsafeBufferPointer<UnsafePointer<CChar>?>) -> T) -> T {
        let copies = strings.map { strdupCString($0) }
        defer { copies.forEach { $0.deallocate() } }
        let pointers = copies.map { UnsafePointer<CChar>?($0) }
        return pointers.withUnsafeBufferPointer(body)
    }

    private static func strdupCString(_ string: String) -> UnsafeMutablePointer<CChar> {
        let utf8 = Array(string.utf8) + [0]
        let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: utf8.count)
        for (index, byte) in utf8.enumerated() { pointer[index] = CChar(bitPattern: byte) }
        return pointer
    }
}

/// Formats dates for section titles in a locale's own words ("März 2024"), from ICU skeletons such as "yMMMM".
package final class DateTitleFormatter: @unchecked Sendable {
    // Used by one thread at a time: the sectioner formats one list's sections in sequence.
    private let handle: OpaquePointer

    package init(locale: String, skeleton: String) throws(CollationError) {
        var message = [CChar](repeating: 0, count: 256)
        guard let handle = ixs_date_formatter_open(locale, skeleton, Int32(IXS_CAPITALIZATION_STANDALONE), &message, Int32(message.count)) else {
            throw CollationError(message: message)
        }
        self.handle = handle
    }

    deinit { ixs_date_formatter_close(handle) }

    package func string(year: Int, month: Int, day: Int) -> String {
        var buffer = [CChar](repeating: 0, count: 128)
        let length = ixs_date_formatter_format(handle, Int32(year), Int32(month), Int32(day), &buffer, Int32(buffer.count))
        guard length >= 0 else { return "\(year)-\(month)-\(day)" }
        if Int(length) >= buffer.count {
            buffer = [CChar](repeating: 0, count: Int(length) + 1)
            _ = ixs_date_formatter_format(handle, Int32(year), Int32(month), Int32(day), &buffer, Int32(buffer.count))
        }
        return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// Reads a UTF-8 answer of the C API that follows the preflight rule: asks once with a guess, again when it was short.
private func preflightedString(_ write: (UnsafeMutablePointer<CChar>?, Int32) -> Int32) -> String? {
    var buffer = [CChar](repeating: 0, count: 64)
    var length = buffer.withUnsafeMutableBufferPointer { write($0.baseAddress, Int32($0.count)) }
    guard length >= 0 else { return nil }
    if Int(length) >= buffer.count {
        buffer = [CChar](repeating: 0, count: Int(length) + 1)
        length = buffer.withUnsafeMutableBufferPointer { write($0.baseAddress, Int32($0.count)) }
        guard length >= 0 else { return nil }
    }
    return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// A locale's CLDR plural rules and integer format, for the page's own words ("5 записей", "1 234").
/// Immutable: any thread may use it.
package final class LocaleNumbers: @unchecked Sendable {
    private let handle: OpaquePointer
    package let locale: String
    /// The locale's plural categories in CLDR order ("one other" in en; "zero one two few many other" in ar).
    package let categories: [String]

    package init(locale: String) throws(CollationError) {
        var message = [CChar](repeating: 0, count: 256)
        guard let handle = ixs_numbers_open(locale, &message, Int32(message.count)) else {
            throw CollationError(message: message)
        }
        self.handle = handle
        self.locale = locale
        categories = (preflightedString { ixs_numbers_plural_keywords(handle, $0, $1) } ?? "other").split(separator: " ").map(String.init)
    }

    deinit { ixs_numbers_close(handle) }

    /// The plural category of `count`: "one", "few", "many", "other"…
    package func category(_ count: Int) -> String {
        LocaleNumbers.categoryName(at: ixs_numbers_plural_index(handle, Int64(count)))
    }

    /// The category of `count` as CLDR defines it, on the formatted number: what `category` is tested against.
    func categoryOfFormatted(_ count: Int) -> String {
        LocaleNumbers.categoryName(at: ixs_numbers_plural_index_formatted(handle, Int64(count)))
    }

    /// The category at `index` in CLDR order (the C API's places), "other" for an error (-1).
    private static func categoryName(at index: Int32) -> String {
        categoryNames.indices.contains(Int(index)) ? categoryNames[Int(index)] : "other"
    }

    private static let categoryNames = ["zero", "one", "two", "few", "many", "other"]

    /// `count` written the locale's way, with its grouping separator.
    package func format(_ count: Int) -> String {
        preflightedString { ixs_numbers_format(handle, Int64(count), $0, $1) } ?? String(count)
    }
}

/// Folds text for the filter the way a locale's collator sees letters at primary strength, so the browser only
/// looks characters up: de "Müller" matches "muller", ja カタカナ matches ひらがな, sv keeps å apart from a.
/// Used by one thread at a time.
package final class SearchFolder: @unchecked Sendable {
    private let handle: OpaquePointer

    package init(locale: String) throws(CollationError) {
        var message = [CChar](repeating: 0, count: 256)
        guard let handle = ixs_search_folder_open(locale, &message, Int32(message.count)) else {
            throw CollationError(message: message)
        }
        self.handle = handle
    }

    deinit { ixs_search_folder_close(handle) }

    /// The search form of `text`.
    package func fold(_ text: String) -> String {
        var text = text
        return text.withUTF8 { utf8 in
            utf8.withMemoryRebound(to: CChar.self) { chars in
                preflightedString { ixs_search_fold(handle, chars.baseAddress, Int32(chars.count), $0, $1) }
            }
        } ?? text
    }
}

/// "ICU 72.1, CLDR 42.0": the versions of the rules this binary sorts and letters with, for `indexsite --version`.
public let icuVersions: String = {
    var buffer = [CChar](repeating: 0, count: 64)
    let length = ixs_icu_versions(&buffer, Int32(buffer.count))
    return length > 0 ? String(decoding: buffer.prefix(Int(min(length, 63))).map { UInt8(bitPattern: $0) }, as: UTF8.self) : "ICU unknown"
}()

/// The decimal and grouping separators `locale` writes numbers with ("," and "." in de), nil for a bad locale id.
package func numberSeparators(locale: String) -> (decimal: String, grouping: String)? {
    guard let decimal = preflightedString({ ixs_locale_number_separator(locale, 0, $0, $1) }),
          let grouping = preflightedString({ ixs_locale_number_separator(locale, 1, $0, $1) }) else { return nil }
    return (decimal, grouping)
}

/// The name of the language `code` in the words of `displayLocale` ("German" in en, "Deutsch" in de), nil when CLDR
/// has none.
package func languageDisplayName(_ code: String, in displayLocale: String) -> String? {
    preflightedString { ixs_language_display_name(code, displayLocale, $0, $1) }
}

/// Whether a locale's script runs right to left (ar, he, fa, ur), from ICU's likely-script data.
package func localeIsRightToLeft(_ locale: String) -> Bool {
    ixs_locale_is_right_to_left(locale) == 1
}
