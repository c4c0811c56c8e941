import Foundation
import Testing
@testable import IndexSite
@testable import IndexSiteCollation
@testable import IndexSiteCore
@testable import IndexSiteLoad
@testable import IndexSiteParse
@testable import IndexSiteRender
@testable import IndexSiteSection
@testable import IndexSiteWrite

/// The official Mustache specification, run as data (a copy of its JSON lives in Tests/Fixtures/mustache-spec).
@Suite struct MustacheSpecTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var file: String
        var name: String
        var template: String
        var expected: String
        var data: TemplateValue
        var partials: [String: String]
        var testDescription: String { "\(file): \(name)" }
    }

    static let files = ["comments", "delimiters", "interpolation", "inverted", "partials", "sections"]

    /// A JSON value of the spec's data, decoded strictly so `true` stays a flag and `1` a number.
    enum JSONValue: Decodable {
        case null, bool(Bool), number(Double), text(String), list([JSONValue]), object([String: JSONValue])

        init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() { self = .null }
            else if let flag = try? container.decode(Bool.self) { self = .bool(flag) }
            else if let number = try? container.decode(Double.self) { self = .number(number) }
            else if let text = try? container.decode(String.self) { self = .text(text) }
            else if let list = try? container.decode([JSONValue].self) { self = .list(list) }
            else { self = .object(try container.decode([String: JSONValue].self)) }
        }

        var template: TemplateValue {
            switch self {
            case .null: .null
            case .bool(let flag): .bool(flag)
            case .number(let number): .text(number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number))
            case .text(let text): .text(text)
            case .list(let items): .list(items.map(\.template))
            case .object(let object): .object(object.mapValues(\.template))
            }
        }
    }

    struct SpecFile: Decodable {
        struct Test: Decodable {
            var name: String
            var template: String
            var expected: String
            var data: JSONValue
            var partials: [String: String]?
        }
        var tests: [Test]
    }

    static let cases: [Case] = files.flatMap { file -> [Case] in
        guard let data = try? Data(contentsOf: Fixtures.folder.appendingPathComponent("mustache-spec/\(file).json")),
              let spec = try? JSONDecoder().decode(SpecFile.self, from: data) else { return [] }
        return spec.tests.map { test in
            Case(file: file, name: test.name, template: test.template, expected: test.expected, data: test.data.template,
                 partials: test.partials ?? [:])
        }
    }

    @Test func specFilesAreThere() {
        #expect(MustacheSpecTests.cases.count > 100)
    }

    @Test(arguments: MustacheSpecTests.cases)
    func spec(_ test: Case) throws {
        var library = MustacheLibrary()
        for (name, source) in test.partials { try library.add(name: name, source: source) }
        try library.add(name: "(test)", source: test.template)
        #expect(library.render("(test)", test.data) == test.expected)
    }

    @Test func syntaxErrorsHaveLineAndColumn() {
        #expect(throws: MustacheTemplate.SyntaxError(message: "section 'items' is never closed", line: 2, column: 1)) {
            try MustacheTemplate(name: "t", source: "<ul>\n{{#items}}\n<li>{{name}}</li>\n")
        }
        #expect(throws: MustacheTemplate.SyntaxError(message: "'{{/item}}' closes section 'items' opened on line 1", line: 2, column: 1)) {
            try MustacheTemplate(name: "t", source: "{{#items}}x\n{{/item}}")
        }
    }

    @Test func missingKeysAreCollected() throws {
        var library = MustacheLibrary()
        try library.add(name: "t", source: "{{title}}\n{{titel}}\n{{#list}}{{name}}{{/list}}\n{{site.nmae}}")
        var output: [UInt8] = []
        let context: TemplateValue = .object(["title": .text("T"), "list": .list([.object(["name": .text("n")])]),
                                              "site": .object(["name": .text("s")])])
        let missing = library.render("t", context, into: &output)
        #expect(missing.map(\.name).sorted() == ["site.nmae", "titel"])
        #expect(missing.first { $0.name == "titel" }?.line == 2)
    }
}
