import Explorer
import Testing
import ToggleKit

@testable import TestSupport

@Suite("Starting selection: --select and --select-from")
struct StartingSelectionTests {
  func list(_ text: String, name: String = "picked.txt") throws -> [[String]] {
    try SelectionList(parsing: Array(text.utf8), name: name).entries.map(\.labels)
  }

  @Test("a list is escaped paths one per line; CR before LF and empty lines are ignored")
  func lines() throws {
    #expect(try list("Fruit/Apple\r\n\nVeg\n") == [["Fruit", "Apple"], ["Veg"]])
    #expect(try list(#"Sizes/1\/2 inch"# + "\nA\\tB") == [["Sizes", "1/2 inch"], ["A\tB"]])
    #expect(try list(#"\e/x"#) == [["", "x"]])
    let entries = try SelectionList(parsing: Array("a\n\nb\n".utf8), name: "x").entries
    #expect(entries.map(\.line) == [1, 3])
  }

  @Test(
    "a list holding a NUL is names ended by NUL, read as they are: split at '/', a leading '/' the root"
  )
  func rawRecords() throws {
    #expect(try list("Fruit/Apple\0Odd\nname\0") == [["Fruit", "Apple"], ["Odd\nname"]])
    #expect(try list(#"a\u{00}b"# + "\0") == [[#"a\u{00}b"#]], "no escape is read")
    #expect(try list(#"back\slash"# + "\0") == [[#"back\slash"#]], "no escape is read")
    let bytes: [UInt8] = [0x61, 0xFF, 0x2F, 0x62, 0x00]
    #expect(
      try SelectionList(parsing: bytes, name: "x").entries.map(\.labels)
        == [[LabelBytes.label(decoding: [0x61, 0xFF]), "b"]], "a byte that is not UTF-8 is kept")
    #expect(
      try list("/usr/bin\0/\0/a\0") == [["/", "usr", "bin"], ["/"], ["/", "a"]],
      "a leading '/' is the root '/', as -0 writes absolute paths")
  }

  @Test("a backslash that starts no escape togglekit writes is refused: a name from elsewhere")
  func foreignBackslash() throws {
    #expect(throws: InputError.self) { try list("ok\n./imp\\ortant\n") }
    do {
      _ = try SelectionList(parsing: Array("ok\n./imp\\ortant\n".utf8), name: "picked.txt")
    } catch {
      #expect(error.message.hasPrefix("picked.txt:2:6: a backslash"))
      #expect(error.message.contains("NUL-separated"))
    }
    #expect(try list(#"a\\b/\/\n\r\t\u{1B}\xFF\{/\e"#).count == 1, "every escape it writes")
  }

  @Test("a line that is not a path is an error naming the file and line")
  func badLine() {
    #expect(
      throws: InputError(
        message:
          "picked.txt:2:1: empty label in path 'a//b' (write \\e for a label that is empty)")
    ) { try list("ok\na//b\n") }
  }

  func tree() throws -> SelectionTree<String> {
    var tree = try SelectionTree(paths: ["Fruit/Apple", "Fruit/Pear", "Veg/Leek", "Veg/Kale"])
    try tree.setLock("Veg/Kale", to: .off)
    return tree
  }

  @Test("--select must name a node; a stale list entry is skipped with a warning")
  func unknownPaths() throws {
    var tree = try tree()
    var invocation = try Invocation.parse(["apply", "--select", "Fruit/Plum"])
    #expect(throws: ApplyError(message: "--select: no node at path 'Fruit/Plum'")) {
      try selectStarting(invocation, lists: [], in: &tree)
    }
    invocation.selectPaths = []
    let list = try SelectionList(parsing: Array("Fruit/Plum\nFruit/Pear\n".utf8), name: "p")
    let warnings = try selectStarting(invocation, lists: [("p", list)], in: &tree)
    #expect(warnings == ["p:1: no node at path 'Fruit/Plum'; skipped"])
    #expect(tree.selection(.leaves) == ["Fruit/Pear"])
  }

  @Test("a locked leaf against the selection stays as it was, with a warning")
  func lockedAgainst() throws {
    var tree = try tree()
    let invocation = try Invocation.parse(["apply", "--select", "Veg"])
    let warnings = try selectStarting(invocation, lists: [], in: &tree)
    #expect(
      warnings == [
        "--select 'Veg': 1 leaf locked or disabled against the selection, left as it was"
      ])
    #expect(tree.selection(.leaves) == ["Veg/Leek"])
  }

  @Test("warnings stop at ten, then say how many more")
  func warningsAreCapped() throws {
    var tree = try tree()
    let text = (1...25).map { "Gone/\($0)" }.joined(separator: "\n") + "\nFruit/Pear\n"
    let list = try SelectionList(parsing: Array(text.utf8), name: "p")
    let warnings = try selectStarting(
      try Invocation.parse(["apply"]), lists: [("p", list)], in: &tree)
    #expect(warnings.count == 11)
    #expect(warnings.last == "… and 15 more warnings like these")
  }

  @Test(
    "a list that names no node, or holds no path, is an error, not an empty selection; with --strict every path must name a node"
  )
  func listsThatNameNothing() throws {
    var tree = try tree()
    let stale = try SelectionList(parsing: Array("Gone/1\nGone/2\n".utf8), name: "p")
    #expect(
      throws: ApplyError(
        message: "p names nothing in this tree: none of its 2 paths names a node (p:1: 'Gone/1', "
          + "p:2: 'Gone/2'); its paths are read as --output prints them, from the working "
          + "directory")
    ) { try selectStarting(try Invocation.parse(["apply"]), lists: [("p", stale)], in: &tree) }
    let empty = try SelectionList(parsing: Array("\n\n".utf8), name: "e")
    #expect(throws: ApplyError(message: "e holds no path: it would select nothing")) {
      try selectStarting(try Invocation.parse(["apply"]), lists: [("e", empty)], in: &tree)
    }
    let mixed = try SelectionList(parsing: Array("Gone/1\nFruit/Pear\n".utf8), name: "m")
    #expect(
      throws: ApplyError(
        message: "with --strict every path must name a node; this one names none: m:1: 'Gone/1'")
    ) {
      try selectStarting(
        try Invocation.parse(["apply", "--strict"]), lists: [("m", mixed)], in: &tree)
    }
    #expect(
      try selectStarting(try Invocation.parse(["apply"]), lists: [("m", mixed)], in: &tree) == [
        "m:1: no node at path 'Gone/1'; skipped"
      ])
  }

  @Test("a starting selection of more leaves than --limit is an error")
  func limitChecked() throws {
    var tree = try tree()
    let invocation = try Invocation.parse(["explore", "--select", "Fruit", "--limit", "1"])
    #expect(
      throws: ApplyError(
        message: "the starting selection has 2 leaves selected; --limit allows at most 1")
    ) { try selectStarting(invocation, lists: [], in: &tree) }
    var fits = try self.tree()
    _ = try selectStarting(
      try Invocation.parse(["explore", "--select", "Fruit", "--limit", "2"]), lists: [],
      in: &fits)
    #expect(fits.statistics.selectedLeaves == 2)
  }

  @Test(
    "--select-spec starts from a spec, before --select adds to it; it warns for paths gone and nodes locked against it (ten at most), and respects --limit"
  )
  func startingSpec() throws {
    let spec = try SelectionSpec(text: "+ Veg\n- Veg/Leek\n+ Fruit/Pear\n")
    var tree = try tree()
    let invocation = try Invocation.parse(["explore", "--select", "Fruit/Apple"])
    let preparation = TreePreparation(
      invocation, rules: nil, lists: [], spec: StartingSpec(spec, name: "s.spec"))
    #expect(!preparation.changesNothing)
    let warnings = try preparation.prepare(&tree)
    #expect(tree.selection(.leaves) == ["Fruit/Apple", "Fruit/Pear"])
    #expect(
      warnings == [
        "s.spec: 1 node under 'Veg' locked or disabled against the spec, left as they were"
      ])
    var many: [SelectionSpec.Decision] = (0..<14).map { .init(["Gone\($0)"], isIncluded: true) }
    many.append(.init(["Fruit"], isIncluded: true))
    var limited = try self.tree()
    let tight = TreePreparation(
      try Invocation.parse(["explore", "--limit", "1"]), rules: nil, lists: [],
      spec: StartingSpec(SelectionSpec(many), name: "big.spec"))
    #expect(
      throws: InputError(message: "the spec big.spec selects 2 leaves; --limit allows at most 1")
    ) {
      _ = try tight.prepare(&limited)
    }
    var quiet = try self.tree()
    let loose = TreePreparation(
      try Invocation.parse(["explore"]), rules: nil, lists: [],
      spec: StartingSpec(SelectionSpec(many), name: "big.spec"))
    let noted = try loose.prepare(&quiet)
    #expect(noted.count == 11 && noted.last == "… and 4 more warnings like these")
    #expect(
      noted.first == "big.spec: no node at path 'Gone0'; its decision is kept for when one comes")
  }

  /// Hostile labels: separators, backslashes, control characters, an empty label.
  static let labels = ["a", "b/c", #"d\"#, "e\nf", "", "g\u{1B}[2J", "a"]

  @Test(
    "every selection of every forest of up to five nodes, written as leaves, topmost or all, escaped or -0, starts the same selection again"
  )
  func roundTrip() throws {
    var checked = 0
    for size in 1...5 {
      for shape in orderedForests(size) {
        // Sibling labels are unique (as `--dir` and parsed inputs with unique labels are).
        var labels: [String] = []
        for node in shape.indices {
          let taken = Set(
            shape.indices.prefix(node).filter { shape[$0] == shape[node] }.map { labels[$0] })
          labels.append(Self.labels.first { !taken.contains($0) }!)
        }
        let entries = shape.indices.map { node in
          SelectionTree<String>.Entry(
            id: "n\(node)", parent: shape[node] < 0 ? nil : "n\(shape[node])",
            label: labels[node])
        }
        let fresh = try SelectionTree(entries: entries)
        let leaves = fresh.ids.filter { fresh.children(of: $0).isEmpty }
        for mask in 0..<(1 << leaves.count) {
          var picked = fresh
          for (bit, leaf) in leaves.enumerated() where mask & (1 << bit) != 0 {
            try picked.set(leaf, to: true)
          }
          for form in [OutputForm.leaves, .topmost, .all] {
            for raw in [false, true] {
              // Raw paths are split at every '/': a label holding one cannot come back.
              if raw && picked.ids.contains(where: { picked.label(of: $0)!.contains("/") }) {
                continue
              }
              let text = try form.render(picked, nullSeparated: raw)
              let list = try SelectionList(parsing: Array(text.utf8), name: "p")
              // Nothing picked: the list is empty, which starts nothing (an error, tested above).
              guard !list.entries.isEmpty else { continue }
              var started = fresh
              let warnings = try selectStarting(
                try Invocation.parse(["apply"]), lists: [("p", list)], in: &started)
              #expect(warnings.isEmpty)
              #expect(
                started.selection(.leaves) == picked.selection(.leaves),
                "\(shape) \(labels) \(form) raw \(raw): \(text.debugDescription)")
              checked += 1
            }
          }
        }
      }
    }
    #expect(checked > 1_300)
  }
}

