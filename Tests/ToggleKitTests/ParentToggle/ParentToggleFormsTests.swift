import Testing
import ToggleKit

@testable import TestSupport

private struct Item: Identifiable, Equatable {
  let id: Int
  var isOn = false
  var isRequired = false
}

private struct Row: Equatable {
  var isOn = false
}

@Suite("Parent toggles: the three ways to give a parent its sources")
struct ParentToggleFormsTests {
  @Test("sources: $items, isOn: \\.isOn — a parent over a collection's elements")
  func collectionForm() {
    @ModelState var items = [Item(id: 1, isOn: true), Item(id: 2), Item(id: 3)]
    let parent = ParentToggle(sources: $items, isOn: \.isOn)
    #expect(parent.state == .mixed)
    #expect(parent.toggle() == ToggleOutcome(changed: 2, blocked: 0))
    #expect(items.allSatisfy { $0.isOn })
    #expect(parent.toggle() == ToggleOutcome(changed: 3, blocked: 0))
    #expect(parent.state == .off)
  }

  @Test("the collection form re-reads the collection, so it follows insertions and removals")
  func collectionFormFollowsChanges() {
    @ModelState var items = [Item(id: 1, isOn: true)]
    let parent = ParentToggle(sources: $items, isOn: \.isOn)
    #expect(parent.state == .on)
    items.append(Item(id: 2))
    #expect(parent.state == .mixed)
    items.removeAll()
    #expect(parent.state == .off && parent.isLocked)
  }

  @Test("isLocked: a key path locks elements while it is true")
  func collectionFormWithLockKeyPath() {
    @ModelState var items = [
      Item(id: 1, isOn: true, isRequired: true), Item(id: 2), Item(id: 3, isOn: true),
    ]
    let parent = ParentToggle(sources: $items, isOn: \.isOn, isLocked: \.isRequired)
    #expect(parent.summary == ToggleSummary(writableOn: 1, writableOff: 1, lockedOn: 1))
    #expect(parent.set(false) == ToggleOutcome(changed: 1, blocked: 1))
    #expect(items.map(\.isOn) == [true, false, false])
    #expect(parent.state == .off, "the required item does not count under .excluded")
    items[0].isRequired = false
    #expect(parent.state == .mixed)
  }

  @Test("a locked collection binding makes every element a locked source")
  func lockedCollection() {
    @ModelState var items = [Item(id: 1), Item(id: 2, isOn: true)]
    let parent = ParentToggle(sources: $items.locked(), isOn: \.isOn)
    #expect(parent.isLocked)
    #expect(parent.toggle() == ToggleOutcome(changed: 0, blocked: 1))
    #expect(items == [Item(id: 1), Item(id: 2, isOn: true)])
  }

  @Test("plain Bools in a collection: sources: $flags, isOn: \\.self")
  func plainBoolCollection() {
    @ModelState var flags = [true, false, true]
    let parent = ParentToggle(sources: $flags, isOn: \.self)
    parent.toggle()
    #expect(flags == [true, true, true])
  }

  @Test("sources: [$row1, $row2], isOn: \\.isOn — separate states of structs")
  func separateStructsForm() {
    @ModelState var first = Row(isOn: true)
    @ModelState var second = Row()
    let parent = ParentToggle(sources: [$first, $second], isOn: \.isOn)
    #expect(parent.state == .mixed)
    parent.toggle()
    #expect(first.isOn && second.isOn)
  }

  @Test("sources: [$a, .constant(true)], isOn: \\.self — separate Bools, one of them constant")
  func separateBoolsWithConstant() {
    @ModelState var a = false
    let parent = ParentToggle(sources: [$a, .constant(true)], isOn: \.self)
    #expect(parent.state == .off)
    parent.toggle()
    #expect(a && parent.state == .on)
    parent.toggle()
    #expect(!a && parent.state == .off)
  }

  @Test("ToggleSummary.state applies each policy to its counts")
  func summaryState() {
    let summary = ToggleSummary(writableOn: 2, lockedOff: 1)
    #expect(summary.state(lockedSources: .excluded) == .on)
    #expect(summary.state(lockedSources: .counted) == .mixed)
    #expect(ToggleSummary(lockedOn: 1).state(lockedSources: .excluded) == .on)
    #expect(ToggleSummary().state(lockedSources: .counted) == .off)
    #expect(ToggleSummary(writableMixed: 1).state(lockedSources: .excluded) == .mixed)
    #expect((summary + ToggleSummary(lockedOn: 3)).total == 6)
    #expect("\(summary)" == "2 writable on, 1 locked off")
    #expect("\(ToggleSummary())" == "no sources")
  }
}

@Suite("Parent toggles: a collection parent equals the same parent over its elements' bindings")
struct ParentToggleCollectionEquivalenceTests {
  enum CollectionAccess: CaseIterable {
    case writable, locked, ignoresWrites
  }

  /// Every collection of up to four items × on and required flags × how the collection binding
  /// takes writes × policy × mixed target: the collection form (one read per query, one write
  /// per click) gives the same summary, state, lock, outcomes and values as per-element bindings.
  @Test("every configuration of up to four items: same summary, state, outcomes and values")
  func collectionFormEqualsPerElementBindings() {
    var configurations = 0
    for count in 0...4 {
      for onMask in 0..<(1 << count) {
        for requiredMask in 0..<(1 << count) {
          for access in CollectionAccess.allCases {
            for policy in [LockedSources.excluded, .counted] {
              for target in [MixedToggleTarget.on, .off] {
                let items = (0..<count).map { index in
                  Item(
                    id: index, isOn: onMask & (1 << index) != 0,
                    isRequired: requiredMask & (1 << index) != 0)
                }
                compare(items, access: access, policy: policy, target: target)
                configurations += 1
              }
            }
          }
        }
      }
    }
    #expect(configurations == 4 * 3 * (1 + 4 + 16 + 64 + 256))
  }

  private func binding(_ state: ModelState<[Item]>, _ access: CollectionAccess)
    -> ModelBinding<[Item]>
  {
    switch access {
    case .writable: state.binding
    case .locked: state.binding.locked()
    case .ignoresWrites: ModelBinding(get: { state.value }, set: { _ in })
    }
  }

  private func compare(
    _ items: [Item], access: CollectionAccess, policy: LockedSources, target: MixedToggleTarget
  ) {
    let bulkState = ModelState(items)
    let bulk = ParentToggle(
      sources: binding(bulkState, access), isOn: \.isOn, isLocked: \.isRequired,
      lockedSources: policy, mixedTogglesTo: target)
    let singleState = ModelState(items)
    let singleBinding = binding(singleState, access)
    let sources = zip(items, singleBinding.each(\.isOn)).map { item, source in
      item.isRequired ? source.locked() : source
    }
    let single = ParentToggle(sources, lockedSources: policy, mixedTogglesTo: target)
    let context = "\(items.map { ($0.isOn, $0.isRequired) }) \(access) \(policy) \(target)"
    #expect(bulk.summary == single.summary, "\(context)")
    #expect(bulk.state == single.state, "\(context)")
    #expect(bulk.isLocked == single.isLocked, "\(context)")
    for _ in 0..<2 {
      #expect(bulk.toggle() == single.toggle(), "\(context)")
      #expect(bulkState.value == singleState.value, "\(context)")
    }
    #expect(bulk.set(false) == single.set(false), "\(context)")
    #expect(bulk.set(true) == single.set(true), "\(context)")
    #expect(bulkState.value == singleState.value, "\(context)")
  }
}
