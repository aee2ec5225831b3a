import Testing

@testable import TestSupport
@testable import ToggleKit

/// Everything a reader sees of every node, read in bulk: cheaper than a ``ContractView``.
private struct Fingerprint: Equatable {
  var ids: [Int]
  var configurations: [ToggleConfiguration]
  var summaries: [ToggleSummary]
  var options: SelectionTree<Int>.Options

  init(_ tree: SelectionTree<Int>) {
    ids = tree.ids
    configurations = tree.configurations(in: 0..<tree.count)
    summaries = tree.summaries(in: 0..<tree.count)
    options = tree.options
  }
}

@Suite("Copies share storage, never state: a write to a copy never reaches the original")
struct ValueSemanticsTests {
  @Test(
    "restoring an earlier value's states takes back selection, locks and disabling, keeps expansion and the current filter, and refuses another shape or other options"
  )
  func restoreStatesFromAnEarlierValue() throws {
    var tree = try SelectionTree(paths: ["Fruit/Apple", "Fruit/Pear", "Veg/Leek"])
    let earlier = tree
    try tree.toggle("Fruit")
    try tree.setLock("Veg/Leek", to: .on)
    try tree.setDisabled("Fruit/Pear", to: true)
    try tree.expand("Fruit")
    tree.setFilter(TreeFilter(text: "pear"))
    let restored = tree.restoreStates(from: earlier)
    #expect(restored)
    #expect(tree.selection(.leaves).isEmpty && tree.isLocked("Veg/Leek") == false)
    #expect(tree.isEnabled("Fruit/Pear") == true && tree.isExpanded("Fruit") == true)
    #expect(tree.ids.map { tree.isVisible($0)! } == [true, false, true, false, false])
    tree.checkInvariants()
    var other = try SelectionTree(paths: ["Fruit/Apple"])
    let otherRestored = other.restoreStates(from: earlier)
    #expect(!otherRestored, "another shape")
    var reshaped = earlier
    reshaped.options.lockedSources = .counted
    let reshapedRestored = reshaped.restoreStates(from: earlier)
    #expect(!reshapedRestored, "other options")
  }

  /// Every four- and five-node tree with its leaves cycling through the kinds, and every world of
  /// up to three nodes (the fast tier: every world of up to two nodes).
  private static func worlds() -> [[ContractModel.Datum]] {
    let fourAndFive = Tier.size(fast: [], long: [4, 5]).flatMap { size in
      orderedForests(size).map { shape in
        (0..<size).map { node in
          let parent = shape[node] < 0 ? nil : shape[node]
          return shape.contains(node)
            ? ContractModel.Datum(id: node, parent: parent)
            : SourceKind.allCases[(node + shape.count) % 4].datum(node, parent: parent)
        }
      }
    }
    return contractWorlds(upTo: Tier.size(fast: 2, long: 3)) + fourAndFive
  }

  @Test(
    "after any operation on any world of up to two nodes (up to three, and every four- and five-node tree, in the long tier), writing one of two copies with any second operation (one in sixteen in the fast tier and one in ten in the long one, every operation first and second) leaves the other as it was, each equals the model, and a node write that changes nothing leaves the copies one value (blocks and chunks of two)",
    arguments: 0..<4)
  func writesToCopiesNeverReachTheOriginal(part: Int) throws {
    // Four parts of the worlds, every fourth each, that run side by side.
    var checked = 0
    try NodeStates.$testingBlockShift.withValue(1) {
      for (index, data) in Self.worlds().enumerated() where index % 4 == part {
        let tree = try SelectionTree(contract: data, options: .init())
        let model = ContractModel(data: data, options: .init())
        let alphabet = ContractOperation.alphabet(nodes: data.map(\.id))
        let oneIn = Tier.size(fast: 16, long: 10)
        for (place, first) in alphabet.enumerated() {
          var original = tree
          var originalModel = model
          _ = try first.apply(to: &original, &originalModel)
          let before = Fingerprint(original)
          for (other, second) in alphabet.enumerated() where (place + other) % oneIn == 0 {
            // One of two sharing values is written: the other stays as it was.
            var written = original
            let kept = written
            var writtenModel = originalModel
            _ = try second.apply(to: &written, &writtenModel)
            guard Fingerprint(kept) == before, ContractView(written) == ContractView(writtenModel)
            else {
              Issue.record("\(data): \(first), then \(second) on one copy reached the other")
              return
            }
            // A click, set, lock, disabling or expansion that leaves the tree equal writes nothing.
            if second.isNodeWrite && written == kept && !written.isIdentical(to: kept) {
              Issue.record("\(data): \(first), then \(second) changed nothing but wrote")
              return
            }
            // The other is written the same way: the two are equal again, the first untouched.
            var other = kept
            var otherModel = originalModel
            _ = try second.apply(to: &other, &otherModel)
            guard other == written, Fingerprint(other) == Fingerprint(written),
              Fingerprint(original) == before
            else {
              Issue.record("\(data): \(first), then \(second) on each copy gave two trees")
              return
            }
            checked += 1
          }
        }
      }
    }
    #expect(checked > Tier.size(fast: 120, long: 3_000))
  }

  @Test(
    "copies handed to concurrent tasks and written there, while the original is written here, each end as the same clicks made alone would leave them (tiny and default chunks; 20 folders of 25 leaves, 40 of 50 in the long tier)",
    arguments: [nil, 1] as [Int?])
  func concurrentCopies(blockShift: Int?) async throws {
    let (folders, leaves) = Tier.size(fast: (20, 25), long: (40, 50))
    let paths = (0..<folders).flatMap { folder in
      (0..<leaves).map { "f\(folder)/leaf\(folder)-\($0)" }
    }
    let original = try NodeStates.$testingBlockShift.withValue(blockShift) {
      try SelectionTree(paths: paths)
    }
    let ids = original.ids
    /// Seeded clicks on `tree`, the same wherever they run.
    @Sendable func clicks(_ tree: inout SelectionTree<String>, seed: UInt64) {
      var generator = SeededGenerator(seed: seed)
      for _ in 0..<Tier.size(fast: 30, long: 400) {
        let id = ids.randomElement(using: &generator)!
        if Int.random(in: 0..<10, using: &generator) == 0 {
          try? tree.setLock(id, to: .on)
        } else {
          _ = try? tree.toggle(id)
        }
      }
    }
    let results = await withTaskGroup(of: (UInt64, SelectionTree<String>).self) { group in
      for seed in UInt64(1)...8 {
        let copy = original
        group.addTask {
          var tree = copy
          clicks(&tree, seed: seed)
          return (seed, tree)
        }
      }
      var here = original
      clicks(&here, seed: 99)
      var results: [(UInt64, SelectionTree<String>)] = [(99, here)]
      for await result in group { results.append(result) }
      return results
    }
    for (seed, tree) in results {
      var alone = try NodeStates.$testingBlockShift.withValue(blockShift) {
        try SelectionTree(paths: paths)
      }
      clicks(&alone, seed: seed)
      tree.checkInvariants()
      #expect(tree == alone, "seed \(seed)")
      #expect(tree.selection(.all) == alone.selection(.all), "seed \(seed)")
    }
    #expect(original.selection(.all).isEmpty, "the original as it was")
  }
}

extension ContractOperation {
  /// A write to nodes' states, which writes nothing when it changes none.
  fileprivate var isNodeWrite: Bool {
    switch self {
    case .toggle, .set, .lock, .disable, .expand, .selectAll, .deselectAll: true
    default: false
    }
  }
}
