import Explorer
import Foundation
import Testing
import ToggleKit

@testable import TestSupport

/// A random path list over a few folders, some lines marked selected when `marked`.
private func randomPaths(_ generator: inout SeededGenerator, count: Int, marked: Bool = true)
  -> [String]
{
  (0..<count).map { _ in
    let depth = Int.random(in: 1...3, using: &generator)
    let path = (0..<depth).map { _ in ["a", "b", "c", "d é"].randomElement(using: &generator)! }
      .joined(separator: "/")
    return (marked && Int.random(in: 0..<4, using: &generator) == 0 ? "[x] " : "") + path
  }
}

/// The bytes cut at random places into pieces.
private func pieces(_ bytes: [UInt8], _ generator: inout SeededGenerator) -> [ArraySlice<UInt8>] {
  var result: [ArraySlice<UInt8>] = []
  var start = 0
  while start < bytes.count {
    let end = min(bytes.count, start + Int.random(in: 1...12, using: &generator))
    result.append(bytes[start..<end])
    start = end
  }
  return result
}

/// A random `find`-like list: every node's path in preorder (or only the leaves', as a sorted
/// file list gives them), each folder's children in a random order; now and then a line that
/// comes back to a folder it had left, which the stream cannot append.
private func preorderPaths(_ generator: inout SeededGenerator, count: Int) -> [String] {
  var lines: [String] = []
  var open: [String] = []
  let leavesOnly = Bool.random(using: &generator)
  let rooted = Int.random(in: 0..<4, using: &generator) == 0
  for node in 0..<count {
    open.removeSubrange(Int.random(in: 0...open.count, using: &generator)...)
    let label = ["a", "b c", "d é", "e*"].randomElement(using: &generator)! + "\(node)"
    open.append(label)
    let path = (rooted ? "/" : "") + open.joined(separator: "/")
    if leavesOnly, let last = lines.last, path.hasPrefix(last + "/") { lines.removeLast() }
    lines.append(path)
  }
  if count > 3 && Int.random(in: 0..<5, using: &generator) == 0 {
    lines.insert(lines[Int.random(in: 0..<lines.count, using: &generator)], at: lines.count - 2)
  }
  if count > 3 && Int.random(in: 0..<6, using: &generator) == 0 {
    // A marked line: its selection is the package's syntax, applied when the tree is laid out.
    let marked = Int.random(in: 1..<lines.count, using: &generator)
    lines[marked] = "[x] " + lines[marked]
  }
  return lines
}

/// Random indented text: each line one level below the line before it, at its level, or back
/// out; now and then a marked line or a line with attributes, which the stream cannot append.
private func preorderIndented(_ generator: inout SeededGenerator, count: Int) -> [String] {
  var depth = 0
  return (0..<count).map { node in
    depth = node == 0 ? 0 : Int.random(in: 0...(depth + 1), using: &generator)
    let marker = Int.random(in: 0..<40, using: &generator) == 0 ? "[x] " : ""
    let attributes = Int.random(in: 0..<40, using: &generator) == 0 ? " {kind=k\(node)}" : ""
    let label = ["a", "b c", "d é", "e*"].randomElement(using: &generator)! + "\(node)"
    return String(repeating: "  ", count: depth) + marker + label + attributes
  }
}

@Suite("Streaming input: a tree that grows as lines arrive")
struct StreamingInputTests {
  private func invocation(_ format: String) throws -> Invocation {
    try Invocation.parse(["explore", "--format", format])
  }

