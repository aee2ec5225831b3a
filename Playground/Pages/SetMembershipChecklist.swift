import ToggleKit
import ToggleKitTesting

/// Page 1: a checklist whose toggles are bound to membership in one `Set`.
let setMembershipChecklist = Page(number: 1, title: "A checklist bound to Set membership") {
  page in
  @ModelState var selection: Set<String> = ["b"]
  let items = ["a", "b", "c", "d", "e"]
  let toggles = items.map { (label: $0, isOn: $selection.contains($0)) }

  func checklist() -> String {
    let rows = toggles.map { "[\($0.isOn.wrappedValue ? "x" : " ")] \($0.label)" }
    return (rows + ["selection: \(selection.sorted().joined(separator: ", "))"])
      .joined(separator: "\n")
  }

  page.say("Each toggle is $selection.contains(item): true inserts, false removes.")
  page.show(
    "at the start, only b is selected", checklist(),
    expected: """
      [ ] a
      [x] b
      [ ] c
      [ ] d
      [ ] e
      selection: b
      """)

  toggles[0].isOn.wrappedValue.toggle()
  toggles[4].isOn.wrappedValue.toggle()
  page.show(
    "after clicking a and e", checklist(),
    expected: """
      [x] a
      [x] b
      [ ] c
      [ ] d
      [x] e
      selection: a, b, e
      """)

  toggles[1].isOn.wrappedValue = false
  selection.insert("zebra")
  page.show(
    "after clicking b, while another part of the app adds \"zebra\"", checklist(),
    expected: """
      [x] a
      [ ] b
      [ ] c
      [ ] d
      [x] e
      selection: a, e, zebra
      """)

  toggles[0].isOn.wrappedValue = true
  page.show(
    "setting a on again changes nothing: it is already in the set", checklist(),
    expected: """
      [x] a
      [ ] b
      [ ] c
      [ ] d
      [x] e
      selection: a, e, zebra
      """)

  let report = BindingLaws.check(toggles[2].isOn)
  page.show(
    "every membership toggle obeys the binding laws (checked on c)", report.description,
    expected: "writable binding: 0 violations")
}
