extension SelectionTree {
  /// Lets rules decide, per node, whether it is enabled, how it is locked, whether it starts
  /// expanded, how it is labelled and which style draws it.
  ///
  /// ```swift
  /// let rules = try RuleModel(parsing: """
  ///   label == "Legacy" => enabled <= false
  ///   attributes.kind == "required" => locked <= on
  ///   depth < 1 => expanded <= true
  ///   state == mixed => style <= "switch"
  ///   """, vocabulary: .selectionTree)
  /// try tree.applyRules(rules)
  /// ```
  ///
  /// Each node's ``RuleContext`` holds its facts — `label`, `path`, `depth`, `isLeaf`,
  /// `childCount`, `attributes`, `state` — and what the data says explicitly: a node disabled or
  /// locked by the data, or expanded, has that value set, so rules cannot undo it (explicit values
  /// win). Rules add disabling (inherited by the subtree, exactly as ``setDisabled(_:to:)``) and
  /// locks (applied in preorder, exactly as ``setLock(_:to:)``), and set the initial expansion.
  /// Whether a node is writable cannot depend on its selection, so a rule for `enabled` or
  /// `locked` that reads `state` is an error. Display labels and style names are derived when
  /// asked for and re-derived only when the node's state changes and the rules read it.
  ///
  /// Applying other rules first restores the locks and disabling from before the previous rules.
  /// ``reload(from:newChildren:)`` keeps the rules and re-evaluates only the nodes whose facts,
  /// among those their rules read, changed.
  ///
  /// Rules see the data and what rules derive; later calls such as ``setDisabled(_:to:)`` change
  /// the tree but not what rules read.
  ///
  /// - Parameter rules: The rules.
  /// - Throws: ``RuleError`` for a cycle or a writability rule that reads `state`; the tree is
  ///   then unchanged.
  /// - Complexity: O(n (d + r)) for n nodes of depth up to d and r rules tried per key.
  public mutating func applyRules(_ rules: RuleModel) throws(RuleError) {
    var base = self
    base._restoreBaseline()
    var applied = base
    try applied._applyRules(rules, reusing: nil)
    self = applied
  }

  /// The rules applied to the tree, if any.
  ///
  /// ```swift
  /// tree.rules?.rules.count
  /// ```
  ///
  /// - Complexity: O(1).
  public var rules: RuleModel? { _rules?.model }

  /// Removes the rules, restoring the locks and disabling from before they were applied.
  ///
  /// ```swift
  /// tree.removeRules()
  /// ```
  ///
  /// - Complexity: O(n) for n nodes.
  public mutating func removeRules() {
    _restoreBaseline()
  }

  /// The text to show for a node: what rules derive for `displayLabel`, or the label.
  ///
  /// ```swift
  /// tree.displayLabel(of: "Fruit/Apple")   // "Apple (required)"
  /// ```
  ///
  /// - Parameter id: A node id.
  /// - Returns: The text, or nil when there is no such node.
  /// - Complexity: O(log n) when cached; otherwise the cost of deriving it.
  public func displayLabel(of id: ID) -> String? {
    structure.position(of: id).map(_displayLabel(at:))
  }

  /// The style name rules derive for a node (empty for the default style).
  ///
  /// ```swift
  /// tree.styleName(of: "Fruit")   // "switch"
  /// ```
  ///
  /// - Parameter id: A node id.
  /// - Returns: The name, or nil when there is no such node.
  /// - Complexity: O(log n) when cached; otherwise the cost of deriving it.
  public func styleName(of id: ID) -> String? {
    structure.position(of: id).map { _display(at: $0)?.style ?? "" }
  }

  /// The rule context of a node as the rules see it now, for explanations.
  ///
  /// ```swift
  /// print(tree.ruleContext(of: "Legacy")!.explain(\.isEnabled))
  /// ```
  ///
  /// - Parameter id: A node id.
  /// - Returns: The context (with the tree's rules, or none), or nil when there is no such node.
  /// - Complexity: O(1) expected; reading facts costs O(depth) for `path`.
  public func ruleContext(of id: ID) -> RuleContext? {
    guard let position = structure.position(of: id) else { return nil }
    return _ruleContext(
      at: position, model: _rules?.model ?? RuleModel(), record: _rules?.records[position])
  }

  /// Why the last ``reload(from:newChildren:)`` could not re-apply the rules, if it could not
  /// (the tree then has none).
  ///
  /// ```swift
  /// if let error = tree.rulesError { print(error) }
  /// ```
  ///
  /// - Complexity: O(1).
  public var rulesError: RuleError? { _rulesError?.error }

  // MARK: Internals

  func _displayLabel(at position: Int) -> String {
    guard let display = _display(at: position), !display.label.isEmpty else {
      return structure.labels[position]
    }
    return display.label
  }

  func _display(at position: Int) -> _TreeRules.Display? {
    guard let rules = _rules else { return nil }
    let state = _state(at: position)
    return rules.display(at: position, state: state) {
      let context = _ruleContext(at: position, model: rules.model, record: rules.records[position])
      let label = (try? context.value(of: \.displayLabel)) ?? ""
      let style = (try? context.value(of: \.styleName)) ?? ""
      var keys =
        context._cache.lookup(ObjectIdentifier(NodeDisplayLabelKey.self))?.dependencies ?? []
      keys.formUnion(
        context._cache.lookup(ObjectIdentifier(NodeStyleNameKey.self))?.dependencies ?? [])
      return .init(label: label, style: style, mask: _NodeFact.mask(keys), state: state)
    }
  }

