// swift-tools-version: 6.0
// togglekit-fuzz: libFuzzer targets for every parser and the key decoder, in a package of its own
// so that the library's package exports no fuzzer. `Sources/LinkedExplorer` links the root package's
// explorer sources, which are package-internal there. Scripts/fuzz.sh builds and runs it;
// `swift test --package-path Fuzz` replays every corpus and regression input.

import PackageDescription

let toggleKit: [Target.Dependency] = [
  .product(name: "ToggleKit", package: "ToggleKit"),
  .product(name: "ToggleKitRules", package: "ToggleKit"),
]

let package = Package(
  name: "ToggleKitFuzz",
  dependencies: [.package(name: "ToggleKit", path: "..")],
  targets: [
    .target(name: "LinkedExplorer", dependencies: toggleKit),
    .target(name: "FuzzTargets", dependencies: toggleKit + ["LinkedExplorer"]),
    .target(name: "FuzzDriver"),
    .executableTarget(name: "togglekit-fuzz", dependencies: ["FuzzTargets", "FuzzDriver"]),
    .testTarget(name: "FuzzTargetsTests", dependencies: ["FuzzTargets"]),
  ],
  swiftLanguageModes: [.v6]
)
