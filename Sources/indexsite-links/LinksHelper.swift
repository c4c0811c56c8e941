import Foundation
import IndexSiteLinkProtocol
import IndexSiteLinks

/// `indexsite-links`: the network half of `indexsite check --links`, a program of its own as git's `git-remote-https`
/// is, so that `indexsite` links no HTTP client (async-http-client, SwiftNIO and BoringSSL, which every build would
/// load and only link checks use). It reads a `LinkProbeRequest` from standard input and writes a `LinkProbeReply` line
/// per URL as each is checked. Exits 0 when every URL was answered, 2 for a request it cannot read.
@main
enum LinksHelper {
    static func main() async {
        if CommandLine.arguments.count > 1 || isatty(STDIN_FILENO) == 1 {
            fail("usage: \(LinkProbe.helperName) < request.json\n"
                 + "Checks the URLs of a link-check request (JSON on standard input) over HTTP(S) and writes one JSON line per URL.\n"
                 + "`indexsite check --links` runs it; it is not meant to be run by hand.", status: CommandLine.arguments.contains("--help") ? 0 : 64)
        }
        let input = FileHandle.standardInput.readDataToEndOfFile()
        let request: LinkProbeRequest
        do {
            request = try JSONDecoder().decode(LinkProbeRequest.self, from: input)
        } catch {
            // A request of another version may not decode at all: say which version this helper speaks first.
            let version = (try? JSONDecoder().decode(VersionOnly.self, from: input))?.version
            if let version, version != LinkProbe.version { versionMismatch(version) }
            fail("\(LinkProbe.helperName): the request on standard input is not a link-check request: \(error)", status: 2)
        }
        guard request.version == LinkProbe.version else { versionMismatch(request.version) }
        var checker = LinkChecker(settings: request.settings, userAgent: request.userAgent)
        checker.extraTrustedCertificatesPEM = request.trustedCertificatesPEM
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        _ = await checker.check(request.urls, anchorsWanted: Set(request.anchorsWanted)) { url, outcome in
            guard var line = try? encoder.encode(LinkProbeReply(url: url, outcome: outcome)) else { return }
            line.append(UInt8(ascii: "\n"))
            FileHandle.standardOutput.write(line)
        }
        exit(0)
    }

    /// The one field every version of the request has.
    struct VersionOnly: Decodable {
        var version: Int
    }

    static func versionMismatch(_ version: Int) -> Never {
        fail("\(LinkProbe.helperName) speaks link-check version \(LinkProbe.version), and indexsite sent version \(version): "
             + "install indexsite and \(LinkProbe.helperName) from the same release", status: 2)
    }

    static func fail(_ message: String, status: Int32) -> Never {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        exit(status)
    }
}
