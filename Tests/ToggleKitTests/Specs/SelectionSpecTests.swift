import Foundation
import Testing

@testable import TestSupport
@testable import ToggleKit

private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

@Suite("Selection specs: the value, its text and its exports")
struct SelectionSpecTests {
  @Test(
    "a node follows the nearest decision on itself or an ancestor; with none it is not selected")
  func nearestDecisionDecides() throws {
    let spec = try SelectionSpec(text: "+ usr\n- usr/share/doc\n+ usr/share/doc/keep\n")
    #expect(spec.isSelected(["usr"]))
    #expect(spec.isSelected(["usr", "bin", "swift"]))
    #expect(!spec.isSelected(["usr", "share", "doc"]))
    #expect(!spec.isSelected(["usr", "share", "doc", "a.txt"]))
    #expect(spec.isSelected(["usr", "share", "doc", "keep", "x"]))
    #expect(!spec.isSelected(["etc"]))
    #expect(!spec.isSelected(["usrx"]), "a sibling whose label starts with usr is not below usr")
    #expect(spec.nearestDecision(for: ["etc"]) == nil)
  }

  @Test(
    "the nearest decision of 2,000 random paths in 200 random specs that branch at every level is the one a walk up the path finds"
  )
  func nearestDecisionAgreesWithAWalkUp() {
    var random = SeededGenerator(seed: 0x6e65_6172)
    let labels = ["a", "b", "ab", "a b", "é", "e\u{301}", "", "z"]
    func randomPath() -> [String] {
      (0..<Int.random(in: 1...6, using: &random)).map { _ in labels.randomElement(using: &random)! }
    }
    for _ in 0..<200 {
      let spec = SelectionSpec(
        (0..<Int.random(in: 0...12, using: &random)).map { _ in
          SelectionSpec.Decision(randomPath(), isIncluded: Bool.random(using: &random))
        })
      for _ in 0..<10 {
        let path = randomPath()
        var walked: Bool? = nil
        for length in stride(from: path.count, through: 1, by: -1) {
          if let found = spec.decision(at: Array(path.prefix(length))) {
            walked = found
            break
          }
        }
        #expect(spec.nearestDecision(for: path) == walked, "\(path) in \(spec.text)")
      }
    }
  }

  @Test(
    "a tree 25,000 levels deep (100,000 in the long tier): its spec, the spec's text read back and a restore need no recursion and no time per level beyond a few label reads; exports of a 500-deep decision (2,000 in the long tier) write each ancestor once"
  )
  func deepTrees() throws {
    let depth = Tier.size(fast: 25_000, long: 100_000)
    // A chain of folders labelled d, with two leaves x and y at the bottom (ids by position: a
    // path-built tree's ids would be the paths themselves, quadratic in the depth).
    func chain() throws -> SelectionTree<Int> {
      try SelectionTree(
        entries: (0..<depth).map { .init(id: $0, parent: $0 == 0 ? nil : $0 - 1, label: "d") }
          + [
            .init(id: depth, parent: depth - 1, label: "x"),
            .init(id: depth + 1, parent: depth - 1, label: "y"),
          ])
    }
    var tree = try chain()
    try tree.set(depth, to: true)
    let spec = try tree.selectionSpec()
    #expect(spec.decisions.count == 1 && spec.decisions[0].path.count == depth + 1)
    let read = try SelectionSpec(text: spec.text)
    #expect(read == spec)
    #expect(read.isSelected(Array(repeating: "d", count: depth) + ["x", "below"]))
    var fresh = try chain()
    #expect(fresh.setSelection(to: read).changed == 1)
    #expect(fresh.selection(.leaves) == [depth])
    // An export's text grows with the square of the depth (each line holds a path).
    let exported = Tier.size(fast: 500, long: 2_000)
    let shallow = SelectionSpec([.init(Array(repeating: "d", count: exported), isIncluded: true)])
    let rules = try shallow.rsyncFilter()
    #expect(rules.filter { $0 == 0x0A }.count == exported - 1 + 2 + 1)
    #expect(try shallow.gitignore().filter { $0 == 0x0A }.count == 1 + 2 * (exported - 1) + 1)
  }

