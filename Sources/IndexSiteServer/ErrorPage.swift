import IndexSite

/// The page the preview shows in place of the site while the last build failed: every diagnostic with its file, line,
/// column, message and code, all HTML-escaped, and the live-reload script, so the site comes back once it is fixed.
public enum ErrorPage {
    /// At most this many diagnostics are listed; the rest are counted.
    static let limit = 200

    public static func html(_ diagnostics: [Diagnostic], strict: Bool = false, tag: String) -> String {
        let errors = diagnostics.filter { $0.severity.reported(strict: strict) == .error }.count
        var items = ""
        for diagnostic in diagnostics.prefix(limit) {
            let location = diagnostic.location
            let severity = diagnostic.severity.reported(strict: strict)
            // One line, as the command line prints it: path:line:col: severity: message [code], then the hint.
            items += "<li class=\"\(severity.rawValue)\"><span class=\"where\">\(HTML.escaped(location.path)):\(location.line):\(location.column)</span>: "
                + "<span class=\"severity\">\(severity.rawValue)</span>: <span class=\"message\">\(HTML.escaped(diagnostic.message))</span> "
                + "<code class=\"code\">[\(HTML.escaped(diagnostic.code.rawValue))]</code>"
            if let hint = diagnostic.hint { items += "<div class=\"hint\">hint: \(HTML.escaped(hint))</div>" }
            items += "</li>\n"
        }
        if diagnostics.count > limit { items += "<li>… and \(diagnostics.count - limit) more</li>\n" }
        return """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Build failed · IndexSite preview</title>
            <link rel="icon" href="data:,">
            <style>
            :root { color-scheme: light dark; font-family: system-ui, sans-serif; }
            body { margin: 2rem auto; max-width: 60rem; padding: 0 1rem; line-height: 1.5; }
            h1 { color: #b00020; font-size: 1.5rem; }
            ol { padding-left: 1.5rem; }
            li { margin: 0 0 1rem; font-family: ui-monospace, monospace; overflow-wrap: anywhere; }
            .where { font-weight: bold; }
            .error .severity { color: #b00020; }
            .warning .severity { color: #8a5a00; }
            .hint { opacity: .8; margin-left: 2ch; }
            @media (prefers-color-scheme: dark) { h1, .error .severity { color: #ff7b8a; } .warning .severity { color: #f0c060; } }
            </style>
            </head>
            <body>
            <main>
            <h1>The site did not build</h1>
            <p>\(errors == 1 ? "1 error" : "\(errors) errors") stopped the build. Fix \(errors == 1 ? "it" : "them") and save: this page reloads by itself.</p>
            <ol class="diagnostics">
            \(items)</ol>
            </main>
            \(LiveReloadScript.element(tag: tag))
            </body>
            </html>

            """
    }
}
