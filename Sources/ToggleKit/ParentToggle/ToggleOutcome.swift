/// What a write to a parent did: how many sources it changed and how many it could not change.
///
/// ```swift
/// let outcome = parent.toggle()
/// if outcome.blocked > 0 { print("\(outcome.blocked) locked item(s) kept their value") }
/// ```
///
/// A source is *blocked* when it still differs from the value written afterwards: it is locked, it
/// declares that it ignores that write, or its binding did not take it. Sources already at the value
/// are neither changed nor blocked, and are not written.
///
/// - Complexity: O(1) for every member.
public struct ToggleOutcome: Sendable, Hashable, Codable, CustomStringConvertible {
  /// How many sources changed to the written value.
  ///
  /// ```swift
  /// parent.set(true).changed   // how many sources were switched on
  /// ```
  ///
  /// - Complexity: O(1).
  public var changed: Int
  /// How many sources still differ from the written value.
  ///
  /// ```swift
  /// parent.set(true).blocked   // how many stayed off (locked, or ignoring the write)
  /// ```
  ///
  /// - Complexity: O(1).
  public var blocked: Int

  /// Creates an outcome.
  ///
  /// ```swift
  /// let nothing = ToggleOutcome(changed: 0, blocked: 0)
  /// ```
  ///
  /// - Parameters:
  ///   - changed: How many sources changed.
  ///   - blocked: How many sources could not be changed.
  /// - Complexity: O(1).
  public init(changed: Int = 0, blocked: Int = 0) {
    self.changed = changed
    self.blocked = blocked
  }

  /// Whether anything changed.
  ///
  /// ```swift
  /// ParentToggle([]).toggle().didChange   // false
  /// ```
  ///
  /// - Complexity: O(1).
  public var didChange: Bool { changed > 0 }

  /// Adds two outcomes, as one write made of both would report.
  ///
  /// ```swift
  /// ToggleOutcome(changed: 1) + ToggleOutcome(blocked: 2)   // changed 1, blocked 2
  /// ```
  ///
  /// - Parameters:
  ///   - lhs: One outcome.
  ///   - rhs: Another outcome.
  /// - Returns: The sum of the counts.
  /// - Complexity: O(1).
  public static func + (lhs: ToggleOutcome, rhs: ToggleOutcome) -> ToggleOutcome {
    ToggleOutcome(changed: lhs.changed + rhs.changed, blocked: lhs.blocked + rhs.blocked)
  }

  /// `changed N, blocked M`.
  ///
  /// ```swift
  /// "\(ToggleOutcome(changed: 2, blocked: 1))"   // "changed 2, blocked 1"
  /// ```
  ///
  /// - Complexity: O(1).
  public var description: String { "changed \(changed), blocked \(blocked)" }
}
