import Foundation
import Observation
import Testing
import ToggleKitTesting

@testable import TestSupport
@testable import ToggleKit

/// One thing an app does with a ``SelectionModel``.
indirect enum AppOperation: CustomStringConvertible {
  /// A tree operation through `update(named:)`.
  case tree(ContractOperation)
  case click(Int)
  case set(Int, Bool)
  case bindingWrite(Int, Bool)
  case bindingToggle(Int)
  case derive(ContractSource)
  case removeDerived
  case load(Int, async: Bool)
  /// A load whose loader throws (`duplicate` false) or brings an id the tree has.
  case failingLoad(Int, duplicate: Bool)
  case undo, redo, clearHistory
  case limit(Int?)
  case transaction([AppOperation], throwing: Bool)

  var description: String {
    switch self {
    case .tree(let operation): "\(operation)"
    case .click(let id): "click n\(id)"
    case .set(let id, let value): "set n\(id) \(value)"
    case .bindingWrite(let id, let value): "binding n\(id) = \(value)"
    case .bindingToggle(let id): "binding n\(id) toggled"
    case .derive(let source): "derive \(source)"
    case .removeDerived: "remove derived"
    case .load(let id, let async): "load n\(id)\(async ? " (async)" : "")"
    case .failingLoad(let id, let duplicate):
      "load n\(id) \(duplicate ? "bringing an id it has" : "that throws")"
    case .undo: "undo"
    case .redo: "redo"
    case .clearHistory: "clear history"
    case .limit(let limit): "history limit \(limit.map(String.init) ?? "none")"
    case .transaction(let operations, let throwing):
      "transaction \(operations)\(throwing ? " that throws" : "")"
    }
  }
}

/// What the observers registered before an operation heard.
private final class Heard: @unchecked Sendable {
  private let lock = NSLock()
  private var _nodes: Set<Int> = []
  private var _history = false
  private var _unloaded = false
  var nodes: Set<Int> { lock.withLock { _nodes } }
  var history: Bool { lock.withLock { _history } }
  var unloaded: Bool { lock.withLock { _unloaded } }
  func node(_ id: Int) { lock.withLock { _ = _nodes.insert(id) } }
  func heardHistory() { lock.withLock { _history = true } }
  func heardUnloaded() { lock.withLock { _unloaded = true } }
}

private struct Thrown: Error {}

/// One run: a model and its reference, driven together and compared after every operation.
private final class AppRun {
  let model: SelectionModel<Int>
  var reference: AppReference
  /// A model that mirrors the tree, for checking bindings by writing through them.
  let twin: SelectionModel<Int>
  var bindings: [Int: ModelBinding<Bool>] = [:]
  var twinBindings: [Int: ModelBinding<Bool>] = [:]
  /// The id the next loaded child gets (loaded ids are negative, so no reload's new id meets one).
  var nextLoaded = -1
  var trail: [String] = []
  var operations = 0
  var checks = 0
  var lawChecks = 0
  /// The steps recorded, undone or redone, and the history cleared, in the reference.
  var historyEvents = 0
  var transactionName: String?
  var transactionRecorded = false
  var context: String { trail.suffix(6).joined(separator: "; ") }

  init(data: [ContractModel.Datum], options: SelectionTree<Int>.Options, unloaded: Set<Int>)
    throws
  {
    let tree = try SelectionTree(contract: data, options: options)
    model = SelectionModel(LazyTree(tree, unloaded: unloaded))
    let lazy = LazyTree(tree, unloaded: unloaded)
    reference = AppReference(
      state: AppState(tree: ContractModel(data: data, options: options)),
      unloadedNoted: lazy.unloaded)
    twin = SelectionModel(tree)
    twin.historyLimit = 0
    // Bindings made now, for the nodes there and for nodes a load or a reload may bring.
    let ids = tree.ids + [-1, -2, -3, (tree.ids.max() ?? 0) + 1, 1_000_000]
    for id in ids {
      bindings[id] = model.binding(for: id)
      twinBindings[id] = twin.binding(for: id)
    }
  }

  /// The ids observers watch: every node, and ids that may arrive.
  var watched: [Int] {
    reference.state.tree.order + [
      nextLoaded, nextLoaded - 1, (reference.state.tree.order.max() ?? 0) + 1,
    ]
  }