  /// A node's context: facts on demand, plus what the data says explicitly (disabled, locked)
  /// as it was when rules were applied (`record`), or as it is now.
  func _ruleContext(at position: Int, model: RuleModel, record: _NodeRuleRecord?) -> RuleContext {
    var context = RuleContext(model: model)
    context._facts = _NodeFacts(tree: self, position: position)
    let isDisabled = record?.explicitDisabled ?? _isDisabledItself(at: position)
    let isLocked = record?.explicitLocked ?? (states.state(at: position) & _NodeBits.locked != 0)
    if isDisabled { context.isEnabled = false }
    if isLocked { context.lock = _explicitLock(at: position) }
    return context
  }

  private func _explicitLock(at position: Int) -> NodeLock {
    guard structure.isLeaf(position) else { return .current }
    return states.state(at: position) & _NodeBits.selected != 0 ? .on : .off
  }

  /// Puts back the locks and disabling from before rules, and forgets the rules.
  mutating func _restoreBaseline() {
    guard let rules = _rules else { return }
    var bytes = states.allStates()
    for position in bytes.indices {
      bytes[position] =
        (bytes[position] & ~(_NodeBits.locked | _NodeBits.disabled))
        | (rules.baselineLocked[position] ? _NodeBits.locked : 0)
    }
    let disabled = rules.baselineDisabled
    states = _NodeStates(states: bytes)
    disabledPositions = []
    for position in disabled { _setDisabled(Int(position), true) }
    _rules = nil
    _rulesError = nil
    if filter != nil { _applyFilter() }
  }

  /// Evaluates and applies rules to a tree that has none applied; `reuse` may supply a node's
  /// earlier record when none of the facts it read changed, and says whether a node is new
  /// (only new nodes get their initial expansion from rules).
  mutating func _applyRules(
    _ model: RuleModel, reusing reuse: ((Int) -> (record: _NodeRuleRecord?, isNew: Bool))?
  ) throws(RuleError) {
    let snapshot = self
    let bytes = states.allStates()
    let baselineLocked = bytes.map { $0 & _NodeBits.locked != 0 }
    var records: [_NodeRuleRecord] = []
    records.reserveCapacity(count)
    var evaluated = 0
    for position in 0..<count {
      if let record = reuse?(position).record {
        records.append(record)
        continue
      }
      evaluated += 1
      records.append(try snapshot._evaluateWritability(at: position, model: model))
    }
    for position in 0..<count where records[position].lock != .none {
      _lock(position, records[position].lock)
    }
    for position in 0..<count where records[position].disables {
      _setDisabled(position, true)
    }
    let afterLocks = self
    let expands = model._hasRules(for: ObjectIdentifier(NodeIsExpandedKey.self))
    for position in 0..<count where expands && !expanded[position] {
      if let reuse, !reuse(position).isNew { continue }
      let context = afterLocks._ruleContext(
        at: position, model: model, record: records[position])
      expanded[position] = try context.value(of: \.isExpanded)
    }
    _rules = _TreeRules(
      model: model, records: records, baselineLocked: baselineLocked,
      baselineDisabled: snapshot.disabledPositions, evaluatedNodes: evaluated)
    _rulesError = nil
    if filter != nil { _applyFilter() }
    _checkInvariants()
  }

  private func _evaluateWritability(at position: Int, model: RuleModel) throws(RuleError)
    -> _NodeRuleRecord
  {
    let context = _ruleContext(at: position, model: model, record: nil)
    let explicitDisabled = context.hasExplicitValue(for: NodeIsEnabledKey.self)
    let explicitLocked = context.hasExplicitValue(for: NodeLockKey.self)
    let enables = model._hasRules(for: ObjectIdentifier(NodeIsEnabledKey.self))
    let locks = model._hasRules(for: ObjectIdentifier(NodeLockKey.self))
    let isEnabled = enables ? try context.value(of: \.isEnabled) : true
    let lock = locks ? try context.value(of: \.lock) : NodeLock.none
    var mask: UInt8 = 0
    for (key, name) in [
      (ObjectIdentifier(NodeIsEnabledKey.self), NodeIsEnabledKey.name),
      (ObjectIdentifier(NodeLockKey.self), NodeLockKey.name),
    ] {
      let keys = context._cache.lookup(key)?.dependencies ?? []
      let keyMask = _NodeFact.mask(keys)
      if keyMask & _NodeFact.state.bit != 0 {
        let explanation =
          key == ObjectIdentifier(NodeIsEnabledKey.self)
          ? context.explain(\.isEnabled) : context.explain(\.lock)
        let reader = explanation.candidates.first { candidate in
          candidate.outcome != .notReached
            && context._reads(candidate.rule, _NodeFact.state.key)
        }
        var rule = "a rule of the fallback model"
        if let reader {
          rule = reader.rule.location.map { "\($0): \(reader.rule)" } ?? "\(reader.rule)"
        }
        throw .writabilityDependsOnState(
          key: name, node: escapedLabelPath(of: structure.ids[position]), rule: rule)
      }
      mask |= keyMask
    }
    return _NodeRuleRecord(
      lock: explicitLocked ? .none : lock, disables: !explicitDisabled && !isEnabled, mask: mask,
      explicitLocked: explicitLocked, explicitDisabled: explicitDisabled)
  }
}

/// A rules error kept by a tree whose reload could not re-apply its rules.
struct _RulesErrorBox: Sendable {
  let error: RuleError
}