  @Test(
    "200 random path lists and indented texts cut at random places: each snapshot is the tree of the whole lines so far, the end the tree of all"
  )
  func snapshotsAreTheLinesSoFar() throws {
    var generator = SeededGenerator(seed: 42)
    for round in 0..<200 {
      let indented = round % 2 == 1
      var lines = randomPaths(&generator, count: Int.random(in: 0...14, using: &generator))
      if indented {
        // Indented text: the same shapes, a folder's children two spaces in.
        // Indented text: labels unique among siblings, a line one level in or back out.
        var depth = 0
        lines = lines.indices.map { index in
          depth = index == 0 ? 0 : Int.random(in: 0...min(2, depth + 1), using: &generator)
          return String(repeating: "  ", count: depth) + "item \(index)"
        }
      }
      let text = lines.joined(separator: "\n") + (Bool.random(using: &generator) ? "\n" : "")
      let bytes = Array(text.utf8)
      let format = indented ? "indented" : "paths"
      var input = StreamingInput(try invocation(format))
      var now = 0.0
      var whole = 0
      for piece in pieces(bytes, &generator) {
        try input.append(piece)
        now += 1
        whole += piece.count { $0 == 0x0A }
        #expect(input.lines == whole)
        guard let snapshot = input.snapshot(now: now) else { continue }
        let complete = Array(
          bytes[
            ..<(bytes.indices.filter { bytes[$0] == 0x0A }.dropFirst(whole - 1).first.map { $0 + 1 }
              ?? 0)])
        let expected = try SelectionTree(
          parsing: complete, format: indented ? .indented : .paths, file: "<stdin>",
          uniqueSiblingLabels: true)
        #expect(snapshot == expected, "round \(round): \(text.debugDescription)")
      }
      let expected = try SelectionTree(
        parsing: bytes, format: indented ? .indented : .paths, file: "<stdin>",
        uniqueSiblingLabels: true)
      #expect(try input.finish() == expected, "round \(round)")
    }
  }

  @Test(
    "a stream in preorder is appended to the tree shown, not laid out again: in 200 random runs with keys between the pieces, the explorer's tree is at every step what reloading each snapshot gives, the tree as built stays flat, and the end is the tree read whole"
  )
  func preorderStreamsAreAppended() throws {
    var generator = SeededGenerator(seed: 11)
    let keys: [Key] = [.down, .character(" "), .right, .character("a"), .character("u")]
    var appendedRuns = 0
    var appendedParts = (paths: 0, indented: 0)
    for round in 0..<200 {
      // Every third run indented text (always in preorder), the others path lists.
      let indented = round % 3 == 2
      let count = Int.random(in: 1...40, using: &generator)
      let lines =
        indented
        ? preorderIndented(&generator, count: count) : preorderPaths(&generator, count: count)
      let format: TreeFormat = indented ? .indented : .paths
      let preparation = TreePreparation(
        try invocation(indented ? "indented" : "paths"), rules: nil, lists: [])
      // Now and then the last line has no newline: it is read at the end.
      let end = round % 5 == 4 ? "" : "\n"
      let bytes = Array((lines.joined(separator: "\n") + end).utf8)
      let touches = round % 2 == 1
      var input = StreamingInput(try invocation(indented ? "indented" : "paths"))
      var explorer = Explorer(tree: try SelectionTree(roots: []), height: 12, width: 40)
      var reference = explorer
      var now = 0.0
      var read = 0
      for piece in pieces(bytes, &generator) {
        try input.append(piece)
        now += 1
        let linesBefore = input.lines
        input.update(&explorer, preparation: preparation, now: now)
        if input.lines > read {
          read = linesBefore
          let complete = Array(lines.prefix(read)).joined(separator: "\n") + "\n"
          reference.reload(
            from: try SelectionTree(
              parsing: Array(complete.utf8), format: format, file: "<stdin>",
              uniqueSiblingLabels: true))
        }
        #expect(explorer.tree == reference.tree, "round \(round): \(lines)")
        #expect(explorer.tree.ids == reference.tree.ids, "round \(round)")
        #expect(explorer.cursor == reference.cursor && explorer.top == reference.top)
        if touches {
          for _ in 0..<Int.random(in: 0...2, using: &generator) {
            let key = keys.randomElement(using: &generator)!
            explorer.handle(key)
            reference.handle(key)
          }
        }
      }
      let partsBefore = input.appendedParts
      _ = try input.finish(into: &explorer, preparation: preparation)
      // `finish(into:)` consumed the stream: its last part counts if the tree grew flat.
      if indented {
        appendedParts.indented += partsBefore
      } else {
        appendedParts.paths += partsBefore
      }
      let whole = try SelectionTree(
        parsing: bytes, format: format, file: "<stdin>", uniqueSiblingLabels: true)
      reference.reload(from: whole)
      #expect(explorer.tree == reference.tree, "round \(round): \(lines)")
      #expect(explorer.tree.ids == whole.ids, "round \(round)")
      if !touches && explorer.tree._isFlat { appendedRuns += 1 }
      if !touches { #expect(explorer.tree == whole, "untouched: the tree read whole") }
    }
    #expect(appendedRuns > 60, "most untouched runs end in the flat form: \(appendedRuns)")
    #expect(
      appendedParts.paths > 1_000 && appendedParts.indented > 400,
      "parts appended, not laid out: \(appendedParts)")
  }

