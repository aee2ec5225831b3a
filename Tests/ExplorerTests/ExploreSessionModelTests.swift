import Foundation
import Testing
import ToggleKit

@testable import Explorer
@testable import TestSupport

/// A folder on disk for a session: folders that hold one folder each (the reads that leave as many
/// folders unread as before), files at every depth, a name no file has for decisions to come.
private struct SessionWorld {
  /// The files and folders below the root, relative, folders first.
  var folders: [String] = []
  var files: [String] = []

  init(_ random: inout SeededGenerator) {
    var pending: [(String, Int)] = [("", 0)]
    while let (folder, depth) = pending.popLast() {
      let prefix = folder.isEmpty ? "" : folder + "/"
      // Now and then a folder of one folder, down to the files.
      let one = depth > 0 && depth < 4 && Int.random(in: 0..<3, using: &random) == 0
      let count = one ? 1 : Int.random(in: depth == 0 ? 2...4 : 0...3, using: &random)
      for index in 0..<count {
        let name = ["a", "b", "c", "d x", "é"][index % 5] + (one ? "" : String(depth))
        if one || (depth < 4 && Bool.random(using: &random)) {
          folders.append(prefix + name)
          pending.append((prefix + name, depth + 1))
        } else {
          files.append(prefix + name + ".f")
        }
      }
    }
    if files.isEmpty { files.append("z.f") }  // a list and a spec need a file to name
  }

  /// Every path a decision may name: the folder itself (`.`), its folders and files, and names
  /// that are not there yet.
  var decisionPaths: [String] { ["."] + folders + files + folders.map { $0 + "/later.f" } }

  func make(at root: URL) throws {
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    for folder in folders {
      try FileManager.default.createDirectory(
        at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
    }
    for file in files { try Data().write(to: root.appendingPathComponent(file)) }
  }
}

/// What a session starts with.
private enum Start: CaseIterable {
  case nothing, spec, deepSpec, olderSpec, rsyncRules, gitignoreRules, select, selectFrom
}

/// The reference model of the explore session: the same session read lazily (`--dir`, folders
/// read when needed) and whole (what `apply` reads), started from every kind of starting
/// selection, driven by the same keys, must print the same for every output form — and, with no
/// key but Enter, print what `apply --print FORM` prints.
@Suite(
  "The explore session as a model: lazy and whole, every starting selection, every output form")
struct ExploreSessionModelTests {
  static let keys: [[UInt8]] = [
    Array("j".utf8), Array("j".utf8), Array("k".utf8), Array(" ".utf8), Array(" ".utf8),
    Array("\u{1B}[C".utf8), Array("\u{1B}[C".utf8), Array("\u{1B}[D".utf8), Array("a".utf8),
    Array("n".utf8), Array("u".utf8), [0x12], Array("\t".utf8), Array("\u{1B}[F".utf8),
    Array("\u{1B}[H".utf8),
    // A filter (its read goes on between keys: ``handle(_:_:)``); Esc clears it. Enter is the
    // model's own last step (``printed``): typed, the whole tree would pick where the lazy one
    // holds a selection in folders not read.
    Array("/a".utf8), Array("/0".utf8), [0x1B],
    // Everything below the focus opened (read first where lazy), every folder closed; a range
    // from the focus (v, Shift-↓); fzf's toggle-all, select and deselect (bound below).
    Array("*".utf8), Array("-".utf8), Array("v".utf8), Array("\u{1B}[1;2B".utf8), [0x14], [0x13],
    [0x04],
  ]

  /// The bindings every session is started with, for the fzf actions among the keys.
  static let bindings = ["--bind", "ctrl-t:toggle-all,ctrl-s:select,ctrl-d:deselect"]

  /// Handles `keys`, then reads what a filter needs to the end, as the session does between keys.
  static func handle(_ keys: [Key], _ explorer: inout Explorer) {
    explorer.handle(keys)
    explorer.continueReading { true }
  }

  static let forms: [OutputForm] = [
    .leaves, .topmost, .all, .states, .paths, .spec, .rsyncFilter, .gitignore, .resticFiles,
    .borgPatterns,
  ]

