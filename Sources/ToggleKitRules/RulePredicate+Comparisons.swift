import ToggleKit

/// Builds a comparison predicate of a key path against a value or another key path.
func _comparison<Value: Sendable>(
  _ lhs: KeyPath<RuleContext, Value>, _ symbol: String, _ rhsText: String,
  _ test: @escaping @Sendable (Value, RuleContext) -> Bool
) -> RulePredicate {
  nonisolated(unsafe) let path = lhs
  return RulePredicate(
    node: .test { test($0[keyPath: path], $0) }, complexity: 1,
    description: "\(_keyPathName(lhs)) \(symbol) \(rhsText)", precedence: 3)
}

/// A predicate: the key's value equals a value.
public func == <Value: Equatable & Sendable>(
  lhs: KeyPath<RuleContext, Value>, rhs: Value
) -> RulePredicate {
  _comparison(lhs, "==", _describeRuleValue(rhs)) { value, _ in value == rhs }
}

/// A predicate: the key's value equals another key's value.
public func == <Value: Equatable & Sendable>(
  lhs: KeyPath<RuleContext, Value>, rhs: KeyPath<RuleContext, Value>
) -> RulePredicate {
  nonisolated(unsafe) let other = rhs
  return _comparison(lhs, "==", _keyPathName(rhs)) { value, context in
    value == context[keyPath: other]
  }
}

/// A predicate: the key's value differs from a value.
public func != <Value: Equatable & Sendable>(
  lhs: KeyPath<RuleContext, Value>, rhs: Value
) -> RulePredicate {
  _comparison(lhs, "!=", _describeRuleValue(rhs)) { value, _ in value != rhs }
}

/// A predicate: the key's value differs from another key's value.
public func != <Value: Equatable & Sendable>(
  lhs: KeyPath<RuleContext, Value>, rhs: KeyPath<RuleContext, Value>
) -> RulePredicate {
  nonisolated(unsafe) let other = rhs
  return _comparison(lhs, "!=", _keyPathName(rhs)) { value, context in
    value != context[keyPath: other]
  }
}

/// A predicate: the key's value is less than a value.
public func < <Value: Comparable & Sendable>(
  lhs: KeyPath<RuleContext, Value>, rhs: Value
) -> RulePredicate {
  _comparison(lhs, "<", _describeRuleValue(rhs)) { value, _ in value < rhs }
}

/// A predicate: the key's value is less than another key's value.
public func < <Value: Comparable & Sendable>(
  lhs: KeyPath<RuleContext, Value>, rhs: KeyPath<RuleContext, Value>
) -> RulePredicate {
  nonisolated(unsafe) let other = rhs
  return _comparison(lhs, "<", _keyPathName(rhs)) { value, context in
    value < context[keyPath: other]
  }
}

/// A predicate: the key's value is at most a value.
public func <= <Value: Comparable & Sendable>(
  lhs: KeyPath<RuleContext, Value>, rhs: Value
) -> RulePredicate {
  _comparison(lhs, "<=", _describeRuleValue(rhs)) { value, _ in value <= rhs }
}

/// A predicate: the key's value is at most another key's value.
public func <= <Value: Comparable & Sendable>(
  lhs: KeyPath<RuleContext, Value>, rhs: KeyPath<RuleContext, Value>
) -> RulePredicate {
  nonisolated(unsafe) let other = rhs
  return _comparison(lhs, "<=", _keyPathName(rhs)) { value, context in
    value <= context[keyPath: other]
  }
}

/// A predicate: the key's value is greater than a value.
public func > <Value: Comparable & Sendable>(
  lhs: KeyPath<RuleContext, Value>, rhs: Value
) -> RulePredicate {
  _comparison(lhs, ">", _describeRuleValue(rhs)) { value, _ in value > rhs }
}

/// A predicate: the key's value is greater than another key's value.
public func > <Value: Comparable & Sendable>(
  lhs: KeyPath<RuleContext, Value>, rhs: KeyPath<RuleContext, Value>
) -> RulePredicate {
  nonisolated(unsafe) let other = rhs
  return _comparison(lhs, ">", _keyPathName(rhs)) { value, context in
    value > context[keyPath: other]
  }
}

/// A predicate: the key's value is at least a value.
public func >= <Value: Comparable & Sendable>(
  lhs: KeyPath<RuleContext, Value>, rhs: Value
) -> RulePredicate {
  _comparison(lhs, ">=", _describeRuleValue(rhs)) { value, _ in value >= rhs }
}

/// A predicate: the key's value is at least another key's value.
public func >= <Value: Comparable & Sendable>(
  lhs: KeyPath<RuleContext, Value>, rhs: KeyPath<RuleContext, Value>
) -> RulePredicate {
  nonisolated(unsafe) let other = rhs
  return _comparison(lhs, ">=", _keyPathName(rhs)) { value, context in
    value >= context[keyPath: other]
  }
}
