// swift-tools-version: 6.0
// ToggleKit: the model layer behind toggles, checkboxes and tree-structured category selectors.
// Zero dependencies by design: the library, its tests and tools use only the Swift toolchain.

import PackageDescription

// Invariant checks after every mutation (TOGGLEKIT_INTERNAL_CHECKS, as swift-collections'
// COLLECTIONS_INTERNAL_CHECKS): on in debug builds of a checkout of this package — so a plain
// `swift test` runs them — and never in a package that depends on it by version, which SwiftPM
// checks out under `.../checkouts/`. TOGGLEKIT_INTERNAL_CHECKS=1 turns them on in every build
// (CI's release-mode long tier), =0 off.
let isCheckedOutDependency = Context.packageDirectory.contains("/checkouts/")
let internalChecks: [SwiftSetting] =
  switch Context.environment["TOGGLEKIT_INTERNAL_CHECKS"] {
  case "1": [.define("TOGGLEKIT_INTERNAL_CHECKS")]
  case "0": []
  default:
    isCheckedOutDependency
      ? [] : [.define("TOGGLEKIT_INTERNAL_CHECKS", .when(configuration: .debug))]
  }

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
    .target(name: "ToggleKit", swiftSettings: internalChecks),
    .target(name: "ToggleKitRules", dependencies: ["ToggleKit"]),
    .target(name: "ToggleKitTesting", dependencies: ["ToggleKit"]),
    .executableTarget(
      name: "Playground",
      dependencies: ["ToggleKit", "ToggleKitRules", "ToggleKitTesting"],
      path: "Playground"
    ),
    .target(name: "Explorer", dependencies: ["ToggleKit", "ToggleKitRules"]),
    .executableTarget(name: "togglekit", dependencies: ["Explorer", "ToggleKit"]),
    // Tests mirror the modules, one test target each; TestSupport is what they share (the test
    // tiers, a seeded generator, forest enumerators, test doubles).
    .target(name: "TestSupport", dependencies: ["ToggleKit"], path: "Tests/TestSupport"),
    // The library's tests in two by concept, so that they compile side by side: the tree itself
    // (its storage, building, editing, formats, folders, path syntax, search and lazy loading)
    // and what is built on it (bindings, parent toggles, the model, specs and their exports,
    // styles, the documentation's examples).
    .testTarget(name: "ToggleKitTreeTests", dependencies: ["ToggleKit", "TestSupport"]),
    .testTarget(
      name: "ToggleKitTests",
      dependencies: ["ToggleKit", "ToggleKitRules", "ToggleKitTesting", "TestSupport"]),
    .testTarget(
      name: "ToggleKitRulesTests", dependencies: ["ToggleKitRules", "ToggleKit", "TestSupport"]),
    .testTarget(
      name: "ToggleKitTestingTests",
      dependencies: ["ToggleKitTesting", "ToggleKit", "TestSupport"]),
    .testTarget(
      name: "ExplorerTests",
      dependencies: ["Explorer", "ToggleKit", "ToggleKitRules", "TestSupport"]
    ),
    .testTarget(
      name: "togglekitTests", dependencies: ["togglekit", "Explorer", "ToggleKit", "TestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)

// Part of the package, for CI's builds that run only some suites (TOGGLEKIT_PART; .ci/run,
// Scripts/sanitizers.sh --part): `library`, the three libraries and their tests (ThreadSanitizer's
// concurrency tests are all there); `explorer`, the libraries the explorer module needs, the
// tree's tests and the explorer module's (AddressSanitizer's suites: the code written with unsafe
// pointers); `program`, the libraries, their tests, the explorer module, its tests and the
// `togglekit` program (the optimized build, which runs no end-to-end test). None of them compiles
// the end-to-end tests or the Playground, which such a build would otherwise compile for nothing.
// Unset: the whole package.
let libraryPart: Set = [
  "ToggleKit", "ToggleKitRules", "ToggleKitTesting", "TestSupport", "ToggleKitTreeTests",
  "ToggleKitTests", "ToggleKitRulesTests", "ToggleKitTestingTests",
]
let explorerPart: Set = [
  "ToggleKit", "ToggleKitRules", "TestSupport", "ToggleKitTreeTests", "Explorer", "ExplorerTests",
]
if let part = Context.environment["TOGGLEKIT_PART"] {
  let kept: Set<String>
  switch part {
  case "library": kept = libraryPart
  case "explorer": kept = explorerPart
  case "program": kept = libraryPart.union(["Explorer", "ExplorerTests", "togglekit"])
  default: fatalError("TOGGLEKIT_PART is 'library', 'explorer' or 'program', not '\(part)'")
  }
  package.targets.removeAll { !kept.contains($0.name) }
  package.products.removeAll { !kept.contains($0.name) }
}
