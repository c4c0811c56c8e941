import Foundation
import IndexSiteCore
import IndexSiteHistory

/// The entry history of one build: the repository is opened once, when the first list asks for `added` or
/// `updated`, and what cannot be read is said once per build, not once per list.
final class BuildHistory {
    let siteFolder: URL
    private var opened: Result<HistoryReader, Git.Failure>?
    private var toldShallow = false
    /// The HEAD commit's time, read once when a list first asks for `new_for`.
    private var headTime: Result<Int64, Git.Failure>?

    init(siteFolder: URL) {
        self.siteFolder = siteFolder
    }

    /// True when `settings` name a field the history gives (sorting, grouping or showing by `added` or `updated`).
    static func isAsked(by settings: ListSettings) -> Bool {
        !asking(settings).isEmpty
    }

    /// The settings of `settings` that name a history field.
    static func asking(_ settings: ListSettings) -> [ListSettingKey] {
        func named(_ path: FieldPath?) -> Bool { path.map { SourceHistory.fieldNames.contains($0.description) } ?? false }
        var keys: [ListSettingKey] = []
        if settings.sort.contains(where: { named($0.path) }) { keys.append(.sort) }
        switch settings.grouping {
        case .field(let path)?, .date(let path, _)?: if named(path) { keys.append(.groupBy) }
        default: break
        }
        if settings.fields?.contains(where: named) == true { keys.append(.fields) }
        if settings.newFor != nil { keys.append(.newFor) }
        return keys
    }

    /// The newest `updated` of `entries` and their nested items, nil when none has one.
    static func newestUpdate(_ entries: [Entry]) -> String? {
        var newest: String?
        func visit(_ entry: Entry) {
            if let updated = entry.text(at: "updated"), newest.map({ updated > $0 }) ?? true { newest = updated }
            entry.children.forEach(visit)
        }
        entries.forEach(visit)
        return newest
    }

    /// What a list's history tells its pages: the newest `updated` and the time from which an entry counts as new.
    struct ListDates {
        var lastUpdated: String?
        var newSince: String?
    }

    /// Gives the entries of a list their `added` and `updated` dates from the history of its source, when its
    /// resolved settings ask for them, and returns the list's newest update and, with `new_for`, the time from which
    /// entries count as new; diagnostics say why there are none.
    func apply(to entries: inout [Entry], kind: SourceKind, source: String, settings: ListSettings,
               fallback: SourceLocation) -> (dates: ListDates, diagnostics: [Diagnostic]) {
        var dates = ListDates()
        let asking = BuildHistory.asking(settings)
        guard let setting = asking.first, kind.format.historyKey != .none else { return (dates, []) }
        let location = settings.location(of: setting, or: fallback)
        if opened == nil { opened = HistoryReader.open(siteFolder: siteFolder) }
        let reader: HistoryReader
        switch opened! {
        case .failure(let failure):
            return (dates, [.warning(.historyUnavailable, "'\(setting.rawValue)' names a history field, but the site's git history cannot be read (\(failure.description)): no entry has 'added' or 'updated'",
                                     at: location, hint: "build the site from a clone of its git repository, with git installed")])
        case .success(let success): reader = success
        }
        var diagnostics: [Diagnostic] = []
        if reader.repository.isShallow, !toldShallow {
            toldShallow = true
            diagnostics.append(.warning(.historyShallow, "the repository is a shallow clone: the 'added' and 'updated' dates start at its oldest commit, not the first one",
                                        at: location, hint: "fetch the whole history: 'git fetch --unshallow', or in GitHub Actions actions/checkout with 'fetch-depth: 0'"))
        }
        let historySource: HistoryReader.Source
        let key: (Entry) -> String?
        let (titleField, urlField) = (settings.titleField, settings.urlField)
        switch kind.format.historyKey {
        case .listItem:
            historySource = .markdownList(path: source)
            key = { ItemKey.ofListItem($0, titleField: titleField, urlField: urlField) }
        case .record:
            historySource = .dataFile(path: source, kind: kind, settings: settings)
            key = { ItemKey.ofRecord($0, titleField: titleField) }
        case .file:
            historySource = .entryFolder(path: source)
            key = { $0.location.path }
        case .none: return (dates, diagnostics)
        }
        do {
            try reader.history(of: historySource).apply(to: &entries, key: key)
            dates.lastUpdated = BuildHistory.newestUpdate(entries)
            if let newFor = settings.newFor {
                if headTime == nil { headTime = Result { () throws(Git.Failure) in try reader.headTime() } }
                dates.newSince = SourceHistory.timestamp(try headTime!.get() - newFor)
            }
        } catch {
            diagnostics.append(.warning(.historyUnavailable, "the git history of '\(source)' could not be read (\(error.description)): its entries have no 'added' or 'updated'",
                                        at: location, hint: "check that 'git log -- \(source)' works in the site folder"))
        }
        return (dates, diagnostics)
    }
}
