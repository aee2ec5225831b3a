import ToggleKit

/// Rules derive a selection tree's attributes from the node keys (``RuleVocabulary/selectionTree``).
extension RuleModel: NodeAttributeSource {
  /// Whether some rule sets `expanded`.
  public var derivesExpansion: Bool { _hasRules(for: ObjectIdentifier(NodeIsExpandedKey.self)) }

  /// What the rules for `enabled` and `locked` give the node.
  /// - Throws: ``RuleError`` for a cycle, or when one of those rules reads `state`.
  /// - Complexity: O(r) for r rules tried, plus the facts read.
  public func writability(of node: NodeFacts) throws(RuleError) -> NodeWritability {
    let context = RuleContext(node: node, model: self)
    let enables = _hasRules(for: ObjectIdentifier(NodeIsEnabledKey.self))
    let locks = _hasRules(for: ObjectIdentifier(NodeLockKey.self))
    let isEnabled = enables ? try context.value(of: \.isEnabled) : true
    let lock = locks ? try context.value(of: \.lock) : NodeLock.none
    try context.checkWritabilityIgnoresState(NodeIsEnabledKey.self, \.isEnabled, at: node)
    try context.checkWritabilityIgnoresState(NodeLockKey.self, \.lock, at: node)
    return NodeWritability(lock: lock, disables: !isEnabled)
  }

  /// What the rules for `expanded` give the node.
  /// - Throws: ``RuleError`` for a cycle.
  /// - Complexity: O(r) for r rules tried, plus the facts read.
  public func initialExpansion(of node: NodeFacts) throws(RuleError) -> Bool {
    try RuleContext(node: node, model: self).value(of: \.isExpanded)
  }

  /// What the rules for `displayLabel` and `style` give the node (empty on a cycle).
  /// - Complexity: O(r) for r rules tried, plus the facts read.
  public func presentation(of node: NodeFacts) -> NodePresentation {
    let context = RuleContext(node: node, model: self)
    return NodePresentation(
      label: (try? context.value(of: \.displayLabel)) ?? "",
      style: (try? context.value(of: \.styleName)) ?? "")
  }
}

extension RuleContext {
  /// A node's context: its facts on demand, and the data's disabling and lock as explicit values.
  init(node: NodeFacts, model: RuleModel) {
    self.init(model: model)
    _facts = node
    if node.isDisabledByData { isEnabled = false }
    if let lock = node.lockByData { self.lock = lock }
  }

  /// Throws when the evaluation of `key` read the node's `state`.
  func checkWritabilityIgnoresState<Key: RuleKey>(
    _ key: Key.Type, _ keyPath: KeyPath<RuleContext, Key.Value>, at node: NodeFacts
  ) throws(RuleError) {
    let state = ObjectIdentifier(NodeStateKey.self)
    guard _cache.lookup(ObjectIdentifier(key))?.dependencies.contains(state) == true else { return }
    let reader = explain(keyPath).candidates.first { candidate in
      candidate.outcome != .notReached && _reads(candidate.rule, state)
    }
    var rule = "a rule of the fallback model"
    if let reader {
      rule = reader.rule.location.map { "\($0): \(reader.rule)" } ?? "\(reader.rule)"
    }
    throw .writabilityDependsOnState(key: key.name, node: node.path, rule: rule)
  }
}

/// A node's facts as the rule context's source of explicit values.
extension NodeFacts: _RuleFactSource {
  func fact(_ key: ObjectIdentifier) -> _AnyValue? {
    switch key {
    case ObjectIdentifier(NodeLabelKey.self): _AnyValue(label)
    case ObjectIdentifier(NodePathKey.self): _AnyValue(path)
    case ObjectIdentifier(NodeDepthKey.self): _AnyValue(depth)
    case ObjectIdentifier(NodeIsLeafKey.self): _AnyValue(isLeaf)
    case ObjectIdentifier(NodeChildCountKey.self): _AnyValue(childCount)
    case ObjectIdentifier(NodeAttributesKey.self): _AnyValue(attributes)
    case ObjectIdentifier(NodeStateKey.self): _AnyValue(state)
    default: nil
    }
  }
}
