import Testing
import ToggleKit

@testable import TestSupport

@Suite("SelectionTree: the README example")
struct SelectionTreeSmokeTests {
  @Test("toggling a parent selects its leaves; toggling a leaf makes the parent mixed")
  func readmeExample() throws {
    var tree = try SelectionTree(paths: ["Fruit/Apple", "Fruit/Pear", "Veg/Leek"])
    #expect(tree.count == 5)
    #expect(tree.ids == ["Fruit", "Fruit/Apple", "Fruit/Pear", "Veg", "Veg/Leek"])
    #expect(try tree.toggle("Fruit") == ToggleOutcome(changed: 2, blocked: 0))
    #expect(tree.state(of: "Fruit") == .on)
    try tree.toggle("Fruit/Pear")
    #expect(tree.state(of: "Fruit") == .mixed)
    #expect(tree.selection(.topmost) == ["Fruit/Apple"])
    #expect(tree.selection(.all) == ["Fruit/Apple"])
    #expect(tree.mixedNodes() == ["Fruit"])
    try tree.toggle("Fruit")
    #expect(tree.selection(.all) == ["Fruit", "Fruit/Apple", "Fruit/Pear"])
    #expect(tree.selection(.topmost) == ["Fruit"])
    #expect(tree.selection(.leaves) == ["Fruit/Apple", "Fruit/Pear"])
  }
}