  /// Records `before` as a step when the state changed, as the model must (a transaction's first
  /// change makes its step).
  func noteChange(from before: AppState, named name: String) {
    guard !reference.state.sameContent(as: before) else { return }
    if let transactionName {
      // The transaction's step is made by its first change recorded (not one made while the
      // history kept nothing).
      guard !transactionRecorded, reference.limit != 0 else { return }
      transactionRecorded = true
      historyEvents += 1
      reference.record(before, named: transactionName)
    } else {
      if reference.limit != 0 { historyEvents += 1 }
      reference.record(before, named: name)
    }
  }

  /// The loader's children for `id`: two new nodes, the first unloaded itself, the second
  /// disabled by the data now and then.
  func children(of id: Int) -> (entries: [ContractModel.Datum], unloaded: Set<Int>) {
    let first = nextLoaded
    let second = nextLoaded - 1
    nextLoaded -= 2
    return (
      [.init(id: first, parent: id), .init(id: second, parent: id, isDisabled: second % 3 == 0)],
      [first]
    )
  }

  /// Performs `operation` on both, then checks everything (an asynchronous load awaits its
  /// loader; everything else runs as `performNow` does).
  func perform(_ operation: AppOperation) async throws {
    guard case .load(let id, async: true) = operation else {
      try performNow(operation)
      return
    }
    try await observing(operation) {
      let isUnloaded = reference.unloaded.contains(id)
      let (entries, inner) = isUnloaded ? children(of: id) : ([], [])
      let answer = Self.answer(entries, inner)
      try await model.load(id) { (_: Int) async throws -> LazyTree<Int>.Children in answer }
      let loaded = reference.load(id, entries, unloaded: inner)
      #expect(loaded == isUnloaded, "\(context)")
      return loaded
    }
  }

  static func answer(_ entries: [ContractModel.Datum], _ inner: Set<Int>)
    -> LazyTree<Int>.Children
  {
    LazyTree<Int>.Children(
      entries: entries.map {
        .init(
          id: $0.id, parent: $0.parent, label: ContractLabel.text($0.id), isDisabled: $0.isDisabled,
          attributes: ContractModel.attributes(of: $0.id))
      }, unloaded: inner)
  }

  /// Performs a synchronous operation on both, then checks everything.
  func performNow(_ operation: AppOperation) throws {
    try observingNow(operation) { try self.apply(operation) }
  }

  /// Registers observers, runs `body` (true when it loaded), checks what they heard and verifies.
  func observing(_ operation: AppOperation, _ body: () async throws -> Bool) async throws {
    let expectations = prepare(operation)
    let loaded = try await body()
    try expectations(loaded)
  }

  func observingNow(_ operation: AppOperation, _ body: () throws -> Bool) throws {
    let expectations = prepare(operation)
    let loaded = try body()
    try expectations(loaded)
  }

  /// Registers the observers before `operation`; the closure returned checks what they heard.
  func prepare(_ operation: AppOperation) -> (Bool) throws -> Void {
    operations += 1
    trail.append("\(operation)")
    let before = reference.state
    let heard = Heard()
    let watched = self.watched
    let historyBefore = historyEvents
    let treeBefore = model.tree
    for id in watched {
      withObservationTracking {
        _ = model[node: id]
      } onChange: {
        heard.node(id)
      }
    }
    withObservationTracking {
      _ = model.canUndo
    } onChange: {
      heard.heardHistory()
    }
    withObservationTracking {
      _ = model.unloaded
    } onChange: {
      heard.heardUnloaded()
    }
    return { [self] loaded in
      // What observers heard: exactly the nodes that show something else, the history when it
      // changed, the unloaded nodes when a load filled one.
      let after = reference.state.tree
      func snapshot(_ tree: ContractModel, _ id: Int) -> [AnyHashable]? {
        guard tree.contains(id) else { return nil }
        return [tree.configuration(id), tree.summary(id), !tree.isHidden(id)]
      }
      if !operation.isTransaction {
        // (A transaction's inner operations are checked one by one.)
        let expected = Set(watched.filter { snapshot(before.tree, $0) != snapshot(after, $0) })
        if heard.nodes != expected {
          Issue.record(
            "after \(context): observers told \(heard.nodes.sorted()), expected \(expected.sorted())"
          )
          throw Mismatch()
        }
        if heard.history != (historyEvents != historyBefore) {
          let treeAfter = model.tree
          Issue.record(
            "after \(context): history observers told: \(heard.history); ids \(treeBefore.ids) → \(treeAfter.ids), bits \(treeBefore.states.allStates()) → \(treeAfter.states.allStates()), disabled \(treeBefore.disabledPositions) → \(treeAfter.disabledPositions)"
          )
          throw Mismatch()
        }
        if heard.unloaded != loaded {
          Issue.record("after \(context): unloaded observers told: \(heard.unloaded)")
          throw Mismatch()
        }
      }
      try verify()
    }
  }

