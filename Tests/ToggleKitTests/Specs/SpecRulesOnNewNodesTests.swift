import TestSupport
import Testing

@testable import ToggleKit

@Suite("Edits under kept rules ask the rules about the nodes they bring, move or rename only")
struct SpecRulesOnNewNodesTests {
  @Test(
    "a parent that was a leaf is asked again by its new kind: a file the folder rule spared becomes a folder the rule excludes"
  )
  func aLeafThatBecomesAFolderIsAskedAgain() throws {
    var tree = try SelectionTree(paths: ["build", "src/a.c"])
    tree.setSelection(to: SelectionSpec(rules: try FilterRules(rsyncFilter: "- build/\n")))
    #expect(tree.selectedLeafIDs == ["build", "src/a.c"])
    try tree.insert([.init(id: "build/x.c", parent: "build", label: "x.c")], under: "build")
    #expect(tree.state(of: "build") == .off && tree.state(of: "build/x.c") == .off)
    // An append that makes a leaf a folder: the same.
    var appended = try SelectionTree(paths: ["src/a.c", "gen"])
    appended.setSelection(to: SelectionSpec(rules: try FilterRules(rsyncFilter: "- gen/\n")))
    #expect(appended.state(of: "gen") == .on)
    let gen = try #require(appended.ids.firstIndex(of: "gen"))
    let done = appended.appendInPreorder(ids: ["gen/y"], labels: ["y"], parents: [Int32(gen)])
    #expect(done)
    #expect(appended.state(of: "gen") == .off && appended.state(of: "gen/y") == .off)
    // Where a parent keeps its own value, the parent's own verdict shows.
    var independent = try SelectionTree(
      paths: ["build", "src/a.c"], options: .init(propagation: .independent))
    independent.setSelection(to: SelectionSpec(rules: try FilterRules(rsyncFilter: "- build/\n")))
    try independent.insert([.init(id: "build/x", parent: "build", label: "x")], under: "build")
    #expect(independent.state(of: "build") == .off)
  }

  @Test(
    "a folder that loses its last child, or gains its first by a move, is asked again by its new kind; a moved or renamed subtree by its new path"
  )
  func movesRemovalsAndRenamesAskTheRulesAgain() throws {
    let rules = try FilterRules(rsyncFilter: "- tmp/\n- *.o\n- /old/\n")
    let options = SelectionTree<String>.Options(propagation: .independent)
    var tree = try SelectionTree(paths: ["tmp/a", "src/b.c", "x/tmp"], options: options)
    tree.setSelection(to: SelectionSpec(rules: rules))
    #expect(tree.state(of: "tmp") == .off && tree.state(of: "x/tmp") == .on)
    try tree.remove("tmp/a")
    #expect(tree.state(of: "tmp") == .on)
    try tree.move("src/b.c", under: "x/tmp")
    #expect(tree.state(of: "x/tmp") == .off && tree.state(of: "src/b.c") == .off)
    #expect(tree.state(of: "src") == .on)
    try tree.move("src/b.c", under: "src")
    #expect(tree.state(of: "x/tmp") == .on && tree.state(of: "src/b.c") == .on)
    try tree.relabel("src", to: "old")
    #expect(tree.state(of: "src") == .off && tree.state(of: "src/b.c") == .off)
    try tree.relabel("src/b.c", to: "b.o")
    try tree.relabel("src", to: "new")
    #expect(tree.state(of: "src") == .on && tree.state(of: "src/b.c") == .off)
  }

