import ToggleKit

/// How strongly a rule claims its key: rules of a higher priority are tried first.
///
/// Within a priority, the rule with the more complex predicate is tried first, then the rule
/// declared later (see ``RuleModel``).
public enum RulePriority: Int, Hashable, Sendable, CaseIterable, Comparable,
  CustomStringConvertible
{
  /// Tried after every other priority.
  case fallback = 0
  /// Below ``low``.
  case veryLow = 1
  /// Below ``normal``.
  case low = 2
  /// The default.
  case normal = 3
  /// Above ``normal``.
  case high = 4
  /// Above ``high``.
  case veryHigh = 5
  /// Tried before every other priority.
  case important = 6

  /// Orders priorities from ``fallback`` to ``important``.
  ///
  /// ```swift
  /// RulePriority.high < .important   // true
  /// ```
  public static func < (lhs: RulePriority, rhs: RulePriority) -> Bool {
    lhs.rawValue < rhs.rawValue
  }

  /// The priority's name as the rules text syntax writes it after `@`.
  public var description: String {
    switch self {
    case .fallback: "fallback"
    case .veryLow: "veryLow"
    case .low: "low"
    case .normal: "normal"
    case .high: "high"
    case .veryHigh: "veryHigh"
    case .important: "important"
    }
  }
}
