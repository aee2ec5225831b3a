import ToggleKit

/// A notification setting, as a row of a settings screen.
private struct Channel: Identifiable {
  let id: String
  var isOn: Bool
}

/// Page 3: a parent over an array of items with a key path.
let parentOverItems = Page(
  number: 3, title: "A parent over an array of items (sources: $items, isOn: \\.isOn)"
) {
  page in
  @ModelState var channels = [
    Channel(id: "email", isOn: true), Channel(id: "sms", isOn: false),
    Channel(id: "push", isOn: true),
  ]
  let all = ParentToggle(sources: $channels, isOn: \.isOn)

  func screen() -> String {
    (["\(box(all.state)) all notifications"]
      + channels.map { "    \(box($0.isOn)) \($0.id)" }).joined(separator: "\n")
  }

  page.show(
    "two of three channels are on", screen(),
    expected: """
      [-] all notifications
          [x] email
          [ ] sms
          [x] push
      """)
  all.toggle()
  page.show(
    "clicking the parent turns the rest on", screen(),
    expected: """
      [x] all notifications
          [x] email
          [x] sms
          [x] push
      """)
  channels.append(Channel(id: "slack", isOn: false))
  page.show(
    "a channel added later is seen at once: the parent re-reads the array", screen(),
    expected: """
      [-] all notifications
          [x] email
          [x] sms
          [x] push
          [ ] slack
      """)
  all.set(false)
  page.show(
    "set(false) turns every channel off", screen(),
    expected: """
      [ ] all notifications
          [ ] email
          [ ] sms
          [ ] push
          [ ] slack
      """)
}
