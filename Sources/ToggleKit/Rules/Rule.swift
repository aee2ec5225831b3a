/// One rule: when its predicate holds, it sets a key — `predicate => \.key <= value`.
///
/// ```swift
/// let rule = (\.todo.priority == .high) => (\.fancyColor <= "red")
/// let strong = rule.priority(.important)
/// ```
///
/// A rule without a predicate always matches: `RuleModel { \.detail <= "full" }`.
///
/// - Complexity: O(1) for every member.
public struct Rule: Sendable, CustomStringConvertible {
  /// When the rule applies.
  ///
  /// ```swift
  /// rule.predicate.description   // "depth >= 3"
  /// ```
  ///
  /// - Complexity: O(1).
  public var predicate: RulePredicate
  /// What the rule sets.
  ///
  /// ```swift
  /// rule.assignment.description   // "isExpanded <= false"
  /// ```
  ///
  /// - Complexity: O(1).
  public var assignment: RuleAssignment
  /// How strongly the rule claims its key.
  ///
  /// ```swift
  /// rule.priority   // .normal
  /// ```
  ///
  /// - Complexity: O(1).
  public var priority: RulePriority
  /// Where the rule was written, for rules parsed from text.
  ///
  /// ```swift
  /// rule.location?.line   // 3
  /// ```
  ///
  /// - Complexity: O(1).
  public var location: RuleLocation?

  /// Creates a rule.
  ///
  /// ```swift
  /// let rule = Rule(\.isExpanded <= false, when: \.depth >= 3, priority: .high)
  /// ```
  ///
  /// - Parameters:
  ///   - assignment: What the rule sets.
  ///   - predicate: When the rule applies; always by default.
  ///   - priority: How strongly it claims its key.
  ///   - location: Where it was written, if it came from text.
  /// - Complexity: O(1).
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
  ///
  /// ```swift
  /// let rule = ((\.title == "") => (\.title <= "Untitled")).priority(.fallback)
  /// ```
  ///
  /// - Parameter priority: The new priority.
  /// - Returns: The changed rule.
  /// - Complexity: O(1).
  public func priority(_ priority: RulePriority) -> Rule {
    var copy = self
    copy.priority = priority
    return copy
  }

  /// The rule as one line of rules text: `predicate => assignment @priority`, leaving out an
  /// always-true predicate and the normal priority.
  ///
  /// ```swift
  /// rule.description   // "depth >= 3 => expanded <= false @high"
  /// ```
  ///
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
///
/// - Complexity: O(1) for every member.
public struct RuleLocation: Hashable, Sendable, CustomStringConvertible {
  /// The file's name, or nil for unnamed text.
  ///
  /// ```swift
  /// location.file   // "rules.txt"
  /// ```
  ///
  /// - Complexity: O(1).
  public var file: String?
  /// The line, from 1.
  ///
  /// ```swift
  /// location.line   // 3
  /// ```
  ///
  /// - Complexity: O(1).
  public var line: Int
  /// The column in bytes, from 1.
  ///
  /// ```swift
  /// location.column   // 1
  /// ```
  ///
  /// - Complexity: O(1).
  public var column: Int

  /// Creates a location.
  ///
  /// ```swift
  /// RuleLocation(file: "rules.txt", line: 3, column: 1)
  /// ```
  ///
  /// - Parameters:
  ///   - file: The file's name, if any.
  ///   - line: The line, from 1.
  ///   - column: The column in bytes, from 1.
  /// - Complexity: O(1).
  public init(file: String?, line: Int, column: Int) {
    self.file = file
    self.line = line
    self.column = column
  }

  /// `FILE:LINE:COLUMN`, with `<input>` for unnamed text.
  ///
  /// ```swift
  /// RuleLocation(file: nil, line: 2, column: 5).description   // "<input>:2:5"
  /// ```
  ///
  /// - Complexity: O(1).
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
///
/// ```swift
/// let rule = (\.todo.priority == .high) => (\.fancyColor <= "red")
/// ```
///
/// - Parameters:
///   - predicate: When the rule applies.
///   - assignment: What it sets.
/// - Returns: The rule, with normal priority.
/// - Complexity: O(1).
public func => (predicate: RulePredicate, assignment: RuleAssignment) -> Rule {
  Rule(assignment, when: predicate)
}

/// The rule with a priority: `predicate => assignment => .high`.
///
/// ```swift
/// let rule = (\.title == "") => (\.title <= "Untitled") => .fallback
/// ```
///
/// - Parameters:
///   - rule: The rule.
///   - priority: Its priority.
/// - Returns: The rule with that priority.
/// - Complexity: O(1).
public func => (rule: Rule, priority: RulePriority) -> Rule {
  rule.priority(priority)
}

/// A rule without a predicate, with a priority: `\.key <= value => .fallback`.
///
/// ```swift
/// let rule = (\.title <= "Untitled") => .fallback
/// ```
///
/// - Parameters:
///   - assignment: What the rule sets.
///   - priority: Its priority.
/// - Returns: The rule.
/// - Complexity: O(1).
public func => (assignment: RuleAssignment, priority: RulePriority) -> Rule {
  Rule(assignment, priority: priority)
}
