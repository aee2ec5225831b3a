import Testing

@testable import ToggleKit

/// Paths are built two ways.
///
/// A fast way (bytes, prefixes shared with the previous path) and a general way (labels unescaped, ids escaped again); the layout skips its reordering for input in
/// preorder. These tests hold every way to the same result as entries that spell the tree out.
@Suite("Building: fast and general paths, preorder and not, a growing id index")
struct PathBuildingTests {
  /// A small random forest's label paths (some labels need escaping), in a random order with
  /// repeats, prefixes listed or not.
  private func randomPaths(_ random: inout SeededGenerator) -> [String] {
    let alphabet = ["a", "b", "ab", "x/y", #"back\slash"#, "tab\t", "é", "a b", "/"]
    var paths: [[String]] = []
    for _ in 0..<Int.random(in: 1...30, using: &random) {
      let depth = Int.random(in: 1...4, using: &random)
      var labels = (0..<depth).map { _ in alphabet.randomElement(using: &random)! }
      // Absolute paths (`find /`): a root labelled `/`, written bare.
      if Int.random(in: 0..<3, using: &random) == 0 { labels[0] = "/" }
      paths.append(labels)
    }
    var result: [[String]] = []
    for labels in paths {
      if Bool.random(using: &random), labels.count > 1 {
        result.append(Array(labels.prefix(Int.random(in: 1..<labels.count, using: &random))))
      }
      result.append(labels)
      if Int.random(in: 0..<5, using: &random) == 0 { result.append(labels) }
    }
    if Bool.random(using: &random) { result.shuffle(using: &random) }
    return result.map { LabelPath.joined($0) }
  }

  /// The tree the paths describe, spelled out as entries: every prefix a node, first appearance
  /// deciding sibling order.
  private func entries(for paths: [String]) throws -> [SelectionTree<String>.Entry] {
    var seen: Set<String> = []
    var entries: [SelectionTree<String>.Entry] = []
    for path in paths {
      let labels = try LabelPath.labels(of: path)
      for depth in 1...labels.count {
        let id = LabelPath.joined(Array(labels.prefix(depth)))
        guard seen.insert(id).inserted else { continue }
        let parent = depth == 1 ? nil : LabelPath.joined(Array(labels.prefix(depth - 1)))
        entries.append(.init(id: id, parent: parent, label: labels[depth - 1]))
      }
    }
    return entries
  }

  @Test("1,000 random path lists build the same tree as the entries that spell them out")
  func pathsEqualEntries() throws {
    var random = SeededGenerator(seed: 17)
    for _ in 0..<1_000 {
      let paths = randomPaths(&random)
      let fromPaths = try SelectionTree(paths: paths)
      let fromEntries = try SelectionTree(entries: entries(for: paths))
      #expect(fromPaths.ids == fromEntries.ids, "\(paths)")
      #expect(
        fromPaths.ids.map { fromPaths.label(of: $0) }
          == fromEntries.ids.map {
            fromEntries.label(of: $0)
          })
      #expect(
        fromPaths.ids.map { fromPaths.parent(of: $0) }
          == fromEntries.ids.map {
            fromEntries.parent(of: $0)
          })
      fromPaths.checkInvariants()
    }
  }

  @Test("entries in preorder and the same entries shuffled lay out the same tree")
  func preorderAndShuffledEntriesAgree() throws {
    var random = SeededGenerator(seed: 5)
    for _ in 0..<300 {
      let spelled = try entries(for: randomPaths(&random))
      let inOrder = try SelectionTree(entries: spelled)
      let shuffled = try SelectionTree(entries: spelled.shuffled(using: &random))
      // Siblings keep their order of appearance: compare shapes as sets of (id, parent, label).
      let shape = { (tree: SelectionTree<String>) in
        Set(tree.ids.map { "\($0)|\(tree.parent(of: $0) ?? "-")|\(tree.depth(of: $0)!)" })
      }
      #expect(shape(inOrder) == shape(shuffled))
      #expect(inOrder.ids.allSatisfy { inOrder.index(of: $0) == inOrder.ids.firstIndex(of: $0) })
      inOrder.checkInvariants()
      shuffled.checkInvariants()
    }
  }

  @Test(
    "an id index that starts at 16 slots and grows finds every id of 20,000 nodes, and no other")
  func growingIndex() throws {
    // A lazy sequence says nothing of its size: the index starts small and grows many times.
    let paths = (0..<20_000).lazy.map { "n\($0 % 97)/m\($0)" }
    let tree = try SelectionTree(paths: paths)
    #expect(tree.count == 20_097)
    for (position, id) in tree.ids.enumerated() { #expect(tree.index(of: id) == position) }
    #expect(tree.index(of: "n1/m0") == nil)
    #expect(tree.index(of: "m5") == nil)
  }

  @Test("a repeated id in entries is reported with both positions, in preorder or not")
  func duplicatesInAnyOrder() throws {
    let inOrder: [SelectionTree<String>.Entry] = [
      .init(id: "a", parent: nil, label: "A"), .init(id: "b", parent: "a", label: "B"),
      .init(id: "b", parent: "a", label: "B again"),
    ]
    #expect(throws: SelectionTreeError.duplicateID(id: "b", first: 1, second: 2)) {
      try SelectionTree(entries: inOrder)
    }
    let outOfOrder = [inOrder[1], inOrder[0], inOrder[2]]
    #expect(throws: SelectionTreeError.duplicateID(id: "b", first: 0, second: 2)) {
      try SelectionTree(entries: outOfOrder)
    }
  }
}
