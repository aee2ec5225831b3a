extension SelectionTree {
  /// Checks the tree's invariants in debug builds; compiled away in release.
  ///
  /// Every range count
  /// matches the node states, leaf bits match the shape, and disabled bits match the disabled nodes.
  /// Every mutation ends with this check for trees of up to 4,096 nodes; tests call
  /// ``_checkAllInvariants()`` on larger ones.
  ///
  /// ```swift
  /// tree._checkInvariants()   // traps in a debug build when something is inconsistent
  /// ```
  ///
  /// - Complexity: O(n log n) in debug builds for trees of up to 4,096 nodes; O(1) otherwise.
  public func _checkInvariants() {
    #if DEBUG
      if count <= 4_096 { _checkAllInvariants() }
    #endif
  }

  /// Checks every invariant, whatever the size and build configuration.
  ///
  /// ```swift
  /// tree._checkAllInvariants()
  /// ```
  ///
  /// - Complexity: O(n log n).
  public func _checkAllInvariants() {
    precondition(states.count == count, "state count \(states.count) ≠ node count \(count)")
    precondition(states.countsAreConsistent(), "segment counts disagree with node states")
    precondition(expanded.count == count, "expansion count ≠ node count")
    let all = states.allStates()
    var disabledFromAbove = [Bool](repeating: false, count: count)
    let ownDisabled = Set(disabledPositions.map(Int.init))
    precondition(ownDisabled.count == disabledPositions.count, "a node is disabled twice")
    precondition(disabledPositions == disabledPositions.sorted(), "disabled nodes out of order")
    for position in 0..<count {
      let parent = Int(structure.parents[position])
      let inherited = parent >= 0 && (disabledFromAbove[parent] || ownDisabled.contains(parent))
      disabledFromAbove[position] = inherited
      let resolved = inherited || ownDisabled.contains(position)
      precondition(
        (all[position] & _NodeBits.disabled != 0) == resolved,
        "node \(position): disabled bit ≠ resolved disabling")
      precondition(
        (all[position] & _NodeBits.leaf != 0) == structure.isLeaf(position),
        "node \(position): leaf bit ≠ shape")
      precondition(parent < position, "node \(position): parent \(parent) is not before it")
      precondition(
        parent < 0 || Int(structure.ends[position]) <= Int(structure.ends[parent]),
        "node \(position): subtree leaves its parent's")
    }
  }

  /// The bytes the tree's own arrays hold: ids and labels count their 16-byte values, not the text
  /// they point to (which is the labels' own storage).
  ///
  /// ```swift
  /// print(tree._storageBytes / tree.count, "bytes per node beyond the labels")
  /// ```
  ///
  /// - Complexity: O(1) expected (O(a) for a nodes with attributes).
  public var _storageBytes: Int {
    func bytes<Element>(_ array: [Element]) -> Int {
      array.capacity * MemoryLayout<Element>.stride
    }
    return bytes(structure.ids) + bytes(structure.labels) + bytes(structure.parents)
      + bytes(structure.ends) + bytes(structure.depths) + bytes(structure.roots)
      + structure.index.storageBytes + states.storageBytes + bytes(expanded)
      + bytes(disabledPositions) + structure.attributes.capacity * 64
  }
}
