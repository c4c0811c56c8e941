import Foundation
import IndexSiteCollation
import IndexSiteCore

extension IndexedList {
    /// Sections and anchors entries made in memory in one call, as a build does for one source, without touching the disk:
    /// the `Sectioner` places and sorts them as `settings` say, the `AnchorAllocator` gives every section and entry its id.
    /// The list's slug is made from `settings.slug`, else the title; entries without a title are left out and reported.
    public static func make(title: String, entries: [Entry], settings: ListSettings, kind: SourceKind = .json) -> (IndexedList, [Diagnostic]) {
        let (sections, sectionDiagnostics) = Sectioner().section(Sectioner.Input(entries: entries, kind: kind), settings: settings)
        // Duplicate titles are reported only under --strict in a build, and their `-2` ids are stable: the same here.
        let (anchored, anchorDiagnostics) = AnchorAllocator(reportsCollisions: false).assign(sections, titleField: settings.titleField)
        let list = IndexedList(settings: settings, title: title, description: settings.description,
                               slug: Slug.make(settings.slug ?? title, fallback: "list"), kind: kind, sections: anchored)
        return (list, sectionDiagnostics + anchorDiagnostics)
    }
}
