import Foundation
import Observation
import Testing
import ToggleKit

@testable import TestSupport

@Suite("Where features meet: reloads × locks, outputs × policies, filters × folders, models")
struct SelectionTreeSeamTests {
  // MARK: Reloads × locks

  @Test(
    "a locked parent keeps its lock on reload, and the children the new data adds take its value")
  func parentLockSurvivesReload() throws {
    var tree = try SelectionTree(paths: ["Legal/Terms", "Legal/Privacy", "Docs/a"])
    try tree.setLock("Legal", to: .on)
    tree.reload(
      from: try SelectionTree(paths: ["Legal/Terms", "Legal/Privacy", "Legal/Cookies", "Docs/a"]),
      newChildren: .unselected)
    #expect(tree.isLocked("Legal") == true)
    #expect(tree.state(of: "Legal") == .on)
    #expect(tree.isLocked("Legal/Cookies") == true)
    #expect(tree.state(of: "Legal/Cookies") == .on)
    #expect(try tree.toggle("Legal") == ToggleOutcome(changed: 0, blocked: 3), "a click is blocked")
  }

  @Test("a lock off on a parent holds new children off, even under a selected grandparent")
  func lockOffHoldsNewChildrenOff() throws {
    var tree = try SelectionTree(paths: ["Root/Legal/Terms", "Root/Docs/a"])
    try tree.setLock("Root/Legal", to: .off)
    try tree.set("Root", to: true)
    tree.reload(
      from: try SelectionTree(paths: ["Root/Legal/Terms", "Root/Legal/New", "Root/Docs/a"]))
    #expect(tree.isLocked("Root/Legal/New") == true)
    #expect(tree.state(of: "Root/Legal/New") == .off)
  }

  @Test("under inheritFullySelectedParent, a new leaf the data locks off stays off and locked")
  func dataLockWinsOverInheritedSelection() throws {
    var tree = try SelectionTree<String>(entries: [
      .init(id: "docs", parent: nil, label: "Docs"), .init(id: "a", parent: "docs", label: "a"),
    ])
    try tree.toggle("docs")
    tree.reload(
      from: try SelectionTree(entries: [
        .init(id: "docs", parent: nil, label: "Docs"), .init(id: "a", parent: "docs", label: "a"),
        .init(id: "b", parent: "docs", label: "b", lock: .off),
        .init(id: "c", parent: "docs", label: "c"),
      ]), newChildren: .inheritFullySelectedParent)
    #expect(tree.state(of: "b") == .off)
    #expect(tree.isLocked("b") == true)
    #expect(tree.state(of: "c") == .on, "an unlocked new leaf still inherits")
  }

  @Test("a lock the new data carries on a surviving node wins over the lock it had")
  func dataLockOnSurvivorWins() throws {
    var tree = try SelectionTree<String>(entries: [.init(id: "a", parent: nil, label: "a")])
    try tree.setLock("a", to: .on)
    tree.reload(
      from: try SelectionTree(entries: [.init(id: "a", parent: nil, label: "a", lock: .off)]))
    #expect(tree.state(of: "a") == .off)
    #expect(tree.isLocked("a") == true)
  }

  // MARK: Outputs × policies

  @Test(
    "under .excluded a parent shows on over a locked-off leaf, but the outputs list only what is selected"
  )
  func outputsListFullySelectedNodesOnly() throws {
    var tree = try SelectionTree(paths: ["Fruit/Apple", "Fruit/Lime", "Veg/Leek"])
    try tree.setLock("Fruit/Lime", to: .off)
    try tree.toggle("Fruit")
    #expect(tree.state(of: "Fruit") == .on)
    #expect(tree.selection(.topmost) == ["Fruit/Apple"])
    #expect(tree.selection(.all) == ["Fruit/Apple"])
    #expect(tree.selection(.leaves) == ["Fruit/Apple"])
    try tree.setLock("Fruit/Lime", to: .on)
    #expect(tree.selection(.topmost) == ["Fruit"], "every leaf selected: the folder itself")
    #expect(tree.selection(.all) == ["Fruit", "Fruit/Apple", "Fruit/Lime"])
  }

