import Observation

/// An `Observable` owner of a ``SelectionTree``, for apps: a view that reads a node is told when —
/// and only when — what it read about that node changes.
///
/// ```swift
/// let model = SelectionModel(try SelectionTree(paths: ["Fruit/Apple", "Veg/Leek"]))
/// withObservationTracking { _ = model.state(of: "Fruit") } onChange: { print("Fruit changed") }
/// try model.toggle("Fruit/Apple")   // prints: Fruit's state went from off to on
/// try model.toggle("Veg/Leek")      // Fruit's observers are not told
/// ```
///
/// **Granularity.** Per-node reads (``state(of:)``, ``summary(of:)``, ``configuration(of:)``,
/// ``isVisible(_:)``) register an observation of that node only. After each change the model
/// compares what those nodes showed before and after, and notifies exactly the ones that differ.
/// Reading ``tree`` registers an observation of the whole tree, told of every change.
///
/// **Threads.** The model is `Sendable` when its ids are: every read and change takes the model's
/// lock, so concurrent changes never interleave; observers are told outside the lock.
///
/// - Complexity: A change costs what the tree's operation costs plus O(m log n) for the m nodes
///   that have been read through the model.
public final class SelectionModel<ID: Hashable>: Observable {
  private let lock = _RecursiveLock()
  private var storage: SelectionTree<ID>
  private var observed: Set<ID> = []
  private let registrar = ObservationRegistrar()

  /// Creates a model owning `tree`.
  ///
  /// ```swift
  /// let model = SelectionModel(try SelectionTree(paths: ["a/b"]))
  /// ```
  ///
  /// - Parameter tree: The tree to own.
  /// - Complexity: O(1).
  public init(_ tree: SelectionTree<ID>) {
    storage = tree
  }

  /// The whole tree, as a value.
  ///
  /// Reading it observes every change.
  ///
  /// ```swift
  /// let snapshot = model.tree   // a copy: later changes to the model do not affect it
  /// ```
  ///
  /// - Complexity: O(1): the copy shares storage until either is written.
  public var tree: SelectionTree<ID> {
    registrar.access(self, keyPath: \.tree)
    return lock.withLock { storage }
  }

  /// What observers of one node depend on; used as the observation key for that node.
  ///
  /// ```swift
  /// model[node: "Fruit"]   // the node's configuration and summary
  /// ```
  ///
  /// - Parameter id: A node id.
  /// - Complexity: O(log n).
  public subscript(node id: ID) -> NodeSnapshot? {
    registrar.access(self, keyPath: \.[node: id])
    return lock.withLock {
      observed.insert(id)
      return storage.snapshot(of: id)
    }
  }

  /// The node's state, observed per node.
  ///
  /// ```swift
  /// model.state(of: "Fruit")   // .mixed
  /// ```
  ///
  /// - Parameter id: A node id.
  /// - Returns: The state, or nil when there is no such node.
  /// - Complexity: O(log n).
  public func state(of id: ID) -> ToggleState? { self[node: id]?.configuration.state }

  /// The node's summary, observed per node.
  ///
  /// ```swift
  /// model.summary(of: "Fruit")?.hiddenOn
  /// ```
  ///
  /// - Parameter id: A node id.
  /// - Returns: The summary, or nil when there is no such node.
  /// - Complexity: O(log n).
  public func summary(of id: ID) -> ToggleSummary? { self[node: id]?.summary }

  /// The node's resolved configuration, observed per node.
  ///
  /// ```swift
  /// model.configuration(of: "Veg/Leek")?.isEnabled
  /// ```
  ///
  /// - Parameter id: A node id.
  /// - Returns: The configuration, or nil when there is no such node.
  /// - Complexity: O(log n).
  public func configuration(of id: ID) -> ToggleConfiguration? { self[node: id]?.configuration }

  /// Whether the current filter shows the node, observed per node.
  ///
  /// ```swift
  /// model.isVisible("Veg/Leek")
  /// ```
  ///
  /// - Parameter id: A node id.
  /// - Returns: Whether the node is visible, or nil when there is no such node.
  /// - Complexity: O(log n).
  public func isVisible(_ id: ID) -> Bool? { self[node: id]?.isVisible }

  /// Changes the tree, then tells the observers of every node whose snapshot changed.
  ///
  /// ```swift
  /// model.update { tree in tree.setFilter(TreeFilter(text: "app")) }
  /// ```
  ///
  /// - Parameter body: Changes the tree.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws; the tree keeps whatever `body` did before throwing.
  /// - Complexity: `body`'s cost plus O(m log n) for m observed nodes.
  @discardableResult
  public func update<Result>(
    _ body: (inout SelectionTree<ID>) throws -> Result
  ) rethrows -> Result {
    let (result, changed): (Result, [ID]) = try lock.withLock {
      let watched = Array(observed)
      let before = watched.map { storage.snapshot(of: $0) }
      let result = try body(&storage)
      let changed = zip(watched, before).filter { storage.snapshot(of: $0.0) != $0.1 }.map(\.0)
      return (result, changed)
    }
    registrar.willSet(self, keyPath: \.tree)
    registrar.didSet(self, keyPath: \.tree)
    for id in changed {
      registrar.willSet(self, keyPath: \.[node: id])
      registrar.didSet(self, keyPath: \.[node: id])
    }
    return result
  }

