// swift-tools-version: 6.0
// ToggleKit: the model layer behind toggles, checkboxes and tree-structured category selectors.
// Zero dependencies by design: the library, its tests and tools use only the Swift toolchain.

import PackageDescription

let package = Package(
  name: "ToggleKit",
  products: [
    .library(name: "ToggleKit", targets: ["ToggleKit"]),
    .library(name: "ToggleKitRules", targets: ["ToggleKitRules"]),
    .library(name: "ToggleKitTesting", targets: ["ToggleKitTesting"]),
    .executable(name: "Playground", targets: ["Playground"]),
    .executable(name: "togglekit", targets: ["togglekit"]),
  ],
  dependencies: [],
  targets: [
    .target(name: "ToggleKit"),
    .target(name: "ToggleKitRules", dependencies: ["ToggleKit"]),
    .target(name: "ToggleKitTesting", dependencies: ["ToggleKit"]),
    .executableTarget(
      name: "Playground",
      dependencies: ["ToggleKit", "ToggleKitRules", "ToggleKitTesting"],
      path: "Playground"
    ),
    .target(name: "Explorer", dependencies: ["ToggleKit", "ToggleKitRules"]),
    .executableTarget(name: "togglekit", dependencies: ["Explorer", "ToggleKit"]),
    .testTarget(
      name: "ToggleKitTests", dependencies: ["ToggleKit", "ToggleKitRules", "ToggleKitTesting"]),
    .testTarget(name: "ExplorerTests", dependencies: ["Explorer", "ToggleKit", "ToggleKitRules"]),
    .testTarget(name: "EndToEndTests", dependencies: ["togglekit", "Explorer", "ToggleKit"]),
  ],
  swiftLanguageModes: [.v6]
)
