// swift-tools-version: 6.0
// togglekit-bench: ToggleKit's operation costs beside a naive reference, in a package of its own
// (as swift-collections keeps its benchmarks) so that the library's package exports no benchmark.
// `Sources/LinkedExplorer` links the root package's explorer sources, which are package-internal there.
//
//   swift run -c release --package-path Benchmarks togglekit-bench --help

import PackageDescription

let package = Package(
  name: "ToggleKitBenchmarks",
  dependencies: [.package(name: "ToggleKit", path: "..")],
  targets: [
    .target(
      name: "LinkedExplorer",
      dependencies: [
        .product(name: "ToggleKit", package: "ToggleKit"),
        .product(name: "ToggleKitRules", package: "ToggleKit"),
      ]
    ),
    .executableTarget(
      name: "togglekit-bench",
      dependencies: [
        "LinkedExplorer",
        .product(name: "ToggleKit", package: "ToggleKit"),
        .product(name: "ToggleKitRules", package: "ToggleKit"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
