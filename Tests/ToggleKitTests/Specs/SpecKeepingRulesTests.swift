import Foundation
import TestSupport
import Testing

@testable import ToggleKit

@Suite("A spec that keeps a filter file's rules as patterns")
struct SpecKeepingRulesTests {
  @Test(
    "a node no decision covers is selected as the rules say; a decision overrides them in its whole subtree; without rules it is not selected"
  )
  func decisionsOverrideTheRules() throws {
    let rules = try FilterRules(rsyncFilter: "- *.o\n- /build/\n")
    let spec = SelectionSpec(
      [.init(["src", "vendor"], isIncluded: false), .init(["build", "keep"], isIncluded: true)],
      rules: rules)
    #expect(spec.isSelected(["src", "main.c"], isFolder: false))
    #expect(!spec.isSelected(["src", "main.o"], isFolder: false))
    #expect(!spec.isSelected(["src", "vendor", "x.c"], isFolder: false))
    #expect(!spec.isSelected(["build", "x"], isFolder: false))
    // The decision on build/keep reaches below a folder the rules exclude.
    #expect(spec.isSelected(["build", "keep", "x.o"], isFolder: false))
    // Folders-only patterns need the node's kind.
    #expect(!spec.isSelected(["build"], isFolder: true))
    #expect(spec.isSelected(["build"], isFolder: false))
    #expect(spec.isSelected(["build"]) == spec.isSelected(["build"], isFolder: false))
    let plain = SelectionSpec([.init(["src"], isIncluded: true)])
    #expect(!plain.isSelected(["docs"], isFolder: true) && plain.isSelected(["src", "x"]))
    #expect(!spec.isEmpty && SelectionSpec(rules: rules).decisions.isEmpty)
    #expect(!SelectionSpec(rules: rules).isEmpty && SelectionSpec().isEmpty)
  }

  @Test(
    "with rules, a click's decision stays where the rules already agree today (they may not tomorrow) and goes only under an ancestor's decision of its value"
  )
  func decisionsOverRulesAreMinimalByDecisionsOnly() throws {
    let rules = try FilterRules(rsyncFilter: "- *.o\n")
    var spec = SelectionSpec(rules: rules)
    spec.decide(true, at: ["src"])
    #expect(spec.decisions == [.init(["src"], isIncluded: true)])
    spec.decide(true, at: ["src", "lib"])
    #expect(spec.decisions == [.init(["src"], isIncluded: true)])
    spec.decide(false, at: ["src", "lib"])
    spec.decide(false, at: ["docs"])
    #expect(spec.text == "- docs\n+ src\n- src/lib\nrules rsync\n- *.o\n")
    // Without rules, the top decision "-" changes nothing and goes.
    var plain = SelectionSpec()
    plain.decide(false, at: ["docs"])
    #expect(plain.isEmpty)
    let redundant = SelectionSpec(
      [.init(["a"], isIncluded: true), .init(["a", "b"], isIncluded: true)], rules: rules)
    #expect(redundant.minimized().decisions == [.init(["a"], isIncluded: true)])
    #expect(redundant.minimized().rules == rules && !redundant.isMinimal)
    #expect(SelectionSpec([.init(["a"], isIncluded: false)], rules: rules).isMinimal)
  }

