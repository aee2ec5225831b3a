import ToggleKit

/// Page 8: load a catalogue from indented text, search it, select under the filter, clear the
/// filter, reload with changed data.
let loadSearchReload = Page(number: 8, title: "Load, search, select, reload (formats and identity)")
{ page in
  let text = """
    [ ] Stationery
      [ ] Pens
        [ ] Blue pen
        [ ] Red pen
      [ ] Paper
        [ ] Printer paper
        [ ] Sticky notes
    [ ] Kitchen
      [ ] Pen-knife {kind=tool}
      [ ] Paper towels
    """
  var tree = try! SelectionTree(parsing: text, format: .indented, file: "catalogue.txt")

  /// The visible rows as the library exports them, plus the status line.
  func screen() -> String {
    let visible = tree.exported(as: .indented).split(separator: "\n").enumerated()
      .filter { tree.isVisible(tree.ids[$0.offset])! }.map { String($0.element) }
    let (hidden, hiddenSelected) = tree.hiddenCounts
    let status =
      "\(tree.selection(.leaves).count) selected · \(hidden) hidden · "
      + "\(hiddenSelected) selected and hidden"
    return (visible + [status]).joined(separator: "\n")
  }

  page.show(
    "loaded from indented text", screen(),
    expected: """
      [ ] Stationery
        [ ] Pens
          [ ] Blue pen
          [ ] Red pen
        [ ] Paper
          [ ] Printer paper
          [ ] Sticky notes
      [ ] Kitchen
        [ ] Pen-knife {kind=tool}
        [ ] Paper towels
      0 selected · 0 hidden · 0 selected and hidden
      """)

  tree.setFilter(TreeFilter(text: "pen"))
  page.show(
    "search \"pen\": matches and their ancestors are shown", screen(),
    expected: """
      [ ] Stationery
        [ ] Pens
          [ ] Blue pen
          [ ] Red pen
      [ ] Kitchen
        [ ] Pen-knife {kind=tool}
      0 selected · 4 hidden · 0 selected and hidden
      """)

  try! tree.toggle("Kitchen")
  try! tree.toggle("Stationery")
  page.show(
    "click Kitchen and Stationery: only what the search shows is selected", screen(),
    expected: """
      [x] Stationery
        [x] Pens
          [x] Blue pen
          [x] Red pen
      [x] Kitchen
        [x] Pen-knife {kind=tool}
      3 selected · 4 hidden · 0 selected and hidden
      """)

  tree.setFilter(nil)
  page.show(
    "clear the search: the hidden items were never touched", screen(),
    expected: """
      [-] Stationery
        [x] Pens
          [x] Blue pen
          [x] Red pen
        [ ] Paper
          [ ] Printer paper
          [ ] Sticky notes
      [-] Kitchen
        [x] Pen-knife {kind=tool}
        [ ] Paper towels
      3 selected · 0 hidden · 0 selected and hidden
      """)

  let changed = """
    Kitchen
      Paper towels
    Stationery
      Pens
        Blue pen
        Green pen
        Red pen
      Paper
        Printer paper
    """
  tree.reload(from: try! SelectionTree(parsing: changed, format: .indented))
  page.show(
    "reload with changed data: order, removals, and a new pen inside the fully selected Pens",
    screen(),
    expected: """
      [ ] Kitchen
        [ ] Paper towels
      [-] Stationery
        [x] Pens
          [x] Blue pen
          [x] Green pen
          [x] Red pen
        [ ] Paper
          [ ] Printer paper
      3 selected · 0 hidden · 0 selected and hidden
      """)
  page.show(
    "the same tree as JSON", tree.exported(as: .json),
    expected: """
      [
        {"label": "Kitchen", "children": [
          {"label": "Paper towels", "selected": false}]},
        {"label": "Stationery", "children": [
          {"label": "Pens", "children": [
            {"label": "Blue pen", "selected": true},
            {"label": "Green pen", "selected": true},
            {"label": "Red pen", "selected": true}]},
          {"label": "Paper", "children": [
            {"label": "Printer paper", "selected": false}]}]}
      ]

      """)
}
