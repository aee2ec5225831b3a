import Testing
import ToggleKit

@testable import Explorer
@testable import TestSupport

/// `Fruit/{Apple, Pear, Plum}` and `Veg/Leek`, open: rows Fruit, Apple, Pear, Plum, Veg, Leek.
private func makeExplorer(limit: Int? = nil) throws -> Explorer {
  var tree = try SelectionTree(paths: ["Fruit/Apple", "Fruit/Pear", "Fruit/Plum", "Veg/Leek"])
  for root in tree.roots { try tree.expand(root) }
  var explorer = Explorer(tree: tree, height: 10, width: 60)
  explorer.settings.selectionLimit = limit
  return explorer
}

private func selected(_ explorer: Explorer) -> [String] {
  explorer.tree.selection(.leaves).map { explorer.tree.labelPath(of: $0).joined(separator: "/") }
}

@Suite("Range selection: v, Shift-↑/↓ and shift-click mark rows; Space toggles them as one step")
struct ExplorerRangeTests {
  @Test(
    "v then moves mark the rows between (drawn focused, counted on the status line); Space selects them all as one undo step; again, all marked on: all off"
  )
  func visualMode() throws {
    var explorer = try makeExplorer()
    explorer.handle([.down, .character("v"), .down, .down])
    #expect(explorer.rangeRows == [1, 2, 3])
    #expect(
      explorer.statusLine.hasSuffix("3 rows marked · Space toggles them"), "\(explorer.statusLine)")
    #expect(
      (0..<6).map { explorer.drawing(of: $0, mixed: []).0.isFocused } == [
        false, true, true, true, false, false,
      ])
    explorer.handle(.character(" "))
    #expect(selected(explorer) == ["Fruit/Apple", "Fruit/Pear", "Fruit/Plum"])
    #expect(explorer.rangeAnchor == nil && explorer.history.undoCount == 1)
    explorer.handle(.character("u"))
    #expect(selected(explorer).isEmpty)
    explorer.handle(.redo)
    // Marked again from Plum up to Apple: all on, so all off.
    explorer.handle([.character("V"), .up, .up, .character(" ")])
    #expect(selected(explorer).isEmpty && explorer.history.undoCount == 2)
  }

  @Test(
    "Shift-↓ and Shift-↑ mark from where the focus was, across folders; Tab toggles the range then moves; one part on makes the range all on"
  )
  func shiftArrows() throws {
    var explorer = try makeExplorer()
    explorer.handle([.down, .down, .character(" ")])  // Pear on
    explorer.handle([.shiftDown, .shiftDown, .shiftDown])  // Pear … Leek
    #expect(explorer.rangeRows == [2, 3, 4, 5])
    explorer.handle(.tab)
    #expect(selected(explorer) == ["Fruit/Pear", "Fruit/Plum", "Veg/Leek"])
    #expect(explorer.rangeAnchor == nil)
    explorer.handle([.shiftUp, .shiftUp])
    #expect(explorer.rangeRows.map { $0.count } == 3)
  }

  @Test(
    "Esc drops the mark first, then cancels; a mark the filter hides is dropped, Space then toggles the focused row"
  )
  func escapeAndFilters() throws {
    var explorer = try makeExplorer()
    explorer.handle([.character("v"), .down])
    explorer.handle(.escape)
    #expect(explorer.rangeAnchor == nil && explorer.outcome == nil)
    explorer.handle(.escape)
    #expect(explorer.outcome == .cancelled)

    var filtered = try makeExplorer()
    filtered.handle([.character("v"), .down])  // from Fruit
    filtered.handle([.character("/"), .character("l"), .character("e"), .character("e"), .enter])
    #expect(filtered.rangeRows == nil, "Fruit is hidden: no mark")
    filtered.handle(.character(" "))
    #expect(selected(filtered) == ["Veg/Leek"])
  }

  @Test(
    "a shift-click toggles the rows from the focused one to the clicked one; a plain click does not mark"
  )
  func shiftClick() throws {
    var explorer = try makeExplorer()
    explorer.handle(.mouse(MouseEvent(.press(0), row: 4, column: 8, isModified: true)))
    #expect(selected(explorer) == ["Fruit/Apple", "Fruit/Pear", "Fruit/Plum", "Veg/Leek"])
    #expect(explorer.cursor == 4 && explorer.history.undoCount == 1)
    explorer.handle(.mouse(MouseEvent(.press(0), row: 1, column: 8)))
    #expect(explorer.rangeAnchor == nil && explorer.cursor == 1)
  }

  @Test(
    "under --limit a range over the limit is refused whole, with the reason; with a preview shown Shift-↓ scrolls it"
  )
  func limitAndPreview() throws {
    var limited = try makeExplorer(limit: 2)
    limited.handle([.down, .shiftDown, .shiftDown, .character(" ")])
    #expect(selected(limited).isEmpty)
    #expect(
      limited.statusLine.contains("at most 2 may be selected (--limit)"), "\(limited.statusLine)")

    var previewing = try makeExplorer()
    previewing.previewing.isOn = true
    previewing.previewing.pane = PreviewPane(
      title: "t", rows: (1...30).map { Row("line \($0)") }, note: nil)
    previewing.handle(.shiftDown)
    #expect(previewing.rangeAnchor == nil && previewing.previewing.scroll == 1)
  }
}