  @Test(
    "the spec's text carries the rules after a 'rules' header, line for line (comments, blank lines, CR LF), and reads back to the same spec"
  )
  func textRoundTrip() throws {
    let text = "+ proj/keep\nrules gitignore under proj\n# built\nbuild/\r\n\n*.log\n!keep.log\n"
    let spec = try SelectionSpec(text: text)
    #expect(spec.decisions == [.init(["proj", "keep"], isIncluded: true)])
    let rules = try #require(spec.rules)
    #expect(rules.dialect == .gitignore && rules.folder == ["proj"])
    #expect(rules.lines == ["# built", "build/", "", "*.log", "!keep.log"])
    #expect(!spec.isSelected(["proj", "a.log"], isFolder: false))
    #expect(spec.isSelected(["proj", "keep.log"], isFolder: false))
    #expect(spec.isSelected(["other.log"], isFolder: false))
    #expect(
      spec.text
        == "+ proj/keep\nrules gitignore under proj\n# built\nbuild/\n\n*.log\n!keep.log\n")
    #expect(try SelectionSpec(text: spec.text) == spec)
    // A file's CR LF line ends are not part of its lines: a spec of it reads back the same.
    let crlf = SelectionSpec(rules: FilterRules(gitignore: "build/\r\n*.log\r\n"))
    #expect(crlf.rules?.lines == ["build/", "*.log", ""])
    #expect(try SelectionSpec(text: crlf.text) == crlf)
    // A rule line that looks like a decision is a rule: the header's lines run to the end.
    let rsync = try SelectionSpec(text: "rules rsync\n+ /src/***\n- *\n")
    #expect(rsync.decisions.isEmpty && rsync.rules?.filters.count == 2)
    #expect(rsync.isSelected(["src", "a"], isFolder: false) && !rsync.isSelected(["doc"]))
    #expect(try SelectionSpec(text: rsync.text) == rsync)
    // Names that are not UTF-8 stay bytes.
    let raw = try FilterRules(rsyncFilter: [0x2D, 0x20, 0x61, 0xFF, 0x0A])
    let rawSpec = SelectionSpec(rules: raw)
    #expect(try SelectionSpec(text: rawSpec.text) == rawSpec)
    #expect(!rawSpec.isSelected([LabelBytes.label(decoding: [0x61, 0xFF])], isFolder: false))
  }

  @Test(
    "a bad rules header or a bad rsync rule below it is an error at its line and column in the spec's file"
  )
  func rulesErrors() {
    func failure(_ text: String) -> TreeFormatError? {
      do {
        _ = try SelectionSpec(text: text, file: "s.spec")
        return nil
      } catch {
        return error
      }
    }
    #expect(
      failure("+ a\nrules svn\n")?.description.hasPrefix("s.spec:2:7: expected 'rsync'") == true)
    #expect(failure("rules rsync beside a\n")?.line == 1)
    #expect(failure("rules rsync beside a\n")?.column == 12)
    #expect(failure("rules rsync under a//b\n")?.column == 19)
    let bad = failure("+ a\n# note\nrules rsync\n- *.o\nmerge other\n")
    #expect(bad?.file == "s.spec" && bad?.line == 5 && bad?.column == 1)
    #expect(bad?.message.contains("merge") == true)
    // "rules" alone, or with no dialect, is not a header.
    #expect(failure("rules\n")?.column == 1)
    #expect(failure("rules \n")?.column == 7)
    // A CR inside an rsync rule's line would end it there: refused at its column.
    let carriage = failure("rules rsync\n- a\rb\n")
    #expect(carriage?.line == 2 && carriage?.column == 4)
    #expect(failure("rules gitignore\na\rb\n") == nil)
  }

  @Test(
    "JSON carries the rules as their dialect, folder and lines, and reads back to the same spec")
  func jsonRoundTrip() throws {
    let spec = SelectionSpec(
      [.init(["a"], isIncluded: false)],
      rules: FilterRules(gitignore: "*.tmp\n!a.tmp\n", under: ["r", "s t"]))
    let data = try JSONEncoder().encode(spec)
    let object = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
    let rules = try #require(object["rules"] as? [String: Any])
    #expect(rules["dialect"] as? String == "gitignore" && rules["folder"] as? String == "r/s t")
    #expect(rules["lines"] as? [String] == ["*.tmp", "!a.tmp", ""])
    #expect(try JSONDecoder().decode(SelectionSpec.self, from: data) == spec)
    let plain = try JSONEncoder().encode(SelectionSpec([.init(["a"], isIncluded: true)]))
    #expect(String(decoding: plain, as: UTF8.self).contains("rules") == false)
    let bad = Data(#"{"decisions": [], "rules": {"dialect": "rsync", "lines": ["merge x"]}}"#.utf8)
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(SelectionSpec.self, from: bad) }
  }

  @Test(
    "a spec with rsync rules is written by the rsync export alone, every other format refuses it with a clear error; a tree set to it gives the spec as its exact selection, and today's selection by its paths alone"
  )
  func exportsRefuseRules() throws {
    let spec = SelectionSpec(rules: try FilterRules(rsyncFilter: "- *.o\n"))
    #expect(try spec.rsyncFilter() == Array("- *.o\n".utf8))
    #expect(throws: SelectionSpecError.keepsRules(.rsync, format: "a gitignore pattern")) {
      try spec.gitignore()
    }
    #expect(throws: SelectionSpecError.self) { try spec.sparseCheckout() }
    #expect(throws: SelectionSpecError.self) { try spec.restic(in: Array("/r".utf8)) }
    #expect(throws: SelectionSpecError.self) { try spec.borgPatterns(in: Array("/r".utf8)) }
    #expect(
      SelectionSpecError.keepsRules(.gitignore, format: "a borg pattern").description
        .contains("gitignore rules as a borg pattern"))
    var tree = try SelectionTree(paths: ["a/x.c", "a/x.o", "b.o"])
    tree.setSelection(to: spec)
    #expect(try tree.selectionSpec() == spec)
    // Exactly today's selection: with the rules while they decide it, by today's paths alone.
    #expect(try tree.selectionSpec(.selection) == spec)
    let today = try tree.selectionSpec(.paths)
    #expect(today.rules == nil && today.text == "+ a/x.c\n")
    #expect(String(decoding: try today.rsyncFilter(), as: UTF8.self).contains("+ /a/x.c\n"))
  }

  @Test(
    "a tree set to a spec with rules keeps them: nodes that edits, reloads and loads bring follow the rules where no decision covers them"
  )
  func treesKeepTheRules() throws {
    var tree = try SelectionTree(paths: ["src/main.c", "src/main.o", "src/vendor/v.c", "README"])
    let spec = try SelectionSpec(text: "- src/vendor\nrules rsync\n- *.o\n")
    let result = tree.setSelection(to: spec)
    #expect(result.isComplete && result.changed == 2)
    #expect(tree.selectedLeafIDs == ["src/main.c", "README"])
    #expect(tree.keptDecisions == spec)
    // An edit brings a file the rules leave out, and one inside the decision.
    try tree.insert([.init(id: "src/new.o", parent: "src", label: "new.o")], under: "src")
    try tree.insert([.init(id: "src/new.c", parent: "src", label: "new.c")], under: "src")
    try tree.insert(
      [.init(id: "src/vendor/w.c", parent: "src/vendor", label: "w.c")], under: "src/vendor")
    #expect(tree.selectedLeafIDs == ["src/main.c", "src/new.c", "README"])
    // A reload brings new folders; they follow the rules too.
    tree.reload(
      from: try SelectionTree(paths: ["src/main.c", "lib/a.o", "lib/a.c", "README"]),
      newChildren: .unselected)
    #expect(tree.selectedLeafIDs == ["src/main.c", "lib/a.c", "README"])
    #expect(try tree.selectionSpec() == spec)
    // A click decides its path; the rules stay for the rest.
    try tree.set("lib", to: true)
    #expect(tree.selectedLeafIDs == ["src/main.c", "lib/a.o", "lib/a.c", "README"])
    #expect(try tree.selectionSpec().text == "+ lib\n- src/vendor\nrules rsync\n- *.o\n")
    tree.deselectAll()
    #expect(try tree.selectionSpec().text == "- README\n- lib\n- src\nrules rsync\n- *.o\n")
    try tree.insert([.init(id: "new.c", parent: nil, label: "new.c")], under: nil)
    #expect(tree.selectedLeafIDs == ["new.c"])
  }

  @Test(
    "an independent parent's click where kept rules decide below its children gives the decisions up (a decision on a child would override the rules below it); where a decision covers it, the click is kept"
  )
  func independentClicksUnderRules() throws {
    let paths = ["a/b/c.o", "a/b/d.c", "e/f"]
    var tree = try SelectionTree(paths: paths, options: .init(propagation: .independent))
    tree.setSelection(to: SelectionSpec(rules: try FilterRules(rsyncFilter: "- *.o\n")))
    #expect(tree.state(of: "a/b/c.o") == .off && tree.state(of: "a/b/d.c") == .on)
    try tree.toggle("a")
    #expect(tree.keptDecisions == nil)
    #expect(tree.state(of: "a/b/c.o") == .off && tree.state(of: "a/b/d.c") == .on)
    // A parent of leaves only: its children's decisions say what they had.
    var leaves = try SelectionTree(paths: paths, options: .init(propagation: .independent))
    leaves.setSelection(to: SelectionSpec(rules: try FilterRules(rsyncFilter: "- *.o\n")))
    try leaves.toggle("a/b")
    let kept = try #require(leaves.keptDecisions)
    for path in paths {
      let labels = path.split(separator: "/").map(String.init)
      #expect(
        (leaves.state(of: path) == .on) == kept.isSelected(labels, isFolder: false), "\(path)")
    }
    // Under a decision, the rules do not decide below: the click is kept.
    var decided = try SelectionTree(paths: paths, options: .init(propagation: .independent))
    decided.setSelection(
      to: SelectionSpec(
        [.init(["a"], isIncluded: true)], rules: try FilterRules(rsyncFilter: "- *.o\n")))
    try decided.toggle("a")
    #expect(decided.keptDecisions != nil)
  }

  @Test(
    "nodes that share a label path each take the rules' verdict by their own kind: a folder and a file of one name"
  )
  func sharedPathsByKind() throws {
    let tree0 = try SelectionTree(
      entries: [
        .init(id: "dir", parent: nil, label: "x"), .init(id: "dir/a", parent: "dir", label: "a"),
        .init(id: "file", parent: nil, label: "x"),
      ])
    var tree = tree0
    let result = tree.setSelection(to: SelectionSpec(rules: FilterRules(gitignore: "x/\n")))
    #expect(result.isComplete)
    #expect(tree.state(of: "dir") == .off && tree.state(of: "file") == .on)
    #expect(tree.state(of: "dir/a") == .off)
  }

  @Test(
    "a lazy tree shows a selected unloaded folder mixed when a rule that excludes could match below it, and a load applies the rules to what arrives"
  )
  func lazyFoldersUnderRules() throws {
    let base = try SelectionTree(paths: ["src/x", "docs", "lib/y"])
    var lazy = LazyTree(base, unloaded: ["docs", "src/x"])
    lazy.setSelection(to: SelectionSpec(rules: try FilterRules(rsyncFilter: "- *.o\n")))
    #expect(lazy.state(of: "docs") == .mixed && lazy.state(of: "src") == .mixed)
    #expect(lazy.state(of: "lib") == .on)
    // An anchored rule of a fixed depth reaches no deeper than its names.
    lazy.setSelection(to: SelectionSpec(rules: try FilterRules(rsyncFilter: "- /lib/y\n")))
    #expect(lazy.state(of: "docs") == .on && lazy.state(of: "lib") == .off)
    lazy.setSelection(to: SelectionSpec(rules: try FilterRules(rsyncFilter: "- /src/x/*.o\n")))
    #expect(lazy.state(of: "docs") == .on && lazy.state(of: "src") == .mixed)
    // A decision below that agrees with the folder's value, where no rule reaches: not mixed.
    lazy.setSelection(
      to: SelectionSpec(
        [.init(["docs", "a"], isIncluded: true), .init(["lib", "y", "b"], isIncluded: false)],
        rules: try FilterRules(rsyncFilter: "- /lib/y\n")))
    #expect(lazy.state(of: "docs") == .on && lazy.state(of: "lib") == .off)
    // A decision on the folder overrides the rules: not mixed.
    lazy.setSelection(
      to: SelectionSpec(
        [.init(["docs"], isIncluded: true)], rules: try FilterRules(rsyncFilter: "- *.o\n")))
    #expect(lazy.state(of: "docs") == .on)
    // A folder the rules exclude is not entered: not mixed, whatever is below.
    lazy.setSelection(
      to: SelectionSpec(rules: try FilterRules(rsyncFilter: "- /docs/\n+ *.c\n- *\n")))
    #expect(lazy.state(of: "docs") == .off)
    // A load applies the rules to what it brings.
    lazy.setSelection(to: SelectionSpec(rules: try FilterRules(rsyncFilter: "- *.o\n")))
    try lazy.load("docs") { _ in
      .init(entries: [
        .init(id: "docs/a.md", parent: "docs", label: "a.md"),
        .init(id: "docs/a.o", parent: "docs", label: "a.o"),
      ])
    }
    #expect(lazy.tree.state(of: "docs/a.md") == .on && lazy.tree.state(of: "docs/a.o") == .off)
    #expect(lazy.state(of: "docs") == .mixed)
  }

  @Test(
    "a rule that matches some path below a folder is always one that 'may decide below it': anchored rules of fixed names are ruled out only by their depth or their first names"
  )
  func mayDecideBelowNeverMissesAMatch() throws {
    let names = ["a", "b", "ab"]
    let patterns = [
      "/a", "/a/b", "/b/a/b", "/a/*", "/*/b", "/a/***", "/b/***", "/a/**", "/[ab]/b", "a/b", "b",
      "/a/b/",
    ]
    // Folders and paths below them, of up to three names.
    var paths: [[String]] = names.map { [$0] }
    for _ in 0..<2 { paths += paths.flatMap { path in names.map { path + [$0] } } }
    paths = Array(Set(paths.map { $0.joined(separator: "/") })).sorted().map {
      $0.split(separator: "/").map(String.init)
    }
    var ruledOut = 0
    for pattern in patterns {
      for dialect in FilterRules.Dialect.allCases {
        let rules =
          dialect == .rsync
          ? try FilterRules(rsyncFilter: "- " + pattern)
          : FilterRules(gitignore: pattern, under: ["top"])
        let top: [String] = dialect == .rsync ? [] : ["top"]
        for folder in paths {
          let may = rules.mayDecide(otherThan: true, below: top + folder)
          if !may { ruledOut += 1 }
          for path in paths where path.count > folder.count && path.starts(with: folder) {
            var joined: [UInt8] = []
            var starts: [Int] = []
            for name in path {
              if !joined.isEmpty { joined.append(0x2F) }
              starts.append(joined.count)
              joined += Array(name.utf8)
            }
            for isFolder in [true, false] where rules.decision(joined, starts, isFolder) != nil {
              #expect(may, "\(dialect) \(pattern) matches \(path) below \(folder)")
            }
          }
        }
        // An include never decides otherwise than an included folder.
        let include = dialect == .rsync ? try FilterRules(rsyncFilter: "+ " + pattern) : nil
        #expect(include?.mayDecide(otherThan: true, below: ["a"]) != true)
      }
    }
    // The rules do rule folders out (the test is not vacuous), and none beside their folder.
    #expect(ruledOut > 100)
    // Anchored rules reach exactly the folders on their way.
    let anchored = try FilterRules(rsyncFilter: "- /a/b\n")
    #expect(anchored.mayDecide(otherThan: true, below: ["a"]))
    #expect(!anchored.mayDecide(otherThan: true, below: ["a", "b"]))
    #expect(!anchored.mayDecide(otherThan: true, below: ["b"]))
    let inside = try FilterRules(rsyncFilter: "- /a/***\n")
    #expect(inside.mayDecide(otherThan: true, below: ["a", "b"]))
    #expect(!inside.mayDecide(otherThan: true, below: ["b"]))
    let gitAnchored = FilterRules(gitignore: "a/b\n", under: ["top"])
    #expect(gitAnchored.mayDecide(otherThan: true, below: ["top", "a"]))
    #expect(!gitAnchored.mayDecide(otherThan: true, below: ["top", "b"]))
    #expect(!gitAnchored.mayDecide(otherThan: true, below: ["top", "a", "b"]))
    let git = FilterRules(gitignore: "*.o\n", under: ["top"])
    #expect(!git.mayDecide(otherThan: true, below: ["other", "a"]))
    #expect(git.mayDecide(otherThan: true, below: ["top"]))
    #expect(git.mayDecide(otherThan: true, below: []))
  }

  @Test(
    "seeded random trees, rule files and decisions: the tree set to the spec selects exactly what the spec asked path by path selects, and saves it back as it was"
  )
  func randomTreesAgreeWithThePlainWay() throws {
    let names = ["a", "b", "a.o", "b.c", "*x", "é"]
    let patterns = ["*.o", "/a/", "a", "b/", "**/b.c", "/a/b/***", "*/a", "é", "\\*x", "[ab]"]
    for seed in 0..<Tier.size(fast: 60, long: 600) {
      var generator = SeededGenerator(seed: UInt64(seed))
      var paths: Set<String> = []
      for _ in 0..<Int.random(in: 1...12, using: &generator) {
        let depth = Int.random(in: 1...4, using: &generator)
        paths.insert(
          (0..<depth).map { _ in names.randomElement(using: &generator)! }
            .map { LabelPath.escaped($0) }.joined(separator: "/"))
      }
      var tree = try SelectionTree(paths: paths.sorted())
      var lines: [String] = []
      for _ in 0..<Int.random(in: 0...4, using: &generator) {
        let pattern = patterns.randomElement(using: &generator)!
        lines.append(Bool.random(using: &generator) ? "+ " + pattern : "- " + pattern)
      }
      let gitignore = Bool.random(using: &generator)
      let rules =
        gitignore
        ? FilterRules(
          gitignore: lines.map {
            $0.hasPrefix("+ ") ? "!" + $0.dropFirst(2) : String($0.dropFirst(2))
          }.joined(separator: "\n"))
        : try FilterRules(rsyncFilter: lines.joined(separator: "\n"))
      var decisions: [SelectionSpec.Decision] = []
      for _ in 0..<Int.random(in: 0...2, using: &generator) {
        let id = tree.ids.randomElement(using: &generator)!
        decisions.append(.init(tree.labelPath(of: id), isIncluded: Bool.random(using: &generator)))
      }
      let spec = SelectionSpec(decisions, rules: rules)
      tree.setSelection(to: spec)
      for id in tree.ids where tree.children(of: id).isEmpty {
        let expected = spec.isSelected(tree.labelPath(of: id), isFolder: false)
        #expect((tree.state(of: id) == .on) == expected, "seed \(seed): \(id) in \(spec.text)")
      }
      #expect(try tree.selectionSpec() == spec.minimized(), "seed \(seed)")
      #expect(try SelectionSpec(text: spec.text) == spec, "seed \(seed)")
    }
  }
}
