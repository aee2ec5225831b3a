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
  /// no writable node (its node disabled, or every node it writes locked) decides nothing;
  /// a click that a filter keeps from hidden nodes below (scope `.visible`) cannot be one
  /// decision, so the kept decisions give way to the tree's selection.
  ///
  /// What a click writes, the propagation says: its subtree when parents write down (one decision
  /// on its path; the decisions below go), a leaf alone, nothing for a parent that only shows its
  /// leaves (`.upOnly`), the node alone under `.independent` (its decision, and each child keeps
  /// what it followed with a decision of its own where that differs). A click on a path other
  /// nodes share (siblings of one label) cannot be one decision either, nor an independent
  /// parent's where kept rules decide below its children.
  /// - Complexity: O(d + c · log d + s) for d kept decisions, a node of c children and s siblings
  ///   of the node and its ancestors (whose labels are compared).
  mutating func keepDecision(_ value: Bool, at position: Int) {
    guard var kept = keptSpec else { return }
    let own = states.state(at: position)
    let range = structure.range(of: position)
    let propagation = options.propagation
    // A click that writes no writable node decides nothing: a disabled node's, a locked leaf's,
    // a folder's whose nodes are all locked (a folder not loaded yet, locked, is such a leaf).
    let written = propagation.down || range.count == 1 ? range : position..<position + 1
    guard own & NodeBits.disabled == 0,
      states.counts(in: written).sum(over: specCarriers & StateSet.unlocked & StateSet.enabled) > 0
    else { return }
    if filterKeepsWrites(from: range) {
      keptSpec = nil
      return
    }
    let path = labelPath(at: position)
    // A path that other nodes share (siblings of one label, or below such) is one decision for
    // them all: the click cannot be one, so the kept decisions give way.
    var finder = labelIndex()
    if finder.positions(of: path).count > 1 {
      keptSpec = nil
      return
    }
    if propagation.down || range.count == 1 {
      kept.decide(value, at: path)
    } else if propagation.up {
      return
    } else {
      // Where rules decide a child's subtree, a decision on the child would override them below
      // it: the click cannot be said with decisions.
      if kept.rules != nil, kept.nearestDecision(for: path) == nil,
        _children(of: position).contains(where: { structure.range(of: $0).count > 1 })
      {
        keptSpec = nil
        return
      }
      let held = _children(of: position).map { child in
        let childPath = labelPath(at: child)
        return (childPath, kept.isSelected(childPath, isFolder: isFolderToRules(child)))
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
    // With rules, every root is decided either way (the rules would decide the undecided).
    let rules = keptSpec?.rules
    keptSpec = SelectionSpec(
      value || rules != nil ? roots.map { .init(labelPath(of: $0), isIncluded: value) } : [],
      rules: rules)
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

  /// Sets the writable nodes of one subtree to the kept decisions.
  ///
  /// For a change that reached no node outside it and left the kinds of those above it as they
  /// were (locks, disabling, new nodes): the decisions on its path and below it are read; with
  /// rules, the rules are asked about its ancestors and its nodes no decision covers.
  /// - Complexity: O(k log d) for a node of k labels and d kept decisions, plus O(r (k log n + c))
  ///   for the r decisions on its path and below (c: the children of the folders their paths
  ///   pass through when ids are not label paths); with rules, plus their walk
  ///   (``ruleEntries(_:inSubtreeOf:)``).
  mutating func followKeptDecisions(inSubtreeOf position: Int) {
    guard let keptSpec else { return }
    let path = labelPath(at: position)
    let decisions = keptSpec.decisions[keptSpec.indices(atOrBelow: path)]
    let scope = structure.range(of: position)
    if let rules = keptSpec.rules, keptSpec.nearestDecision(for: path) == nil {
      let (entries, outer) = ruleEntries(rules, inSubtreeOf: position)
      _ = applyDecisions(decisions, overlaying: entries, in: scope, outer: outer)
    } else {
      _ = applyDecisions(
        decisions, in: scope,
        outer: keptSpec.nearestDecision(for: Array(path.dropLast())) ?? false)
    }
  }

  /// Keeps `kept` as the tree's decisions after a change that may have replaced the tree's value
  /// (a reload, an edit, a derivation), and sets what is writable to follow them.
  mutating func keepFollowing(_ kept: SelectionSpec?) {
    keptSpec = kept
    followKeptDecisions()
  }

  /// ``keepFollowing(_:)`` after an insert or an append of the nodes `added` (and no derived
  /// attributes): with rules, only the new subtrees are followed, and a parent that was a leaf.
  /// - Complexity: With rules, O(m) for m new nodes plus ``followKeptDecisions(inSubtreeOf:)``
  ///   for each new subtree; otherwise as ``followKeptDecisions()``.
  mutating func keepFollowing(_ kept: SelectionSpec?, added: some Collection<ID>) {
    keepFollowing(kept) { tree in
      let structure = tree.structure
      let new = Set(added)
      var tops: [Int] = []
      var wasLeaf: [Int: Bool] = [:]
      for id in added {
        guard let position = structure.position(of: id) else { continue }
        let parent = structure.parent(of: position)
        guard parent >= 0 else {
          tops.append(position)
          continue
        }
        if new.contains(structure.id(at: parent)) { continue }
        // A parent whose children are all new was a leaf: the rules may see it otherwise now.
        if wasLeaf[parent] == nil {
          var child = parent + 1
          let end = structure.range(of: parent).upperBound
          while child < end && new.contains(structure.id(at: child)) {
            child = structure.range(of: child).upperBound
          }
          wasLeaf[parent] = child == end
          if child == end { tops.append(parent) }
        }
        if !wasLeaf[parent]! { tops.append(position) }
      }
      return tops
    }
  }

  /// ``keepFollowing(_:)`` after an edit that changed the paths or kinds the rules see only in
  /// the subtrees at the positions `subtrees` gives (and no derived attributes): with rules, only
  /// those are followed.
  mutating func keepFollowing(_ kept: SelectionSpec?, subtrees: (Self) -> [Int]) {
    keptSpec = kept
    guard kept?.rules != nil, derived == nil else { return followKeptDecisions() }
    for position in subtrees(self) { followKeptDecisions(inSubtreeOf: position) }
  }

  /// The subtrees to follow after a move of the node `id` from under `oldParent`: the node's,
  /// or its new parent's when that was a leaf, and the old parent when it is one now.
  func subtreesAfterMove(of id: ID, from oldParent: ID?) -> [Int] {
    guard let position = structure.position(of: id) else { return [] }
    let parent = structure.parent(of: position)
    let gained =
      parent >= 0 && structure.range(of: parent).count == structure.range(of: position).count + 1
    return [gained ? parent : position] + leafParent(oldParent)
  }

  /// The position of `parent` when it is a leaf (its last child gone).
  func leafParent(_ parent: ID?) -> [Int] {
    guard let parent, let position = structure.position(of: parent),
      structure.range(of: position).count == 1
    else { return [] }
    return [position]
  }
}

extension SelectionTree {
  /// The nodes a ``LazyTree`` shows `.mixed` because of kept decisions below its unloaded nodes:
  /// each unloaded leaf (`isUnloaded`) that is writable and has a kept decision below it that
  /// differs from its value, and every ancestor of one — only when parents show their leaves
  /// (``Propagation/up``), since a node that keeps its own value is never mixed.
  ///
  /// A writable node follows its nearest decision and the kept decisions are minimal, so the
  /// highest decisions below it differ from its value: any decision below makes it mixed. With
  /// rules, a decision below makes it mixed where its value differs, and so does a rule that
  /// excludes and could match below a selected unloaded folder that no decision covers.
  /// - Parameters:
  ///   - isUnloaded: Whether a leaf is unloaded.
  ///   - unloaded: The unloaded leaves, asked when the kept decisions have rules.
  /// - Returns: The ids of the nodes shown mixed.
  /// - Complexity: O(d · k log n) for d kept decisions of k labels (each path's folders read
  ///   once when ids are not label paths), plus O(depth) for each leaf found; with rules, plus
  ///   O(u · (k log d + r)) for u unloaded leaves and r rules.
  func nodesMixedByKeptDecisions(
    isUnloaded: (ID) -> Bool, unloaded: @autoclosure () -> Set<ID> = []
  ) -> Set<ID> {
    guard options.propagation.up, let keptSpec else { return [] }
    var finder = labelIndex()
    var mixed = Set<ID>()
    func mark(_ position: Int) {
      guard states.state(at: position) & (NodeBits.locked | NodeBits.disabled) == 0 else {
        return
      }
      // The leaf and its ancestors, up to one already in.
      var node = position
      while node >= 0, mixed.insert(structure.id(at: node)).inserted {
        node = structure.parent(of: node)
      }
    }
    let rules = keptSpec.rules
    for decision in keptSpec.decisions {
      for position in unloadedLeaves(above: decision.path, &finder, isUnloaded: isUnloaded)
      where rules == nil
        || (states.state(at: position) & NodeBits.selected != 0) != decision.isIncluded
      {
        mark(position)
      }
    }
    guard let rules else { return mixed }
    for id in unloaded() {
      guard let position = structure.position(of: id),
        states.state(at: position) & NodeBits.selected != 0
      else { continue }
      let path = labelPath(at: position)
      if keptSpec.nearestDecision(for: path) == nil,
        rules.mayDecide(otherThan: true, below: path)
      {
        mark(position)
      }
    }
    return mixed
  }

  /// The decision paths of `spec` that name no node and lie below no unloaded leaf: those that
  /// wait for a node to come, not for a load.
  /// - Complexity: As ``nodesMixedByKeptDecisions(isUnloaded:)`` for the paths of `spec`.
  func pathsNamingNoNode(
    _ paths: [[String]], isUnloaded: (ID) -> Bool
  ) -> [[String]] {
    var finder = labelIndex()
    return paths.filter { unloadedLeaves(above: $0, &finder, isUnloaded: isUnloaded).isEmpty }
  }

  /// The unloaded leaves that `path` lies strictly below.
  private func unloadedLeaves(
    above path: [String], _ finder: inout LabelIndex, isUnloaded: (ID) -> Bool
  ) -> [Int] {
    finder.leaves(above: path) { states.state(at: $0) & NodeBits.leaf != 0 }
      .filter { isUnloaded(structure.id(at: $0)) }
  }
}