  @Test(
    "a fully selected folder with a disabled or hidden leaf is listed whole: outputs ignore the view"
  )
  func outputsIgnoreDisablingAndFilters() throws {
    var tree = try SelectionTree(paths: ["Fruit/Apple", "Fruit/Pear"])
    try tree.toggle("Fruit")
    try tree.setDisabled("Fruit/Pear", to: true)
    tree.setFilter(TreeFilter(text: "apple"))
    #expect(tree.selection(.topmost) == ["Fruit"])
  }

  // MARK: Filters × folders

  @Test("searching a folder's name brings its contents, so a click on it selects what is in it")
  func matchingFolderBringsItsContents() throws {
    var tree = try SelectionTree(paths: ["Office/Paper/A4", "Office/Paper/Letter", "Office/Pens"])
    tree.setFilter(TreeFilter(text: "paper"))
    #expect(tree.isVisible("Office/Paper/A4") == true)
    #expect(tree.isVisible("Office/Pens") == false)
    #expect(try tree.toggle("Office/Paper") == ToggleOutcome(changed: 2, blocked: 0))
    #expect(tree.selection(.leaves) == ["Office/Paper/A4", "Office/Paper/Letter"])
    // The contents come collapsed: the folder is a row, its children are not until expanded.
    let paper = tree.index(of: "Office/Paper")!
    #expect(tree.isRow(paper) && !tree.isRow(paper + 1))
    try tree.expand("Office/Paper")
    #expect(tree.isRow(paper + 1))
  }

  @Test("matchesOnly keeps a match's descendants hidden, so a click on the folder writes nothing")
  func matchesOnlyHidesDescendants() throws {
    var tree = try SelectionTree(paths: ["Office/Paper/A4", "Office/Pens"])
    var filter = TreeFilter(text: "paper")
    filter.matchesOnly = true
    tree.setFilter(filter)
    #expect(tree.isVisible("Office/Paper/A4") == false)
    #expect(try tree.toggle("Office/Paper") == ToggleOutcome(changed: 0, blocked: 1))
  }

  @Test("under a filter, previousRow and lastRow walk back over exactly the rows nextRow visits")
  func filteredRowNavigation() throws {
    var tree = try SelectionTree(paths: ["a/x/1", "a/y", "b/x/2", "c"])
    tree.setFilter(TreeFilter(text: "x"))
    var rows: [String] = []
    var row = tree.nextRow(after: nil)
    while let current = row {
      rows.append(tree.ids[current])
      row = tree.nextRow(after: current)
    }
    #expect(rows == ["a", "a/x", "b", "b/x"])
    #expect(tree.lastRow.map { tree.ids[$0] } == "b/x")
    #expect(tree.previousRow(before: tree.index(of: "b")!).map { tree.ids[$0] } == "a/x")
    try tree.expand("b/x")
    #expect(tree.lastRow.map { tree.ids[$0] } == "b/x/2")
  }

  @Test("re-enabling a node whose ancestor is still disabled leaves it disabled")
  func reEnablingUnderDisabledAncestor() throws {
    var tree = try SelectionTree(paths: ["a/b/c"])
    try tree.setDisabled("a", to: true)
    try tree.setDisabled("a/b", to: true)
    try tree.setDisabled("a/b", to: false)
    #expect(tree.isEnabled("a/b") == false)
    #expect(tree.isEnabled("a/b/c") == false)
    try tree.setDisabled("a", to: false)
    #expect(tree.isEnabled("a/b/c") == true)
  }

  // MARK: The observable model

