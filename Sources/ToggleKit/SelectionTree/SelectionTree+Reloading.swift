/// What a reload does with leaves that are new under a node that was fully selected.
public enum NewChildren: String, Hashable, Sendable, CaseIterable, Codable {
  /// A new leaf under a surviving ancestor that was on is selected ("include this folder").
  case inheritFullySelectedParent
  /// A new leaf keeps the selection its data gives it.
  case unselected
}

extension SelectionTree {
  /// Replaces the tree's data with `fresh`, keeping the selection, locks and expansion of every
  /// node whose id survives — whatever its new position or parent.
  ///
  /// ```swift
  /// var tree = try SelectionTree(paths: ["Docs/a.txt", "Docs/b.txt"])
  /// try tree.toggle("Docs")
  /// tree.reload(from: try SelectionTree(paths: ["Docs/b.txt", "Docs/c.txt", "Other/a.txt"]))
  /// tree.selection(.leaves)   // ["Docs/b.txt", "Docs/c.txt"]: c is new inside a selected folder
  /// ```
  ///
  /// A lock fixes a subtree today and tomorrow: a node that `fresh` adds under a locked node is
  /// locked too, at the value that node showed (off when it was mixed). A lock or a selection that
  /// `fresh` itself carries on a node wins over anything inherited, and a lock it carries on a
  /// surviving node wins over the lock that node had.
  /// Everything else — labels, order, attributes, disabling — comes from `fresh`; the options and
  /// the filter of this tree stay. Nodes are matched by id only, never by position.
  /// - Complexity: O(n log n) for n nodes in `fresh`.
  @specialized(where ID == String)
  @specialized(where ID == Int)
  public mutating func reload(
    from fresh: SelectionTree<ID>, newChildren: NewChildren = .inheritFullySelectedParent
  ) {
    let kept = keptSpec
    defer { keepFollowing(kept) }
    defer { idsAreTheirPaths = fresh.idsAreTheirPaths }
    let old = self
    let oldBytes = old.states.allStates()
    var bytes = fresh.states.allStates()
    var expanded = fresh.expanded.elements
    let oldExpanded = old.expanded.elements
    let carried = NodeBits.selected | NodeBits.locked
    // For each new position: whether its nearest surviving ancestor (itself included) was on, and
    // the lock its nearest surviving ancestor passes down (nil: none; inside, the value it showed,
    // or nil when it was mixed).
    var inheritsOn = [Bool](repeating: false, count: fresh.count)
    var inheritedLock = [Bool??](repeating: nil, count: fresh.count)
    // A tree just built holds its ids as an array too: read there, not through the chunks.
    let freshIDs = fresh.structure.flatIDs
    let oldRecords = old.derived?.allRecords
    for position in 0..<fresh.count {
      let parent = fresh.structure.parent(of: position)
      let dataLocks = bytes[position] & NodeBits.locked != 0
      guard let previous = old.structure.position(of: freshIDs[position]) else {
        inheritsOn[position] = parent >= 0 && inheritsOn[parent]
        inheritedLock[position] = parent >= 0 ? inheritedLock[parent] : nil
        let dataSelects = bytes[position] & NodeBits.selected != 0
        if dataLocks {
          inheritedLock[position] = nil
        } else if let lock = inheritedLock[position] {
          let value = dataSelects || lock == true
          bytes[position] = bytes[position] | NodeBits.locked
          bytes[position] =
            value ? bytes[position] | NodeBits.selected : bytes[position] & ~NodeBits.selected
        } else if newChildren == .inheritFullySelectedParent && inheritsOn[position]
          && fresh.structure.isLeaf(position)
        {
          bytes[position] |= NodeBits.selected
        }
        continue
      }
      let oldState = oldBytes[previous]
      let oldShows = old.state(at: previous, own: oldState)
      var carriedBits = oldState & carried
      if let oldRecords, oldRecords[previous].addsLock {
        // Derived locks are derived again below, not carried.
        carriedBits &= ~NodeBits.locked
      }
      if fresh.structure.isLeaf(position) && !old.structure.isLeaf(previous)
        && old.options.propagation.up
      {
        // A parent that became a leaf keeps what it showed.
        carriedBits =
          (carriedBits & ~NodeBits.selected) | (oldShows == .on ? NodeBits.selected : 0)
      }
      if dataLocks {
        // The new data's lock wins: keep its value and lock, and pass it down as data does.
        carriedBits = bytes[position] & carried
        inheritedLock[position] = nil
      } else if carriedBits & NodeBits.locked != 0 {
        inheritedLock[position] = .some(oldShows == .mixed ? nil : oldShows == .on)
      }
      bytes[position] = (bytes[position] & ~carried) | carriedBits
      expanded[position] = oldExpanded[previous]
      inheritsOn[position] = oldShows == .on
    }
    self = SelectionTree(
      structure: fresh.structure, states: bytes, expanded: expanded,
      disabledPositions: fresh.disabledPositions, options: old.options)
    filter = old.filter
    if filter != nil { _applyFilter() }
    if let derived = old.derived { rederive(derived, from: old) }
    // A reload that changes nothing leaves the tree as it was: a copy stays identical, and a
    // model makes no undo step.
    if hasSameContent(as: old) { self = old }
    checkInvariantsIfEnabled()
  }

  /// Whether the tree holds exactly what `other` holds (a parent's own value where it counts).
  /// - Complexity: O(n); stops at the first difference.
  func hasSameContent(as other: SelectionTree) -> Bool {
    guard count == other.count, options == other.options,
      (derived == nil) == (other.derived == nil),
      (derivationFailure == nil) == (other.derivationFailure == nil),
      filter?.token === other.filter?.token, disabledPositions == other.disabledPositions
    else { return false }
    if let derived, let theirs = other.derived, derived !== theirs {
      // What the source added, which removing it takes away again.
      let mine = derived.allRecords
      let others = theirs.allRecords
      guard
        mine.indices.allSatisfy({
          mine[$0].addsLock == others[$0].addsLock && mine[$0].disables == others[$0].disables
        })
      else { return false }
    }
    if !states.isIdentical(to: other.states) {
      // A parent's own value does not count while parents derive their state.
      let mine = states.allStates()
      let theirs = other.states.allStates()
      for position in mine.indices where mine[position] != theirs[position] {
        let ignored = options.propagation.up && !structure.isLeaf(position) ? NodeBits.selected : 0
        if (mine[position] ^ theirs[position]) & ~ignored != 0 { return false }
      }
    }
    guard expanded.elements == other.expanded.elements, filterOpen == other.filterOpen else {
      return false
    }
    // The shape last: a reload that changes selection stops above, after bytes, not strings.
    return structure.hasSameShape(as: other.structure)
  }
}
