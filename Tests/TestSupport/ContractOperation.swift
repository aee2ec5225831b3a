import ToggleKit

/// How a reload changes the data, relative to the tree's current shape.
enum ReloadChange: Hashable, CustomStringConvertible {
  /// A new leaf under the node (a new root when the node is gone).
  case insertLeaf(under: Int)
  /// A new leaf under the node that the data locks at a value.
  case insertLockedLeaf(under: Int, NodeLock)
  /// A new leaf under the node that the data selects.
  case insertSelectedLeaf(under: Int)
  /// The node and everything below it are gone.
  case delete(Int)
  /// The node's subtree moves to the end, as a root.
  case moveToRoot(Int)
  /// Every sibling list reversed.
  case reverse
  /// The data locks a surviving node.
  case dataLock(Int, NodeLock)
  /// The data disables a node (or re-enables it).
  case dataDisable(Int, Bool)
  /// The same data again.
  case same

  var description: String {
    switch self {
    case .insertLeaf(let node): "insert a leaf under n\(node)"
    case .insertLockedLeaf(let node, let lock): "insert a leaf locked \(lock) under n\(node)"
    case .insertSelectedLeaf(let node): "insert a selected leaf under n\(node)"
    case .delete(let node): "delete n\(node)"
    case .moveToRoot(let node): "move n\(node) to the roots"
    case .reverse: "reverse every sibling list"
    case .dataLock(let node, let lock): "data locks n\(node) \(lock)"
    case .dataDisable(let node, let flag): "data \(flag ? "disables" : "enables") n\(node)"
    case .same: "the same data"
    }
  }

  /// The new data for a model's current shape.
  func data(for model: ContractModel) -> [ContractModel.Datum] {
    var data = model.currentData
    let fresh = (data.map(\.id).max() ?? 0) + 1
    func parent(_ node: Int) -> Int? { data.contains { $0.id == node } ? node : nil }
    switch self {
    case .insertLeaf(let node):
      data.append(.init(id: fresh, parent: parent(node)))
    case .insertLockedLeaf(let node, let lock):
      data.append(.init(id: fresh, parent: parent(node), lock: lock))
    case .insertSelectedLeaf(let node):
      data.append(.init(id: fresh, parent: parent(node), isSelected: true))
    case .delete(let node):
      guard model.contains(node) else { break }
      let gone = Set(model.subtree(node))
      data.removeAll { gone.contains($0.id) }
    case .moveToRoot(let node):
      guard model.contains(node) else { break }
      let moved = Set(model.subtree(node))
      let kept = data.filter { !moved.contains($0.id) }
      var tail = data.filter { moved.contains($0.id) }
      tail[0].parent = nil
      data = kept + tail
    case .reverse:
      data.reverse()
    case .dataLock(let node, let lock):
      if let index = data.firstIndex(where: { $0.id == node }) { data[index].lock = lock }
    case .dataDisable(let node, let flag):
      if let index = data.firstIndex(where: { $0.id == node }) { data[index].isDisabled = flag }
    case .same:
      break
    }
    return data
  }
}

/// One operation of the whole alphabet, applied alike to a tree and to the model.
enum ContractOperation: Hashable, CustomStringConvertible {
  case toggle(Int)
  case set(Int, Bool)
  case lock(Int, NodeLock)
  case disable(Int, Bool)
  case expand(Int, Bool)
  case expandAll(Bool)
  case selectAll, deselectAll
  case filter(Set<Int>, matchesOnly: Bool)
  case clearFilter
  case policy(LockedSources)
  case mixedTarget(MixedToggleTarget)
  case cascade(Bool)
  case scope(FilterScope)
  case reload(ReloadChange, NewChildren)
  case restore([Int])
  case edit(TreeEdit, NewChildren)
  /// Makes the tree's spec (checked against the model's values) and keeps it in the model.
  case saveSpec(SpecCoverage)
  /// Sets the selection to the spec kept last (nothing selected when none was kept).
  case restoreSpec
  /// Sets the tree to the spec that follows a filter file's rules.
  case followRules(FilterRules)
  /// Sets the tree to a spec that keeps a filter file's rules as patterns (no decisions).
  case keepRules(FilterRules)