  @Test("a node binding's writability follows later locks and disabling")
  func bindingWritabilityIsLive() throws {
    let model = SelectionModel(try SelectionTree(paths: ["Fruit/Apple", "Veg/Leek"]))
    let apple = model.binding(for: "Fruit/Apple")
    #expect(apple.isWritable)
    try model.update { tree throws(SelectionTreeError) in try tree.setLock("Fruit/Apple", to: .on) }
    #expect(!apple.isWritable)
    try model.update { tree throws(SelectionTreeError) in try tree.setLock("Fruit/Apple", to: .none)
    }
    #expect(apple.isWritable)
    try model.update { tree throws(SelectionTreeError) in try tree.setDisabled("Fruit", to: true) }
    #expect(!apple.isWritable)
    #expect(ParentToggle([apple]).isLocked, "a parent over it sees a locked source")
  }

  @Test("16 tasks flipping a node through its binding's update lose no flip")
  func concurrentBindingUpdatesAreAtomic() async throws {
    for round in 0..<12 {
      let model = SelectionModel(try SelectionTree(paths: ["a/b"]))
      let flipsPerTask = 2 * round + 21  // odd: 16 tasks flip an even number of times in all
      await withTaskGroup(of: Void.self) { group in
        for _ in 0..<16 {
          group.addTask {
            let binding = model.binding(for: "a/b")
            for _ in 0..<flipsPerTask { binding.update { $0.toggle() } }
          }
        }
      }
      #expect(model.tree.state(of: "a/b") == .off, "round \(round): 16 × \(flipsPerTask) flips")
    }
  }

  @Test("a notified node is forgotten until it is read again, so clicks do not pay for history")
  func notifiedNodesAreForgotten() throws {
    let model = SelectionModel(try SelectionTree(paths: ["a/1", "a/2", "b/1", "b/2"]))
    for id in model.tree.ids { _ = model.state(of: id) }
    #expect(model.rememberedNodeCount == 6)
    try model.toggle("a/1")
    #expect(model.rememberedNodeCount == 4, "a and a/1 changed and were notified")
    try model.toggle("b")
    #expect(model.rememberedNodeCount == 1, "only a/2 was read and is unchanged")
    _ = model.state(of: "b")
    #expect(model.rememberedNodeCount == 2)
  }

  @Test(
    "a click notifies exactly the observed nodes whose snapshot changed, whatever was read before")
  func clickNotifiesExactly() throws {
    let model = SelectionModel(try SelectionTree(paths: ["a/1", "a/2", "b/1"]))
    for id in model.tree.ids { _ = model.summary(of: id) }
    for id in model.tree.ids {
      let before = model.tree.snapshot(of: id)
      let fired = try notifies(
        reading: { _ = model.state(of: id) }, when: { try model.toggle("a/1") })
      #expect(fired == (model.tree.snapshot(of: id) != before), "\(id)")
    }
  }

  // MARK: Values an app keeps

  @Test("states, options and trees survive a JSON round trip; a decoded tree equals the original")
  func codableRoundTrips() throws {
    let encoder = JSONEncoder()
    let decoder = JSONDecoder()
    for state in ToggleState.allCases {
      #expect(try decoder.decode(ToggleState.self, from: encoder.encode(state)) == state)
    }
    let options = SelectionTree<String>.Options(
      lockedSources: .counted, mixedTogglesTo: .off, propagation: .downOnly,
      cascadesIntoDisabled: true, filterScope: .all)
    #expect(try decoder.decode(type(of: options), from: encoder.encode(options)) == options)
    var tree = try SelectionTree(paths: ["Fruit/Apple", "Fruit/Lime", "Veg/Leek"])
    try tree.setLock("Fruit/Lime", to: .on)
    try tree.setDisabled("Veg", to: true)
    try tree.expand("Fruit")
    try tree.toggle("Fruit/Apple")
    let decoded = try decoder.decode(SelectionTree<String>.self, from: encoder.encode(tree))
    #expect(decoded == tree)
    #expect(decoded.selection(.all) == tree.selection(.all))
    #expect(decoded.isDisabledItself("Veg") == true && decoded.isLocked("Fruit/Lime") == true)
    #expect(decoded.isExpanded("Fruit") == true)
    var collapsed = tree
    try collapsed.collapse("Fruit")
    #expect(collapsed != tree, "a different expansion is a different tree")
    var unlocked = tree
    try unlocked.setLock("Fruit/Lime", to: .none)
    #expect(unlocked != tree, "a different lock is a different tree")
    try tree.toggle("Fruit/Apple")
    #expect(decoded != tree, "a different selection is a different tree")
  }

