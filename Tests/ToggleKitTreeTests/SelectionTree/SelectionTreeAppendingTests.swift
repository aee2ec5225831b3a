import Testing

@testable import TestSupport
@testable import ToggleKit

/// A random forest of `count` nodes in preorder.
///
/// Each node's parent is the node before it, one of that node's ancestors, or none. `open` is the
/// chain the first node may hang from (the last node before them and its ancestors, the root
/// first), `first` the first node's position.
private func preorderParents(
  _ count: Int, after open: [Int32], from first: Int, using generator: inout SeededGenerator
) -> [Int32] {
  var open = open
  var parents: [Int32] = []
  for offset in 0..<count {
    // Mostly deeper (the last open node), sometimes back up the chain, now and then a root.
    let keep = open.isEmpty ? 0 : Int.random(in: 0...open.count, using: &generator)
    let depth = Int.random(in: 0..<3, using: &generator) == 0 ? keep : open.count
    open.removeSubrange(min(depth, open.count)...)
    parents.append(open.last ?? -1)
    open.append(Int32(first + offset))
  }
  return parents
}

/// The last node of `tree` and its ancestors, the root first.
private func openChain(_ tree: SelectionTree<Int>) -> [Int32] {
  var chain: [Int32] = []
  var node = tree.count - 1
  while node >= 0 {
    chain.append(Int32(node))
    node = tree.structure.parent(of: node)
  }
  return chain.reversed()
}

/// The entries of `tree`, in preorder: a reload takes disabling from its data.
private func entries(of tree: SelectionTree<Int>) -> [SelectionTree<Int>.Entry] {
  tree.ids.indices.map { position in
    let parent = tree.structure.parent(of: position)
    return .init(
      id: tree.ids[position], parent: parent < 0 ? nil : tree.ids[parent],
      label: tree.labels[position],
      isDisabled: tree.disabledPositions.contains(Int32(position)))
  }
}

/// Whether every tree is counted from the start (`TOGGLEKIT_COUNTED_SHAPE=1`): then none is flat.
private let counted = TreeStructureTesting.counted

@Suite(
  "Nodes appended at the end of the preorder: a stream's next lines, the last folder's children")
struct SelectionTreeAppendingTests {
  @Test(
    "an append to a tree as built that nothing else holds keeps the flat form, and the tree is what a reload of the data with the new nodes gives: selections, locks, disabling, expansion and a filter kept, new nodes taking what their place hands down (400 seeded runs)"
  )
  func appendsMeanReloads() throws {
    var generator = SeededGenerator(seed: 42)
    for run in 0..<400 {
      let count = Int.random(in: 0..<40, using: &generator)
      let parents = preorderParents(count, after: [], from: 0, using: &generator)
      var tree = try SelectionTree(
        entries: (0..<count).map {
          .init(id: $0, parent: parents[$0] < 0 ? nil : Int(parents[$0]), label: "n\($0 % 7)")
        })
      for _ in 0..<Int.random(in: 0..<6, using: &generator) where count > 0 {
        let node = Int.random(in: 0..<count, using: &generator)
        switch Int.random(in: 0..<5, using: &generator) {
        case 0, 1: try tree.toggle(node)
        case 2: try tree.setLock(node, to: NodeLock.allCases.randomElement(using: &generator)!)
        case 3: try tree.setDisabled(node, to: true)
        default: try tree.setExpanded(node, to: true)
        }
      }
      if Bool.random(using: &generator) {
        var filter = TreeFilter(label: { $0.contains("3") })
        filter.matchesOnly = Bool.random(using: &generator)
        tree.setFilter(filter)
      }
      let added = Int.random(in: 1..<30, using: &generator)
      let newParents = preorderParents(
        added, after: openChain(tree), from: count, using: &generator)
      let newIDs = (count..<(count + added)).map { $0 }
      let newChildren: NewChildren =
        Bool.random(using: &generator) ? .unselected : .inheritFullySelectedParent
      var expected = tree._unshared()
      var data = entries(of: tree)
      for (offset, id) in newIDs.enumerated() {
        let parent = newParents[offset]
        data.append(
          .init(
            id: id, parent: parent < 0 ? nil : data[Int(parent)].id, label: "n\(id % 7)"))
      }
      expected.reload(from: try SelectionTree(entries: data), newChildren: newChildren)
      let appended = tree.appendInPreorder(
        ids: newIDs[...], labels: newIDs.map { "n\($0 % 7)" }[...], parents: newParents[...],
        newChildren: newChildren)
      #expect(appended, "run \(run)")
      // (Trees counted from the start, as a CI step makes them, have no flat form to keep.)
      #expect(!tree.structure.isCounted || counted, "run \(run): the flat form kept")
      tree.checkInvariants()
      #expect(tree == expected, "run \(run)")
      #expect(tree.ids.allSatisfy { tree.isVisible($0) == expected.isVisible($0) }, "run \(run)")
    }
  }

