import Testing
import ToggleKit
import ToggleKitRules

@testable import TestSupport

/// A tree of nodes labelled n0, n1, … from a parent array, with the given leaves selected.
private func labelledTree(_ parents: [Int], selected: Set<Int>) throws -> SelectionTree<Int> {
  let entries = parents.indices.map { node in
    SelectionTree<Int>.Entry(
      id: node, parent: parents[node] < 0 ? nil : parents[node], label: "n\(node)",
      isSelected: selected.contains(node))
  }
  return try SelectionTree(entries: entries)
}

private func leaves(_ parents: [Int]) -> [Int] {
  parents.indices.filter { node in !parents.contains(node) }
}

private func configurations(_ tree: SelectionTree<Int>) -> [ToggleConfiguration] {
  tree.ids.map { tree.configuration(of: $0)! }
}

/// Rules text that gives node i the i-th setting, one rule per node.
private func rulesText(_ lines: [String]) throws -> RuleModel {
  try RuleModel(parsing: lines.joined(separator: "\n"), vocabulary: .selectionTree)
}

@Suite("Rules on selection trees")
struct SelectionTreeRulesTests {
  @Test(
    "rule-derived disabling gives the same states as explicit disabling, before and after every toggle, on every tree of up to four nodes (five in the long tier)",
    arguments: 1...Tier.size(fast: 4, long: 5))
  func disablingMatchesExplicit(size: Int) throws {
    var worlds = 0
    for parents in orderedTrees(size) {
      let leafNodes = leaves(parents)
      for selectionMask in 0..<(1 << leafNodes.count) {
        let selected = Set(
          leafNodes.indices.filter { selectionMask >> $0 & 1 == 1 }.map { leafNodes[$0] })
        for disabledMask in 0..<(1 << size) {
          let disabled = (0..<size).filter { disabledMask >> $0 & 1 == 1 }
          var explicit = try labelledTree(parents, selected: selected)
          for node in disabled { try explicit.setDisabled(node, to: true) }
          var derived = try labelledTree(parents, selected: selected)
          try derived.applyRules(
            rulesText(disabled.map { "label == \"n\($0)\" => enabled <= false" }))
          #expect(ContractView(derived) == ContractView(explicit), "\(parents) \(disabled)")
          #expect(configurations(derived) == configurations(explicit))
          for node in 0..<size {
            var a = explicit
            var b = derived
            #expect(try a.toggle(node) == b.toggle(node))
            #expect(ContractView(a) == ContractView(b), "\(parents) \(disabled) toggle \(node)")
          }
          worlds += 1
        }
      }
    }
    #expect(worlds > 0)
  }

  @Test(
    "rule-derived locks give the same states as setLock in preorder, before and after every toggle",
    arguments: 1...4)
  func locksMatchExplicit(size: Int) throws {
    let locks: [NodeLock] = [.none, .on, .off]
    for parents in orderedTrees(size) {
      let leafNodes = leaves(parents)
      let selected = Set(leafNodes.prefix(1))
      var assignment = [Int](repeating: 0, count: size)
      repeat {
        var explicit = try labelledTree(parents, selected: selected)
        for node in 0..<size where assignment[node] != 0 {
          try explicit.setLock(node, to: locks[assignment[node]])
        }
        var derived = try labelledTree(parents, selected: selected)
        try derived.applyRules(
          rulesText(
            (0..<size).filter { assignment[$0] != 0 }.map {
              "label == \"n\($0)\" => locked <= \(locks[assignment[$0]])"
            }))
        #expect(ContractView(derived) == ContractView(explicit), "\(parents) \(assignment)")
        for node in 0..<size {
          var a = explicit
          var b = derived
          #expect(try a.toggle(node) == b.toggle(node))
          #expect(ContractView(a) == ContractView(b), "\(parents) \(assignment) toggle \(node)")
        }
        // Next assignment, counting in base 3.
        var digit = 0
        while digit < size {
          assignment[digit] += 1
          if assignment[digit] < 3 { break }
          assignment[digit] = 0
          digit += 1
        }
        if digit == size { break }
      } while true
    }
  }

  static let text = """
    Catalog
      [ ] Fruit
        [x] Apple {kind=required}
        [ ] Pear
      [ ] Legacy
        [ ] Floppy
      [ D] Veg
        [ ] Leek
    """

