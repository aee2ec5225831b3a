import Testing
import ToggleKit
import ToggleKitTesting

@testable import TestSupport

/// An identified element with a toggle, like a row of a checklist.
private struct Item: Identifiable, Equatable {
  let id: Int
  var isOn = false
  var title: String { "item \(id)" }
}

/// Every permutation of `0..<n`.
private func permutations(_ n: Int) -> [[Int]] {
  guard n > 0 else { return [[]] }
  return permutations(n - 1).flatMap { shorter in
    (0...shorter.count).map { position in
      var longer = shorter
      longer.insert(n - 1, at: position)
      return longer
    }
  }
}

private let ids = [0, 1, 2, 3]

@Suite("Element bindings keyed by identity")
struct ModelBindingCollectionTests {
  @Test("there are 24 permutations and 16 deletion sets of four elements")
  func worldSizes() {
    #expect(permutations(4).count == 24)
    #expect(Set(permutations(4)).count == 24)
  }

  @Test(
    "after every permutation and every deletion, survivors follow their element and the removed never trap"
  )
  func everyPermutationAndDeletion() {
    var worlds = 0
    for order in permutations(4) {
      for deletedMask in 0..<16 {
        let deleted = Set(ids.filter { deletedMask & (1 << $0) != 0 })
        @ModelState var items = ids.map { Item(id: $0, isOn: $0.isMultiple(of: 2)) }
        let bindings = $items.elementBindings
        let toggles = $items.each(\.isOn)
        items = order.map { items[$0] }.filter { !deleted.contains($0.id) }

        for id in ids {
          let initiallyOn = id.isMultiple(of: 2)
          #expect(bindings[id].wrappedValue.id == id)
          #expect(toggles[id].wrappedValue == initiallyOn)
          let before = items
          toggles[id].wrappedValue = !initiallyOn
          if deleted.contains(id) {
            #expect(items == before, "a write to removed element \(id) is ignored")
            #expect(toggles[id].wrappedValue == initiallyOn, "reads keep the last known value")
          } else {
            let expected = before.map { $0.id == id ? Item(id: id, isOn: !initiallyOn) : $0 }
            #expect(items == expected, "only element \(id) changes, wherever it moved")
            #expect(bindings[id].wrappedValue.isOn == !initiallyOn)
          }
        }
        worlds += 1
      }
    }
    #expect(worlds == 24 * 16)
  }

  @Test("the SwiftUI crash: hold bindings to every element, delete the last, read and write all")
  func deletingTheLastElementNeverTraps() {
    @ModelState var items = ids.map { Item(id: $0) }
    let bindings = $items.elementBindings
    items.removeLast()
    for binding in bindings {
      _ = binding.wrappedValue.title
      binding.wrappedValue.isOn = true
      binding.isOn.wrappedValue.toggle()
      binding.update { $0.isOn = true }
    }
    #expect(items == [0, 1, 2].map { Item(id: $0, isOn: true) })
    #expect(bindings[3].wrappedValue == Item(id: 3, isOn: false))
  }

  @Test("a removed element's binding comes back to life when its id returns")
  func reinsertedElementIsFollowedAgain() {
    @ModelState var items = ids.map { Item(id: $0) }
    let third = $items[id: 2]
    items.removeAll { $0.id == 2 }
    third?.isOn.wrappedValue = true
    #expect(!items.contains { $0.isOn })
    items.insert(Item(id: 2), at: 0)
    third?.isOn.wrappedValue = true
    #expect(items[0] == Item(id: 2, isOn: true))
  }

  @Test("subscript(id:) finds an element by id, or gives nil when there is none")
  func subscriptById() {
    @ModelState var items = ids.map { Item(id: $0) }
    #expect($items[id: 7] == nil)
    let one = $items[id: 1]
    one?.isOn.wrappedValue = true
    #expect(items[1].isOn)
    items.reverse()
    one?.isOn.wrappedValue = false
    #expect(items.allSatisfy { !$0.isOn })
  }

  @Test("element bindings are lawful and inherit writability")
  func elementBindingsAreLawful() {
    @ModelState var items = ids.map { Item(id: $0) }
    for toggle in $items.each(\.isOn) {
      BindingLaws.expectLawful(toggle)
    }
    for binding in $items.elementBindings {
      BindingLaws.expectLawful(binding, samples: [Item(id: binding.wrappedValue.id, isOn: true)])
    }
    let locked = $items.locked().each(\.isOn)
    #expect(locked.allSatisfy { !$0.isWritable })
    locked[0].wrappedValue = true
    #expect(!items[0].isOn)
  }

  @Test(
    "positional fan-out over plain Bools: writes reach their position, a lost position never traps")
  func positionalFanOut() {
    @ModelState var flags = [true, false, true]
    let switches = $flags.each(\.self)
    switches[1].wrappedValue = true
    #expect(flags == [true, true, true])
    flags.removeLast()
    #expect(switches[2].wrappedValue == true)
    switches[2].wrappedValue = false
    #expect(flags == [true, true])
    switches[0].update { $0.toggle() }
    #expect(flags == [false, true])
    for toggle in switches.prefix(2) { BindingLaws.expectLawful(toggle) }
  }
}
