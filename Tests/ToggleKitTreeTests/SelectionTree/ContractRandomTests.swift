import Foundation
import Testing

@testable import TestSupport
@testable import ToggleKit

/// A random operation from the whole alphabet over the model's current nodes.
private func randomOperation(
  _ model: ContractModel, size: Int, reloads: Int, _ generator: inout SeededGenerator
) -> ContractOperation {
  func node() -> Int {
    Int.random(in: 0..<50, using: &generator) == 0
      ? 1_000_000 : model.order.randomElement(using: &generator)!
  }
  func some() -> [Int] { (0..<Int.random(in: 0...3, using: &generator)).map { _ in node() } }
  let roll = Int.random(in: 0..<100, using: &generator)
  switch roll {
  case 0..<22: return .toggle(node())
  case 22..<32: return .set(node(), .random(using: &generator))
  case 32..<40: return .lock(node(), NodeLock.allCases.randomElement(using: &generator)!)
  case 40..<47: return .disable(node(), .random(using: &generator))
  case 47..<51: return .expand(node(), .random(using: &generator))
  case 51..<52: return .expandAll(.random(using: &generator))
  case 52..<54: return .random(using: &generator) ? .selectAll : .deselectAll
  case 54..<60: return .filter(Set(some()), matchesOnly: .random(using: &generator))
  case 60..<63: return .clearFilter
  case 63..<64: return .policy(LockedSources.allCases.randomElement(using: &generator)!)
  case 64..<65: return .mixedTarget(MixedToggleTarget.allCases.randomElement(using: &generator)!)
  case 65..<66: return .cascade(.random(using: &generator))
  case 66..<67: return .scope(FilterScope.allCases.randomElement(using: &generator)!)
  case 67..<70: return .restore(some())
  case 70..<(70 + reloads):
    let target = node()
    // Keep the tree near its size: past twice the size, a reload deletes a subtree.
    if model.count > 2 * size, model.contains(target), model.subtree(target).count * 2 < model.count
    {
      return .reload(.delete(target), NewChildren.allCases.randomElement(using: &generator)!)
    }
    let changes: [ReloadChange] = [
      .insertLeaf(under: target), .insertLockedLeaf(under: target, .on),
      .insertLockedLeaf(under: target, .off), .insertSelectedLeaf(under: target),
      model.contains(target) && model.subtree(target).count * 4 < model.count
        ? .delete(target) : .insertLeaf(under: target),
      .moveToRoot(target), .reverse, .dataLock(target, .on), .dataLock(target, .off),
      .dataDisable(target, .random(using: &generator)), .same,
    ]
    return .reload(
      changes.randomElement(using: &generator)!,
      NewChildren.allCases.randomElement(using: &generator)!)
  case 90..<(90 + reloads):
    let nodes = (node(), node(), node())
    return randomEdit(model, size: size, nodes, &generator)
  default: return .toggle(node())
  }
}

/// A random structural edit of three random nodes, keeping the tree near its size.
private func randomEdit(
  _ model: ContractModel, size: Int, _ nodes: (Int, Int, Int), _ generator: inout SeededGenerator
) -> ContractOperation {
  let target = nodes.0
  let newChildren = NewChildren.allCases.randomElement(using: &generator)!
  let small = model.contains(target) && model.subtree(target).count * 4 < model.count
  if model.count > 2 * size && small { return .edit(.remove(target), newChildren) }
  let parent: Int? = Int.random(in: 0..<8, using: &generator) == 0 ? nil : nodes.1
  let siblings = parent.map { model.contains($0) ? model.children[$0]!.count : 0 } ?? 0
  // An index past the children now and then: the edit must be refused.
  let index: Int? =
    Bool.random(using: &generator) ? nil : Int.random(in: 0...(siblings + 1), using: &generator)
  let edits: [TreeEdit] = [
    .insertLeaf(under: parent, at: index, selected: .random(using: &generator)),
    .insertFolder(
      under: parent, at: index, lock: NodeLock.allCases.randomElement(using: &generator)!),
    small ? .remove(target) : .relabel(target, as: nodes.2),
    .move(target, under: parent, at: index), .move(target, under: parent, at: index),
    .relabel(target, as: nodes.2), .appendTail,
  ]
  return .edit(edits.randomElement(using: &generator)!, newChildren)
}

