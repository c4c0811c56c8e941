import IndexSiteCore
/// The files of the built-in theme (`Sources/Render/Theme/`), compiled into the library by SwiftPM's `embedInCode`.
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
        ("strings/en.yml", PackageResources.en_yml),
        ("strings/de.yml", PackageResources.de_yml),
        ("strings/fr.yml", PackageResources.fr_yml),
        ("strings/es.yml", PackageResources.es_yml),
        ("strings/it.yml", PackageResources.it_yml),
        ("strings/pt.yml", PackageResources.pt_yml),
        ("strings/nl.yml", PackageResources.nl_yml),
        ("strings/sv.yml", PackageResources.sv_yml),
        ("strings/da.yml", PackageResources.da_yml),
        ("strings/nb.yml", PackageResources.nb_yml),
        ("strings/fi.yml", PackageResources.fi_yml),
        ("strings/pl.yml", PackageResources.pl_yml),
        ("strings/cs.yml", PackageResources.cs_yml),
        ("strings/tr.yml", PackageResources.tr_yml),
        ("strings/ru.yml", PackageResources.ru_yml),
        ("strings/uk.yml", PackageResources.uk_yml),
        ("strings/el.yml", PackageResources.el_yml),
        ("strings/ja.yml", PackageResources.ja_yml),
        ("strings/zh-Hans.yml", PackageResources.zh_Hans_yml),
        ("strings/zh-Hant.yml", PackageResources.zh_Hant_yml),
        ("strings/ko.yml", PackageResources.ko_yml),
        ("strings/ar.yml", PackageResources.ar_yml),
        ("strings/he.yml", PackageResources.he_yml),
    ]
}
