extension SelectionTree {
  /// Checks the invariants at the end of a mutation, only where `TOGGLEKIT_INTERNAL_CHECKS` is
  /// defined (Package.swift: a checkout's debug builds); a client's build compiles it away.
  /// - Complexity: O(n log n) with internal checks on, for trees of up to 4,096 nodes; O(1)
  ///   otherwise.
  @inline(__always)
  func checkInvariantsIfEnabled() {
    #if TOGGLEKIT_INTERNAL_CHECKS
      if count <= 4_096 { checkInvariants() }
    #endif
  }

  /// Traps unless range counts match the node states, leaf bits the shape and disabled bits the
  /// disabled nodes: the tree's invariants, for tests and fuzzing.
  /// - Complexity: O(n log n).
  public func checkInvariants() {
    precondition(states.count == count, "state count \(states.count) ≠ node count \(count)")
    precondition(states.countsAreConsistent(), "segment counts disagree with node states")
    precondition(expanded.count == count, "expansion count ≠ node count")
    expanded.tree.checkInvariants(summariesEqual: ==)
    structure.checkInvariants()
    checkFilterBits()
    let all = states.allStates()
    if let derived {
      precondition(derived.records.count == count, "derived record count ≠ node count")
      derived.records.checkInvariants(summariesEqual: ==)
      // A lock or disabling the source added stays until someone sets another.
      let disabled = Set(disabledPositions)
      for (position, record) in derived.allRecords.enumerated() where !derived.flagsChanged {
        precondition(
          !record.addsLock || all[position] & NodeBits.locked != 0,
          "node \(position): a derived lock it does not have")
        precondition(
          !record.disables || disabled.contains(Int32(position)),
          "node \(position): derived disabling it does not have")
      }
    }
    var disabledFromAbove = [Bool](repeating: false, count: count)
    let ownDisabled = Set(disabledPositions.map(Int.init))
    precondition(ownDisabled.count == disabledPositions.count, "a node is disabled twice")
    precondition(disabledPositions == disabledPositions.sorted(), "disabled nodes out of order")
    for position in 0..<count {
      let parent = structure.parent(of: position)
      let inherited = parent >= 0 && (disabledFromAbove[parent] || ownDisabled.contains(parent))
      disabledFromAbove[position] = inherited
      let resolved = inherited || ownDisabled.contains(position)
      precondition(
        (all[position] & NodeBits.disabled != 0) == resolved,
        "node \(position): disabled bit ≠ resolved disabling")
      precondition(
        (all[position] & NodeBits.leaf != 0) == structure.isLeaf(position),
        "node \(position): leaf bit ≠ shape")
      precondition(parent < position, "node \(position): parent \(parent) is not before it")
      precondition(
        parent < 0 || structure.end(of: position) <= structure.end(of: parent),
        "node \(position): subtree leaves its parent's")
      precondition(
        structure.position(of: structure.id(at: position)) == position,
        "node \(position): the index has it elsewhere")
    }
  }

  /// Traps unless the filter's bits (hidden, matched, held open) are what filtering the tree
  /// afresh gives: an edit works them out for the nodes it touched only.
  /// - Complexity: O(n log n).
  private func checkFilterBits() {
    guard filter != nil else {
      precondition(
        filterOpen.count == 0 && filterMatched.count == 0, "filter flags without a filter")
      return
    }
    precondition(
      filterOpen.count == count && filterMatched.count == count, "filter flag counts ≠ node count")
    filterOpen.tree.checkInvariants(summariesEqual: ==)
    filterMatched.tree.checkInvariants(summariesEqual: ==)
    var fresh = self
    fresh._applyFilter()
    precondition(fresh.filterMatched == filterMatched, "matched flags ≠ the filter's matches")
    precondition(fresh.filterOpen == filterOpen, "open flags ≠ the matches below")
    let mine = states.allStates()
    let theirs = fresh.states.allStates()
    for position in 0..<count {
      precondition(
        (mine[position] ^ theirs[position]) & NodeBits.hidden == 0,
        "node \(position): hidden bit ≠ a fresh filtering")
    }
  }

  /// The bytes the tree's own arrays hold: ids and labels count their 16-byte values, not the text
  /// they point to (which is the labels' own storage).
  /// - Complexity: O(1) expected; O(n / 64) once a tree has been edited.
  public var _storageBytes: Int {
    structure.storageBytes + states.storageBytes + expanded.storageBytes
      + disabledPositions.capacity * MemoryLayout<Int32>.stride
  }
}

/// Whether this build checks invariants after every mutation (`TOGGLEKIT_INTERNAL_CHECKS`), so
/// the package's own tests can insist on it.
package let toggleKitInternalChecks: Bool = {
  #if TOGGLEKIT_INTERNAL_CHECKS
    true
  #else
    false
  #endif
}()
