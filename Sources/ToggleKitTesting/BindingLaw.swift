/// A law that a well-behaved writable binding obeys.
///
/// ```swift
/// let report = BindingLaws.check($flag)
/// report.violations.map(\.law)   // [] for a lawful binding
/// ```
public enum BindingLaw: String, Sendable, CaseIterable, CustomStringConvertible {
  /// Setting a value, then getting, returns what was set.
  case setThenGet = "set-then-get"
  /// Writing the value just read changes nothing.
  case writeWhatWasRead = "write-what-was-read"
  /// Setting the same value twice leaves the same result as setting it once.
  case setTwiceIsSetOnce = "set-twice-is-set-once"
  /// Both values of a Bool binding can be reached by writing them: a toggle bound to it responds.
  case responsiveness = "responsiveness"
  /// A write the binding declares it ignores (``ModelBinding/ignoringWrites(where:)``) changes nothing.
  case declaredIgnoredWrite = "declared-ignored-write"

  /// The law's name, as used in reports.
  public var description: String { rawValue }
}

/// One broken law, in plain words.
public struct BindingLawViolation: Sendable, Equatable, CustomStringConvertible {
  /// The law that was broken.
  public let law: BindingLaw
  /// What happened, in plain words.
  public let message: String

  /// Creates a violation.
  public init(law: BindingLaw, message: String) {
    self.law = law
    self.message = message
  }

  /// `law: message`.
  public var description: String { "\(law): \(message)" }
}

/// What a binding-law check found.
///
/// ```swift
/// let report = BindingLaws.check($selection.contains("a"))
/// if !report.isLawful { print(report) }
/// ```
/// - Complexity: O(1) for every member but ``description``, which is O(violations + notes).
public struct BindingLawReport: Sendable, Equatable, CustomStringConvertible {
  /// What kind of binding was checked.
  ///
  /// ```swift
  /// BindingLaws.check(ModelBinding.constant(true)).kind   // .constant
  /// ```
  public enum Kind: String, Sendable, Equatable {
    /// A writable binding: the laws were checked.
    case writable
    /// A ``ModelBinding/constant(_:)`` binding: writes are ignored by definition.
    case constant
    /// A read-only (or locked) binding: writes are ignored by definition.
    case readOnly = "read-only"
  }

  /// What kind of binding was checked; laws of writes apply only to writable ones.
  public let kind: Kind
  /// Every law the binding broke, in the order found.
  public let violations: [BindingLawViolation]
  /// Facts that are not violations, such as a constant binding or a write declared as ignored.
  public let notes: [String]

  /// Creates a report.
  public init(kind: Kind, violations: [BindingLawViolation], notes: [String]) {
    self.kind = kind
    self.violations = violations
    self.notes = notes
  }

  /// True when no law was broken (always true for constant and read-only bindings).
  public var isLawful: Bool { violations.isEmpty }

  /// The kind, then one line per violation and per note.
  /// - Complexity: O(violations + notes).
  public var description: String {
    let count = violations.count
    var lines = ["\(kind) binding: \(count) violation\(count == 1 ? "" : "s")"]
    lines += violations.map { "  \($0)" }
    lines += notes.map { "  note: \($0)" }
    return lines.joined(separator: "\n")
  }
}
