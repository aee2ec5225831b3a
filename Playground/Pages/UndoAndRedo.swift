import ToggleKit

/// Page 13: a selection with undo and redo: each step printed and checked, a transaction undone in
/// one go, a reload undone, and copies that share all they did not write.
let undoAndRedo = Page(number: 13, title: "Undo and redo (a model's history)") { page in
  let model = SelectionModel(
    try! SelectionTree(paths: ["Fruit/Apple", "Fruit/Pear", "Veg/Leek", "Veg/Kale"]))

  /// The selected leaves, and what undo and redo would do.
  func describe() -> String {
    let picked = model.tree.selection(.leaves)
    return "selected: \(picked.isEmpty ? "nothing" : picked.joined(separator: ", "))\n"
      + "undo: \(model.undoName ?? "–") · redo: \(model.redoName ?? "–")"
  }

  try! model.toggle("Fruit/Apple")
  try! model.toggle("Veg")
  page.show(
    "two clicks", describe(),
    expected: """
      selected: Fruit/Apple, Veg/Leek, Veg/Kale
      undo: toggle Veg · redo: –
      """)

  model.undo()
  page.show(
    "undo", describe(),
    expected: """
      selected: Fruit/Apple
      undo: toggle Fruit/Apple · redo: toggle Veg
      """)

  model.redo()
  page.show(
    "redo", describe(),
    expected: """
      selected: Fruit/Apple, Veg/Leek, Veg/Kale
      undo: toggle Veg · redo: –
      """)

  model.transaction("clear and pick pear") {
    _ = model.update { $0.deselectAll() }
    try! model.toggle("Fruit/Pear")
  }
  page.show(
    "a transaction: two changes, one step", describe(),
    expected: """
      selected: Fruit/Pear
      undo: clear and pick pear · redo: –
      """)

  model.undo()
  page.show(
    "undone in one go", describe(),
    expected: """
      selected: Fruit/Apple, Veg/Leek, Veg/Kale
      undo: toggle Veg · redo: clear and pick pear
      """)

  // A reload is a step too: undo brings back the ids, the shape and the selection.
  let fresh = try! SelectionTree(paths: ["Fruit/Apple", "Nuts/Pecan"])
  model.update(named: "reload") { $0.reload(from: fresh) }
  page.show(
    "after a reload", "\(model.tree.ids.joined(separator: " ")) · undo: \(model.undoName ?? "–")",
    expected: "Fruit Fruit/Apple Nuts Nuts/Pecan · undo: reload")
  model.undo()
  page.show(
    "the reload undone", "\(model.tree.count) nodes · " + describe(),
    expected: """
      6 nodes · selected: Fruit/Apple, Veg/Leek, Veg/Kale
      undo: toggle Veg · redo: reload
      """)

  // Copies cost nothing until written, and a write to one never reaches another.
  let before = model.tree
  var copy = before
  try! copy.toggle("Fruit")
  page.show(
    "a copy written, the original kept",
    "copy: \(copy.state(of: "Fruit")!) · original: \(before.state(of: "Fruit")!) · "
      + "identical: \(copy.isIdentical(to: before)), \(model.tree.isIdentical(to: before))",
    expected: "copy: on · original: mixed · identical: false, true")
}
