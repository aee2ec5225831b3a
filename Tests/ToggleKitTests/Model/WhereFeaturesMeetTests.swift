import Foundation
import Observation
import Testing
import ToggleKitTesting

@testable import TestSupport
@testable import ToggleKit

/// Disables the node labelled "legacy".
private struct DisablesLegacy: NodeAttributeSource {
  func writability(of node: NodeFacts) -> NodeWritability {
    NodeWritability(disables: node.label == "legacy")
  }
}

/// Locks a node on when the data disables it: its answer depends on the data's own disabling.
private struct LocksWhatDataDisables: NodeAttributeSource {
  func writability(of node: NodeFacts) -> NodeWritability {
    NodeWritability(lock: node.isDisabledByData ? .on : .none)
  }
}

/// Whether an observation of `read` is told of what `change` does.
private func isTold(reading read: () -> Void, when change: () throws -> Void) rethrows -> Bool {
  let told = Counter()
  withObservationTracking(read) { told.increment() }
  try change()
  return told.count > 0
}

@Suite(
  "Where the newest features meet: history × threads, loads × derived attributes, bindings × filters"
)
struct WhereFeaturesMeetTests {
  @Test(
    "a change another thread makes while a transaction is open waits for it and makes its own step: undoing the transaction leaves it"
  )
  func aTransactionHoldsItsTask() throws {
    let model = SelectionModel(try SelectionTree(paths: ["Fruit/Apple", "Fruit/Pear", "Veg/Leek"]))
    let opened = DispatchSemaphore(value: 0)
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      opened.wait()
      _ = try? model.toggle("Veg/Leek")
      done.signal()
    }
    var finishedInside = false
    try model.transaction("pick fruit") {
      try model.toggle("Fruit/Apple")
      opened.signal()
      // Long enough for the other thread's click to land inside, if it could.
      finishedInside = done.wait(timeout: .now() + 0.3) == .success
      try model.toggle("Fruit/Pear")
    }
    if !finishedInside { done.wait() }
    #expect(model.undoName == "toggle Veg/Leek")
    #expect(model.undo() == "toggle Veg/Leek")
    #expect(model.state(of: "Veg/Leek") == .off && model.state(of: "Fruit") == .on)
    #expect(model.undo() == "pick fruit")
    #expect(model.state(of: "Fruit") == .off && !model.canUndo)
  }

  @Test(
    "many threads clicking, each in its own transactions: every step holds one thread's clicks, none is lost"
  )
  func transactionsNeverMixThreads() async throws {
    let threads = 4
    let rounds = Tier.size(fast: 40, long: 400)
    let paths = (0..<threads).flatMap { t in (0..<3).map { "t\(t)/leaf\($0)" } }
    let model = SelectionModel(try SelectionTree(paths: paths))
    await withTaskGroup(of: Void.self) { group in
      for t in 0..<threads {
        group.addTask {
          for round in 0..<rounds {
            try? model.transaction("t\(t) round \(round)") {
              for leaf in 0..<3 { try model.toggle("t\(t)/leaf\(leaf)") }
            }
          }
        }
      }
    }
    // Each step toggled one thread's three leaves: undoing it flips exactly those.
    var steps = 0
    var before = model.tree
    while let name = model.undo() {
      let after = model.tree
      let thread = String(name.prefix(while: { $0 != " " }))
      let flipped = paths.filter { after.state(of: $0) != before.state(of: $0) }
      #expect(flipped == (0..<3).map { "\(thread)/leaf\($0)" }, "step \(name)")
      before = after
      steps += 1
    }
    #expect(steps == threads * rounds)
    #expect(model.tree.selection(.leaves).isEmpty)
  }

  @Test(
    "loading lazy children keeps derived disabling derived: removing the source enables the node again"
  )
  func loadsKeepDerivedDisablingDerived() throws {
    var tree = try SelectionTree(paths: ["legacy", "books"])
    tree.deriveAttributes(from: DisablesLegacy())
    var lazy = LazyTree(tree, unloaded: ["books"])
    try lazy.load("books") { _ in
      .init(entries: [.init(id: "books/1", parent: "books", label: "One")])
    }
    #expect(lazy.tree.isEnabled("legacy") == false)
    #expect(lazy.tree.nodeFacts(of: "legacy")?.isDisabledByData == false)
    lazy.tree.removeDerivedAttributes()
    #expect(lazy.tree.isEnabled("legacy") == true)
  }

  @Test(
    "removing derived attributes takes away what the source added and keeps the changes made since")
  func removingKeepsLaterChanges() throws {
    var tree = try SelectionTree(paths: ["legacy", "books/a", "books/b"])
    tree.deriveAttributes(from: DisablesLegacy())
    try tree.setDisabled("books/a", to: true)
    try tree.setLock("books/b", to: .on)
    #expect(tree.nodeFacts(of: "books/a")?.isDisabledByData == true)
    #expect(tree.nodeFacts(of: "books/b")?.lockByData == .on)
    tree.removeDerivedAttributes()
    #expect(tree.isEnabled("legacy") == true)
    #expect(tree.isEnabled("books/a") == false)
    #expect(tree.isLocked("books/b") == true && tree.state(of: "books/b") == .on)
  }

  @Test(
    "a reload derives a node's attributes again when only the data's own disabling of it changed")
  func reloadRederivesOnDataDisabling() throws {
    var tree = try SelectionTree(paths: ["a", "b"])
    tree.deriveAttributes(from: LocksWhatDataDisables())
    #expect(tree.isLocked("a") == false)
    var data = try SelectionTree(paths: ["a", "b"])
    try data.setDisabled("a", to: true)
    tree.reload(from: data)
    #expect(tree.isLocked("a") == true && tree.state(of: "a") == .on)
    tree.reload(from: try SelectionTree(paths: ["a", "b"]))
    #expect(tree.isLocked("a") == false)
  }

  @Test(
    "a binding is writable exactly when a write reaches the node: not while a filter hides it in visible scope, nor over a source locked off that counts"
  )
  func bindingsSayWhetherWritesLand() throws {
    let model = SelectionModel(try SelectionTree(paths: ["Fruit/Apple", "Veg/Leek"]))
    let leek = model.binding(for: "Veg/Leek")
    model.update { $0.setFilter(TreeFilter(text: "apple")) }
    #expect(!leek.isWritable)
    #expect(BindingLaws.check(leek).isLawful)
    model.update { $0.options.filterScope = .all }
    #expect(leek.isWritable && BindingLaws.check(leek).isLawful)
    model.update { $0.setFilter(nil) }

    let counted = SelectionModel(
      try SelectionTree(
        paths: ["Fruit/Apple", "Fruit/Pear"], options: .init(lockedSources: .counted)))
    try counted.update { try $0.setLock("Fruit/Pear", to: .off) }
    let fruit = counted.binding(for: "Fruit")
    #expect(!fruit.isWritable, "writing true leaves Fruit mixed")
    #expect(BindingLaws.check(fruit).isLawful)
    counted.update { $0.options.lockedSources = .excluded }
    #expect(fruit.isWritable && BindingLaws.check(fruit).isLawful)
  }

  @Test(
    "a binding to a node not in the tree yet reads false, is not writable, and works once a load or a reload brings the node; its observers are told"
  )
  func bindingsToNodesThatArrive() throws {
    let model = SelectionModel(LazyTree(try SelectionTree(paths: ["books"]), unloaded: ["books"]))
    let one = model.binding(for: "books/1")
    #expect(!one.wrappedValue && !one.isWritable)
    let told = try isTold(
      reading: { _ = one.wrappedValue },
      when: {
        try model.load("books") { _ in
          .init(entries: [.init(id: "books/1", parent: "books", label: "1")])
        }
      })
    #expect(told)
    #expect(one.isWritable)
    one.wrappedValue = true
    #expect(model.state(of: "books") == .on)

    let plain = SelectionModel(try SelectionTree(paths: ["a"]))
    let b = plain.binding(for: "b")
    let toldOfB = isTold(
      reading: { _ = b.wrappedValue },
      when: { plain.update { $0.reload(from: try! SelectionTree(paths: ["a", "b"])) } })
    #expect(toldOfB && b.isWritable)
  }

  @Test(
    "setting what is set makes no step, for bulk operations too: collapse all, expand all, the same reload, the same filter"
  )
  func noStepForNothing() throws {
    let model = SelectionModel(try SelectionTree(paths: ["Fruit/Apple", "Veg/Leek"]))
    model.update(named: "collapse all") { $0.setAllExpanded(false) }
    #expect(model.undoName == nil)
    model.update(named: "expand all") { $0.setAllExpanded(true) }
    model.update(named: "again") { $0.setAllExpanded(true) }
    #expect(model.undoName == "expand all")
    model.update(named: "same data") {
      $0.reload(from: try! SelectionTree(paths: ["Fruit/Apple", "Veg/Leek"]))
    }
    #expect(model.undoName == "expand all")
    let filter = TreeFilter(text: "apple")
    model.update(named: "filter") { $0.setFilter(filter) }
    model.update(named: "same filter") { $0.setFilter(filter) }
    #expect(model.undoName == "filter")
  }

  @Test("clearing the history tells observers of canRedo when only redo steps were left")
  func clearingRedoStepsIsTold() throws {
    let model = SelectionModel(try SelectionTree(paths: ["a"]))
    try model.toggle("a")
    model.undo()
    #expect(!model.canUndo && model.canRedo)
    #expect(isTold(reading: { _ = model.canRedo }, when: { model.clearHistory() }))
    #expect(!model.canRedo)
    let toldAgain = isTold(reading: { _ = model.canRedo }, when: { model.clearHistory() })
    #expect(!toldAgain, "nothing left to clear")
  }

  @Test(
    "undo across a load brings back what the undone change took away, with the loads made since")
  func undoAcrossALoad() throws {
    let model = SelectionModel(
      LazyTree(try SelectionTree(paths: ["docs/a", "src"]), unloaded: ["src"]))
    model.update(named: "drop docs") { $0.reload(from: try! SelectionTree(paths: ["src"])) }
    try model.load("src") { _ in .init(entries: [.init(id: "src/x", parent: "src", label: "x")]) }
    #expect(model.undo() == "drop docs")
    #expect(model.tree.ids == ["docs", "docs/a", "src", "src/x"])
    #expect(model.redo() == "drop docs")
    #expect(model.tree.ids == ["src", "src/x"])
  }

  @Test(
    "a node a reload took away is not reported unloaded, and is again when an undo brings it back")
  func unloadedFollowsTheTree() throws {
    let model = SelectionModel(
      LazyTree(try SelectionTree(paths: ["docs", "src"]), unloaded: ["docs", "src"]))
    model.update(named: "drop docs") { $0.reload(from: try! SelectionTree(paths: ["src"])) }
    #expect(model.unloaded == ["src"])
    model.undo()
    #expect(model.unloaded == ["docs", "src"])
    model.redo()
    // A load meanwhile forgets nothing it did not load.
    try model.load("src") { _ in .init(entries: [.init(id: "src/a", parent: "src", label: "a")]) }
    #expect(model.unloaded.isEmpty)
    model.undo()
    #expect(model.unloaded == ["docs"] && model.tree.ids == ["docs", "src", "src/a"])
  }

  @Test(
    "a lazy tree's unloaded nodes follow its tree: one a reload removes is left out (and loadAll works), one a reload gives children is loaded"
  )
  func lazyUnloadedFollowsReloads() throws {
    var lazy = LazyTree(
      try SelectionTree(paths: ["docs", "src", "lib"]), unloaded: ["docs", "src", "lib"])
    lazy.tree.reload(from: try SelectionTree(paths: ["src", "lib/x"]))
    #expect(lazy.unloaded == ["src"] && !lazy.isUnloaded("docs") && !lazy.isUnloaded("lib"))
    var asked: [String] = []
    try lazy.loadAll { id in
      asked.append(id)
      return .init(entries: [.init(id: id + "/new", parent: id, label: "new")])
    }
    #expect(asked == ["src"], "lib has its children from the data; docs is gone")
    #expect(lazy.tree.ids == ["src", "src/new", "lib", "lib/x"] && lazy.unloaded.isEmpty)
  }

  @Test("deriving from a source, and removing it, are steps even when the source changes no node")
  func sourcesAreChanges() throws {
    let model = SelectionModel(try SelectionTree(paths: ["a", "b"]))
    model.update(named: "derive") { $0.deriveAttributes(from: DisablesLegacy()) }
    #expect(model.undoName == "derive" && model.tree.attributeSource != nil)
    model.update(named: "remove") { $0.removeDerivedAttributes() }
    #expect(model.undoName == "remove" && model.tree.attributeSource == nil)
    model.update(named: "remove again") { $0.removeDerivedAttributes() }
    #expect(model.undoName == "remove", "nothing left to remove")
    model.undo()
    #expect(model.tree.attributeSource != nil)
  }
}
