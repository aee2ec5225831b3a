import Testing
import ToggleKit

@testable import Explorer

/// `Fruit/{Apple, Pear, Plum}` and `Veg/Leek`, open: rows Fruit, Apple, Pear, Plum, Veg, Leek;
/// `bind` as `--bind` gives it.
private func makeExplorer(bind: String = "", height: Int = 12) throws -> Explorer {
  var tree = try SelectionTree(paths: ["Fruit/Apple", "Fruit/Pear", "Fruit/Plum", "Veg/Leek"])
  for root in tree.roots { try tree.expand(root) }
  var explorer = Explorer(tree: tree, height: height, width: 40)
  for (key, actions) in try OptionTable.parseBindings(bind) {
    explorer.settings.bindings[key] = actions
  }
  return explorer
}

private func selected(_ explorer: Explorer) -> [String] {
  explorer.tree.selection(.leaves).map { explorer.tree.labelPath(of: $0).joined(separator: "/") }
}

private func focused(_ explorer: Explorer) -> String? {
  explorer.cursor.map {
    explorer.tree.labelPath(of: explorer.tree.id(at: $0)).joined(separator: "/")
  }
}

@Suite("fzf's actions and events in a tree: each does what fzf's does, on nodes")
struct FzfActionsAndEventsTests {
  @Test(
    "toggle-all flips each leaf shown on its own as one undo step; select and deselect only ever set; half pages move half the rows"
  )
  func selectionActions() throws {
    var explorer = try makeExplorer()
    explorer.handle([.down, .character(" ")])  // Apple on
    explorer.perform(.toggleAll)
    #expect(selected(explorer) == ["Fruit/Pear", "Fruit/Plum", "Veg/Leek"])
    #expect(explorer.history.undoCount == 2)
    explorer.perform(.undo)
    #expect(selected(explorer) == ["Fruit/Apple"])
    // Under a filter only what it shows flips.
    explorer.startFiltering("p")
    explorer.perform(.toggleAll)
    #expect(selected(explorer) == ["Fruit/Pear", "Fruit/Plum"], "Apple shown (a p), so off")
    explorer.startFiltering("")
    explorer.perform(.first)
    explorer.perform(.select)
    #expect(selected(explorer) == ["Fruit/Apple", "Fruit/Pear", "Fruit/Plum"])
    explorer.perform(.select)
    #expect(explorer.history.undoCount == 3, "selecting what is selected changes nothing")
    explorer.perform(.deselect)
    #expect(selected(explorer).isEmpty)
    explorer.perform(.deselect)
    #expect(explorer.history.undoCount == 4)
    // 12 lines: 10 rows of tree, so half a page is 5 rows.
    explorer.perform(.halfPageDown)
    #expect(focused(explorer) == "Veg/Leek")
    explorer.perform(.halfPageUp)
    #expect(focused(explorer) == "Fruit")
  }

