import Foundation
import Testing
@testable import IndexSiteCore
@testable import IndexSiteParse

/// A README with no `#` heading is still titled by what names it on GitHub: a banner's `<h1>` or image, or a `##`
/// heading above the list; never by an announcement or a sponsor, and its tagline is kept.
@Suite struct MarkdownListTitleTests {
    static func parse(_ text: String) -> ParsedSource {
        MarkdownListParser().parse(SourceFile(path: "Content/README.md", text: text))
    }

    @Test func aBannerTitlesAListWithoutAHeading() {
        let parsed = MarkdownListTitleTests.parse("""
        <!-- <h1>Hidden in a comment</h1> -->

        <p align="center"><img src="./logo.png" alt="Awesome Kites logo"></p>

        > A curated list of kites.

        ## Contents

        - [Box kites](#box-kites)

        ## Box kites

        - [Hargrave](https://kite.example) - The first box kite.
        """)
        #expect(parsed.title == "Awesome Kites")
        #expect(parsed.description == "A curated list of kites.")
        #expect(parsed.declaredSections.map(\.title) == ["Box kites"])
    }

    /// sindresorhus/awesome's shape: the logo and a sponsor's message in one `<div>`; the logo, first, names the list.
    @Test func aLogoAboveASponsorInOneBlockTitlesTheList() {
        let parsed = MarkdownListTitleTests.parse("""
        <div align="center">
        <img width="500" src="media/logo.svg" alt="Awesome">
        <p><a href="https://github.com/sponsors/someone">My work is supported by the community</a></p>
        <a href="https://example.com?utm_medium=sponsorship"><img src="https://example.com/ad.png" alt="Example Corp"></a>
        </div>

        ## Tools

        - [Vite](https://vite.example) - Fast.
        """)
        #expect(parsed.title == "Awesome")
    }

    @Test func anH1BannerWinsOverItsImageAndSponsorsNeverTitle() {
        let withHeading = MarkdownListTitleTests.parse("""
        <div align="center"><img src="./logo.svg" alt="Logo"><h1>Awesome <em>Vue</em></h1></div>

        ## Tools

        - [Vite](https://vite.example)
        """)
        #expect(withHeading.title == "Awesome Vue")
        let sponsored = MarkdownListTitleTests.parse("""
        <div align="center">Sponsored by</div>

        <div><img alt="SerpApi logo" src="./serpapi.svg"></div>

        ## Tools

        - [Vite](https://vite.example)
        """)
        #expect(sponsored.title == nil)
    }

    @Test func aSecondLevelHeadingOverTheTaglineTitlesTheList() {
        let parsed = MarkdownListTitleTests.parse("""
        <p align="center"><img src="https://shields.io/badge.svg" alt="Build passing"></p>

        ## Awesome Vue.js

        > A curated list of awesome things related to Vue.js

        ## Resources

        - [Docs](https://vuejs.example)
        """)
        #expect(parsed.title == "Awesome Vue.js")
        #expect(parsed.description == "A curated list of awesome things related to Vue.js")
        #expect(parsed.declaredSections.map(\.title) == ["Resources"])
    }

    @Test func anAnnouncementIsNeverTheTitle() {
        let parsed = MarkdownListTitleTests.parse("""
        # APILayer Unified Suite in now Live! 🎉

        [Try it](https://sponsor.example)

        # Public APIs

        ## Animals

        - [Cats](https://cats.example)
        """)
        #expect(parsed.title == "Public APIs")
        #expect(!MarkdownListParser.Assembler.isAnnouncement("Awesome Go"))
    }

    /// awesome-falsehood has no `#` heading: its title is its header image's alt text.
    @Test func falsehoodIsTitledByItsHeaderImage() throws {
        let markdown = try String(contentsOf: AwesomeListStructureTests.shared.appendingPathComponent("corpus/awesome/awesome-falsehood.md"),
                                  encoding: .utf8)
        let parsed = MarkdownListTitleTests.parse(markdown)
        #expect(parsed.title == "Awesome Falsehood")
        #expect(parsed.description?.hasPrefix("A curated [![Awesome]") == true)
        #expect(parsed.declaredSections.first?.title == "Meta")
    }

    /// awesome-linux-software opens with a bold notice: the tagline is the paragraph that says what the list is.
    @Test func aNoticeIsNoTagline() throws {
        let markdown = try String(contentsOf: AwesomeListStructureTests.shared.appendingPathComponent("corpus/awesome/awesome-linux-software.md"),
                                  encoding: .utf8)
        let parsed = MarkdownListTitleTests.parse(markdown)
        #expect(parsed.title == "Awesome Linux Software")
        #expect(parsed.description?.hasPrefix("🐧 This repo is a collection of **AWESOME** Linux applications") == true)
        #expect(MarkdownListTitleTests.parse("# T\n\n**Note:** moved.\n\nA list of tents.\n\n## A\n\n- [x](https://x.example)\n").description == "A list of tents.")
    }

    /// marcelscruz/public-apis shows no title at all: its banner is in a comment, then come sponsors.
    @Test func publicAPIsTakesNoSponsorAsItsTitle() throws {
        let markdown = try String(contentsOf: AwesomeListStructureTests.shared.appendingPathComponent("corpus/awesome/marcelscruz-public-apis.md"),
                                  encoding: .utf8)
        #expect(MarkdownListTitleTests.parse(markdown).title == nil)
    }
}
