import ToggleKit

/// An ordered set of rules, optionally backed by a fallback model, from which a ``RuleContext``
/// derives the keys nobody set explicitly.
///
/// ```swift
/// let rules = RuleModel {
///   \.fancyColor <= "black"
///   (\.todo.priority == .high) => (\.fancyColor <= "red")
///   (\.todo.priority == .low) => (\.fancyColor <= "gray")
/// }
/// ```
///
/// **Which rule fires.** For a key, the candidates are the rules that set it. They are tried in this
/// order, and the first whose predicate holds fires:
/// 1. higher ``RulePriority`` first;
/// 2. then the more complex predicate (see ``RulePredicate/complexity``) — the more specific rule;
/// 3. then the rule declared *later* — as in CSS, a later rule overrides an earlier equal one.
///
/// The order is total, so evaluation is deterministic. When no rule of the model fires, the fallback
/// model is asked; when none of it fires either, the key's default value applies. Values set on the
/// context explicitly win over every rule.
/// - Complexity: O(r log r) to build for r rules; see each member.
public struct RuleModel: Sendable, CustomStringConvertible {
  final class Storage: Sendable {
    let rules: [Rule]
    let fallback: RuleModel?
    /// Per key: (declaration index, rule), in the order they are tried.
    let candidates: [ObjectIdentifier: [(index: Int, rule: Rule)]]

    init(rules: [Rule], fallback: RuleModel?) {
      self.rules = rules
      self.fallback = fallback
      var byKey: [ObjectIdentifier: [(index: Int, rule: Rule)]] = [:]
      for (index, rule) in rules.enumerated() {
        byKey[rule.assignment.target.id, default: []].append((index, rule))
      }
      for key in byKey.keys {
        byKey[key]!.sort { lhs, rhs in
          if lhs.rule.priority != rhs.rule.priority { return lhs.rule.priority > rhs.rule.priority }
          let (left, right) = (lhs.rule.predicate.complexity, rhs.rule.predicate.complexity)
          if left != right { return left > right }
          return lhs.index > rhs.index
        }
      }
      candidates = byKey
    }
  }

  let storage: Storage

  /// Creates a model from rules in declaration order.
  /// - Complexity: O(r log r) for r rules.
  public init(_ rules: [Rule] = [], fallback: RuleModel? = nil) {
    storage = Storage(rules: rules, fallback: fallback)
  }

  /// Creates a model from rules written one per line.
  ///
  /// ```swift
  /// let rules = RuleModel(fallback: defaults) {
  ///   \.detail <= "full"
  ///   (\.platform == "watch") => (\.detail <= "minimal")
  /// }
  /// ```
  /// - Complexity: O(r log r) for r rules.
  public init(fallback: RuleModel? = nil, @RuleBuilder _ rules: () -> [Rule]) {
    self.init(rules(), fallback: fallback)
  }

  /// The rules in declaration order.
  public var rules: [Rule] { storage.rules }

  /// The model asked when none of these rules fires.
  public var fallback: RuleModel? { storage.fallback }

  /// The rules that set a key, in the order they are tried (this model's; not the fallback's).
  ///
  /// ```swift
  /// rules.candidates(for: \.fancyColor).first?.description   // the rule tried first
  /// ```
  /// - Complexity: O(c) for c candidates.
  public func candidates<Value>(for key: KeyPath<RuleContext, Value>) -> [Rule] {
    guard let target = _firstKey(of: key) else { return [] }
    return storage.candidates[target.id]?.map(\.rule) ?? []
  }

  /// Whether this model or a fallback has any rule for the key.
  func _hasRules(for key: ObjectIdentifier) -> Bool {
    var model: RuleModel? = self
    while let current = model {
      if current.storage.candidates[key] != nil { return true }
      model = current.fallback
    }
    return false
  }

  /// The model as rules text, one rule per line in declaration order (the fallback not included).
  /// - Complexity: O(m) for m characters.
  public var description: String {
    rules.map { "\($0)\n" }.joined()
  }
}

/// Collects rules written one per line; a bare assignment becomes a rule that always matches.
///
/// ```swift
/// let rules = RuleModel {
///   \.detail <= "full"
///   (\.platform == "watch") => (\.detail <= "minimal")
/// }
/// ```
/// - Complexity: O(r) for r rules.
@resultBuilder
public enum RuleBuilder {
  /// A rule as written.
  public static func buildExpression(_ rule: Rule) -> [Rule] { [rule] }

  /// A bare assignment: a rule that always matches.
  public static func buildExpression(_ assignment: RuleAssignment) -> [Rule] { [Rule(assignment)] }

  /// Several rules.
  public static func buildExpression(_ rules: [Rule]) -> [Rule] { rules }

  /// The rules of the block, in order.
  /// - Complexity: O(r) for r rules.
  public static func buildBlock(_ parts: [Rule]...) -> [Rule] { parts.flatMap { $0 } }

  /// Rules included only when a condition holds.
  public static func buildOptional(_ rules: [Rule]?) -> [Rule] { rules ?? [] }

  /// The rules of the branch taken.
  public static func buildEither(first rules: [Rule]) -> [Rule] { rules }

  /// The rules of the branch taken.
  public static func buildEither(second rules: [Rule]) -> [Rule] { rules }

  /// Rules from a loop.
  /// - Complexity: O(r) for r rules.
  public static func buildArray(_ parts: [[Rule]]) -> [Rule] { parts.flatMap { $0 } }
}
