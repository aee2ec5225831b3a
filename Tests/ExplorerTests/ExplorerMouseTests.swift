import Explorer
import Testing
import ToggleKit

@testable import TestSupport

@Suite("Explorer: the mouse")
struct ExplorerMouseTests {
  private func click(_ row: Int, _ column: Int) -> Key {
    .mouse(MouseEvent(.press(0), row: row, column: column))
  }

  private func explorer(style: String = "checkbox") throws -> Explorer {
    let tree = try SelectionTree(paths: ["Fruit/Apple", "Fruit/Pear", "Veg/Leek"])
    return Explorer(
      tree: tree, height: 8, width: 40,
      style: Explorer.defaultStyle(base: RowStyle.named[style]!))
  }

  @Test(
    "a click on a box toggles its row, on a disclosure opens or closes it, elsewhere focuses it")
  func clicks() throws {
    var explorer = try explorer()
    // "▸ [ ] Fruit" / "▸ [ ] Veg"
    explorer.handle(click(1, 8))
    #expect(explorer.cursor == 3 && explorer.tree.selection(.leaves).isEmpty, "label: focus")
    explorer.handle(click(0, 0))
    #expect(explorer.cursor == 0 && explorer.tree.isExpanded("Fruit") == true)
    explorer.handle(click(2, 5))  // "    [ ] Pear": its box
    #expect(explorer.cursor == 2 && explorer.tree.selection(.leaves) == ["Fruit/Pear"])
    explorer.handle(click(0, 2))  // Fruit's box, on its bracket: mixed → on
    #expect(explorer.tree.selection(.leaves) == ["Fruit/Apple", "Fruit/Pear"])
    explorer.handle(click(0, 0))
    #expect(explorer.tree.isExpanded("Fruit") == false)
    explorer.handle(.character("u"))
    #expect(explorer.tree.selection(.leaves) == ["Fruit/Pear"], "a click is an undoable change")
  }

