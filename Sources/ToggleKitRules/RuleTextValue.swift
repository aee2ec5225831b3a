import ToggleKit

/// A value as the rules text syntax writes it: a quoted string, an integer, or a bare word.
///
/// ```swift
/// RuleLiteral.string("Legacy").description   // "\"Legacy\""
/// RuleLiteral.word("on").description          // "on"
/// ```
public enum RuleLiteral: Hashable, Sendable, CustomStringConvertible {
  /// A quoted string (the text without quotes or escapes).
  case string(String)
  /// An integer.
  case integer(Int)
  /// A bare word: `true`, `on`, `mixed`, …
  case word(String)

  /// The literal as rules text; strings quoted, every control character escaped.
  /// - Complexity: O(m) for m characters.
  public var description: String {
    switch self {
    case .integer(let value): return String(value)
    case .word(let word): return word
    case .string(let text):
      return LabelEscaping.quoted(text) { "\\u{" + String($0.value, radix: 16) + "}" }
    }
  }
}

/// A value type the rules text syntax can write: how it reads and prints literals.
///
/// ```swift
/// enum Detail: String, RuleTextValue, CaseIterable {
///   case minimal, full
///   static let ruleTypeName = "Detail"
///   init?(ruleLiteral: RuleLiteral) {
///     guard case .word(let word) = ruleLiteral else { return nil }
///     self.init(rawValue: word)
///   }
///   var ruleLiteral: RuleLiteral { .word(rawValue) }
///   static var ruleLiteralExamples: [String] { allCases.map(\.rawValue) }
/// }
/// ```
///
/// String, Int, Bool, `NodeLock` and `ToggleState` conform.
public protocol RuleTextValue: Equatable, Sendable, SendableMetatype {
  /// The type's name in error messages.
  static var ruleTypeName: String { get }
  /// Reads a literal, or nil when it is not a value of this type.
  /// - Complexity: O(m) for m characters.
  init?(ruleLiteral: RuleLiteral)
  /// The value as a literal.
  /// - Complexity: O(m) for m characters.
  var ruleLiteral: RuleLiteral { get }
  /// The literals to suggest in an error message.
  static var ruleLiteralExamples: [String] { get }
}

extension String: RuleTextValue {
  /// `string`.
  public static var ruleTypeName: String { "string" }
  /// A quoted string.
  ///
  /// ```swift
  /// String(ruleLiteral: .string("a"))   // "a"
  /// ```
  public init?(ruleLiteral: RuleLiteral) {
    guard case .string(let text) = ruleLiteral else { return nil }
    self = text
  }
  /// The string, quoted.
  public var ruleLiteral: RuleLiteral { .string(self) }
  /// A quoted example.
  public static var ruleLiteralExamples: [String] { ["\"text\""] }
}

extension Int: RuleTextValue {
  /// `integer`.
  public static var ruleTypeName: String { "integer" }
  /// An integer literal.
  ///
  /// ```swift
  /// Int(ruleLiteral: .integer(3))   // 3
  /// ```
  public init?(ruleLiteral: RuleLiteral) {
    guard case .integer(let value) = ruleLiteral else { return nil }
    self = value
  }
  /// The integer.
  public var ruleLiteral: RuleLiteral { .integer(self) }
  /// An example.
  public static var ruleLiteralExamples: [String] { ["3"] }
}

extension Bool: RuleTextValue {
  /// `boolean`.
  public static var ruleTypeName: String { "boolean" }
  /// `true` or `false`.
  ///
  /// ```swift
  /// Bool(ruleLiteral: .word("false"))   // false
  /// ```
  public init?(ruleLiteral: RuleLiteral) {
    switch ruleLiteral {
    case .word("true"): self = true
    case .word("false"): self = false
    default: return nil
    }
  }
  /// `true` or `false`.
  public var ruleLiteral: RuleLiteral { .word(self ? "true" : "false") }
  /// `true`, `false`.
  public static var ruleLiteralExamples: [String] { ["true", "false"] }
}

extension NodeLock: RuleTextValue {
  /// `lock`.
  public static var ruleTypeName: String { "lock" }
  /// `none`, `on`, `off` or `current`.
  ///
  /// ```swift
  /// NodeLock(ruleLiteral: .word("on"))   // .on
  /// ```
  public init?(ruleLiteral: RuleLiteral) {
    guard case .word(let word) = ruleLiteral else { return nil }
    self.init(rawValue: word)
  }
  /// The case's name.
  public var ruleLiteral: RuleLiteral { .word(rawValue) }
  /// Every case's name.
  public static var ruleLiteralExamples: [String] { allCases.map(\.rawValue) }
}

extension ToggleState: RuleTextValue {
  /// `state`.
  public static var ruleTypeName: String { "state" }
  /// `on`, `off` or `mixed`.
  ///
  /// ```swift
  /// ToggleState(ruleLiteral: .word("mixed"))   // .mixed
  /// ```
  public init?(ruleLiteral: RuleLiteral) {
    switch ruleLiteral {
    case .word("on"): self = .on
    case .word("off"): self = .off
    case .word("mixed"): self = .mixed
    default: return nil
    }
  }
  /// `on`, `off` or `mixed`.
  public var ruleLiteral: RuleLiteral {
    switch self {
    case .on: .word("on")
    case .off: .word("off")
    case .mixed: .word("mixed")
    }
  }
  /// `on`, `off`, `mixed`.
  public static var ruleLiteralExamples: [String] { ["on", "off", "mixed"] }
}
