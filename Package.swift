// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "IndexSite",
    products: [
        .library(name: "IndexSite", targets: ["IndexSite"]),
        .executable(name: "indexsite", targets: ["IndexSiteCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
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
        .target(
            name: "IndexSite",
            dependencies: [
                "CCmark",
                "ICUCollation",
                .product(name: "Yams", package: "Yams"),
            ],
            path: "Sources/IndexSite",
            resources: [.embedInCode("Theme")]
        ),
        // `indexsite serve`: the preview server, kept apart so the IndexSite library has no server dependencies.
        .target(
            name: "IndexSiteServer",
            dependencies: [
                "IndexSite",
                .product(name: "FlyingFox", package: "FlyingFox"),
                .product(name: "FlyingSocks", package: "FlyingFox"),
            ],
            path: "Sources/IndexSiteServer"
        ),
        .executableTarget(
            name: "IndexSiteCLI",
            dependencies: [
                "IndexSite",
                "IndexSiteServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/indexsite"
        ),
        // libFuzzer targets for the parsers (Scripts/fuzz.sh builds it with --sanitize fuzzer); a plain build replays inputs.
        .executableTarget(
            name: "IndexSiteFuzz",
            dependencies: ["IndexSite"],
            path: "Fuzz/IndexSiteFuzz"
        ),
        .testTarget(
            name: "IndexSiteTests",
            dependencies: [
                "IndexSite",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            path: "Tests/IndexSiteTests"
        ),
        .testTarget(
            name: "GoldenSiteTests",
            dependencies: ["IndexSite"],
            path: "Tests/GoldenSiteTests",
            exclude: ["Sites"]
        ),
        .testTarget(
            name: "CLITests",
            dependencies: ["IndexSiteCLI"],
            path: "Tests/CLITests",
            exclude: ["Sites"]
        ),
        .testTarget(
            name: "ServeTests",
            dependencies: ["IndexSiteServer", "IndexSiteCLI"],
            path: "Tests/ServeTests"
        ),
    ],
    cxxLanguageStandard: .cxx17
)
