import Testing
import ToggleKit

@testable import TestSupport

/// Department → category → item, with the same shape as the playground's catalogue.
private func catalogue(_ options: SelectionTree<String>.Options = .init()) throws -> SelectionTree<
  String
> {
  try SelectionTree(
    paths: [
      "Food/Fruit/Apple", "Food/Fruit/Pear", "Food/Veg/Leek", "Home/Garden/Hose",
      "Home/Kitchen/Pan",
    ], options: options)
}

@Suite("SelectionTree: expansion, disabling, locks, propagation and identity in use")
struct SelectionTreeBehaviourTests {
  @Test("expanding and collapsing never changes selection, and selection never changes expansion")
  func expansionIsSeparate() throws {
    var tree = try catalogue()
    try tree.toggle("Food/Fruit")
    let selection = tree.selection(.all)
    try tree.expand("Food")
    try tree.expandAncestors(of: "Food/Fruit/Apple")
    try tree.collapse("Food/Fruit")
    tree.setAllExpanded(true)
    #expect(tree.selection(.all) == selection)
    let expanded = tree.ids.map { tree.isExpanded($0)! }
    try tree.toggle("Home")
    tree.deselectAll()
    #expect(tree.ids.map { tree.isExpanded($0)! } == expanded)
  }

  @Test("expandAncestors opens exactly the ancestors, not the node")
  func expandAncestors() throws {
    var tree = try catalogue()
    try tree.expandAncestors(of: "Food/Fruit/Apple")
    #expect(tree.ids.filter { tree.isExpanded($0)! } == ["Food", "Food/Fruit"])
  }

  @Test(
    "a configuration's isEnabled follows an ancestor being disabled and re-enabled, never stale")
  func configurationFollowsDisabling() throws {
    var tree = try catalogue()
    #expect(tree.configuration(of: "Food/Fruit/Apple")?.isEnabled == true)
    try tree.setDisabled("Food", to: true)
    #expect(tree.configuration(of: "Food/Fruit/Apple")?.isEnabled == false)
    try tree.setDisabled("Food/Fruit", to: true)
    try tree.setDisabled("Food", to: false)
    #expect(tree.configuration(of: "Food/Fruit/Apple")?.isEnabled == false, "Fruit is still off")
    #expect(tree.configuration(of: "Food/Veg/Leek")?.isEnabled == true)
    try tree.setDisabled("Food/Fruit", to: false)
    #expect(tree.configuration(of: "Food/Fruit/Apple")?.isEnabled == true)
    #expect(tree.isDisabledItself("Food/Fruit") == false)
  }

