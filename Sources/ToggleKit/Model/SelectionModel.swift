import Observation

/// An `Observable` owner of a ``SelectionTree``, for apps: a view that reads a node is told when —
/// and only when — what it read about that node changes.
///
/// ```swift
/// import Observation
///
/// let model = SelectionModel(try SelectionTree(paths: ["Fruit/Apple", "Veg/Leek"]))
/// withObservationTracking { _ = model.state(of: "Fruit") } onChange: { print("Fruit changed") }
/// try model.toggle("Fruit/Apple")   // prints: Fruit's state went from off to on
/// try model.toggle("Veg/Leek")      // Fruit's observers are not told
/// ```
///
/// **Granularity.** Per-node reads (``state(of:)``, ``summary(of:)``, ``configuration(of:)``,
/// ``isVisible(_:)``) register an observation of that node only, and the model remembers what
/// the node showed. After a change it compares the nodes the change can reach with what they
/// showed, and notifies exactly the ones that differ. Reading ``tree`` registers an observation of
/// the whole tree, told of every change.
///
/// Observations are one-shot, so a click's cost never depends on how many nodes were ever read.
///
/// **Threads.** The model is `Sendable` when its ids are: every read and change takes the model's
/// lock, so concurrent changes never interleave; observers are told outside the lock.
/// - Complexity: A click costs what the tree's click costs plus O((d + min(s, m)) log n) for a
///   node at depth d with s nodes below it, m of them remembered; ``update(named:_:)`` compares
///   all m remembered nodes.
public final class SelectionModel<ID: Hashable>: Observable {
  let lock = RecursiveLock()
  var storage: SelectionTree<ID>
  /// What each node read through the model showed when it was read (or last compared).
  var observed: [ID: NodeSnapshot] = [:]
  let registrar = ObservationRegistrar()
  /// The steps undo and redo go back and forth through (<doc:SelectionTrees> → History).
  var history = _ModelHistory<ID>()
  /// The nodes whose children are not loaded yet (a model of a ``LazyTree``).
  var unloadedNodes: Set<ID> = []
  /// Nodes read before they existed: their observers are told when a change brings them.
  var awaited: Set<ID> = []

  /// Creates a model owning `tree`.
  public init(_ tree: SelectionTree<ID>) {
    storage = tree
  }

  /// The whole tree, as a value; reading it observes every change.
  /// - Complexity: O(1): the copy shares storage until either is written.
  public var tree: SelectionTree<ID> {
    registrar.access(self, keyPath: \.tree)
    return lock.withLock { storage }
  }

  /// How many nodes the model remembers for comparison: read, and not changed since.
  public var rememberedNodeCount: Int { lock.withLock { observed.count } }

  /// What observers of one node depend on; used as the observation key for that node.
  /// - Complexity: O(log n).
  public subscript(node id: ID) -> NodeSnapshot? {
    registrar.access(self, keyPath: \.[node: id])
    return lock.withLock {
      let snapshot = storage.snapshot(of: id)
      if let snapshot {
        observed[id] = snapshot
      } else {
        awaited.insert(id)
      }
      return snapshot
    }
  }

  /// The node's state, observed per node.
  /// - Complexity: O(log n).
  public func state(of id: ID) -> ToggleState? { self[node: id]?.configuration.state }

  /// The node's summary, observed per node.
  /// - Complexity: O(log n).
  public func summary(of id: ID) -> ToggleSummary? { self[node: id]?.summary }

  /// The node's resolved configuration, observed per node.
  /// - Complexity: O(log n).
  public func configuration(of id: ID) -> ToggleConfiguration? { self[node: id]?.configuration }

  /// Whether the current filter shows the node, observed per node.
  /// - Complexity: O(log n).
  public func isVisible(_ id: ID) -> Bool? { self[node: id]?.isVisible }

  /// Changes the tree, then tells the observers of every node whose snapshot changed.
  ///
  /// A change is one undo step, named `name` (see ``undo()``); a body that changes nothing makes
  /// no step.
  ///
  /// ```swift
  /// try model.update(named: "lock Fruit") { try $0.setLock("Fruit/Apple", to: .on) }
  /// ```
  /// - Throws: What `body` throws; the tree keeps whatever `body` did before throwing.
  /// - Complexity: `body`'s cost plus O(m log n) for m remembered nodes.
  @discardableResult
  public func update<Result, Failure: Error>(
    named name: String = "change", _ body: (inout SelectionTree<ID>) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try _change(around: nil, named: name, body)
  }

  /// Clicks a node (see ``SelectionTree/toggle(_:)``).
  /// - Complexity: O(log n) plus the comparison described on ``SelectionModel``.
  @discardableResult
  public func toggle(_ id: ID) throws(SelectionTreeError) -> ToggleOutcome {
    try _change(around: id, named: "toggle \(id)") {
      (tree) throws(SelectionTreeError) in try tree.toggle(id)
    }
  }

  /// Writes a value from a node (see ``SelectionTree/set(_:to:)``).
  /// - Complexity: O(log n) plus the comparison described on ``SelectionModel``.
  @discardableResult
  public func set(_ id: ID, to isOn: Bool) throws(SelectionTreeError) -> ToggleOutcome {
    try _change(around: id, named: "set \(id) \(isOn ? "on" : "off")") {
      (tree) throws(SelectionTreeError) in try tree.set(id, to: isOn)
    }
  }

