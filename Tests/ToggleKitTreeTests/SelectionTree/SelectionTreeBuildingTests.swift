import Testing
import ToggleKit

@testable import TestSupport

@Suite("SelectionTree: building from entries, nested nodes and paths")
struct SelectionTreeBuildingTests {
  @Test(
    "a label may be empty in every form (\\e in a path, \"\" in entries and JSON); an empty path component is an error that says how to write one"
  )
  func emptyLabelsOneRule() throws {
    let fromPaths = try SelectionTree(paths: [#"a/\e"#])
    let fromEntries = try SelectionTree<String>(entries: [
      .init(id: "a", parent: nil, label: "a"), .init(id: #"a/\e"#, parent: "a", label: ""),
    ])
    let fromJSON = try SelectionTree(
      parsing: #"{"label": "a", "children": [{"label": ""}]}"#, format: .json)
    #expect(fromPaths.labels == ["a", ""] && fromEntries.labels == ["a", ""])
    #expect(fromJSON.labels == ["a", ""] && fromJSON.ids == fromPaths.ids)
    #expect(fromEntries.ids == fromPaths.ids)
    #expect(throws: SelectionTreeError.emptyLabel(entry: 1, text: "a//b")) {
      try SelectionTree(paths: ["x", "a//b"])
    }
    #expect("\(SelectionTreeError.emptyLabel(entry: 1, text: "a//b"))".contains(#"write \e"#))
  }

  @Test("entries may come in any order; siblings keep their order of appearance")
  func entriesInAnyOrder() throws {
    let tree = try SelectionTree(entries: [
      .init(id: "b2", parent: "b", label: "B2"),
      .init(id: "a", parent: nil, label: "A"),
      .init(id: "b", parent: nil, label: "B"),
      .init(id: "b1", parent: "b", label: "B1"),
    ])
    #expect(tree.ids == ["a", "b", "b2", "b1"])
    #expect(tree.roots == ["a", "b"])
    #expect(tree.children(of: "b") == ["b2", "b1"])
    #expect(tree.parent(of: "b1") == "b")
    #expect(tree.depth(of: "b1") == 1)
    #expect(tree.path(of: "b1") == ["b", "b1"])
    #expect(tree.labelPath(of: "b1") == ["B", "B1"])
  }

  @Test("a duplicate id is an error naming the id and both entries")
  func duplicateID() {
    #expect(throws: SelectionTreeError.duplicateID(id: "x", first: 0, second: 2)) {
      try SelectionTree(entries: [
        .init(id: "x", parent: nil, label: "X"), .init(id: "y", parent: nil, label: "Y"),
        .init(id: "x", parent: "y", label: "X again"),
      ])
    }
  }

  @Test(
    "among many ids (placed in batches), the reported duplicate is the earliest repeat and its first occurrence, as a scan finds it",
    arguments: [20_000, 70_000])
  func earliestDuplicateAmongManyIDs(count: Int) throws {
    // Two repeats inside one batch of 64: the earlier repeat is reported, not the later pair.
    var close = (0..<count).map { "node \($0)" }
    close[140] = close[130]
    close[135] = close[131]
    #expect(throws: SelectionTreeError.duplicateID(id: "node 131", first: 131, second: 135)) {
      try SelectionTree(entries: close.map { .init(id: $0, parent: nil, label: $0) })
    }
    for seed in UInt64(0)..<6 {
      var generator = SeededGenerator(seed: seed)
      var ids = (0..<count).map { "node \($0)" }
      // A few repeats, a triple among them, anywhere.
      for _ in 0..<Int.random(in: 1...4, using: &generator) {
        let from = Int.random(in: 0..<count, using: &generator)
        ids[Int.random(in: 0..<count, using: &generator)] = ids[from]
        if seed % 2 == 0 { ids[Int.random(in: 0..<count, using: &generator)] = ids[from] }
      }
      var seen: [String: Int] = [:]
      var expected: SelectionTreeError? = nil
      for (position, id) in ids.enumerated() {
        if let first = seen[id] {
          expected = .duplicateID(id: id, first: first, second: position)
          break
        }
        seen[id] = position
      }
      let entries = ids.map { SelectionTree<String>.Entry(id: $0, parent: nil, label: $0) }
      let error = #expect(throws: SelectionTreeError.self) { try SelectionTree(entries: entries) }
      if expected == nil {
        // The repeats overwrote each other away: a tree, then, that finds every id.
        let tree = try SelectionTree(entries: entries)
        #expect(ids.allSatisfy { tree.contains($0) })
      } else {
        #expect(error == expected, "seed \(seed)")
      }
    }
  }

  @Test(
    "many distinct ids (placed in batches) are each found at their own node, and no other id is")
  func manyIDsAreEachFound() throws {
    let ids = (0..<50_000).map { "id-\($0 &* 7_919 % 50_000)" }
    let tree = try SelectionTree(
      entries: ids.map { SelectionTree<String>.Entry(id: $0, parent: nil, label: "L" + $0) })
    for id in ids { #expect(tree.label(of: id) == "L" + id) }
    #expect(!tree.contains("id-50000"))
    #expect(!tree.contains("id--1"))
    #expect(!tree.contains(""))
  }

  @Test("a missing parent is an error naming the node, the parent and the entry")
  func missingParent() {
    let error = #expect(throws: SelectionTreeError.self) {
      try SelectionTree(entries: [.init(id: "a", parent: "ghost", label: "A")])
    }
    #expect(error == .missingParent(id: "a", parent: "ghost", entry: 0))
    #expect(
      error?.description
        == "node \"a\" (entry 0) names parent \"ghost\", which is not in the tree")
  }

