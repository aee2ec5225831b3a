import Observation
import Testing
import ToggleKit
import ToggleKitTesting

@testable import TestSupport

private func model() throws -> SelectionModel<String> {
  SelectionModel(
    try SelectionTree(paths: ["Fruit/Apple", "Fruit/Pear", "Fruit/Citrus/Lime", "Veg/Leek"]))
}

@Suite("SelectionModel: observation per node, bindings into the tree")
struct SelectionModelTests {
  @Test(
    "toggling a leaf notifies observers of its ancestors' states and not of an unrelated subtree")
  func observationIsPerNode() throws {
    let model = try model()
    #expect(
      try notifies(
        reading: { _ = model.state(of: "Fruit") }, when: { try model.toggle("Fruit/Citrus/Lime") }))
    #expect(
      try notifies(
        reading: { _ = model.state(of: "Fruit/Citrus") },
        when: { try model.toggle("Fruit/Citrus/Lime") }))
    #expect(
      try !notifies(
        reading: { _ = model.state(of: "Veg") }, when: { try model.toggle("Fruit/Citrus/Lime") }))
    #expect(
      try !notifies(
        reading: { _ = model.state(of: "Veg/Leek") }, when: { try model.toggle("Fruit/Apple") }))
    #expect(
      try notifies(
        reading: { _ = model.state(of: "Fruit/Pear") }, when: { try model.toggle("Fruit") }))
  }

  @Test("observers are not told when what they read did not change")
  func noSpuriousNotifications() throws {
    let model = try model()
    try model.toggle("Fruit/Apple")
    #expect(
      try !notifies(
        reading: { _ = model.state(of: "Veg") }, when: { try model.set("Fruit", to: true) }))
    #expect(
      try !notifies(
        reading: { _ = model.state(of: "Fruit/Apple") },
        when: { try model.set("Fruit/Apple", to: true) }))
  }

  @Test("reading the whole tree observes every change")
  func wholeTreeObservation() throws {
    let model = try model()
    #expect(try notifies(reading: { _ = model.tree }, when: { try model.toggle("Veg/Leek") }))
    #expect(
      notifies(
        reading: { _ = model.tree }, when: { model.update { $0.setFilter(TreeFilter(text: "a")) } })
    )
  }

  @Test("a filter change notifies observers of the nodes it hides or shows")
  func filterNotifies() throws {
    let model = try model()
    #expect(
      notifies(
        reading: { _ = model.isVisible("Veg/Leek") },
        when: { model.update { $0.setFilter(TreeFilter(text: "lime")) } }))
    #expect(
      !notifies(
        reading: { _ = model.isVisible("Fruit/Citrus/Lime") },
        when: { model.update { $0.setFilter(TreeFilter(text: "li")) } }))
  }

  @Test("binding(for:) reads on, writes through set, and is not writable when locked or disabled")
  func nodeBindings() throws {
    let model = try model()
    let apple = model.binding(for: "Fruit/Apple")
    apple.wrappedValue = true
    #expect(model.state(of: "Fruit/Apple") == .on)
    BindingLaws.expectLawful(apple)
    model.update { tree in
      try? tree.setLock("Fruit/Pear", to: .on)
      try? tree.setDisabled("Veg", to: true)
    }
    #expect(!model.binding(for: "Fruit/Pear").isWritable)
    #expect(!model.binding(for: "Veg/Leek").isWritable)
    #expect(!model.binding(for: "nope").isWritable)
  }

  @Test("node bindings feed a ParentToggle, which sees a mixed node as mixed")
  func bindingsFeedParentToggles() throws {
    let model = try model()
    try model.toggle("Fruit/Apple")
    let parent = ParentToggle([model.binding(for: "Fruit"), model.binding(for: "Veg")])
    #expect(parent.state == .mixed)
    parent.set(true)
    #expect(model.tree.selection(.topmost) == ["Fruit", "Veg"])
  }

  @Test("threads: concurrent clicks through the model never interleave")
  func concurrentClicks() async throws {
    let leaves = (0..<64).map { "g\($0 % 8)/leaf\($0)" }
    let model = SelectionModel(try SelectionTree(paths: leaves))
    await withTaskGroup(of: Void.self) { group in
      for worker in 0..<8 {
        group.addTask {
          for round in 0..<50 {
            _ = try? model.toggle(leaves[(worker * 8 + round) % 64])
          }
        }
      }
    }
    model.tree.checkInvariants()
    // Toggles of one leaf commute, so the result is known whatever the interleaving — if each
    // toggle is atomic.
    var flips = [Int](repeating: 0, count: 64)
    for worker in 0..<8 {
      for round in 0..<50 { flips[(worker * 8 + round) % 64] += 1 }
    }
    let expected = leaves.indices.filter { flips[$0] % 2 == 1 }.map { leaves[$0] }
    #expect(Set(model.tree.selection(.leaves)) == Set(expected))
  }
}
