import ToggleKit

/// Why rules could not give a value.
///
/// ```swift
/// do { _ = try context.value(of: \.title) } catch {
///   print(error)   // rule cycle: title → title
/// }
/// ```
public enum RuleError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Evaluating a key needed its own value: the keys of the cycle, first and last the same.
  case cycle([String])
  /// A rule for `enabled` or `locked` read the node's `state`: the key, the node and the rule.
  case writabilityDependsOnState(key: String, node: String, rule: String)
  /// Rules text that does not parse: where, and what was expected.
  case syntax(file: String?, line: Int, column: Int, message: String)

  /// The error as one line of text.
  /// - Complexity: O(k) for k keys named.
  /// A syntax error's file (nil for unnamed text and for the other errors): `error.file ?? "-"`.
  public var file: String? {
    if case .syntax(let file, _, _, _) = self { return file }
    return nil
  }

  /// A syntax error's line (1-based); nil for the other errors.
  public var line: Int? {
    if case .syntax(_, let line, _, _) = self { return line }
    return nil
  }

  /// A syntax error's column (1-based, in characters); nil for the other errors.
  public var column: Int? {
    if case .syntax(_, _, let column, _) = self { return column }
    return nil
  }

  /// A syntax error's message without its location; the description for the other errors.
  public var message: String {
    if case .syntax(_, _, _, let message) = self { return message }
    return description
  }

  /// The error in words, with a syntax error's `file:line:column:` first.
  public var description: String {
    switch self {
    case .cycle(let keys):
      "rule cycle: " + keys.joined(separator: " → ")
    case .writabilityDependsOnState(let key, let node, let rule):
      "rule for '\(key)' reads 'state' at node \(LabelPath.displayable(node)) (\(rule)); whether a node is writable "
        + "cannot depend on its selection"
    case .syntax(let file, let line, let column, let message):
      "\(LabelPath.displayable(file ?? "<input>")):\(line):\(column): \(LabelPath.displayable(message))"
    }
  }
}
