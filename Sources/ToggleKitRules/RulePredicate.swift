import ToggleKit

/// A condition on a ``RuleContext``: comparisons of keys with values or other keys, combined with
/// `&&`, `||` and `!`, or a closure.
///
/// ```swift
/// let urgent: RulePredicate = \.priority >= 3 && !(\.title == "")
/// urgent.complexity   // 2
/// ```
///
/// **Complexity, for ordering rules.** A rule whose predicate is more complex is tried before a
/// rule of the same priority with a simpler one — the more specific rule wins, as in CSS. A
/// comparison or a closure counts 1, ``always`` counts 0, `a && b` counts the sum of both sides
/// (both must hold, so it is more specific than either), `a || b` counts the smaller side (it is
/// only as specific as its least specific alternative), and `!a` counts as `a`.
public struct RulePredicate: Sendable, CustomStringConvertible {
  indirect enum Node: Sendable {
    case always
    case test(@Sendable (RuleContext) -> Bool)
    case all([Node])
    case any([Node])
    case not(Node)
  }

  let node: Node
  /// How specific the predicate is; see the type's documentation.
  public let complexity: Int
  /// The predicate as rules text, as far as it can be named.
  public let description: String
  /// How tightly the description binds: 1 `||`, 2 `&&`, 3 a comparison, 4 a name, `!` or closure.
  let precedence: Int

  init(node: Node, complexity: Int, description: String, precedence: Int) {
    self.node = node
    self.complexity = complexity
    self.description = description
    self.precedence = precedence
  }

  /// A predicate from a closure, with a description for explanations.
  /// - Complexity: O(1); the closure counts 1 toward ``complexity``.
  public init(
    _ description: String = "<closure>", _ test: @escaping @Sendable (RuleContext) -> Bool
  ) {
    self.init(node: .test(test), complexity: 1, description: description, precedence: 4)
  }

  /// The predicate that always holds: what a rule without a predicate uses.
  public static let always = RulePredicate(
    node: .always, complexity: 0, description: "true", precedence: 4)

  /// Whether the predicate holds in a context.
  /// - Complexity: The cost of the comparisons and closures it runs (`&&`/`||` stop early).
  public func evaluate(in context: RuleContext) -> Bool {
    Self.evaluate(node, context)
  }

  private static func evaluate(_ node: Node, _ context: RuleContext) -> Bool {
    switch node {
    case .always: true
    case .test(let test): test(context)
    // Chains are flat lists, so only parentheses and `!` add depth.
    case .all(let operands): operands.allSatisfy { evaluate($0, context) }
    case .any(let operands): operands.contains { evaluate($0, context) }
    case .not(let operand): !evaluate(operand, context)
    }
  }

  /// Both predicates hold.
  /// - Complexity: O(1); the result's complexity is the sum of both.
  public static func && (lhs: RulePredicate, rhs: RulePredicate) -> RulePredicate {
    RulePredicate(
      node: .all(lhs.operands(ifAll: true) + rhs.operands(ifAll: true)),
      complexity: lhs.complexity + rhs.complexity,
      description: "\(lhs.wrapped(below: 2)) && \(rhs.wrapped(below: 2))", precedence: 2)
  }

  /// Either predicate holds.
  /// - Complexity: O(1); the result's complexity is the smaller of both.
  public static func || (lhs: RulePredicate, rhs: RulePredicate) -> RulePredicate {
    RulePredicate(
      node: .any(lhs.operands(ifAll: false) + rhs.operands(ifAll: false)),
      complexity: min(lhs.complexity, rhs.complexity),
      description: "\(lhs.wrapped(below: 1)) || \(rhs.wrapped(below: 1))", precedence: 1)
  }

  /// The predicate does not hold.
  /// - Complexity: O(1); the result's complexity is the operand's.
  public static prefix func ! (operand: RulePredicate) -> RulePredicate {
    RulePredicate(
      node: .not(operand.node), complexity: operand.complexity,
      description: "!\(operand.wrapped(below: 4))", precedence: 4)
  }

  /// `terms[0] && terms[1] && …` (or `||` when not `all`), built in one pass: the same predicate
  /// as folding with the operator, in O(total size) rather than O(k²).
  static func chain(_ terms: [RulePredicate], all: Bool) -> RulePredicate {
    guard terms.count > 1 else { return terms[0] }
    var nodes: [Node] = []
    var parts: [String] = []
    for term in terms {
      nodes += term.operands(ifAll: all)
      parts.append(term.wrapped(below: all ? 2 : 1))
    }
    return RulePredicate(
      node: all ? .all(nodes) : .any(nodes),
      complexity: all
        ? terms.reduce(0) { $0 + $1.complexity } : terms.map(\.complexity).min()!,
      description: parts.joined(separator: all ? " && " : " || "), precedence: all ? 2 : 1)
  }

  private func operands(ifAll: Bool) -> [Node] {
    switch (node, ifAll) {
    case (.all(let operands), true), (.any(let operands), false): operands
    default: [node]
    }
  }

  private func wrapped(below level: Int) -> String {
    precedence < level ? "(\(description))" : description
  }
}
