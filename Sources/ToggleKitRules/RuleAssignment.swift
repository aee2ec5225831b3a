import ToggleKit

/// The right-hand side of a rule: which key it sets and to what — a value, another key's value, or
/// a closure's result.
///
/// ```swift
/// let red: RuleAssignment = \.fancyColor <= "red"
/// let title: RuleAssignment = \.navigationBarTitle <= \.title
/// ```
///
/// The key path may go deeper than the key (`\.style.color <= "red"`): the rule then changes that
/// part of the value the lower-ranked rules (or the default) give the key, and keeps the rest.
public struct RuleAssignment: Sendable, CustomStringConvertible {
  let target: _KeyInfo
  let compute: @Sendable (RuleContext, () -> _AnyValue) -> _AnyValue
  /// The assignment as rules text, as far as it can be named.
  public let description: String

  /// The name of the key the assignment sets, as cycles and explanations name it.
  public var keyName: String { target.name }

  init(
    target: _KeyInfo, description: String,
    compute: @escaping @Sendable (RuleContext, () -> _AnyValue) -> _AnyValue
  ) {
    self.target = target
    self.description = description
    self.compute = compute
  }

  /// An assignment whose value a closure computes from the context.
  ///
  /// Reads through the context the closure is given are tracked as dependencies, so a cached
  /// result is recomputed exactly when one of them changes.
  public init<Value: Sendable>(
    _ key: WritableKeyPath<RuleContext, Value>, _ description: String = "<closure>",
    _ value: @escaping @Sendable (RuleContext) -> Value
  ) {
    self = Self.make(key, valueText: description, value: value)
  }

  /// The key a key path writes, whether it writes only part of it, and the path's name.
  static func make<Value: Sendable>(
    _ key: WritableKeyPath<RuleContext, Value>, valueText: String, name: String? = nil,
    value: @escaping @Sendable (RuleContext) -> Value
  ) -> RuleAssignment {
    let probe = _RuleProbe()
    var context = RuleContext()
    context._probe = probe
    context[keyPath: key] = context[keyPath: key]
    precondition(
      probe.writes.count == 1,
      "a rule must set exactly one RuleKey, but \(key) sets "
        + "\(probe.writes.map(\.name)) — declare its property with self[SomeKey.self]")
    let target = probe.writes[0]
    let pathName = _keyPathName(key, firstKey: target)
    // A write through a key path always reads first, so reads cannot tell `\.style.color` from
    // `\.style`; the written type and the path's components can.
    let isPartial = probe.writtenType != Value.self || pathName != target.name
    let isDirect = !isPartial
    nonisolated(unsafe) let path = key
    return RuleAssignment(target: target, description: "\(name ?? pathName) <= \(valueText)") {
      context, base in
      let newValue = value(context)
      if isDirect { return _AnyValue(newValue) }
      var scratch = RuleContext()
      if isPartial { scratch._explicit[target.id] = base() }
      scratch[keyPath: path] = newValue
      return scratch._explicit[target.id] ?? target.defaultValue
    }
  }
}

/// A rule's assignment of a constant: `\.key <= value`.
public func <= <Value: Sendable>(
  key: WritableKeyPath<RuleContext, Value>, value: Value
) -> RuleAssignment {
  RuleAssignment.make(key, valueText: _describeRuleValue(value)) { _ in value }
}

/// A rule's assignment of another key's value: `\.key <= \.otherKey`, evaluated (through rules)
/// when the rule fires.
public func <= <Value: Sendable>(
  key: WritableKeyPath<RuleContext, Value>, source: KeyPath<RuleContext, Value>
) -> RuleAssignment {
  nonisolated(unsafe) let path = source
  return RuleAssignment.make(key, valueText: _keyPathName(source)) { $0[keyPath: path] }
}
