extension [Section] {
    /// For each section, how many entries it and its sub-sections hold together (sub-sections are the deeper sections
    /// that follow it in the flat page order).
    public var subtreeEntryCounts: [Int] { subtreeSums { $0.entries.count } }

    /// For each section, whether it is empty: neither it nor its sub-sections hold an entry or a description (a
    /// "License" heading with a paragraph and no items is not empty, nor a parent whose entries all sit in
    /// sub-sections). The one rule for `empty_sections`: Section drops these under `hide`, Render greys them in the
    /// strip and leaves their headers off the page under `index`.
    public var emptySubtrees: [Bool] { subtreeSums { $0.entries.count + ($0.description == nil ? 0 : 1) }.map { $0 == 0 } }

    /// For each section, `own(section)` summed over it and its sub-sections.
    package func subtreeSums(_ own: (Section) -> Int) -> [Int] {
        // Each section adds its own count to every open ancestor (a deep tree is a few levels, so this stays linear).
        var counts = map(own)
        var ancestors: [Int] = []
        for index in indices {
            while let last = ancestors.last, self[last].level >= self[index].level { ancestors.removeLast() }
            for ancestor in ancestors { counts[ancestor] += counts[index] }
            ancestors.append(index)
        }
        return counts
    }

    /// For each section, the titles of its ancestors and its own, outermost first: the path its id is made from when
    /// its title repeats on the page (`networking-libraries`).
    public var titlePaths: [[String]] {
        var paths: [[String]] = []
        var ancestors: [Int] = []
        for index in indices {
            while let last = ancestors.last, self[last].level >= self[index].level { ancestors.removeLast() }
            paths.append(ancestors.map { self[$0].title } + [self[index].title])
            ancestors.append(index)
        }
        return paths
    }
}
