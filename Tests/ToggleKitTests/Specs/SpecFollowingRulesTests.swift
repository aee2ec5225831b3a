import TestSupport
import Testing

@testable import ToggleKit

@Suite("A tree's spec that follows a filter file's rules")
struct SpecFollowingRulesTests {
  @Test(
    "the spec decides each node where the rules' verdict differs from its parent's, and the tree set to it selects what the rules select"
  )
  func specFollowsTheRules() throws {
    var tree = try SelectionTree(
      paths: ["src/main.c", "src/main.o", "src/vendor/lib.c", "docs/a.md", "README"])
    let rules = try FilterRules(rsyncFilter: "- *.o\n- /src/vendor/\n")
    let spec = try tree.selectionSpec(following: rules)
    #expect(spec.text == "+ README\n+ docs\n+ src\n- src/main.o\n- src/vendor\n")
    let result = tree.setSelection(to: spec)
    #expect(result.isComplete && result.changed == 3)
    #expect(tree.selectedLeafIDs == ["src/main.c", "docs/a.md", "README"])
    for id in tree.ids where tree.children(of: id).isEmpty {
      #expect(
        (tree.state(of: id) == .on) == rules.isSelected(tree.labelPath(of: id), isFolder: false))
    }
  }

  @Test(
    "nothing below a folder the rules exclude is selected or decided, whatever a later rule says of it"
  )
  func excludedFoldersAreNotEntered() throws {
    let tree = try SelectionTree(paths: ["a/keep", "a/b/keep", "c"])
    let rules = try FilterRules(rsyncFilter: "- /a/\n+ keep\n")
    // `a` is off as a node outside every decision is: no decision needed.
    #expect(try tree.selectionSpec(following: rules).text == "+ c\n")
    let git = FilterRules(gitignore: "a/\n!keep\n")
    #expect(try tree.selectionSpec(following: git).text == "+ c\n")
  }

  @Test(
    "a gitignore decides only below its folder: the folder and what lies outside it are selected"
  )
  func gitignoreUnderItsFolder() throws {
    let tree = try SelectionTree(paths: ["proj/build/x", "proj/src/y.log", "proj/z", "other/x.log"])
    let rules = FilterRules(gitignore: "build/\n*.log\n", under: ["proj"])
    #expect(
      try tree.selectionSpec(following: rules).text
        == "+ other\n+ proj\n- proj/build\n- proj/src/y.log\n")
  }

  @Test(
    "an empty folder is a folder to the rules when its kind attribute says directory, as directory trees mark them"
  )
  func emptyFoldersByTheirKind() throws {
    let tree = try SelectionTree(
      entries: [
        .init(id: "t", parent: nil, label: "t"),
        .init(id: "t/empty", parent: "t", label: "empty", attributes: ["kind": "directory"]),
        .init(id: "t/file", parent: "t", label: "file"),
      ])
    let rules = try FilterRules(rsyncFilter: "- */\n")
    #expect(try tree.selectionSpec(following: rules).isEmpty, "t is a folder too")
    let files = try FilterRules(rsyncFilter: "- /t/*/\n")
    #expect(try tree.selectionSpec(following: files).text == "+ t\n- t/empty\n")
  }

  @Test(
    "nodes that share a label path but get different verdicts (a folder and a file of one name) are refused; ones that agree are one decision"
  )
  func sharedPathsThatDisagreeAreRefused() throws {
    let tree = try SelectionTree(
      entries: [
        .init(id: 1, parent: nil, label: "a"), .init(id: 2, parent: 1, label: "x"),
        .init(id: 3, parent: nil, label: "a"),
      ])
    #expect(throws: SelectionSpecError.sharedLabelPath(["a"])) {
      try tree.selectionSpec(following: try FilterRules(rsyncFilter: "- */\n"))
    }
    #expect(
      try tree.selectionSpec(following: try FilterRules(rsyncFilter: "- x\n")).text
        == "+ a\n- a/x\n")
  }

  @Test("labels are matched by their bytes: a pattern for one normalisation leaves its twin")
  func twinsAreTwoNames() throws {
    let tree = try SelectionTree(paths: ["caf\u{E9}", "cafe\u{301}"])
    let rules = try FilterRules(rsyncFilter: "- caf\u{E9}\n")
    let spec = try tree.selectionSpec(following: rules)
    #expect(spec.decisions.map(\.isIncluded) == [true])
    #expect(spec.decisions.first.map { LabelBytes.same($0.path[0], "cafe\u{301}") } == true)
  }
}