  @Test(
    "a long stream whose lines come back to a folder they had left, after the parser has merged repeats (past 16,384 nodes), is laid out again, never appended to the wrong nodes: the end is the tree read whole"
  )
  func repeatsMergedMidStreamStopTheAppends() throws {
    var lines = (0..<20_000).map { "f\($0 / 50)/x\($0)" }
    lines.insert("f0/again", at: 19_000)  // f0 made again: merged into the first f0
    lines += (0..<100).map { "g/y\($0)" }
    let bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
    let preparation = TreePreparation(try invocation("paths"), rules: nil, lists: [])
    var input = StreamingInput(try invocation("paths"))
    var explorer = Explorer(tree: try SelectionTree(roots: []), height: 12, width: 40)
    var now = 0.0
    for start in stride(from: 0, to: bytes.count, by: 4_096) {
      try input.append(bytes[start..<min(bytes.count, start + 4_096)])
      now += 1
      input.update(&explorer, preparation: preparation, now: now)
    }
    _ = try input.finish(into: &explorer, preparation: preparation)
    let whole = try SelectionTree(parsing: bytes, format: .paths)
    #expect(explorer.tree == whole)
    #expect(explorer.tree.ids == whole.ids)
    #expect(explorer.tree.children(of: "f0").last == "f0/again")
  }

  @Test(
    "with a starting selection a stream lays each part out whole, prepared as the first was: a --select PATH that arrives in a later part is selected as it comes, and stays so at the end"
  )
  func startingSelectionReachesLaterParts() throws {
    let invocation = try Invocation.parse(["explore", "--format", "paths", "--select", "b/c"])
    let preparation = TreePreparation(invocation, rules: nil, lists: [])
    var input = StreamingInput(invocation)
    var explorer = Explorer(tree: try SelectionTree(roots: []), height: 12, width: 40)
    try input.append(Array("a/x\n".utf8)[...])
    input.update(&explorer, preparation: preparation, now: 1)
    try input.append(Array("b/c\nb/d\n".utf8)[...])
    input.update(&explorer, preparation: preparation, now: 2)
    #expect(explorer.tree.selection(.leaves) == ["b/c"])
    #expect(input.appendedParts == 0, "prepared parts are laid out, not appended")
    try input.append(Array("b/e\n".utf8)[...])
    _ = try input.finish(into: &explorer, preparation: preparation)
    #expect(explorer.tree.selection(.leaves) == ["b/c"])
    #expect(explorer.tree.ids.last == "b/e")
  }

  @Test(
    "after parts were appended to a tree nobody changed, a part laid out whole (a marked line) is taken as read: a node read before and marked now is selected, as reading the input whole gives"
  )
  func appendedTreeStaysTheTreeAsRead() throws {
    let preparation = TreePreparation(try invocation("paths"), rules: nil, lists: [])
    var input = StreamingInput(try invocation("paths"))
    var explorer = Explorer(tree: try SelectionTree(roots: []), height: 12, width: 40)
    let parts = ["a/b\n", "a/c\n", "[x] a/b\n"]
    for (time, part) in parts.enumerated() {
      try input.append(Array(part.utf8)[...])
      input.update(&explorer, preparation: preparation, now: Double(time + 1))
    }
    #expect(input.appendedParts == 1, "a/c appended; the marked line laid out")
    #expect(explorer.tree.selection(.leaves) == ["a/b"])
    _ = try input.finish(into: &explorer, preparation: preparation)
    let whole = try SelectionTree(parsing: Array(parts.joined().utf8), format: .paths)
    #expect(explorer.tree == whole)
  }

