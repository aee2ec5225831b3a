import Testing
import ToggleKit
import ToggleKitTesting

@testable import TestSupport

/// What a test does to a parent.
enum ParentAction: CaseIterable, CustomStringConvertible {
  case toggle, setOn, setOff, toggleTwice

  var description: String {
    switch self {
    case .toggle: "toggle"
    case .setOn: "set on"
    case .setOff: "set off"
    case .toggleTwice: "toggle twice"
    }
  }
}

private let configurations = everyConfiguration(upTo: 6)

@Suite("Parent toggles: every configuration of up to six sources")
struct ParentToggleTests {
  @Test("there are 5,461 configurations of 0 to 6 sources of four kinds")
  func configurationCount() {
    #expect(configurations.count == 5_461)
    #expect(Set(configurations).count == 5_461)
  }

  @Test(
    "state, writes and outcome match the oracle for every configuration, policy, direction and action",
    arguments: LockedSources.allCases, MixedToggleTarget.allCases)
  func everyConfigurationMatchesTheOracle(policy: LockedSources, mixed: MixedToggleTarget) {
    var checked = 0
    for kinds in configurations {
      for action in ParentAction.allCases {
        let world = SourceWorld(kinds)
        let parent = ParentToggle(world.bindings, lockedSources: policy, mixedTogglesTo: mixed)
        #expect(parent.state == ParentOracle.state(kinds, policy), "\(kinds)")
        #expect(parent.isLocked == kinds.allSatisfy(\.isLocked))

        var expected = kinds
        var expectedWrites = Array(repeating: 0, count: kinds.count)
        var outcomes: [ToggleOutcome] = []
        var expectedOutcomes: [ToggleOutcome] = []
        let steps: [Bool?] =
          switch action {
          case .toggle: [nil]
          case .setOn: [true]
          case .setOff: [false]
          case .toggleTwice: [nil, nil]
          }
        for step in steps {
          let value = step ?? ParentOracle.toggleTarget(expected, policy, mixed)
          let oracle = ParentOracle.write(value, to: expected)
          expected = oracle.kinds
          for index in oracle.written { expectedWrites[index] += 1 }
          expectedOutcomes.append(ToggleOutcome(changed: oracle.changed, blocked: oracle.blocked))
          outcomes.append(step.map { parent.set($0) } ?? parent.toggle())
        }
        let context = "\(kinds) \(action)"
        #expect(world.kinds(locks: kinds) == expected, "values after \(context)")
        #expect(world.writeCounts == expectedWrites, "writes after \(context)")
        #expect(outcomes == expectedOutcomes, "outcomes of \(context)")
        #expect(parent.state == ParentOracle.state(expected, policy), "state after \(context)")
        checked += 1
      }
    }
    #expect(checked == 5_461 * 4)
  }

  @Test(
    "locked sources are never written, not even with their own value",
    arguments: LockedSources.allCases)
  func lockedSourcesAreNeverWritten(policy: LockedSources) {
    for kinds in configurations where kinds.contains(where: \.isLocked) {
      let world = SourceWorld(kinds)
      let parent = ParentToggle(world.bindings, lockedSources: policy)
      parent.toggle()
      parent.set(true)
      parent.set(false)
      parent.toggle()
      for (kind, spy) in zip(kinds, world.spies) where kind.isLocked {
        #expect(spy.writes == 0, "\(kinds)")
      }
    }
  }