  /// Applies a synchronous operation to the model and the reference; true when it loaded.
  func apply(_ operation: AppOperation) throws -> Bool {
    let before = reference.state
    var loaded = false
    switch operation {
    case .tree(let treeOperation):
      var state = reference.state
      var outcome: (ToggleOutcome?, ToggleOutcome?) = (nil, nil)
      try model.update(named: "\(treeOperation)") { tree in
        switch try treeOperation.applyStructural(to: &tree, stripped: state.stripped) {
        case .reloaded(let data, let newChildren):
          state.reload(from: data, newChildren: newChildren)
        case .refused: break
        case .none:
          var plain = state.tree
          outcome = try treeOperation.apply(to: &tree, &plain)
          state.tree = plain
          if case .filter = treeOperation { state.generation += 1 }
        }
      }
      #expect(outcome.0 == outcome.1, "\(context)")
      reference.state = state
      noteChange(from: before, named: "\(treeOperation)")
    case .click(let id):
      let outcome = try? model.toggle(id)
      let expected = reference.state.tree.contains(id) ? reference.state.tree.toggle(id) : nil
      #expect(outcome == expected, "\(context)")
      noteChange(from: before, named: "toggle \(id)")
    case .set(let id, let value):
      let outcome = try? model.set(id, to: value)
      let expected =
        reference.state.tree.contains(id) ? reference.state.tree.write(value, from: id) : nil
      #expect(outcome == expected, "\(context)")
      noteChange(from: before, named: "set \(id) \(value ? "on" : "off")")
    case .bindingWrite(let id, let value):
      bindings[id, default: model.binding(for: id)].wrappedValue = value
      if reference.state.tree.contains(id) { _ = reference.state.tree.write(value, from: id) }
      noteChange(from: before, named: "set \(id) \(value ? "on" : "off")")
    case .bindingToggle(let id):
      bindings[id, default: model.binding(for: id)].update { $0.toggle() }
      if reference.state.tree.contains(id) {
        _ = reference.state.tree.write(reference.state.tree.state(id) != .on, from: id)
      }
      noteChange(from: before, named: "set \(id)")
    case .derive(let source):
      var threw = false
      do {
        try model.update(named: "derive") { (tree) throws(ContractSource.Refused) in
          try tree.deriveAttributes(from: source)
        }
      } catch { threw = true }
      #expect(threw == !reference.state.derive(source), "\(context)")
      // Deriving sets a new source: a change even when it derives what was there.
      if !threw { reference.state.generation += 1 }
      noteChange(from: before, named: "derive")
    case .removeDerived:
      model.update(named: "remove derived") { $0.removeDerivedAttributes() }
      reference.state.removeDerived()
      noteChange(from: before, named: "remove derived")
    case .load(let id, _):
      let isUnloaded = reference.unloaded.contains(id)
      let (entries, inner) = isUnloaded ? children(of: id) : ([], [])
      let answer = Self.answer(entries, inner)
      let loader: (Int) throws -> LazyTree<Int>.Children = { _ in answer }
      try model.load(id, using: loader)
      loaded = reference.load(id, entries, unloaded: inner)
      #expect(loaded == isUnloaded, "\(context)")
    case .failingLoad(let id, let duplicate):
      let existing = reference.state.tree.order.first ?? 0
      let loader: (Int) throws -> LazyTree<Int>.Children = { node in
        guard duplicate else { throw Thrown() }
        return .init(entries: [
          .init(id: existing, parent: node, label: ContractLabel.text(existing))
        ])
      }
      let isUnloaded = reference.unloaded.contains(id)
      var threw = false
      do { try model.load(id, using: loader) } catch { threw = true }
      #expect(threw == isUnloaded, "\(context): a failing load throws exactly when it loads")
    case .undo:
      let name = model.undo()
      let expected = reference.undo()
      #expect(name == expected, "\(context)")
      if expected != nil { historyEvents += 1 }
    case .redo:
      let name = model.redo()
      let expected = reference.redo()
      #expect(name == expected, "\(context)")
      if expected != nil { historyEvents += 1 }
    case .clearHistory:
      model.clearHistory()
      if !reference.undoSteps.isEmpty || !reference.redoSteps.isEmpty { historyEvents += 1 }
      reference.undoSteps = []
      reference.redoSteps = []
    case .limit(let limit):
      model.historyLimit = limit
      reference.limit = limit
      let kept = reference.undoSteps.count
      if let limit, reference.undoSteps.count > limit {
        reference.undoSteps.removeFirst(reference.undoSteps.count - limit)
      }
      if limit == 0 { reference.redoSteps = [] }
      if kept != reference.undoSteps.count { historyEvents += 1 }
    case .transaction(let inner, let throwing):
      let name = "transaction \(operations)"
      let outer = transactionName == nil
      if outer {
        transactionName = name
        transactionRecorded = false
      }
      defer { if outer { transactionName = nil } }
      do {
        try model.transaction(name) {
          for operation in inner { try self.performNow(operation) }
          if throwing { throw Thrown() }
        }
      } catch is Thrown {
        #expect(throwing, "\(context)")
      }
    }
    return loaded
  }