  @Test(
    "a snapshot waits 100 ms at least (three times its own cost), and none comes without new lines")
  func schedule() throws {
    var input = StreamingInput(try invocation("paths"))
    #expect(input.millisecondsUntilSnapshot(now: 0) == -1 && input.snapshot(now: 0) == nil)
    try input.append(Array("a/b\nc".utf8)[...])
    #expect(input.millisecondsUntilSnapshot(now: 0) == 0)
    #expect(input.snapshot(now: 0)?.count == 2)
    #expect(input.snapshot(now: 50) == nil, "no new line")
    try input.append(Array("\n".utf8)[...])
    #expect(input.snapshot(now: 0.05) == nil, "too soon")
    #expect(input.millisecondsUntilSnapshot(now: 0.05) == 50)
    #expect(input.snapshot(now: 0.1)?.count == 3)
  }

  @Test("JSON gives no snapshot until its end; a bad line throws at once, naming it")
  func jsonAndErrors() throws {
    var json = StreamingInput(try invocation("json"))
    try json.append(Array(#"[{"label": "a", "children": [{"label": "b"}]},"#.utf8)[...])
    try json.append(Array("\n".utf8)[...])
    #expect(json.snapshot(now: 1) == nil)
    try json.append(Array(#"{"label": "c"}]"#.utf8)[...])
    #expect(try json.finish().count == 3)
    var bad = StreamingInput(try invocation("paths"))
    #expect(
      throws: InputError(
        message: "<stdin>:2:1: empty label in path (write \\e for a label that is empty)")
    ) {
      try bad.append(Array("/a\n//x\n".utf8)[...])
    }
  }

  @Test(
    "an explorer fed a stream in 150 random runs: between pieces random keys; each reload keeps every node's state, the focus and the filter, undo reaches across it, and the end is the whole tree"
  )
  func explorerAcrossReloads() throws {
    var generator = SeededGenerator(seed: 7)
    let keys: [Key] = [
      .down, .up, .character(" "), .right, .left, .character("a"), .character("n"),
      .character("u"), .redo, .character("j"), .character(" "),
    ]
    for round in 0..<150 {
      // Unmarked: a line's own selection would change its folder's state when it arrives.
      let lines = randomPaths(
        &generator, count: Int.random(in: 1...16, using: &generator), marked: false)
      let bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
      var input = StreamingInput(try invocation("paths"))
      var explorer = Explorer(
        tree: try SelectionTree(roots: []), height: 12, width: 40)
      if round % 3 == 0 { explorer.startFiltering("a") }
      var now = 0.0
      for piece in pieces(bytes, &generator) {
        try input.append(piece)
        now += 1
        let before = explorer.tree
        let focused = explorer.cursor.map { before.ids[$0] }
        let changes = explorer.history.undoCount
        input.update(
          &explorer, preparation: TreePreparation(try invocation("paths"), rules: nil, lists: []),
          now: now)
        #expect(explorer.loadingLines == input.lines)
        // States over all children: under a filter a folder's state counts the rows shown, and
        // a node that arrives may show a folder's hidden child.
        var unfiltered = before
        unfiltered.setFilter(nil)
        var after = explorer.tree
        after.setFilter(nil)
        for id in before.ids {
          #expect(after.state(of: id) == unfiltered.state(of: id), "round \(round): \(id)")
          #expect(explorer.tree.isExpanded(id) == before.isExpanded(id))
        }
        if let focused, before.isRow(before.index(of: focused)!) {
          #expect(explorer.cursor.map { explorer.tree.ids[$0] } == focused, "round \(round)")
        }
        #expect(explorer.finding.text == (round % 3 == 0 ? "a" : ""))
        #expect(explorer.tree.isFiltered == (round % 3 == 0))
        #expect(explorer.history.undoCount == changes)
        if changes > 0, case let step = explorer.history.undoTree! {
          var undone = explorer
          // The action, not its key: a key may be typed into the query in some modes.
          undone.perform(.undo)
          // Leaves: a folder's state also counts children that came since the step.
          for id in step.ids
          where step.children(of: id).isEmpty && undone.tree.children(of: id).isEmpty {
            #expect(undone.tree.state(of: id) == step.state(of: id), "undo across a reload: \(id)")
          }
        }
        for _ in 0..<Int.random(in: 0...3, using: &generator) {
          explorer.handle(keys.randomElement(using: &generator)!)
        }
      }
      let whole = try input.finish()
      explorer.reload(from: whole)
      #expect(explorer.tree.ids == whole.ids, "round \(round)")
    }
  }

  @Test(
    "a reload keeps the focus on its node though rows arrive above it, and undo after it takes back the change made before it"
  )
  func focusAndUndoAcrossAReload() throws {
    var explorer = Explorer(
      tree: try SelectionTree(paths: ["a/b", "d/e"]), height: 10, width: 40)
    explorer.handle([.right, .down, .down])  // a open; focus on d
    #expect(explorer.cursor.map { explorer.tree.ids[$0] } == "d")
    explorer.handle(.character(" "))  // d and d/e on
    explorer.reload(from: try SelectionTree(paths: ["a/b", "a/c", "d/e", "d/f"]))
    #expect(explorer.cursor.map { explorer.tree.ids[$0] } == "d", "the focus stays on d")
    #expect(explorer.tree.selection(.leaves) == ["d/e", "d/f"], "d/f came into a selected folder")
    explorer.handle(.character("u"))
    #expect(explorer.tree.selection(.leaves).isEmpty, "undo across the reload: d/f too")
    #expect(explorer.message == "undid toggle d")
    explorer.handle(.redo)
    #expect(explorer.tree.selection(.leaves) == ["d/e", "d/f"])
  }

  @Test(
    "with nothing changed since the last read, a fresher read is taken as it is: the tree is what reading the input whole gives"
  )
  func unchangedTreeTakesTheFreshRead() throws {
    let part = try SelectionTree(parsing: "[x] Fruit\n", format: .indented)
    let whole = try SelectionTree(
      parsing: "[x] Fruit\n  [ ] Apple\n  Pear\nVeg\n", format: .indented)
    var explorer = Explorer(tree: try SelectionTree(roots: []), height: 10, width: 40)
    explorer.reload(from: part)
    #expect(explorer.tree == part)
    explorer.reload(from: whole)
    #expect(explorer.tree == whole, "Apple keeps its own marker, as read whole")
    #expect(explorer.tree.selection(.leaves) == ["Fruit/Pear"])
    // A change is carried over by every later read, also by those with no key between them:
    // Veg's leaf arriving later is a folder's.
    explorer.handle([.down, .down, .character(" ")])  // Veg on
    #expect(explorer.tree.selection(.leaves) == ["Fruit/Pear", "Veg"])
    explorer.reload(
      from: try SelectionTree(
        parsing: "[x] Fruit\n  [ ] Apple\n  Pear\nVeg\n  Leek\n", format: .indented))
    #expect(explorer.tree.selection(.leaves) == ["Fruit/Pear", "Veg/Leek"])
    explorer.reload(
      from: try SelectionTree(
        parsing: "[x] Fruit\n  [ ] Apple\n  Pear\nVeg\n  Leek\n  Kale\n", format: .indented))
    #expect(explorer.tree.selection(.leaves) == ["Fruit/Pear", "Veg/Leek", "Veg/Kale"])
    // Taken back, the change leaves the tree what was read: the next read is taken as it is.
    explorer.handle(.character(" "))  // Veg off
    let last = try SelectionTree(
      parsing: "[x] Fruit\n  [ ] Apple\n  Pear\nVeg\n  Leek\n  Kale\n", format: .indented)
    explorer.reload(from: last)
    #expect(explorer.tree == last)
    // A filter is kept by a reload, never dropped by taking the fresh read as it is.
    var filtered = Explorer(tree: try SelectionTree(roots: []), height: 10, width: 40)
    filtered.reload(from: part)
    filtered.startFiltering("Pear")
    filtered.reload(from: whole)
    #expect(filtered.tree.isFiltered)
  }

  @Test(
    "a large file is read as a stream with one snapshot of its first lines, then none until its end; small files, JSON, apply and folders are read whole"
  )
  func largeFiles() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "togglekit-large-\(UUID().uuidString)"
    ).path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    func write(_ name: String, _ text: String) throws -> String {
      let path = folder + "/" + name
      try Data(text.utf8).write(to: URL(fileURLWithPath: path))
      return path
    }
    let lines = (0..<60_000).map { "Folder \($0 / 100)/item \($0)\n" }.joined()
    #expect(lines.utf8.count >= StreamingInput.largeFileBytes)
    let big = try write("big.paths", lines)
    let small = try write("small.txt", "a/b\n")
    let json = try write(
      "big.json", "[" + String(repeating: "{\"label\": \"x\"}, ", count: 100_000) + "{}]")
    let jsonByContent = try write(
      "big-json", "[" + String(repeating: "{\"label\": \"x\"}, ", count: 100_000) + "{}]")
    let explore = try Invocation.parse(["explore"])
    #expect(try StreamingInput.largeFile(explore, source: .file(small)) == nil)
    #expect(try StreamingInput.largeFile(explore, source: .file(json)) == nil)
    #expect(try StreamingInput.largeFile(explore, source: .file(jsonByContent)) == nil)
    #expect(try StreamingInput.largeFile(explore, source: .directory(folder)) == nil)
    #expect(
      try StreamingInput.largeFile(try Invocation.parse(["apply"]), source: .file(big)) == nil)
    #expect(throws: InputError.self) {
      try StreamingInput.largeFile(explore, source: .file(folder + "/missing"))
    }
    // Standard input is read from where it stands: past a first line, a path list's copy that
    // holds JSON after it is JSON; the same bytes from their start are not.
    let jsonAfterALine = try write(
      "after-a-line", "x\n" + String(contentsOfFile: json, encoding: .utf8))
    let fromStart = try #require(
      try StreamingInput.largeFile(explore, source: .file(jsonAfterALine)))
    close(fromStart.descriptor)
    let standardInput = open(jsonAfterALine, O_RDONLY)
    defer { close(standardInput) }
    var firstLine = [UInt8](repeating: 0, count: 2)
    #expect(read(standardInput, &firstLine, 2) == 2)
    #expect(
      try StreamingInput.largeFile(explore, source: .standardInput, standardInput: standardInput)
        == nil)
    var (input, descriptor) = try #require(
      try StreamingInput.largeFile(explore, source: .file(big)))
    defer { close(descriptor) }
    #expect(try input.readWaiting(from: descriptor) == false, "it stops at the first lines")
    let snapshot = input.snapshot(now: 0)
    let first = try #require(snapshot)
    #expect(first.count > 0 && first.count < 60_600)
    var ended = false
    var reads = 0
    while !ended {
      // In pieces of at most the budget, so that keys are not kept waiting.
      ended = try input.readWaiting(from: descriptor, budget: 1 << 18)
      reads += 1
      #expect(input.millisecondsUntilSnapshot(now: Double(reads) * 100) == 60_000)
      let early = input.snapshot(now: Double(reads) * 100)
      #expect(early == nil, "no snapshot before the end")
    }
    #expect(reads >= 5)
    let whole = try input.finish()
    #expect(whole == (try SelectionTree(parsing: lines, format: .paths)))
  }
}
