extension [Section] {
    /// For each section, how many entries it and its sub-sections hold together (sub-sections are the deeper sections
    /// that follow it in the flat page order). A parent heading whose entries all sit in sub-sections is not empty.
    public var subtreeEntryCounts: [Int] {
        // Each section adds its own entries to every open ancestor (a deep tree is a few levels, so this stays linear).
        var counts = map(\.entries.count)
        var ancestors: [Int] = []
        for index in indices {
            while let last = ancestors.last, self[last].level >= self[index].level { ancestors.removeLast() }
            for ancestor in ancestors { counts[ancestor] += self[index].entries.count }
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
