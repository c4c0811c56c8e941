import Foundation
import Testing
import IndexSiteTestSupport

/// An `@inlinable` member of a `package` type that is not `@usableFromInline` has no body outside its module, and the
/// compiler says nothing: the stages then call it unspecialised (the span readers copied each entry into such calls,
/// and `Engine.sort` compared through witness tables). Every such member in Sources is flagged here.
@Suite struct InlinableBodiesTests {
    @Test func everyInlinableMemberOfAPackageTypeIsVisibleToItsCallers() {
        let sources = TestSupport.tree(Fixtures.repository.appendingPathComponent("Sources"))
        #expect(sources.count > 50, "the sources were not found")
        let texts = Dictionary(uniqueKeysWithValues: sources.filter { $0.key.hasSuffix(".swift") }.map { ($0.key, String(decoding: $0.value, as: UTF8.self)) })
        let hidden = Self.hiddenInlinables(in: texts)
        #expect(hidden.isEmpty, "mark the type @usableFromInline (and what the bodies use): \(hidden.joined(separator: "; "))")
    }

    @Test func aHiddenInlinableIsFound() {
        let files = [
            "A.swift": "package struct Hidden {\n    @inlinable package func f() {}\n}\n",
            "B.swift": "extension Hidden {\n    @inlinable package func g() {}\n}\n",
            "C.swift": "@usableFromInline package struct Shown {\n    @inlinable package func h() {}\n}\n",
            "D.swift": "package enum Plain {\n    package func k() {}\n}\n",
        ]
        #expect(Self.hiddenInlinables(in: files) == ["A.swift:2 (Hidden)", "B.swift:2 (Hidden)"])
    }

    /// "path:line (Type)" of each `@inlinable` inside a top-level `package` type not marked `@usableFromInline`, or
    /// inside a top-level extension of one, by file and line.
    static func hiddenInlinables(in files: [String: String]) -> [String] {
        let lines = files.mapValues { $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
        var hiddenTypes: Set<String> = []
        for fileLines in lines.values {
            for (number, line) in fileLines.enumerated() {
                guard let name = Self.declaredName(line, after: ["package struct ", "package enum ", "package final class ", "package class ", "package actor "]) else { continue }
                let previous = number > 0 ? fileLines[number - 1].trimmingCharacters(in: .whitespaces) : ""
                if !previous.hasPrefix("@usableFromInline") { hiddenTypes.insert(name) }
            }
        }
        var found: [String] = []
        for (path, fileLines) in lines.sorted(by: { $0.key < $1.key }) {
            var current: String?
            for (number, line) in fileLines.enumerated() {
                if let name = Self.declaredName(line, after: ["package struct ", "package enum ", "package final class ", "package class ",
                                                              "package actor ", "extension "]) {
                    current = hiddenTypes.contains(name) ? name : nil
                } else if line.hasPrefix("}") {
                    current = nil
                } else if let current, line.trimmingCharacters(in: .whitespaces).hasPrefix("@inlinable") {
                    found.append("\(path):\(number + 1) (\(current))")
                }
            }
        }
        return found
    }

    /// The type a top-level line declares or extends after one of `keywords`: "Engine" of "extension Engine {".
    static func declaredName(_ line: String, after keywords: [String]) -> String? {
        guard let keyword = keywords.first(where: line.hasPrefix) else { return nil }
        let name = line.dropFirst(keyword.count).prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
        return name.isEmpty ? nil : String(name)
    }
}
