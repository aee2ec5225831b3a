import ToggleKit

/// Why a key has its value in a context: where the value came from, and every candidate rule with
/// what happened to it.
///
/// ```swift
/// print(context.explain(\.fancyColor))
/// // fancyColor = "red" (from rule 2)
/// //   fired        rule 2: todo.priority == high => fancyColor <= "red"
/// //   not reached  rule 1: fancyColor <= "black"
/// ```
public struct RuleExplanation: Sendable, CustomStringConvertible {
  /// Where a value came from.
  public enum Source: Sendable {
    /// The value was set on the context; rules were not consulted.
    case explicit
    /// The rule that fired (for a partial assignment, the outermost).
    case rule(Rule)
    /// No rule fired: the key's default value.
    case defaultValue
  }

  /// What happened to a candidate rule.
  ///
  /// ```swift
  /// explanation.candidates.map(\.outcome)   // [.fired, .notReached]
  /// ```
  public enum Outcome: String, Hashable, Sendable {
    /// Its predicate held and it set the value (or part of it).
    case fired
    /// Its predicate did not hold.
    case notMatched
    /// A rule tried earlier fired, so it was not tried.
    case notReached
    /// Trying it ran into a cycle.
    case cycle
  }

  /// One candidate rule and its fate.
  public struct Candidate: Sendable {
    /// The rule.
    public var rule: Rule
    /// Its position in its model's declaration order, from 1.
    public var number: Int
    /// 0 for the context's model, 1 for its fallback, and so on.
    public var fallbackLevel: Int
    /// What happened to it.
    public var outcome: Outcome
  }

  /// The key's name.
  public var key: String
  /// The value, described as rules text writes it.
  public var value: String
  /// Where the value came from.
  public var source: Source
  /// Every candidate of the models consulted, in the order they are tried.
  public var candidates: [Candidate]
  /// The cycle evaluation ran into, if any.
  public var cycle: [String]?

  /// A few lines: the value and its source, then one line per candidate.
  /// - Complexity: O(c) for c candidates.
  public var description: String {
    var lines: [String] = []
    switch source {
    case .explicit: lines.append("\(key) = \(value) (set explicitly; rules not consulted)")
    case .defaultValue: lines.append("\(key) = \(value) (default: no rule fired)")
    case .rule(let rule): lines.append("\(key) = \(value) (from \(Self.name(rule, candidates)))")
    }
    if let cycle { lines.append("  error: rule cycle: " + cycle.joined(separator: " → ")) }
    for candidate in candidates {
      let outcome: String
      switch candidate.outcome {
      case .fired: outcome = "fired      "
      case .notMatched: outcome = "not matched"
      case .notReached: outcome = "not reached"
      case .cycle: outcome = "cycle      "
      }
      lines.append("  \(outcome)  \(Self.name(candidate)): \(candidate.rule)")
    }
    return lines.joined(separator: "\n")
  }

  private static func name(_ candidate: Candidate) -> String {
    if let location = candidate.rule.location { return "\(location)" }
    let level = String(repeating: "fallback ", count: candidate.fallbackLevel)
    return "\(level)rule \(candidate.number)"
  }

  private static func name(_ rule: Rule, _ candidates: [Candidate]) -> String {
    guard let candidate = candidates.first(where: { $0.outcome == .fired }) else {
      return "\(rule)"
    }
    return name(candidate)
  }
}

/// Collects what happens to the explained key's candidates.
final class _ExplainRecorder: @unchecked Sendable {
  // Used by one evaluation on one thread.
  var outcomes: [[Int: RuleExplanation.Outcome]] = []
  var usedDefault = false

  func add(_ rule: Rule, _ index: Int, _ level: Int, _ outcome: RuleExplanation.Outcome) {
    while outcomes.count <= level { outcomes.append([:]) }
    if outcomes[level][index] == nil { outcomes[level][index] = outcome }
  }
}

extension RuleContext {
  /// Explains the value of a key: which rule fired, which candidates were skipped and why.
  /// - Complexity: The cost of deriving the key without its cached value.
  public func explain<Value>(_ keyPath: KeyPath<RuleContext, Value>) -> RuleExplanation {
    guard let key = _firstKey(of: keyPath) else {
      return RuleExplanation(
        key: _keyPathName(keyPath), value: _describeRuleValue(self[keyPath: keyPath]),
        source: .defaultValue, candidates: [], cycle: nil)
    }
    if let explicit = _explicitValue(key.id) {
      return RuleExplanation(
        key: key.name, value: _describeRuleValue(explicit.base), source: .explicit,
        candidates: [], cycle: nil)
    }
    let recorder = _ExplainRecorder()
    let evaluation = _RuleEvaluation()
    var tracked = self
    tracked._evaluation = evaluation
    tracked._recorder = recorder
    let value = tracked._resolve(key, evaluation)
    var candidates: [RuleExplanation.Candidate] = []
    var level = 0
    var model: RuleModel? = self.model
    while let current = model, level < max(1, recorder.outcomes.count) {
      let outcomes = level < recorder.outcomes.count ? recorder.outcomes[level] : [:]
      for (index, rule) in current.storage.candidates[key.id] ?? [] {
        candidates.append(
          .init(
            rule: rule, number: index + 1, fallbackLevel: level,
            outcome: outcomes[index] ?? .notReached))
      }
      model = current.fallback
      level += 1
    }
    let fired = candidates.first { $0.outcome == .fired }
    return RuleExplanation(
      key: key.name,
      value: _describeRuleValue(evaluation.cycle == nil ? value.base : key.defaultValue.base),
      source: fired.map { .rule($0.rule) } ?? .defaultValue, candidates: candidates,
      cycle: evaluation.cycle)
  }
}
