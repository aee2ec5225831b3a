import ToggleKit

/// A source of derived attributes for the contract runs.
///
/// It reads a node's label (`n<number>`, the number its id unless relabelled) and, when it
/// `countsChildren`, adds the node's child count to the number (so that an insert or a removal
/// below a node can change what it derives for it): it disables the nodes whose number leaves
/// remainder 1 when divided by `disablesEvery`, locks at `lock` those that leave 2 when divided by
/// `locksEvery`, and throws on `failsOn`.
struct ContractSource: NodeAttributeSource, Hashable, CustomStringConvertible {
  struct Refused: Error, Hashable {}

  var disablesEvery: Int
  var locksEvery: Int
  var lock: NodeLock
  var failsOn: Int?
  var countsChildren = false

  func writability(of node: NodeFacts) throws(Refused) -> NodeWritability {
    let id = ContractLabel.number(of: node.label)!
    if id == failsOn { throw Refused() }
    let number = countsChildren ? id + node.childCount : id
    return NodeWritability(lock: locks(number), disables: disables(number))
  }

  /// The number the source decides by for `id` in `tree`.
  func number(of id: Int, in tree: ContractModel) -> Int {
    (tree.relabelled[id] ?? id) + (countsChildren ? tree.children[id]!.count : 0)
  }

  /// Whether the source throws for `id` in `tree`.
  func fails(on id: Int, in tree: ContractModel) -> Bool { (tree.relabelled[id] ?? id) == failsOn }

  func disables(_ id: Int) -> Bool { abs(id) % disablesEvery == 1 }
  func locks(_ id: Int) -> NodeLock { abs(id) % locksEvery == 2 ? lock : .none }

  var description: String {
    "source (disables id%\(disablesEvery)=1, locks id%\(locksEvery)=2 \(lock)"
      + (countsChildren ? ", ids plus child counts" : "")
      + (failsOn.map { ", throws on n\($0)" } ?? "") + ")"
  }

  static let examples: [ContractSource] = [
    .init(disablesEvery: 3, locksEvery: 4, lock: .on),
    .init(disablesEvery: 4, locksEvery: 3, lock: .off),
    .init(disablesEvery: 5, locksEvery: 5, lock: .current),
    .init(disablesEvery: 2, locksEvery: 7, lock: .on, failsOn: 4),
    .init(disablesEvery: 3, locksEvery: 3, lock: .on, countsChildren: true),
  ]
}

/// What a ``SelectionModel``'s tree holds, the naive way: the tree's reference model with the
/// derived attributes laid over it, and what they added.
struct AppState {
  var tree: ContractModel
  var source: ContractSource?
  /// Nodes the source disabled (the data did not) and nodes its locks locked (they were not).
  var derivedDisabled: Set<Int> = []
  var derivedLocks: Set<Int> = []
  /// Whether the last reload or load could not derive the attributes again.
  var derivationFailed = false
  /// Bumped by every filter set and every source derived: a new filter or source is a change
  /// even when it shows the same.
  var generation = 0

  /// The tree without what the source added: its data, changes since the derivation included.
  var stripped: ContractModel {
    var base = tree
    for id in derivedLocks where base.contains(id) { base.locked[id] = false }
    for id in derivedDisabled where base.contains(id) { base.disabledItself[id] = false }
    return base
  }

  /// Derives `source`'s attributes over the data, as `deriveAttributes(from:)` does; false, and
  /// nothing changed, when the source throws.
  mutating func derive(_ source: ContractSource) -> Bool {
    var base = stripped
    if base.order.contains(where: { source.fails(on: $0, in: base) }) { return false }
    let lockedBefore = base.locked
    let disabledBefore = base.disabledItself
    let numbers = Dictionary(
      uniqueKeysWithValues: base.order.map { ($0, source.number(of: $0, in: base)) })
    for id in base.order where !lockedBefore[id]! && source.locks(numbers[id]!) != .none {
      base.lock(id, source.locks(numbers[id]!))
    }
    derivedLocks = Set(base.order.filter { base.locked[$0]! && !lockedBefore[$0]! })
    derivedDisabled = Set(
      base.order.filter { source.disables(numbers[$0]!) && !disabledBefore[$0]! })
    for id in derivedDisabled { base.disabledItself[id] = true }
    base.followKeptSpec()
    tree = base
    self.source = source
    derivationFailed = false
    return true
  }

  /// Takes the derived attributes away, keeping every change made since.
  mutating func removeDerived() {
    guard source != nil else { return }
    tree = stripped
    tree.followKeptSpec()
    source = nil
    derivedLocks = []
    derivedDisabled = []
    derivationFailed = false
  }

