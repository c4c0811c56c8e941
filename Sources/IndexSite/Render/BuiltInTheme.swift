/// The files of the built-in theme (`Sources/IndexSite/Theme/`), compiled into the library by SwiftPM's `embedInCode`.
/// A test checks that every file of that folder is listed here.
enum BuiltInTheme {
    static let files: [(name: String, bytes: [UInt8])] = [
        ("layout.mustache", PackageResources.layout_mustache),
        ("home.mustache", PackageResources.home_mustache),
        ("list.mustache", PackageResources.list_mustache),
        ("section.mustache", PackageResources.section_mustache),
        ("entry.mustache", PackageResources.entry_mustache),
        ("strip.mustache", PackageResources.strip_mustache),
        ("entry-page.mustache", PackageResources.entry_page_mustache),
        ("indexsite.css", PackageResources.indexsite_css),
        ("indexsite.js", PackageResources.indexsite_js),
    ]
}
