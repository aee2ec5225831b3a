import Testing

@testable import TestSupport
@testable import ToggleKit

/// Integers summarized by their sum and least value, changed wholesale by adding a number.
private enum AddTraits: CountedTraits {
  struct Summary: Equatable {
    var sum: Int
    var least: Int
  }

  static let emptySummary = Summary(sum: 0, least: .max)
  static func summary(of elements: ArraySlice<Int>) -> Summary {
    Summary(sum: elements.reduce(0, +), least: elements.min() ?? .max)
  }
  static func combine(_ first: Summary, _ second: Summary) -> Summary {
    Summary(sum: first.sum + second.sum, least: min(first.least, second.least))
  }
  static let identity = 0
  static func isIdentity(_ action: Int) -> Bool { action == 0 }
  static func compose(_ outer: Int, after inner: Int) -> Int { outer + inner }
  static func apply(_ action: Int, to summary: Summary, count: Int) -> Summary {
    Summary(
      sum: summary.sum + action * count,
      least: summary.least == .max ? .max : summary.least + action)
  }
  static func apply(_ action: Int, to element: Int) -> Int { element + action }
}

/// Integers summarized by their least value, never changed wholesale.
private enum LeastTraits: CountedTraits {
  typealias Action = NoAction
  static let emptySummary = Int.max
  static func summary(of elements: ArraySlice<Int>) -> Int { elements.min() ?? .max }
  static func combine(_ first: Int, _ second: Int) -> Int { min(first, second) }
}

@Suite("Counted trees: every splice, action, summary and search equals the same on a plain array")
struct CountedTreeTests {
  @Test(
    "seeded inserts, removals, moves, actions on ranges and point updates, over copies kept, equal a plain array; every node stays within its bounds",
    arguments: [1, 2, 3, 4, 5, 7, nil] as [Int?])
  func splicesEqualPlainArrays(capacity: Int?) {
    var generator = SeededGenerator(seed: UInt64(capacity ?? 64))
    CountedTreeTesting.$capacity.withValue(capacity) {
      for count in [0, 1, 3, 4, 5, 17, 100, 700] {
        var trees = [CountedTree<AddTraits>(Array(0..<count))]
        var plain = [Array(0..<count)]
        var fresh = 1_000
        for step in 0..<Tier.size(fast: 120, long: 600) {
          let which = Int.random(in: 0..<trees.count, using: &generator)
          var tree = trees[which]
          var expected = plain[which]
          let low = Int.random(in: 0...expected.count, using: &generator)
          let high = Int.random(in: low...expected.count, using: &generator)
          switch Int.random(in: 0..<7, using: &generator) {
          case 0:
            let added = (0..<Int.random(in: 0...40, using: &generator)).map { fresh + $0 }
            fresh += 100
            tree.insert(contentsOf: added, at: low)
            expected.insert(contentsOf: added, at: low)
          case 1:
            tree.removeSubrange(low..<high)
            expected.removeSubrange(low..<high)
          case 2:
            let rest = expected.count - (high - low)
            let to = Int.random(in: 0...rest, using: &generator)
            tree.moveSubrange(low..<high, to: to)
            let moved = expected[low..<high]
            expected.removeSubrange(low..<high)
            expected.insert(contentsOf: moved, at: to)
          case 3:
            let amount = Int.random(in: -5...5, using: &generator)
            tree.apply(amount, to: low..<high)
            for index in low..<high { expected[index] += amount }
          case 4 where !expected.isEmpty:
            let position = Int.random(in: 0..<expected.count, using: &generator)
            tree.update(at: position) { $0 = -step }
            expected[position] = -step
          case 5:
            let other = trees[Int.random(in: 0..<trees.count, using: &generator)]
            let otherPlain = plain[trees.firstIndex { $0.root === other.root } ?? which]
            tree = tree + other
            expected += otherPlain
          default:
            tree = tree.extracting(low..<high)
            expected = Array(expected[low..<high])
          }
          tree.checkInvariants(summariesEqual: ==)
          if trees.count < 5 {
            trees.append(tree)
            plain.append(expected)
          } else {
            trees[which] = tree
            plain[which] = expected
          }
          for (tree, expected) in zip(trees, plain) where tree.elements != expected {
            Issue.record("count \(count), step \(step): a tree differs from its array")
            return
          }
        }
        for (tree, expected) in zip(trees, plain) {
          #expect(tree.count == expected.count, "counts its elements")
          #expect(expected.indices.allSatisfy { tree[$0] == expected[$0] }, "reads by position")
          let low = expected.count / 3
          let high = expected.count - expected.count / 4
          let part = expected[low..<high]
          #expect(
            tree.summary(in: low..<high)
              == AddTraits.Summary(sum: part.reduce(0, +), least: part.min() ?? .max),
            "summarizes a range")
        }
      }
    }
  }

  @Test(
    "a search by summary finds the first element at or after a position, and the last before one, that a plain scan finds",
    arguments: [4, nil] as [Int?])
  func searchesFindWhatAScanFinds(capacity: Int?) {
    var generator = SeededGenerator(seed: 7)
    CountedTreeTesting.$capacity.withValue(capacity) {
      for count in [0, 1, 9, 300] {
        let values = (0..<count).map { _ in Int.random(in: 0..<20, using: &generator) }
        let tree = CountedTree<LeastTraits>(values)
        for _ in 0..<200 {
          let bound = Int.random(in: 0..<20, using: &generator)
          let start = Int.random(in: 0...count, using: &generator)
          let first = tree.firstIndex(
            from: start, mayHold: { $0 <= bound }, matches: { $0 <= bound })
          #expect(first == values.indices.first { $0 >= start && values[$0] <= bound })
          let last = tree.lastIndex(
            before: start, mayHold: { $0 <= bound }, matches: { $0 <= bound })
          #expect(last == values.indices.last { $0 < start && values[$0] <= bound })
        }
      }
    }
  }

  @Test("an edit of a copy leaves the original's nodes as they were, and shares all but a path")
  func copiesShareAllButAPath() {
    CountedTreeTesting.$capacity.withValue(4) {
      let original = CountedTree<LeastTraits>(Array(0..<1_000))
      var copy = original
      copy.insert(contentsOf: [-1], at: 500)
      #expect(original.elements == Array(0..<1_000))
      #expect(copy.count == 1_001 && copy[500] == -1 && copy[501] == 500)
      #expect(copy.summary == -1 && original.summary == 0)
      // Leaves of the copy that are the original's own objects: all but a few near the insert.
      var originalLeaves = Set<ObjectIdentifier>()
      var copyLeaves: [ObjectIdentifier] = []
      func leaves(_ node: CountedNode<LeastTraits>, _ body: (CountedNode<LeastTraits>) -> Void) {
        if node.height == 0 {
          body(node)
        } else {
          for child in node.children { leaves(child, body) }
        }
      }
      leaves(original.root!) { originalLeaves.insert(ObjectIdentifier($0)) }
      leaves(copy.root!) { copyLeaves.append(ObjectIdentifier($0)) }
      let made = copyLeaves.filter { !originalLeaves.contains($0) }.count
      #expect(made <= 4, "an insert makes a handful of leaves, not \(made)")
    }
  }
}
