// swift-tools-version:6.1
// A package outside IndexSite that uses its library product the way any Swift developer would, so the public API
// is tested from the outside: only `public` symbols are visible here. Run it with Scripts/test-library-consumer.sh.
import PackageDescription

let package = Package(
    name: "LibraryConsumer",
    dependencies: [
        // An outside project would write `.package(url: "<IndexSite's Git address>", from: "<version>")`.
        .package(name: "IndexSite", path: "../.."),
    ],
    targets: [
        .testTarget(
            name: "LibraryConsumerTests",
            dependencies: [.product(name: "IndexSite", package: "IndexSite")]
        ),
    ]
)
