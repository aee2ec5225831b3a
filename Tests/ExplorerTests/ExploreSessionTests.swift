import Foundation
import Testing
import ToggleKit

@testable import Explorer
@testable import TestSupport

@Suite("The explore session without a terminal, and every action's reducer")
struct ExploreSessionTests {
  private func file(_ text: String) throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "session-\(UUID().uuidString).txt")
    try Data(text.utf8).write(to: url)
    return url.path
  }

  @Test("every action is taken by exactly one reducer of the composition")
  func everyActionHasItsReducer() throws {
    let actions =
      (try ExplorerAction.parse(
        "up+down+page-up+page-down+first+last+expand+collapse+expand-all+collapse-all"))
      + (try ExplorerAction.parse(
        "toggle+select-all+deselect-all+undo+redo+find+keep-filter+next-match+previous-match"))
      + (try ExplorerAction.parse(
        "clear-filter+help+suspend+toggle-preview+preview-up+preview-down+preview-page-up"))
      + (try ExplorerAction.parse(
        "preview-page-down+clear-query+backward-char+forward-char+beginning-of-line+end-of-line"))
      + (try ExplorerAction.parse(
        "backward-word+forward-word+backward-delete-char+delete-char+unix-line-discard"))
      + (try ExplorerAction.parse(
        "backward-kill-word+kill-line+ignore+change-query(x)+execute(a)+reload(b)+cancel"))
      + (try ExplorerAction.parse("accept+abort+become(c)+visual-mode+extend-up+extend-down"))
      + (try ExplorerAction.parse(
        "half-page-up+half-page-down+toggle-all+select+deselect+accept-non-empty+jump"))
      + (try ExplorerAction.parse(
        "refresh-preview+change-prompt(p)+change-preview-window(down)+execute-silent(d)"))
      + (try ExplorerAction.parse("transform-query(e)"))
    #expect(
      Set(actions.map(\.name)).count
        == ExplorerAction.named.count + ExplorerAction.withArgument.count,
      "the list above names every action")
    for action in actions {
      var explorer = Explorer(
        tree: try SelectionTree(paths: ["a/b", "a/c"]), height: 10, width: 40)
      let taken = explorer.perform(action)
      #expect(taken, "\(action.name) is taken")
    }
  }

  @Test(
    "a session reads its input before any terminal, decides --select-1 at once, handles bytes as keys and prints query, key and selection in fzf's order"
  )
  func sessionFromInputToOutput() throws {
    let path = try file("Fruit\n  Apple\n  Pear\nVeg\n  Leek\n")
    let picking = try Invocation.parse(["explore", "-1", "-q", "leek", "--print-query", path])
    let one = try ExploreSession(
      picking, source: .file(path),
      preparation: TreePreparation(picking, rules: nil, lists: []))
    #expect(one.decideAtOnce() == .accepted)
    let several = try Invocation.parse(["explore", "-1", "--exit-0", "-q", "e", path])
    #expect(
      try ExploreSession(
        several, source: .file(path), preparation: TreePreparation(several, rules: nil, lists: [])
      ).decideAtOnce() == nil, "Apple, Pear and Leek shown: the screen decides (fzf: the same)")
    var printed = ""
    try one.finish { printed += $0 }
    #expect(printed == "leek\nVeg/Leek\n")

    let invocation = try Invocation.parse([
      "explore", "--expect", "ctrl-o", "--bind", "alt-r:reload(cat)", path,
    ])
    let session = try ExploreSession(
      invocation, source: .file(path),
      preparation: TreePreparation(invocation, rules: nil, lists: []))
    session.attach(rows: 12, columns: 50)
    #expect(session.decideAtOnce() == nil && session.explorer.height == 12)
    #expect(
      try session.step(input: Array("\u{1B}[C\u{1B}[B ".utf8), resized: nil, timedOut: false)
        .isEmpty)
    #expect(session.explorer.tree.selection(.leaves) == ["Fruit/Apple"])
    #expect(
      try session.step(input: Array("\u{1B}r".utf8), resized: (20, 60), timedOut: false) == [
        .reload("cat")
      ])
    #expect(session.explorer.width == 60 && session.focusedPath == "Fruit/Apple")
    try session.reload(fromOutput: Array("Fruit/Apple\nFruit/Fig\n".utf8), of: "cat")
    #expect(session.explorer.tree.ids == ["Fruit", "Fruit/Apple", "Fruit/Fig"])
    #expect(session.selectedPaths == ["Fruit/Apple"], "kept by path")
    #expect(throws: InputError.self) {
      try session.reload(fromOutput: [0x66, 0x00], of: "cat")
    }
    _ = try session.step(input: [0x0F], resized: nil, timedOut: false)
    printed = ""
    try session.finish { printed += $0 }
    #expect(printed == "ctrl-o\nFruit/Apple\n")
    let gone = try ExploreSession(
      invocation, source: .file(path),
      preparation: TreePreparation(invocation, rules: nil, lists: []))
    #expect(try gone.step(input: nil, resized: nil, timedOut: false).isEmpty)
    #expect(gone.explorer.outcome == .cancelled, "the terminal went away: cancelled")
  }

  @Test(
    "explore --dir with a filter file starts with what the rules select, the rules anchored inside the folder: it is read lazily, the rules deciding each folder as it is read, and a folder they may decide below shows mixed until then"
  )
  func filterFileOnADirectory() throws {
    let root = NSTemporaryDirectory() + "togglekit-filter-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: root) }
    for name in ["proj/src/main.c", "proj/src/main.o", "proj/build/out", "proj/README"] {
      let url = URL(fileURLWithPath: root + "/" + name)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data().write(to: url)
    }
    let invocation = try Invocation.parse([
      "explore", "--dir", root + "/proj", "--select-rsync-filter", "rules",
    ])
    let rules = try FilterRules(rsyncFilter: "- *.o\n- /build/\n")
    let session = try ExploreSession(
      invocation, source: .directory(root + "/proj"),
      preparation: TreePreparation(invocation, rules: nil, lists: [], filter: ("rules", rules)))
    var explorer = session.explorer
    func leaves(_ explorer: Explorer) -> [String] {
      explorer.tree.selection(.leaves).map {
        explorer.tree.labelPath(of: $0).joined(separator: "/")
      }
      .sorted()
    }
    #expect(session.lazyDirectory != nil)
    // The folder src is not read: `- *.o` may leave some of it out.
    #expect(leaves(explorer) == ["proj/README", "proj/src"])
    let src = try #require(explorer.tree.ids.first { explorer.tree.label(of: $0) == "src" })
    #expect(explorer.mixedByDecisions.contains(src))
    // The rsync filter writes the rules: it reads nothing. restic cannot, and writes today's
    // paths: it reads the folders the rules make mixed first.
    explorer.loadFor(output: .rsyncFilter)
    #expect(leaves(explorer) == ["proj/README", "proj/src"])
    explorer.loadFor(output: .resticFiles)
    #expect(leaves(explorer) == ["proj/README", "proj/src/main.c"])
    let files = try OutputForm.resticFiles.render(
      explorer.tree, folder: Array((root + "/proj").utf8))
    #expect(files.split(separator: "\0").map { $0.hasSuffix("main.o") } == [false, false])
    #expect(
      try explorer.tree.selectionSpec(.selection) == SelectionSpec(rules: rules.under(["proj"])))
  }

  @Test(
    "a reload binding while a large file streams in replaces the tree, and the rest of the file is never appended to the tree it brought (even of the same size): the end is the file's tree"
  )
  func reloadMidStreamStopsTheAppends() throws {
    let lines = (0..<60_000).map { "Folder \($0 / 100)/item \($0)\n" }.joined()
    let path = try file(lines)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let invocation = try Invocation.parse(["explore", "--format", "paths", path])
    let session = try ExploreSession(
      invocation, source: .file(path),
      preparation: TreePreparation(invocation, rules: nil, lists: []))
    session.attach(rows: 12, columns: 50)
    _ = try session.step(input: [], resized: nil, timedOut: true)
    let shown = session.explorer.tree.count
    #expect(shown > 0 && session.explorer.loadingLines != nil, "the first lines shown")
    // Another read of the same shape, none of its nodes the file's: the file's next lines would
    // fit it, each under the node at its parent's position.
    let other = session.explorer.tree.ids.map {
      $0.replacingOccurrences(of: "Folder", with: "Other") + "\n"
    }.joined()
    try session.reload(fromOutput: Array(other.utf8), of: "cat")
    #expect(session.explorer.tree.count == shown)
    var turns = 0
    while session.explorer.loadingLines != nil && turns < 10_000 {
      _ = try session.step(input: [], resized: nil, timedOut: true)
      turns += 1
    }
    let whole = try SelectionTree(parsing: Array(lines.utf8), format: .paths)
    #expect(session.explorer.tree.ids == whole.ids)
    session.explorer.tree.checkInvariants()
  }
}
