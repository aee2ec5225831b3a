import Testing

@testable import TestSupport
@testable import ToggleKit

/// Paths are built two ways.
///
/// A fast way (bytes, prefixes shared with the previous path) and a general way (labels unescaped, ids escaped again); the layout skips its reordering for input in
/// preorder. These tests hold every way to the same result as entries that spell the tree out.
@Suite("Building: fast and general paths, preorder and not, paths that come back merged")
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
    "paths whose folders come back after others (20,000 under 97 interleaved folders) make one node per id, each found at its position"
  )
  func interleavedFoldersAreMerged() throws {
    // A lazy sequence says nothing of its size; every path after the first 97 names a folder
    // made before the previous path's.
    let paths = (0..<20_000).lazy.map { "n\($0 % 97)/m\($0)" }
    let tree = try SelectionTree(paths: paths)
    #expect(tree.count == 20_097)
    for (position, id) in tree.ids.enumerated() { #expect(tree.index(of: id) == position) }
    #expect(tree.children(of: "n1").prefix(2) == ["n1/m1", "n1/m98"])
    #expect(tree.index(of: "n1/m0") == nil)
    #expect(tree.index(of: "m5") == nil)
    tree.checkInvariants()
  }

  @Test(
    "a list of leaf paths with more nodes than paths (20,000 leaves under 2,000 folders) grows its id index and finds every node at its position"
  )
  func leafPathsGrowTheIndex() throws {
    // Room is made for one node per path, and the index, made at the first check (16,384 ids),
    // has room for as many; the folders come on top, so it grows at the last check, placing the
    // ids again from the hashes kept as they were made.
    let paths = (0..<20_000).map { "r/f\($0 / 10)/l\($0)" }
    let (merged, tree) = try built(paths)
    #expect(!merged)
    #expect(tree.count == 22_001)
    for (position, id) in tree.ids.enumerated() { #expect(tree.index(of: id) == position) }
    #expect(tree.children(of: "r/f1999") == (19_990..<20_000).map { "r/f1999/l\($0)" })
    #expect(tree.index(of: "r/f2000") == nil)
    tree.checkInvariants()
  }

  /// What a builder of `paths` made: whether it had to merge nodes made twice, and the tree.
  private func built(_ paths: [String]) throws -> (merged: Bool, tree: SelectionTree<String>) {
    var builder = PathTreeBuilder(capacity: paths.count, separator: "/")
    for path in paths { #expect(builder.add(path) != nil, "\(path)") }
    let draft = builder.takeDraft()
    return (builder.takeMoves() != nil, try draft.finish(options: .init()))
  }

  @Test(
    "a path makes no node again when its folders are the previous path's, escaped or not, rooted or not"
  )
  func sharedPrefixesAreNotMadeAgain() throws {
    let lists: [[String]] = [
      ["a/b/c", "a/b/d", "a/e", "f"],
      [#"a/b\c/d"#, #"a/b\c/e"#, "a/x", #"a/x/\e"#, "a/x/y", #"a\/z"#, #"a\/z/w"#],
      ["/", "/usr", "/usr/bin", #"/usr/b\\n"#, "/usr/lib", #"/\e"#, "/etc"],
      ["a/b/c", "a/b", "a", "a/b/c/d"],
      ["a/b/c", "a/b/d", "a/b", "a/e", "a"],  // `du`: children before their folder
      [#"a\\b/c"#, #"a\\b"#, #"a\\b/c/d"#, "/x/y", "/x", "/x/y/z"],
    ]
    for paths in lists {
      let (merged, tree) = try built(paths)
      #expect(!merged, "\(paths)")
      #expect(tree == (try SelectionTree(entries: entries(for: paths))), "\(paths)")
    }
  }

  @Test(
    "a list in no order starts looking ids up at its first check: the nodes made never reach twice the tree's"
  )
  func aListInNoOrderLooksIdsUp() throws {
    var random = SeededGenerator(seed: 3)
    // 110,000 paths five labels deep (44,000 in the fast tier): made again with every folder,
    // they would be about 300,000.
    let tops = Tier.size(fast: 4, long: 10)
    var paths: [String] = []
    for a in 0..<tops {
      for b in 0..<10 {
        for c in 0..<10 {
          for d in 0..<10 { for e in 0..<11 { paths.append("r/\(a)/\(b)/\(c)/\(d)/\(e)") } }
        }
      }
    }
    paths.shuffle(using: &random)
    var builder = PathTreeBuilder(capacity: paths.count, separator: "/")
    var mostMade = 0
    for path in paths {
      _ = builder.add(path)
      mostMade = max(mostMade, builder.count)
    }
    let draft = builder.takeDraft()
    let tree = try draft.finish(options: .init())
    #expect(tree.count == 1 + tops * (1 + 10 + 100 + 1_000 + 11_000))
    #expect(mostMade < 2 * tree.count)
    #expect(tree == (try SelectionTree(entries: entries(for: paths))))
  }

  @Test(
    "a path whose folder was left for another is merged into that folder: its children hang there, in order of first appearance"
  )
  func aFolderComingBackIsMerged() throws {
    for paths in [["a/b", "a/x", "a/b/c"], ["a/b", "z", "a/b/c", #"a/b\\d"#], ["/a", "b", "/c"]] {
      let (merged, tree) = try built(paths)
      #expect(merged, "\(paths)")
      #expect(tree == (try SelectionTree(entries: entries(for: paths))), "\(paths)")
      tree.checkInvariants()
    }
    let tree = try SelectionTree(paths: ["a/b", "a/x", "a/b/c", "a/x/y", "a/b/d"])
    #expect(tree.ids == ["a", "a/b", "a/b/c", "a/b/d", "a/x", "a/x/y"])
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
