import ToggleKit

/// Page 2: a parent "AB" over children "A" and "B" bound by Set membership.
let hierarchyOfToggles = Page(number: 2, title: "A hierarchy of toggles over Set membership") {
  page in
  @ModelState var selection: Set<String> = ["A"]
  let children = ["A", "B"]
  let childToggles = children.map { $selection.contains($0) }

  // The hand-written parent binding of the write-up: "all children selected" as a count.
  let handWritten = ModelBinding<Bool>(
    get: { selection.count == children.count },
    set: { isOn in
      for child in children {
        if isOn { selection.insert(child) } else { selection.remove(child) }
      }
    })
  let parent = ParentToggle(childToggles)

  func table() -> String {
    let rows = [
      "hand-written AB \(box(handWritten.wrappedValue))   ParentToggle AB \(box(parent.state))",
      "  A \(box(childToggles[0].wrappedValue))",
      "  B \(box(childToggles[1].wrappedValue))",
      "selection: \(selection.sorted().joined(separator: ", "))",
    ]
    return rows.joined(separator: "\n")
  }

  page.show(
    "A is selected: both parents agree the group is not fully selected", table(),
    expected: """
      hand-written AB [ ]   ParentToggle AB [-]
        A [x]
        B [ ]
      selection: A
      """)

  selection.insert("C")
  page.show(
    "another screen adds C to the same set: the count says AB is complete, it is not", table(),
    expected: """
      hand-written AB [x]   ParentToggle AB [-]
        A [x]
        B [ ]
      selection: A, C
      """)

  let outcome = parent.toggle()
  page.show(
    "clicking the ParentToggle selects B and leaves C alone (\(outcome))", table(),
    expected: """
      hand-written AB [ ]   ParentToggle AB [x]
        A [x]
        B [x]
      selection: A, B, C
      """)

  parent.toggle()
  page.show(
    "clicking it again deselects exactly A and B", table(),
    expected: """
      hand-written AB [ ]   ParentToggle AB [ ]
        A [ ]
        B [ ]
      selection: C
      """)
}
