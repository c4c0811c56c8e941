/// The templates and static files a site renders with: the built-in theme, overridden file by file by the site's own.
public struct Theme: Sendable {
    /// Template sources by name (`list` for `list.mustache`), with the path shown in diagnostics.
    public var templates: [String: SourceFile]
    /// Files copied to the output's `assets/` folder, by file name.
    public var assets: [String: [UInt8]]

    /// The templates every theme must have; a site's `Templates/` may override any of them and add partials.
    public static let templateNames = ["layout", "home", "list", "section", "entry", "strip", "entry-page"]

    /// The theme compiled into the library, so an installed binary works in any folder.
    public static var builtIn: Theme {
        var templates: [String: SourceFile] = [:]
        var assets: [String: [UInt8]] = [:]
        for (name, bytes) in BuiltInTheme.files {
            if name.hasSuffix(".mustache") {
                let templateName = String(name.dropLast(".mustache".count))
                templates[templateName] = SourceFile(path: "(built-in)/" + name, bytes: bytes)
            } else {
                assets[name] = bytes
            }
        }
        return Theme(templates: templates, assets: assets)
    }

    /// This theme with the site's own templates and assets put over it.
    public func overridden(by site: LoadedSite) -> Theme {
        var theme = self
        for (name, file) in site.templates { theme.templates[name] = file }
        for file in site.assets {
            // Subfolders stay: Templates/assets/fonts/a.woff2 is written as assets/fonts/a.woff2.
            theme.assets[String(file.path.dropFirst((SiteLoader.templatesFolder + "/assets/").count))] = file.bytes
        }
        return theme
    }
}
