import ToggleKit

/// The names the rules text syntax knows: each maps to a key path of ``RuleContext`` with a value
/// type the syntax can write.
///
/// ```swift
/// var vocabulary = RuleVocabulary()
/// vocabulary.add("platform", \.platform)
/// vocabulary.add("detail", \.detail)
/// let rules = try RuleModel(parsing: "platform == \"watch\" => detail <= minimal",
///                           vocabulary: vocabulary)
/// ```
///
/// ``selectionTree`` is the vocabulary of `SelectionTree` nodes.
/// - Complexity: O(1) expected for every lookup.
public struct RuleVocabulary: Sendable {
  var entries: [String: _VocabularyEntry] = [:]
  var dictionaries: [String: _VocabularyEntry.Dictionary] = [:]
  var aliases: [String: String] = [:]
  /// Names in the order they were added, for messages.
  private(set) var order: [String] = []

  /// Creates an empty vocabulary.
  public init() {}

  /// Adds a key whose values can be compared with `==` and `!=`.
  ///
  /// ```swift
  /// vocabulary.add("enabled", \.isEnabled)
  /// vocabulary.add("leaf", \.isLeaf, settable: false)
  /// ```
  ///
  /// Adding a name again replaces it (keeping its place in ``names``): `choices` can narrow a
  /// built-in name, as `togglekit` does for `style`.
  /// - Complexity: O(1) expected.
  public mutating func add<Value: RuleTextValue>(
    _ name: String, _ keyPath: WritableKeyPath<RuleContext, Value>, settable: Bool = true,
    choices: [Value]? = nil
  ) {
    insert(
      _VocabularyEntry(
        name, keyPath, settable: settable, choices: choices, isOrdered: false, test: equality))
  }

  /// Adds a key whose values are ordered: `<`, `<=`, `>` and `>=` work too.
  /// - Complexity: O(1) expected.
  public mutating func add<Value: RuleTextValue & Comparable>(
    _ name: String, _ keyPath: WritableKeyPath<RuleContext, Value>, settable: Bool = true,
    choices: [Value]? = nil
  ) {
    insert(
      _VocabularyEntry(
        name, keyPath, settable: settable, choices: choices, isOrdered: true, test: ordering))
  }

  /// Adds a key under its ``RuleKey/name``, so that the name is written once, on the key.
  ///
  /// ```swift
  /// vocabulary.add(\.depth, settable: false)   // "depth", NodeDepthKey's name
  /// ```
  /// - Complexity: O(1) expected.
  public mutating func add<Value: RuleTextValue>(
    _ keyPath: WritableKeyPath<RuleContext, Value>, settable: Bool = true, choices: [Value]? = nil
  ) {
    add(_keyName(keyPath), keyPath, settable: settable, choices: choices)
  }

  /// Adds an ordered key under its ``RuleKey/name``: `<`, `<=`, `>` and `>=` work too.
  /// - Complexity: O(1) expected.
  public mutating func add<Value: RuleTextValue & Comparable>(
    _ keyPath: WritableKeyPath<RuleContext, Value>, settable: Bool = true, choices: [Value]? = nil
  ) {
    add(_keyName(keyPath), keyPath, settable: settable, choices: choices)
  }

  /// The name of the key a context property reads.
  private func _keyName<Value>(_ keyPath: KeyPath<RuleContext, Value>) -> String {
    guard let key = _firstKey(of: keyPath) else {
      preconditionFailure("\(keyPath) reads no rule key")
    }
    return key.name
  }

  /// Adds a family of read-only string names over a dictionary: `name.key` reads `dict["key"]`,
  /// the empty string when absent (`attributes.kind`, or `attributes."first name"`).
  /// - Complexity: O(1) expected.
  public mutating func addDictionary(
    _ name: String, _ keyPath: KeyPath<RuleContext, [String: String]>
  ) {
    nonisolated(unsafe) let path = keyPath
    dictionaries[name] = .init(name: name) { context, key in context[keyPath: path][key] ?? "" }
    order.append("\(name).NAME")
  }

  /// Adds another name for a key already added; text is always printed with the first name.
  /// - Complexity: O(1) expected.
  public mutating func alias(_ alias: String, for name: String) {
    precondition(entries[name] != nil, "alias \(alias) for unknown key \(name)")
    aliases[alias] = name
  }

  /// Every name, in the order added (dictionary families as `name.NAME`).
  public var names: [String] { order }

  private mutating func insert(_ entry: _VocabularyEntry) {
    if entries[entry.name] == nil { order.append(entry.name) }
    entries[entry.name] = entry
  }

  func entry(named name: String) -> _VocabularyEntry? {
    entries[aliases[name] ?? name]
  }

  /// The entry for `family.key`, when `family` is a dictionary.
  func entry(family: String, key: String) -> _VocabularyEntry? {
    guard let dictionary = dictionaries[family] else { return nil }
    return _VocabularyEntry(dictionary: dictionary, key: key)
  }
}