  @Test("parents that form a cycle are an error naming a node on the cycle")
  func cycle() {
    let error = #expect(throws: SelectionTreeError.self) {
      try SelectionTree(entries: [
        .init(id: "root", parent: nil, label: "R"), .init(id: "a", parent: "b", label: "A"),
        .init(id: "b", parent: "a", label: "B"), .init(id: "c", parent: "b", label: "C"),
      ])
    }
    #expect(error == .cycle(id: "a") || error == .cycle(id: "b"))
  }

  @Test("nested nodes build in preorder, with initial selection, locks and disabling")
  func nestedNodes() throws {
    let tree = try SelectionTree(roots: [
      .init(
        id: "fruit", label: "Fruit", isExpanded: true,
        children: [
          .init(id: "apple", label: "Apple", isSelected: true),
          .init(id: "pear", label: "Pear", lock: .on),
          .init(id: "fig", label: "Fig", isDisabled: true, attributes: ["kind": "dried"]),
        ])
    ])
    #expect(tree.ids == ["fruit", "apple", "pear", "fig"])
    #expect(tree.state(of: "fruit") == .on, "the one writable leaf is on; the locked one too")
    #expect(tree.isLocked("pear") == true)
    #expect(tree.isEnabled("fig") == false)
    #expect(tree.attributes(of: "fig") == ["kind": "dried"])
    #expect(tree.isExpanded("fruit") == true)
    #expect(tree.summary(of: "fruit") == ToggleSummary(writableOn: 1, lockedOn: 1, lockedOff: 1))
  }

  @Test("isSelected on a parent selects every leaf below it; a leaf's own lock keeps its own value")
  func parentSelectionAndLeafLock() throws {
    let tree = try SelectionTree(roots: [
      .init(
        id: "p", label: "P", isSelected: true,
        children: [
          .init(id: "a", label: "A"), .init(id: "b", label: "B", lock: .current),
        ])
    ])
    #expect(tree.state(of: "a") == .on)
    #expect(tree.state(of: "b") == .off, "locked at its own (unselected) value")
  }

  @Test("paths create intermediate nodes; ids are escaped paths; labels are unescaped")
  func paths() throws {
    let tree = try SelectionTree(paths: [
      "Fruit/Apple", "Fruit/Pear", "Fruit", #"Sizes/1\/2 inch"#, #"Back\\slash/x"#, "Veg",
    ])
    #expect(
      tree.ids == [
        "Fruit", "Fruit/Apple", "Fruit/Pear", "Sizes", #"Sizes/1\/2 inch"#, #"Back\\slash"#,
        #"Back\\slash/x"#, "Veg",
      ])
    #expect(tree.label(of: #"Sizes/1\/2 inch"#) == "1/2 inch")
    #expect(tree.label(of: #"Back\\slash"#) == #"Back\slash"#)
    #expect(tree.roots == ["Fruit", "Sizes", #"Back\\slash"#, "Veg"])
  }

  @Test("an empty path or an empty label between separators is an error naming the path")
  func emptyLabels() {
    #expect(throws: SelectionTreeError.emptyLabel(entry: 1, text: "a//b")) {
      try SelectionTree(paths: ["a", "a//b"])
    }
    #expect(throws: SelectionTreeError.emptyLabel(entry: 0, text: "")) {
      try SelectionTree(paths: [""])
    }
    #expect(throws: SelectionTreeError.emptyLabel(entry: 0, text: "a/")) {
      try SelectionTree(paths: ["a/"])
    }
  }

  @Test("absolute paths hang under a root labelled '/', whose children's ids start with one '/'")
  func absolutePaths() throws {
    let tree = try SelectionTree(
      paths: ["/usr/bin", "/usr/lib", "/", "usr", #"\//etc"#, "/etc/x", "/usr/bin"])
    #expect(tree.ids == ["/", "/usr", "/usr/bin", "/usr/lib", "/etc", "/etc/x", "usr"])
    #expect(tree.roots == ["/", "usr"])
    #expect(tree.label(of: "/") == "/")
    #expect(tree.label(of: "/usr") == "usr")
    #expect(tree.escapedLabelPath(of: "/usr/bin") == "/usr/bin")
    #expect(tree.node(atLabelPath: ["/", "etc", "x"]) == "/etc/x")
    #expect(throws: SelectionTreeError.emptyLabel(entry: 1, text: "//usr")) {
      try SelectionTree(paths: ["/", "//usr"])
    }
    let dotted = try SelectionTree(paths: [".a.b", "."], separator: ".")
    #expect(dotted.ids == [".", ".a", ".a.b"])
  }

  @Test("another separator can be chosen")
  func otherSeparator() throws {
    let tree = try SelectionTree(paths: ["usr.lib.swift", "usr.bin"], separator: ".")
    #expect(tree.ids == ["usr", "usr.lib", "usr.lib.swift", "usr.bin"])
  }

  @Test("a 100,000-deep chain builds, toggles, answers and lists without recursion")
  func deepChain() throws {
    let depth = 100_000
    let entries = (0..<depth).map { node in
      SelectionTree<Int>.Entry(id: node, parent: node == 0 ? nil : node - 1, label: "n\(node)")
    }
    var tree = try SelectionTree(entries: entries)
    #expect(tree.depth(of: depth - 1) == depth - 1)
    #expect(try tree.toggle(0) == ToggleOutcome(changed: 1, blocked: 0))
    #expect(tree.state(of: 0) == .on)
    #expect(tree.selection(.topmost) == [0])
    #expect(tree.selection(.all).count == depth)
    try tree.setDisabled(depth / 2, to: true)
    #expect(tree.isEnabled(depth - 1) == false)
    #expect(tree.path(of: depth - 1).count == depth)
    try tree.expandAncestors(of: depth - 1)
    #expect(tree.isExpanded(depth - 2) == true)
  }

  @Test("a root with a million children (200,000 in the fast tier) builds and toggles in one step")
  func wideRoot() throws {
    let width = Tier.size(fast: 200_000, long: 1_000_000)
    var entries = [SelectionTree<Int>.Entry(id: -1, parent: nil, label: "root")]
    entries += (0..<width).map { .init(id: $0, parent: -1, label: "leaf") }
    var tree = try SelectionTree(entries: entries)
    #expect(tree.count == width + 1)
    #expect(try tree.toggle(-1) == ToggleOutcome(changed: width, blocked: 0))
    try tree.toggle(width / 2)
    #expect(tree.state(of: -1) == .mixed)
    #expect(tree.mixedNodes() == [-1])
    #expect(tree.selection(.leaves).count == width - 1)
    try tree.toggle(-1)
    #expect(tree.selection(.topmost) == [-1])
  }
}