  var description: String {
    switch self {
    case .toggle(let node): "toggle n\(node)"
    case .set(let node, let value): "set n\(node) \(value ? "on" : "off")"
    case .lock(let node, let lock): "lock n\(node) \(lock)"
    case .disable(let node, let flag): "\(flag ? "disable" : "enable") n\(node)"
    case .expand(let node, let flag): "\(flag ? "expand" : "collapse") n\(node)"
    case .expandAll(let flag): flag ? "expand all" : "collapse all"
    case .selectAll: "select all"
    case .deselectAll: "deselect all"
    case .filter(let matches, let only):
      "filter \(matches.sorted())\(only ? " matches only" : "")"
    case .clearFilter: "clear the filter"
    case .policy(let policy): "policy \(policy)"
    case .mixedTarget(let target): "mixed toggles to \(target)"
    case .cascade(let flag): "cascades into disabled \(flag)"
    case .scope(let scope): "filter scope \(scope)"
    case .reload(let change, let newChildren): "reload: \(change), \(newChildren)"
    case .restore(let ids): "restore \(ids)"
    case .edit(let edit, let newChildren): "\(edit), \(newChildren)"
    case .saveSpec(let coverage): "save the spec (\(coverage))"
    case .restoreSpec: "restore the saved spec"
    case .followRules(let rules):
      "follow the \(rules.dialect) rules "
        + rules.filters.map { ($0.isIncluded ? "+" : "-") + $0.pattern }.debugDescription
    case .keepRules(let rules):
      "keep the \(rules.dialect) rules "
        + rules.filters.map { ($0.isIncluded ? "+" : "-") + $0.pattern }.debugDescription
    }
  }

  /// Every operation on a tree whose ids are `nodes` (nodes that a reload may add are addressed
  /// through the operations that name them).
  static func alphabet(nodes: [Int]) -> [ContractOperation] {
    var result: [ContractOperation] = []
    for node in nodes {
      result += [.toggle(node), .set(node, true), .set(node, false)]
      result += NodeLock.allCases.map { .lock(node, $0) }
      result += [.disable(node, true), .disable(node, false), .expand(node, true)]
      result += [.filter([node], matchesOnly: false)]
      result += [
        .reload(.insertLeaf(under: node), .inheritFullySelectedParent),
        .reload(.insertLeaf(under: node), .unselected),
        .reload(.insertLockedLeaf(under: node, .off), .inheritFullySelectedParent),
        .reload(.delete(node), .unselected), .reload(.moveToRoot(node), .unselected),
        .reload(.dataLock(node, .on), .unselected),
      ]
      result += [.restore([node])]
      result += [
        .edit(.insertLeaf(under: node, at: nil, selected: false), .inheritFullySelectedParent),
        .edit(.remove(node), .unselected), .edit(.move(node, under: nodes[0], at: 0), .unselected),
      ]
    }
    if let first = nodes.first, let last = nodes.last {
      result += [.filter([first], matchesOnly: true), .filter([first, last], matchesOnly: false)]
      result += [
        .reload(.insertSelectedLeaf(under: last), .unselected),
        .reload(.dataDisable(last, true), .unselected), .restore([first, last, 99]),
        .edit(.insertLeaf(under: nil, at: 0, selected: true), .unselected),
        .edit(.move(last, under: nil, at: nil), .unselected),
        .edit(.insertFolder(under: last, at: 0, lock: .off), .unselected),
        .edit(.relabel(last, as: first), .unselected),
        .edit(.appendTail, .inheritFullySelectedParent),
      ]
    }
    result += [.selectAll, .deselectAll, .clearFilter, .restore([]), .expandAll(false)]
    result += [.saveSpec(.selection), .saveSpec(.decisions), .saveSpec(.paths), .restoreSpec]
    result += ContractOperation.ruleFiles.map { .followRules($0) }
    result += ContractOperation.ruleFiles.map { .keepRules($0) }
    result += [.policy(.counted), .policy(.excluded), .mixedTarget(.off), .cascade(true)]
    result += [.scope(.all), .reload(.reverse, .unselected), .reload(.same, .unselected)]
    return result
  }