  /// A live Bool binding to a node.
  ///
  /// It reads true when the node is on and writes with ``set(_:to:)``. ``ModelBinding/isWritable``
  /// means a write reaches the node now (it then reads back what was written): false while the
  /// node is locked, disabled, hidden in ``FilterScope/visible`` scope, a parent that cannot reach
  /// on, or not in the tree yet — the binding follows the id, and works once a load or a reload
  /// brings the node. ``ModelBinding/update(_:)`` reads and writes under the model's lock.
  ///
  /// ```swift
  /// let model = SelectionModel(try SelectionTree(paths: ["Fruit/Apple", "Veg/Leek"]))
  /// let fruit = model.binding(for: "Fruit")
  /// let all = ParentToggle([fruit, model.binding(for: "Veg")])
  /// fruit.update { $0.toggle() }   // atomic
  /// ```
  /// - Complexity: O(1) to make; each access O(log n) plus, for writes, the comparison
  ///   described on ``SelectionModel``.
  public func binding(for id: ID) -> ModelBinding<Bool> {
    ModelBinding(
      read: { [self] in self.state(of: id) == .on },
      write: { [self] in _ = try? self.set(id, to: $0) },
      update: { [self] body in
        _ = try? self._change(around: id, named: "set \(id)") {
          (tree) throws(SelectionTreeError) in
          var value = tree.state(of: id) == .on
          body(&value)
          return try tree.set(id, to: value)
        }
      },
      isConstant: false,
      isMixed: { [self] in self.state(of: id) == .mixed },
      canWrite: { [self] in
        self.lock.withLock {
          guard let position = storage.structure.position(of: id) else { return false }
          return storage.acceptsWrites(at: position)
        }
      })
  }

  /// Runs `body` on the tree under the lock, records the tree before it as an undo step named
  /// `name` when `body` changed it, compares the remembered nodes a write from `id` can reach
  /// (every remembered node when `id` is nil) with what they show now, and notifies the ones that
  /// differ.
  func _change<Result, Failure: Error>(
    around id: ID?, named name: String,
    _ body: (inout SelectionTree<ID>) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    var changed: [ID] = []
    var outcome: Result?
    var failure: Failure?
    var historyChanged = false
    lock.withLock {
      let reachable = id.map { _reachable(from: $0, in: storage) }
      // Kept only to be recorded: a model without history writes its tree in place.
      let before = history.isRecording ? storage : nil
      do throws(Failure) {
        outcome = try body(&storage)
      } catch {
        failure = error
      }
      if let before, !storage.isIdentical(to: before) {
        historyChanged = history.record(before, named: name)
      }
      func compare(_ id: ID, _ before: NodeSnapshot) {
        if storage.snapshot(of: id) != before {
          changed.append(id)
          observed[id] = nil
        }
      }
      if let reachable {
        for id in reachable { if let before = observed[id] { compare(id, before) } }
      } else {
        for (id, before) in observed { compare(id, before) }
        changed += takeAppeared()
      }
    }
    notify(changed, historyChanged: historyChanged)
    if let failure { throw failure }
    return outcome!
  }

  /// The awaited nodes that are in the tree now, no longer awaited; call under the lock.
  func takeAppeared() -> [ID] {
    guard !awaited.isEmpty else { return [] }
    let appeared = awaited.filter { storage.contains($0) }
    awaited.subtract(appeared)
    return Array(appeared)
  }

  /// Tells the observers of the tree, of the `changed` nodes and, when `historyChanged`, of the
  /// history.
  func notify(_ changed: [ID], historyChanged: Bool) {
    registrar.willSet(self, keyPath: \.tree)
    registrar.didSet(self, keyPath: \.tree)
    for id in changed {
      registrar.willSet(self, keyPath: \.[node: id])
      registrar.didSet(self, keyPath: \.[node: id])
    }
    if historyChanged {
      registrar.willSet(self, keyPath: \.canUndo)
      registrar.didSet(self, keyPath: \.canUndo)
    }
  }

  /// The remembered nodes a write from `id` can change: its ancestors, itself and the nodes below.
  private func _reachable(from id: ID, in tree: SelectionTree<ID>) -> [ID] {
    guard let position = tree.structure.position(of: id) else { return [] }
    var result = tree.ancestry(of: position).dropLast().map { tree.structure.id(at: $0) }
    let range = tree.structure.range(of: position)
    if range.count <= observed.count {
      for index in range where observed[tree.structure.id(at: index)] != nil {
        result.append(tree.structure.id(at: index))
      }
    } else {
      for remembered in observed.keys {
        if let index = tree.structure.position(of: remembered), range.contains(index) {
          result.append(remembered)
        }
      }
    }
    return result
  }
}

extension SelectionModel: @unchecked Sendable where ID: Sendable {}

/// Everything observers of one node depend on: its resolved configuration, its summary and whether
/// the filter shows it.
public struct NodeSnapshot: Hashable, Sendable, Codable {
  /// The resolved configuration.
  public var configuration: ToggleConfiguration
  /// The counts behind the state.
  public var summary: ToggleSummary
  /// Whether the current filter shows the node.
  public var isVisible: Bool
}

extension SelectionTree {
  /// Everything observers of one node depend on.
  /// - Complexity: O(log n).
  public func snapshot(of id: ID) -> NodeSnapshot? {
    guard let position = structure.position(of: id) else { return nil }
    return NodeSnapshot(
      configuration: configuration(at: position), summary: summary(at: position),
      isVisible: states.state(at: position) & NodeBits.hidden == 0)
  }
}