@Suite("--dir paths: printed and read from the caller's working directory")
struct DirectoryPrefixTests {
  func tree() throws -> SelectionTree<String> {
    var tree = try SelectionTree(paths: ["home/docs/a b", "home/docs/c", "home/x"])
    _ = try tree.set("home/docs", to: true)
    return tree
  }

  @Test("every path form starts with the folders above the one read, escaped or raw")
  func outputs() throws {
    let tree = try tree()
    let prefix = ["/", "abs"]
    #expect(try OutputForm.topmost.render(tree, prefix: prefix) == "/abs/home/docs\n")
    #expect(
      try OutputForm.leaves.render(tree, prefix: prefix) == "/abs/home/docs/a b\n/abs/home/docs/c\n"
    )
    #expect(
      try OutputForm.all.render(tree, nullSeparated: true, prefix: [".."]).hasPrefix(
        "../home/docs\0"))
    #expect(
      try OutputForm.states.render(tree, prefix: prefix)
        == "mixed\t/abs/home\non\t/abs/home/docs\non\t/abs/home/docs/a b\non\t/abs/home/docs/c\noff\t/abs/home/x\n"
    )
    #expect(try OutputForm.paths.render(tree, prefix: ["a\\b"]).hasPrefix(#"[-] a\\b/home"#))
    #expect(try OutputForm.topmost.render(tree, prefix: ["/"]) == "/home/docs\n")
    #expect(try OutputForm.json.render(tree, prefix: prefix) == (try OutputForm.json.render(tree)))
  }

  @Test("a PATH is read as printed (under the prefix), and else from the folder's own name")
  func paths() throws {
    var tree = try tree()
    var index = tree.labelIndex()
    let reading = PathReading(
      try Invocation.parse(["apply", "--dir", "/abs/home"]), workingDirectory: Array("/w".utf8))
    #expect(try resolve("/abs/home/x", in: &index, reading: reading) == "home/x")
    #expect(try resolve("home/x", in: &index, reading: reading) == "home/x")
    #expect(throws: ApplyError.self) { try resolve("/abs/x", in: &index, reading: reading) }
    var invocation = try Invocation.parse([
      "apply", "--dir", "/abs/home", "--select", "/abs/home/x",
    ])
    invocation.directory = "/abs/home"
    _ = try selectStarting(invocation, lists: [], in: &tree)
    #expect(tree.state(of: "home") == .on)
  }
}