  /// Applies the operation to both; returns the tree's outcome and the model's (nil when the
  /// operation reports none), and whether the unknown ids of a restore agree.
  func apply(
    to tree: inout SelectionTree<Int>, _ model: inout ContractModel
  ) throws -> (ToggleOutcome?, ToggleOutcome?) {
    // Option changes take effect at once, on both alike.
    var options = tree.options
    defer {
      tree.options = options
      model.options = options
    }
    switch self {
    case .toggle(let node):
      guard model.contains(node) else { return (nil, nil) }
      return (try tree.toggle(node), model.toggle(node))
    case .set(let node, let value):
      guard model.contains(node) else { return (nil, nil) }
      return (try tree.set(node, to: value), model.write(value, from: node))
    case .lock(let node, let lock):
      guard model.contains(node) else { return (nil, nil) }
      try tree.setLock(node, to: lock)
      model.lock(node, lock)
      model.followKeptSpec()
    case .disable(let node, let flag):
      guard model.contains(node) else { return (nil, nil) }
      try tree.setDisabled(node, to: flag)
      model.disabledItself[node] = flag
      model.followKeptSpec()
    case .expand(let node, let flag):
      guard model.contains(node) else { return (nil, nil) }
      try tree.setExpanded(node, to: flag)
      model.expanded[node] = flag
    case .expandAll(let flag):
      tree.setAllExpanded(flag)
      for id in model.order { model.expanded[id] = flag }
    case .selectAll: return (tree.selectAll(), model.writeAll(true))
    case .deselectAll: return (tree.deselectAll(), model.writeAll(false))
    case .filter(let matches, let only):
      tree.setFilter(ContractModel.treeFilter(matches, matchesOnly: only))
      model.filter = (matches, only)
    case .clearFilter:
      tree.setFilter(nil)
      model.filter = nil
    case .policy(let policy): options.lockedSources = policy
    case .mixedTarget(let target): options.mixedTogglesTo = target
    case .cascade(let flag): options.cascadesIntoDisabled = flag
    case .scope(let scope): options.filterScope = scope
    case .reload(let change, let newChildren):
      let data = change.data(for: model)
      tree.reload(
        from: try SelectionTree(contract: data, options: tree.options), newChildren: newChildren)
      model.reload(from: data, newChildren: newChildren)
    case .edit(let edit, let newChildren):
      if let data = try edit.applyChecked(to: &tree, model: model, newChildren: newChildren) {
        model.reload(from: data, newChildren: newChildren)
      }
    case .restore(let ids):
      let (outcome, unknown) = tree.setSelection(to: ids)
      let (expected, expectedUnknown) = model.setSelection(ids)
      return (outcome, unknown == expectedUnknown ? expected : ToggleOutcome(changed: -1))
    case .saveSpec(let coverage):
      return (
        ToggleOutcome(), model.saveSpec(of: tree, coverage) ? ToggleOutcome() : .init(changed: -1)
      )
    case .followRules(let rules):
      let spec = try? tree.selectionSpec(following: rules)
      guard let expected = model.spec(following: rules) else {
        // Nodes sharing a path get different verdicts: the tree refuses, and changes nothing.
        return (ToggleOutcome(), ToggleOutcome(changed: spec == nil ? 0 : -1))
      }
      guard let spec else { return (ToggleOutcome(changed: -1), ToggleOutcome()) }
      return Self.setSelection(of: &tree, to: spec, &model, expected)
    case .keepRules(let rules):
      return Self.setSelection(of: &tree, to: SelectionSpec(rules: rules), &model)
    case .restoreSpec:
      return Self.setSelection(of: &tree, to: model.savedSpec, &model)
    }
    return (nil, nil)
  }
}

