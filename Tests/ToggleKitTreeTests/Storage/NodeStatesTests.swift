import Testing

@testable import TestSupport
@testable import ToggleKit

@Suite("Node states: every map, count, search and splice equals the same on plain bytes")
struct NodeStatesTests {
  /// A random map of the 32 states: a select, a deselect, or any map keeping visibility.
  private func randomMap(using generator: inout SeededGenerator) -> StateMap {
    switch Int.random(in: 0..<4, using: &generator) {
    case 0: return .select
    case 1: return .deselect
    case 2:
      let bits = UInt8.random(in: 0..<16, using: &generator)
      return StateMap { $0 ^ bits }
    default:
      var table: [UInt8] = []
      for _ in 0..<16 { table.append(UInt8.random(in: 0..<16, using: &generator)) }
      return StateMap(visible: Map16 { table[Int($0)] }, hidden: .identity)
    }
  }

  private func counts(_ bytes: ArraySlice<UInt8>) -> NodeCounts {
    var result = NodeCounts.zero
    for byte in bytes { result.add(byte) }
    return result
  }

  @Test(
    "seeded maps on ranges and single positions, splices and copies give the plain bytes' states, counts and searches; a map that moves nothing leaves a copy identical",
    arguments: [4, 5, nil] as [Int?])
  func mapsAndSplicesEqualPlainBytes(capacity: Int?) {
    var generator = SeededGenerator(seed: UInt64(capacity ?? 64) + 11)
    CountedTreeTesting.$capacity.withValue(capacity) {
      for count in [1, 7, 64, 300, 2_000] {
        var plain = (0..<count).map { _ in UInt8.random(in: 0..<32, using: &generator) }
        var states = NodeStates(states: plain)
        var kept: [(NodeStates, [UInt8])] = []
        for step in 0..<Tier.size(fast: 150, long: 800) {
          let low = Int.random(in: 0..<plain.count, using: &generator)
          let high =
            Bool.random(using: &generator)
            ? low + 1 : Int.random(in: (low + 1)...plain.count, using: &generator)
          switch Int.random(in: 0..<6, using: &generator) {
          case 0...2:
            let map = randomMap(using: &generator)
            let before = states
            states.apply(map, to: low..<high)
            let moves = plain[low..<high].contains { map($0) != $0 }
            for index in low..<high { plain[index] = map(plain[index]) }
            if !moves {
              #expect(states.isIdentical(to: before), "a map that moves nothing writes nothing")
            }
          case 3:
            let added = (0..<Int.random(in: 0...20, using: &generator)).map { _ in
              UInt8.random(in: 0..<32, using: &generator)
            }
            states.tree.replaceSubrange(low..<high, with: CountedTree(added))
            plain.replaceSubrange(low..<high, with: added)
            if plain.isEmpty {
              plain = [0]
              states = NodeStates(states: plain)
            }
          case 4:
            kept.append((states, plain))
            if kept.count > 3 { kept.removeFirst() }
          default:
            if let (copy, bytes) = kept.randomElement(using: &generator) {
              (states, plain) = (copy, bytes)
            }
          }
          states.tree.checkInvariants(summariesEqual: ==)
          guard states.countsAreConsistent(), states.allStates() == plain else {
            Issue.record("count \(count), step \(step): the states differ from the plain bytes")
            return
          }
          let a = Int.random(in: 0..<plain.count, using: &generator)
          let b = Int.random(in: a...plain.count, using: &generator)
          let mask = StateSet(
            visible: UInt16.random(in: 0...UInt16.max, using: &generator),
            hidden: UInt16.random(in: 0...UInt16.max, using: &generator))
          #expect(states.counts(in: a..<b) == counts(plain[a..<b]))
          #expect(states.state(at: a) == plain[a])
          #expect(
            states.lastIndex(in: a..<b, matching: mask) == (a..<b).last { mask.contains(plain[$0]) }
          )
          #expect(
            states.firstIndex(in: a..<b, matching: mask)
              == (a..<b).first { mask.contains(plain[$0]) })
          var visited: [Int] = []
          states.forEachIndex(in: a..<b, matching: mask) { index in
            visited.append(index)
            return index + 2
          }
          var expected: [Int] = []
          var index = a
          while index < b {
            if mask.contains(plain[index]) {
              expected.append(index)
              index += 2
            } else {
              index += 1
            }
          }
          #expect(visited == expected, "visits the matches, skipping as told")
        }
        for (copy, bytes) in kept { #expect(copy.allStates() == bytes, "a copy kept is unchanged") }
      }
    }
  }
}
