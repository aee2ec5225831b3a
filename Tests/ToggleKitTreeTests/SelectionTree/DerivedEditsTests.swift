import Synchronization
import Testing

@testable import TestSupport
@testable import ToggleKit

/// A source reading the facts an edit changes (leafness, child count, depth, path) besides
/// labels and attributes, and deriving the initial expansion; it counts what it is asked.
private struct ShapeSource: NodeAttributeSource {
  let variant: Int
  let calls = Counter()

  var derivesExpansion: Bool { true }

  func writability(of node: NodeFacts) -> NodeWritability {
    calls.increment()
    let number = Int(node.label.dropFirst()) ?? 0
    switch variant {
    case 0:
      return NodeWritability(
        lock: number % 5 == 2 ? .on : .none, disables: node.attributes["legacy"] == "yes")
    case 1:
      return NodeWritability(
        lock: node.childCount == 2 ? .off : .none, disables: node.depth == 2 && number % 2 == 0)
    case 2:
      return NodeWritability(
        lock: node.path.contains("3") ? .current : .none, disables: node.isLeaf && number % 7 == 1)
    default:
      return NodeWritability(
        lock: !node.isLeaf && node.childCount % 2 == 1 ? .on : .none,
        disables: number % 6 == 5)
    }
  }

  func initialExpansion(of node: NodeFacts) -> Bool { node.depth < 2 && !node.isLeaf }
}

/// Reads every node's state, which an edit below a node changes, as the derived locks do: every
/// edit derives every node again.
private struct StateSource: NodeAttributeSource {
  func writability(of node: NodeFacts) -> NodeWritability {
    NodeWritability(lock: node.state == .mixed && node.label == "n1" ? .off : .none)
  }
}

/// Disables `n5` unless the data locks it: a lock set since the derivation changes what it
/// derives.
private struct UnlessLocked: NodeAttributeSource {
  func writability(of node: NodeFacts) -> NodeWritability {
    NodeWritability(disables: node.label == "n5" && node.lockByData == nil)
  }
}

/// Whether `id` is below `ancestor` in `tree`.
private func isInside(_ tree: SelectionTree<Int>, _ ancestor: Int, of id: Int) -> Bool {
  var node = tree.parent(of: id)
  while let current = node {
    if current == ancestor { return true }
    node = tree.parent(of: current)
  }
  return false
}

@Suite("Edits with derived attributes derive the nodes they touch, as a reload would")
struct DerivedEditsTests {
  /// The tree's data as entries: ids, parents, labels, attributes, and the data's own
  /// disabling (what the source added left out); no selection or lock, which a reload carries.
  static func data(of tree: SelectionTree<Int>) -> [SelectionTree<Int>.Entry] {
    tree.ids.map { id in
      let facts = tree.nodeFacts(of: id)!
      return SelectionTree<Int>.Entry(
        id: id, parent: tree.parent(of: id), label: tree.label(of: id)!,
        isDisabled: facts.isDisabledByData, attributes: facts.attributes)
    }
  }