  @Test(
    "a mouse event --bind names runs its actions instead of the default, a click's on the row it focuses first: left-click, right-click, shift-left-click, double-click (two presses on a row within half a second), scroll-up, shift-scroll-down"
  )
  func boundMouseEvents() throws {
    func bound(_ binding: String) throws -> Explorer {
      var explorer = try explorer()
      explorer.configure(for: try Invocation.parse(["explore", "--bind", binding]))
      return explorer
    }
    // "▸ [ ] Fruit" / "▸ [ ] Veg": a click on Veg's label focuses it, then toggles.
    var left = try bound("left-click:toggle")
    left.handle(click(1, 8))
    #expect(left.cursor == 3 && left.tree.selection(.leaves) == ["Veg/Leek"])
    left.handle(.mouse(MouseEvent(.press(0), row: 5, column: 2)))
    #expect(left.tree.selection(.leaves) == ["Veg/Leek"], "a click outside the rows runs nothing")
    var right = try bound("right-click:select-all")
    right.handle(click(0, 0))
    #expect(right.tree.isExpanded("Fruit") == true, "left: the default still")
    right.handle(.mouse(MouseEvent(.press(2), row: 0, column: 8)))
    #expect(right.tree.statistics.selectedLeaves == 3)
    var shifted = try bound("shift-left-click:toggle")
    shifted.handle(.mouse(MouseEvent(.press(0), row: 1, column: 8, isModified: true)))
    #expect(shifted.tree.selection(.leaves) == ["Veg/Leek"])
    var double = try bound("double-click:accept")
    double.clock = 10
    double.handle(click(1, 8))
    double.clock = 10.8
    double.handle(click(1, 8))
    #expect(double.outcome == nil, "two presses 0.8 s apart: two clicks")
    double.clock = 11.0
    double.handle(click(1, 8))
    #expect(
      double.outcome == .accepted && double.cursor == 3, "within half a second: a double click")
    var wheel = try bound("scroll-up:toggle,shift-scroll-down:select-all")
    wheel.handle(.mouse(MouseEvent(.wheelUp, row: 0, column: 8)))
    #expect(wheel.tree.statistics.selectedLeaves == 2 && wheel.cursor == 0, "Fruit toggled")
    wheel.handle(.mouse(MouseEvent(.wheelDown, row: 0, column: 8)))
    #expect(wheel.cursor == 3, "an unbound wheel moves as before")
    wheel.handle(.mouse(MouseEvent(.wheelDown, row: 0, column: 8, isModified: true)))
    #expect(wheel.tree.statistics.selectedLeaves == 3)
  }

  @Test(
    "clicks outside the rows, other buttons and releases do nothing; the wheel moves three rows")
  func ignoredAndWheel() throws {
    var explorer = try explorer()
    explorer.handle(.character("a"))
    let before = explorer.tree
    for key in [
      click(6, 2), click(7, 2), click(2, 2), click(0, 30),
      .mouse(MouseEvent(.press(2), row: 0, column: 2)),
      .mouse(MouseEvent(.release, row: 0, column: 2)),
    ] {
      explorer.handle(key)
      #expect(explorer.tree == before && explorer.cursor == 0, "\(key)")
    }
    let long = try SelectionTree(paths: (0..<20).map { "item \($0)" })
    var scrolling = Explorer(tree: long, height: 6, width: 30)
    scrolling.handle(.mouse(MouseEvent(.wheelDown, row: 0, column: 0)))
    #expect(scrolling.cursor == 3)
    scrolling.handle(.mouse(MouseEvent(.wheelDown, row: 0, column: 0)))
    scrolling.handle(.mouse(MouseEvent(.wheelUp, row: 0, column: 0)))
    #expect(scrolling.cursor == 3 && scrolling.visibleRows.contains(3))
  }

  @Test(
    "the box is found in every style: checkbox, checkbox-right, switch and button",
    arguments: [
      ("checkbox", 2, 10), ("checkbox-right", 8, 4), ("switch", 3, 9), ("button", 4, 30),
    ])
  func styles(style: String, box: Int, notBox: Int) throws {
    var explorer = try explorer(style: style)
    explorer.handle(click(1, box))
    #expect(explorer.tree.selection(.leaves) == ["Veg/Leek"], "\(style) box at \(box)")
    explorer.handle(click(0, notBox))
    #expect(explorer.tree.selection(.leaves) == ["Veg/Leek"], "\(style) at \(notBox)")
  }

  @Test("under a header, rows start lower; a click while the key help is shown only closes it")
  func headerAndHelp() throws {
    var explorer = try explorer()
    explorer.settings.header = ["Pick"]
    explorer.handle(click(0, 2))
    #expect(explorer.tree.selection(.leaves).isEmpty, "the header is no row")
    explorer.handle(click(2, 2))
    #expect(explorer.tree.selection(.leaves) == ["Veg/Leek"])
    explorer.handle(.character("?"))
    explorer.handle(click(2, 2))
    #expect(explorer.tree.selection(.leaves) == ["Veg/Leek"] && !explorer.showsHelp)
  }

  @Test(
    "in every forest of up to four nodes, opened every way, a click at every column of every row does what the layout says: disclosure at the indent, box two columns on, focus elsewhere"
  )
  func everyColumn() throws {
    var clicks = 0
    for size in 1...4 {
      for shape in orderedForests(size) {
        let entries = shape.indices.map { node in
          SelectionTree<String>.Entry(
            id: "n\(node)", parent: shape[node] < 0 ? nil : "n\(shape[node])", label: "n\(node)")
        }
        let parents = shape.indices.filter { shape.contains($0) }
        for openMask in 0..<(1 << parents.count) {
          var tree = try SelectionTree(entries: entries)
          for (bit, node) in parents.enumerated() where openMask & (1 << bit) != 0 {
            try tree.expand("n\(node)")
          }
          let start = Explorer(tree: tree, height: 7, width: 30)
          for (row, index) in start.visibleRows.enumerated() {
            let node = Int(tree.ids[index].dropFirst())!
            var depth = 0
            var up = shape[node]
            while up >= 0 {
              depth += 1
              up = shape[up]
            }
            for column in 0..<14 {
              var clicked = start
              clicked.handle(click(row, column))
              // The oracle: the same row focused by keys, then Space or → / ←, by the layout.
              var keyed = start
              while keyed.cursor != index { keyed.handle(.down) }
              let indent = depth * 2
              let labelEnd = indent + 6 + "n\(node)".count
              if column == indent && parents.contains(node) {
                keyed.handle(tree.isExpanded("n\(node)") == true ? .left : .right)
              } else if (indent + 2)...(indent + 4) ~= column {
                keyed.handle(.character(" "))
              } else if column >= labelEnd {
                keyed = start  // past the row's end: nothing
              }
              let context = "\(shape) open \(openMask) row \(row) column \(column)"
              #expect(clicked.tree == keyed.tree, "\(context)")
              #expect(clicked.cursor == keyed.cursor, "\(context)")
              clicks += 1
            }
          }
        }
      }
    }
    #expect(clicks > 2_000)
  }
}