  static let rules = """
    label == "Legacy" => enabled <= false
    attributes.kind == "required" => locked <= on
    depth < 1 => expanded <= true
    label == "Fruit" && state == on => displayLabel <= "Fruit (all)"
    !isLeaf && state == on => style <= "switch"
    enabled <= true
    """

  func catalog() throws -> SelectionTree<String> {
    try SelectionTree(parsing: Self.text, format: .indented, file: "catalog.txt")
  }

  @Test("data disabling and locks are explicit: a rule cannot undo them")
  func explicitDataWins() throws {
    var tree = try catalog()
    try tree.applyRules(rulesText([Self.rules]))
    #expect(tree.isEnabled("Catalog/Veg") == false)
    #expect(tree.isEnabled("Catalog/Legacy/Floppy") == false)
    #expect(tree.isLocked("Catalog/Fruit/Apple") == true)
    #expect(tree.state(of: "Catalog/Fruit/Apple") == .on)
    #expect(tree.isExpanded("Catalog") == true)
    #expect(tree.isExpanded("Catalog/Fruit") == false)
    let explanation = tree.ruleContext(of: "Catalog/Veg")!.explain(\.isEnabled)
    #expect("\(explanation)" == "enabled = false (set explicitly; rules not consulted)")
    let legacy = tree.ruleContext(of: "Catalog/Legacy")!.explain(\.isEnabled)
    #expect(
      "\(legacy)" == """
        enabled = false (from <input>:1:1)
          fired        <input>:1:1: label == "Legacy" => enabled <= false
          not reached  <input>:6:1: enabled <= true
        """)
  }

  @Test("display labels and style names follow the state, recomputed only for nodes that read it")
  func displayFollowsState() throws {
    let counter = Counter()
    let rules = try RuleModel(
      parsing: Self.rules, vocabulary: .selectionTree,
      fallback: RuleModel {
        RuleAssignment(\.styleName, "counted") { _ in
          counter.increment()
          return ""
        }
      })
    var tree = try catalog()
    try tree.applyRules(rules)
    // Apple is locked on by a rule, and locked leaves do not count: Fruit shows Pear's off.
    #expect(tree.state(of: "Catalog/Fruit") == .off)
    #expect(tree.displayLabel(of: "Catalog/Fruit") == "Fruit")
    #expect(tree.displayLabel(of: "Catalog/Fruit/Pear") == "Pear")
    #expect(tree.styleName(of: "Catalog/Fruit") == "")
    #expect(tree.styleName(of: "Catalog/Fruit/Pear") == "")
    let before = counter.count
    #expect(tree.styleName(of: "Catalog/Fruit/Pear") == "")
    #expect(counter.count == before)  // cached
    try tree.toggle("Catalog/Fruit/Pear")
    #expect(tree.displayLabel(of: "Catalog/Fruit") == "Fruit (all)")
    #expect(tree.configuration(of: "Catalog/Fruit")?.label == "Fruit (all)")
    #expect(tree.styleName(of: "Catalog/Fruit") == "switch")
    // Pear's rules stopped at `label == "Fruit"` and `!isLeaf` without reading its state, so its
    // state change does not re-derive them.
    #expect(tree.styleName(of: "Catalog/Fruit/Pear") == "")
    #expect(tree.displayLabel(of: "Catalog/Fruit/Pear") == "Pear")
    #expect(counter.count == before)
  }

  @Test(
    "a writability rule that reads the state is an error naming the rule; the tree is unchanged")
  func writabilityCannotReadState() throws {
    var tree = try catalog()
    let before = ContractView.strings(tree)
    #expect(
      throws: RuleError.writabilityDependsOnState(
        key: "enabled", node: "Catalog", rule: "rules.txt:1:1: state == on => enabled <= false")
    ) {
      try tree.applyRules(
        RuleModel(
          parsing: "state == on => enabled <= false", vocabulary: .selectionTree,
          file: "rules.txt"))
    }
    #expect(ContractView.strings(tree) == before)
    #expect(tree.rules == nil)
  }

  @Test("a cycle in writability rules is an error; in display rules the label is shown")
  func cyclesInTrees() throws {
    var tree = try catalog()
    #expect(throws: RuleError.cycle(["enabled", "enabled"])) {
      try tree.applyRules(RuleModel { RuleAssignment(\.isEnabled) { $0.isEnabled } })
    }
    try tree.applyRules(
      rulesText(["displayLabel <= style", "style <= displayLabel"]))
    #expect(tree.displayLabel(of: "Catalog/Fruit") == "Fruit")
  }

  @Test("applying other rules first restores the locks and disabling from before")
  func replacingRules() throws {
    var tree = try catalog()
    let before = ContractView.strings(tree, expansion: false)
    try tree.applyRules(rulesText([Self.rules]))
    #expect(tree.isEnabled("Catalog/Legacy") == false)
    try tree.applyRules(rulesText(["label == \"Pear\" => locked <= off"]))
    #expect(tree.isEnabled("Catalog/Legacy") == true)
    #expect(tree.isLocked("Catalog/Fruit/Pear") == true)
    tree.removeRules()
    #expect(ContractView.strings(tree, expansion: false) == before)
  }

  @Test("a reload re-derives rules only for nodes whose facts they read changed")
  func reloadReevaluatesOnlyAffected() throws {
    let counter = Counter()
    let rules = RuleModel {
      RuleAssignment(\.isEnabled, "label is not Old") { context in
        counter.increment()
        return context.label != "Old"
      }
      (\.attributes["kind"] == "required") => (\.lock <= .on)
    }
    var tree = try SelectionTree(paths: ["A/x", "A/y", "B/Old", "B/z"])
    try tree.setExpanded("B", to: true)
    try tree.applyRules(rules)
    #expect(counter.count == 6)
    #expect(tree.isEnabled("B/Old") == false)
    try tree.toggle("A/x")
    // Rename B/z's label (same id), add a node, and move A/y under B: its label is unchanged.
    let fresh = try SelectionTree<String>(entries: [
      .init(id: "A", parent: nil, label: "A"),
      .init(id: "A/x", parent: "A", label: "x"),
      .init(id: "B", parent: nil, label: "B"),
      .init(id: "A/y", parent: "B", label: "y"),
      .init(id: "B/Old", parent: "B", label: "Old"),
      .init(id: "B/z", parent: "B", label: "Old"),
      .init(id: "B/new", parent: "B", label: "new"),
    ])
    tree.reload(from: fresh)
    #expect(counter.count == 6 + 2)  // B/z (label changed) and B/new
    #expect(tree.isEnabled("B/z") == false)
    #expect(tree.isEnabled("A/y") == true)
    #expect(tree.state(of: "A/x") == .on)
    #expect(tree.isExpanded("B") == true)
    #expect(tree.rules != nil)
  }

  @Test("a reload drops locks whose rule no longer matches and keeps locks from the data")
  func reloadRederivesLocks() throws {
    let rules = try rulesText(["attributes.kind == \"required\" => locked <= on"])
    var tree = try SelectionTree(
      parsing: "[ ] a {kind=required}\n[xL] b\n[ ] c", format: .indented)
    try tree.applyRules(rules)
    #expect(tree.isLocked("a") == true)
    #expect(tree.state(of: "a") == .on)
    let fresh = try SelectionTree(
      parsing: "[ ] a\n[x] b\n[ ] c {kind=required}", format: .indented)
    tree.reload(from: fresh)
    #expect(tree.isLocked("a") == false)
    #expect(tree.state(of: "a") == .on)  // the value stays; only the lock went
    #expect(tree.isLocked("b") == true)  // locked by the old data, carried as reloads do
    #expect(tree.isLocked("c") == true)
    #expect(tree.rulesError == nil)
  }

  @Test("initial expansion comes from rules for new nodes; expansion the user chose stays")
  func expansion() throws {
    let rules = try rulesText(["!isLeaf => expanded <= true"])
    var tree = try SelectionTree(paths: ["A/x", "B/y"])
    try tree.applyRules(rules)
    #expect(tree.isExpanded("A") == true)
    try tree.collapse("A")
    tree.reload(from: try SelectionTree(paths: ["A/x", "B/y", "C/z"]))
    #expect(tree.isExpanded("A") == false)
    #expect(tree.isExpanded("C") == true)
  }
}

extension ContractView {
  /// Everything observable of a string-keyed tree, as text, for before/after comparisons.
  static func strings(_ tree: SelectionTree<String>, expansion: Bool = true) -> [String] {
    tree.ids.map { id in
      "\(id) \(tree.state(of: id)!) locked=\(tree.isLocked(id)!) enabled=\(tree.isEnabled(id)!)"
        + (expansion ? " expanded=\(tree.isExpanded(id)!)" : "")
    }
  }
}