  struct Mismatch: Error {}

  /// Compares everything a reader sees with the reference; the first difference ends the run.
  func verify() throws {
    checks += 1
    func check(_ holds: Bool, _ what: @autoclosure () -> String) throws {
      guard !holds else { return }
      Issue.record("after \(context): \(what())")
      throw Mismatch()
    }
    let tree = model.tree
    tree.checkInvariants()
    let state = reference.state
    try check(
      ContractView(tree) == ContractView(state.tree),
      "the tree\n  model     \(ContractView(tree))\n  reference \(ContractView(state.tree))")
    try check(tree.options == state.tree.options, "options")
    try check((tree.attributeSource != nil) == (state.source != nil), "source")
    try check((tree.derivationError != nil) == state.derivationFailed, "derivation error")
    let data = state.stripped
    for id in state.tree.order {
      let facts = tree.nodeFacts(of: id)
      try check(facts?.isDisabledByData == data.disabledItself[id], "n\(id) data disables")
      try check((facts?.lockByData != nil) == data.locked[id], "n\(id) data locks")
    }
    try check(
      model.unloaded == reference.unloaded, "unloaded \(model.unloaded) \(reference.unloaded)")
    try check(model.canUndo == !reference.undoSteps.isEmpty, "canUndo")
    try check(model.canRedo == !reference.redoSteps.isEmpty, "canRedo")
    try check(
      model.undoName == reference.undoSteps.last?.name,
      "undoName \(model.undoName ?? "nil") \(reference.undoSteps.last?.name ?? "nil")")
    try check(model.redoName == reference.redoSteps.last?.name, "redoName")
    // Every binding handed out, read as it is, and checked by writing through a twin (in the fast
    // tier a quarter of them each time, in turn: each is checked every fourth step).
    twin.update { $0 = tree }
    let turn = Tier.size(fast: 4, long: 1)
    for (index, (id, binding)) in bindings.sorted(by: { $0.key < $1.key }).enumerated() {
      let writable = state.acceptsWrites(id)
      try check(
        binding.wrappedValue == (state.tree.contains(id) && state.tree.state(id) == .on),
        "binding n\(id) reads")
      try check(binding.isWritable == writable, "binding n\(id) writable: \(writable) expected")
      let twinBinding = twinBindings[id]!
      try check(twinBinding.isWritable == writable, "twin binding n\(id) writable")
      guard (index + checks) % turn == 0 else { continue }
      let report = BindingLaws.check(twinBinding)
      lawChecks += 1
      try check(report.violations.isEmpty, "binding n\(id): \(report.violations)")
    }
  }
}