/// What an export must keep: the shape, labels, leaf values and leaf locks, disabling.
private struct ExportFacts: Equatable {
  var parents: [Int]
  var labels: [String]
  var leafValues: [Bool?]
  var leafLocks: [Bool?]
  var disabled: [Bool]

  init<ID: Hashable>(_ tree: SelectionTree<ID>) {
    let ids = tree.ids
    parents = ids.map { tree.parent(of: $0).flatMap(tree.index(of:)) ?? -1 }
    labels = ids.map { tree.label(of: $0)! }
    let leaves = ids.map { tree.children(of: $0).isEmpty }
    leafValues = ids.indices.map { leaves[$0] ? tree.state(of: ids[$0]) == .on : nil }
    leafLocks = ids.indices.map { leaves[$0] ? tree.isLocked(ids[$0]) == true : nil }
    disabled = ids.map { tree.isDisabledItself($0)! }
  }
}

/// The positions and configurations ``SelectionTree/forEachConfiguration(in:_:)`` visits in
/// `range`, in order.
private func visited(
  _ tree: SelectionTree<Int>, _ range: Range<Int>
) -> (positions: [Int], configurations: [ToggleConfiguration]) {
  var visits: ([Int], [ToggleConfiguration]) = ([], [])
  tree.forEachConfiguration(in: range) { position, configuration in
    visits.0.append(position)
    visits.1.append(configuration)
  }
  return visits
}

@Suite("The contract where features meet: long seeded runs against the reference model")
struct ContractRandomTests {
  /// (nodes, operations in the fast tier and in the long one, compare every k operations, reload
  /// percentage), by tree size.
  static let runs: [(size: Int, fast: Int, long: Int, compareEvery: Int, reloads: Int)] = [
    (10, 280, 6_000, 1, 6), (40, 210, 4_500, 4, 6), (150, 140, 3_000, 40, 4),
    (1_000, 55, 1_200, 2_000, 1), (10_000, 15, 800, 3_000, 1),
  ]

  @Test(
    "after seeded operations from the whole alphabet, every window's bulk reads equal the per-node queries",
    arguments: [nil, 0, 1] as [Int?])
  func bulkReadsOfEveryWindow(blockShift: Int?) throws {
    var generator = SeededGenerator(seed: 31 + UInt64(blockShift ?? 9))
    var windows = 0
    for world in 0..<Tier.size(fast: 4, long: 40) {
      let options = SelectionTree<Int>.Options(
        lockedSources: world % 3 == 0 ? .counted : .excluded,
        propagation: Propagation.allModes[world % Propagation.allModes.count])
      let data = randomData(size: 5 + world % 20, &generator)
      try NodeStates.$testingBlockShift.withValue(blockShift) {
        var tree = try SelectionTree(contract: data, options: options)
        var model = ContractModel(data: data, options: options)
        for _ in 0..<30 {
          let operation = randomOperation(model, size: data.count, reloads: 3, &generator)
          _ = try operation.apply(to: &tree, &model)
          let ids = tree.ids
          let states = ids.map { tree.state(of: $0)! }
          let summaries = ids.map { tree.summary(of: $0)! }
          let configurations = ids.map { tree.configuration(of: $0)! }
          let n = tree.count
          for low in 0...n {
            for high in low...n {
              guard tree.states(in: low..<high) == Array(states[low..<high]),
                tree.summaries(in: low..<high) == Array(summaries[low..<high]),
                tree.configurations(in: low..<high) == Array(configurations[low..<high]),
                visited(tree, low..<high) == (Array(low..<high), Array(configurations[low..<high]))
              else {
                Issue.record("world \(world), \(operation): window \(low)..<\(high) differs")
                return
              }
              windows += 1
            }
          }
        }
      }
    }
    #expect(windows > Tier.size(fast: 1_000, long: 50_000))
  }

