import Foundation
import IndexSiteTestSupport

/// Paths of the repository's test fixtures, found from this file's location so tests run from any folder.
enum Fixtures {
    static let repository = TestSupport.repository
    static let folder = TestSupport.fixtures

    static func text(_ relative: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(relative), encoding: .utf8)
    }
}
