import ToggleKit

/// Page 7: a category selector over a small catalogue, with a locked item and a disabled department.
let categorySelector = Page(number: 7, title: "A category selector (SelectionTree)") { page in
  var tree = try! SelectionTree(
    roots: [
      .init(
        id: "grocery", label: "Grocery",
        children: [
          .init(
            id: "fruit", label: "Fruit",
            children: [
              .init(id: "apple", label: "Apple"), .init(id: "pear", label: "Pear"),
              .init(id: "bags", label: "Paper bags (always included)", lock: .on),
            ]),
          .init(
            id: "dairy", label: "Dairy",
            children: [.init(id: "milk", label: "Milk"), .init(id: "cheese", label: "Cheese")]),
        ]),
      .init(
        id: "garden", label: "Garden (out of season)", isDisabled: true,
        children: [.init(id: "seeds", label: "Seeds"), .init(id: "hose", label: "Hose")]),
    ])

  func checklist() -> String {
    tree.ids.map { id in
      let row = tree.configuration(of: id)!
      var line = String(repeating: "  ", count: row.depth) + box(row.state) + " " + row.label
      if row.isLocked && !row.hasChildren { line += " 🔒" }
      if !row.isEnabled { line += " (disabled)" }
      return line
    }.joined(separator: "\n")
  }

  page.show(
    "the catalogue: the bags are locked on, the garden is disabled", checklist(),
    expected: """
      [ ] Grocery
        [ ] Fruit
          [ ] Apple
          [ ] Pear
          [x] Paper bags (always included) 🔒
        [ ] Dairy
          [ ] Milk
          [ ] Cheese
      [ ] Garden (out of season) (disabled)
        [ ] Seeds (disabled)
        [ ] Hose (disabled)
      """)

  var outcome = try! tree.toggle("apple")
  page.show(
    "click Apple: Fruit and Grocery become mixed (\(outcome))", checklist(),
    expected: """
      [-] Grocery
        [-] Fruit
          [x] Apple
          [ ] Pear
          [x] Paper bags (always included) 🔒
        [ ] Dairy
          [ ] Milk
          [ ] Cheese
      [ ] Garden (out of season) (disabled)
        [ ] Seeds (disabled)
        [ ] Hose (disabled)
      """)

  outcome = try! tree.toggle("grocery")
  page.show(
    "click Grocery: a mixed parent selects everything it can (\(outcome))", checklist(),
    expected: """
      [x] Grocery
        [x] Fruit
          [x] Apple
          [x] Pear
          [x] Paper bags (always included) 🔒
        [x] Dairy
          [x] Milk
          [x] Cheese
      [ ] Garden (out of season) (disabled)
        [ ] Seeds (disabled)
        [ ] Hose (disabled)
      """)

  outcome = try! tree.toggle("fruit")
  page.show(
    "click Fruit: it turns off, the bags stay (\(outcome)); the locked item does not count",
    checklist(),
    expected: """
      [-] Grocery
        [ ] Fruit
          [ ] Apple
          [ ] Pear
          [x] Paper bags (always included) 🔒
        [x] Dairy
          [x] Milk
          [x] Cheese
      [ ] Garden (out of season) (disabled)
        [ ] Seeds (disabled)
        [ ] Hose (disabled)
      """)

  outcome = try! tree.toggle("garden")
  page.show(
    "click the disabled Garden: nothing changes (\(outcome))",
    tree.selection(.topmost).joined(separator: ", "),
    expected: "bags, dairy")
  page.show(
    "the selection in its three forms",
    SelectionForm.allCases.map { "\($0): \(tree.selection($0).joined(separator: ", "))" }
      .joined(separator: "\n"),
    expected: """
      leaves: bags, milk, cheese
      all: bags, dairy, milk, cheese
      topmost: bags, dairy
      """)
}
