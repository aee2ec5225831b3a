import Explorer
import Testing
import ToggleKit

@testable import TestSupport

@Suite(
  "fzf's conventions on the explorer: Tab, line editing, --keys fzf, --bind, --expect, layouts")
struct ExplorerConventionsTests {
  private func explorer(height: Int = 10, width: Int = 40) throws -> Explorer {
    Explorer(
      tree: try SelectionTree(paths: ["Fruit/Apple", "Fruit/Pear", "Veg/Leek"]), height: height,
      width: width)
  }

  @Test(
    "Tab toggles and moves down, Shift-Tab toggles and moves up, in every mode (fzf's multi-select)"
  )
  func tabToggles() throws {
    var explorer = try explorer()
    explorer.handle([.right, .down, .tab])
    #expect(explorer.tree.selection(.leaves) == ["Fruit/Apple"])
    #expect(explorer.cursor == 2, "moved to Pear")
    explorer.handle(.backTab)
    #expect(
      explorer.tree.selection(.leaves) == ["Fruit/Apple", "Fruit/Pear"] && explorer.cursor == 1)
    explorer.handle([.character("/"), .character("l"), .tab])
    #expect(
      explorer.finding.isEditing && explorer.finding.text == "l", "Tab works while typing too")
  }

  @Test(
    "while typing the filter, Ctrl-U Ctrl-W Ctrl-K Ctrl-A Ctrl-E Ctrl-B Ctrl-F Alt-B Alt-F Del edit it as a shell line"
  )
  func lineEditing() throws {
    var explorer = try explorer()
    explorer.handle([.character("/")] + "foo bar-baz".map(Key.character))
    #expect(explorer.finding.cursor == 11)
    explorer.handle(.control("w"))
    #expect(explorer.finding.text == "foo " && explorer.finding.cursor == 4)
    explorer.handle("qux".map(Key.character))
    explorer.handle([.alt("b")])
    #expect(explorer.finding.cursor == 4)
    explorer.handle(.control("a"))
    #expect(explorer.finding.cursor == 0)
    explorer.handle(.alt("f"))
    #expect(explorer.finding.cursor == 3)
    explorer.handle(.control("k"))
    #expect(explorer.finding.text == "foo" && explorer.finding.cursor == 3)
    explorer.handle([.control("b"), .control("b"), .delete])
    #expect(explorer.finding.text == "fo" && explorer.finding.cursor == 1)
    explorer.handle([.character("x"), .control("e"), .character("y")])
    #expect(explorer.finding.text == "fxoy")
    explorer.handle([.control("b"), .control("u")])
    #expect(explorer.finding.text == "y" && explorer.finding.cursor == 0)
    explorer.handle([.control("f"), .backspace])
    #expect(explorer.finding.text.isEmpty)
    #expect(explorer.frame(mode: .plain).last == "/▏", "the text cursor is drawn where it is")
  }

  @Test(
    "--keys fzf: typing filters at once, Enter accepts, Esc clears then cancels, commands on Alt")
  func typingMode() throws {
    var explorer = try explorer()
    explorer.finding.typesToFilter = true
    explorer.handle("pear".map(Key.character))
    #expect(explorer.finding.text == "pear" && explorer.tree.isVisible("Veg/Leek") == false)
    #expect(explorer.cursor.map { explorer.tree.id(at: $0) } == "Fruit/Pear", "the best match")
    explorer.handle(.up)
    #expect(
      explorer.statusLine.hasSuffix("Tab: select 1 · 1 hidden stay"),
      "Space is text here: Tab clicks; a leaf the filter hides stays, and is not called locked")
    #expect(explorer.frame(mode: .plain).last == "> pear▏")
    explorer.handle(.alt("a"))
    #expect(explorer.tree.selection(.leaves) == ["Fruit/Pear"], "Alt-A selects what is shown")
    explorer.handle(.alt("u"))
    #expect(explorer.tree.selection(.leaves).isEmpty)
    explorer.handle(.escape)
    #expect(explorer.finding.text.isEmpty && explorer.outcome == nil)
    explorer.handle(.character("q"))
    #expect(explorer.finding.text == "q" && explorer.outcome == nil, "q is text here")
    explorer.handle(.alt("?"))
    #expect(explorer.showsHelp && explorer.keyHelp.contains { $0.hasPrefix("Alt-A") })
    #expect(!explorer.keyHelp.contains { $0.hasPrefix("a ") }, "no letter commands in fzf's model")
    explorer.handle(.down)  // closes the help
    explorer.handle(.down)
    explorer.handle(.enter)
    #expect(explorer.outcome == .accepted)
  }

  @Test("--bind overrides a key in every mode; actions chain; bound commands become effects")
  func bindings() throws {
    var explorer = try explorer()
    explorer.settings.bindings = [
      .control("o"): [.execute("less {}")], .character("j"): [.toggle, .down],
      .alt("r"): [.reload("find .")], .control("q"): [.changeQuery("pe"), .last],
      .control("x"): [.become("vim {+}")],
    ]
    explorer.handle([.right, .down, .character("j")])
    #expect(explorer.tree.selection(.leaves) == ["Fruit/Apple"] && explorer.cursor == 2)
    explorer.handle([.control("o"), .alt("r")])
    #expect(explorer.takeEffects() == [.execute("less {}"), .reload("find .")])
    explorer.handle(.control("q"))
    #expect(explorer.finding.text == "pe")
    explorer.handle(.control("x"))
    #expect(explorer.takeEffects() == [.become("vim {+}")] && explorer.outcome == .accepted)
    var suspended = try self.explorer()
    suspended.handle(.control("z"))
    #expect(suspended.takeEffects() == [.suspend])
  }

  @Test("--expect: the key accepts and is remembered; other accepting keys leave it empty")
  func expect() throws {
    var explorer = try explorer()
    explorer.settings.expectedKeys = [.control("o")]
    explorer.handle(.control("o"))
    #expect(explorer.outcome == .accepted && explorer.acceptingKey == .control("o"))
    var plain = try self.explorer()
    plain.settings.expectedKeys = [.control("o")]
    plain.handle(.enter)
    #expect(plain.outcome == .accepted && plain.acceptingKey == nil)
  }

  @Test("--layout reverse puts prompt and status on top; clicks still land on their rows")
  func reverseLayout() throws {
    var explorer = try explorer(height: 6, width: 60)
    explorer.settings.reverseLayout = true
    #expect(
      explorer.frame(mode: .plain) == [
        "space toggle · enter accept · q cancel · / filter · ? help",
        "0 of 3 selected · Space: select 2", "▸ [ ] Fruit", "▸ [ ] Veg", "", "",
      ])
    explorer.handle(.mouse(MouseEvent(.press(0), row: 3, column: 2)))
    #expect(explorer.tree.selection(.leaves) == ["Veg/Leek"])
  }

  @Test(
    "--counts shows each folder's selected and writable leaves, locked apart; Space's effect is in the status line"
  )
  func counts() throws {
    var tree = try SelectionTree(paths: ["Fruit/Apple", "Fruit/Pear", "Fruit/Bag"])
    try tree.setLock("Fruit/Bag", to: .on)
    var explorer = Explorer(tree: tree, height: 6, width: 60)
    explorer.settings.showsCounts = true
    #expect(explorer.frame(mode: .plain).first == "▸ [ ] Fruit (0/2 · 1 locked)")
    #expect(explorer.statusLine.hasSuffix("Space: select 2 · 1 locked stay"))
    explorer.handle(.character(" "))
    #expect(explorer.frame(mode: .plain).first == "▸ [x] Fruit (2/2 · 1 locked)")
    #expect(explorer.statusLine.hasSuffix("Space: deselect 2 · 1 locked stay"))
    #expect(Explorer.grouped(1_204_000) == "1,204,000" && Explorer.grouped(12) == "12")
  }

  @Test(
    "--preview-window: the pane right, left, above or below, sized, hidden until toggled, wrapped")
  func previewWindow() throws {
    var explorer = try explorer(height: 10, width: 40)
    explorer.previewing.isOn = true
    explorer.previewing.pane = PreviewPane(
      title: "t", rows: (1...9).map { Row("line \($0) " + String(repeating: "x", count: 30)) },
      note: nil)
    explorer.previewing.window = try PreviewWindow(parsing: "down:3")
    var frame = explorer.frame(mode: .plain)
    #expect(explorer.rowCount == 4 && frame[4].hasPrefix("───") && frame[5] == "t")
    #expect(frame[6].hasPrefix("line 1"))
    explorer.handle(.shiftDown)
    frame = explorer.frame(mode: .plain)
    #expect(frame[6].hasPrefix("line 2"), "Shift-↓ scrolls the preview")
    explorer.previewing.window = try PreviewWindow(parsing: "up,2,wrap")
    frame = explorer.frame(mode: .plain)
    #expect(frame[0] == "t" && frame[2].hasPrefix("───") && frame[3] == "▸ [ ] Fruit")
    explorer.previewing.window = try PreviewWindow(parsing: "left:10")
    frame = explorer.frame(mode: .plain)
    #expect(frame[0].hasPrefix("t") && frame[0].contains("│▸ [ ] Fruit"))
    explorer.handle(.mouse(MouseEvent(.press(0), row: 0, column: 13)))
    #expect(
      explorer.tree.selection(.leaves) == ["Fruit/Apple", "Fruit/Pear"], "a click left of it")
    explorer.handle(.alt("p"))
    #expect(explorer.previewColumns == 0 && explorer.frame(mode: .plain)[0] == "▸ [x] Fruit")
    explorer.previewing.window = try PreviewWindow(parsing: "right:50%:wrap")
    #expect(
      explorer.previewRows().map(\.plainText).contains("line 2 xxxxxxxxxxxx"),
      "wrapped to 19 columns")
    #expect(Explorer.wrapped(Row("abcdef"), width: 4).map(\.plainText) == ["abcd", "ef"])
    for bad in ["middle", "0", "101%", "hidden:sideways"] {
      #expect(throws: PreviewWindowError.self, "\(bad)") { try PreviewWindow(parsing: bad) }
    }
    do {
      _ = try PreviewWindow(parsing: "down:0")
    } catch {
      #expect(error.part == "0" && error.reason == "a size is 1 or more")
    }
    let parsed = try PreviewWindow(parsing: "bottom:40%:hidden:wrap")
    #expect(parsed.side == .down && parsed.percent == 40 && parsed.hidden && parsed.wrap)
  }

  @Test(
    "the extended syntax and path fragments filter the explorer, highlighted in the node's own label"
  )
  func extendedSyntax() throws {
    var explorer = Explorer(
      tree: try SelectionTree(paths: [
        "Sources/Explorer/Previewer.swift", "Sources/Explorer/Key.swift", "Tests/Previewer.swift",
      ]), height: 10, width: 60)
    explorer.startFiltering("Explorer/Prev")
    #expect(explorer.shownLeaves == ["Sources/Explorer/Previewer.swift"])
    explorer.startFiltering("swift !Tests")
    #expect(
      explorer.shownLeaves == ["Sources/Explorer/Previewer.swift", "Sources/Explorer/Key.swift"])
    explorer.startFiltering("^key | ^prev")
    #expect(explorer.shownLeaves.count == 3)
    #expect(explorer.matchedPositions(in: ["Sources", "Explorer", "Key.swift"]) == [0, 1, 2])
  }
}