private func equality<Value: Equatable & SendableMetatype>(_ symbol: String) -> (
  @Sendable (Value, Value) -> Bool
)? {
  switch symbol {
  case "==": { $0 == $1 }
  case "!=": { $0 != $1 }
  default: nil
  }
}

private func ordering<Value: Comparable & SendableMetatype>(_ symbol: String) -> (
  @Sendable (Value, Value) -> Bool
)? {
  switch symbol {
  case "<": { $0 < $1 }
  case "<=": { $0 <= $1 }
  case ">": { $0 > $1 }
  case ">=": { $0 >= $1 }
  default: equality(symbol)
  }
}

/// One name of a vocabulary, with what the parser needs to build predicates and assignments for
/// it without knowing its static type.
struct _VocabularyEntry: Sendable {
  struct Dictionary: Sendable {
    let name: String
    let read: @Sendable (RuleContext, String) -> String
  }

  let name: String
  let typeName: String
  let valueType: ObjectIdentifier
  let examples: [String]
  let isOrdered: Bool
  let isSettable: Bool
  let isBoolean: Bool
  let read: @Sendable (RuleContext) -> _AnyValue
  /// A comparison with a literal; nil when the literal or the operator does not fit the type.
  let compareLiteral: @Sendable (String, RuleLiteral) -> RulePredicate?
  /// A comparison with another entry of the same value type.
  let compareEntry: @Sendable (String, _VocabularyEntry) -> RulePredicate?
  let assignLiteral: @Sendable (RuleLiteral) -> RuleAssignment?
  let assignEntry: @Sendable (_VocabularyEntry) -> RuleAssignment?

  init<Value: RuleTextValue>(
    _ name: String, _ keyPath: WritableKeyPath<RuleContext, Value>, settable: Bool,
    choices: [Value]?, isOrdered: Bool,
    test: @escaping @Sendable (String) -> (@Sendable (Value, Value) -> Bool)?
  ) {
    nonisolated(unsafe) let path = keyPath
    self.name = name
    typeName = Value.ruleTypeName
    valueType = ObjectIdentifier(Value.self)
    examples = choices.map { $0.map { "\($0.ruleLiteral)" } } ?? Value.ruleLiteralExamples
    let parse: @Sendable (RuleLiteral) -> Value? = { literal in
      guard let value = Value(ruleLiteral: literal), choices?.contains(value) ?? true else {
        return nil
      }
      return value
    }
    self.isOrdered = isOrdered
    isSettable = settable
    isBoolean = Value.self == Bool.self
    read = { _AnyValue($0[keyPath: path]) }
    compareLiteral = { symbol, literal in
      guard let value = parse(literal), let test = test(symbol) else { return nil }
      return RulePredicate(
        node: .test { test($0[keyPath: path], value) }, complexity: 1,
        description: "\(name) \(symbol) \(value.ruleLiteral)", precedence: 3)
    }
    compareEntry = { symbol, other in
      guard other.valueType == ObjectIdentifier(Value.self), let test = test(symbol) else {
        return nil
      }
      return RulePredicate(
        node: .test { test($0[keyPath: path], other.read($0).base as! Value) }, complexity: 1,
        description: "\(name) \(symbol) \(other.name)", precedence: 3)
    }
    assignLiteral = { literal in
      guard let value = parse(literal) else { return nil }
      return RuleAssignment.make(path, valueText: "\(value.ruleLiteral)", name: name) { _ in value }
    }
    assignEntry = { other in
      guard other.valueType == ObjectIdentifier(Value.self) else { return nil }
      return RuleAssignment.make(path, valueText: other.name, name: name) {
        other.read($0).base as! Value
      }
    }
  }

  init(dictionary: Dictionary, key: String) {
    let isPlain =
      !key.isEmpty && key.unicodeScalars.allSatisfy { _RuleLexer.isNameScalar($0) || $0 == "-" }
    let name = dictionary.name + "." + (isPlain ? key : "\(RuleLiteral.string(key))")
    let read = dictionary.read
    self.name = name
    typeName = String.ruleTypeName
    valueType = ObjectIdentifier(String.self)
    examples = String.ruleLiteralExamples
    isOrdered = true
    isSettable = false
    isBoolean = false
    self.read = { _AnyValue(read($0, key)) }
    compareLiteral = { symbol, literal in
      let test: (@Sendable (String, String) -> Bool)? = ordering(symbol)
      guard let value = String(ruleLiteral: literal), let test else { return nil }
      return RulePredicate(
        node: .test { test(read($0, key), value) }, complexity: 1,
        description: "\(name) \(symbol) \(literal)", precedence: 3)
    }
    compareEntry = { symbol, other in
      let test: (@Sendable (String, String) -> Bool)? = ordering(symbol)
      guard other.valueType == ObjectIdentifier(String.self), let test else { return nil }
      return RulePredicate(
        node: .test { test(read($0, key), other.read($0).base as! String) }, complexity: 1,
        description: "\(name) \(symbol) \(other.name)", precedence: 3)
    }
    assignLiteral = { _ in nil }
    assignEntry = { _ in nil }
  }
}
