// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "IndexSite",
    products: [
        .library(name: "IndexSite", targets: ["IndexSite"]),
        .executable(name: "indexsite", targets: ["IndexSiteCLI"]),
        // The link checker's network half, which `indexsite check --links` runs beside it (docs/ARCHITECTURE.md).
        .executable(name: "indexsite-links", targets: ["IndexSiteLinksHelper"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
        // The link checker's HTTP client (its own target, IndexSiteLinks, linked only by the indexsite-links helper).
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        // Already resolved through async-http-client; named so the link checker can set timeouts and trust, and its
        // tests start local HTTP(S) servers.
        .package(url: "https://github.com/apple/swift-nio", from: "2.100.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.30.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CCmark",
            path: "Sources/CCmark",
            providers: [.apt(["libcmark-dev"])]
        ),
        .target(
            name: "ICUCollation",
            path: "Sources/ICUCollation",
            linkerSettings: [
                .linkedLibrary("icui18n"),
                .linkedLibrary("icuuc"),
                .linkedLibrary("icudata"),
            ]
        ),
        // cmark's allocator for documents parsed, read and freed in one go: a per-thread arena (see its header).
        .target(
            name: "CMarkdownArena",
            dependencies: ["CCmark"],
            path: "Sources/CMarkdownArena"
        ),
        // renameat2 and open(2) for the Write stage, which Swift cannot declare itself (a GNU extension; variadic).
        .target(
            name: "CFileSystem",
            path: "Sources/CFileSystem"
        ),
        // A cache prefetch hint, which Swift cannot spell, for the loops that read a sorted list's rows out of order.
        .target(
            name: "CPrefetch",
            path: "Sources/CPrefetch"
        ),
        // The allocator's heap padding for the command, which Swift cannot set (<malloc.h> is not in its Glibc module).
        .target(
            name: "CAllocator",
            path: "Sources/CAllocator"
        ),
        // A thread started on another core than its parent's, which Swift cannot ask for (a GNU extension; macros).
        .target(
            name: "CThreads",
            path: "Sources/CThreads"
        ),
        // The engine: every piece of concurrency and memory machinery (the pool, background work, ordered maps, the
        // parallel sort, prefetch, huge pages, heap padding) behind a few verbs, serial or parallel (`Engine`). The only
        // target that imports CThreads, CPrefetch and CAllocator or starts a thread; Core re-exports it to the stages.
        .target(
            name: "IndexSiteEngine",
            dependencies: ["CPrefetch", "CThreads", "CAllocator"],
            path: "Sources/Engine"
        ),
        // The pipeline, one target per stage: each imports only the stages before it, so the arrows stay one-way.
        // Core holds the values every stage passes on (entries, sections, settings, diagnostics, source positions).
        .target(
            name: "IndexSiteCore",
            dependencies: ["IndexSiteEngine"],
            path: "Sources/Core"
        ),
        // Load: the only stage besides Write that touches the disk; reads the site folder into a LoadedSite.
        .target(
            name: "IndexSiteLoad",
            dependencies: ["IndexSiteCore"],
            path: "Sources/Load"
        ),
        // The one door to ICU (collation, sort keys, plural rules, number formats, case folding), over the C++ target's
        // plain-C API; Parse orders terms and checks A–Z order with it, Section sorts, Render writes numbers.
        .target(
            name: "IndexSiteCollation",
            dependencies: ["IndexSiteCore", "ICUCollation"],
            path: "Sources/Collation"
        ),
        // Parse: settings, CSV, JSON, front matter and Markdown (the cmark bridge) into ParsedSources.
        .target(
            name: "IndexSiteParse",
            dependencies: [
                "IndexSiteCore",
                "IndexSiteCollation",
                "CCmark",
                "CMarkdownArena",
                .product(name: "Yams", package: "Yams"),
            ],
            path: "Sources/Parse"
        ),
        // Section: field checks, duplicates, sort keys (through Collation), grouping, index titles and anchors.
        .target(
            name: "IndexSiteSection",
            dependencies: ["IndexSiteCore", "IndexSiteCollation"],
            path: "Sources/Section"
        ),
        // History: when each entry was added and last changed, read from the site's git repository (`git` as a
        // subprocess, oldest commit first) and cached in the site's `.indexsite/history/`; between Parse and Section,
        // as old versions of data files are read with Parse's parsers. Like Load and Write, it touches the disk.
        .target(
            name: "IndexSiteHistory",
            dependencies: ["IndexSiteCore", "IndexSiteEngine", "IndexSiteParse"],
            path: "Sources/History"
        ),
        // Render: the Mustache engine, the built-in theme and the pages of each list.
        .target(
            name: "IndexSiteRender",
            dependencies: ["IndexSiteCore", "IndexSiteCollation", "IndexSiteParse"],
            path: "Sources/Render",
            plugins: ["EmbedTemplates"]
        ),
        // Compiles Templates/ (the built-in theme's one source) into the Render target at build time.
        .plugin(
            name: "EmbedTemplates",
            capability: .buildTool(),
            dependencies: ["EmbedTemplatesTool"],
            path: "Plugins/EmbedTemplates"
        ),
        .executableTarget(
            name: "EmbedTemplatesTool",
            path: "Plugins/EmbedTemplatesTool"
        ),
        // Write: the atomic swap of the output folder, its lock and manifest (Load's folder identities tell a replaced
        // staging folder).
        .target(
            name: "IndexSiteWrite",
            dependencies: ["IndexSiteCore", "IndexSiteEngine", "IndexSiteLoad", "CFileSystem"],
            path: "Sources/Write"
        ),
        // The library: Build.run runs the stages in order; Scaffold writes `init`'s starter site.
        .target(
            name: "IndexSite",
            dependencies: [
                "IndexSiteCore",
                "IndexSiteCollation",
                "IndexSiteLoad",
                "IndexSiteParse",
                "IndexSiteSection",
                "IndexSiteHistory",
                "IndexSiteRender",
                "IndexSiteWrite",
            ],
            path: "Sources/IndexSite"
        ),
        // What `indexsite` and its link-checking helper `indexsite-links` say to each other (JSON over a pipe), and the
        // outcome of a URL: Foundation only, so both sides share it and `indexsite` links no HTTP client.
        .target(
            name: "IndexSiteLinkProtocol",
            path: "Sources/LinkProtocol"
        ),
        // `indexsite check --links`, the site's half: every external and relative link of the built lists, the cache in
        // `.indexsite/links.json`, the diagnostics at each link's source, and running the helper for the URLs to ask.
        .target(
            name: "IndexSiteLinkCheck",
            dependencies: ["IndexSite", "IndexSiteLinkProtocol"],
            path: "Sources/LinkCheck"
        ),
        // The network half: URLs checked over HTTP(S) with async-http-client (SwiftNIO, BoringSSL), which weighs
        // 11.5 MB, so only the indexsite-links helper links it; it knows nothing of sites.
        .target(
            name: "IndexSiteLinks",
            dependencies: [
                "IndexSiteLinkProtocol",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            path: "Sources/Links"
        ),
        // `indexsite-links`: reads a link-check request on stdin, answers a line per URL (as git runs git-remote-https).
        .executableTarget(
            name: "IndexSiteLinksHelper",
            dependencies: ["IndexSiteLinks", "IndexSiteLinkProtocol"],
            path: "Sources/indexsite-links"
        ),
        // `indexsite serve`: the preview server, kept apart so the IndexSite library has no server dependencies.
        .target(
            name: "IndexSiteServer",
            dependencies: [
                "IndexSite",
                .product(name: "FlyingSocks", package: "FlyingFox"),
            ],
            path: "Sources/IndexSiteServer"
        ),
        .executableTarget(
            name: "IndexSiteCLI",
            dependencies: [
                "IndexSite",
                "IndexSiteServer",
                "IndexSiteLinkCheck",
                "IndexSiteEngine",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/indexsite"
        ),
        // libFuzzer targets for the parsers (Scripts/fuzz.sh builds it with --sanitize fuzzer); a plain build replays inputs.
        .executableTarget(
            name: "IndexSiteFuzz",
            dependencies: ["IndexSiteCore", "IndexSiteParse", "IndexSiteRender"],
            path: "Fuzz/IndexSiteFuzz"
        ),
        // What every test target shares: the repository and binary, runs, temporary folders, site builders, trees.
        .target(
            name: "IndexSiteTestSupport",
            path: "Tests/TestSupport"
        ),
        .testTarget(
            name: "IndexSiteTests",
            dependencies: [
                "CMarkdownArena",
                "CThreads",
                "IndexSite",
                "IndexSiteEngine",
                "IndexSiteCollation",
                "IndexSiteCore",
                "IndexSiteHistory",
                "IndexSiteLoad",
                "IndexSiteParse",
                "IndexSiteRender",
                "IndexSiteSection",
                "IndexSiteWrite",
                "IndexSiteTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            path: "Tests/IndexSiteTests"
        ),
        .testTarget(
            name: "GoldenSiteTests",
            dependencies: ["IndexSite", "IndexSiteTestSupport"],
            path: "Tests/GoldenSiteTests",
            exclude: ["Sites"]
        ),
        .testTarget(
            name: "CLITests",
            // The helper too: the command-line tests run `check --links`, which runs it from beside `indexsite`.
            dependencies: ["IndexSiteCLI", "IndexSiteLinksHelper", "IndexSiteTestSupport"],
            path: "Tests/CLITests",
            exclude: ["Sites"]
        ),
        .testTarget(
            name: "LinkCheckTests",
            dependencies: [
                "IndexSiteLinks",
                "IndexSiteLinkCheck",
                "IndexSiteLinksHelper",
                "IndexSiteCLI",
                "IndexSiteTestSupport",
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            path: "Tests/LinkCheckTests"
        ),
        .testTarget(
            name: "ServeTests",
            dependencies: ["IndexSiteServer", "IndexSiteCLI", "IndexSiteTestSupport"],
            path: "Tests/ServeTests"
        ),
    ],
    cxxLanguageStandard: .cxx17
)
