extension SelectionTree {
  /// The decisions the tree keeps since ``setSelection(to:)->_`` set its selection to a spec.
  ///
  /// Clicks update them (a click decides its node's path), `selectAll()` and `deselectAll()`
  /// replace them, and the nodes that an edit, a reload, a load or a change of locks or disabling
  /// leaves writable follow them; ``selectionSpec(_:)`` gives them back while the tree follows them.
  /// A decision whose node is gone stays for when it comes back. Nil until a spec is set, and
  /// again after a selection set by ids or a click that one decision cannot say (under a filter
  /// that hides part of what it would write, or on a path that other nodes share).
  ///
  /// ```swift
  /// tree.setSelection(to: try SelectionSpec(text: "+ src\n- src/gen\n+ gone/x\n"))
  /// tree.keptDecisions?.text   // the three decisions, gone/x kept for when it comes back
  /// ```
  public var keptDecisions: SelectionSpec? { keptSpec }

  /// Records a click's value on the node at `position` in the kept decisions.
  ///
  /// Afterwards they select what the click wrote, and nothing else changed. A click that writes
  /// nothing because its node is disabled, or locked with nothing below to write, decides nothing;
  /// a click that a filter keeps from hidden nodes below (scope `.visible`) cannot be one
  /// decision, so the kept decisions give way to the tree's selection.
  ///
  /// What a click writes, the propagation says: its subtree when parents write down (one decision
  /// on its path; the decisions below go), a leaf alone, nothing for a parent that only shows its
  /// leaves (`.upOnly`), the node alone under `.independent` (its decision, and each child keeps
  /// what it followed with a decision of its own where that differs). A click on a path other
  /// nodes share (siblings of one label) cannot be one decision either.
  /// - Complexity: O(d + c · log d + s) for d kept decisions, a node of c children and s siblings
  ///   of the node and its ancestors (whose labels are compared).
  mutating func keepDecision(_ value: Bool, at position: Int) {
    guard var kept = keptSpec else { return }
    let own = states.state(at: position)
    let range = structure.range(of: position)
    let propagation = options.propagation
    // A disabled node's click writes nothing; so does a locked node's, unless it writes down to
    // a subtree (whose locked nodes keep their values, as under any decision).
    guard own & NodeBits.disabled == 0,
      own & NodeBits.locked == 0 || (propagation.down && range.count > 1)
    else { return }
    if filterKeepsWrites(from: range) {
      keptSpec = nil
      return
    }
    let path = labelPath(at: position)
    // A path that other nodes share (siblings of one label, or below such) is one decision for
    // them all: the click cannot be one, so the kept decisions give way.
    var finder = _LabelPathFinder(tree: self)
    if finder.positions(of: path).count > 1 {
      keptSpec = nil
      return
    }
    if propagation.down || range.count == 1 {
      kept.decide(value, at: path)
    } else if propagation.up {
      return
    } else {
      let held = _children(of: position).map { child in
        let childPath = labelPath(at: child)
        return (childPath, kept.isSelected(childPath))
      }
      kept.setDecision(value, at: path)
      for (childPath, old) in held where old != value && kept.decision(at: childPath) == nil {
        kept.setDecision(old, at: childPath)
      }
      kept = kept.minimized()
    }
    keptSpec = kept
  }

  /// Records `selectAll()` or `deselectAll()` in the kept decisions: every root decided, or none;
  /// under a filter that keeps the write from hidden nodes (scope `.visible`), the kept decisions
  /// give way to the tree's selection.
  mutating func keepDecisionForAll(_ value: Bool) {
    guard keptSpec != nil else { return }
    if filterKeepsWrites(from: 0..<count) {
      keptSpec = nil
      return
    }
    keptSpec = SelectionSpec(value ? roots.map { .init(labelPath(of: $0), isIncluded: true) } : [])
  }

  /// Whether a filter keeps a write from some of the nodes in `range`: it hides one, and writes
  /// reach only what is shown (scope `.visible`).
  /// - Complexity: O(log n).
  private func filterKeepsWrites(from range: Range<Int>) -> Bool {
    filter != nil && options.filterScope == .visible
      && states.counts(in: range).sum(over: StateSet.hidden) > 0
  }

  /// Sets every writable node to its kept decision, after a change that may have brought new nodes
  /// or made nodes writable; writes nothing when the tree follows them already.
  mutating func followKeptDecisions() {
    guard let keptSpec else { return }
    _ = applyDecisions(keptSpec)
  }

  /// Keeps `kept` as the tree's decisions after a change that may have replaced the tree's value
  /// (a reload, an edit, a derivation), and sets what is writable to follow them.
  mutating func keepFollowing(_ kept: SelectionSpec?) {
    keptSpec = kept
    followKeptDecisions()
  }
}
