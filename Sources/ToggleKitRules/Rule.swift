import ToggleKit

/// One rule: when its predicate holds, it sets a key — `predicate => \.key <= value`.
///
/// ```swift
/// let rule = (\.todo.priority == .high) => (\.fancyColor <= "red")
/// let strong = rule.priority(.important)
/// ```
///
/// A rule without a predicate always matches: `RuleModel { \.detail <= "full" }`.
public struct Rule: Sendable, CustomStringConvertible {
  /// When the rule applies.
  public var predicate: RulePredicate
  /// What the rule sets.
  public var assignment: RuleAssignment
  /// How strongly the rule claims its key.
  public var priority: RulePriority
  /// Where the rule was written, for rules parsed from text.
  public var location: RuleLocation?

  /// Creates a rule.
  public init(
    _ assignment: RuleAssignment, when predicate: RulePredicate = .always,
    priority: RulePriority = .normal, location: RuleLocation? = nil
  ) {
    self.assignment = assignment
    self.predicate = predicate
    self.priority = priority
    self.location = location
  }

  /// The same rule with another priority.
  public func priority(_ priority: RulePriority) -> Rule {
    var copy = self
    copy.priority = priority
    return copy
  }

  /// The rule as one line of rules text: `predicate => assignment @priority`, leaving out an
  /// always-true predicate and the normal priority.
  /// - Complexity: O(m) for m characters.
  public var description: String {
    var text =
      predicate.complexity == 0 && predicate.description == "true" ? "" : "\(predicate) => "
    text += assignment.description
    if priority != .normal { text += " @\(priority)" }
    return text
  }
}

/// Where a rule was written: file, line and column (in bytes, from 1).
///
/// ```swift
/// "\(rule.location!)"   // "rules.txt:3:1"
/// ```
public struct RuleLocation: Hashable, Sendable, CustomStringConvertible {
  /// The file's name, or nil for unnamed text.
  public var file: String?
  /// The line, from 1.
  public var line: Int
  /// The column in bytes, from 1.
  public var column: Int

  /// Creates a location.
  public init(file: String?, line: Int, column: Int) {
    self.file = file
    self.line = line
    self.column = column
  }

  /// `FILE:LINE:COLUMN`, with `<input>` for unnamed text.
  public var description: String { "\(file ?? "<input>"):\(line):\(column)" }
}

precedencegroup RuleImplicationPrecedence {
  associativity: left
  lowerThan: LogicalDisjunctionPrecedence
  higherThan: TernaryPrecedence
}

/// Makes a rule: `predicate => assignment`.
infix operator => : RuleImplicationPrecedence

/// A rule that sets `assignment` when `predicate` holds.
public func => (predicate: RulePredicate, assignment: RuleAssignment) -> Rule {
  Rule(assignment, when: predicate)
}

/// The rule with a priority: `predicate => assignment => .high`.
public func => (rule: Rule, priority: RulePriority) -> Rule {
  rule.priority(priority)
}

/// A rule without a predicate, with a priority: `\.key <= value => .fallback`.
public func => (assignment: RuleAssignment, priority: RulePriority) -> Rule {
  Rule(assignment, priority: priority)
}
