import ToggleKit

/// A value that rules can derive: a type naming it, with the value's type and its default.
///
/// Declare a key, then a property on ``RuleContext`` that reads and writes it — the property's key
/// path is how rules name the key:
///
/// ```swift
/// enum FancyColorKey: RuleKey {
///   static let defaultValue = "black"
/// }
/// extension RuleContext {
///   var fancyColor: String {
///     get { self[FancyColorKey.self] }
///     set { self[FancyColorKey.self] = newValue }
///   }
/// }
/// let rules = RuleModel { (\.priority == 3) => (\.fancyColor <= "red") }
/// ```
public protocol RuleKey {
  /// The type of the key's value.
  ///
  /// ```swift
  /// FancyColorKey.Value.self   // String.self
  /// ```
  associatedtype Value: Sendable

  /// The value when nothing sets it and no rule fires.
  static var defaultValue: Value { get }

  /// The key's name in explanations and error messages.
  /// - Complexity: O(m) for a type name of m characters.
  static var name: String { get }
}

extension RuleKey {
  /// The type's name without a trailing `Key`, starting lowercase.
  /// - Complexity: O(m) for a type name of m characters.
  public static var name: String {
    var text = String(describing: Self.self)
    if text.hasSuffix("Key") && text.count > 3 { text.removeLast(3) }
    guard let first = text.first else { return text }
    return first.lowercased() + text.dropFirst()
  }
}

/// What the evaluator knows about a key without its static type.
struct _KeyInfo: @unchecked Sendable, Hashable {
  // Metatypes are immutable; the type only answers static requirements.
  let type: any RuleKey.Type

  init(_ type: any RuleKey.Type) { self.type = type }

  var id: ObjectIdentifier { ObjectIdentifier(type) }
  var name: String { type.name }
  var defaultValue: _AnyValue { _AnyValue(type.defaultValue) }

  static func == (lhs: _KeyInfo, rhs: _KeyInfo) -> Bool { lhs.id == rhs.id }
  func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

/// A type-erased rule value with equality when the value has one.
struct _AnyValue: @unchecked Sendable {
  // Only Sendable values are stored (every initialiser takes one).
  let base: Any

  init(_ base: some Sendable) { self.base = base }

  /// Whether both hold equal values of the same Equatable type.
  func isEqual(to other: _AnyValue) -> Bool {
    guard let value = base as? any Equatable else { return false }
    return value._ruleIsEqual(to: other.base)
  }
}

extension Equatable {
  fileprivate func _ruleIsEqual(to other: Any) -> Bool {
    guard let other = other as? Self else { return false }
    return self == other
  }
}

/// How explanations and descriptions write a value: strings quoted with escapes, values of the
/// rules text syntax as that syntax writes them, anything else as Swift describes it.
func _describeRuleValue(_ value: Any) -> String {
  if let text = value as? any RuleTextValue { return text.ruleLiteral.description }
  return String(describing: value)
}
