import Testing

@testable import TestSupport
@testable import ToggleKit

/// Every world of up to `size` nodes: each ordered forest, each assignment of leaf kinds.
func contractWorlds(upTo size: Int) -> [[ContractModel.Datum]] {
  var worlds: [[ContractModel.Datum]] = []
  for count in 1...size {
    for shape in orderedForests(count) {
      let leaves = (0..<count).filter { node in !shape.contains(node) }
      for assignment in everyConfiguration(upTo: leaves.count)
      where assignment.count == leaves.count {
        var data = (0..<count).map {
          ContractModel.Datum(id: $0, parent: shape[$0] < 0 ? nil : shape[$0])
        }
        for (leaf, kind) in zip(leaves, assignment) {
          data[leaf] = kind.datum(leaf, parent: data[leaf].parent)
        }
        worlds.append(data)
      }
    }
  }
  return worlds
}

/// Applies `operation` to both and records every difference; returns false when they differ.
@discardableResult
func expectAgreement(
  _ operation: ContractOperation, _ tree: inout SelectionTree<Int>, _ model: inout ContractModel,
  _ context: @autoclosure () -> String
) throws -> Bool {
  let (outcome, expected) = try operation.apply(to: &tree, &model)
  guard outcome == expected else {
    Issue.record(
      "\(operation): outcome \(String(describing: outcome)) ≠ \(String(describing: expected)), \(context())"
    )
    return false
  }
  let view = ContractView(tree)
  let expectedView = ContractView(model)
  guard view == expectedView else {
    Issue.record("after \(operation), \(context()):\n  tree  \(view)\n  model \(expectedView)")
    return false
  }
  return true
}

@Suite("The contract where features meet: every pair of operations against the reference model")
struct ContractPairTests {
  @Test("there are 5,908 worlds of up to five nodes with four leaf kinds")
  func worldCount() {
    #expect(contractWorlds(upTo: 5).count == 5_908)
    #expect(contractWorlds(upTo: 3).count == 140)
  }

  @Test(
    "every pair of operations from the whole alphabet, on every world of up to two nodes (three in the long tier) and every leaf kind, matches the model (blocks of two; one pair in forty-five in the fast tier and one in twenty in the long one, every operation first and second)",
    arguments: Propagation.allModes)
  func everyPair(propagation: Propagation) throws {
    let pairs = try NodeStates.$testingBlockShift.withValue(1) {
      try runPairs(
        worlds: contractWorlds(upTo: Tier.size(fast: 2, long: 3)), propagation: propagation,
        oneIn: Tier.size(fast: 45, long: 20))
    }
    #expect(pairs > Tier.size(fast: 650, long: 22_000))
  }

  @Test(
    "every pair of operations on every five-node tree (three in the fast tier), its leaves cycling through the kinds, matches the model (blocks of one; one pair in six in the fast tier and one in sixteen in the long one, every operation first and second)"
  )
  func everyPairOnFiveNodes() throws {
    let size = Tier.size(fast: 3, long: 5)
    let worlds = orderedForests(size).map { shape in
      (0..<size).map { node in
        let parent = shape[node] < 0 ? nil : shape[node]
        return shape.contains(node)
          ? ContractModel.Datum(id: node, parent: parent)
          : SourceKind.allCases[node % 4].datum(node, parent: parent)
      }
    }
    let pairs = try NodeStates.$testingBlockShift.withValue(0) {
      try runPairs(worlds: worlds, propagation: .both, oneIn: Tier.size(fast: 6, long: 16))
    }
    #expect(pairs > Tier.size(fast: 700, long: 20_000))
  }

  @Test(
    "every operation on every world of four nodes (every third one of three in the fast tier) and every leaf kind matches the model",
    arguments: Propagation.allModes)
  func everyOperationOnFourNodes(propagation: Propagation) throws {
    let size = Tier.size(fast: 3, long: 4)
    // The fast tier takes every third world of three nodes.
    let worlds = contractWorlds(upTo: size).filter { $0.count == size }.enumerated()
      .filter { Tier.isLong || $0.offset % 3 == 0 }.map(\.element)
    let operations = try NodeStates.$testingBlockShift.withValue(1) {
      try runPairs(worlds: worlds, propagation: propagation, depth: 1)
    }
    #expect(operations > Tier.size(fast: 1_000, long: 60_000))
  }

  @Test(
    "every operation on every world of five nodes and every leaf kind matches the model",
    .longTier)
  func everyOperationOnFiveNodes() throws {
    let worlds = contractWorlds(upTo: 5).filter { $0.count == 5 }
    let operations = try NodeStates.$testingBlockShift.withValue(1) {
      try runPairs(worlds: worlds, propagation: .both, depth: 1)
    }
    #expect(operations > 500_000)
  }

  /// Runs every operation, then (at depth 2) every operation again — or one in `oneIn`, the
  /// second operations of each first shifted by its place, so that every operation is both first
  /// and second — from every world; returns the sequences run.
  private func runPairs(
    worlds: [[ContractModel.Datum]], propagation: Propagation, depth: Int = 2, oneIn: Int = 1
  ) throws -> Int {
    var pairs = 0
    let options = SelectionTree<Int>.Options(propagation: propagation)
    for data in worlds {
      let tree = try SelectionTree(contract: data, options: options)
      let model = ContractModel(data: data, options: options)
      let context =
        "world \(data.map { "\($0.id)<\($0.parent.map(String.init) ?? "-") \($0.isSelected ? "on" : "") \($0.lock)" })"
      guard ContractView(tree) == ContractView(model) else {
        Issue.record("as built, \(context): \(ContractView(tree)) ≠ \(ContractView(model))")
        continue
      }
      let alphabet = ContractOperation.alphabet(nodes: data.map(\.id))
      for (place, first) in alphabet.enumerated() {
        var afterFirst = tree
        var modelAfterFirst = model
        guard try expectAgreement(first, &afterFirst, &modelAfterFirst, context) else { continue }
        guard depth == 2 else {
          pairs += 1
          continue
        }
        for (other, second) in alphabet.enumerated() where (place + other) % oneIn == 0 {
          var afterSecond = afterFirst
          var modelAfterSecond = modelAfterFirst
          try expectAgreement(second, &afterSecond, &modelAfterSecond, "after \(first), \(context)")
          pairs += 1
        }
      }
    }
    return pairs
  }
}