  /// Clicks a node (see ``SelectionTree/toggle(_:)``).
  ///
  /// ```swift
  /// try model.toggle("Fruit")
  /// ```
  ///
  /// - Parameter id: The node to click.
  /// - Returns: How many leaves changed and how many were blocked.
  /// - Throws: ``SelectionTreeError/unknownNode(id:)`` when there is no such node.
  /// - Complexity: O(log n) plus O(m log n) for m observed nodes.
  @discardableResult
  public func toggle(_ id: ID) throws(SelectionTreeError) -> ToggleOutcome {
    try _update { tree throws(SelectionTreeError) in try tree.toggle(id) }
  }

  /// Writes a value from a node (see ``SelectionTree/set(_:to:)``).
  ///
  /// ```swift
  /// try model.set("Fruit", to: false)
  /// ```
  ///
  /// - Parameters:
  ///   - id: The node to write from.
  ///   - isOn: The value to write.
  /// - Returns: How many leaves changed and how many were blocked.
  /// - Throws: ``SelectionTreeError/unknownNode(id:)`` when there is no such node.
  /// - Complexity: O(log n) plus O(m log n) for m observed nodes.
  @discardableResult
  public func set(_ id: ID, to isOn: Bool) throws(SelectionTreeError) -> ToggleOutcome {
    try _update { tree throws(SelectionTreeError) in try tree.set(id, to: isOn) }
  }

  /// A Bool binding to a node.
  ///
  /// It reads true when the node is on and writes with ``set(_:to:)``. Not
  /// writable when the node is locked or disabled (when the binding is made); read as mixed by a
  /// ``ParentToggle`` while the node is mixed.
  ///
  /// ```swift
  /// let fruit = model.binding(for: "Fruit")
  /// let all = ParentToggle([fruit, model.binding(for: "Veg")])
  /// ```
  ///
  /// - Parameter id: A node id.
  /// - Returns: The binding (constant off for an unknown id).
  /// - Complexity: O(log n) to make; each access O(log n).
  public func binding(for id: ID) -> ModelBinding<Bool> {
    guard let snapshot = lock.withLock({ storage.snapshot(of: id) }) else {
      return .constant(false)
    }
    let writable = snapshot.configuration.isEnabled && !snapshot.configuration.isLocked
    let write: ((Bool) -> Void)? = writable ? { [self] in _ = try? self.set(id, to: $0) } : nil
    return ModelBinding(
      read: { [self] in self.state(of: id) == .on },
      write: write,
      update: write.map { write in
        { [self] body in
          var value = self.state(of: id) == .on
          body(&value)
          write(value)
        }
      },
      isConstant: false,
      isMixed: { [self] in self.state(of: id) == .mixed })
  }

  private func _update<Result>(
    _ body: (inout SelectionTree<ID>) throws(SelectionTreeError) -> Result
  ) throws(SelectionTreeError) -> Result {
    do {
      return try update(body)
    } catch let error as SelectionTreeError {
      throw error
    } catch {
      fatalError("unreachable: the body throws only SelectionTreeError")
    }
  }
}

extension SelectionModel: @unchecked Sendable where ID: Sendable {}

/// Everything observers of one node depend on: its resolved configuration, its summary and whether
/// the filter shows it.
///
/// ```swift
/// tree.snapshot(of: "Fruit")?.summary.writableOn
/// ```
///
/// - Complexity: O(1) for every member.
public struct NodeSnapshot: Hashable, Sendable {
  /// The resolved configuration.
  ///
  /// ```swift
  /// snapshot.configuration.state   // .mixed
  /// ```
  ///
  /// - Complexity: O(1).
  public var configuration: ToggleConfiguration
  /// The counts behind the state.
  ///
  /// ```swift
  /// snapshot.summary.hiddenOn
  /// ```
  ///
  /// - Complexity: O(1).
  public var summary: ToggleSummary
  /// Whether the current filter shows the node.
  ///
  /// ```swift
  /// snapshot.isVisible   // false when a search hides it
  /// ```
  ///
  /// - Complexity: O(1).
  public var isVisible: Bool
}

extension SelectionTree {
  /// Everything observers of one node depend on.
  ///
  /// ```swift
  /// tree.snapshot(of: "Fruit")?.configuration.isEnabled
  /// ```
  ///
  /// - Parameter id: A node id.
  /// - Returns: The snapshot, or nil when there is no such node.
  /// - Complexity: O(log n).
  public func snapshot(of id: ID) -> NodeSnapshot? {
    guard let position = structure.position(of: id) else { return nil }
    return NodeSnapshot(
      configuration: _configuration(at: position), summary: _summary(at: position),
      isVisible: states.state(at: position) & _NodeBits.hidden == 0)
  }
}