  /// Traps the test unless `tree` holds what `reloaded` holds, derived attributes included.
  static func expectSame(
    _ tree: SelectionTree<Int>, _ reloaded: SelectionTree<Int>, _ context: @autoclosure () -> String
  ) {
    #expect(tree == reloaded, "\(context())")
    #expect(tree.labels == reloaded.labels, "\(context())")
    for id in tree.ids {
      let mine = tree.nodeFacts(of: id)!
      let theirs = reloaded.nodeFacts(of: id)!
      #expect(
        mine.lockByData == theirs.lockByData && mine.isDisabledByData == theirs.isDisabledByData,
        "n\(id): what the data says apart from the source, \(context())")
      #expect(tree.isVisible(id) == reloaded.isVisible(id), "n\(id) shown, \(context())")
    }
    #expect((tree.derivationError == nil) == (reloaded.derivationError == nil), "\(context())")
    // What the source derived for each node, whether or not it shows: a lock inside a subtree
    // locked from above shows nothing until the subtree moves.
    let mine = tree.derived?.allRecords ?? []
    let theirs = reloaded.derived?.allRecords ?? []
    #expect(mine.count == theirs.count, "\(context())")
    for (position, (left, right)) in zip(mine, theirs).enumerated() {
      #expect(
        left.lock == right.lock && left.disables == right.disables
          && left.addsLock == right.addsLock && left.explicitLocked == right.explicitLocked
          && left.explicitDisabled == right.explicitDisabled,
        "record of n\(tree.ids[position]): \(left) against \(right), \(context())")
    }
  }

  static func small() throws -> SelectionTree<Int> {
    try SelectionTree(entries: [
      .init(id: 1, parent: nil, label: "n1"), .init(id: 2, parent: 1, label: "n2"),
      .init(id: 3, parent: 1, label: "n3"), .init(id: 4, parent: nil, label: "n4"),
      .init(id: 5, parent: 4, label: "n5"), .init(id: 6, parent: 4, label: "n6"),
    ])
  }

  /// `tree` reloaded from its own data with `edit` made on the data.
  static func reloaded(
    _ tree: SelectionTree<Int>, _ edit: (inout [SelectionTree<Int>.Entry]) -> Void
  ) throws -> SelectionTree<Int> {
    var data = Self.data(of: tree)
    edit(&data)
    var reloaded = tree
    reloaded.reload(from: try SelectionTree(entries: data))
    return reloaded
  }

  @Test(
    "an edit asks the source only about the nodes it brings and the nodes whose facts it read changed: the new ones, a relabelled one, none for a removal or a move when it read labels and attributes"
  )
  func editsAskOnlyTouchedNodes() throws {
    var tree = try Self.small()
    let source = LegacySource()
    try tree.deriveAttributes(from: source)
    #expect(source.writabilityCalls.count == 6)
    try tree.insert(
      [
        .init(id: 7, parent: 1, label: "Required"),
        .init(id: 8, parent: 7, label: "Old", attributes: ["legacy": "yes"]),
      ], under: 1)
    #expect(source.writabilityCalls.count == 6 + 2)
    #expect(tree.configuration(of: 8)?.isLocked == true, "under a node the source locks")
    #expect(tree.isEnabled(8) == false)
    try tree.remove(5)
    try tree.move(7, under: 4)
    #expect(source.writabilityCalls.count == 6 + 2)
    try tree.relabel(6, to: "Required")
    #expect(source.writabilityCalls.count == 6 + 2 + 1)
    #expect(tree.configuration(of: 6)?.isLocked == true)
    #expect(tree.structure.isCounted, "spliced, not laid out")
  }

  @Test(
    "a source that reads states derives every node again at an edit, as a reload does: a selected leaf inserted under a folder that was off makes it mixed, and locked"
  )
  func stateReadingSourceDerivesEveryNode() throws {
    var tree = try Self.small()
    tree.deriveAttributes(from: StateSource())
    #expect(tree.configuration(of: 1)?.isLocked == false)
    let leaf = SelectionTree<Int>.Entry(id: 9, parent: 1, label: "n9", isSelected: true)
    let reloaded = try Self.reloaded(tree) { $0.insert(leaf, at: 3) }
    try tree.insert([leaf], under: 1)
    #expect(tree.configuration(of: 1)?.isLocked == true, "mixed now: locked")
    Self.expectSame(tree, reloaded, "insert")
    #expect(!tree._derivesLocally)
  }

  @Test(
    "a lock set since the derivation makes the next edit derive every node again, as a reload does; the edits after it derive the nodes they touch"
  )
  func lockSetSinceDerivesEveryNode() throws {
    var tree = try Self.small()
    tree.deriveAttributes(from: UnlessLocked())
    #expect(tree.isEnabled(5) == false)
    try tree.setLock(5, to: .on)
    let reloaded = try Self.reloaded(tree) { $0.append(.init(id: 9, parent: 1, label: "n9")) }
    try tree.insert([.init(id: 9, parent: 1, label: "n9")], under: 1)
    #expect(tree.isEnabled(5) == true, "locked by the data now: the source leaves it enabled")
    Self.expectSame(tree, reloaded, "insert")
    #expect(tree._derivesLocally)
    try tree.insert([.init(id: 10, parent: 1, label: "n5")], under: 1)
    #expect(tree.isEnabled(10) == false)
  }

  @Test(
    "batches under a leaf and under the folder after it: the leaf's new child goes in where the folder's subtree, whose derived locks change, starts, and stays before it"
  )
  func blockBeforeARelockedSubtree() throws {
    // Variant 1 locks a node with two children off: y gains its second child (locked again),
    // x its first (derived again, the same lock).
    var tree = try SelectionTree(entries: [
      .init(id: 0, parent: nil, label: "n0"), .init(id: 1, parent: 0, label: "n1"),
      .init(id: 2, parent: 0, label: "n2"), .init(id: 3, parent: 2, label: "n3"),
    ])
    tree.deriveAttributes(from: ShapeSource(variant: 1))
    let batches: [(parent: Int, entries: [SelectionTree<Int>.Entry])] = [
      (1, [.init(id: 4, parent: 1, label: "n4")]), (2, [.init(id: 5, parent: 2, label: "n5")]),
    ]
    let reloaded = try Self.reloaded(tree) {
      $0.insert(batches[0].entries[0], at: 2)
      $0.append(batches[1].entries[0])
    }
    try tree.append(batches, newChildren: .inheritFullySelectedParent)
    #expect(tree.ids == [0, 1, 4, 2, 3, 5])
    #expect(tree.configuration(of: 2)?.isLocked == true)
    #expect(tree.structure.isCounted, "spliced")
    Self.expectSame(tree, reloaded, "batches")
  }

  @Test(
    "every edit with derived attributes equals reload(from:) of the edited data: 100 seeded inserts (150 in the long tier), batches, appends, removals, moves and relabels under each of four sources (reading leafness, child counts, depth, paths and attributes), clicks, locks set and filters between them, chunks of four; most edits splice",
    arguments: 0..<4)
  func seededEditsMatchReload(variant: Int) throws {
    try CountedTreeTesting.$capacity.withValue(4) {
      var spliced = 0
      var edits = 0
      var generator = SeededGenerator(seed: UInt64(100 + variant))
      var entries: [SelectionTree<Int>.Entry] = []
      for id in 0..<40 {
        let parent =
          id == 0 || Int.random(in: 0..<5, using: &generator) == 0
          ? nil : Int.random(in: 0..<id, using: &generator)
        entries.append(
          .init(
            id: id, parent: parent, label: "n\(id)",
            isSelected: Int.random(in: 0..<4, using: &generator) == 0,
            attributes: id % 3 == 0 ? ["legacy": "yes"] : [:]))
      }
      var tree = try SelectionTree(entries: entries)
      let source = ShapeSource(variant: variant)
      tree.deriveAttributes(from: source)
      var fresh = 1_000
      for step in 0..<Tier.size(fast: 100, long: 150) {
        let ids = tree.ids
        let node = ids.randomElement(using: &generator)!
        let other = ids.randomElement(using: &generator)!
        let before = tree
        var data = Self.data(of: tree)
        var newChildren = NewChildren.inheritFullySelectedParent
        if Bool.random(using: &generator) { newChildren = .unselected }
        let kind = Int.random(in: 0..<12, using: &generator)
        var context = "variant \(variant), step \(step), kind \(kind), n\(node), n\(other)"
        switch kind {
        case 0, 1:
          // A leaf or a folder with a leaf, at a random index.
          let count = tree.children(of: node).count
          let index =
            Bool.random(using: &generator) ? nil : Int.random(in: 0...count, using: &generator)
          var new: [SelectionTree<Int>.Entry] = [
            .init(
              id: fresh, parent: node, label: "n\(fresh)",
              isSelected: Bool.random(using: &generator),
              lock: kind == 1 && Bool.random(using: &generator) ? .off : .none,
              attributes: fresh % 2 == 0 ? ["legacy": "yes"] : [:])
          ]
          if kind == 1 { new.append(.init(id: fresh + 1, parent: fresh, label: "n\(fresh + 1)")) }
          try tree.insert(new, under: node, at: index, newChildren: newChildren)
          let siblings = data.indices.filter { data[$0].parent == node }
          let at =
            index.flatMap { $0 < siblings.count ? siblings[$0] : nil }
            ?? (data.lastIndex { $0.id == node || isInside(before, node, of: $0.id) }! + 1)
          data.insert(contentsOf: new, at: at)
          fresh += 2
        case 2, 3:
          // Batches under two nodes, as a lazy tree's loads.
          let batches = [node, other].enumerated().map { offset, parent in
            (
              parent: parent,
              entries: [
                SelectionTree<Int>.Entry(
                  id: fresh + offset, parent: parent, label: "n\(fresh + offset)")
              ]
            )
          }
          if node == other { context += " (one node)" }
          try tree.append(batches, newChildren: newChildren)
          for batch in batches {
            let at =
              data.lastIndex {
                $0.id == batch.parent || isInside(before, batch.parent, of: $0.id)
              }! + 1
            data.insert(contentsOf: batch.entries, at: at)
          }
          fresh += 2
        case 4:
          // Nodes at the end of the preorder: under the last node, under that one, a root.
          let last = ids.count - 1
          tree.appendInPreorder(
            ids: [fresh, fresh + 1, fresh + 2],
            labels: ["n\(fresh)", "n\(fresh + 1)", "n\(fresh + 2)"],
            parents: [Int32(last), Int32(last + 1), -1], newChildren: newChildren)
          data += [
            .init(id: fresh, parent: ids[last], label: "n\(fresh)"),
            .init(id: fresh + 1, parent: fresh, label: "n\(fresh + 1)"),
            .init(id: fresh + 2, parent: nil, label: "n\(fresh + 2)"),
          ]
          fresh += 3
        case 5, 6:
          guard ids.count > 10 else { continue }
          try tree.remove(node)
          data.removeAll { $0.id == node || isInside(before, node, of: $0.id) }
        case 7:
          guard node != other, !isInside(before, node, of: other) else { continue }
          try tree.move(node, under: other)
          let moved = data.filter { $0.id == node || isInside(before, node, of: $0.id) }
          data.removeAll { $0.id == node || isInside(before, node, of: $0.id) }
          var subtree = moved
          subtree[0].parent = other
          let at = data.lastIndex { $0.id == other || isInside(before, other, of: $0.id) }! + 1
          data.insert(contentsOf: subtree, at: at)
        case 8:
          let label = "n\(Int.random(in: 0..<60, using: &generator))"
          try tree.relabel(node, to: label)
          data[data.firstIndex { $0.id == node }!].label = label
        case 9:
          try tree.toggle(node)
          continue
        case 10:
          // A lock set since the derivation: the next edit derives every node again.
          if step % 3 == 0 {
            try tree.setLock(node, to: .on)
          } else {
            tree.setFilter(TreeFilter(text: "1"))
          }
          continue
        default:
          var filter = TreeFilter(text: "2")
          filter.matchesOnly = true
          tree.setFilter(step % 2 == 0 ? nil : filter)
          continue
        }
        // Laid out, a tree takes its flat form; spliced, it keeps the counted one (the first
        // edit after a lock was set lays it out).
        edits += 1
        if tree.structure.isCounted { spliced += 1 }
        var reloaded = before
        reloaded.reload(from: try SelectionTree(entries: data), newChildren: newChildren)
        Self.expectSame(tree, reloaded, context)
        if tree != reloaded { return }
      }
      #expect(edits > Tier.size(fast: 55, long: 85))
      #expect(spliced * 10 > edits * 9, "\(spliced) of \(edits) edits spliced")
    }
  }
}
