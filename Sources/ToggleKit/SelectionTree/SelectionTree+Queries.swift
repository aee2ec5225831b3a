extension SelectionTree {
  /// The state a node shows: for a leaf (or any node when ``Propagation/up`` is off) its own value;
  /// for a parent, the aggregate of the leaves below it under ``Options/lockedSources``.
  ///
  /// ```swift
  /// tree.state(of: "Fruit")   // .mixed when some fruit is selected
  /// ```
  /// - Complexity: O(log n).
  @inlinable
  public func state(of id: ID) -> ToggleState? {
    structure.position(of: id).map(state(at:))
  }

  /// The counts behind a node's state: writable and non-writable (locked or disabled) leaves below
  /// it that are on or off — or, when ``Propagation/up`` is off, every node of its subtree.
  ///
  /// ```swift
  /// tree.summary(of: "Fruit")   // e.g. 2 writable on, 1 writable off, 1 locked on
  /// ```
  ///
  /// A leaf counts as writable when a click on this node could change it: it is not locked, and not
  /// disabled (unless ``Options/cascadesIntoDisabled``); nothing is writable below a disabled node.
  /// - Complexity: O(log n).
  @inlinable
  public func summary(of id: ID) -> ToggleSummary? {
    structure.position(of: id).map(summary(at:))
  }

  /// Whether a click on the node can change nothing because of locks: a leaf's own lock, or, for a
  /// parent that derives its state, no writable leaf below it.
  ///
  /// ```swift
  /// tree.isLocked("Fruit/Apple")   // true after setLock("Fruit/Apple", to: .on)
  /// ```
  /// - Complexity: O(log n).
  @inlinable
  public func isLocked(_ id: ID) -> Bool? {
    structure.position(of: id).map(_isLocked(at:))
  }

  /// Whether the node is enabled: false when it or any ancestor is disabled.
  ///
  /// ```swift
  /// try tree.setDisabled("Veg", to: true)
  /// tree.isEnabled("Veg/Leek")   // false: disabling is inherited
  /// ```
  /// - Complexity: O(log n).
  @inlinable
  public func isEnabled(_ id: ID) -> Bool? {
    structure.position(of: id).map(_isEnabled(at:))
  }

  /// Whether the node itself was disabled (not only through an ancestor).
  /// - Complexity: O(log d) for d disabled nodes.
  public func isDisabledItself(_ id: ID) -> Bool? {
    guard let position = structure.position(of: id) else { return nil }
    let slot = _disabledSlot(Int32(position))
    return slot < disabledPositions.count && disabledPositions[slot] == Int32(position)
  }

  /// Whether the node is expanded (its children shown).
  ///
  /// Independent of selection.
  /// - Complexity: O(1) expected.
  public func isExpanded(_ id: ID) -> Bool? {
    structure.position(of: id).map { expanded[$0] }
  }

  /// The node's label.
  /// - Complexity: O(1) expected.
  public func label(of id: ID) -> String? {
    structure.position(of: id).map { structure.label(at: $0) }
  }

  /// The node's string attributes.
  /// - Complexity: O(log a) for a nodes with attributes.
  public func attributes(of id: ID) -> [String: String]? {
    structure.position(of: id).map { structure.attributes(at: $0) ?? [:] }
  }

  /// The node's parent.
  /// - Returns: The parent's id; nil for a root or when there is no such node.
  /// - Complexity: O(1) expected.
  public func parent(of id: ID) -> ID? {
    guard let position = structure.position(of: id) else { return nil }
    let parent = structure.parent(of: position)
    return parent < 0 ? nil : structure.id(at: parent)
  }

  /// The node's children, in order.
  /// - Returns: The children's ids (empty for a leaf or an unknown id).
  /// - Complexity: O(c) for c children.
  public func children(of id: ID) -> [ID] {
    guard let position = structure.position(of: id) else { return [] }
    return _children(of: position).map { structure.id(at: $0) }
  }

  /// The node's depth: 0 for a root.
  /// - Complexity: O(1) expected.
  public func depth(of id: ID) -> Int? {
    structure.position(of: id).map { structure.depth(of: $0) }
  }

  /// The ids from the root down to the node, both included.
  ///
  /// ```swift
  /// tree.path(of: "Fruit/Apple")   // ["Fruit", "Fruit/Apple"]
  /// ```
  /// - Complexity: O(depth).
  public func path(of id: ID) -> [ID] {
    guard let position = structure.position(of: id) else { return [] }
    return ancestry(of: position).map { structure.id(at: $0) }
  }

  /// The labels from the root down to the node, both included.
  ///
  /// ```swift
  /// tree.labelPath(of: "Fruit/Apple")   // ["Fruit", "Apple"]
  /// ```
  /// - Complexity: O(depth).
  public func labelPath(of id: ID) -> [String] {
    guard let position = structure.position(of: id) else { return [] }
    return labelPath(at: position)
  }

  /// The node's labels from the root joined by `separator`, each escaped as in path lists.
  ///
  /// Escaped as ``LabelPath`` escapes; the inverse of how ``init(paths:separator:options:)`` reads.
  ///
  /// ```swift
  /// tree.escapedLabelPath(of: someJSONNodeID)   // "Sizes/1\/2 inch"
  /// ```
  /// - Complexity: O(depth + path length).
  public func escapedLabelPath(of id: ID, separator: Unicode.Scalar = "/") -> String {
    structure.position(of: id).map { escapedLabelPath(at: $0, separator: separator) } ?? ""
  }

  func escapedLabelPath(at position: Int, separator: Unicode.Scalar = "/") -> String {
    LabelPath.joined(ancestry(of: position).map { structure.label(at: $0) }, separator: separator)
  }

  /// Everything a style needs to draw the node, always resolved: label, state, enabled (inherited
  /// from ancestors), locked, expanded, depth and whether it has children.
  ///
  /// With derived attributes, the label is the node's ``displayLabel(of:)``.
  ///
  /// ```swift
  /// let row = tree.configuration(of: "Fruit/Apple")!
  /// row.isEnabled   // false inside a disabled department
  /// ```
  /// - Complexity: O(log n).
  @inlinable
  public func configuration(of id: ID) -> ToggleConfiguration? {
    structure.position(of: id).map(configuration(at:))
  }

  // MARK: By position

  // A leaf is known by its state byte's leaf bit, which saves reading where its subtree ends.

  @usableFromInline
  func state(at position: Int) -> ToggleState {
    state(at: position, own: states.state(at: position))
  }

  /// The state of the node at `position`, whose own state byte is `own` (read in bulk).
  func state(at position: Int, own: UInt8) -> ToggleState {
    if !options.propagation.up || own & NodeBits.leaf != 0 {
      return own & NodeBits.selected != 0 ? .on : .off
    }
    return summary(at: position, own: own).state(lockedSources: options.lockedSources)
  }

  @usableFromInline
  func _isEnabled(at position: Int) -> Bool { !_isDisabled(states.state(at: position)) }

  @usableFromInline
  func summary(at position: Int) -> ToggleSummary {
    summary(at: position, own: states.state(at: position))
  }

  /// The summary of the node at `position`, whose own state byte is `own`.
  func summary(at position: Int, own: UInt8) -> ToggleSummary {
    var counts = NodeCounts.zero
    if own & NodeBits.leaf != 0 {
      counts.add(own)
    } else {
      counts = states.counts(in: structure.range(of: position))
    }
    let counted = options.propagation.up ? StateSet.leaves : StateSet.all
    // The node is disabled exactly when every node of its range is (the range starts with it).
    let isDisabled = counts.sum(over: StateSet.enabled) == 0
    let writable = isDisabled ? StateSet.none : _writable & counted
    let locked = counted & ~writable
    let on = StateSet.selected(true)
    let off = StateSet.selected(false)
    return ToggleSummary(
      writableOn: counts.sum(over: writable & on),
      writableOff: counts.sum(over: writable & off),
      lockedOn: counts.sum(over: locked & on),
      lockedOff: counts.sum(over: locked & off),
      hiddenOn: counts.hidden.sum(over: counted.hidden & on.hidden))
  }

  @usableFromInline
  func _isLocked(at position: Int) -> Bool {
    let state = states.state(at: position)
    if !options.propagation.up || state & NodeBits.leaf != 0 {
      return state & NodeBits.locked != 0
    }
    let counts = states.counts(in: structure.range(of: position))
    let unlockedLeaves = StateSet.unlockedLeaves
    let candidates = _isDisabled(state) ? unlockedLeaves : unlockedLeaves & _writable
    return counts.sum(over: candidates) == 0
  }

  @usableFromInline
  func configuration(at position: Int) -> ToggleConfiguration {
    ToggleConfiguration(
      label: derived == nil ? structure.label(at: position) : displayLabel(at: position),
      state: state(at: position),
      isEnabled: !_isDisabled(states.state(at: position)),
      isLocked: _isLocked(at: position),
      isExpanded: expanded[position],
      depth: structure.depth(of: position),
      hasChildren: !structure.isLeaf(position))
  }

  /// Whether writes from the node at `position` read back: true makes it on, false not on.
  /// - Complexity: O(log n).
  func acceptsWrites(at position: Int) -> Bool {
    let own = states.state(at: position)
    guard !_isDisabled(own) else { return false }
    if own & NodeBits.leaf != 0 || !options.propagation.up { return _writable.contains(own) }
    guard options.propagation.down else { return false }
    let summary = summary(at: position)
    return summary.writable > 0
      && (options.lockedSources == .excluded || summary.lockedOff + summary.lockedMixed == 0)
  }

  /// Whether the node at `position` carries a lock bit of its own.
  func hasOwnLock(at position: Int) -> Bool {
    states.state(at: position) & NodeBits.locked != 0
  }

  /// Whether the node at `position` is disabled itself, not only through an ancestor.
  func isDisabledItself(at position: Int) -> Bool {
    let slot = _disabledSlot(Int32(position))
    return slot < disabledPositions.count && disabledPositions[slot] == Int32(position)
  }

  func _children(of position: Int) -> [Int] {
    structure.children(of: position)
  }

  func ancestry(of position: Int) -> [Int] {
    var chain: [Int] = []
    var node = position
    while node >= 0 {
      chain.append(node)
      node = structure.parent(of: node)
    }
    return chain.reversed()
  }
}
