import Foundation
import IndexSiteCore
extension MarkdownListParser {
    /// What an HTML block at the top of a README says of the list: a README with no `#` heading is often titled only
    /// by a banner, `<h1>Awesome X</h1>` or `<img alt="Awesome X header image">`; a sponsor's block (`Sponsored by`,
    /// a logo linking to a sponsor) names a sponsor, not the list. Comments are not shown by GitHub, so they say nothing.
    struct Banner {
        var title: String?
        var isSponsor: Bool

        /// Nil for a block that neither names the list nor is a sponsor's.
        init?(html: String) {
            let lower = html.lowercased()
            guard !lower.trimmingSpaces.hasPrefix("<!--") else { return nil }
            let sponsor = html.range(of: "sponsor", options: .caseInsensitive)
            isSponsor = sponsor != nil
            // One block often holds the list's logo and, below it, a sponsor's: only what comes first names the list.
            let head = String(html[..<(sponsor?.lowerBound ?? html.endIndex)]), headLower = head.lowercased()
            title = Banner.headingText(head, lower: headLower) ?? Banner.imageAlt(head, lower: headLower)
            if title == nil, !isSponsor { return nil }
        }

        /// The `id` and `name` values of an HTML block's tags, lower-cased; none for a comment, which GitHub does not show.
        static func anchors(in html: String) -> [String] {
            guard html.contains("id=") || html.contains("name="), !html.trimmingSpaces.hasPrefix("<!--") else { return [] }
            return html.matches(of: /\s(?:name|id)\s*=\s*["']([^"']+)["']/).map { String($0.output.1).lowercased() }
        }

        /// The text of the block's first `<h1>`, without tags.
        static func headingText(_ html: String, lower: String) -> String? {
            guard let open = lower.range(of: "<h1"), let openEnd = lower[open.upperBound...].firstIndex(of: ">"),
                  let close = lower[openEnd...].range(of: "</h1>") else { return nil }
            let inner = html[html.index(after: openEnd)..<close.lowerBound]
            let text = plainText(of: inner)
            return text.isEmpty ? nil : text
        }

        /// The alt text of the block's first image that is not a badge, without "logo", "banner" or "header image".
        static func imageAlt(_ html: String, lower: String) -> String? {
            var from = lower.startIndex
            while let image = lower[from...].range(of: "<img") {
                let tagEnd = lower[image.upperBound...].firstIndex(of: ">") ?? lower.endIndex
                from = tagEnd
                let tag = lower[image.upperBound..<tagEnd]
                guard !tag.contains("shields.io"), !tag.contains("badge"), let alt = tag.range(of: "alt=") else { continue }
                guard alt.upperBound < tagEnd else { continue }
                let quote = lower[alt.upperBound]
                guard quote == "\"" || quote == "'" else { continue }
                let start = lower.index(after: alt.upperBound)
                guard let end = lower[start..<tagEnd].firstIndex(of: quote) else { continue }
                var text = plainText(of: html[start..<end])
                var trimmedSuffix = true
                while trimmedSuffix {
                    trimmedSuffix = false
                    for suffix in [" header image", " header", " banner", " logo", " image"] where text.lowercased().hasSuffix(suffix) {
                        text = String(text.dropLast(suffix.count)).trimmingSpaces
                        trimmedSuffix = true
                    }
                }
                if !text.isEmpty { return text }
            }
            return nil
        }

        /// Text without its tags, with the common entities decoded and runs of spaces made one.
        static func plainText(of html: Substring) -> String {
            var text = ""
            var inTag = false
            for character in html {
                if character == "<" { inTag = true; continue }
                if character == ">" { inTag = false; continue }
                if !inTag { text.append(character) }
            }
            for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&nbsp;", " "), ("&amp;", "&")] {
                text = text.replacing(entity, with: character)
            }
            return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
    }
}