  @Test(
    "liveness under .excluded: with a writable source, one toggle changes the state and two visit on and off",
    arguments: MixedToggleTarget.allCases)
  func livenessUnderExcluded(mixed: MixedToggleTarget) {
    var live = 0
    for kinds in configurations where kinds.contains(where: { !$0.isLocked }) {
      let world = SourceWorld(kinds)
      let parent = ParentToggle(world.bindings, lockedSources: .excluded, mixedTogglesTo: mixed)
      let before = parent.state
      parent.toggle()
      let first = parent.state
      parent.toggle()
      let second = parent.state
      #expect(first != before, "\(kinds)")
      #expect(Set([first, second]) == [.on, .off], "\(kinds)")
      live += 1
    }
    #expect(
      live == 5_461 - 127, "every configuration with a writable source (127 have none: 2ⁿ each)")
  }

  @Test(
    "under .counted a parent is stuck exactly when mixed with a locked source opposite the mixed target",
    arguments: MixedToggleTarget.allCases)
  func stuckConfigurationsUnderCounted(mixed: MixedToggleTarget) {
    var stuck = 0
    for kinds in configurations where kinds.contains(where: { !$0.isLocked }) {
      let world = SourceWorld(kinds)
      let parent = ParentToggle(world.bindings, lockedSources: .counted, mixedTogglesTo: mixed)
      let before = parent.state
      parent.toggle()
      let isStuck = parent.state == before
      let characterised =
        before == .mixed && kinds.contains { $0.isLocked && $0.isOn != mixed.isOn }
      #expect(isStuck == characterised, "\(kinds)")
      if isStuck { stuck += 1 }
    }
    let closedForm = (1...6).map { n in pow(4, n) - pow(3, n) - 2 * pow(2, n) + 3 }.reduce(0, +)
    #expect(stuck == 4_134)
    #expect(closedForm == 4_134)
  }

  @Test(
    "the empty parent is off and locked, and toggling it changes nothing (SwiftUI reads it as on)")
  func emptyParent() {
    let parent = ParentToggle([])
    #expect(parent.state == .off)
    #expect(parent.isLocked)
    #expect(parent.toggle() == ToggleOutcome(changed: 0, blocked: 0))
    #expect(parent.state == .off)
    #expect(!parent.isOn.isWritable)
    #expect(parent.summary == ToggleSummary())
  }

  @Test(
    "an all-locked parent shows the aggregate of its locked sources and reports each blocked one")
  func allLockedParent() {
    let parent = ParentToggle([.constant(true), .constant(false), ModelBinding(get: { true })])
    #expect(parent.state == .mixed)
    #expect(parent.isLocked)
    #expect(parent.toggle() == ToggleOutcome(changed: 0, blocked: 1), "mixed writes on: one is off")
    #expect(parent.set(false) == ToggleOutcome(changed: 0, blocked: 2))
    #expect(parent.state == .mixed)
    #expect(parent.summary == ToggleSummary(lockedOn: 2, lockedOff: 1))
  }

  @Test("constant, read-only and locked() bindings are all locked sources")
  func everyNonWritableFormIsLocked() {
    @ModelState var a = false
    let readOnly = ModelBinding(get: { true })
    let parent = ParentToggle([$a, .constant(true), readOnly, $a.locked()])
    #expect(parent.summary == ToggleSummary(writableOff: 1, lockedOn: 2, lockedOff: 1))
  }

  @Test("a source that declares it ignores the written value is blocked, not written")
  func declaredIgnoredWritesAreBlocked() {
    @ModelState var flavour = "mint"
    @ModelState var other = false
    let parent = ParentToggle([$flavour.equals("mint"), $other])
    #expect(parent.state == .mixed)
    #expect(parent.set(false) == ToggleOutcome(changed: 0, blocked: 1))
    #expect(flavour == "mint")
    #expect(parent.set(true) == ToggleOutcome(changed: 1, blocked: 0))
  }

  @Test("a source whose binding does not take the write is counted as blocked")
  func unresponsiveSourceIsBlocked() {
    let stubborn = ModelBinding(get: { false }, set: { _ in })
    @ModelState var other = false
    let parent = ParentToggle([stubborn, $other])
    #expect(parent.set(true) == ToggleOutcome(changed: 1, blocked: 1))
  }

  @Test("the parent's isOn binding is lawful when the parent has a writable source")
  func isOnIsLawful() {
    @ModelState var a = true
    @ModelState var b = false
    let parent = ParentToggle([$a, $b, .constant(true)])
    BindingLaws.expectLawful(parent.isOn)
    #expect(BindingLaws.check(ParentToggle([.constant(true)]).isOn).kind == .constant)
  }
}

private func pow(_ base: Int, _ exponent: Int) -> Int {
  (0..<exponent).reduce(1) { product, _ in product * base }
}