  @Test("labels compare by their bytes: two spellings of é are two paths, never merged")
  func labelsAreBytes() {
    let composed = "\u{E9}"
    let decomposed = "e\u{301}"
    #expect(composed == decomposed, "Swift calls them equal")
    let spec = SelectionSpec([.init([composed], isIncluded: true)])
    #expect(spec.isSelected([composed]))
    #expect(!spec.isSelected([decomposed]))
    let both = SelectionSpec([
      .init([composed], isIncluded: true), .init([decomposed], isIncluded: false),
    ])
    #expect(both.decisions.count == 2)
    #expect(both.decision(at: [composed]) == true && both.decision(at: [decomposed]) == false)
    let reversed = SelectionSpec([
      .init([decomposed], isIncluded: false), .init([composed], isIncluded: true),
    ])
    #expect(reversed.text == both.text, "one order, by bytes: e (0x65) before é (0xC3 0xA9)")
    #expect(both.decisions.map(\.path) == [[decomposed], [composed]])
  }

  @Test("of several decisions on one path the last counts; decisions are kept in path order")
  func lastOfTheSamePathCounts() throws {
    let spec = try SelectionSpec(text: "- b\n+ a/x\n+ b\n+ a\n")
    #expect(spec.text == "+ a\n+ a/x\n+ b\n")
    #expect(spec.minimized().text == "+ a\n+ b\n")
    #expect(!spec.isMinimal)
  }