  /// The session's output in `form` after Enter, on a copy of its explorer.
  static func printed(_ explorer: Explorer, _ form: OutputForm, invocation: Invocation) throws
    -> String
  {
    var done = explorer
    done.perform(.accept)
    done.loadFor(output: form)
    return try form.render(
      done.tree, prefix: invocation.directoryPrefix, folder: invocation.absoluteDirectory,
      anchored: true)
  }

  @Test(
    "seeded random folders and starting selections (a spec several unread folders deep, an older spec, rsync and gitignore rules, --select, --select-from, none), random keys (expand-all and collapse-all, ranges, toggle-all, select, deselect among them): the lazy session draws the whole one's rows and focus, and Enter prints what the whole one prints in every form — what apply prints when no key came first"
  )
  func lazyAndWholeAgree() throws {
    var random = SeededGenerator(seed: 0x7365_7373)
    let scratch = URL(fileURLWithPath: NSTemporaryDirectory())
      .appendingPathComponent("togglekit-session-model-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: scratch) }
    var lazySessions = 0
    var readsBetweenKeys = 0
    var restoredUnread = 0
    var rangesAndBulk = 0
    for round in 0..<Tier.size(fast: 60, long: 600) {
      let world = SessionWorld(&random)
      let base = scratch.appendingPathComponent("r\(round)")
      let root = base.appendingPathComponent("w")
      try world.make(at: root)
      // Every kind of start in turn, then at random.
      let kinds = Start.allCases.count
      let start =
        round < 3 * kinds
        ? Start.allCases[round % kinds] : Start.allCases.randomElement(using: &random)!
      var arguments = ["explore", "--dir", root.path] + Self.bindings
      // Now and then Enter picks the focused row whenever nothing is selected.
      if Int.random(in: 0..<4, using: &random) == 0 { arguments += ["--empty-enter", "focused"] }
      var files: [String: String] = [:]
      func decisions(older: Bool) -> String {
        (0..<Int.random(in: 1...4, using: &random)).map { _ in
          let path = world.decisionPaths.randomElement(using: &random)!
          // An older spec named paths from the working directory: here the folder's own.
          let written = older ? (path == "." ? root.path : root.path + "/" + path) : path
          return (Bool.random(using: &random) ? "+ " : "- ") + written
        }.joined(separator: "\n") + "\n"
      }
      switch start {
      case .nothing: break
      case .spec: files["s.spec"] = decisions(older: false)
      case .deepSpec:
        // The first path names a node read already: nothing more is read to know the spec names
        // the tree, and what it selects lies in folders not read.
        let top = (world.folders + world.files).filter { !$0.contains("/") }.sorted().first!
        let deep = world.files.filter { $0.contains("/") && !$0.hasPrefix(top + "/") }
        files["s.spec"] =
          "- \(top)\n" + (deep.isEmpty ? "" : "+ \(deep.randomElement(using: &random)!)\n")
      case .olderSpec: files["s.spec"] = decisions(older: true)
      case .rsyncRules:
        files["rules"] = ["- *.f\n", "- /a0/\n", "+ /b0/***\n- *\n", "- c*\n"].randomElement(
          using: &random)!
      case .gitignoreRules:
        files["rules"] = ["*.f\n", "a0/\n!a*.f\n", "/b0\n", "c*\n!c1.f\n"].randomElement(
          using: &random)!
      case .select:
        arguments += [
          "--select", "w/" + (world.folders + world.files).randomElement(using: &random)!,
        ]
      case .selectFrom:
        files["list"] =
          (world.folders + world.files).filter { _ in Bool.random(using: &random) }
          .map { "w/" + $0 + "\n" }.joined() + "w/" + world.files.randomElement(using: &random)!
          + "\n"
      }
      for (name, text) in files {
        try Data(text.utf8).write(to: base.appendingPathComponent(name))
      }
      switch start {
      case .spec, .deepSpec, .olderSpec: arguments += ["--select-spec", base.path + "/s.spec"]
      case .rsyncRules: arguments += ["--select-rsync-filter", base.path + "/rules"]
      case .gitignoreRules: arguments += ["--select-gitignore", base.path + "/rules"]
      case .selectFrom: arguments += ["--select-from", base.path + "/list"]
      default: break
      }
      let invocation = try Invocation.parse(arguments)
      let context = "round \(round) \(start): \(files)"
      let read = { (name: String?, nul: Bool) throws(InputError) -> [UInt8] in
        guard let name, let data = FileManager.default.contents(atPath: name) else {
          throw InputError(message: "cannot read \(name ?? "-")")
        }
        return Array(data)
      }
      let preparation = try TreePreparation.read(for: invocation, using: read)
      // Whole: as apply reads it, the root open as a lazy read opens it.
      var whole: SelectionTree<String>
      do {
        whole = try readTree(invocation, source: .directory(invocation.directory!)).tree
        _ = try preparation.prepare(&whole)
      } catch {
        // A starting selection that names nothing fails the same in both.
        #expect(throws: InputError.self, "\(context)") {
          _ = try ExploreSession(
            invocation, source: .directory(invocation.directory!), preparation: preparation)
        }
        continue
      }
      // A session's folders are read once (its loader remembers which): each form is printed
      // by a session of its own, given the same keys.
      func session() throws -> ExploreSession {
        try ExploreSession(
          invocation, source: .directory(invocation.directory!), preparation: preparation,
          rows: 14, columns: 60)
      }
      let first = try session()
      if first.lazyDirectory != nil { lazySessions += 1 }
      if !first.explorer.unloaded.isEmpty && first.explorer.holdsSelection
        && first.explorer.tree.statistics.selectedLeaves == 0
      {
        restoredUnread += 1
      }
      // The top folder starts open, read lazily or whole (--select, --select-from): one rule.
      var opened = whole
      try opened.expand(opened.roots[0])
      var reference = Explorer(tree: opened, height: 14, width: 60)
      reference.configure(for: invocation)
      // A folder not read that the starting selection reaches is a selection the session starts
      // with, whatever the folder turns out to hold (rules that leave every file in it out).
      reference.everSelected = reference.everSelected || first.explorer.everSelected
      // The first rounds of each kind and half the others are Enter alone: what the starting
      // selection prints.
      let count =
        round < 2 * kinds || Bool.random(using: &random) ? 0 : Int.random(in: 1...8, using: &random)
      var typing = (0..<count).map { _ in Self.keys.randomElement(using: &random)! }
      // Half the sessions with keys filter somewhere: a read between keys, then what follows.
      if count > 0 && Bool.random(using: &random) {
        typing.insert(Array("/a".utf8), at: Int.random(in: 0...typing.count, using: &random))
      }
      func keys(_ bytes: [UInt8]) -> [Key] {
        var decoder = KeyDecoder()
        return decoder.feed(bytes) + decoder.flush()
      }
      var lazy = first.explorer
      // A click on a folder drawn mixed until it is read (rules or decisions may decide below it)
      // writes what a click on a mixed folder writes: the whole tree, which shows what is in it,
      // may show it otherwise. Such a click is left out, in every replay.
      func clicksAsShown(_ key: [UInt8]) -> Bool {
        guard [Array(" ".utf8), Array("\t".utf8)].contains(key), let cursor = lazy.cursor else {
          return true
        }
        let id = lazy.tree.id(at: cursor)
        let shown = lazy.mixedByDecisions.contains(id) ? .mixed : lazy.tree.state(of: id)
        return shown == reference.tree.state(of: reference.tree.id(at: reference.cursor!))
      }
      var typed: [[UInt8]] = []
      for key in typing where clicksAsShown(key) {
        typed.append(key)
        if Self.keys.suffix(7).contains(key) { rangesAndBulk += 1 }
        let step = typed.count - 1
        lazy.handle(keys(key))
        if lazy.isReading { readsBetweenKeys += 1 }
        lazy.continueReading { true }
        reference.handle(keys(key))
        var shown = lazy.frame(mode: .plain)
        var expected = reference.frame(mode: .plain)
        shown.removeLast(2)  // the status and prompt lines: counts differ while folders are unread
        expected.removeLast(2)
        // Rows of folders not read may be drawn mixed where a decision names a file to come.
        #expect(
          shown.map(Self.withoutBoxes) == expected.map(Self.withoutBoxes),
          "\(context) keys \(typed.prefix(step + 1))")
        #expect(
          lazy.cursor.map { lazy.tree.labelPath(of: lazy.tree.id(at: $0)) }
            == reference.cursor.map { reference.tree.labelPath(of: reference.tree.id(at: $0)) },
          "\(context) keys \(typed.prefix(step + 1))")
      }
      for form in Self.forms {
        var replayed = try session().explorer
        for key in typed { Self.handle(keys(key), &replayed) }
        let printed = try Self.printed(replayed, form, invocation: invocation)
        // A folder not read that the selection reaches (on, or drawn mixed) counts as selected
        // until it is read: Enter picks no focused row over it, even where the whole tree shows
        // that nothing in it is selected.
        var shown = reference
        if replayed.holdsSelection && shown.tree.statistics.selectedLeaves == 0 {
          shown.settings.emptyEnter = .nothing
        }
        let expected = try Self.printed(shown, form, invocation: invocation)
        #expect(
          printed == expected,
          "\(context) keys \(typed) \(form): \(printed.debugDescription) != \(expected.debugDescription)"
        )
        // A session that starts empty picks the focused row; apply prints the empty selection.
        guard typed.isEmpty, whole.statistics.selectedLeaves > 0 else { continue }
        // No key but Enter: explore prints what apply prints for the same starting selection.
        var apply = invocation
        apply.command = .apply
        apply.output = form
        let applied = try runApply(apply, on: whole)
        #expect(printed == applied, "\(context) apply --print \(form)")
      }
    }
    #expect(lazySessions > Tier.size(fast: 25, long: 250))
    #expect(restoredUnread > 0, "a spec restored a selection only in folders not read")
    #expect(readsBetweenKeys > Tier.size(fast: 3, long: 30), "a filter read between keys")
    #expect(rangesAndBulk > Tier.size(fast: 10, long: 100), "ranges, expand-all, toggle-all typed")
  }

  @Test(
    "toggle-all on a lazy --dir reads the folders not read first, under a filter's read too: every leaf flips on its own, as on the whole tree (the long tier's model found it flipping only what was read)"
  )
  func toggleAllReadsFirst() throws {
    let root = URL(fileURLWithPath: NSTemporaryDirectory())
      .appendingPathComponent("togglekit-toggle-all-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    for folder in ["a/b", "c"] {
      try FileManager.default.createDirectory(
        at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
    }
    for file in ["a/x.f", "a/b/y.f", "c/z.f", "w.f"] {
      try Data().write(to: root.appendingPathComponent(file))
    }
    for filter in ["", "/f"] {
      let invocation = try Invocation.parse(["explore", "--dir", root.path] + Self.bindings)
      let preparation = try TreePreparation.read(for: invocation) { _, _ in [] }
      var explorer = try ExploreSession(
        invocation, source: .directory(invocation.directory!), preparation: preparation,
        rows: 14, columns: 60
      ).explorer
      #expect(!explorer.unloaded.isEmpty, "folders start unread")
      var decoder = KeyDecoder()
      explorer.handle(decoder.feed(Array(filter.utf8) + (filter.isEmpty ? [] : [0x0D]) + [0x14]))
      let printed = try Self.printed(explorer, .leaves, invocation: invocation)
      #expect(
        printed.split(separator: "\n").map { $0.dropFirst(root.path.count + 1) }.sorted()
          == ["a/b/y.f", "a/x.f", "c/z.f", "w.f"], "filter \(filter.debugDescription)")
    }
  }

  /// A frame line without its box, whose state a folder not read may show as mixed.
  static func withoutBoxes(_ line: String) -> String {
    // A folder not read is drawn with its disclosure, an empty one too until it is read.
    line.replacingOccurrences(of: "▸", with: " ").replacingOccurrences(of: "[-]", with: "[?]")
      .replacingOccurrences(of: "[x]", with: "[?]")
      .replacingOccurrences(of: "[ ]", with: "[?]")
  }
}
