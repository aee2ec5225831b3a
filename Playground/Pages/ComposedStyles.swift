import ToggleKit

/// Page 9: one small tree drawn with three composed styles.
let composedStyles = Page(number: 9, title: "Composed styles (>>>), resolved configurations") {
  page in
  var tree = try! SelectionTree(
    parsing: """
      [-] Settings
        [x] Wi-Fi
        [ ] Bluetooth
        [xL] Emergency alerts
        [ D] Developer
          [x] Verbose logging
          [ ] Fake location
      """, format: .indented)
  tree.setAllExpanded(true)
  let focused = "Settings/Bluetooth"

  func draw(_ style: RowStyle) -> String {
    tree.ids.map { id in
      var configuration = tree.configuration(of: id)!
      configuration.isFocused = id == focused
      return style(configuration).plainText
    }.joined(separator: "\n")
  }

  page.say("Each style wraps what the styles before it drew: the last prefix ends up leftmost.")
  let checklist =
    .checkboxOnLeft >>> .disclosure() >>> .indent(perLevel: 2) >>> .lockMark()
    >>> .dimWhenDisabled >>> .highlightWhenFocused
  page.show(
    "checkboxOnLeft >>> disclosure >>> indent >>> lockMark >>> dimWhenDisabled >>> highlightWhenFocused",
    draw(checklist),
    expected: """
      ▾ [-] Settings
          [x] Wi-Fi
          [ ] Bluetooth
          [x] Emergency alerts 🔒
        ▾ [-] Developer
            [x] Verbose logging
            [ ] Fake location
      """)

  let settings = RowStyle.switch >>> .indent(perLevel: 4) >>> .colors(disabled: .brightBlack)
  page.show(
    "switch >>> indent(perLevel: 4) >>> colors(disabled:)", draw(settings),
    expected: """
      (-  ) Settings
          (on ) Wi-Fi
          (off) Bluetooth
          (on ) Emergency alerts
          (-  ) Developer
              (on ) Verbose logging
              (off) Fake location
      """)

  let buttons = RowStyle.button >>> .checkbox >>> .indent(perLevel: 1)
  page.show(
    "button >>> checkbox >>> indent(perLevel: 1)", draw(buttons),
    expected: """
      [ Settings ] [-]
       [ Wi-Fi ] [x]
       [ Bluetooth ] [ ]
       [ Emergency alerts ] [x]
       [ Developer ] [-]
        [ Verbose logging ] [x]
        [ Fake location ] [ ]
      """)

  let row = checklist(tree.configuration(of: "Settings/Developer/Fake location")!)
  page.show(
    "the disabled row inside Developer is dimmed in ANSI, because its configuration is resolved",
    row.ansi().debugDescription,
    expected:
      #""\u{1B}[2m    \u{1B}[0m\u{1B}[2m  \u{1B}[0m\u{1B}[2m[ ] \u{1B}[0m\u{1B}[2mFake location\u{1B}[0m""#
  )
}