  /// Reloads `data` (the data of the tree's shape, as `stripped` gives it), deriving again.
  mutating func reload(from data: [ContractModel.Datum], newChildren: NewChildren) {
    let source = self.source
    var base = stripped
    // New nodes inherit what their ancestors showed, derived attributes included.
    base.reload(from: data, newChildren: newChildren, shown: tree, follows: false)
    tree = base
    self.source = nil
    derivedLocks = []
    derivedDisabled = []
    derivationFailed = false
    // The nodes follow the kept decisions once the attributes are derived again (a node the
    // source locks or disables keeps its value).
    if let source, derive(source) { return }
    derivationFailed = source != nil
    tree.followKeptSpec()
  }

  /// Fills the unloaded leaf `id` with `children`, as `LazyTree.load` does: a reload of the data
  /// with the children added, new leaves inheriting a selected or locked node's value.
  mutating func load(_ id: Int, _ children: [ContractModel.Datum]) {
    let data = stripped.currentData + children
    reload(from: data, newChildren: .inheritFullySelectedParent)
  }

  /// Whether a Bool binding to `id` must say it is writable: writing true reads on, and writing
  /// false reads not on — found by writing a copy, not by a formula.
  func acceptsWrites(_ id: Int) -> Bool {
    guard tree.contains(id) else { return false }
    var on = tree
    _ = on.write(true, from: id)
    var off = tree
    _ = off.write(false, from: id)
    return on.state(id) == .on && off.state(id) != .on
  }

  /// Everything a reader can tell apart.
  func sameContent(as other: AppState) -> Bool {
    // Own locks and own disabling count even where no node shows them: a parent's lock reaches
    // the children a reload brings, a node disabled itself stays so when its ancestor is enabled.
    ContractView(tree) == ContractView(other.tree) && tree.options == other.tree.options
      && tree.locked == other.tree.locked && tree.disabledItself == other.tree.disabledItself
      && tree.filter?.matches == other.tree.filter?.matches
      && tree.filter?.matchesOnly == other.tree.filter?.matchesOnly
      && source == other.source && derivedLocks == other.derivedLocks
      && derivedDisabled == other.derivedDisabled && derivationFailed == other.derivationFailed
      && generation == other.generation && tree.keptSpec == other.tree.keptSpec
  }
}

/// A ``SelectionModel`` the naive way: the tree's state, the nodes not loaded, the loads made, and
/// undo and redo as lists of whole states.
struct AppReference {
  struct Step {
    var state: AppState
    var name: String
    var loads: Int
  }

  var state: AppState
  /// Unloaded nodes as noted; the model reports those that are leaves of the tree.
  var unloadedNoted: Set<Int>
  var loadLog: [(id: Int, children: [ContractModel.Datum])] = []
  var undoSteps: [Step] = []
  var redoSteps: [Step] = []
  var limit: Int?

  var unloaded: Set<Int> {
    unloadedNoted.filter { state.tree.contains($0) && state.tree.isLeaf($0) }
  }

  /// Records `before` as an undo step named `name`.
  mutating func record(_ before: AppState, named name: String) {
    guard limit != 0 else { return }
    undoSteps.append(Step(state: before, name: name, loads: loadLog.count))
    redoSteps.removeAll()
    if let limit, undoSteps.count > limit { undoSteps.removeFirst(undoSteps.count - limit) }
  }

  /// A step's state with the loads made since it.
  func restored(_ step: Step) -> AppState {
    var state = step.state
    for (id, children) in loadLog[step.loads...]
    where state.tree.contains(id) && state.tree.isLeaf(id) {
      state.load(id, children)
    }
    return state
  }

  mutating func undo() -> String? {
    guard let step = undoSteps.popLast() else { return nil }
    redoSteps.append(Step(state: state, name: step.name, loads: loadLog.count))
    state = restored(step)
    return step.name
  }

  mutating func redo() -> String? {
    guard let step = redoSteps.popLast() else { return nil }
    undoSteps.append(Step(state: state, name: step.name, loads: loadLog.count))
    state = restored(step)
    return step.name
  }

  /// Loads `id` with `children` when it is an unloaded leaf; false when nothing happened.
  mutating func load(_ id: Int, _ children: [ContractModel.Datum], unloaded inner: Set<Int>)
    -> Bool
  {
    guard unloaded.contains(id) else { return false }
    state.load(id, children)
    unloadedNoted.remove(id)
    unloadedNoted.formUnion(inner)
    loadLog.append((id, children))
    return true
  }
}
