import Foundation

/// The small script the preview server puts into every HTML page it serves (never into the built files): it waits on
/// the events endpoint and reloads the page when the build version there differs from the one the page was served with.
public enum LiveReloadScript {
    /// The long-poll endpoint the script waits on.
    public static let eventsPath = "/__indexsite/events"

    /// The `<script>` element for a page served at version `tag`.
    public static func element(tag: String) -> String {
        // The tag is the server's own: ASCII letters, digits and a dot, nothing that could end the string or the script.
        let quoted = "\"" + String(tag.unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == ".") }) + "\""
        return """
        <script data-indexsite-live-reload>(function () {
          var version = \(quoted);
          function wait(delay) {
            setTimeout(function () {
              fetch("\(eventsPath)?version=" + encodeURIComponent(version), { cache: "no-store" })
                .then(function (response) { if (!response.ok) { throw new Error(response.status); } return response.json(); })
                .then(function (event) { if (event.version !== version) { location.reload(); } else { wait(0); } })
                .catch(function () { wait(1000); });
            }, delay);
          }
          wait(0);
        })();</script>
        """
    }

    /// The page with the script put just before its last `</body>`, or at the end when it has none.
    public static func inject(into html: Data, tag: String) -> Data {
        let script = Data(element(tag: tag).utf8)
        let bytes = [UInt8](html)
        let closing = Array("</body".utf8)
        if bytes.count >= closing.count {
            var index = bytes.count - closing.count
            while index >= 0 {
                if zip(bytes[index ..< index + closing.count], closing).allSatisfy({ lowercased($0) == $1 }) {
                    var result = Data(bytes[..<index])
                    result.append(script)
                    result.append(contentsOf: bytes[index...])
                    return result
                }
                index -= 1
            }
        }
        var result = html
        result.append(script)
        return result
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
}
