extension SelectionModel {
  /// Whether there is a change to undo; observing it (or ``canRedo``, ``undoName``, ``redoName``)
  /// is told when the history changes.
  ///
  /// ```swift
  /// let model = SelectionModel(try SelectionTree(paths: ["Fruit/Apple"]))
  /// model.canUndo                    // false
  /// try model.toggle("Fruit/Apple")
  /// model.canUndo                    // true
  /// ```
  public var canUndo: Bool {
    registrar.access(self, keyPath: \.canUndo)
    return lock.withLock { !history.undoSteps.isEmpty }
  }

  /// Whether there is an undone change to redo.
  ///
  /// ```swift
  /// model.undo()
  /// model.canRedo   // true, until the next change
  /// ```
  public var canRedo: Bool {
    registrar.access(self, keyPath: \.canUndo)
    return lock.withLock { !history.redoSteps.isEmpty }
  }

  /// The name of the change ``undo()`` would undo ("toggle Fruit/Apple", a transaction's name),
  /// or nil.
  ///
  /// ```swift
  /// try model.toggle("Fruit/Apple")
  /// model.undoName   // "toggle Fruit/Apple"
  /// ```
  public var undoName: String? {
    registrar.access(self, keyPath: \.canUndo)
    return lock.withLock { history.undoSteps.last?.name }
  }

  /// The name of the change ``redo()`` would redo, or nil.
  ///
  /// ```swift
  /// model.undo()
  /// model.redoName   // "toggle Fruit/Apple"
  /// ```
  public var redoName: String? {
    registrar.access(self, keyPath: \.canUndo)
    return lock.withLock { history.redoSteps.last?.name }
  }

  /// The most changes ``undo()`` can go back.
  ///
  /// nil (the default) keeps every change, 0 keeps none and writes the tree in place. Lowering it
  /// drops the oldest steps.
  ///
  /// Each step keeps the tree as it was, which shares all it did not write with the trees around
  /// it: a click on a tree of a million nodes keeps about 10 KB.
  ///
  /// ```swift
  /// model.historyLimit = 100
  /// ```
  /// - Complexity: O(1) to read; O(s) to lower below s steps.
  public var historyLimit: Int? {
    get { lock.withLock { history.limit } }
    set {
      let changed = lock.withLock {
        let before = history.undoSteps.count
        history.limit = newValue.map { max(0, $0) }
        if history.limit == 0 { history.redoSteps.removeAll() }
        return before != history.undoSteps.count
      }
      notify([], historyChanged: changed)
    }
  }

  /// Forgets every undo and redo step.
  ///
  /// ```swift
  /// model.clearHistory()
  /// model.canUndo   // false
  /// ```
  /// - Complexity: O(s) for s steps.
  public func clearHistory() {
    let changed = lock.withLock {
      defer {
        history.undoSteps.removeAll()
        history.redoSteps.removeAll()
        history.dropUnneededLoads()
      }
      return !history.undoSteps.isEmpty || !history.redoSteps.isEmpty
    }
    notify([], historyChanged: changed)
  }

  /// Undoes the last change: the tree is again as it was before it — ids, shape, selection, locks,
  /// disabling, expansion, filter and options — and the observers of every node that shows
  /// something else are told.
  ///
  /// ```swift
  /// try model.toggle("Fruit/Apple")
  /// model.undo()                  // "toggle Fruit/Apple"
  /// model.state(of: "Fruit")      // .off
  /// ```
  /// - Returns: The name of the change undone, or nil when there was none.
  /// - Complexity: O(1) to restore, plus O(m log n) to compare m remembered nodes.
  @discardableResult
  public func undo() -> String? {
    travel(from: \.undoSteps, to: \.redoSteps)
  }

  /// Redoes the last change undone.
  ///
  /// ```swift
  /// model.undo()
  /// model.redo()   // "toggle Fruit/Apple"
  /// ```
  /// - Returns: The name of the change redone, or nil when there was none.
  /// - Complexity: O(1) to restore, plus O(m log n) to compare m remembered nodes.
  @discardableResult
  public func redo() -> String? {
    travel(from: \.redoSteps, to: \.undoSteps)
  }

  /// Makes every change `body` makes through the model one step, named `name`.
  ///
  /// One ``undo()`` undoes it all. Transactions nest: the outermost one makes the step.
  ///
  /// ```swift
  /// let model = SelectionModel(try SelectionTree(paths: ["Fruit/Apple", "Fruit/Pear"]))
  /// try model.transaction("pick fruit") {
  ///   try model.toggle("Fruit/Apple")
  ///   try model.toggle("Fruit/Pear")
  /// }
  /// model.undo()   // "pick fruit": both clicks undone
  /// ```
  ///
  /// **Threads.** A transaction holds the model while `body` runs: other tasks wait, then make
  /// their own steps (never mixed in), so `body` must not wait for a task that uses the model.
  /// - Throws: What `body` throws; changes made before it threw stay, as one step.
  /// - Complexity: `body`'s cost.
  @discardableResult
  public func transaction<Result, Failure: Error>(
    _ name: String, _ body: () throws(Failure) -> Result
  ) throws(Failure) -> Result {
    lock.lock()
    defer {
      history.transactionDepth -= 1
      lock.unlock()
    }
    if history.transactionDepth == 0 {
      history.transactionName = name
      history.transactionRecorded = false
    }
    history.transactionDepth += 1
    return try body()
  }

  /// Moves the last step of `source` to `destination`, swapping it with the tree, and tells the
  /// observers what changed.
  private func travel(
    from source: WritableKeyPath<_ModelHistory<ID>, [_ModelHistory<ID>.Step]>,
    to destination: WritableKeyPath<_ModelHistory<ID>, [_ModelHistory<ID>.Step]>
  ) -> String? {
    var name: String?
    var changed: [ID] = []
    lock.withLock {
      guard let step = history[keyPath: source].popLast() else { return }
      name = step.name
      history[keyPath: destination].append(
        .init(tree: storage, name: step.name, loads: history.loads))
      if step.loads == history.loads {
        storage = step.tree
      } else {
        // Loads are not undone: the step's tree gets the loads made since it, as they were made.
        var lazy = LazyTree(step.tree, unloaded: [])
        for (id, children) in history.loads(since: step.loads) {
          lazy.markUnloaded(id)
          try? lazy.load(id) { _ in children }
        }
        storage = lazy.tree
      }
      for (id, before) in observed where storage.snapshot(of: id) != before {
        changed.append(id)
        observed[id] = nil
      }
      changed += takeAppeared()
    }
    if name != nil { notify(changed, historyChanged: true) }
    return name
  }
}
