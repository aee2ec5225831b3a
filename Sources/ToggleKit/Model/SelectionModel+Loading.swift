extension SelectionModel {
  /// A model owning a lazy tree: its unloaded nodes are filled with `load(_:using:)`.
  ///
  /// ```swift
  /// let model = SelectionModel(LazyTree(try SelectionTree(paths: ["books"]), unloaded: ["books"]))
  /// try await model.load("books") { id in try await api.children(of: id) }
  /// ```
  public convenience init(_ lazy: LazyTree<ID>) {
    self.init(lazy.tree)
    unloadedNodes = lazy.unloaded
  }

  /// The nodes of the tree whose children are not loaded yet; reading it observes every load.
  /// - Complexity: O(u log n) for u unloaded nodes.
  public var unloaded: Set<ID> {
    registrar.access(self, keyPath: \.unloaded)
    return lock.withLock {
      unloadedNodes.filter { storage.contains($0) && storage.children(of: $0).isEmpty }
    }
  }

  /// Loads `id` with an asynchronous loader, waiting for it outside the model's lock (reads and
  /// changes go on meanwhile), then fills it under the lock.
  ///
  /// The children inherit the node's selection and lock as they are when they arrive (see
  /// ``LazyTree``). Observers are told of exactly what changed: nodes read through the model
  /// before they existed, when they appear; remembered nodes whose snapshot changed (the loaded
  /// node, now a parent); the tree; ``unloaded``. A load is no undo step; steps from before it
  /// are carried over to the tree with its new nodes. Nothing happens when `id` is not unloaded,
  /// or was loaded by another task while the loader ran.
  ///
  /// ```swift
  /// withObservationTracking { _ = model.state(of: "books/1") } onChange: { print("appeared") }
  /// try await model.load("books", using: fetch)   // prints "appeared"
  /// ```
  /// - Throws: What `loader` throws, or a ``SelectionTreeError`` for children that do not fit.
  /// - Complexity: O(log n + m) for m nodes loaded, plus comparing the remembered nodes.
  public func load(_ id: ID, using loader: (ID) async throws -> LazyTree<ID>.Children)
    async throws
  {
    guard lock.withLock({ isUnloaded(id) }) else { return }
    try fill(id, with: try await loader(id))
  }

  /// Loads `id` with a synchronous loader (see the asynchronous `load(_:using:)`).
  ///
  /// ```swift
  /// try model.load("src", using: reader.children)
  /// ```
  /// - Throws: What `loader` throws, or a ``SelectionTreeError`` for children that do not fit.
  /// - Complexity: O(log n + m) for m nodes loaded, plus comparing the remembered nodes.
  public func load(_ id: ID, using loader: (ID) throws -> LazyTree<ID>.Children) throws {
    guard lock.withLock({ isUnloaded(id) }) else { return }
    try fill(id, with: try loader(id))
  }

  /// Whether `id` is in the tree, a leaf, and not loaded yet; call under the lock.
  private func isUnloaded(_ id: ID) -> Bool {
    unloadedNodes.contains(id) && storage.contains(id) && storage.children(of: id).isEmpty
  }

  /// Puts loaded children into the tree under the lock, and tells the observers what changed.
  private func fill(_ id: ID, with children: LazyTree<ID>.Children) throws {
    var changed: [ID] = []
    var failure: (any Error)?
    var filled = false
    lock.withLock {
      guard isUnloaded(id) else { return }  // another task loaded it meanwhile
      // A lazy tree that knows only this node unloaded: what its load notes unloaded is then
      // what this load brings (O(m)), not every unloaded node of the tree (O(u) each load).
      var lazy = LazyTree(storage, unloaded: [id])
      do {
        try lazy.load(id) { _ in children }
      } catch {
        failure = error
        return
      }
      storage = lazy.tree
      // Nodes a reload took away stay noted as unloaded, for an undo that brings them back.
      unloadedNodes.remove(id)
      unloadedNodes.formUnion(lazy.unloaded)
      history.noteLoad(of: id, children)
      filled = true
      for (id, before) in observed where storage.snapshot(of: id) != before {
        changed.append(id)
        observed[id] = nil
      }
      changed += takeAppeared()
    }
    if let failure { throw failure }
    guard filled else { return }
    registrar.willSet(self, keyPath: \.unloaded)
    registrar.didSet(self, keyPath: \.unloaded)
    notify(changed, historyChanged: false)
  }
}
