// swift-tools-version: 6.0
// ToggleKit: the model layer behind toggles, checkboxes and tree-structured category selectors.
// Zero dependencies by design: the library, its tests and tools use only the Swift toolchain.

import PackageDescription

let package = Package(
  name: "ToggleKit",
  products: [
    .library(name: "ToggleKit", targets: ["ToggleKit"]),
    .library(name: "ToggleKitTesting", targets: ["ToggleKitTesting"]),
    .executable(name: "Playground", targets: ["Playground"]),
    .executable(name: "togglekit", targets: ["togglekit"]),
    .executable(name: "togglekit-bench", targets: ["Benchmarks"]),
    .executable(name: "togglekit-fuzz", targets: ["Fuzz"]),
  ],
  dependencies: [],
  targets: [
    .target(name: "ToggleKit"),
    .target(name: "ToggleKitTesting", dependencies: ["ToggleKit"]),
    .executableTarget(
      name: "Playground",
      dependencies: ["ToggleKit", "ToggleKitTesting"],
      path: "Playground"
    ),
    .target(name: "Explorer", dependencies: ["ToggleKit"]),
    .executableTarget(name: "togglekit", dependencies: ["Explorer", "ToggleKit"]),
    .executableTarget(name: "Benchmarks", dependencies: ["ToggleKit", "Explorer"]),
    .target(name: "FuzzTargets", dependencies: ["ToggleKit", "Explorer"]),
    .target(name: "FuzzDriver"),
    .executableTarget(name: "Fuzz", dependencies: ["FuzzTargets", "FuzzDriver"]),
    .testTarget(name: "ToggleKitTests", dependencies: ["ToggleKit", "ToggleKitTesting"]),
    .testTarget(name: "ExplorerTests", dependencies: ["Explorer", "ToggleKit", "FuzzTargets"]),
    .testTarget(name: "EndToEndTests", dependencies: ["togglekit", "Explorer", "ToggleKit"]),
  ],
  swiftLanguageModes: [.v6]
)
