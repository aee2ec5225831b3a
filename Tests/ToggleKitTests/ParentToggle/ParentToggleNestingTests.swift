import Testing
import ToggleKit

@testable import TestSupport

/// Groups of source kinds: each inner array is one parent's sources.
private typealias Groups = [[SourceKind]]

/// Every grouping with `1...4` parents of `1...3` sources whose total is at most `maxLeaves`, with
/// every assignment of kinds.
private func exhaustiveGroups(maxLeaves: Int) -> [Groups] {
  var shapes: [[Int]] = [[]]
  var result: [[Int]] = []
  for _ in 1...4 {
    shapes = shapes.flatMap { shape in (1...3).map { shape + [$0] } }
      .filter { $0.reduce(0, +) <= maxLeaves }
    result += shapes
  }
  return result.flatMap { shape -> [Groups] in
    let leaves = shape.reduce(0, +)
    return everyConfiguration(upTo: leaves).filter { $0.count == leaves }.map { flat in
      var groups: Groups = []
      var rest = flat[...]
      for size in shape {
        groups.append(Array(rest.prefix(size)))
        rest = rest.dropFirst(size)
      }
      return groups
    }
  }
}

/// Random groupings up to 4 × 3 sources.
private func randomGroups(count: Int, seed: UInt64) -> [Groups] {
  var generator = SeededGenerator(seed: seed)
  return (0..<count).map { _ in
    (0..<Int.random(in: 1...4, using: &generator)).map { _ in
      (0..<Int.random(in: 1...3, using: &generator)).map { _ in
        SourceKind.allCases.randomElement(using: &generator)!
      }
    }
  }
}

/// Runs the same action on a grandparent over parents and on a flat parent over the same kinds,
/// and checks that both end in the same values and states.
private func checkNestingMatchesFlattening(
  _ groups: Groups, _ policy: LockedSources, _ mixed: MixedToggleTarget, _ action: ParentAction
) {
  let flatKinds = groups.flatMap { $0 }
  let nestedWorld = SourceWorld(flatKinds)
  let flatWorld = SourceWorld(flatKinds)
  var offset = 0
  let parents = groups.map { group -> ParentToggle in
    let bindings = Array(nestedWorld.bindings[offset..<offset + group.count])
    offset += group.count
    return ParentToggle(bindings, lockedSources: policy, mixedTogglesTo: mixed)
  }
  let grandparent = ParentToggle(
    parents.map(\.isOn), lockedSources: policy, mixedTogglesTo: mixed)
  let flat = ParentToggle(flatWorld.bindings, lockedSources: policy, mixedTogglesTo: mixed)
  let context = "\(groups) \(policy) \(mixed) \(action)"
  #expect(grandparent.state == flat.state, "before \(context)")
  #expect(grandparent.isLocked == flat.isLocked, "\(context)")
  switch action {
  case .toggle:
    grandparent.toggle()
    flat.toggle()
  case .setOn:
    grandparent.set(true)
    flat.set(true)
  case .setOff:
    grandparent.set(false)
    flat.set(false)
  case .toggleTwice:
    grandparent.toggle()
    flat.toggle()
    #expect(grandparent.state == flat.state, "between toggles \(context)")
    grandparent.toggle()
    flat.toggle()
  }
  #expect(nestedWorld.spies.map(\.value) == flatWorld.spies.map(\.value), "values after \(context)")
  #expect(grandparent.state == flat.state, "after \(context)")
}

@Suite("Nested parents behave exactly like one parent over all their sources")
struct ParentToggleNestingTests {
  @Test(
    "two levels, every grouping of up to four sources (five in the long tier), every kind, policy, direction and action",
    arguments: LockedSources.allCases, MixedToggleTarget.allCases)
  func exhaustiveUpToFiveSources(policy: LockedSources, mixed: MixedToggleTarget) {
    let worlds = exhaustiveGroups(maxLeaves: Tier.size(fast: 4, long: 5))
    #expect(worlds.count > Tier.size(fast: 1_000, long: 10_000))
    for groups in worlds {
      for action in ParentAction.allCases {
        checkNestingMatchesFlattening(groups, policy, mixed, action)
      }
    }
  }

  @Test(
    "two levels up to 4 × 3 sources, 2,000 seeded random worlds per policy and direction",
    arguments: LockedSources.allCases, MixedToggleTarget.allCases)
  func randomUpToFourByThree(policy: LockedSources, mixed: MixedToggleTarget) {
    for groups in randomGroups(count: 2_000, seed: 0x7067) {
      for action in ParentAction.allCases {
        checkNestingMatchesFlattening(groups, policy, mixed, action)
      }
    }
  }

  @Test("a parent whose sources are all locked is a locked source of its grandparent")
  func allLockedParentIsALockedSource() {
    @ModelState var free = false
    let locked = ParentToggle([.constant(true), .constant(false)])
    let open = ParentToggle([$free])
    #expect(!locked.isOn.isWritable)
    #expect(open.isOn.isWritable)
    let grandparent = ParentToggle([locked.isOn, open.isOn])
    #expect(grandparent.summary == ToggleSummary(writableOff: 1, lockedMixed: 1))
    #expect(grandparent.state == .off)
    #expect(grandparent.toggle() == ToggleOutcome(changed: 1, blocked: 1))
    #expect(free)
  }

  @Test("a mixed parent reads as mixed to its grandparent, not as off")
  func mixedParentIsMixedSource() {
    @ModelState var a = true
    @ModelState var b = false
    let parent = ParentToggle([$a, $b])
    let grandparent = ParentToggle([parent.isOn])
    #expect(parent.isOn.wrappedValue == false)
    #expect(grandparent.state == .mixed)
    #expect(grandparent.set(false) == ToggleOutcome(changed: 1, blocked: 0))
    #expect(!a && !b)
  }
}
