import Testing

@testable import TestSupport
@testable import ToggleKit

@Suite("Ropes: splices of shared chunks equal the same splices of plain arrays")
struct RopeTests {
  @Test(
    "seeded splices (ranges kept, moved, taken out, added; elements set; copies kept) equal plain arrays, with chunks of 4 and of 512",
    arguments: [2, nil] as [Int?])
  func splicesEqualPlainArrays(blockShift: Int?) {
    var generator = SeededGenerator(seed: UInt64(blockShift ?? 9))
    NodeStates.$testingBlockShift.withValue(blockShift) {
      for count in [0, 1, 3, 4, 5, 17, 600, 2_000] {
        var ropes = [Rope((0..<count).map { "s\($0)" })]
        var plain = [(0..<count).map { "s\($0)" }]
        var fresh = 0
        for step in 0..<150 {
          let which = Int.random(in: 0..<ropes.count, using: &generator)
          let source = ropes[which]
          let flat = plain[which]
          // A splice: a few stretches of the source, in any order, and new elements between.
          var rope = Rope<String>()
          var expected: [String] = []
          for _ in 0..<Int.random(in: 0...4, using: &generator) {
            if Bool.random(using: &generator), !flat.isEmpty {
              let low = Int.random(in: 0...flat.count, using: &generator)
              let high = Int.random(in: low...flat.count, using: &generator)
              rope.append(contentsOf: source, low..<high)
              expected += flat[low..<high]
            } else {
              for _ in 0..<Int.random(in: 0...3, using: &generator) {
                fresh += 1
                rope.append("n\(fresh)")
                expected.append("n\(fresh)")
              }
            }
          }
          if !expected.isEmpty && Bool.random(using: &generator) {
            let position = Int.random(in: 0..<expected.count, using: &generator)
            rope[position] = "set\(step)"
            expected[position] = "set\(step)"
          }
          rope.checkInvariants()
          if ropes.count < 6 {
            ropes.append(rope)
            plain.append(expected)
          } else {
            ropes[which] = rope
            plain[which] = expected
          }
          for (rope, expected) in zip(ropes, plain)
          where Array(rope) != expected || rope.count != expected.count {
            Issue.record("count \(count), step \(step): a rope differs from its array")
            return
          }
        }
        for (rope, expected) in zip(ropes, plain) {
          #expect(rope.indices.map { rope[$0] } == expected, "subscript reads its array")
          #expect(rope == Rope(expected), "equal to a rope cut otherwise")
          for start in Set([0, expected.count / 3, expected.count - 1, expected.count])
          where start >= 0 {
            #expect(
              Array(IteratorSequence(rope.makeIterator(from: start))) == Array(expected[start...]),
              "reading on from \(start)")
          }
          if !expected.isEmpty {
            var changed = expected
            changed[changed.count / 2] += "x"
            #expect(rope != Rope(changed), "one element differs")
          }
        }
      }
    }
  }

  @Test("a rope made of an array shares its buffer; a splice of it copies only merged chunks")
  func splicesShareChunks() {
    let array = (0..<5_000).map { "s\($0)" }
    let rope = Rope(array)
    #expect(rope.chunks.count == 10, "chunks of 512")
    var spliced = Rope<String>()
    spliced.append(contentsOf: rope, 0..<2_500)
    spliced.append("new")
    spliced.append(contentsOf: rope, 2_500..<5_000)
    spliced.checkInvariants()
    #expect(Array(spliced) == Array(array[..<2_500]) + ["new"] + Array(array[2_500...]))
    let shared = spliced.chunks.filter { chunk in
      rope.chunks.contains {
        $0.withUnsafeBufferPointer(\.baseAddress) == chunk.withUnsafeBufferPointer(\.baseAddress)
      }
    }
    #expect(shared.count >= 8, "the chunks away from the cut are the old ones")
    var copy = spliced
    copy[0] = "changed"
    #expect(spliced[0] == "s0", "a write to a copy leaves the original")
  }
}
