extension [Section] {
    /// For each section, how many entries it and its sub-sections hold together (sub-sections are the deeper sections
    /// that follow it in the flat page order). A parent heading whose entries all sit in sub-sections is not empty.
    public var subtreeEntryCounts: [Int] { subtreeSums { $0.entries.count } }

    /// For each section, what it and its sub-sections hold to show: entries, and descriptions (a "Contribution"
    /// heading with a paragraph and no items is content too). A section is on the page when this is not zero.
    public var subtreeContentCounts: [Int] { subtreeSums { $0.entries.count + ($0.description == nil ? 0 : 1) } }

    private func subtreeSums(_ own: (Section) -> Int) -> [Int] {
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
