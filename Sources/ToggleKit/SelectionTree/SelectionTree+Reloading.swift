/// What a reload does with leaves that are new under a node that was fully selected.
///
/// ```swift
/// tree.reload(from: fresh, newChildren: .unselected)
/// ```
///
/// - Complexity: O(1) for every member.
public enum NewChildren: String, Hashable, Sendable, CaseIterable, Codable {
  /// A new leaf whose nearest surviving ancestor was on is selected: "include this folder" keeps
  /// meaning the whole folder, as in backup tools.
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
  ///
  /// - Parameters:
  ///   - fresh: The tree built from the new data.
  ///   - newChildren: Whether new leaves inherit a fully selected ancestor.
  /// - Complexity: O(n log n) for n nodes in `fresh`.
  public mutating func reload(
    from fresh: SelectionTree<ID>, newChildren: NewChildren = .inheritFullySelectedParent
  ) {
    let old = self
    var bytes = fresh.states.allStates()
    var expanded = fresh.expanded
    let carried = _NodeBits.selected | _NodeBits.locked
    // For each new position: whether its nearest surviving ancestor (itself included) was on, and
    // the lock its nearest surviving ancestor passes down (nil: none; inside, the value it showed,
    // or nil when it was mixed).
    var inheritsOn = [Bool](repeating: false, count: fresh.count)
    var inheritedLock = [Bool??](repeating: nil, count: fresh.count)
    for position in 0..<fresh.count {
      let parent = Int(fresh.structure.parents[position])
      let dataLocks = bytes[position] & _NodeBits.locked != 0
      guard let previous = old.structure.position(of: fresh.structure.ids[position]) else {
        inheritsOn[position] = parent >= 0 && inheritsOn[parent]
        inheritedLock[position] = parent >= 0 ? inheritedLock[parent] : nil
        let dataSelects = bytes[position] & _NodeBits.selected != 0
        if dataLocks {
          inheritedLock[position] = nil
        } else if let lock = inheritedLock[position] {
          let value = dataSelects || lock == true
          bytes[position] = bytes[position] | _NodeBits.locked
          bytes[position] =
            value ? bytes[position] | _NodeBits.selected : bytes[position] & ~_NodeBits.selected
        } else if newChildren == .inheritFullySelectedParent && inheritsOn[position]
          && fresh.structure.isLeaf(position)
        {
          bytes[position] |= _NodeBits.selected
        }
        continue
      }
      let oldState = old.states.state(at: previous)
      let oldShows = old._state(at: previous)
      var carriedBits = oldState & carried
      if let rules = old._rules {
        // Locks rules added are derived again below, not carried.
        carriedBits =
          (carriedBits & ~_NodeBits.locked)
          | (rules.baselineLocked[previous] ? _NodeBits.locked : 0)
      }
      if fresh.structure.isLeaf(position) && !old.structure.isLeaf(previous)
        && old.options.propagation.up
      {
        // A parent that became a leaf keeps what it showed.
        carriedBits =
          (carriedBits & ~_NodeBits.selected) | (oldShows == .on ? _NodeBits.selected : 0)
      }
      if dataLocks {
        // The new data's lock wins: keep its value and lock, and pass it down as data does.
        carriedBits = bytes[position] & carried
        inheritedLock[position] = nil
      } else if carriedBits & _NodeBits.locked != 0 {
        inheritedLock[position] = .some(oldShows == .mixed ? nil : oldShows == .on)
      }
      bytes[position] = (bytes[position] & ~carried) | carriedBits
      expanded[position] = old.expanded[previous]
      inheritsOn[position] = oldShows == .on
    }
    self = SelectionTree(
      structure: fresh.structure, states: bytes, expanded: expanded,
      disabledPositions: fresh.disabledPositions, options: old.options)
    filter = old.filter
    if filter != nil { _applyFilter() }
    if let rules = old._rules { _reapplyRules(rules, from: old) }
    _checkInvariants()
  }

  /// Applies the old tree's rules to the reloaded tree, reusing the record of every surviving node
  /// whose data flags and the facts its rules read are unchanged.
  private mutating func _reapplyRules(_ rules: _TreeRules, from old: SelectionTree<ID>) {
    let merged = self
    let reuse: (Int) -> (record: _NodeRuleRecord?, isNew: Bool) = { position in
      guard let previous = old.structure.position(of: merged.structure.ids[position]) else {
        return (nil, true)
      }
      let record = rules.records[previous]
      let isLocked = merged.states.state(at: position) & _NodeBits.locked != 0
      guard record.explicitDisabled == merged._isDisabledItself(at: position),
        record.explicitLocked == isLocked
      else { return (nil, false) }
      let before = _NodeFacts(tree: old, position: previous)
      let after = _NodeFacts(tree: merged, position: position)
      for fact in _NodeFact.allCases where record.mask & fact.bit != 0 {
        guard before.value(of: fact).isEqual(to: after.value(of: fact)) else { return (nil, false) }
      }
      return (record, false)
    }
    do {
      try _applyRules(rules.model, reusing: reuse)
    } catch {
      _rulesError = _RulesErrorBox(error: error)
    }
  }
}