  @Test("decoding rejects a node whose parent does not come before it")
  func decodingRejectsBadParents() {
    let json =
      #"{"options":{"lockedSources":"excluded","mixedTogglesTo":"on","propagation":{"down":true,"up":true},"cascadesIntoDisabled":false,"filterScope":"visible"},"nodes":[{"id":"a","parent":1,"label":"a"},{"id":"b","label":"b"}]}"#
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(SelectionTree<String>.self, from: Data(json.utf8))
    }
  }

  @Test("entries and nested nodes are equatable, Codable values")
  func entriesAreValues() throws {
    let entry = SelectionTree<String>.Entry(id: "a", parent: nil, label: "A", lock: .on)
    let data = try JSONEncoder().encode(entry)
    #expect(try JSONDecoder().decode(SelectionTree<String>.Entry.self, from: data) == entry)
    let node = SelectionTree<String>.Node(
      id: "a", label: "A", children: [.init(id: "b", label: "B")])
    #expect(
      try JSONDecoder().decode(SelectionTree<String>.Node.self, from: JSONEncoder().encode(node))
        == node)
  }

  @Test("setting the selection to a saved list restores it and reports unknown ids")
  func restoringASavedSelection() throws {
    var tree = try SelectionTree(paths: ["Fruit/Apple", "Fruit/Pear", "Veg/Leek", "Veg/Kale"])
    try tree.toggle("Fruit")
    try tree.toggle("Veg/Leek")
    let saved = tree.selection(.topmost)
    var restored = try SelectionTree(paths: ["Fruit/Apple", "Fruit/Pear", "Veg/Leek", "Veg/Kale"])
    try restored.toggle("Veg/Kale")
    let (outcome, unknown) = restored.setSelection(to: saved + ["Gone"])
    #expect(unknown == ["Gone"])
    #expect(outcome == ToggleOutcome(changed: 4, blocked: 0))
    #expect(restored.selection(.leaves) == tree.selection(.leaves))
  }

  // MARK: Nesting

  @Test("a locked binding over a mixed parent reads as locked mixed")
  func lockedMixedSource() {
    let a = ModelState(true)
    let b = ModelState(false)
    let inner = ParentToggle([a.binding, b.binding])
    let outer = ParentToggle([inner.isOn.locked()])
    #expect(outer.state == .mixed)
    #expect(outer.summary.lockedMixed == 1)
    #expect(outer.isLocked)
  }
}

@Suite("Element bindings: writes that change nothing tell no one")
struct IgnoredWriteTests {
  private struct Item: Identifiable, Equatable {
    let id: Int
    var isOn: Bool
  }

  @Test("a write through an element binding whose element was deleted does not notify observers")
  func deletedElementWriteDoesNotNotify() {
    let items = ModelState([Item(id: 1, isOn: false), Item(id: 2, isOn: false)])
    let second = items.binding[id: 2]!
    let positional = items.binding.each(\.isOn)[1]
    items.value.removeLast()
    #expect(!notifies(reading: { _ = items.value }, when: { second.wrappedValue.isOn = true }))
    #expect(!notifies(reading: { _ = items.value }, when: { second.update { $0.isOn = true } }))
    #expect(!notifies(reading: { _ = items.value }, when: { positional.wrappedValue = true }))
    #expect(
      notifies(
        reading: { _ = items.value }, when: { items.binding[id: 1]!.wrappedValue.isOn = true }))
  }
}