  @Test(
    "new nodes under a folder the rules exclude stay out though a later rule would include them; a decision on their path overrides the rules"
  )
  func newNodesFollowTheWalkAndTheDecisions() throws {
    var tree = try SelectionTree(paths: ["out/a.c", "src/a.c"])
    let rules = try FilterRules(rsyncFilter: "- /out/\n+ *.c\n- *.o\n")
    tree.setSelection(to: SelectionSpec([.init(["src", "keep"], isIncluded: false)], rules: rules))
    try tree.insert([.init(id: "out/b.c", parent: "out", label: "b.c")], under: "out")
    try tree.insert(
      [
        .init(id: "src/keep", parent: "src", label: "keep"),
        .init(id: "src/keep/k.c", parent: "src/keep", label: "k.c"),
        .init(id: "src/b.o", parent: "src", label: "b.o"),
        .init(id: "src/b.c", parent: "src", label: "b.c"),
      ], under: "src", at: 0)
    #expect(tree.selectedLeafIDs == ["src/b.c", "src/a.c"])
  }

  @Test(
    "seeded random inserts, appends, removals, moves and renames under kept rules and decisions, in every propagation, leave the tree as setting it to its kept spec again would: that writes nothing"
  )
  func incrementalFollowingAgreesWithTheWholeTree() throws {
    let names = ["a", "b", "a.o", "b.c"]
    let lines = ["- *.o", "- /a/", "- b/", "+ /b/b.c", "- a", "+ **/b.c", "- /a/*/b"]
    var checked = 0
    for seed in 0..<Tier.size(fast: 40, long: 400) {
      var generator = SeededGenerator(seed: UInt64(seed))
      func name() -> String { names.randomElement(using: &generator)! }
      let propagation = Propagation.allModes.randomElement(using: &generator)!
      // Ids that are paths, or own ids; nodes that come later have their own.
      var tree =
        seed % 2 == 0
        ? try SelectionTree(paths: ["a/b", "b"], options: .init(propagation: propagation))
        : try SelectionTree(
          entries: [
            .init(id: "#a", parent: nil, label: "a"), .init(id: "#ab", parent: "#a", label: "b"),
            .init(id: "#b", parent: nil, label: "b"),
          ], options: .init(propagation: propagation))
      let rules = try FilterRules(
        rsyncFilter: (0..<Int.random(in: 1...3, using: &generator)).map { _ in
          lines.randomElement(using: &generator)!
        }.joined(separator: "\n"))
      var decisions: [SelectionSpec.Decision] = []
      if Bool.random(using: &generator) {
        decisions.append(.init([name(), name()], isIncluded: Bool.random(using: &generator)))
      }
      tree.setSelection(to: SelectionSpec(decisions, rules: rules))
      var done: [String] = ["\(propagation)"]
      for step in 0..<8 {
        let parent =
          Bool.random(using: &generator) ? tree.ids.randomElement(using: &generator) : nil
        let label = name()
        let id = "#\(step)"
        let node = tree.ids.randomElement(using: &generator)!
        let operation = Int.random(in: 0..<5, using: &generator)
        done.append("\(operation) \(node) \(parent ?? "-") \(label)")
        switch operation {
        case 0:
          try tree.insert([.init(id: id, parent: parent, label: label)], under: parent)
        case 1:
          if tree.parent(of: node) != nil
            || tree.ids.filter({ tree.parent(of: $0) == nil }).count > 1
          {
            try tree.remove(node)
          }
        case 2:
          do {
            try tree.move(node, under: parent)
          } catch {
            guard case .cycle = error else { throw error }
          }
        case 3:
          try tree.relabel(node, to: label)
        default:
          // The last node or one of its ancestors: the append extends the preorder.
          var anchor = tree.ids.last
          for _ in 0..<Int.random(in: 0...2, using: &generator) where anchor != nil {
            anchor = tree.parent(of: anchor!)
          }
          let position = anchor.flatMap { tree.ids.firstIndex(of: $0) } ?? -1
          let appended = tree.appendInPreorder(
            ids: ["#\(step)"], labels: [label],
            parents: [Int32(position)])
          #expect(appended)
        }
        let kept = try #require(tree.keptDecisions)
        var again = tree
        let result = again.setSelection(to: kept)
        #expect(result.changed == 0, "seed \(seed): \(done) \(kept.text.debugDescription)")
        checked += 1
      }
    }
    #expect(checked > 0)
  }
}