  @Test(
    "accept-non-empty ends only when something is printed: with --empty-enter nothing and no selection it stays and says why"
  )
  func acceptNonEmpty() throws {
    var explorer = try makeExplorer()
    explorer.settings.emptyEnter = .nothing
    explorer.perform(.acceptNonEmpty)
    #expect(explorer.outcome == nil)
    #expect(explorer.statusLine.hasSuffix("nothing selected: select something to accept"))
    explorer.perform(.accept)
    #expect(explorer.outcome == .accepted, "accept ends anyway")
    var picking = try makeExplorer()
    picking.perform(.acceptNonEmpty)
    #expect(
      picking.outcome == .accepted
        && selected(picking) == ["Fruit/Apple", "Fruit/Pear", "Fruit/Plum"])
  }

  @Test(
    "change-prompt sets the prompt; change-preview-window takes its specs in turn, each over --preview-window's; refresh-preview, execute-silent and transform-query are effects for the session"
  )
  func promptPreviewAndCommands() throws {
    var explorer = try makeExplorer(bind: "ctrl-a:change-prompt(>> )+find")
    explorer.handle(.control("a"))
    #expect(explorer.frame(mode: .plain).last == ">> ▏")
    explorer.previewing.isOn = true
    explorer.previewing.startingWindow = try PreviewWindow(parsing: "left,30%")
    explorer.previewing.window = explorer.previewing.startingWindow
    explorer.perform(.changePreviewWindow("down|hidden|"))
    #expect(explorer.previewing.window.side == .down && explorer.previewing.window.percent == 30)
    explorer.perform(.changePreviewWindow("down|hidden|"))
    #expect(explorer.previewing.window.side == .left && explorer.previewing.window.hidden)
    explorer.perform(.changePreviewWindow("down|hidden|"))
    #expect(explorer.previewing.window == explorer.previewing.startingWindow, "empty: back")
    explorer.perform(.changePreviewWindow("sideways"))
    #expect(explorer.statusLine.contains("change-preview-window: 'sideways': not a side"))
    explorer.perform(.refreshPreview)
    explorer.perform(.executeSilent("touch {}"))
    explorer.perform(.transformQuery("echo x"))
    #expect(
      explorer.takeEffects() == [
        .refreshPreview, .executeSilent("touch {}"), .transformQuery("echo x"),
      ])
    explorer.previewing.isOn = false
    explorer.perform(.refreshPreview)
    #expect(explorer.takeEffects().isEmpty, "no preview, nothing to refresh")
  }

  @Test(
    "jump labels the rows shown; a row's label focuses it and fires jump, another key cancels and fires jump-cancel, doing nothing else"
  )
  func jump() throws {
    var explorer = try makeExplorer(bind: "jump:toggle,jump-cancel:change-prompt(no)")
    explorer.perform(.jump)
    #expect(explorer.isJumping)
    let frame = explorer.frame(mode: .plain)
    #expect(frame.prefix(3) == ["a ▾ [ ] Fruit", "s     [ ] Apple", "d     [ ] Pear"])
    #expect(explorer.statusLine.hasSuffix("jump: a row's letter focuses it; another key cancels"))
    explorer.handle(.character("d"))
    #expect(!explorer.isJumping && focused(explorer) == "Fruit/Pear")
    #expect(selected(explorer) == ["Fruit/Pear"], "jump's toggle ran")
    explorer.perform(.jump)
    explorer.handle(.character("q"))  // labels no row (six rows: a s d f g h)
    #expect(!explorer.isJumping && explorer.outcome == nil, "q cancels the jump, not the session")
    #expect(focused(explorer) == "Fruit/Pear" && explorer.settings.prompt == "no")
    explorer.settings.jumpLabels = Array("xy")
    explorer.perform(.jump)
    explorer.handle(.character("y"))
    #expect(focused(explorer) == "Fruit/Apple")
  }

  @Test(
    "start fires once, with load and result when the input is whole; change and result when the filter changes, zero when nothing matches, one when one leaf shows; focus when the focus moves to another node; multi when the selection changes, undo too; backward-eof on Backspace with no filter"
  )
  func events() throws {
    var starting = try makeExplorer(bind: "start:last,load:change-prompt(L),result:toggle")
    starting.start()
    #expect(focused(starting) == "Veg/Leek" && starting.settings.prompt == "L")
    #expect(selected(starting) == ["Veg/Leek"], "result at the start")
    starting.start()
    #expect(selected(starting) == ["Veg/Leek"], "start fires once")

    var filtering = try makeExplorer(
      bind: "change:change-prompt(c),zero:change-prompt(none),one:change-prompt(one)")
    filtering.handle(.character("/"))
    filtering.handle(Array("zz").map(Key.character))
    #expect(filtering.settings.prompt == "none")
    filtering.perform(.clearQuery)
    filtering.handle(Array("lee").map(Key.character))
    #expect(filtering.settings.prompt == "one")
    filtering.handle(Array("a").map(Key.character))
    #expect(filtering.settings.prompt == "none")
    filtering.handle(.backspace)
    #expect(filtering.settings.prompt == "one")
    filtering.handle(.control("u"))
    #expect(filtering.settings.prompt == "c", "changed, and no filter: neither one nor zero")

    // A key moves the focus: focus fires, and its change-query's change fires nothing.
    var focusing = try makeExplorer(bind: "focus:change-query(veg),change:change-prompt(c)")
    focusing.handle(.down)
    #expect(focusing.finding.text == "veg" && focused(focusing) == "Veg")
    #expect(focusing.settings.prompt == nil)
    focusing.handle(.character("x"))  // no action in tree mode, no move: nothing fires
    #expect(focusing.finding.text == "veg")

    var picking = try makeExplorer(bind: "multi:change-prompt(m)")
    picking.handle(.down)
    #expect(picking.settings.prompt == nil)
    picking.handle(.character(" "))
    #expect(picking.settings.prompt == "m")
    picking.settings.prompt = nil
    picking.handle(.character("u"))
    #expect(picking.settings.prompt == "m", "an undo changes the selection too")
    picking.settings.prompt = nil
    picking.handle(.character("u"))
    #expect(picking.settings.prompt == nil, "nothing to undo: no change")

    var deleting = try makeExplorer(bind: "backward-eof:abort")
    deleting.handle([.character("/"), .character("a"), .backspace])
    #expect(deleting.outcome == nil)
    deleting.handle(.backspace)
    #expect(deleting.outcome == .cancelled, "Backspace on an empty filter: backward-eof")
  }

  @Test(
    "an event's actions fire no events: focus:down moves once per key, not forever; resize fires once started, only when the size changes; load waits for a stream's end (its select-all)"
  )
  func eventsDoNotLoop() throws {
    var explorer = try makeExplorer(bind: "focus:down,resize:last,load:select-all")
    explorer.resize(height: 11, width: 40)
    #expect(focused(explorer) == "Fruit", "no resize event before the start")
    explorer.loadingLines = 5
    explorer.start()
    #expect(focused(explorer) == "Fruit", "the input still arrives: no load yet")
    #expect(explorer.tree.statistics.selectedLeaves == 0, "no load yet: nothing selected")
    explorer.handle(.down)
    #expect(focused(explorer) == "Fruit/Pear", "down, then focus's down once")
    explorer.resize(height: 11, width: 40)
    #expect(focused(explorer) == "Fruit/Pear", "the same size: no event")
    explorer.resize(height: 10, width: 40)
    #expect(focused(explorer) == "Veg/Leek")
    explorer.finishLoading()
    #expect(explorer.loadingLines == nil)
    let statistics = explorer.tree.statistics
    #expect(statistics.selectedLeaves == statistics.leaves, "load: select-all, once at the end")
  }

  @Test(
    "--border draws fzf's styles around everything, the rows inside it, a click still hitting its row; --info puts the status line on its own line, right, after the prompt or nowhere"
  )
  func borderAndInfo() throws {
    var explorer = try makeExplorer(height: 8)
    explorer.settings.border = .rounded
    explorer.resize(height: 8, width: 24)
    var frame = explorer.frame(mode: .plain)
    #expect(frame.count == 8)
    #expect(frame[0] == "╭" + String(repeating: "─", count: 22) + "╮")
    #expect(frame[1] == "│ ▾ [ ] Fruit          │")
    #expect(frame[7] == "╰" + String(repeating: "─", count: 22) + "╯")
    #expect(frame.dropFirst().dropLast().allSatisfy { $0.count == 24 && $0.hasPrefix("│ ") })
    // A click on Pear's box: a line down for the border's top, two columns in for its side.
    let box = try #require(Array(frame[3]).firstIndex(of: "["))
    #expect(frame[3].hasSuffix("Pear         │") && box > 2, "\(frame)")
    explorer.handle(.mouse(MouseEvent(.press(0), row: 3, column: box + 1)))
    #expect(selected(explorer) == ["Fruit/Pear"], "\(explorer.frame(mode: .plain))")
    for (style, top) in [
      (BorderStyle.sharp, "┌"), (.double, "╔"), (.bold, "┏"), (.horizontal, "─"),
    ] {
      explorer.settings.border = style
      explorer.resize(height: 8, width: 24)
      #expect(explorer.frame(mode: .plain)[0].hasPrefix(top), "\(style)")
    }
    explorer.settings.border = .left
    explorer.resize(height: 8, width: 24)
    frame = explorer.frame(mode: .plain)
    #expect(frame.count == 8 && frame[0] == "│ ▾ [-] Fruit", "\(frame)")
    explorer.settings.border = nil
    explorer.resize(height: 6, width: 30)
    explorer.settings.info = .hidden
    frame = explorer.frame(mode: .plain)
    #expect(
      frame.count == 6 && frame[4] == "▾ [ ] Veg" && !frame.joined().contains("selected"),
      "\(frame)")
    explorer.settings.info = .inline(prefix: " < ")
    explorer.handle(.character("/"))
    #expect(explorer.frame(mode: .plain).last == "/▏ < 1 of 4 selected")
    explorer.settings.info = .inlineRight(prefix: "")
    #expect(
      explorer.frame(mode: .plain).last == "/▏" + String(repeating: " ", count: 13)
        + "1 of 4 selected")
    explorer.settings.info = .right
    #expect(
      explorer.frame(mode: .plain)[4] == String(repeating: " ", count: 15) + "1 of 4 selected")
  }

  @Test(
    "-i ignores case, +i respects it, --smart-case (the default) respects it for a term with an uppercase letter"
  )
  func caseMatching() throws {
    func matches(_ query: String, _ caseSensitive: Bool?) throws -> [String] {
      var explorer = try makeExplorer()
      explorer.finding.caseSensitive = caseSensitive
      explorer.startFiltering(query)
      return explorer.shownLeaves.map { explorer.tree.labelPath(of: $0).joined(separator: "/") }
    }
    #expect(try matches("PEAR", nil).isEmpty)
    #expect(try matches("PEAR", false) == ["Fruit/Pear"])
    #expect(try matches("pear", nil) == ["Fruit/Pear"])
    #expect(try matches("pear", true).isEmpty)
    #expect(try matches("'Pear", true) == ["Fruit/Pear"])
    #expect(try matches("'pear", false) == ["Fruit/Pear"])
  }

  @Test(
    "the options: -i, +i, --smart-case, --border[=STYLE] (the next argument when it is a style), --info, --no-info, +m, --multi N, --jump-labels, each read into the invocation; a bad value names the choices"
  )
  func options() throws {
    #expect(try Invocation.parse(["explore", "-i"]).caseSensitive == false)
    #expect(try Invocation.parse(["explore", "+i"]).caseSensitive == true)
    #expect(try Invocation.parse(["explore", "+i", "--smart-case"]).caseSensitive == nil)
    #expect(try Invocation.parse(["explore", "--border"]).border == .rounded)
    let sharp = try Invocation.parse(["explore", "--border", "sharp", "f.txt"])
    #expect(sharp.border == .sharp && sharp.file == "f.txt")
    let file = try Invocation.parse(["explore", "--border", "f.txt"])
    #expect(file.border == .rounded && file.file == "f.txt")
    #expect(try Invocation.parse(["explore", "--border=up"]).border == .top)
    #expect(try Invocation.parse(["explore", "--border=none"]).border == nil)
    #expect(throws: UsageError.self) { try Invocation.parse(["explore", "--border=wavy"]) }
    #expect(try Invocation.parse(["explore", "--info", "inline:: "]).info == .inline(prefix: ": "))
    #expect(
      try Invocation.parse(["explore", "--info=inline-right"]).info == .inlineRight(prefix: ""))
    #expect(try Invocation.parse(["explore", "--no-info"]).info == .hidden)
    #expect(
      throws: UsageError(
        "option '--info' takes default, right, hidden, inline[:PREFIX] or inline-right[:PREFIX], not 'left'"
      )
    ) {
      try Invocation.parse(["explore", "--info", "left"])
    }
    #expect(try Invocation.parse(["explore", "+m"]).limit == 1)
    let three = try Invocation.parse(["explore", "--multi", "3", "t.txt"])
    #expect(three.limit == 3 && three.file == "t.txt")
    #expect(
      try Invocation.parse(["explore", "--jump-labels", "xyz"]).jumpLabels == ["x", "y", "z"])
    #expect(throws: UsageError.self) { try Invocation.parse(["explore", "--jump-labels", "aa"]) }
    #expect(try Invocation.parse(["explore", "--", "+i"]).file == "+i", "after --, a file")
    #expect(try Invocation.parse(["explore", "+ii"]).file == "+ii", "not an option's name")
  }
}
