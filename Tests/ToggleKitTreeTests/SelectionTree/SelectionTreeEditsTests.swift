import Testing

@testable import TestSupport
@testable import ToggleKit

/// Every edit at every place of a model: inserts under every node and the roots at every index
/// (one past the end too), removals, moves under every node at every index, relabels.
private func everyEdit(of model: ContractModel) -> [TreeEdit] {
  var edits: [TreeEdit] = []
  let parents: [Int?] = [nil] + model.order.map(Optional.some)
  for parent in parents {
    let count =
      parent.map { model.children[$0]!.count }
      ?? model.order.filter {
        model.parentIndex($0) < 0
      }.count
    let indices: [Int?] = [nil] + (0...(count + 1)).map(Optional.some)
    for index in indices {
      edits += [
        .insertLeaf(under: parent, at: index, selected: false),
        .insertLeaf(under: parent, at: index, selected: true),
      ]
      for node in model.order { edits.append(.move(node, under: parent, at: index)) }
    }
    edits += NodeLock.allCases.map { .insertFolder(under: parent, at: nil, lock: $0) }
  }
  for node in model.order {
    edits += [.remove(node), .relabel(node, as: model.order[0]), .relabel(node, as: 77)]
  }
  edits.append(.appendTail)
  return edits
}

@Suite(
  "Structural edits: inserts, removals, moves and relabels mean reload(from:) with the edited data")
