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
  ///
  /// - Parameter id: The node to click.
  /// - Returns: How many leaves changed and how many were blocked by locks or disabling.
  /// - Throws: ``SelectionTreeError/unknownNode(id:)`` when there is no such node.
  /// - Complexity: O(log n), whatever the size of the subtree.
  @discardableResult
  public mutating func toggle(_ id: ID) throws(SelectionTreeError) -> ToggleOutcome {
    let position = try _position(id)
    let value: Bool =
      switch _state(at: position) {
      case .on: false
      case .off: true
      case .mixed: options.mixedTogglesTo.isOn
      }
    defer { _checkInvariants() }
    return _write(value, from: position)
  }

  /// Writes a value from a node, as a click that chose the value would.
  ///
  /// ```swift
  /// try tree.set("Fruit", to: false)   // deselect every writable fruit
  /// ```
  ///
  /// - Parameters:
  ///   - id: The node to write from.
  ///   - isOn: The value to write.
  /// - Returns: How many leaves changed and how many were blocked by locks or disabling.
  /// - Throws: ``SelectionTreeError/unknownNode(id:)`` when there is no such node.
  /// - Complexity: O(log n).
  @discardableResult
  public mutating func set(_ id: ID, to isOn: Bool) throws(SelectionTreeError) -> ToggleOutcome {
    let position = try _position(id)
    defer { _checkInvariants() }
    return _write(isOn, from: position)
  }

  /// Selects every writable leaf of the tree (every writable node when parents keep their own
  /// values), as a click on an enabled root above all roots would.
  ///
  /// ```swift
  /// tree.selectAll()
  /// ```
  ///
  /// - Returns: How many changed and how many were blocked.
  /// - Complexity: O(log n).
  @discardableResult
  public mutating func selectAll() -> ToggleOutcome {
    defer { _checkInvariants() }
    return _writeAll(true)
  }

  /// Deselects every writable leaf of the tree (every writable node when parents keep their own
  /// values).
  ///
  /// ```swift
  /// tree.deselectAll()
  /// ```
  ///
  /// - Returns: How many changed and how many were blocked.
  /// - Complexity: O(log n).
  @discardableResult
  public mutating func deselectAll() -> ToggleOutcome {
    defer { _checkInvariants() }
    return _writeAll(false)
  }

  /// Locks a node and everything below it (at on, at off, or at each node's current value), or
  /// unlocks them with ``NodeLock/none``.
  ///
  /// ```swift
  /// try tree.setLock("Legal/Terms", to: .on)   // always included
  /// ```
  ///
  /// - Parameters:
  ///   - id: The node.
  ///   - lock: The lock to apply.
  /// - Throws: ``SelectionTreeError/unknownNode(id:)`` when there is no such node.
  /// - Complexity: O(log n).
  public mutating func setLock(_ id: ID, to lock: NodeLock) throws(SelectionTreeError) {
    let position = try _position(id)
    _lock(position, lock)
    _checkInvariants()
  }

  /// Disables or re-enables a node.
  ///
  /// Disabling is inherited: every descendant is disabled while the
  /// node is, and re-enabling it leaves descendants that are disabled themselves disabled.
  ///
  /// ```swift
  /// try tree.setDisabled("Archive", to: true)
  /// ```
  ///
  /// - Parameters:
  ///   - id: The node.
  ///   - isDisabled: Whether the node itself is disabled.
  /// - Throws: ``SelectionTreeError/unknownNode(id:)`` when there is no such node.
  /// - Complexity: O((1 + k) log n) for k nodes disabled themselves inside the subtree.
  public mutating func setDisabled(_ id: ID, to isDisabled: Bool) throws(SelectionTreeError) {
    let position = try _position(id)
    _setDisabled(position, isDisabled)
    _checkInvariants()
  }

  /// Expands or collapses a node.
  ///
  /// Never changes selection.
  ///
  /// ```swift
  /// try tree.setExpanded("Fruit", to: true)
  /// ```
  ///
  /// - Parameters:
  ///   - id: The node.
  ///   - isExpanded: Whether its children are shown.
  /// - Throws: ``SelectionTreeError/unknownNode(id:)`` when there is no such node.
  /// - Complexity: O(1) expected.
  public mutating func setExpanded(_ id: ID, to isExpanded: Bool) throws(SelectionTreeError) {
    expanded[try _position(id)] = isExpanded
  }

  /// Expands a node.
  ///
  /// ```swift
  /// try tree.expand("Fruit")
  /// ```
  ///
  /// - Parameter id: The node.
  /// - Throws: ``SelectionTreeError/unknownNode(id:)`` when there is no such node.
  /// - Complexity: O(1) expected.
  public mutating func expand(_ id: ID) throws(SelectionTreeError) {
    try setExpanded(id, to: true)
  }

  /// Collapses a node.
  ///
  /// ```swift
  /// try tree.collapse("Fruit")
  /// ```
  ///
  /// - Parameter id: The node.
  /// - Throws: ``SelectionTreeError/unknownNode(id:)`` when there is no such node.
  /// - Complexity: O(1) expected.
  public mutating func collapse(_ id: ID) throws(SelectionTreeError) {
    try setExpanded(id, to: false)
  }

  /// Expands every ancestor of a node, so that it is shown; the node itself is left as it is.
  ///
  /// ```swift
  /// try tree.expandAncestors(of: "Fruit/Citrus/Lime")   // expands Fruit and Fruit/Citrus
  /// ```
  ///
  /// - Parameter id: The node to reveal.
  /// - Throws: ``SelectionTreeError/unknownNode(id:)`` when there is no such node.
  /// - Complexity: O(depth).
  public mutating func expandAncestors(of id: ID) throws(SelectionTreeError) {
    var node = Int(structure.parents[try _position(id)])
    while node >= 0 {
      expanded[node] = true
      node = Int(structure.parents[node])
    }
  }

  /// Expands or collapses every node.
  ///
  /// ```swift
  /// tree.setAllExpanded(false)
  /// ```
  ///
  /// - Parameter isExpanded: Whether every node's children are shown.
  /// - Complexity: O(n).
  public mutating func setAllExpanded(_ isExpanded: Bool) {
    expanded = Array(repeating: isExpanded, count: count)
  }

  /// Writes a value over the whole tree, as from an enabled root above every root.
  mutating func _writeAll(_ value: Bool) -> ToggleOutcome {
    _write(
      value, to: 0..<count,
      addressed: options.propagation.up ? Self._leafStates : Self._allStates, writable: _writable)
  }
}
