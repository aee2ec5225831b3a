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
public struct ToggleOutcome: Sendable, Hashable, Codable, CustomStringConvertible {
  /// How many sources changed to the written value.
  public var changed: Int
  /// How many sources still differ from the written value.
  public var blocked: Int

  /// Creates an outcome.
  public init(changed: Int = 0, blocked: Int = 0) {
    self.changed = changed
    self.blocked = blocked
  }

  /// Whether anything changed.
  public var didChange: Bool { changed > 0 }

  /// Adds two outcomes, as one write made of both would report.
  ///
  /// ```swift
  /// ToggleOutcome(changed: 1) + ToggleOutcome(blocked: 2)   // changed 1, blocked 2
  /// ```
  public static func + (lhs: ToggleOutcome, rhs: ToggleOutcome) -> ToggleOutcome {
    ToggleOutcome(changed: lhs.changed + rhs.changed, blocked: lhs.blocked + rhs.blocked)
  }

  /// `changed N, blocked M`.
  public var description: String { "changed \(changed), blocked \(blocked)" }
}
