import Testing
import ToggleKit

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
