import Observation
import Testing
import ToggleKit

@testable import TestSupport

@Suite("SelectionModel's edits: one undo step each, observers of what changed told")
struct SelectionModelEditsTests {
  @Test("an insert is one undo step named for it; undo takes it back, redo puts it again")
  func insertIsOneStep() throws {
    let model = SelectionModel(try SelectionTree(paths: ["Fruit/Apple", "Veg/Leek"]))
    try model.toggle("Fruit")
    try model.insert([.init(id: "Fruit/Fig", parent: "Fruit", label: "Fig")], under: "Fruit")
    #expect(model.undoName == "insert under Fruit")
    #expect(model.state(of: "Fruit/Fig") == .on)
    #expect(model.undo() == "insert under Fruit")
    #expect(model.tree.contains("Fruit/Fig") == false)
    #expect(model.redo() == "insert under Fruit")
    #expect(model.state(of: "Fruit/Fig") == .on)
  }

  @Test("removals, moves and relabels are steps named for their node; a refused edit makes none")
  func namedSteps() throws {
    let model = SelectionModel(try SelectionTree(paths: ["a/x", "a/y", "b"]))
    try model.move("a/y", under: "b")
    #expect(model.undoName == "move a/y")
    try model.relabel("b", to: "B")
    #expect(model.undoName == "relabel b")
    try model.remove("a")
    #expect(model.undoName == "remove a")
    #expect(throws: SelectionTreeError.unknownNode(id: "a")) { try model.remove("a") }
    #expect(throws: SelectionTreeError.cycle(id: "b")) { try model.move("b", under: "a/y") }
    #expect(model.undoName == "remove a")
    #expect(model.undo() == "remove a")
    #expect(model.tree.ids == ["a", "a/x", "b", "a/y"])
  }

  @Test("an insert tells the observers of the parent, and not those of an unrelated subtree")
  func insertNotifiesTheParent() throws {
    let model = SelectionModel(try SelectionTree(paths: ["Fruit/Apple", "Veg/Leek"]))
    try model.toggle("Fruit")
    let entry = SelectionTree<String>.Entry(id: "Fruit/Fig", parent: "Fruit", label: "Fig")
    #expect(
      try notifies(
        reading: { _ = model.summary(of: "Fruit") },
        when: { try model.insert([entry], under: "Fruit", newChildren: .unselected) }))
    #expect(
      try !notifies(
        reading: { _ = model.state(of: "Veg") },
        when: { try model.remove("Fruit/Fig") }))
    #expect(
      try notifies(
        reading: { _ = model.configuration(of: "Veg/Leek") },
        when: { try model.relabel("Veg/Leek", to: "Leeks") }))
  }

  @Test("edits inside a transaction are one step, undone together")
  func transaction() throws {
    let model = SelectionModel(try SelectionTree(paths: ["a/x"]))
    try model.transaction("reorganise") { () throws(SelectionTreeError) in
      try model.insert([.init(id: "b", parent: nil, label: "b")], under: nil)
      try model.move("a/x", under: "b")
    }
    #expect(model.undoName == "reorganise")
    #expect(model.tree.parent(of: "a/x") == "b")
    #expect(model.undo() == "reorganise")
    #expect(model.tree.ids == ["a", "a/x"])
  }
}
