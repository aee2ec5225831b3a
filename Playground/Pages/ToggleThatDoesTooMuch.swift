import ToggleKit
import ToggleKitTesting

/// Page 6: a toggle that both reveals children and reflects their selection.
let toggleThatDoesTooMuch = Page(number: 6, title: "A toggle that does too many things") { page in
  do {
    // The tempting binding: "on" while the children are shown or any child is selected.
    @ModelState var showChildren = false
    @ModelState var selection: Set<String> = ["cheese"]
    let tooMuch = ModelBinding(
      get: { showChildren || !selection.isEmpty },
      set: { showChildren = $0 })
    page.show(
      "the binding-law check on it, while a child is selected",
      BindingLaws.check(tooMuch, while: "the selection is non-empty").description,
      expected: """
        writable binding: 1 violation
          responsiveness: setting false leaves true: a toggle bound to this is unresponsive while the selection is non-empty
        """)
  }

  @ModelState var showChildren = false
  @ModelState var selection: Set<String> = ["cheese"]
  // The right model: expansion is its own state; selection is a parent over the children.
  let children = ["cheese", "olives", "basil"]
  let toppings = ParentToggle(children.map { $selection.contains($0) })
  let disclosure = $showChildren

  func screen() -> String {
    var lines = ["\(disclosure.wrappedValue ? "▾" : "▸") \(box(toppings.state)) toppings"]
    if showChildren {
      lines += children.map { "    \(box(selection.contains($0))) \($0)" }
    }
    return lines.joined(separator: "\n")
  }
  page.show(
    "two separate toggles: disclosure and selection", screen(),
    expected: "▸ [-] toppings")
  disclosure.wrappedValue.toggle()
  page.show(
    "the disclosure opens without touching the selection", screen(),
    expected: """
      ▾ [-] toppings
          [x] cheese
          [ ] olives
          [ ] basil
      """)
  toppings.toggle()
  toppings.toggle()
  disclosure.wrappedValue.toggle()
  page.show(
    "two clicks on the selection clear it; the disclosure closes, whatever is selected", screen(),
    expected: "▸ [ ] toppings")
  page.show(
    "both bindings now pass the laws",
    [BindingLaws.check(disclosure), BindingLaws.check(toppings.isOn)].map(\.description)
      .joined(separator: "\n"),
    expected: """
      writable binding: 0 violations
      writable binding: 0 violations
      """)
}
