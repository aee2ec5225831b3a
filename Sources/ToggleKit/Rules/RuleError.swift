/// Why rules could not give a value.
///
/// ```swift
/// do { _ = try context.value(of: \.title) } catch {
///   print(error)   // rule cycle: title → title
/// }
/// ```
///
/// - Complexity: O(1) for every member.
public enum RuleError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Evaluating a key needed its own value: the keys of the cycle, first and last the same.
  case cycle([String])
  /// A rule deciding whether a node is writable (enabled, locked) read the node's selection state,
  /// which that decision would change: the key, the node and the rule.
  case writabilityDependsOnState(key: String, node: String, rule: String)

  /// The error as one line of text.
  ///
  /// ```swift
  /// RuleError.cycle(["a", "b", "a"]).description   // "rule cycle: a → b → a"
  /// ```
  ///
  /// - Complexity: O(k) for k keys named.
  public var description: String {
    switch self {
    case .cycle(let keys):
      "rule cycle: " + keys.joined(separator: " → ")
    case .writabilityDependsOnState(let key, let node, let rule):
      "rule for '\(key)' reads 'state' at node \(_Escaping.displayable(node)) (\(rule)); whether a node is writable "
        + "cannot depend on its selection"
    }
  }
}
