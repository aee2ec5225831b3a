import Testing
import ToggleKit

@testable import TestSupport

/// Entries find their parents among the open nodes, or else in the id index.
///
/// The open nodes are the last node and its ancestors, while the entries come in preorder. Either
/// way the tree is the one the entries' parents describe, and nested nodes describe the same tree.
@Suite(
  "SelectionTree: entries in any order, and nested nodes, build the tree their parents describe")
struct EntryOrderTests {
  /// A random forest: each node's parent is nil or an earlier node, some nodes deep below others.
  static func randomParents(count: Int, using generator: inout SeededGenerator) -> [Int?] {
    (0..<count).map { node in
      guard node > 0, Int.random(in: 0..<8, using: &generator) != 0 else { return nil }
      // Mostly a recent node (deep chains), sometimes any earlier one.
      let reach = Bool.random(using: &generator) ? min(node, 3) : node
      return node - Int.random(in: 1...reach, using: &generator)
    }
  }

  /// The forest's nodes in preorder, children in the order `order` lists them.
  static func preorder(of order: [Int], parents: [Int?]) -> [Int] {
    var children = [[Int]](repeating: [], count: parents.count)
    var roots: [Int] = []
    for node in order {
      if let parent = parents[node] { children[parent].append(node) } else { roots.append(node) }
    }
    var result: [Int] = []
    var stack = Array(roots.reversed())
    while let node = stack.popLast() {
      result.append(node)
      stack += children[node].reversed()
    }
    return result
  }

  /// Orders of the nodes that keep, break late, or never have preorder.
  static func orders(
    of parents: [Int?], using generator: inout SeededGenerator
  ) -> [(name: String, nodes: [Int])] {
    let count = parents.count
    let inPreorder = preorder(of: Array(0..<count), parents: parents)
    var swapped = inPreorder
    if count > 1 {
      let at = Int.random(in: 1..<count, using: &generator)
      swapped.swapAt(at - 1, at)
    }
    // Preorder until a random point, then one subtree's nodes moved to the end.
    var late = inPreorder
    if count > 2 {
      let moved = inPreorder[Int.random(in: 1..<count, using: &generator)]
      var inSubtree = [Bool](repeating: false, count: count)
      for node in inPreorder where node == moved || parents[node].map({ inSubtree[$0] }) == true {
        inSubtree[node] = true
      }
      late = late.filter { !inSubtree[$0] } + late.filter { inSubtree[$0] }
    }
    return [
      ("preorder", inPreorder), ("parents before children", Array(0..<count)),
      ("preorder with one swap", swapped), ("preorder, one subtree last", late),
      ("shuffled", inPreorder.shuffled(using: &generator)), ("reversed", inPreorder.reversed()),
    ]
  }

  @Test(
    "whatever the order, each node hangs under the parent its entry names, siblings in order of appearance",
    arguments: [1, 2, 5, 30, 300, 3_000])
  func entriesInEveryOrder(count: Int) throws {
    for seed in UInt64(0)..<(count >= 300 ? 3 : 40) {
      var generator = SeededGenerator(seed: seed)
      let parents = Self.randomParents(count: count, using: &generator)
      for (name, order) in Self.orders(of: parents, using: &generator) {
        let expected = Self.preorder(of: order, parents: parents)
        let tree = try SelectionTree(
          entries: order.map {
            .init(id: "n\($0)", parent: parents[$0].map { "n\($0)" }, label: "\($0)")
          })
        #expect(tree.ids == expected.map { "n\($0)" }, "seed \(seed), \(name)")
        let numbered = try SelectionTree(
          entries: order.map { .init(id: $0, parent: parents[$0], label: "\($0)") })
        #expect(numbered.ids == expected, "seed \(seed), \(name)")
        for node in 0..<count {
          #expect(numbered.parent(of: node) == parents[node], "seed \(seed), \(name), node \(node)")
        }
      }
    }
  }

  /// Attributes on some nodes, naming the node.
  static func attributes(_ node: Int) -> [String: String] {
    node % 4 == 2 ? ["node": "\(node)"] : [:]
  }