extension ContractOperation {
  /// Sets the tree to `spec` and the model to `expected` (the same spec unless given): the
  /// outcomes to compare, the model's marked wrong (-1) when the unknown paths or the conflicts
  /// differ.
  static func setSelection(
    of tree: inout SelectionTree<Int>, to spec: SelectionSpec, _ model: inout ContractModel,
    _ expected: SelectionSpec? = nil
  ) -> (ToggleOutcome?, ToggleOutcome?) {
    let result = tree.setSelection(to: spec)
    let (changed, unknown, conflicts) = model.setSelection(to: expected ?? spec)
    let agrees =
      result.unknownPaths.map(ContractLabel.key) == unknown.map(ContractLabel.key)
      && result.conflicts.reduce(0) { $0 + $1.count } == conflicts
    return (ToggleOutcome(changed: result.changed), ToggleOutcome(changed: agrees ? changed : -1))
  }

  /// Filter files over the contract worlds' labels (`n<k>`, and the twins `né<k>` and
  /// `ne\u{301}<k>`): names with a wildcard, one twin's spelling only, folders only, an include
  /// list closed by `- *`, a gitignore that re-includes, one that ignores a folder and a name.
  static let ruleFiles: [FilterRules] = [
    try! FilterRules(rsyncFilter: "- n1*\n- **/n3/n2*\n"),
    try! FilterRules(rsyncFilter: "+ n\u{E9}*\n+ n0\n+ n2*/\n- *\n"),
    try! FilterRules(rsyncFilter: "- */\n+ n4\n"),
    FilterRules(gitignore: "*1\n!n1\nne\u{301}*/\n**/n0/n2*\n"),
    FilterRules(gitignore: "n1/\nn2\n"),
  ]

  /// This operation, or `instead` when it would take a tree of `count` nodes far from `size`: a
  /// removal below half the size, an insert above twice it (seeded runs stay near their size).
  func keepingSize(count: Int, size: Int, instead: ContractOperation) -> ContractOperation {
    switch self {
    case .reload(.delete, _), .edit(.remove, _): count < size / 2 ? instead : self
    case .reload(.insertLeaf, _), .reload(.insertLockedLeaf, _), .reload(.insertSelectedLeaf, _),
      .edit(.insertLeaf, _), .edit(.insertFolder, _), .edit(.appendTail, _):
      count > 2 * size ? instead : self
    default: self
    }
  }
}

extension ContractOperation {
  /// What a reload or an edit did to a tree whose reference keeps derived attributes apart.
  enum StructuralChange {
    /// Not a reload or an edit.
    case none
    /// An edit the tree refused, as the data must.
    case refused
    /// The data of the new shape (derived attributes left out), for the reference to reload.
    case reloaded([ContractModel.Datum], NewChildren)
  }

  /// Makes a reload or an edit on `tree`, the data taken from `stripped` (the reference's tree
  /// without what a source derived); edits are checked against `reload(from:)`.
  func applyStructural(
    to tree: inout SelectionTree<Int>, stripped: ContractModel
  ) throws -> StructuralChange {
    switch self {
    case .reload(let change, let newChildren):
      let data = change.data(for: stripped)
      tree.reload(
        from: try SelectionTree(contract: data, options: tree.options), newChildren: newChildren)
      return .reloaded(data, newChildren)
    case .edit(let edit, let newChildren):
      guard let data = try edit.applyChecked(to: &tree, model: stripped, newChildren: newChildren)
      else { return .refused }
      return .reloaded(data, newChildren)
    default: return .none
    }
  }
}