  @Test(
    "seeded operations interleaving the whole alphabet match the model, with Codable and export round trips after every reload (15,400 in the long tier)",
    arguments: 0..<5)
  func seededRuns(run: Int) throws {
    let (size, fastRun, longRun, compareEvery, reloads) = Self.runs[run]
    let operations = Tier.size(fast: fastRun, long: longRun)
    var generator = SeededGenerator(seed: UInt64(7_000 + run))
    let options = SelectionTree<Int>.Options(
      propagation: Propagation.allModes[run % Propagation.allModes.count])
    let data = randomData(size: size, &generator)
    var tree = try NodeStates.$testingBlockShift.withValue(run % 2 == 0 ? 1 : nil) {
      try SelectionTree(contract: data, options: options)
    }
    var model = ContractModel(data: data, options: options)
    var reloadsRun = 0
    var editsRun = 0
    let started = ContinuousClock.now
    for step in 1...operations {
      let operation = randomOperation(model, size: size, reloads: reloads, &generator)
      let context = "run \(run) step \(step): \(operation)"
      let (outcome, expected) = try NodeStates.$testingBlockShift.withValue(
        run % 2 == 0 ? 1 : nil
      ) { try operation.apply(to: &tree, &model) }
      model.listHiddenNodes()
      guard outcome == expected else {
        Issue.record(
          "\(context): outcome \(String(describing: outcome)) ≠ \(String(describing: expected))")
        return
      }
      if step % compareEvery == 0 || step == operations {
        tree.checkInvariants()
        guard ContractView(tree) == ContractView(model) else {
          Issue.record("\(context):\n  tree  \(ContractView(tree))\n  model \(ContractView(model))")
          return
        }
      }
      switch operation {
      case .reload:
        reloadsRun += 1
        try checkRoundTrips(tree, context)
      case .edit:
        editsRun += 1
        // Every edit is checked against its reload; the round trips now and then.
        if editsRun % 8 == 0 { try checkRoundTrips(tree, context) }
      default: break
      }
    }
    #expect(reloadsRun >= operations / 200)
    #expect(editsRun >= operations / 200)
    print(
      "contract run \(run): \(size) nodes → \(tree.count), \(operations) operations, "
        + "\(reloadsRun) reloads, \(editsRun) edits, \(ContinuousClock.now - started)")
  }

  /// Encode → decode gives an equal tree; export → parse, in every format, keeps what exports keep.
  private func checkRoundTrips(_ tree: SelectionTree<Int>, _ context: String) throws {
    let decoded = try JSONDecoder().decode(
      SelectionTree<Int>.self, from: JSONEncoder().encode(tree))
    #expect(decoded == tree, "Codable, \(context)")
    #expect(decoded.selection(.all) == tree.selection(.all), "Codable selection, \(context)")
    guard tree.options.propagation.up else { return }
    var unfiltered = tree
    unfiltered.setFilter(nil)
    let facts = ExportFacts(unfiltered)
    // A relabel can give two siblings one label, which only JSON (by id) carries; twins (labels
    // that differ only in their normalisation) are two names, which every format carries.
    let siblingLabels = tree.ids.map {
      Array("\(String(describing: tree.parent(of: $0)))/\(tree.label(of: $0)!)".utf8)
    }
    let labelsRepeat = Set(siblingLabels).count < siblingLabels.count
    for format in TreeFormat.allCases where format == .json || !labelsRepeat {
      let back = try SelectionTree(parsing: tree.exported(as: format), format: format)
      #expect(ExportFacts(back) == facts, "\(format) export, \(context)")
      if format == .json { #expect(back.ids == tree.ids.map(String.init), "JSON ids, \(context)") }
    }
  }
}
