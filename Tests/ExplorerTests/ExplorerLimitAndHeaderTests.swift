import Explorer
import Testing
import ToggleKit

@testable import TestSupport

@Suite("Explorer: --limit and --header")
struct ExplorerLimitAndHeaderTests {
  func explorer(limit: Int?, height: Int = 10) throws -> Explorer {
    let tree = try SelectionTree(paths: ["Fruit/Apple", "Fruit/Pear", "Fruit/Plum", "Veg/Leek"])
    var explorer = Explorer(tree: tree, height: height, width: 60)
    explorer.settings.selectionLimit = limit
    return explorer
  }

  @Test("a click that would select more than the limit is refused and the status line says why")
  func refused() throws {
    var explorer = try explorer(limit: 2)
    explorer.handle(.character(" "))  // Fruit: three leaves
    #expect(explorer.tree.statistics.selectedLeaves == 0)
    #expect(
      explorer.statusLine == "0 of 4 selected (at most 2) · at most 2 may be selected (--limit)")
    #expect(explorer.history.undoCount == 0, "a refused change is no step")
    explorer.handle(.character("a"))
    #expect(explorer.tree.statistics.selectedLeaves == 0, "select all is refused too")
    explorer.handle([
      .right, .down, .character(" "), .down, .character(" "), .down, .character(" "),
    ])
    #expect(explorer.tree.selection(.leaves) == ["Fruit/Apple", "Fruit/Pear"])
    #expect(explorer.statusLine.hasSuffix("at most 2 may be selected (--limit)"))
    explorer.handle(.up)
    explorer.handle(.character(" "))
    #expect(explorer.tree.selection(.leaves) == ["Fruit/Apple"], "deselecting is never refused")
  }

  @Test("with a limit of 1, Space moves the selection, across a filter too, as one undoable step")
  func radio() throws {
    var explorer = try explorer(limit: 1)
    explorer.handle([.right, .down, .character(" ")])
    #expect(explorer.tree.selection(.leaves) == ["Fruit/Apple"])
    explorer.handle([.character("/"), .character("l"), .character("e"), .character("e"), .enter])
    #expect(explorer.tree.isVisible("Fruit/Apple") == false)
    explorer.handle(.end)
    explorer.handle(.character(" "))
    #expect(explorer.tree.selection(.leaves) == ["Veg/Leek"], "the hidden Apple was let go")
    #expect(!explorer.statusLine.contains("--limit"), "a move is no refusal")
    explorer.handle(.character("u"))
    #expect(explorer.tree.selection(.leaves) == ["Fruit/Apple"])
    explorer.handle(.character(" "))
    explorer.handle(.character(" "))
    #expect(explorer.tree.selection(.leaves).isEmpty, "Space on the selected leaf deselects it")
  }

  @Test(
    "Enter with nothing selected picks the focused node while nothing was selected in the session (under --limit 1 always; a folder of more leaves than the limit is refused and the session goes on, saying why); once something was, it picks nothing; --empty-enter says otherwise"
  )
  func enterPicks() throws {
    var explorer = try explorer(limit: 1)
    explorer.handle([.right, .down, .down, .enter])
    #expect(explorer.outcome == .accepted)
    #expect(explorer.tree.selection(.leaves) == ["Fruit/Pear"])
    // README's `choice=$(togglekit explore --limit 1 …) || exit 1`: Enter on a folder of three
    // never ends the session with nothing printed.
    var folder = try self.explorer(limit: 1)
    folder.handle(.enter)
    #expect(folder.outcome == nil && folder.tree.selection(.leaves).isEmpty)
    #expect(
      folder.statusLine.hasSuffix(
        "Enter: Fruit holds 3, over --limit 1; select one first"), "\(folder.statusLine)")
    #expect(folder.history.undoCount == 0)
    folder.handle([.right, .down, .enter])
    #expect(folder.outcome == .accepted && folder.tree.selection(.leaves) == ["Fruit/Apple"])
    var wide = try self.explorer(limit: 2)
    wide.handle(.enter)
    #expect(wide.outcome == nil)
    #expect(wide.statusLine.hasSuffix("over --limit 2; select up to 2 first"))
    // A folder within the limit is picked whole.
    var veg = try self.explorer(limit: 1)
    veg.handle([.down, .enter])
    #expect(veg.outcome == .accepted && veg.tree.selection(.leaves) == ["Veg/Leek"])
    var two = try self.explorer(limit: 2)
    two.handle([.right, .down, .enter])
    #expect(two.tree.selection(.leaves) == ["Fruit/Apple"], "as fzf's Enter")
    var cleared = try self.explorer(limit: 2)
    cleared.handle([.right, .down, .character(" "), .character(" "), .down, .enter])
    #expect(cleared.outcome == .accepted && cleared.tree.selection(.leaves).isEmpty, "cleared")
    var never = try self.explorer(limit: nil)
    never.settings.emptyEnter = .nothing
    never.handle([.right, .down, .enter])
    #expect(never.tree.selection(.leaves).isEmpty, "--empty-enter nothing")
    var always = try self.explorer(limit: nil)
    always.settings.emptyEnter = .focused
    always.handle([.right, .down, .character(" "), .character(" "), .enter])
    #expect(always.tree.selection(.leaves) == ["Fruit/Apple"], "--empty-enter focused")
    var folderPick = try self.explorer(limit: nil)
    folderPick.handle(.enter)
    #expect(
      folderPick.tree.selection(.leaves) == ["Fruit/Apple", "Fruit/Pear", "Fruit/Plum"],
      "a folder too")
    var picked = try self.explorer(limit: 1)
    picked.handle([.right, .down, .character(" "), .down, .enter])
    #expect(picked.tree.selection(.leaves) == ["Fruit/Apple"], "a selection is kept as it is")
  }

  @Test(
    "under --limit the Space hint never offers a click the limit refuses: it says the folder holds more than the limit allows"
  )
  func hintsUnderLimit() throws {
    var one = try explorer(limit: 1)
    #expect(
      one.statusLine == "0 of 4 selected (at most 1) · Space: 3 here, more than --limit 1 allows")
    one.handle(.down)  // Veg: one leaf, a click moves the pick there
    #expect(one.statusLine == "0 of 4 selected (at most 1) · Space: select 1")
    var two = try explorer(limit: 2)
    two.handle([.down, .character(" "), .up])
    #expect(
      two.statusLine
        == "1 of 4 selected (at most 2) · Space: 3 here, more than --limit 2 allows (1 selected)")
    var three = try explorer(limit: 3)
    #expect(three.statusLine == "0 of 4 selected (at most 3) · Space: select 3")
    three.handle([.down, .character(" "), .up])
    #expect(three.statusLine.hasSuffix("Space: 3 here, more than --limit 3 allows (1 selected)"))
    // What the hint says is what Space then does.
    three.handle(.character(" "))
    #expect(three.tree.selection(.leaves) == ["Veg/Leek"])
  }

  @Test(
    "--cycle: up from the first row goes to the last, down from the last to the first; a page stops at the end"
  )
  func cycles() throws {
    var explorer = try explorer(limit: nil)
    explorer.handle(.up)
    #expect(explorer.cursor == 0, "without --cycle the first row stays")
    explorer.settings.cycles = true
    explorer.handle(.up)
    #expect(explorer.cursor.map { explorer.tree.id(at: $0) } == "Veg")
    explorer.handle(.down)
    #expect(explorer.cursor == 0)
    explorer.handle([.right, .pageDown, .pageDown])
    #expect(explorer.cursor.map { explorer.tree.id(at: $0) } == "Veg", "a page stops at the end")
    explorer.handle(.down)
    #expect(explorer.cursor == 0)
    #expect(try Invocation.parse(["explore", "--cycle"]).cycles)
  }

  @Test(
    "* opens the focused folder and everything below it, - closes every open folder and focuses the top folder; neither changes the selection or the history"
  )
  func expandAndCollapseAll() throws {
    let tree = try SelectionTree(paths: ["A/B/C/x", "A/B/y", "A/D/z", "E/w"])
    var explorer = Explorer(tree: tree, height: 20, width: 40)
    explorer.handle(.character("*"))
    #expect(
      explorer.frame(mode: .plain).prefix(8) == [
        "▾ [ ] A", "  ▾ [ ] B", "    ▾ [ ] C", "        [ ] x", "      [ ] y", "  ▾ [ ] D",
        "      [ ] z", "▸ [ ] E",
      ])
    explorer.handle([.down, .down, .down, .character(" ")])  // x
    explorer.handle(.character("-"))
    #expect(explorer.frame(mode: .plain).prefix(3) == ["▸ [-] A", "▸ [ ] E", ""])
    #expect(explorer.cursor.map { explorer.tree.id(at: $0) } == "A", "the top folder x was in")
    #expect(explorer.tree.selection(.leaves) == ["A/B/C/x"] && explorer.history.undoCount == 1)
    // Opening A again shows what - closed below it closed too.
    explorer.handle(.right)
    #expect(
      explorer.frame(mode: .plain).prefix(4) == ["▾ [-] A", "  ▸ [-] B", "  ▸ [ ] D", "▸ [ ] E"])
    #expect(try ExplorerAction.parse("expand-all+collapse-all") == [.expandAll, .collapseAll])
  }

  @Test("the header takes the top lines, escaped and cut to the width; one tree row is always left")
  func header() throws {
    var explorer = try explorer(limit: nil, height: 6)
    explorer.settings.header = ["Pick \u{1B}[2J fruit", String(repeating: "x", count: 80)]
    #expect(
      explorer.frame(mode: .plain) == [
        "Pick \\u{1B}[2J fruit", String(repeating: "x", count: 59) + "…", "▸ [ ] Fruit",
        "▸ [ ] Veg", "0 of 4 selected · Space: select 3",
        "space toggle · enter accept · q cancel · / filter · ? help",
      ])
    #expect(explorer.visibleRows.count == 2)
    explorer.handle(.end)
    #expect(explorer.visibleRows.contains(explorer.cursor!))
    explorer.resize(height: 4, width: 60)
    let frame = explorer.frame(mode: .plain)
    #expect(frame.count == 4 && frame[0] == "Pick \\u{1B}[2J fruit" && frame[1] == "▸ [ ] Veg")
    explorer.handle(.character("?"))
    #expect(explorer.frame(mode: .plain).first == "Pick \\u{1B}[2J fruit", "over the key help too")
  }
}
