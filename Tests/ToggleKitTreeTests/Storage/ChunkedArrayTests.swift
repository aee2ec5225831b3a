import Testing

@testable import TestSupport
@testable import ToggleKit

@Suite("Chunked arrays: copies share chunks until written, and equal plain arrays")
struct ChunkedArrayTests {
  @Test(
    "seeded writes to copies kept in a list equal the same writes to plain arrays, at every chunk and table size",
    arguments: [(0, 0), (0, 1), (1, 1), (2, 3), (5, 5)])
  func copiesEqualPlainArrays(chunkShift: Int, tableShift: Int) {
    var generator = SeededGenerator(seed: UInt64(100 + chunkShift * 10 + tableShift))
    for count in [0, 1, 2, 3, 7, 64, 100, 1_000] {
      let start = (0..<count).map { UInt16($0) }
      var copies = [
        _ChunkSizes.$testingShifts.withValue((chunkShift, tableShift)) {
          ChunkedArray(start)
        }
      ]
      var plain = [start]
      for step in 0..<400 {
        let which = Int.random(in: 0..<copies.count, using: &generator)
        switch Int.random(in: 0..<10, using: &generator) {
        case 0..<3 where copies.count < 12:
          copies.append(copies[which])
          plain.append(plain[which])
        case 3 where copies.count > 1:
          copies.remove(at: which)
          plain.remove(at: which)
        case 4 where count > 0:
          let low = Int.random(in: 0..<count, using: &generator)
          let high = Int.random(in: low...count, using: &generator)
          let value = UInt16.random(in: 0...UInt16.max, using: &generator)
          copies[which].forEachMutableSpan(in: low..<high) { span, _ in
            span.update(repeating: value)
          }
          for index in low..<high { plain[which][index] = value }
        default:
          guard count > 0 else { continue }
          let index = Int.random(in: 0..<count, using: &generator)
          let value = UInt16.random(in: 0...UInt16.max, using: &generator)
          copies[which][index] = value
          plain[which][index] = value
        }
        // Every copy after every write, which finds a write that reached another copy where it
        // happened; the fast tier compares copies of 1,000 elements after every eighth.
        guard count < 1_000 || step % Tier.size(fast: 8, long: 1) == 0 else { continue }
        for (copy, expected) in zip(copies, plain) where copy.elements != expected {
          Issue.record("count \(count), shifts \(chunkShift)/\(tableShift): a copy differs")
          return
        }
      }
      for (copy, expected) in zip(copies, plain) where count > 0 {
        let low = count / 3
        var read: [UInt16] = []
        copy.forEachSpan(in: low..<count) { span, start in
          #expect(start == low + read.count)
          read += span
        }
        #expect(read == Array(expected[low...]))
        #expect((0..<count).map { copy[$0] } == expected)
      }
    }
  }

  @Test("a write to a copy duplicates only the chunk it writes: every other chunk stays shared")
  func aWriteCopiesOneChunk() {
    let original = _ChunkSizes.$testingShifts.withValue((2, 2)) {
      ChunkedArray([UInt8](repeating: 0, count: 100))
    }
    var copy = original
    copy[50] = 1
    for index in 0..<100 {
      #expect(copy.sharesChunk(containing: index, with: original) == (index / 4 != 50 / 4))
    }
    #expect(original[50] == 0 && copy[50] == 1)
    // A second write to the same chunk of the copy writes in place.
    copy[51] = 2
    #expect(original[51] == 0 && copy[50] == 1 && copy[51] == 2)
    var unshared = ChunkedArray([UInt8](repeating: 0, count: 10))
    unshared[3] = 7
    #expect(unshared.elements == [0, 0, 0, 7, 0, 0, 0, 0, 0, 0])
  }

  @Test("chunks hold about 512 bytes by default, so a tree's copy writes little")
  func defaultChunkSize() {
    let bytes = ChunkedArray([UInt8](repeating: 0, count: 10))
    #expect(bytes.chunkShift == 9)
    let counts = ChunkedArray([NodeCounts](repeating: .zero, count: 10))
    #expect(counts.chunkShift == 2)
  }
}
