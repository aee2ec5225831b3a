import Testing
import ToggleKit

@testable import TestSupport

/// A random forest of `count` nodes as parent indices (-1 for a root), parents before children.
private func randomParents(_ count: Int, _ generator: inout SeededGenerator) -> [Int] {
  (0..<count).map { index in index == 0 ? -1 : Int.random(in: -1..<index, using: &generator) }
}

/// A world: the whole tree, and which of its folders start (and load) unloaded.
private struct LazyWorld {
  let parents: [Int]
  let lazyFolders: Set<Int>

  var ids: [String] { parents.indices.map { "n\($0)" } }

  func children(of node: Int) -> [Int] { parents.indices.filter { parents[$0] == node } }

  /// The whole tree, eagerly: ids n0, n1, … in preorder.
  func eager() throws -> SelectionTree<String> {
    try SelectionTree(entries: preorder(from: nil, stoppingAtLazy: false).map(entry))
  }

  func entry(_ node: Int) -> SelectionTree<String>.Entry {
    .init(id: "n\(node)", parent: parents[node] < 0 ? nil : "n\(parents[node])", label: "n\(node)")
  }

  /// The nodes below `root` (the roots when nil) in preorder, stopping below lazy folders.
  func preorder(from root: Int?, stoppingAtLazy: Bool = true) -> [Int] {
    var result: [Int] = []
    var pending = (root.map { children(of: $0) } ?? parents.indices.filter { parents[$0] < 0 })
      .reversed().map { $0 }
    while let next = pending.popLast() {
      result.append(next)
      if !stoppingAtLazy || !lazyFolders.contains(next) {
        pending += children(of: next).reversed()
      }
    }
    return result
  }

  /// What a loader returns for a lazy folder: what is below it down to the next lazy folders.
  func load(_ id: String) -> LazyTree<String>.Children {
    let below = preorder(from: Int(id.dropFirst())!)
    return .init(
      entries: below.map(entry),
      unloaded: Set(below.filter { lazyFolders.contains($0) }.map { "n\($0)" }))
  }

  /// The tree as first shown.
  func lazy() throws -> LazyTree<String> {
    let shown = preorder(from: nil)
    return LazyTree(
      try SelectionTree(entries: shown.map(entry)),
      unloaded: Set(shown.filter { lazyFolders.contains($0) }.map { "n\($0)" }))
  }
}