  @Test("the configuration carries every resolved field")
  func configurationFields() throws {
    var tree = try catalogue()
    try tree.setLock("Food/Fruit/Apple", to: .on)
    try tree.expand("Food")
    #expect(
      tree.configuration(of: "Food")
        == ToggleConfiguration(
          label: "Food", state: .off, isEnabled: true, isLocked: false, isExpanded: true, depth: 0,
          hasChildren: true))
    #expect(
      tree.configuration(of: "Food/Fruit/Apple")
        == ToggleConfiguration(
          label: "Apple", state: .on, isEnabled: true, isLocked: true, isExpanded: false, depth: 2,
          hasChildren: false))
  }

  @Test("a disabled node refuses clicks and reports what it would have changed as blocked")
  func disabledNodeRefusesClicks() throws {
    var tree = try catalogue()
    try tree.setDisabled("Home", to: true)
    #expect(try tree.toggle("Home") == ToggleOutcome(changed: 0, blocked: 2))
    #expect(try tree.toggle("Home/Garden/Hose") == ToggleOutcome(changed: 0, blocked: 1))
    #expect(tree.selection(.leaves).isEmpty)
  }

  @Test("cascades skip disabled descendants unless cascadesIntoDisabled is on")
  func cascadesIntoDisabled() throws {
    var tree = try catalogue()
    try tree.setDisabled("Food/Veg", to: true)
    #expect(try tree.toggle("Food") == ToggleOutcome(changed: 2, blocked: 1))
    #expect(tree.state(of: "Food") == .on, "the disabled leek does not count under .excluded")
    tree.options.cascadesIntoDisabled = true
    #expect(tree.state(of: "Food") == .mixed, "now the leek is writable from Food, and off")
    #expect(try tree.toggle("Food") == ToggleOutcome(changed: 1, blocked: 0))
    #expect(tree.state(of: "Food/Veg/Leek") == .on)
  }

  @Test(
    "a locked-on item is always included: a parent click cannot remove it, and it stays out of the parent's state"
  )
  func lockedItemAlwaysIncluded() throws {
    var tree = try catalogue()
    try tree.setLock("Food/Fruit/Apple", to: .on)
    #expect(tree.state(of: "Food/Fruit") == .off)
    #expect(try tree.toggle("Food/Fruit") == ToggleOutcome(changed: 1, blocked: 0))
    #expect(tree.state(of: "Food/Fruit") == .on)
    #expect(try tree.toggle("Food/Fruit") == ToggleOutcome(changed: 1, blocked: 1))
    #expect(tree.selection(.leaves) == ["Food/Fruit/Apple"])
    tree.options.lockedSources = .counted
    #expect(tree.state(of: "Food/Fruit") == .mixed)
    try tree.setLock("Food/Fruit/Apple", to: .none)
    #expect(tree.isLocked("Food/Fruit/Apple") == false)
  }

  @Test("the documented propagation table: what a parent shows and what a click on it writes")
  func propagationTable() throws {
    var rows: [String] = []
    for mode in Propagation.allModes {
      var tree = try catalogue(.init(propagation: mode))
      try tree.toggle("Food/Fruit/Apple")
      let shown = tree.state(of: "Food/Fruit")!
      let outcome = try tree.toggle("Food/Fruit")
      rows.append(
        "\(mode): shows \(shown), click \(outcome), then \(tree.state(of: "Food/Fruit")!) "
          + "pear \(tree.state(of: "Food/Fruit/Pear")!)")
    }
    #expect(
      rows == [
        "both: shows mixed, click changed 1, blocked 0, then on pear on",
        "up only: shows mixed, click changed 0, blocked 0, then mixed pear off",
        "down only: shows off, click changed 2, blocked 0, then on pear on",
        "independent: shows off, click changed 1, blocked 0, then on pear off",
      ])
  }

  @Test("copies are independent values: writing one never changes another")
  func valueSemantics() throws {
    let original = try catalogue()
    var copy = original
    try copy.toggle("Food")
    try copy.setDisabled("Home", to: true)
    try copy.expand("Food")
    #expect(original.selection(.leaves).isEmpty)
    #expect(original.isEnabled("Home") == true)
    #expect(original.isExpanded("Food") == false)
    #expect(copy.selection(.topmost) == ["Food"])
  }

  @Test("unknown ids: queries answer nil or empty, mutations throw an error naming the id")
  func unknownIDs() throws {
    var tree = try catalogue()
    #expect(tree.state(of: "Nope") == nil)
    #expect(tree.children(of: "Nope").isEmpty)
    #expect(tree.path(of: "Nope").isEmpty)
    #expect(!tree.contains("Nope"))
    #expect(throws: SelectionTreeError.unknownNode(id: "Nope")) { try tree.toggle("Nope") }
    #expect(throws: SelectionTreeError.unknownNode(id: "Nope")) {
      try tree.setLock("Nope", to: .on)
    }
  }

  @Test(
    "forEachConfiguration visits every node without a range, clamps a range past the end, and stops at the first error it rethrows"
  )
  func forEachConfigurationVisitsInOrderAndStopsAtAnError() throws {
    struct Stop: Error {}
    var tree = try catalogue()
    try tree.toggle("Food/Fruit/Apple")
    try tree.setDisabled("Home", to: true)
    var positions: [Int] = []
    var configurations: [ToggleConfiguration] = []
    tree.forEachConfiguration {
      positions.append($0)
      configurations.append($1)
    }
    #expect(positions == Array(tree.ids.indices))
    #expect(configurations == tree.ids.map { tree.configuration(of: $0)! })
    var clamped: [Int] = []
    tree.forEachConfiguration(in: 6..<99) { position, _ in clamped.append(position) }
    #expect(clamped == Array(6..<tree.count))
    var seen: [Int] = []
    #expect(throws: Stop.self) {
      try tree.forEachConfiguration(in: 1..<5) { position, _ in
        seen.append(position)
        if position == 2 { throw Stop() }
      }
    }
    #expect(seen == [1, 2])
  }

  @Test("a configuration is 32 bytes, so a bulk read of a million rows is 32 MB, not 40")
  func configurationIsThirtyTwoBytes() {
    #expect(MemoryLayout<ToggleConfiguration>.stride == 32)
  }

  @Test("a tree of Sendable ids is Sendable and can cross into a task")
  func sendable() async throws {
    let tree = try catalogue()
    let count = await Task { tree.count }.value
    #expect(count == tree.count)
  }

  @Test("an empty tree answers every question and ignores select-all")
  func emptyTree() throws {
    var tree = try SelectionTree<String>(paths: [])
    #expect(tree.isEmpty && tree.roots.isEmpty)
    #expect(tree.selectAll() == ToggleOutcome())
    #expect(tree.selection(.topmost).isEmpty)
  }
}
