import IndexSiteCore

extension PageRenderer {
    /// The fields a Markdown list's entries have beyond an item's own (title, url, description, category, done): the
    /// columns of the tables read as entries, in the order first met. Entries alike share their names, so each
    /// array of names is looked at once.
    func tableFields(_ list: IndexedList) -> [FieldPath] {
        let own: Set<String> = ["title", "url", "description", "category", "done", "prefix", "struck"]
        var fields: [String] = []
        var lastNames: ElementsAddress?
        for section in list.sections {
            for entry in section.entries where entry.fields.namesAddress != lastNames {
                lastNames = entry.fields.namesAddress
                for name in entry.fields.names where !own.contains(name) && !fields.contains(name) { fields.append(name) }
            }
        }
        return fields.map { FieldPath($0) }
    }
}
