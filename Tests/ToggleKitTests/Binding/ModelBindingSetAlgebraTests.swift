import Testing
import ToggleKit
import ToggleKitTesting

@testable import TestSupport

/// Every subset of a 5-element universe.
private let universe = ["a", "b", "c", "d", "e"]
private let everySubset: [Set<String>] = (0..<(1 << universe.count)).map { mask in
  Set(universe.indices.filter { mask & (1 << $0) != 0 }.map { universe[$0] })
}

/// A small option set, to show membership works for any SetAlgebra.
private struct Pizza: OptionSet {
  let rawValue: Int
  static let cheese = Pizza(rawValue: 1)
  static let olives = Pizza(rawValue: 2)
  static let basil = Pizza(rawValue: 4)
}

@Suite("Set membership: $set.contains(element)")
struct ModelBindingSetAlgebraTests {
  @Test("membership reads as Set.contains for every subset and every element")
  func readsAsContains() {
    var checked = 0
    for subset in everySubset {
      @ModelState var selection = subset
      for element in universe {
        #expect($selection.contains(element).wrappedValue == subset.contains(element))
        checked += 1
      }
    }
    #expect(checked == 32 * 5)
  }

  @Test(
    "writing true inserts, writing false removes, other elements untouched (every subset × element × value)",
    arguments: [false, true])
  func writesMatchSetOperations(value: Bool) {
    var worlds = 0
    for subset in everySubset {
      for element in universe {
        @ModelState var selection = subset
        $selection.contains(element).wrappedValue = value
        var oracle = subset
        if value { oracle.insert(element) } else { oracle.remove(element) }
        #expect(selection == oracle, "\(subset) after contains(\(element)) = \(value)")
        worlds += 1
      }
    }
    #expect(worlds == 160)
  }

  @Test("toggling membership in place flips exactly that element (every subset × element)")
  func toggleFlipsOneElement() {
    for subset in everySubset {
      for element in universe {
        @ModelState var selection = subset
        $selection.contains(element).wrappedValue.toggle()
        #expect(selection.symmetricDifference(subset) == [element])
        $selection.contains(element).update { $0.toggle() }
        #expect(selection == subset)
      }
    }
  }

  @Test("a write that does not change membership does not write the base")
  func noOpWritesAreSkipped() {
    let spy = Spy<Set<String>>(["a"])
    spy.binding.contains("a").wrappedValue = true
    spy.binding.contains("b").wrappedValue = false
    #expect(spy.writes == 0)
    spy.binding.contains("b").wrappedValue = true
    #expect(spy.writes == 1)
    #expect(spy.value == ["a", "b"])
  }

  @Test("membership works for option sets")
  func optionSetMembership() {
    @ModelState var toppings: Pizza = [.cheese]
    $toppings.contains(.basil).wrappedValue = true
    #expect(toppings == [.cheese, .basil])
    $toppings.contains(.cheese).wrappedValue = false
    #expect(toppings == [.basil])
    #expect($toppings.contains(.olives).wrappedValue == false)
  }

  @Test("membership of a constant or read-only set is not writable and never changes it")
  func membershipInheritsWritability() {
    let constant = ModelBinding.constant(Set(["a"])).contains("b")
    #expect(constant.isConstant && !constant.isWritable)
    constant.wrappedValue = true
    #expect(constant.wrappedValue == false)
    let spy = Spy<Set<String>>([])
    let locked = spy.binding.locked().contains("a")
    locked.wrappedValue = true
    #expect(spy.value.isEmpty && !locked.isWritable)
  }

  @Test("every membership binding obeys the binding laws (every subset × element)")
  func membershipIsLawful() {
    for subset in everySubset {
      for element in universe {
        @ModelState var selection = subset
        let report = BindingLaws.expectLawful($selection.contains(element))
        #expect(report.kind == .writable)
        #expect(selection == subset, "the law check restores the value it found")
      }
    }
  }
}