@Suite("LazyTree: folders read when needed, against the whole tree read at once")
struct LazyTreeTests {
  @Test(
    "600 random worlds (3,000 in the long tier) of up to 9 nodes, 14 random steps each (toggle, lock, load, expand, load all below, restore a spec): the topmost selection, every loaded node's state and lock equal the whole tree's, but where decisions below unloaded folders show them mixed; leaves loaded equal its leaves; at the end the trees are equal"
  )
  func againstTheWholeTree() throws {
    var generator = SeededGenerator(seed: 2026)
    for round in 0..<Tier.size(fast: 600, long: 3_000) {
      let count = Int.random(in: 1...9, using: &generator)
      let parents = randomParents(count, &generator)
      let folders = parents.indices.filter { node in parents.contains(node) }
      let world = LazyWorld(
        parents: parents, lazyFolders: Set(folders.filter { _ in Bool.random(using: &generator) }))
      var eager = try world.eager()
      var lazy = try world.lazy()
      var log: [String] = []
      for _ in 0..<14 {
        let loaded = lazy.tree.ids
        let id = loaded.randomElement(using: &generator)!
        switch Int.random(in: 0..<7, using: &generator) {
        case 6:
          // A spec over the whole tree: paths in folders not loaded yet wait for their loads.
          let paths = eager.ids.map { eager.labelPath(of: $0) }
          let spec = SelectionSpec(
            (0..<Int.random(in: 1...3, using: &generator)).map { _ in
              var path = paths.randomElement(using: &generator)!
              if Int.random(in: 0..<5, using: &generator) == 0 { path.append("gone") }
              return .init(path, isIncluded: Bool.random(using: &generator))
            })
          log.append("restore \(spec.text.debugDescription)")
          let lazyResult = lazy.setSelection(to: spec)
          let eagerResult = eager.setSelection(to: spec)
          let waiting = lazy.unloaded.map { lazy.tree.labelPath(of: $0) }
          #expect(
            lazyResult.unknownPaths
              == eagerResult.unknownPaths.filter { path in
                !waiting.contains { path.count > $0.count && path.starts(with: $0) }
              }, "\(log)")
        case 0, 1:
          log.append("toggle \(id)")
          // A node shown mixed is clicked as mixed: the whole tree may know that every leaf
          // below follows one decision, which the lazy one cannot know without loading.
          let shownMixed = lazy.state(of: id) == .mixed
          _ = try? lazy.toggle(id)
          _ = try? shownMixed ? eager.set(id, to: true) : eager.toggle(id)
        case 2:
          let lock = [NodeLock.on, .off, .none].randomElement(using: &generator)!
          log.append("lock \(id) \(lock)")
          try lazy.tree.setLock(id, to: lock)
          try eager.setLock(id, to: lock)
        case 3:
          log.append("load \(id)")
          try lazy.load(id, using: world.load)
        case 4:
          log.append("expand \(id)")
          try lazy.expand(id, using: world.load)
          #expect(!lazy.isUnloaded(id))
          #expect(lazy.tree.children(of: id).isEmpty || lazy.tree.isExpanded(id) == true)
        default:
          log.append("load all under \(id)")
          try lazy.loadAll(under: id, using: world.load)
          var node: String? = id
          for unloaded in lazy.unloaded {
            node = unloaded
            while let current = node, current != id { node = lazy.tree.parent(of: current) }
            #expect(node == nil, "round \(round): \(unloaded) is still unloaded under \(id)")
          }
        }
        let context = "round \(round) \(parents) lazy \(world.lazyFolders.sorted()): \(log)"
        // Decisions below unloaded folders make them mixed (and their ancestors): a node that is
        // not shows the whole tree's state; an unloaded folder the whole tree shows mixed is.
        let mixed = lazy.mixedByDecisions
        let topmost = try lazy.selection(.topmost)
        if mixed.isEmpty {
          #expect(topmost == eager.selection(.topmost), "\(context)")
        } else {
          #expect(Set(topmost).isSubset(of: eager.selection(.all)), "\(context)")
        }
        for id in lazy.tree.ids {
          if !mixed.contains(id) {
            #expect(lazy.state(of: id) == eager.state(of: id), "\(context): \(id)")
          } else {
            #expect(lazy.state(of: id) == .mixed, "\(context): \(id)")
          }
          #expect(lazy.tree.isLocked(id) == eager.isLocked(id), "\(context): lock of \(id)")
        }
        for id in lazy.unloaded where eager.state(of: id) == .mixed {
          #expect(mixed.contains(id), "\(context): \(id) is mixed in the whole tree")
        }
        #expect(lazy.unloaded.allSatisfy { lazy.tree.children(of: $0).isEmpty })
        var copy = lazy
        #expect(
          try copy.selection(.leaves, unloaded: .loaded, using: world.load)
            == eager.selection(.leaves), "\(context)")
        #expect(copy.unloaded.allSatisfy { copy.tree.state(of: $0) == .off })
      }
      try lazy.loadAll(using: world.load)
      #expect(lazy.unloaded.isEmpty && lazy.tree.ids == eager.ids, "round \(round)")
      #expect(lazy.tree.selection(.all) == eager.selection(.all), "round \(round): \(log)")
    }
  }

  @Test("as units, a selected unloaded folder is one leaf; an async loader fills like a sync one")
  func unitsAndAsync() async throws {
    var lazy = LazyTree(try SelectionTree(paths: ["src", "README"]), unloaded: ["src", "gone"])
    #expect(lazy.unloaded == ["src"], "only leaves of the tree can be unloaded")
    try lazy.tree.toggle("src")
    #expect(try lazy.selection(.leaves) == ["src"])
    #expect(
      try lazy.selection(.leaves, unloaded: .asUnits, using: { _ in .init(entries: []) }) == ["src"]
    )
    try await lazy.load("src") { id in
      await Task.yield()
      return .init(entries: [
        .init(id: "src/a", parent: id, label: "a"), .init(id: "src/b", parent: id, label: "b"),
      ])
    }
    #expect(lazy.tree.selection(.leaves) == ["src/a", "src/b"] && lazy.unloaded.isEmpty)
    #expect(throws: SelectionTreeError.self) {
      var clash = LazyTree(try SelectionTree(paths: ["a", "b"]), unloaded: ["a"])
      try clash.load("a") { _ in .init(entries: [.init(id: "b", parent: "a", label: "b")]) }
    }
  }

  @Test(
    "a load that does not fit is refused, the tree unchanged: an id it repeats first (at the repeat), then an id the tree has, then a missing parent"
  )
  func loadErrorsInOrder() throws {
    let start = LazyTree(try SelectionTree(paths: ["a", "b", "c"]), unloaded: ["a", "c"])
    func load(_ entries: [SelectionTree<String>.Entry]) -> SelectionTreeError? {
      var lazy = start
      do {
        try lazy.load("a") { _ in .init(entries: entries) }
      } catch let error as SelectionTreeError {
        #expect(lazy.tree == start.tree && lazy.unloaded == start.unloaded)
        return error
      } catch {
        Issue.record("unexpected \(error)")
      }
      return nil
    }
    let x = SelectionTree<String>.Entry(id: "a/x", parent: "a", label: "x")
    let b = SelectionTree<String>.Entry(id: "b", parent: "a", label: "b")
    let orphan = SelectionTree<String>.Entry(id: "a/y", parent: "zz", label: "y")
    #expect(load([x, b, x]) == .existingID(id: "a/x", entry: 2))
    #expect(load([x, orphan, b]) == .existingID(id: "b", entry: 2))
    #expect(load([x, orphan]) == .missingParent(id: "a/y", parent: "zz", entry: 1))
    #expect(load([x]) == nil)
    // Two loads at once: an id both bring is refused at its second, counted across them.
    var both = start
    #expect(throws: SelectionTreeError.existingID(id: "a/x", entry: 1)) {
      try both.loadAll { id in .init(entries: [.init(id: "a/x", parent: id, label: "x")]) }
    }
    #expect(both.tree == start.tree)
  }
}