  @Test(
    "a decision set like a click takes the decisions below it away, and goes when it changes nothing"
  )
  func decideIsAClick() throws {
    var spec = try SelectionSpec(text: "+ a\n- a/b\n+ a/b/c\n- a/d\n+ e\n")
    spec.decide(true, at: ["a", "b"])
    #expect(spec.text == "+ a\n- a/d\n+ e\n")
    spec.decide(false, at: ["a"])
    #expect(spec.text == "+ e\n")
    spec.decide(false, at: ["e", "f"])
    #expect(spec.text == "+ e\n- e/f\n")
    spec.setDecision(true, at: ["e", "f", "g"])
    spec.setDecision(false, at: ["e", "f", "g"])
    #expect(
      spec.text == "+ e\n- e/f\n- e/f/g\n", "setDecision keeps what is below and does not minimize")
    spec.removeDecision(at: ["e", "f", "g"])
    spec.removeDecision(at: ["nothing"])
    #expect(spec.text == "+ e\n- e/f\n")
    #expect(spec.decision(at: ["e", "f"]) == false)
    #expect(spec.decision(at: ["e", "x"]) == nil)
  }

  @Test(
    "the text reads back to the same spec, whatever the labels: control characters, separators, backslashes, raw bytes, an empty label, a root /"
  )
  func textRoundTrips() throws {
    let labels = [
      "a\nb", "tab\there", "slash/inside", #"back\slash"#,
      LabelBytes.label(decoding: [0x66, 0xFF]),
      "", "\u{1B}[2J", "# not a comment", "+ plus", " lead", "trail ", "ünï",
    ]
    var decisions: [SelectionSpec.Decision] = []
    for (index, label) in labels.enumerated() {
      decisions.append(.init(["root", label], isIncluded: index % 2 == 0))
    }
    decisions.append(.init(["/", "usr"], isIncluded: true))
    let spec = SelectionSpec(decisions)
    let written = spec.text
    #expect(!written.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    #expect(written.split(separator: "\n").count == decisions.count)
    #expect(try SelectionSpec(text: written) == spec)
    let json = try JSONEncoder().encode(spec)
    #expect(try JSONDecoder().decode(SelectionSpec.self, from: json) == spec)
  }

  @Test(
    "bad spec text is refused with its file, line and column, and what was expected",
    arguments: [
      ("+ a\nx b\n", 2, 1, "expected a decision"),
      ("+a\n", 1, 2, "expected one space"),
      ("+ \n", 1, 3, "expected a path"),
      ("\n\n- a//b\n", 3, 3, "empty label"),
      ("+ a\r\n* b\r\n", 2, 1, "expected a decision"),
    ])
  func badTextIsRefused(input: String, line: Int, column: Int, message: String) {
    #expect {
      _ = try SelectionSpec(text: input, file: "keep.spec")
    } throws: { error in
      guard let error = error as? TreeFormatError else { return false }
      return error.file == "keep.spec" && error.line == line && error.column == column
        && error.message.contains(message) && error.description.hasPrefix("keep.spec:\(line):")
    }
  }

  @Test("comments, blank lines and CR LF line ends are read; a path starting with # is a path")
  func commentsAndLineEnds() throws {
    let spec = try SelectionSpec(text: "# backup\r\n\r\n   \n+ #tag\r\n- #tag/x\n")
    #expect(
      spec.decisions == [
        .init(["#tag"], isIncluded: true), .init(["#tag", "x"], isIncluded: false),
      ])
  }

  @Test("JSON with a path the syntax refuses is a decoding error that names the path")
  func badJSONPath() {
    let json = Data(#"{"decisions": [{"path": "a//b", "include": true}]}"#.utf8)
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(SelectionSpec.self, from: json) }
  }

  @Test(
    "the rsync rules open the folders above each include, give each decision deepest first, for the node and its contents, and close with - *"
  )
  func rsyncRules() throws {
    let spec = try SelectionSpec(text: "+ ada\n- ada/.cache\n+ ada/.cache/keep\n+ ada/a*b\n")
    #expect(
      text(try spec.rsyncFilter()) == """
        + /ada/
        + /ada/.cache/
        + /ada/.cache/keep
        + /ada/.cache/keep/***
        - /ada/.cache
        - /ada/.cache/***
        + /ada
        + /ada/***
        - *

        """, "a* b needs no decision under + ada: minimized first")
    let wild = try SelectionSpec(text: "+ x\n- x/a*b\n- x/back\\\\slash\n")
    #expect(
      text(try wild.rsyncFilter()) == #"""
        - /x/back\slash
        - /x/back\\slash/***
        - /x/a\*b
        - /x/a\*b/***
        + /x
        + /x/***
        - *

        """#, "a backslash is escaped only in a pattern with a wildcard")
    #expect(
      text(try spec.rsyncFilter(under: ["ada"])) == """
        + /.cache/
        + /.cache/keep
        + /.cache/keep/***
        - /.cache
        - /.cache/***

        """, "under an included base: no closing rule")
  }

  @Test(
    "gitignore ignores an excluded path with includes below as a file and the folder's contents (the folder stays), takes each include back, anchors with / and escapes \\ * ? [ and trailing spaces"
  )
  func gitignorePatterns() throws {
    let spec = try SelectionSpec(text: "+ src\n- src/gen\n+ src/gen/keep.c\n+ odd\\\\*?[\\u{20}\n")
    #expect(
      text(try spec.gitignore()) == #"""
        /*
        !/odd\\\*\?\[\ 
        !/src
        /src/gen
        !/src/gen/
        /src/gen/*
        !/src/gen/keep.c

        """#)
    #expect(
      text(try spec.sparseCheckout()) == #"""
        /odd\\\*\?\[\ 
        /src
        !/src/gen
        /src/gen/
        !/src/gen/*
        /src/gen/keep.c

        """#)
    // A file named as the excluded folder (its decisions below wait for one) is ignored too.
    let read = FilterRules(gitignore: try spec.gitignore())
    #expect(!read.isSelected(["src", "gen"], isFolder: false))
    #expect(read.isSelected(["src", "gen", "keep.c"], isFolder: false))
    #expect(!read.isSelected(["src", "gen", "other.c"], isFolder: false))
    let nested = try SelectionSpec(text: "+ a/b/c\n")
    #expect(text(try nested.gitignore()) == "/*\n!/a/\n/a/*\n!/a/b/\n/a/b/*\n!/a/b/c\n")
    #expect(text(try nested.sparseCheckout()) == "/a/\n!/a/*\n/a/b/\n!/a/b/*\n/a/b/c\n")
    #expect(text(try SelectionSpec().gitignore()) == "/*\n")
    #expect(text(try SelectionSpec().sparseCheckout()).isEmpty)
    let everything = try SelectionSpec(text: "+ repo\n- repo/tmp\n")
    #expect(text(try everything.gitignore(under: ["repo"])) == "/tmp\n")
    #expect(text(try everything.sparseCheckout(under: ["repo"])) == "/*\n!/tmp\n")
  }

  @Test(
    "a name with a control character (C0, DEL, C1, a raw byte 0x80 … 0x9F), a /, . or .., or nothing is refused by every line format, with its path escaped in the message; the spec's own text writes it"
  )
  func unwritableNames() throws {
    let raw = LabelBytes.label(decoding: [0x61, 0x9B, 0x62])
    for name in [
      "two\nlines", "cr\r", "", "a/b", "tab\there", "\u{1B}[2J", "c1\u{85}", raw, ".", "..",
    ] {
      let spec = SelectionSpec([.init(["top", name], isIncluded: true)])
      let folder = Array("/f".utf8)
      let exports: [([String]) throws -> Any] = [
        spec.rsyncFilter, spec.gitignore, spec.sparseCheckout,
        { try spec.restic(in: folder, under: $0) },
        { try spec.borgPatterns(in: folder, under: $0) },
      ]
      for export in exports {
        #expect {
          _ = try export([])
        } throws: { error in
          guard case .unwritableName(let path, _)? = error as? SelectionSpecError else {
            return false
          }
          let message = "\(error)"
          return path == ["top", name]
            && !message.unicodeScalars.contains { $0.value < 0x20 }
        }
      }
      #expect(try SelectionSpec(text: spec.text) == spec, "the own text writes it")
    }
  }

  @Test(
    "restoring a spec reports the paths no node has and changes nothing for them; locked and disabled nodes keep their values and are reported under the decision that covers them"
  )
  func applicationReports() throws {
    var tree = try SelectionTree(paths: ["a/x", "a/y", "a/z", "b/u", "b/v", "c"])
    try tree.setLock("a/y", to: .off)
    try tree.setDisabled("b/u", to: true)
    try tree.set("b/u", to: true)  // disabled: blocked
    try tree.setLock("c", to: .on)
    let spec = try SelectionSpec(text: "+ a\n- a/z\n+ a/gone\n+ b\n- nowhere\n")
    let result = tree.setSelection(to: spec)
    #expect(result.unknownPaths == [["a", "gone"], ["nowhere"]])
    #expect(
      result.conflicts == [
        SpecConflict(path: [], isIncluded: false, count: 1),
        SpecConflict(path: ["a"], isIncluded: true, count: 1),
        SpecConflict(path: ["b"], isIncluded: true, count: 1),
      ])
    #expect(!result.isComplete)
    #expect(tree.selection(.leaves) == ["a/x", "b/v", "c"])
    let exact = try tree.selectionSpec(.selection)
    #expect(exact.text == "+ a/x\n+ b/v\n+ c\n")
    #expect(
      try tree.selectionSpec().text == "+ a\n- a/z\n+ b\n",
      "the tree keeps the spec's decisions, minimized: + a/gone and - nowhere change nothing")
    _ = tree.setSelection(to: tree.selection(.leaves))
    #expect(tree.keptDecisions == nil, "a selection set by ids keeps no decisions")
    #expect(
      try tree.selectionSpec().text == "+ a/x\n+ b\n",
      "locked and disabled nodes are not decisions: b's one writable leaf makes all of b")
  }

  @Test("a filter does not limit a spec: hidden nodes take their decisions too")
  func hiddenNodesFollow() throws {
    var tree = try SelectionTree(paths: ["fruit/apple", "fruit/pear", "veg/leek"])
    tree.setFilter(TreeFilter(text: "apple"))
    tree.setSelection(to: try SelectionSpec(text: "+ fruit\n+ veg\n"))
    #expect(tree.selection(.leaves) == ["fruit/apple", "fruit/pear", "veg/leek"])
    #expect(try tree.selectionSpec().text == "+ fruit\n+ veg\n")
  }

  @Test(
    "siblings that share a label take a decision on their path together; a spec of siblings that differ is refused, naming the path"
  )
  func sharedLabels() throws {
    var tree = try SelectionTree<Int>(entries: [
      .init(id: 1, parent: nil, label: "top"), .init(id: 2, parent: 1, label: "same"),
      .init(id: 3, parent: 1, label: "same"), .init(id: 4, parent: 1, label: "other"),
    ])
    tree.setSelection(to: try SelectionSpec(text: "+ top/same\n"))
    #expect(tree.selection(.leaves) == [2, 3])
    #expect(try tree.selectionSpec().text == "+ top/same\n", "the decision is kept")
    try tree.set(3, to: false)
    #expect(tree.keptDecisions == nil, "a click on one of two nodes of one path is no decision")
    #expect(throws: SelectionSpecError.sharedLabelPath(["top", "same"])) {
      try tree.selectionSpec()
    }
  }

  @Test(
    "a node inserted with its own id into a tree whose ids are paths shares its sibling's path and takes a decision on it too: paths are no longer found by id once an edit brings an id that is not its path"
  )
  func sharedLabelsInAPathTreeWithForeignIDs() throws {
    var tree = try SelectionTree(paths: ["a/b", "a/c", "/", "/usr"])
    try tree.insert([.init(id: "a/d", parent: "a", label: "d")], under: "a")
    try tree.insert([.init(id: "/usr/bin", parent: "/usr", label: "bin")], under: "/usr")
    #expect(tree.idsAreTheirPaths, "ids that are their paths keep the shortcut")
    var lookalike = tree
    try lookalike.insert([.init(id: "z/e", parent: "a", label: "e")], under: "a")
    #expect(!lookalike.idsAreTheirPaths, "an id of the right shape under another parent")
    var escaped = tree
    try escaped.insert([.init(id: "q", parent: "a", label: "e/x")], under: "a")
    #expect(!escaped.idsAreTheirPaths, "an escaped label under another id")
    try tree.insert([.init(id: "a/e\\/x", parent: "a", label: "e/x")], under: "a")
    #expect(tree.idsAreTheirPaths, "an escaped label's path")
    try tree.insert([.init(id: "x", parent: "a", label: "b")], under: "a")
    #expect(!tree.idsAreTheirPaths)
    tree.setSelection(to: SelectionSpec([.init(["a", "b"], isIncluded: true)]))
    #expect(tree.state(of: "a/b") == .on && tree.state(of: "x") == .on)
    #expect(tree.state(of: "a/c") == .off)
    // A reload from a tree of paths gives the shortcut back; a move to another parent or a
    // rename takes it away, a move among siblings or a removal does not.
    tree.reload(from: try SelectionTree(paths: ["a/b", "a/c", "d"]))
    #expect(tree.idsAreTheirPaths)
    try tree.move("a/c", under: "a", at: 0)
    try tree.remove("d")
    #expect(tree.idsAreTheirPaths)
    var moved = tree
    try moved.move("a/c", under: nil)
    #expect(!moved.idsAreTheirPaths)
    var renamed = tree
    try renamed.relabel("a/c", to: "c")
    #expect(renamed.idsAreTheirPaths)
    try renamed.relabel("a/c", to: "b")
    #expect(!renamed.idsAreTheirPaths)
    var index = renamed.labelIndex()
    #expect(index.node(atLabelPath: ["a", "c"]) == nil)
    var appended = tree
    let done = appended.appendInPreorder(ids: ["e"], labels: ["f"], parents: [-1])
    #expect(done)
    #expect(!appended.idsAreTheirPaths && appended.node(atLabelPath: ["f"]) == "e")
    // A reload from a tree that has a foreign id takes the shortcut away with it.
    var reloaded = tree
    reloaded.reload(from: appended)
    #expect(!reloaded.idsAreTheirPaths)
  }

  @Test(
    "a tree built from ids it was given (entries, nested nodes) finds paths by their labels, and one read from JSON with ids or decoded by id only when every id is its path: siblings sharing a label, one with another id, both take a decision on their path"
  )
  func sharedLabelsInATreeOfGivenIDs() throws {
    func check(_ tree: SelectionTree<String>, _ source: String) {
      #expect(!tree.idsAreTheirPaths, "\(source)")
      var tree = tree
      tree.setSelection(to: SelectionSpec([.init(["a", "b"], isIncluded: true)]))
      #expect(tree.state(of: "a/b") == .on && tree.state(of: "b2") == .on, "\(source)")
      #expect(tree.state(of: "a/c") == .off, "\(source)")
      var index = tree.labelIndex()
      #expect(index.positions(of: ["a", "b"]).count == 2, "\(source)")
    }
    let entries: [SelectionTree<String>.Entry] = [
      .init(id: "a", parent: nil, label: "a"), .init(id: "a/b", parent: "a", label: "b"),
      .init(id: "b2", parent: "a", label: "b"), .init(id: "a/c", parent: "a", label: "c"),
    ]
    let built = try SelectionTree(entries: entries)
    check(built, "entries")
    check(
      try SelectionTree(roots: [
        .init(
          id: "a", label: "a",
          children: [
            .init(id: "a/b", label: "b"), .init(id: "b2", label: "b"), .init(id: "a/c", label: "c"),
          ])
      ]), "nested nodes")
    check(
      try SelectionTree(
        parsing:
          #"[{"label": "a", "children": [{"label": "b"}, {"id": "b2", "label": "b"}, {"label": "c"}]}]"#,
        format: .json), "JSON with ids")
    // Keys after a node's children take the reader's other way.
    check(
      try SelectionTree(
        parsing:
          #"[{"label": "a", "children": [{"label": "b"}, {"children": [], "id": "b2", "label": "b"}, {"label": "c"}]}]"#,
        format: .json), "JSON with ids after children")
    let decoded = try JSONDecoder().decode(
      SelectionTree<String>.self, from: try JSONEncoder().encode(built))
    check(decoded, "a decoded value")
    // Text whose ids are all their paths keeps the look-up by id; a tree of the caller's ids
    // finds paths by their labels, and finds them all.
    let pathIDs = try SelectionTree(entries: [entries[0], entries[1], entries[3]])
    #expect(!pathIDs.idsAreTheirPaths && pathIDs.node(atLabelPath: ["a", "c"]) == "a/c")
    #expect(
      try SelectionTree(parsing: #"[{"label": "a", "id": "a"}]"#, format: .json).idsAreTheirPaths)
  }

  @Test(
    "on a tie the decision goes as high as it can, so that new nodes follow it: two of three leaves make + folder, - the third"
  )
  func tiesDecideHigher() throws {
    var tree = try SelectionTree(paths: ["a/x", "a/y", "a/z", "b"])
    try tree.set("a/x", to: true)
    try tree.set("a/y", to: true)
    #expect(try tree.selectionSpec().text == "+ a\n- a/z\n")
    try tree.set("a/y", to: false)
    #expect(try tree.selectionSpec().text == "+ a/x\n", "one of three: fewer decisions below")
  }

  @Test(
    "restoring a spec deselects every writable node no decision includes, and a spec the tree follows writes nothing"
  )
  func restoreDeselectsTheRest() throws {
    var tree = try SelectionTree(paths: ["a/x", "a/y", "b/z", "c"])
    tree.selectAll()
    let result = tree.setSelection(to: try SelectionSpec(text: "+ a\n- a/y\n"))
    #expect(result.changed == 3 && result.isComplete)
    #expect(tree.selection(.leaves) == ["a/x"])
    let copy = tree
    #expect(tree.setSelection(to: try SelectionSpec(text: "+ a\n- a/y\n")).changed == 0)
    #expect(tree == copy && tree.isIdentical(to: copy))
  }

  @Test(
    "a decision finds only the node whose label has its bytes: é composed does not name é decomposed"
  )
  func decisionsMatchBytes() throws {
    let composed = "\u{E9}"
    let decomposed = "e\u{301}"
    var tree = try SelectionTree(paths: ["top/\(composed)", "top/other"])
    let result = tree.setSelection(
      to: SelectionSpec([.init(["top", decomposed], isIncluded: true)]))
    #expect(result.unknownPaths == [["top", decomposed]])
    #expect(tree.selection(.leaves).isEmpty)
    var own = try SelectionTree<Int>(entries: [
      .init(id: 1, parent: nil, label: "top"), .init(id: 2, parent: 1, label: composed),
    ])
    #expect(
      own.setSelection(to: SelectionSpec([.init(["top", decomposed], isIncluded: true)]))
        .unknownPaths.count == 1)
    #expect(
      own.setSelection(to: SelectionSpec([.init(["top", composed], isIncluded: true)]))
        .isComplete)
    #expect(own.selection(.leaves) == [2])
  }

  @Test("a tree whose ids are not label paths finds every decision by its labels")
  func ownIDs() throws {
    var tree = try SelectionTree<Int>(entries: [
      .init(id: 10, parent: nil, label: "a"), .init(id: 11, parent: 10, label: "b"),
      .init(id: 12, parent: 10, label: "c"), .init(id: 13, parent: 12, label: "d"),
      .init(id: 14, parent: 12, label: "e"),
    ])
    let result = tree.setSelection(to: try SelectionSpec(text: "+ a\n- a/c/d\n"))
    #expect(result.isComplete)
    #expect(tree.selection(.leaves) == [11, 14])
    #expect(try tree.selectionSpec().text == "+ a\n- a/c/d\n")
  }
}