struct SelectionTreeEditsTests {
  @Test(
    "every edit at every place, on every world of up to three nodes (every sixth under the other propagation modes in the fast tier; four in the long tier, propagating both ways) with every leaf kind, under every policy for new children (in the fast tier one in two edits under one policy, in turn), equals reload(from:) of the edited data and matches the model (blocks of two)",
    arguments: Propagation.allModes)
  func everyEditOnEveryWorld(propagation: Propagation) throws {
    var edits = 0
    var refused = 0
    let options = SelectionTree<Int>.Options(propagation: propagation)
    try NodeStates.$testingBlockShift.withValue(1) {
      // Four-node worlds (the long tier) under one propagation mode: the others add no edit case.
      let size = propagation == .both ? Tier.size(fast: 3, long: 4) : 3
      // The fast tier takes every third world under the modes that are not the default.
      for (world, data) in contractWorlds(upTo: size).enumerated()
      where Tier.isLong || propagation == .both || world % 6 == 0 {
        var model = ContractModel(data: data, options: options)
        var tree = try SelectionTree(contract: data, options: options)
        // Every other world under a filter that matches its last node: edits keep filtering.
        if world % 2 == 1, let last = data.last?.id {
          _ = try ContractOperation.filter([last], matchesOnly: world % 4 == 3).apply(
            to: &tree, &model)
        }
        let policies = NewChildren.allCases
        for (place, edit) in everyEdit(of: model).enumerated() {
          for (turn, newChildren) in policies.enumerated()
          where Tier.isLong || (world + place + turn) % (2 * policies.count) == 0 {
            var edited = tree
            var expected = model
            let operation = ContractOperation.edit(edit, newChildren)
            guard try expectAgreement(operation, &edited, &expected, "world \(data)") else {
              return
            }
            edits += 1
            if edited == tree && edit.data(for: model) == nil { refused += 1 }
          }
        }
      }
    }
    #expect(
      edits
        > (propagation == .both
          ? Tier.size(fast: 4_000, long: 240_000) : Tier.size(fast: 900, long: 25_000)))
    #expect(refused > 0)
  }

  @Test(
    "a subtree moved out of a disabled folder is enabled again, except a node in it disabled itself and everything below that node; moved back in, all of it is disabled again"
  )
  func movedOutOfADisabledFolderKeepsItsOwnDisabling() throws {
    var tree = try SelectionTree(paths: ["d/s/x/1", "d/s/y", "e/z"])
    try tree.setDisabled("d", to: true)
    try tree.setDisabled("d/s/x", to: true)
    try tree.move("d/s", under: "e")
    tree.checkInvariants()
    #expect(tree.isEnabled("d/s") == true)
    #expect(tree.isEnabled("d/s/y") == true)
    #expect(tree.isEnabled("d/s/x") == false)
    #expect(tree.isEnabled("d/s/x/1") == false)
    try tree.move("d/s", under: "d")
    tree.checkInvariants()
    #expect(tree.isEnabled("d/s/y") == false)
    #expect(tree.isEnabled("d/s/x/1") == false)
    try tree.setDisabled("d", to: false)
    #expect(tree.isEnabled("d/s/y") == true)
    #expect(tree.isEnabled("d/s/x/1") == false)
  }

  @Test(
    "batches appended under one node go in in their order, after its children, spliced or laid out (with derived attributes) alike"
  )
  func batchesUnderOneNodeKeepTheirOrder() throws {
    let batches: [(parent: String, entries: [SelectionTree<String>.Entry])] = [
      ("a", [.init(id: "a/1", parent: "a", label: "1")]),
      (
        "a", [.init(id: "a/2", parent: "a", label: "2"), .init(id: "a/3", parent: "a", label: "3")]
      ),
    ]
    var spliced = try SelectionTree(paths: ["a/0", "b"])
    var laidOut = spliced
    laidOut.deriveAttributes(from: NothingDerived())
    try spliced.append(batches, newChildren: .inheritFullySelectedParent)
    try laidOut.append(batches, newChildren: .inheritFullySelectedParent)
    #expect(spliced.children(of: "a") == ["a/0", "a/1", "a/2", "a/3"])
    #expect(laidOut.children(of: "a") == spliced.children(of: "a"))
  }

  @Test(
    "batches under several nodes at once, under a filter: each batch's matches hold open the nodes above it, wherever the batches before it moved them"
  )
  func batchesUnderAFilterOpenTheirAncestors() throws {
    let batches: [(parent: String, entries: [SelectionTree<String>.Entry])] = [
      ("b/x", [.init(id: "b/x/hit", parent: "b/x", label: "hit")]),
      ("a/y", [.init(id: "a/y/hit", parent: "a/y", label: "hit")]),
    ]
    var tree = try SelectionTree(paths: ["a/y", "a/z", "b/x", "c"])
    tree.setFilter(TreeFilter(text: "hit"))
    try tree.append(batches, newChildren: .inheritFullySelectedParent)
    var fresh = tree
    fresh.setFilter(nil)
    fresh.setFilter(TreeFilter(text: "hit"))
    for (position, id) in tree.ids.enumerated() {
      #expect(tree.isVisible(id) == fresh.isVisible(id), "\(id) shown")
      #expect(tree.isOpen(position) == fresh.isOpen(position), "\(id) held open")
    }
    // b/x's batch went in after a/y's: found where that one moved it, b/x is held open.
    #expect(tree.isOpen(tree.ids.firstIndex(of: "a/y")!))
    #expect(tree.isOpen(tree.ids.firstIndex(of: "b/x")!))
    #expect(tree.isOpen(tree.ids.firstIndex(of: "b")!))
    #expect(tree.isVisible("c") == false)
  }

  @Test("new leaves under a selected folder come in selected; with .unselected they come in off")
  func insertUnderSelectedFolder() throws {
    var tree = try SelectionTree(paths: ["Docs/a.txt"])
    try tree.toggle("Docs")
    try tree.insert([.init(id: "Docs/b.txt", parent: "Docs", label: "b.txt")], under: "Docs")
    #expect(tree.state(of: "Docs/b.txt") == .on)
    try tree.insert(
      [.init(id: "Docs/c.txt", parent: "Docs", label: "c.txt")], under: "Docs",
      newChildren: .unselected)
    #expect(tree.state(of: "Docs/c.txt") == .off)
    #expect(tree.state(of: "Docs") == .mixed)
  }

  @Test(
    "nodes inserted under a locked folder are locked at the value it showed; a lock of their own wins"
  )
  func insertUnderLockedFolder() throws {
    var tree = try SelectionTree(paths: ["Sys/a", "Sys/b"])
    try tree.toggle("Sys")
    try tree.setLock("Sys", to: .current)
    try tree.insert(
      [
        .init(id: "Sys/c", parent: "Sys", label: "c"),
        .init(id: "Sys/d", parent: "Sys", label: "d", lock: .off),
      ], under: "Sys")
    #expect(tree.configuration(of: "Sys/c")?.isLocked == true)
    #expect(tree.state(of: "Sys/c") == .on)
    #expect(tree.state(of: "Sys/d") == .off)
  }

  @Test(
    "an index puts the nodes before that child, nil after the last; past the end is refused and the tree unchanged"
  )
  func insertIndex() throws {
    var tree = try SelectionTree(paths: ["a/x", "a/y"])
    try tree.insert([.init(id: "a/w", parent: "a", label: "w")], under: "a", at: 0)
    try tree.insert([.init(id: "a/z", parent: "a", label: "z")], under: "a")
    try tree.insert([.init(id: "a/m", parent: "a", label: "m")], under: "a", at: 2)
    #expect(tree.children(of: "a") == ["a/w", "a/x", "a/m", "a/y", "a/z"])
    let before = tree
    #expect(throws: SelectionTreeError.indexOutOfRange(index: 6, parent: "a", count: 5)) {
      try tree.insert([.init(id: "a/q", parent: "a", label: "q")], under: "a", at: 6)
    }
    #expect(throws: SelectionTreeError.indexOutOfRange(index: -1, parent: nil, count: 1)) {
      try tree.insert([.init(id: "r", parent: nil, label: "r")], under: nil, at: -1)
    }
    #expect(tree == before)
    #expect(
      "\(SelectionTreeError.indexOutOfRange(index: 6, parent: "a", count: 5))"
        == #"index 6 is out of range: "a" has 5 children (0...5)"#)
  }

  @Test(
    "entries nest under earlier entries; an id the tree has, or a parent that is neither, is refused"
  )
  func insertErrors() throws {
    var tree = try SelectionTree(paths: ["a/x", "b"])
    try tree.insert(
      [.init(id: "a/n", parent: "a", label: "n"), .init(id: "a/n/1", parent: "a/n", label: "1")],
      under: "a")
    #expect(tree.children(of: "a/n") == ["a/n/1"])
    let before = tree
    #expect(throws: SelectionTreeError.existingID(id: "b", entry: 1)) {
      try tree.insert(
        [.init(id: "a/o", parent: "a", label: "o"), .init(id: "b", parent: "a", label: "b")],
        under: "a")
    }
    #expect(throws: SelectionTreeError.existingID(id: "a/x", entry: 0)) {
      try tree.insert([.init(id: "a/x", parent: "a", label: "x")], under: "a")
    }
    #expect(throws: SelectionTreeError.missingParent(id: "a/p", parent: "b", entry: 0)) {
      try tree.insert([.init(id: "a/p", parent: "b", label: "p")], under: "a")
    }
    #expect(throws: SelectionTreeError.unknownNode(id: "nope")) {
      try tree.insert([.init(id: "q", parent: "nope", label: "q")], under: "nope")
    }
    #expect(tree == before)
    #expect(
      "\(SelectionTreeError.existingID(id: "b", entry: 1))"
        == #"node "b" (entry 1) is in the tree already"#)
  }

  @Test("a removal takes the subtree; a parent left without children keeps the state it showed")
  func removal() throws {
    var tree = try SelectionTree(paths: ["a/x", "a/y", "b"])
    try tree.toggle("a/x")
    try tree.remove("a/y")
    #expect(tree.state(of: "a") == .on)
    try tree.remove("a/x")
    #expect(tree.ids == ["a", "b"])
    #expect(tree.state(of: "a") == .on)
    #expect(tree.selection(.leaves) == ["a"])
    #expect(throws: SelectionTreeError.unknownNode(id: "a/x")) { try tree.remove("a/x") }
  }

  @Test("a move keeps ids, selection, locks and expansion; the new place's disabling reaches it")
  func move() throws {
    var tree = try SelectionTree(paths: ["Docs/a", "Docs/b", "Old/c"])
    try tree.toggle("Docs/a")
    try tree.setLock("Docs/b", to: .on)
    try tree.setExpanded("Docs", to: true)
    try tree.setDisabled("Old", to: true)
    try tree.move("Docs", under: "Old", at: 0)
    #expect(tree.children(of: "Old") == ["Docs", "Old/c"])
    #expect(tree.parent(of: "Docs") == "Old")
    #expect(tree.state(of: "Docs") == .on)
    #expect(tree.configuration(of: "Docs/b")?.isLocked == true)
    #expect(tree.isExpanded("Docs") == true)
    #expect(tree.isEnabled("Docs/a") == false)
    // Ids stay: in a tree built from paths, the id names where the node was read.
    #expect(tree.labelPath(of: "Docs/a") == ["Old", "Docs", "a"])
    try tree.move("Docs", under: nil)
    #expect(tree.roots == ["Old", "Docs"])
    #expect(tree.isEnabled("Docs/a") == true)
  }

  @Test("a move under the node itself or below it is a cycle, refused")
  func moveCycle() throws {
    var tree = try SelectionTree(paths: ["a/b/c"])
    let before = tree
    #expect(throws: SelectionTreeError.cycle(id: "a")) { try tree.move("a", under: "a/b/c") }
    #expect(throws: SelectionTreeError.cycle(id: "a/b")) { try tree.move("a/b", under: "a/b") }
    #expect(throws: SelectionTreeError.indexOutOfRange(index: 2, parent: "a", count: 0)) {
      try tree.move("a/b", under: "a", at: 2)
    }
    #expect(tree == before)
  }

  @Test("a move to where the node is already changes nothing: the tree stays identical")
  func moveInPlace() throws {
    let tree = try SelectionTree(paths: ["a/x", "a/y"])
    var moved = tree
    try moved.move("a/y", under: "a")
    try moved.move("a/x", under: "a", at: 0)
    #expect(moved.isIdentical(to: tree))
  }

  @Test("a relabel is seen by the filter at once; the id stays")
  func relabel() throws {
    var tree = try SelectionTree(paths: ["Fruit/Apple", "Fruit/Pear"])
    tree.setFilter(TreeFilter(text: "Quince"))
    #expect(tree.isVisible("Fruit/Pear") == false)
    try tree.relabel("Fruit/Pear", to: "Quince")
    #expect(tree.isVisible("Fruit/Pear") == true)
    #expect(tree.isVisible("Fruit/Apple") == false)
    #expect(tree.isOpen(tree.ids.firstIndex(of: "Fruit")!))
    #expect(tree.label(of: "Fruit/Pear") == "Quince")
    #expect(throws: SelectionTreeError.unknownNode(id: "x")) { try tree.relabel("x", to: "y") }
  }

  @Test("derived attributes hold for inserted and moved nodes at once")
  func derivedAttributes() throws {
    struct LockLegacy: NodeAttributeSource {
      func writability(of node: NodeFacts) -> NodeWritability {
        NodeWritability(lock: node.label == "legacy" ? .off : .none, disables: node.depth > 1)
      }
    }
    var tree = try SelectionTree(paths: ["a/b", "c"])
    tree.deriveAttributes(from: LockLegacy())
    try tree.insert([.init(id: "a/legacy", parent: "a", label: "legacy")], under: "a")
    #expect(tree.configuration(of: "a/legacy")?.isLocked == true)
    #expect(tree.isEnabled("a/b") == true)
    try tree.move("c", under: "a/b")
    #expect(tree.isEnabled("c") == false)
  }

  @Test("a source's initial expansion reaches the nodes an edit brings, never the nodes it kept")
  func derivedExpansionOnlyForNewNodes() throws {
    struct OpenFolders: NodeAttributeSource {
      var derivesExpansion: Bool { true }
      func writability(of node: NodeFacts) -> NodeWritability { NodeWritability() }
      func initialExpansion(of node: NodeFacts) -> Bool { !node.label.hasPrefix("f") }
    }
    var tree = try SelectionTree(paths: ["a/f1", "b/f2"])
    tree.deriveAttributes(from: OpenFolders())
    #expect(tree.isExpanded("a") == true)
    try tree.setExpanded("a", to: false)
    try tree.insert([.init(id: "c", parent: nil, label: "c")], under: nil)
    try tree.move("b/f2", under: "c")
    #expect(tree.isExpanded("a") == false, "kept: the user's collapse stays")
    #expect(tree.isExpanded("c") == true, "new: the source opens it")
  }

  @Test("an edit to a copy leaves the original as it was")
  func copies() throws {
    let original = try SelectionTree(paths: ["a/x", "a/y"])
    var copy = original
    try copy.insert([.init(id: "a/z", parent: "a", label: "z")], under: "a")
    try copy.remove("a/x")
    try copy.relabel("a", to: "A")
    #expect(original.ids == ["a", "a/x", "a/y"])
    #expect(original.labels == ["a", "x", "y"])
    #expect(copy.ids == ["a", "a/y", "a/z"])
  }

  @Test(
    "ids stay found through many edits (200 seeded ones, 400 in the long tier): the index follows every position"
  )
  func indexFollowsPositions() throws {
    var tree = try SelectionTree(paths: (0..<300).map { "f\($0 % 7)/\($0)" })
    var generator = SeededGenerator(seed: 42)
    for step in 0..<Tier.size(fast: 200, long: 400) {
      let ids = tree.ids
      let node = ids.randomElement(using: &generator)!
      switch step % 3 {
      case 0: try? tree.remove(node)
      case 1:
        try tree.insert(
          (0..<5).map { .init(id: "new\(step)/\($0)", parent: node, label: "\($0)") }, under: node)
      default: try? tree.move(node, under: ids.randomElement(using: &generator)!, at: 0)
      }
      for (position, id) in tree.ids.enumerated() where position % 17 == step % 17 {
        #expect(tree.structure.position(of: id) == position)
      }
    }
    tree.checkInvariants()
  }

  @Test(
    "an edited tree's key index takes an eighth more ids before it is built again: a tree's first edit makes it, the next inserts only add their ids"
  )
  func keyIndexHasRoom() throws {
    var tree = try SelectionTree(paths: (0..<800).map { "f\($0 % 9)/\($0)" })
    try tree.relabel("f0", to: "first")
    #expect(tree.structure.isCounted, "an edit leaves the tree in its counted form")
    let slots = tree.structure.shape.index.slots
    let room = tree.count / 8
    for number in 0..<room {
      try tree.insert([.init(id: "new\(number)", parent: "f1", label: "n")], under: "f1")
    }
    #expect(
      tree.structure.shape.index.slots.count == slots.count,
      "\(tree.count) ids, \(slots.count) slots")
    for id in ["new0", "new\(room - 1)", "f0/0", "f7/799"] {
      #expect(tree.structure.position(of: id).map { tree.structure.id(at: $0) } == id)
    }
  }

  @Test(
    "a tree just built takes an eighth more ids before its index grows: the first inserts that lay it out again (with derived attributes that read states) do not hash every id again"
  )
  func builtIndexHasRoom() throws {
    for build in [
      { try SelectionTree(paths: (0..<800).map { "f\($0 % 9)/\($0)" }) },
      {
        try SelectionTree(
          entries: (0..<800).map { .init(id: "\($0)", parent: $0 == 0 ? nil : "0", label: "l") })
      },
    ] {
      var tree = try build()
      tree.deriveAttributes(from: ReadsState())
      let slots = tree.structure.index.slotCount
      let room = tree.count / 8
      try tree.insert(
        (0..<room).map { .init(id: "new\($0)", parent: tree.ids[0], label: "n") },
        under: tree.ids[0])
      #expect(tree.structure.index.slotCount == slots, "\(tree.count) ids in \(slots) slots")
      for id in ["new0", "new\(room - 1)", tree.ids[1]] {
        #expect(tree.structure.position(of: id).map { tree.ids[$0] } == id)
      }
    }
  }

  @Test(
    "an edit rewrites the state of a node it changes and shifts: a parent whose only child moves in front of it becomes a leaf that shows what it showed, even where the node it lands on had that state (a tree large enough to share its states' chunks)"
  )
  func shiftedNodesTakeTheirNewState() throws {
    try NodeStates.$testingBlockShift.withValue(1) {
      var tree = try SelectionTree(paths: (0..<200).map { "f\($0)" } + ["p/c"])
      try tree.toggle("p/c")
      try tree.move("p/c", under: nil, at: 0)
      tree.checkInvariants()
      #expect(tree.configuration(of: "p")?.hasChildren == false)
      #expect(tree.state(of: "p") == .on, "a parent left without children keeps what it showed")
      #expect(tree.state(of: "p/c") == .on)
      try tree.move("p/c", under: "p")
      tree.checkInvariants()
      #expect(tree.state(of: "p") == .on)
    }
  }

  @Test(
    "attributes stay with their nodes through 400 seeded inserts, removals, moves and relabels: the tree equals its edited data built afresh (chunks of four)"
  )
  func attributesFollowEdits() throws {
    try NodeStates.$testingBlockShift.withValue(1) {
      var generator = SeededGenerator(seed: 11)
      var expected: [String: [String: String]] = [:]
      func entry(_ id: String, _ parent: String?) -> SelectionTree<String>.Entry {
        let attributes = Bool.random(using: &generator) ? ["n": id] : [:]
        expected[id] = attributes
        return .init(id: id, parent: parent, label: id, attributes: attributes)
      }
      let parents = randomParents(40, using: &generator)
      var tree = try SelectionTree(
        entries: parents.indices.map { entry("n\($0)", parents[$0]) })
      for step in 0..<400 {
        let ids = tree.ids
        let node = ids.randomElement(using: &generator)!
        switch step % 4 {
        case 0:
          let new = (0..<Int.random(in: 1...3, using: &generator)).map {
            entry("s\(step)/\($0)", node)
          }
          try tree.insert(new, under: node, at: Bool.random(using: &generator) ? 0 : nil)
        case 1:
          let subtree = tree.structure.range(of: tree.structure.position(of: node)!)
          for gone in ids[subtree] { expected[gone] = nil }
          try tree.remove(node)
        case 2: try? tree.move(node, under: ids.randomElement(using: &generator)!, at: 0)
        default: try tree.relabel(node, to: "r\(step)")
        }
        if tree.isEmpty { tree = try SelectionTree(entries: [entry("again\(step)", nil)]) }
        #expect(Set(tree.ids) == Set(expected.keys), "step \(step)")
        for id in tree.ids where tree.attributes(of: id) != expected[id] {
          Issue.record("step \(step): \(id) has \(tree.attributes(of: id)!), not \(expected[id]!)")
        }
        tree.checkInvariants()
      }
      let rebuilt = try SelectionTree(
        entries: tree.ids.map {
          .init(
            id: $0, parent: tree.parent(of: $0), label: tree.label(of: $0)!,
            attributes: expected[$0]!)
        })
      #expect(rebuilt == tree, "the same tree as the edited data built afresh")
    }
  }

  @Test(
    "under a filter (by label or by path, with contents or matches only), every edit leaves each node shown, hidden and held open exactly as filtering the edited tree afresh: 4 × 150 seeded inserts, removals, moves and relabels (4 × 300 in the long tier), chunks of four"
  )
  func filterBitsFollowEdits() throws {
    let filters: [TreeFilter] = [
      TreeFilter(label: { $0.hasSuffix("7") || $0.hasPrefix("r1") }),
      TreeFilter(path: { $0.count == 3 && $0.last!.hasSuffix("3") }),
    ]
    for (index, base) in filters.enumerated() {
      for matchesOnly in [false, true] {
        try CountedTreeTesting.$capacity.withValue(4) {
          var generator = SeededGenerator(seed: UInt64(20 + 2 * index + (matchesOnly ? 1 : 0)))
          var filter = base
          filter.matchesOnly = matchesOnly
          let parents = randomParents(60, using: &generator)
          var tree = try SelectionTree(
            entries: parents.indices.map {
              .init(id: "n\($0)", parent: parents[$0], label: "n\($0)")
            })
          tree.setFilter(filter)
          for step in 0..<Tier.size(fast: 150, long: 300) {
            let ids = tree.ids
            let node = ids.randomElement(using: &generator)!
            switch step % 4 {
            case 0:
              let new = (0..<Int.random(in: 1...4, using: &generator)).map {
                SelectionTree<String>.Entry(
                  id: "s\(step)/\($0)", parent: node, label: "s\(step)\($0)")
              }
              try tree.insert(new, under: node, at: Bool.random(using: &generator) ? 0 : nil)
            case 1: try tree.remove(node)
            case 2: try? tree.move(node, under: ids.randomElement(using: &generator)!, at: 0)
            default: try tree.relabel(node, to: "r\(step)")
            }
            if tree.isEmpty {
              tree = try SelectionTree(entries: [.init(id: "again\(step)", parent: nil, label: "7")]
              )
              tree.setFilter(filter)
            }
            var fresh = tree
            fresh.setFilter(nil)
            fresh.setFilter(filter)
            for (position, id) in tree.ids.enumerated() {
              #expect(
                tree.isVisible(id) == fresh.isVisible(id),
                "filter \(index), matches only \(matchesOnly), step \(step): \(id) shown")
              #expect(
                tree.isOpen(position) == fresh.isOpen(position),
                "filter \(index), matches only \(matchesOnly), step \(step): \(id) held open")
            }
            #expect(tree.hiddenCounts == fresh.hiddenCounts)
          }
        }
      }
    }
  }
}

/// The parents of a seeded random forest of `count` nodes with ids `n0`, `n1`, …: none for `n0`,
/// an earlier node for each other.
private func randomParents(_ count: Int, using generator: inout SeededGenerator) -> [String?] {
  (0..<count).map { node in
    node == 0 ? nil : "n\(Int.random(in: 0..<node, using: &generator))"
  }
}

/// A source that derives nothing: a tree with it is laid out again by every edit (the O(n) path).
private struct NothingDerived: NodeAttributeSource {
  func writability(of node: NodeFacts) -> NodeWritability { NodeWritability() }
}

/// Derives nothing but reads each node's state, which a click may change: every edit lays the
/// tree out and derives it again.
private struct ReadsState: NodeAttributeSource {
  func writability(of node: NodeFacts) -> NodeWritability {
    NodeWritability(lock: node.state == .mixed ? .none : .none)
  }
}
