import Testing

@testable import TestSupport
@testable import ToggleKit

/// A forest as plain arrays in preorder: the oracle for counted shapes.
private struct PlainForest {
  var ids: [Int] = []
  var labels: [String] = []
  var depths: [Int32] = []

  func end(of position: Int) -> Int {
    var end = position + 1
    while end < ids.count && depths[end] > depths[position] { end += 1 }
    return end
  }

  func parent(of position: Int) -> Int? {
    guard depths[position] > 0 else { return nil }
    return (0..<position).last { depths[$0] < depths[position] }
  }

  /// Where a new child of `parent` (nil: a root) goes, before its `index`-th child or last.
  func insertionPoint(under parent: Int?, at index: Int) -> Int {
    let children =
      parent.map { p in (p + 1..<end(of: p)).filter { depths[$0] == depths[p] + 1 } }
      ?? ids.indices.filter { depths[$0] == 0 }
    return index < children.count ? children[index] : parent.map(end(of:)) ?? ids.count
  }
}

@Suite(
  "Counted shapes: ids, labels, depths, subtree ends and parents after every edit equal plain arrays edited alike"
)
struct CountedShapeTests {
  @Test(
    "seeded inserts, removals, moves and relabels of subtrees, over copies kept, give the plain forest's ids, labels, depths, ends and parents, and every id's position",
    arguments: [(4, 8), (5, 12), (nil, 10), (nil, nil)] as [(Int?, Int?)])
  func editsEqualPlainArrays(capacity: Int?, keyBits: Int?) {
    var generator = SeededGenerator(seed: UInt64(capacity ?? 64) * 100 + UInt64(keyBits ?? 32))
    CountedTreeTesting.$capacity.withValue(capacity) {
      CountedShapeTesting.$keyBits.withValue(keyBits) {
        var plain = PlainForest()
        for position in 0..<30 {
          plain.ids.append(position)
          plain.labels.append("n\(position)")
          plain.depths.append(
            position == 0
              ? 0 : Int32.random(in: 0...(plain.depths[position - 1] + 1), using: &generator))
        }
        var shape = CountedShape(ids: plain.ids, labels: plain.labels, depths: plain.depths)
        var copies: [(CountedShape<Int>, PlainForest)] = []
        var fresh = 1_000
        let limit = keyBits.map { (1 << $0) / 2 } ?? 400
        for step in 0..<Tier.size(fast: 300, long: 2_000) {
          let count = plain.ids.count
          switch Int.random(in: 0..<8, using: &generator) {
          case 0...2 where count < limit:
            // A small forest of new nodes under a random node, or as roots.
            let parent =
              count > 0 && Bool.random(using: &generator)
              ? Int.random(in: 0..<count, using: &generator) : nil
            let at = plain.insertionPoint(
              under: parent, at: Int.random(in: 0...4, using: &generator))
            let base = parent.map { plain.depths[$0] + 1 } ?? 0
            var added: [(id: Int, label: String, depth: Int32)] = []
            for _ in 0..<Int.random(in: 1...12, using: &generator) {
              let depth =
                added.isEmpty
                ? base : Int32.random(in: base...(added.last!.depth + 1), using: &generator)
              fresh += 1
              added.append((fresh, "a\(fresh)", depth))
            }
            shape.insert(
              added.map { .init(id: $0.id, label: $0.label, depth: $0.depth, key: 0) }, at: at)
            plain.ids.insert(contentsOf: added.map(\.id), at: at)
            plain.labels.insert(contentsOf: added.map(\.label), at: at)
            plain.depths.insert(contentsOf: added.map(\.depth), at: at)
          case 3 where count > 0:
            let node = Int.random(in: 0..<count, using: &generator)
            let range = node..<plain.end(of: node)
            shape.remove(range)
            plain.ids.removeSubrange(range)
            plain.labels.removeSubrange(range)
            plain.depths.removeSubrange(range)
          case 4...5 where count > 0:
            let node = Int.random(in: 0..<count, using: &generator)
            let range = node..<plain.end(of: node)
            var rest = plain
            rest.ids.removeSubrange(range)
            rest.labels.removeSubrange(range)
            rest.depths.removeSubrange(range)
            let parent =
              !rest.ids.isEmpty && Bool.random(using: &generator)
              ? Int.random(in: 0..<rest.ids.count, using: &generator) : nil
            let at = rest.insertionPoint(
              under: parent, at: Int.random(in: 0...3, using: &generator))
            let change = (parent.map { rest.depths[$0] + 1 } ?? 0) - plain.depths[node]
            shape.move(range, to: at, depthChange: change)
            rest.ids.insert(contentsOf: plain.ids[range], at: at)
            rest.labels.insert(contentsOf: plain.labels[range], at: at)
            rest.depths.insert(contentsOf: plain.depths[range].map { $0 + change }, at: at)
            plain = rest
          case 6 where count > 0:
            let node = Int.random(in: 0..<count, using: &generator)
            shape.relabel(at: node, to: "r\(step)")
            plain.labels[node] = "r\(step)"
          default:
            if copies.count < 4 {
              copies.append((shape, plain))
            } else {
              (shape, plain) = copies.removeFirst()
            }
          }
          shape.checkInvariants()
          guard matches(shape, plain) else {
            Issue.record("step \(step): the shape differs from the plain forest")
            return
          }
        }
        for (copy, expected) in copies {
          copy.checkInvariants()
          #expect(matches(copy, expected), "a copy kept is unchanged by edits after it")
        }
        #expect(shape.position(of: -1) == nil, "an unknown id has no position")
      }
    }
  }

  private func matches(_ shape: CountedShape<Int>, _ plain: PlainForest) -> Bool {
    guard shape.count == plain.ids.count else { return false }
    for position in plain.ids.indices {
      let node = shape[position]
      guard node.id == plain.ids[position], node.label == plain.labels[position],
        node.depth == plain.depths[position],
        shape.end(of: position) == plain.end(of: position),
        shape.parent(of: position) == plain.parent(of: position),
        shape.position(of: plain.ids[position]) == position
      else { return false }
    }
    return true
  }
}
