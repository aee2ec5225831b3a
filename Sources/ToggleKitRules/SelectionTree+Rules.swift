import ToggleKit

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
  /// Rules are the tree's `NodeAttributeSource` (`SelectionTree/deriveAttributes(from:)`):
  /// each node's ``RuleContext`` holds its facts — `label`, `path`, `depth`, `isLeaf`,
  /// `childCount`, `attributes`, `state` — and what the data says explicitly (a node disabled or
  /// locked by the data, or expanded, has that value set, so rules cannot undo it). A rule for
  /// `enabled` or `locked` that reads `state` is an error.
  /// - Throws: ``RuleError`` for a cycle or a writability rule that reads `state`; the tree is
  ///   then unchanged.
  /// - Complexity: O(n (d + r)) for n nodes of depth up to d and r rules tried per key.
  public mutating func applyRules(_ rules: RuleModel) throws(RuleError) {
    try deriveAttributes(from: rules)
  }

  /// The rules applied to the tree, if any.
  public var rules: RuleModel? { attributeSource as? RuleModel }

  /// Removes the rules, restoring the locks and disabling from before they were applied.
  /// - Complexity: O(n) for n nodes.
  public mutating func removeRules() {
    guard rules != nil else { return }
    removeDerivedAttributes()
  }

  /// The rule context of a node as the rules see it now, for explanations.
  /// - Complexity: O(1) expected; reading `path` costs O(depth).
  public func ruleContext(of id: ID) -> RuleContext? {
    nodeFacts(of: id).map { RuleContext(node: $0, model: rules ?? RuleModel()) }
  }

  /// Why the last `SelectionTree/reload(from:newChildren:)` could not re-apply the rules, if it
  /// could not (the tree then has none).
  public var rulesError: RuleError? { derivationError as? RuleError }
}