extension AppOperation {
  var isTransaction: Bool {
    if case .transaction = self { return true }
    return false
  }
}

/// A random operation over the run's current nodes (now and then one that is not there).
private func randomAppOperation(
  _ run: AppRun, size: Int, depth: Int = 0, _ generator: inout SeededGenerator
) -> AppOperation {
  let state = run.reference.state.tree
  func node() -> Int {
    switch Int.random(in: 0..<40, using: &generator) {
    case 0: 1_000_000
    case 1: run.nextLoaded
    default: state.order.randomElement(using: &generator) ?? 0
    }
  }
  func unloadedNode() -> Int {
    run.reference.unloaded.randomElement(using: &generator) ?? node()
  }
  let roll = Int.random(in: 0..<100, using: &generator)
  switch roll {
  case 0..<30:
    let operation = ContractOperation.alphabet(nodes: [node()]).randomElement(using: &generator)!
    return .tree(operation.keepingSize(count: state.count, size: size, instead: .toggle(node())))
  case 30..<40: return .click(node())
  case 40..<44: return .set(node(), .random(using: &generator))
  case 44..<48: return .bindingWrite(node(), .random(using: &generator))
  case 48..<50: return .bindingToggle(node())
  case 50..<54: return .derive(ContractSource.examples.randomElement(using: &generator)!)
  case 54..<56: return .removeDerived
  case 56..<63: return .load(unloadedNode(), async: depth == 0 && .random(using: &generator))
  case 63..<65: return .failingLoad(unloadedNode(), duplicate: .random(using: &generator))
  case 65..<77: return .undo
  case 77..<83: return .redo
  case 83..<84: return .clearHistory
  case 84..<85: return .limit([nil, nil, 0, 1, 3].randomElement(using: &generator)!)
  case 85..<92 where depth < 2:
    let count = Int.random(in: 1...3, using: &generator)
    return .transaction(
      (0..<count).map { _ in randomAppOperation(run, size: size, depth: depth + 1, &generator) },
      throwing: Int.random(in: 0..<4, using: &generator) == 0)
  default: return .click(node())
  }
}

@Suite(
  "The app's contract: history, lazy loads, derived attributes, live bindings and observers against one reference"
)
struct SelectionModelContractTests {
  /// (nodes, operations) per run.
  static let runs: [(size: Int, operations: Int)] = Tier.size(
    fast: [(6, 60), (10, 50), (14, 30)],
    long: [(6, 150), (10, 150), (14, 100), (30, 60)]
  )

  @Test(
    "seeded runs interleaving every model operation (tree operations, clicks, binding writes, derivations, loads sync, async and failing, undo, redo, limits, nested and throwing transactions) match the reference after every step",
    arguments: 0..<Tier.size(fast: 4, long: 8))
  func seededRuns(seed: Int) async throws {
    var generator = SeededGenerator(seed: UInt64(40_000 + seed))
    var totals = (operations: 0, checks: 0, laws: 0)
    for (index, run) in Self.runs.enumerated() {
      let options = SelectionTree<Int>.Options(
        lockedSources: (seed + index) % 2 == 0 ? .excluded : .counted,
        propagation: Propagation.allModes[(seed + index) % Propagation.allModes.count])
      let data = randomData(size: run.size, &generator)
      let leaves = Set(data.map(\.id)).subtracting(data.compactMap(\.parent))
      let unloaded = Set(leaves.filter { _ in Bool.random(using: &generator) })
      let app = try AppRun(data: data, options: options, unloaded: unloaded)
      try app.verify()
      for _ in 0..<run.operations {
        try await app.perform(randomAppOperation(app, size: run.size, &generator))
      }
      totals.operations += app.operations
      totals.checks += app.checks
      totals.laws += app.lawChecks
    }
    print(
      "app contract seed \(seed): \(totals.operations) operations, \(totals.checks) comparisons, \(totals.laws) binding law checks"
    )
  }
}