  @Test(
    "an append that leaves the preorder or repeats an id the tree has or one of its own is refused, the tree unchanged; to a tree with derived attributes or one a copy holds, it is made as the inserts are"
  )
  func badAppendsAreRefused() throws {
    let built = try SelectionTree(paths: ["a/b/c", "a/d", "e"])  // a, a/b, a/b/c, a/d, e
    let cases: [(ids: [String], parents: [Int32], why: String)] = [
      (["x"], [1], "a/b is closed: a/d came after it"),
      (["x"], [7], "a parent past the new node"),
      (["a/d"], [-1], "an id the tree has"),
      (["x", "x"], [4, 4], "an id twice"),
    ]
    for (ids, parents, why) in cases {
      var tree = built
      let appended = tree.appendInPreorder(ids: ids[...], labels: ids[...], parents: parents[...])
      #expect(!appended, "\(why)")
      #expect(tree == built && tree.ids == built.ids, "\(why)")
      tree.checkInvariants()
    }
    var derived = built
    derived.deriveAttributes(from: NoAttributes())
    let appendedToDerived = derived.appendInPreorder(ids: ["e/x"], labels: ["x"], parents: [4])
    #expect(appendedToDerived)
    #expect(derived.parent(of: "e/x") == "e" && derived.attributeSource != nil)
    derived.checkInvariants()
    var shared = built
    let copy = shared
    let appendedToShared = shared.appendInPreorder(ids: ["e/f"], labels: ["f"], parents: [4])
    #expect(appendedToShared)
    #expect(shared.structure.isCounted, "a tree whose structure a copy holds is spliced instead")
    #expect(copy == built, "the copy keeps what it had")
    #expect(shared.parent(of: "e/f") == "e")
  }

  @Test(
    "inserts at the end of a tree as built keep its flat form (a lazy load of the last folder, an app appending): clicks stay look-ups in its arrays"
  )
  func insertsAtTheEndStayFlat() throws {
    var tree = try SelectionTree(paths: ["a/b", "c"])
    try tree.toggle("c")
    try tree.insert([.init(id: "c/d", parent: "c", label: "d")], under: "c")
    try tree.insert([.init(id: "e", parent: nil, label: "e")], under: nil)
    #expect(!tree.structure.isCounted || counted)
    tree.checkInvariants()
    #expect(tree.state(of: "c/d") == .on, "new in a folder that was on")
    #expect(tree.state(of: "e") == .off)
    try tree.insert([.init(id: "a/x", parent: "a", label: "x")], under: "a")
    #expect(tree.structure.isCounted, "an insert before the end is a splice")
    #expect(tree.ids == ["a", "a/b", "a/x", "c", "c/d", "e"])
  }
}

/// A source that derives nothing.
private struct NoAttributes: NodeAttributeSource {
  func writability(of node: NodeFacts) -> NodeWritability { NodeWritability() }
}
