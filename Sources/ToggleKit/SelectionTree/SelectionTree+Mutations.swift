extension SelectionTree {
  /// Clicks a node: on writes false, off writes true, mixed writes ``Options/mixedTogglesTo`` — to
  /// every writable leaf below it (see ``Propagation`` for the other modes).
  ///
  /// ```swift
  /// var tree = try SelectionTree(paths: ["Fruit/Apple", "Fruit/Pear"])
  /// try tree.toggle("Fruit")   // changed 2, blocked 0
  /// ```
  ///
  /// A disabled node changes nothing; what it would have changed is reported as blocked.
  /// - Complexity: O(log n), whatever the size of the subtree.
  @inlinable @discardableResult
  public mutating func toggle(_ id: ID) throws(SelectionTreeError) -> ToggleOutcome {
    _toggle(at: try _position(id))
  }

  /// Clicks a node as a view that draws it `shown` clicks it: drawn mixed, it writes
  /// ``Options/mixedTogglesTo`` (as a click on any mixed node does) whatever the tree holds; drawn
  /// otherwise, it toggles as ``toggle(_:)`` does.
  ///
  /// A view can draw mixed a node that the tree holds wholly on or off: a folder with kept
  /// decisions below a folder not read yet (``LazyTree/mixedByDecisions``). What the user sees
  /// is what the click does.
  ///
  /// ```swift
  /// var tree = try SelectionTree(paths: ["usr/share/doc", "usr/share/man"])
  /// try tree.set("usr/share", to: false)
  /// try tree.toggle("usr/share", shown: .mixed)   // all of it on: what a mixed folder's click does
  /// ```
  /// - Throws: ``SelectionTreeError/unknownNode(id:)`` for an id the tree does not have.
  /// - Complexity: O(log n).
  @discardableResult
  public mutating func toggle(
    _ id: ID, shown: ToggleState
  ) throws(SelectionTreeError) -> ToggleOutcome {
    guard shown == .mixed, state(of: id) != .mixed else { return try toggle(id) }
    return try set(id, to: options.mixedTogglesTo.isOn)
  }

  /// Writes a value from a node, as a click that chose the value would.
  ///
  /// ```swift
  /// try tree.set("Fruit", to: false)   // deselect every writable fruit
  /// ```
  /// - Complexity: O(log n).
  @inlinable @discardableResult
  public mutating func set(_ id: ID, to isOn: Bool) throws(SelectionTreeError) -> ToggleOutcome {
    _set(isOn, at: try _position(id))
  }

  /// Selects every writable leaf of the tree (every writable node when parents keep their own
  /// values), as a click on an enabled root above all roots would.
  /// - Complexity: O(log n).
  @discardableResult
  public mutating func selectAll() -> ToggleOutcome {
    defer { checkInvariantsIfEnabled() }
    keepDecisionForAll(true)
    return _writeAll(true)
  }

  /// Deselects every writable leaf of the tree (every writable node when parents keep their own
  /// values).
  /// - Complexity: O(log n).
  @discardableResult
  public mutating func deselectAll() -> ToggleOutcome {
    defer { checkInvariantsIfEnabled() }
    keepDecisionForAll(false)
    return _writeAll(false)
  }

  /// Locks a node and everything below it (at on, at off, or at each node's current value), or
  /// unlocks them with ``NodeLock/none``.
  ///
  /// ```swift
  /// try tree.setLock("Legal/Terms", to: .on)   // always included
  /// ```
  /// - Complexity: O(log n); while the tree keeps decisions (``keptDecisions``), plus reading
  ///   those on the node's path and below it.
  public mutating func setLock(_ id: ID, to lock: NodeLock) throws(SelectionTreeError) {
    let position = try _position(id)
    if let derived {
      // A lock that changes nothing leaves the tree as it was.
      let before = states
      _lock(position, lock)
      if !states.isIdentical(to: before) { self.derived = derived.markingFlagsChanged() }
    } else {
      _lock(position, lock)
    }
    // An unlocked node follows the kept decisions again (only its subtree's lock changed).
    followKeptDecisions(inSubtreeOf: position)
    checkInvariantsIfEnabled()
  }

  /// Disables or re-enables a node.
  ///
  /// Disabling is inherited: every descendant is disabled while the
  /// node is, and re-enabling it leaves descendants that are disabled themselves disabled.
  /// - Complexity: O((1 + k) log n) for k nodes disabled themselves inside the subtree; while the
  ///   tree keeps decisions (``keptDecisions``), plus reading those on the node's path and below.
  public mutating func setDisabled(_ id: ID, to isDisabled: Bool) throws(SelectionTreeError) {
    let position = try _position(id)
    let disabledBefore = disabledPositions.count
    _setDisabled(position, isDisabled)
    if disabledPositions.count != disabledBefore { derived = derived?.markingFlagsChanged() }
    followKeptDecisions(inSubtreeOf: position)
    checkInvariantsIfEnabled()
  }

  /// Expands or collapses a node.
  ///
  /// Never changes selection.
  /// - Complexity: O(1) expected.
  public mutating func setExpanded(_ id: ID, to isExpanded: Bool) throws(SelectionTreeError) {
    let position = try _position(id)
    // Unchanged, nothing is written: a copy stays identical (no undo step).
    if expanded[position] != isExpanded { expanded[position] = isExpanded }
  }

  /// Expands a node.
  /// - Complexity: O(1) expected.
  public mutating func expand(_ id: ID) throws(SelectionTreeError) {
    try setExpanded(id, to: true)
  }

  /// Collapses a node.
  /// - Complexity: O(1) expected.
  public mutating func collapse(_ id: ID) throws(SelectionTreeError) {
    try setExpanded(id, to: false)
  }

  /// Expands every ancestor of a node, so that it is shown; the node itself is left as it is.
  ///
  /// ```swift
  /// try tree.expandAncestors(of: "Fruit/Citrus/Lime")   // expands Fruit and Fruit/Citrus
  /// ```
  /// - Complexity: O(depth).
  public mutating func expandAncestors(of id: ID) throws(SelectionTreeError) {
    var node = structure.parent(of: try _position(id))
    while node >= 0 {
      if !expanded[node] { expanded[node] = true }
      node = structure.parent(of: node)
    }
  }

  /// Expands or collapses every node.
  /// - Complexity: O(n).
  public mutating func setAllExpanded(_ isExpanded: Bool) {
    // Unchanged, nothing is written: a copy stays identical (no undo step).
    guard expanded.elements.contains(where: { $0 != isExpanded }) else { return }
    expanded = NodeFlags(repeating: isExpanded, count: count)
  }

  /// Writes a value over the whole tree, as from an enabled root above every root.
  mutating func _writeAll(_ value: Bool) -> ToggleOutcome {
    _write(
      value, to: 0..<count,
      addressed: options.propagation.up ? StateSet.leaves : StateSet.all, writable: _writable)
  }
}
