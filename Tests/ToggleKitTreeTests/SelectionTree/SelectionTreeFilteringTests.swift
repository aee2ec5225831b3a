import Testing

@testable import TestSupport
@testable import ToggleKit

@Suite("SelectionTree filtering: visibility, scoped writes, hidden selection untouched")
struct SelectionTreeFilteringTests {
  @Test(
    "every filter over every tree of up to four nodes (five in the long tier) × every action on every node, in both scopes",
    arguments: FilterScope.allCases)
  func everyFilterMatchesTheOracle(scope: FilterScope) throws {
    var worlds = 0
    let largest = Tier.size(fast: 4, long: 5)
    for size in 1...largest {
      for shape in orderedTrees(size) {
        for mask in 0..<(1 << size) {
          var oracle = ContractModel(parent: shape, options: .init(filterScope: scope))
          for node in 0..<size where oracle.isLeaf(node) { oracle.value[node] = node % 2 == 1 }
          for node in 0..<size where oracle.isLeaf(node) && node % 3 == 2 {
            oracle.locked[node] = true
          }
          oracle.matches = Set((0..<size).filter { mask & (1 << $0) != 0 })
          try checkEveryAction(on: oracle, context: "shape \(shape) matches \(mask) \(scope)")
          worlds += 1
        }
      }
    }
    #expect(worlds == (1...largest).map { orderedTrees($0).count << $0 }.reduce(0, +))
  }

  @Test("setting and clearing a filter never changes selection or expansion")
  func filterOnAndOffChangesNothing() throws {
    var tree = try SelectionTree(paths: ["Fruit/Apple", "Fruit/Pear", "Veg/Leek", "Veg/Kale"])
    try tree.toggle("Fruit/Pear")
    try tree.toggle("Veg")
    try tree.expand("Veg")
    let selection = tree.selection(.all)
    let expansion = tree.ids.map { tree.isExpanded($0)! }
    for text in ["app", "e", "zzz", "", "VEG"] {
      tree.setFilter(TreeFilter(text: text))
      #expect(tree.selection(.all) == selection, "under \(text)")
      #expect(tree.ids.map { tree.isExpanded($0)! } == expansion)
      tree.setFilter(nil)
      #expect(tree.selection(.all) == selection)
    }
  }

  @Test(
    "the text filter matches with smart case (lowercase ignores case, an uppercase letter respects it), as the fuzzy one, and shows ancestors of matches"
  )
  func textFilter() throws {
    var tree = try SelectionTree(paths: [
      "Fruit/Apple", "Fruit/Pear", "Veg/Leek", "Ünïcode/Straße", "Caps/APPLE",
    ])
    tree.setFilter(TreeFilter(text: "app"))
    #expect(
      tree.ids.filter { tree.isVisible($0)! } == ["Fruit", "Fruit/Apple", "Caps", "Caps/APPLE"])
    tree.setFilter(TreeFilter(text: "App"))
    #expect(tree.ids.filter { tree.isVisible($0)! } == ["Fruit", "Fruit/Apple"])
    tree.setFilter(TreeFilter(text: "APP"))
    #expect(tree.ids.filter { tree.isVisible($0)! } == ["Caps", "Caps/APPLE"])
    for label in ["Apple", "apple", "APPLE", "snApple"] {
      for query in ["app", "App", "APP", "pple", "ppLe"] {
        #expect(
          TreeFilter(text: query).matches(label, { [] })
            == (FuzzyPattern(query).isCaseSensitive
              ? label.contains(query) : label.lowercased().contains(query)),
          "one case rule: \(query) in \(label)")
      }
    }
    tree.setFilter(TreeFilter(text: "strasse"))
    #expect(tree.ids.filter { tree.isVisible($0)! }.isEmpty, "no full case folding: ß stays ß")
    tree.setFilter(TreeFilter(text: "straße"))
    #expect(tree.ids.filter { tree.isVisible($0)! } == ["Ünïcode", "Ünïcode/Straße"])
    tree.setFilter(TreeFilter(path: { $0.first == "Veg" }))
    #expect(tree.ids.filter { tree.isVisible($0)! } == ["Veg", "Veg/Leek"])
    #expect(tree.isFiltered)
  }

  @Test("select-all under a search selects only what the search shows (scope .visible)")
  func selectAllUnderSearch() throws {
    var tree = try SelectionTree(paths: ["Fruit/Apple", "Fruit/Pear", "Veg/Leek"])
    tree.setFilter(TreeFilter(text: "apple"))
    #expect(tree.selectAll() == ToggleOutcome(changed: 1, blocked: 2))
    tree.setFilter(nil)
    #expect(tree.selection(.leaves) == ["Fruit/Apple"])
    tree.setFilter(TreeFilter(text: "apple"))
    tree.options.filterScope = .all
    #expect(tree.selectAll() == ToggleOutcome(changed: 2, blocked: 0))
  }

  @Test("the summary reports how many selected leaves the filter hides")
  func hiddenSelectedCount() throws {
    var tree = try SelectionTree(paths: ["Fruit/Apple", "Fruit/Pear", "Fruit/Fig"])
    try tree.toggle("Fruit")
    tree.setFilter(TreeFilter(text: "pear"))
    #expect(tree.summary(of: "Fruit")?.hiddenOn == 2)
    #expect(tree.hiddenCounts.nodes == 2)
    #expect(tree.hiddenCounts.selectedLeaves == 2)
    #expect(tree.state(of: "Fruit") == .on, "under .visible the visible pear decides")
    try tree.toggle("Fruit")
    tree.setFilter(nil)
    #expect(tree.selection(.leaves) == ["Fruit/Apple", "Fruit/Fig"])
  }
}
