import Foundation
import IndexSiteCollation
import IndexSiteCore

/// Grouping by date: one section per day, month or year of a date field.
extension Sectioner {
    func dateSections(_ entries: [Entry], order: [Int], path: FieldPath, granularity: DateGranularity, settings: ListSettings,
                      diagnostics: inout [Diagnostic]) -> [Section] {
        struct Bucket: Hashable, Comparable {
            var year: Int, month: Int, day: Int
            static func < (a: Bucket, b: Bucket) -> Bool { (a.year, a.month, a.day) < (b.year, b.month, b.day) }
        }
        var byBucket: [Bucket: [(entry: Entry, date: CalendarDate)]] = [:]
        var undated: [Entry] = []
        for position in order {
            let entry = entries[position]
            guard let text = entry.text(at: path), !text.isBlank else {
                undated.append(entry)
                continue
            }
            guard let date = CalendarDate(parsing: text) else {
                diagnostics.append(.error(.badDate, "entry has '\(text)'; dates are written YYYY-MM-DD", at: entry.location(of: path),
                                          hint: "write the date as 2026-11-22"))
                continue
            }
            let bucket: Bucket
            switch granularity {
            case .year: bucket = Bucket(year: date.year, month: 1, day: 1)
            case .month: bucket = Bucket(year: date.year, month: date.month, day: 1)
            case .day: bucket = Bucket(year: date.year, month: date.month, day: date.day)
            }
            byBucket[bucket, default: []].append((entry, date))
        }
        // Inside a month (or year) the newest comes first, as a blog's archive shows it, unless `sort` is written;
        // entries of one day keep the sorted order.
        let byDate = !settings.isWritten(.sort)
        let skeletons: (title: String, label: String) = switch granularity {
        case .year: ("y", "y")
        case .month: ("yMMMM", "yMMM")
        case .day: ("yMMMMd", "MMMd")
        }
        let titleFormatter = try? DateTitleFormatter(locale: settings.locale, skeleton: skeletons.title)
        let labelFormatter = try? DateTitleFormatter(locale: settings.locale, skeleton: skeletons.label)
        let buckets = byBucket.keys.sorted()
        var sections = (settings.newestFirst ? buckets.reversed() : buckets).map { bucket in
            let fallback = String(format: "%04d-%02d", bucket.year, bucket.month)
            var dated = byBucket[bucket] ?? []
            if byDate {
                let newestFirst = settings.newestFirst
                dated = dated.enumerated().sorted { a, b in
                    let (x, y) = (a.element.date, b.element.date)
                    if (x.year, x.month, x.day) != (y.year, y.month, y.day) {
                        return newestFirst ? (x.year, x.month, x.day) > (y.year, y.month, y.day) : (x.year, x.month, x.day) < (y.year, y.month, y.day)
                    }
                    return a.offset < b.offset
                }.map(\.element)
            }
            return Section(title: titleFormatter?.string(year: bucket.year, month: bucket.month, day: bucket.day) ?? fallback,
                           label: labelFormatter?.string(year: bucket.year, month: bucket.month, day: bucket.day) ?? fallback,
                           entries: dated.map(\.entry))
        }
        // Entries with no date are kept, in a last section, and named once.
        if let first = undated.first {
            let titles = undated.prefix(5).map { "'\($0.text(at: settings.titleField) ?? "")'" }.joined(separator: ", ")
                + (undated.count > 5 ? " and \(undated.count - 5) more" : "")
            diagnostics.append(.warning(.badDate, "\(undated.count == 1 ? "1 entry has" : "\(undated.count) entries have") no '\(path)' (\(titles)), so \(undated.count == 1 ? "it is" : "they are") listed under '\(settings.undatedSectionTitle)', last",
                                        at: first.location, hint: "give each a \(path) (YYYY-MM-DD), or name files YYYY-MM-DD-title.md"))
            sections.append(Section(title: settings.undatedSectionTitle, entries: undated))
        }
        return sections
    }
}
