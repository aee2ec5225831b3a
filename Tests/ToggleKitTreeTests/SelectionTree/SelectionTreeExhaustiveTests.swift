import Testing

@testable import TestSupport
@testable import ToggleKit

/// What a test does to one node.
enum TreeAction: CaseIterable, CustomStringConvertible {
  case toggle, setOn, setOff

  var description: String {
    switch self {
    case .toggle: "toggle"
    case .setOn: "set on"
    case .setOff: "set off"
    }
  }

  func apply(to tree: inout SelectionTree<Int>, _ node: Int) throws -> ToggleOutcome {
    switch self {
    case .toggle: try tree.toggle(node)
    case .setOn: try tree.set(node, to: true)
    case .setOff: try tree.set(node, to: false)
    }
  }

  func apply(to oracle: inout ContractModel, _ node: Int) -> ToggleOutcome {
    switch self {
    case .toggle: oracle.toggle(node)
    case .setOn: oracle.write(true, from: node)
    case .setOff: oracle.write(false, from: node)
    }
  }
}

/// The option sets the exhaustive worlds run under: every propagation mode with the defaults, and
/// the other policy and mixed target with full propagation.
let exhaustiveOptions: [SelectionTree<Int>.Options] =
  Propagation.allModes.map { SelectionTree<Int>.Options(propagation: $0) } + [
    .init(lockedSources: .counted),
    .init(mixedTogglesTo: .off),
    .init(lockedSources: .counted, mixedTogglesTo: .off),
  ]

/// Runs every action on every node of a tree built from `oracle`, comparing everything observable
/// with the oracle before and after; returns how many actions ran.
@discardableResult
func checkEveryAction(on oracle: ContractModel, context: String) throws -> Int {
  let tree = try SelectionTree(oracle: oracle)
  guard ContractView(tree) == ContractView(oracle) else {
    Issue.record(
      "before any action, \(context): \(ContractView(tree)) ≠ oracle \(ContractView(oracle))")
    return 0
  }
  var actions = 0
  for node in 0..<oracle.count {
    for action in TreeAction.allCases {
      var copy = tree
      var expected = oracle
      let outcome = try action.apply(to: &copy, node)
      let expectedOutcome = action.apply(to: &expected, node)
      #expect(outcome == expectedOutcome, "\(action) n\(node), \(context)")
      let observed = ContractView(copy)
      let oracleObserved = ContractView(expected)
      #expect(observed == oracleObserved, "after \(action) n\(node), \(context)")
      actions += 1
    }
  }
  return actions
}

@Suite("SelectionTree: every small tree, every leaf assignment, every action, every mode")
struct SelectionTreeExhaustiveTests {
  @Test("there are 1, 1, 2, 5, 14 and 42 ordered trees of 1 to 6 nodes")
  func shapeCounts() {
    #expect((1...6).map { orderedTrees($0).count } == [1, 1, 2, 5, 14, 42])
  }

  @Test(
    "states, summaries, locks, outcomes and selections on every tree of up to five nodes (four but under the default options in the fast tier; six in the long tier) and every leaf assignment match the naive oracle",
    arguments: exhaustiveOptions)
  func everyWorldMatchesTheOracle(options: SelectionTree<Int>.Options) throws {
    let largest = options == exhaustiveOptions[0] ? 5 : 4
    try everyWorld(upTo: Tier.size(fast: largest, long: 6), options: options)
  }

  /// Checks every action on every world of up to `largest` nodes against the oracle.
  private func everyWorld(upTo largest: Int, options: SelectionTree<Int>.Options) throws {
    var actions = 0
    for size in 1...largest {
      for shape in orderedTrees(size) {
        let base = ContractModel(parent: shape, options: options)
        let leaves = (0..<size).filter(base.isLeaf)
        for assignment in everyConfiguration(upTo: leaves.count)
        where assignment.count == leaves.count {
          var oracle = base
          for (leaf, kind) in zip(leaves, assignment) {
            oracle.value[leaf] = kind.isOn
            oracle.locked[leaf] = kind.isLocked
          }
          actions += try checkEveryAction(
            on: oracle, context: "shape \(shape) leaves \(assignment) \(options.propagation)")
        }
      }
    }
    #expect(actions > (largest < 5 ? 1_000 : Tier.size(fast: 10_000, long: 50_000)))
  }

  @Test(
    "with blocks of one node, so that every world (of up to four nodes in the fast tier, whose blocks cross already) crosses block boundaries and lazy maps, states and outcomes still match the oracle",
    arguments: Propagation.allModes)
  func everyWorldWithTinyBlocks(propagation: Propagation) throws {
    try NodeStates.$testingBlockShift.withValue(0) {
      try everyWorld(upTo: Tier.size(fast: 4, long: 6), options: .init(propagation: propagation))
    }
  }

  @Test(
    "every placement of one or two disabled nodes in every tree of up to five nodes (six in the long tier): resolved isEnabled and cascades match the oracle",
    arguments: [false, true])
  func disabledPlacements(cascadesIntoDisabled: Bool) throws {
    var worlds = 0
    for size in 1...Tier.size(fast: 5, long: 6) {
      for shape in orderedTrees(size) {
        for disabled in everyDisabledPlacement(size: size) {
          for propagation in [Propagation.both, .independent] {
            var oracle = ContractModel(
              parent: shape,
              options: .init(propagation: propagation, cascadesIntoDisabled: cascadesIntoDisabled))
            for node in 0..<size where node % 3 == 1 { oracle.value[node] = true }
            for node in 0..<size where node % 4 == 3 && oracle.isLeaf(node) {
              oracle.locked[node] = true
            }
            for node in disabled { oracle.disabledItself[node] = true }
            try checkEveryAction(on: oracle, context: "shape \(shape) disabled \(disabled)")
            worlds += 1
          }
        }
      }
    }
    #expect(worlds > Tier.size(fast: 400, long: 1_000))
  }

  @Test("selectAll and deselectAll match the oracle in every mode over every shape")
  func selectAllEverywhere() throws {
    for options in exhaustiveOptions + [.init(cascadesIntoDisabled: true)] {
      for size in 1...6 {
        for shape in orderedTrees(size) {
          var oracle = ContractModel(parent: shape, options: options)
          for node in 0..<size {
            oracle.value[node] = node % 2 == 0
            oracle.locked[node] = node % 5 == 4 && oracle.isLeaf(node)
          }
          oracle.disabledItself[size - 1] = true
          var tree = try SelectionTree(oracle: oracle)
          #expect(tree.selectAll() == oracle.writeAll(true), "\(shape)")
          #expect(ContractView(tree) == ContractView(oracle), "\(shape) after selectAll")
          #expect(tree.deselectAll() == oracle.writeAll(false), "\(shape)")
          #expect(ContractView(tree) == ContractView(oracle), "\(shape) after deselectAll")
        }
      }
    }
  }
}
