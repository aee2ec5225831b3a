extension SelectionTree {
  /// Derives node attributes from a source: disabling (inherited by the subtree, as
  /// ``setDisabled(_:to:)``), locks (applied in preorder, as ``setLock(_:to:)``), initial
  /// expansion, display labels and style names.
  ///
  /// ```swift
  /// struct LegacyIsReadOnly: NodeAttributeSource {
  ///   func writability(of node: NodeFacts) -> NodeWritability {
  ///     NodeWritability(disables: node.label == "Legacy")
  ///   }
  /// }
  /// tree.deriveAttributes(from: LegacyIsReadOnly())
  /// tree.isEnabled("Legacy")   // false
  /// ```
  ///
  /// The attributes lie over the data, which wins where it is explicit; ``setDisabled(_:to:)`` and
  /// ``setLock(_:to:)`` change the data, and ``removeDerivedAttributes()`` takes away exactly what
  /// a source added. Reloads and loads ask it again about the nodes whose facts it read changed.
  /// - Throws: What the source throws; the tree is then unchanged.
  /// - Complexity: O(n (d + s)) for n nodes of depth up to d, s the source's cost per node.
  public mutating func deriveAttributes<Source: NodeAttributeSource>(
    from source: Source
  ) throws(Source.Failure) {
    let kept = keptSpec
    defer { keepFollowing(kept) }
    var applied = self
    applied.restoreBaseline()
    try applied.applyDerivation(source, reusing: nil)
    self = applied
  }

  /// The source of the tree's derived attributes, if any.
  public var attributeSource: (any NodeAttributeSource)? { derived?.source }

  /// Removes the derived attributes: takes away the locks and disabling the source added, and
  /// keeps every change made since (a lock or disabling set later stays).
  /// - Complexity: O(n) for n nodes.
  public mutating func removeDerivedAttributes() {
    let kept = keptSpec
    defer { keepFollowing(kept) }
    restoreBaseline()
  }

  /// Why the last ``reload(from:newChildren:)`` could not derive the attributes again, if it could
  /// not (the tree then has no source).
  public var derivationError: (any Error)? { derivationFailure?.error }

  /// The text to show for a node: its derived display label, or its label.
  ///
  /// ```swift
  /// tree.displayLabel(of: "Fruit/Apple")   // "Apple (required)"
  /// ```
  /// - Complexity: O(log n) when cached; otherwise the source's cost.
  public func displayLabel(of id: ID) -> String? {
    structure.position(of: id).map(displayLabel(at:))
  }

  /// The style name derived for a node (empty for the default style).
  /// - Complexity: O(log n) when cached; otherwise the source's cost.
  public func styleName(of id: ID) -> String? {
    structure.position(of: id).map { presentation(at: $0)?.style ?? "" }
  }

  /// A node's facts as a source sees them now: the data's own lock and disabling (what the
  /// source added left out), changes made since the derivation included.
  /// - Complexity: O(log n) expected; each fact costs what ``NodeFacts`` says.
  public func nodeFacts(of id: ID) -> NodeFacts? {
    structure.position(of: id).map {
      facts(at: $0, record: nil, lock: RecursiveLock())
    }
  }

  // MARK: Internals

  func displayLabel(at position: Int) -> String {
    guard let presentation = presentation(at: position), !presentation.label.isEmpty else {
      return structure.label(at: position)
    }
    return presentation.label
  }

  func presentation(at position: Int) -> NodePresentation? {
    guard let derived else { return nil }
    let state = state(at: position)
    return derived.presentation(at: position, state: state) {
      let node = facts(at: position, record: nil, lock: derived.factLock)
      return (derived.source.presentation(of: node), node.read)
    }
  }

  /// Whether the tree's data disables the node itself: its disabling without what a source
  /// derived (``NodeFacts/isDisabledByData``), changes made since the derivation included.
  func isDisabledByData(at position: Int) -> Bool {
    isDisabledItself(at: position) && derived?.record(at: position).disables != true
  }

  /// Whether the tree's data locks the node: its lock bit without the locks a source derived.
  func isLockedByData(at position: Int) -> Bool {
    hasOwnLock(at: position) && derived?.record(at: position).addsLock != true
  }

  func facts(at position: Int, record: DerivedRecord?, lock: RecursiveLock) -> NodeFacts {
    let isDisabled = record?.explicitDisabled ?? isDisabledByData(at: position)
    let isLocked = record?.explicitLocked ?? isLockedByData(at: position)
    var dataLock: NodeLock?
    if isLocked {
      dataLock =
        !structure.isLeaf(position)
        ? .current : states.state(at: position) & NodeBits.selected != 0 ? .on : .off
    }
    return NodeFacts(
      reader: TreeFactReader(tree: self, position: position, lock: lock),
      isDisabledByData: isDisabled, lockByData: dataLock)
  }

  /// Takes away the locks and disabling the source added, keeping every change made since, and
  /// forgets the derived attributes.
  mutating func restoreBaseline() {
    guard let derived else { return }
    let records = derived.allRecords
    if records.contains(where: \.addsLock) {
      var bytes = states.allStates()
      for position in bytes.indices where records[position].addsLock {
        bytes[position] &= ~NodeBits.locked
      }
      states = NodeStates(states: bytes)
    }
    for position in 0..<count where records[position].disables {
      if isDisabledItself(at: position) { _setDisabled(position, false) }
    }
    self.derived = nil
    derivationFailure = nil
    if filter != nil { _applyFilter() }
  }

  /// Derives and applies attributes on a tree that has none; `reuse` may supply a node's earlier
  /// record when none of the facts it read changed, and says whether a node is new (only new
  /// nodes get their initial expansion from the source).
  mutating func applyDerivation<Source: NodeAttributeSource>(
    _ source: Source, reusing reuse: ((Int) -> (record: DerivedRecord?, isNew: Bool))?
  ) throws(Source.Failure) {
    let snapshot = self
    let lock = RecursiveLock()
    let lockedBefore = states.allStates().map { $0 & NodeBits.locked != 0 }
    var records: [DerivedRecord] = []
    records.reserveCapacity(count)
    for position in 0..<count {
      if let record = reuse?(position).record {
        records.append(record)
        continue
      }
      let node = snapshot.facts(at: position, record: nil, lock: lock)
      let writability = try source.writability(of: node)
      let explicitLocked = node.lockByData != nil
      records.append(
        DerivedRecord(
          lock: explicitLocked ? .none : writability.lock,
          disables: !node.isDisabledByData && writability.disables, read: node.read,
          explicitLocked: explicitLocked, explicitDisabled: node.isDisabledByData))
    }
    for position in 0..<count where records[position].lock != .none {
      _lock(position, records[position].lock)
    }
    for position in 0..<count where records[position].disables {
      _setDisabled(position, true)
    }
    let afterLocks = self
    let expandedBefore = source.derivesExpansion ? expanded.elements : []
    for position in 0..<count where source.derivesExpansion && !expandedBefore[position] {
      if let reuse, !reuse(position).isNew { continue }
      expanded[position] = try source.initialExpansion(
        of: afterLocks.facts(at: position, record: records[position], lock: lock))
    }
    let lockedAfter = states.allStates()
    for position in records.indices {
      records[position].addsLock =
        lockedAfter[position] & NodeBits.locked != 0 && !lockedBefore[position]
    }
    derived = DerivedAttributes(source: source, records: CountedTree(records))
    derivationFailure = nil
    if filter != nil { _applyFilter() }
    checkInvariantsIfEnabled()
  }

  /// Derives the old tree's attributes on the reloaded tree, reusing the record of every surviving
  /// node whose data flags and the facts its source read are unchanged.
  ///
  /// `previous`, when given, tells each node's position in `old` (nil: new), instead of its id.
  mutating func rederive(
    _ derived: DerivedAttributes, from old: SelectionTree<ID>, previous: ((Int) -> Int?)? = nil
  ) {
    let merged = self
    let before = previous ?? { old.structure.position(of: merged.structure.id(at: $0)) }
    let records = derived.allRecords
    let reuse: (Int) -> (record: DerivedRecord?, isNew: Bool) = { position in
      guard let previous = before(position) else { return (nil, true) }
      let record = records[previous]
      guard record.explicitDisabled == merged.isDisabledItself(at: position),
        record.explicitLocked == merged.hasOwnLock(at: position),
        merged.hasSameFacts(record.read, at: position, as: old, at: previous)
      else { return (nil, false) }
      return (record, false)
    }
    do {
      try applyDerivation(derived.source, reusing: reuse)
    } catch {
      derivationFailure = ErrorBox(error: error)
    }
  }
}

/// An error kept by a tree whose reload could not derive its attributes again.
struct ErrorBox: Sendable {
  let error: any Error
}
