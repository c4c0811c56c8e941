import Testing
@testable import IndexSite
@testable import IndexSiteCollation
@testable import IndexSiteCore
@testable import IndexSiteLoad
@testable import IndexSiteParse
@testable import IndexSiteRender
@testable import IndexSiteSection
@testable import IndexSiteWrite

/// Issue 17 item 17: `base_url` goes into canonical links, og:url, 404.html and sitemap.xml, so it must be an
/// absolute http(s) URL; anything else is an error at the value.
@Suite struct BaseURLSettingTests {
    func parse(_ value: String) -> (SiteSettings, [Diagnostic]) {
        SettingsParser.parseSite(SourceFile(path: "indexsite.yml", text: "title: T\nbase_url: \(value)\n"))
    }

    @Test(arguments: [("https://example.org", "https://example.org/"), ("http://localhost:8000/docs/", "http://localhost:8000/docs/"),
                      ("HTTPS://Example.org/a", "HTTPS://Example.org/a/"), ("https://例え.jp/索引", "https://例え.jp/索引/")])
    func absoluteHTTPURLsAreKept(_ value: String, _ expected: String) {
        let (settings, diagnostics) = parse(value)
        #expect(diagnostics.isEmpty)
        #expect(settings.baseURL == expected)
    }

    @Test(arguments: ["\"javascript:alert(document.domain)//\"", "\"java\\tscript:alert(1)//\"", "/relative/", "example.org", "https:///x",
                      "https:x", "ftp://example.org/", "data:text/html,x", "\"https://exa mple.org/\"", "\"https://x/\\u001B]52;c;x\\u0007\"",
                      "\"https://x/\\\"><script>\"", "//example.org/"])
    func anythingElseIsAnErrorAtTheValue(_ value: String) {
        let (settings, diagnostics) = parse(value)
        #expect(settings.baseURL == nil)
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.code == .badSettingValue)
        #expect(diagnostics.first?.location.line == 2 && diagnostics.first?.location.column == 11)
    }
}
