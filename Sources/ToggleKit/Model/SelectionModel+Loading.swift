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

  /// The nodes whose children are not loaded yet; reading it observes every load.
  public var unloaded: Set<ID> {
    registrar.access(self, keyPath: \.unloaded)
    return lock.withLock { unloadedNodes }
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
  /// - Complexity: O((n + m) log(n + m)) for m nodes loaded, plus comparing the remembered nodes.
  public func load(_ id: ID, using loader: (ID) async throws -> LazyTree<ID>.Children)
    async throws
  {
    guard lock.withLock({ unloadedNodes.contains(id) }) else { return }
    try fill(id, with: try await loader(id))
  }

  /// Loads `id` with a synchronous loader (see the asynchronous `load(_:using:)`).
  ///
  /// ```swift
  /// try model.load("src", using: reader.children)
  /// ```
  /// - Throws: What `loader` throws, or a ``SelectionTreeError`` for children that do not fit.
  /// - Complexity: O((n + m) log(n + m)) for m nodes loaded, plus comparing the remembered nodes.
  public func load(_ id: ID, using loader: (ID) throws -> LazyTree<ID>.Children) throws {
    guard lock.withLock({ unloadedNodes.contains(id) }) else { return }
    try fill(id, with: try loader(id))
  }

  /// Puts loaded children into the tree under the lock, and tells the observers what changed.
  private func fill(_ id: ID, with children: LazyTree<ID>.Children) throws {
    var changed: [ID] = []
    var failure: (any Error)?
    var filled = false
    lock.withLock {
      guard unloadedNodes.contains(id) else { return }  // another task loaded it meanwhile
      var lazy = LazyTree(storage, unloaded: unloadedNodes)
      do {
        try lazy.load(id) { _ in children }
      } catch {
        failure = error
        return
      }
      storage = lazy.tree
      unloadedNodes = lazy.unloaded
      history.loads += 1
      filled = true
      for (id, before) in observed where storage.snapshot(of: id) != before {
        changed.append(id)
        observed[id] = nil
      }
      let appeared = awaited.filter { storage.contains($0) }
      awaited.subtract(appeared)
      changed += appeared
      if unloadedNodes.isEmpty { awaited.removeAll() }
    }
    if let failure { throw failure }
    guard filled else { return }
    registrar.willSet(self, keyPath: \.unloaded)
    registrar.didSet(self, keyPath: \.unloaded)
    notify(changed, historyChanged: false)
  }
}
