import Testing
import ToggleKit

@testable import TestSupport

/// A random forest of `size` nodes: each node's parent is an earlier node (or none), so the shape is
/// random but parents come first, as preorder needs for ids to be positions.
private func randomOracle(size: Int, seed: UInt64, reach: Int) -> ContractModel {
  var generator = SeededGenerator(seed: seed)
  var parents: [Int] = []
  for node in 0..<size {
    // Attach to one of the `reach` nodes before: a small reach makes deep trees, a large one
    // shallow and bushy ones. A few nodes start new roots.
    if node == 0 || Int.random(in: 0..<50, using: &generator) == 0 {
      parents.append(-1)
    } else {
      let low = max(0, node - Int.random(in: 1...reach, using: &generator))
      parents.append(Int.random(in: low..<node, using: &generator))
    }
  }
  // Renumber in preorder so that a node's id is also its position.
  var oracle = ContractModel(parent: parents)
  let order = oracle.preorder
  var renumber = [Int](repeating: 0, count: size)
  for (position, node) in order.enumerated() { renumber[node] = position }
  oracle = ContractModel(parent: order.map { parents[$0] < 0 ? -1 : renumber[parents[$0]] })
  for node in 0..<size where oracle.isLeaf(node) {
    oracle.value[node] = Bool.random(using: &generator)
  }
  return oracle
}

/// Runs `operations` random operations on a tree and on the oracle, checking each outcome, the
/// touched node, its parent and three random nodes after each, and everything every `fullEvery`.
private func runModel(
  size: Int, reach: Int, operations: Int, seed: UInt64, fullEvery: Int
) throws {
  var generator = SeededGenerator(seed: seed)
  var oracle = randomOracle(size: size, seed: seed, reach: reach)
  var tree = try SelectionTree(oracle: oracle)
  let propagations = Propagation.allModes
  for step in 1...operations {
    let node = Int.random(in: 0..<size, using: &generator)
    let context = "seed \(seed) step \(step) node \(node)"
    // Every 1,000 steps the propagation mode changes (a rebuild), otherwise a random operation.
    let roll = Int.random(in: 0..<99, using: &generator)
    switch step % 1_000 == 0 ? 80 : (roll >= 80 ? roll + 1 : roll) {
    case 0..<40:
      #expect(try tree.toggle(node) == oracle.toggle(node), "toggle, \(context)")
    case 40..<55:
      let value = Bool.random(using: &generator)
      #expect(try tree.set(node, to: value) == oracle.write(value, from: node), "set, \(context)")
    case 55..<65:
      let lock = NodeLock.allCases.randomElement(using: &generator)!
      try tree.setLock(node, to: lock)
      oracle.lock(node, lock)
    case 65..<75:
      let disabled = Int.random(in: 0..<3, using: &generator) == 0
      try tree.setDisabled(node, to: disabled)
      oracle.disabledItself[node] = disabled
    case 75..<77:
      let value = Bool.random(using: &generator)
      let outcome = value ? tree.selectAll() : tree.deselectAll()
      #expect(outcome == oracle.writeAll(value), "all, \(context)")
    case 77..<80:
      tree.options.lockedSources = LockedSources.allCases.randomElement(using: &generator)!
      tree.options.mixedTogglesTo = MixedToggleTarget.allCases.randomElement(using: &generator)!
      tree.options.cascadesIntoDisabled = Bool.random(using: &generator)
      oracle.options = tree.options
    case 80:
      // Switching propagation reinterprets stored values; rebuild both from the oracle's values.
      let mode = propagations.randomElement(using: &generator)!
      oracle.options.propagation = mode
      for member in 0..<size where !oracle.isLeaf(member) { oracle.value[member] = false }
      for member in 0..<size where oracle.locked[member]! && !oracle.isLeaf(member) {
        oracle.locked[member] = false
      }
      tree = try SelectionTree(oracle: oracle)
    default:
      let expanded = Bool.random(using: &generator)
      try tree.setExpanded(node, to: expanded)
      oracle.expanded[node] = expanded
    }
    var probes = [node, oracle.parentIndex(node)]
    for _ in 0..<3 { probes.append(Int.random(in: 0..<size, using: &generator)) }
    for probe in probes where probe >= 0 {
      #expect(tree.state(of: probe) == oracle.state(probe), "state of \(probe), \(context)")
      #expect(tree.summary(of: probe) == oracle.summary(probe), "summary of \(probe), \(context)")
      #expect(tree.isEnabled(probe) == !oracle.isDisabled(probe), "enabled \(probe), \(context)")
    }
    if step % fullEvery == 0 {
      tree.checkInvariants()
      #expect(ContractView(tree) == ContractView(oracle), "everything, \(context)")
    }
  }
  tree.checkInvariants()
  #expect(ContractView(tree) == ContractView(oracle), "everything at the end, seed \(seed)")
}

@Suite("SelectionTree against the naive oracle: seeded random operation sequences")
struct SelectionTreeModelTests {
  @Test(
    "mixed operations on deep 1,000-node trees, invariants checked after every one (1,000 in the fast tier, 30,000 in the long one)"
  )
  func thousandNodeTrees() throws {
    for seed in UInt64(1)...2 {
      try runModel(
        size: 1_000, reach: 40, operations: Tier.size(fast: 500, long: 15_000), seed: seed,
        fullEvery: Tier.size(fast: 250, long: 1_500))
    }
  }

  @Test(
    "mixed operations on bushy 10,000-node trees, full comparison every 2,500 (every 750 on one tree of 1,500 in the fast tier, three of 25,000 in the long tier)"
  )
  func tenThousandNodeTrees() throws {
    for seed in UInt64(11)...Tier.size(fast: 11, long: 13) {
      try runModel(
        size: 10_000, reach: 10_000, operations: Tier.size(fast: 1_500, long: 25_000), seed: seed,
        fullEvery: Tier.size(fast: 750, long: 2_500))
    }
  }
}
