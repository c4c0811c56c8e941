import IndexSiteCore
/// The templates and static files a site renders with: the built-in theme, overridden file by file by the site's own.
public struct Theme: Sendable {
    /// Template sources by name (`list` for `list.mustache`), with the path shown in diagnostics.
    public var templates: [String: SourceFile]
    /// Files copied to the output's `assets/` folder, by file name.
    public var assets: [String: [UInt8]]
    /// Catalogs of page words by language tag (`sv`, `zh-Hant`): the built-in one first, then the site's own
    /// (`Templates/strings/<tag>.yml`), whose keys win.
    public var catalogs: [String: [SourceFile]] = [:]

    /// The templates every theme must have; a site's `Templates/` may override any of them and add partials.
    public static let templateNames = ["layout", "home", "list", "section", "entry", "strip", "entry-page", "not-found", "head", "header", "footer"]

    /// The theme compiled into the library, so an installed binary works in any folder. Made once per process.
    public static let builtIn: Theme = {
        var templates: [String: SourceFile] = [:]
        var assets: [String: [UInt8]] = [:]
        var catalogs: [String: [SourceFile]] = [:]
        for (name, bytes) in BuiltInTheme.files {
            if name.hasPrefix("strings/") {
                let tag = String(name.dropFirst("strings/".count).dropLast(".yml".count))
                catalogs[tag] = [SourceFile(path: "(built-in)/" + name, bytes: bytes)]
            } else if name.hasSuffix(".mustache") {
                let templateName = String(name.dropLast(".mustache".count))
                templates[templateName] = SourceFile(path: "(built-in)/" + name, bytes: bytes)
            } else if name.hasPrefix("assets/") {
                assets[String(name.dropFirst("assets/".count))] = bytes
            }
        }
        return Theme(templates: templates, assets: assets, catalogs: catalogs)
    }()

    /// This theme with the site's own templates and assets put over it.
    public func overridden(by site: LoadedSite) -> Theme {
        var theme = self
        for (name, file) in site.templates { theme.templates[name] = file }
        for file in site.stringCatalogs {
            let name = String(file.path.split(separator: "/").last ?? "")
            let tag = String(name.dropLast(name.hasSuffix(".yaml") ? 5 : 4))
            theme.catalogs[Localization.canonicalTag(tag), default: []].append(file)
        }
        for file in site.assets {
            // Subfolders stay: Templates/assets/fonts/a.woff2 is written as assets/fonts/a.woff2.
            theme.assets[String(file.path.dropFirst((SiteLayout.templatesFolder + "/assets/").count))] = file.bytes
        }
        return theme
    }
}
