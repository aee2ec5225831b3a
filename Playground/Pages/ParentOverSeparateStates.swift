import ToggleKit

/// Page 4: a parent over separate states, and over plain Bools with `\.self`.
let parentOverSeparateStates = Page(
  number: 4, title: "A parent over separate states, and over plain Bools (isOn: \\.self)"
) { page in
  @ModelState var wifi = true
  @ModelState var bluetooth = false
  @ModelState var location = false
  let radios = ParentToggle([$wifi, $bluetooth, $location])

  func radiosScreen() -> String {
    "\(box(radios.state)) radios: wifi \(mark(wifi)) bluetooth \(mark(bluetooth)) location \(mark(location))"
  }
  page.show(
    "three separate @ModelState Bools", radiosScreen(),
    expected: "[-] radios: wifi x bluetooth _ location _")
  radios.toggle()
  page.show(
    "one click turns the other two on", radiosScreen(),
    expected: "[x] radios: wifi x bluetooth x location x")

  @ModelState var flags = [false, false, true]
  let plain = ParentToggle(sources: $flags, isOn: \.self)
  func flagsScreen() -> String {
    "\(box(plain.state)) flags: \(flags.map { mark($0) }.joined(separator: " "))"
  }
  page.show("an array of plain Bools, isOn: \\.self", flagsScreen(), expected: "[-] flags: _ _ x")
  plain.toggle()
  page.show("one click turns them all on", flagsScreen(), expected: "[x] flags: x x x")
  plain.toggle()
  page.show("and another turns them all off", flagsScreen(), expected: "[ ] flags: _ _ _")
}
