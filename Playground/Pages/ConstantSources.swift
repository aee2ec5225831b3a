import ToggleKit

/// Page 5: constant sources — the stuck parent under `.counted`, each workaround, and `.excluded`.
let constantSources = Page(
  number: 5, title: "Constant sources: the stuck parent and its workarounds"
) { page in
  page.say(
    """
    Three items: "photos" (on), "system files" (always off: a constant), "music" (off).
    Each row shows the parent and the items as the user sees them, then after each of three clicks.
    x on, _ off, (…) locked.
    """)

  /// Clicks `click` three times and lists what `screen` shows before and after each.
  func row(_ name: String, _ screen: () -> String, click: () -> Void) -> String {
    var cells = [screen()]
    for _ in 1...3 {
      click()
      cells.append(screen())
    }
    return name + String(repeating: " ", count: max(0, 22 - name.count))
      + cells.joined(separator: " → ")
  }

  var rows: [String] = []

  // 1. SwiftUI's behaviour: the constant counts, so the parent is stuck mixed.
  do {
    @ModelState var photos = true
    @ModelState var music = false
    let system = ModelBinding.constant(false)
    let parent = ParentToggle([$photos, system, $music], lockedSources: .counted)
    rows.append(
      row("counted (SwiftUI)", { "\(box(parent.state)) \(mark(photos)) (_) \(mark(music))" }) {
        parent.toggle()
      })
  }
  // 2. Leave the constant out of the sources: works, but the parent no longer covers it.
  do {
    @ModelState var photos = true
    @ModelState var music = false
    let parent = ParentToggle([$photos, $music], lockedSources: .counted)
    rows.append(
      row("constant left out", { "\(box(parent.state)) \(mark(photos)) (_) \(mark(music))" }) {
        parent.toggle()
      })
  }
  // 3. A Boolean literal instead of a constant binding: the parent overwrites the "constant".
  do {
    @ModelState var items = [true, false, false]
    let parent = ParentToggle(sources: $items, isOn: \.self, lockedSources: .counted)
    rows.append(
      row(
        "boolean literal",
        { "\(box(parent.state)) \(items.map { mark($0) }.joined(separator: " "))" }
      ) { parent.toggle() })
  }
  // 4. A proxy source that mirrors the others and swallows writes: the parent moves, but the
  //    proxy shows the always-off item as on.
  do {
    @ModelState var photos = true
    @ModelState var music = false
    let proxy = ModelBinding(get: { photos && music }, set: { _ in })
    let parent = ParentToggle([$photos, proxy, $music], lockedSources: .counted)
    rows.append(
      row(
        "proxy source",
        { "\(box(parent.state)) \(mark(photos)) \(mark(proxy.wrappedValue)) \(mark(music))" }
      ) { parent.toggle() })
  }
  // 5. A separate "always off" style for the constant, outside the parent.
  do {
    @ModelState var photos = true
    @ModelState var music = false
    let parent = ParentToggle([$photos, $music])
    rows.append(
      row(
        "separate style",
        { "\(box(parent.state)) \(mark(photos)) [off] \(mark(music))" }
      ) { parent.toggle() })
  }
  // 6. ToggleKit's default: the constant is a locked source, excluded from the state.
  var excludedOutcome = ToggleOutcome()
  var excludedSummary = ToggleSummary()
  do {
    @ModelState var photos = true
    @ModelState var music = false
    let parent = ParentToggle([$photos, .constant(false), $music], lockedSources: .excluded)
    rows.append(
      row("excluded (ToggleKit)", { "\(box(parent.state)) \(mark(photos)) (_) \(mark(music))" }) {
        excludedOutcome = parent.toggle()
      })
    excludedSummary = parent.summary
  }

  page.show(
    "what the user sees after each click", rows.joined(separator: "\n"),
    expected: """
      counted (SwiftUI)     [-] x (_) _ → [-] x (_) x → [-] x (_) x → [-] x (_) x
      constant left out     [-] x (_) _ → [x] x (_) x → [ ] _ (_) _ → [x] x (_) x
      boolean literal       [-] x _ _ → [x] x x x → [ ] _ _ _ → [x] x x x
      proxy source          [-] x _ _ → [x] x x x → [ ] _ _ _ → [x] x x x
      separate style        [-] x [off] _ → [x] x [off] x → [ ] _ [off] _ → [x] x [off] x
      excluded (ToggleKit)  [-] x (_) _ → [x] x (_) x → [ ] _ (_) _ → [x] x (_) x
      """)
  page.say(
    """
    counted: stuck at mixed forever. left out / separate style: the parent works but no longer \
    speaks for the constant. boolean literal: the click overwrote the "always off" item. proxy: \
    the parent works but shows the always-off item as on. excluded: the parent reaches on and \
    off, the constant is never written, and the summary still reports it.
    """)
  page.show(
    "excluded: the last click's outcome and the summary a style can show",
    "\(excludedOutcome); \(excludedSummary)",
    expected: "changed 2, blocked 1; 2 writable on, 1 locked off")
}
