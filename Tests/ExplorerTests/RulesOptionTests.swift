import Explorer
import Testing
import ToggleKit
import ToggleKitRules

@testable import TestSupport

@Suite("--rules and --explain")
struct RulesOptionTests {
  let catalog = """
    [ ] Toolkit
      [ ] Core
        [ ] runtime {kind=required}
      [ ] Legacy
        [ ] old-api

    """

  @Test("--rules is accepted by both commands once; --explain by apply, repeatable")
  func parsing() throws {
    let apply = try Invocation.parse([
      "apply", "--rules", "r.txt", "--explain", "A", "--explain=B/C", "t.txt",
    ])
    #expect(apply.rulesFile == "r.txt")
    #expect(apply.explainPaths == ["A", "B/C"])
    #expect(try Invocation.parse(["explore", "--rules=r.txt"]).rulesFile == "r.txt")
    #expect(throws: UsageError("option '--rules' given twice; put all rules in one file")) {
      try Invocation.parse(["apply", "--rules", "a", "--rules", "b"])
    }
    #expect(throws: UsageError("unknown option '--explain' for 'explore'")) {
      try Invocation.parse(["explore", "--explain", "A"])
    }
    #expect(throws: UsageError("option '--rules' needs a value")) {
      try Invocation.parse(["apply", "--rules"])
    }
  }

  @Test("a rules file with a mistake is an input error at its line and column")
  func badRules() {
    #expect(
      throws: InputError(
        message: "r.txt:2:20: 'style' is a string; expected a value like \"button\", "
          + "\"checkbox\", \"checkbox-right\", \"switch\", \"\" or a name, found '\"loud\"'")
    ) {
      try loadRules(
        Array("depth < 1 => expanded <= true\nisLeaf => style <= \"loud\"".utf8), file: "r.txt")
    }
  }

  @Test("rule errors while applying name the rules file")
  func applyErrors() throws {
    var tree = try SelectionTree(parsing: catalog, format: .indented)
    let rules = try loadRules(Array("state == on => locked <= on".utf8), file: "r.txt")
    #expect(
      throws: InputError(
        message: "r.txt: rule for 'locked' reads 'state' at node Toolkit "
          + "(r.txt:1:1: state == on => locked <= on); whether a node is writable cannot depend "
          + "on its selection")
    ) {
      try applyRules(rules, to: &tree, file: "r.txt")
    }
  }

  @Test("apply --explain prints why, and the tree only with --print")
  func explain() throws {
    var tree = try SelectionTree(parsing: catalog, format: .indented)
    try applyRules(
      loadRules(Array("label == \"Legacy\" => enabled <= false".utf8), file: "r.txt"), to: &tree,
      file: "r.txt")
    let only = try runApply(Invocation.parse(["apply", "--explain", "Toolkit/Legacy"]), on: tree)
    #expect(only.hasPrefix("Toolkit/Legacy:\n  enabled = false (from r.txt:1:1)\n"))
    #expect(!only.contains("off\tToolkit"))
    let both = try runApply(
      Invocation.parse(["apply", "--explain", "Toolkit", "--print", "topmost"]), on: tree)
    #expect(both.hasPrefix("Toolkit:\n  enabled = true (default: no rule fired)\n"))
    let error = #expect(throws: ApplyError.self) {
      try runApply(Invocation.parse(["apply", "--explain", "Nope"]), on: tree)
    }
    #expect(error?.message == "no node at path 'Nope'")
  }

  @Test("the explorer draws display labels and the style rules name for each row")
  func frames() throws {
    var tree = try SelectionTree(parsing: catalog, format: .indented)
    try applyRules(
      loadRules(
        Array(
          """
          depth < 2 => expanded <= true
          label == "Core" => displayLabel <= "Core (required)"
          isLeaf => style <= "switch"
          """.utf8), file: "r.txt"), to: &tree, file: "r.txt")
    let explorer = Explorer(tree: tree, height: 7, width: 40)
    #expect(
      Array(explorer.frame(mode: .plain).prefix(5)) == [
        "▾ [ ] Toolkit", "  ▾ [ ] Core (required)", "      (off) runtime", "  ▾ [ ] Legacy",
        "      (off) old-api",
      ])
  }
}