  @Test(
    "nested nodes build the same tree as their entries in preorder, attributes on their nodes",
    arguments: [1, 30, 3_000])
  func nestedNodesMatchEntries(count: Int) throws {
    for seed in UInt64(0)..<10 {
      var generator = SeededGenerator(seed: seed)
      let parents = Self.randomParents(count: count, using: &generator)
      let order = Self.preorder(of: Array(0..<count), parents: parents)
      // Assembled bottom-up: a node's children are complete before it is.
      var assembled = [SelectionTree<Int>.Node?](repeating: nil, count: count)
      var childrenOf = [[Int]](repeating: [], count: count)
      for node in order { if let parent = parents[node] { childrenOf[parent].append(node) } }
      for node in order.reversed() {
        assembled[node] = .init(
          id: node, label: "\(node)", isSelected: node % 3 == 0, lock: node % 7 == 1 ? .on : .none,
          attributes: Self.attributes(node), children: childrenOf[node].map { assembled[$0]! })
      }
      let roots = order.filter { parents[$0] == nil }.map { assembled[$0]! }
      let nested = try SelectionTree(roots: roots)
      let flat = try SelectionTree(
        entries: order.map {
          .init(
            id: $0, parent: parents[$0], label: "\($0)", isSelected: $0 % 3 == 0,
            lock: $0 % 7 == 1 ? .on : .none, attributes: Self.attributes($0))
        })
      #expect(nested.ids == order, "seed \(seed)")
      #expect(nested == flat, "seed \(seed)")
      for node in 0..<count {
        #expect(nested.attributes(of: node) == Self.attributes(node), "seed \(seed), node \(node)")
        #expect(flat.attributes(of: node) == Self.attributes(node), "seed \(seed), node \(node)")
      }
    }
  }

  @Test(
    "selections, locks, disabling and expansion apply parents first whatever the entries' order: every node reads as in preorder",
    arguments: [5, 40, 400])
  func fieldsInEveryOrder(count: Int) throws {
    for seed in UInt64(0)..<(count >= 400 ? 4 : 30) {
      var generator = SeededGenerator(seed: seed)
      let parents = Self.randomParents(count: count, using: &generator)
      let locks: [NodeLock] = [.none, .none, .none, .on, .off, .current]
      let fields = (0..<count).map { _ in
        (
          selected: Bool.random(using: &generator),
          lock: locks.randomElement(using: &generator)!,
          disabled: Int.random(in: 0..<6, using: &generator) == 0,
          expanded: Bool.random(using: &generator)
        )
      }
      func tree(_ order: [Int]) throws -> SelectionTree<Int> {
        try SelectionTree(
          entries: order.map {
            .init(
              id: $0, parent: parents[$0], label: "\($0)", isSelected: fields[$0].selected,
              lock: fields[$0].lock, isDisabled: fields[$0].disabled,
              isExpanded: fields[$0].expanded)
          })
      }
      let orders = Self.orders(of: parents, using: &generator)
      let reference = try tree(orders[0].nodes)  // preorder
      for (name, order) in orders.dropFirst() {
        let built = try tree(order)
        for node in 0..<count {
          #expect(
            built.configuration(of: node) == reference.configuration(of: node)
              && built.isDisabledItself(node) == reference.isDisabledItself(node),
            "seed \(seed), \(name), node \(node)")
        }
      }
    }
  }

  @Test("a missing parent is reported at its entry while the entries are in preorder, and after")
  func missingParentInPreorder() {
    let open: [SelectionTree<String>.Entry] = [
      .init(id: "r", parent: nil, label: "R"), .init(id: "r/a", parent: "r", label: "A"),
      .init(id: "r/a/b", parent: "r/a", label: "B"), .init(id: "x", parent: "ghost", label: "X"),
    ]
    #expect(throws: SelectionTreeError.missingParent(id: "x", parent: "ghost", entry: 3)) {
      try SelectionTree(entries: open)
    }
    // Out of preorder first (a child before its parent), then the missing parent.
    let late: [SelectionTree<String>.Entry] = [
      .init(id: "r/a", parent: "r", label: "A"), .init(id: "r", parent: nil, label: "R"),
      .init(id: "y", parent: "r/b", label: "Y"),
    ]
    #expect(throws: SelectionTreeError.missingParent(id: "y", parent: "r/b", entry: 2)) {
      try SelectionTree(entries: late)
    }
  }
}
