import Testing
import ToggleKit
import ToggleKitRules

@testable import TestSupport

/// One rule of an ordering world: its priority, its predicate's complexity (0 = no predicate) and
/// whether the predicate holds.
struct RuleShape: CustomStringConvertible {
  var priority: RulePriority
  var complexity: Int
  var holds: Bool

  static let all: [RuleShape] = [RulePriority.low, .normal, .high].flatMap { priority in
    [RuleShape(priority: priority, complexity: 0, holds: true)]
      + [1, 2].flatMap { complexity in
        [true, false].map { RuleShape(priority: priority, complexity: complexity, holds: $0) }
      }
  }

  /// A predicate of exactly `complexity` comparisons, the first deciding whether it holds.
  var predicate: RulePredicate {
    guard complexity > 0 else { return .always }
    var predicate: RulePredicate = \.b == (holds ? 0 : 1)
    for _ in 1..<complexity { predicate = predicate && \.a >= 0 }
    return predicate
  }

  var description: String { "\(priority)/\(complexity)/\(holds)" }
}

@Suite("Rules: which rule fires")
struct RuleOrderingTests {
  @Test(
    "the first matching rule by priority, then complexity, then later declaration fires",
    arguments: RuleShape.all)
  func orderingOverEveryThreeRuleWorld(first: RuleShape) {
    for second in RuleShape.all {
      for third in RuleShape.all {
        let shapes = [first, second, third]
        let rules = shapes.enumerated().map { index, shape in
          Rule(\.c <= index + 1, when: shape.predicate, priority: shape.priority)
        }
        let context = RuleContext(model: RuleModel(rules))
        let winner = shapes.indices.filter { shapes[$0].holds }.max { lhs, rhs in
          let (l, r) = (shapes[lhs], shapes[rhs])
          if l.priority != r.priority { return l.priority < r.priority }
          if l.complexity != r.complexity { return l.complexity < r.complexity }
          return lhs < rhs
        }
        #expect(context.c == (winner.map { $0 + 1 } ?? 0), "\(shapes)")
        // The explanation lists every candidate in the order tried: misses, the winner, the rest.
        let explanation = context.explain(\.c)
        let outcomes = explanation.candidates.map(\.outcome)
        let firedAt = outcomes.firstIndex(of: .fired)
        #expect(explanation.candidates.count == 3)
        #expect((firedAt.map { explanation.candidates[$0].number - 1 }) == winner, "\(shapes)")
        for (position, outcome) in outcomes.enumerated() {
          let expected: RuleExplanation.Outcome =
            firedAt.map { position < $0 ? .notMatched : position == $0 ? .fired : .notReached }
            ?? .notMatched
          #expect(outcome == expected, "\(shapes)")
        }
      }
    }
  }

  @Test("equally ranked rules: the one declared later wins, every time")
  func tiesAreDeterministic() {
    let rules = RuleModel {
      \.fancyColor <= "red"
      \.fancyColor <= "green"
      \.fancyColor <= "blue"
    }
    for _ in 0..<100 { #expect(RuleContext(model: rules).fancyColor == "blue") }
    #expect(
      rules.candidates(for: \.fancyColor).map(\.description) == [
        "fancyColor <= \"blue\"", "fancyColor <= \"green\"", "fancyColor <= \"red\"",
      ])
  }

  @Test("a higher priority beats a more complex predicate")
  func priorityBeatsComplexity() {
    let specific: RulePredicate = \.a == 0 && \.b == 0 && \.c == 0
    let rules = RuleModel {
      specific => (\.fancyColor <= "specific")
      (\.fancyColor <= "important") => .important
    }
    #expect(RuleContext(model: rules).fancyColor == "important")
  }

  @Test("&& counts the sum, || the smaller side, ! its operand, no predicate zero")
  func complexityCounting() {
    let one: RulePredicate = \.a == 0
    let two = one && \.b == 0
    #expect(RulePredicate.always.complexity == 0)
    #expect(one.complexity == 1)
    #expect(two.complexity == 2)
    #expect((two && two).complexity == 4)
    #expect((two || one).complexity == 1)
    #expect((one || two).complexity == 1)
    #expect((!two).complexity == 2)
    #expect(RulePredicate("closure") { _ in true }.complexity == 1)
    #expect((two || one).description == "a == 0 && b == 0 || a == 0")
    #expect(((one || one) && !two).description == "(a == 0 || a == 0) && !(a == 0 && b == 0)")
  }

  @Test("predicates compare with values and with other keys")
  func comparisons() {
    var context = RuleContext()
    context.a = 2
    context.b = 3
    let cases: [(RulePredicate, Bool)] = [
      (\.a == 2, true), (\.a != 2, false), (\.a < 3, true), (\.a <= 2, true), (\.a > 2, false),
      (\.a >= 3, false), (\.a == \.b, false), (\.a != \.b, true), (\.a < \.b, true),
      (\.a <= \.b, true), (\.a > \.b, false), (\.a >= \.b, false), (!(\.a == 2), false),
      (\.a == 1 || \.b == 3, true), (\.a == 2 && \.b == 2, false),
    ]
    for (predicate, expected) in cases {
      #expect(predicate.evaluate(in: context) == expected, "\(predicate)")
    }
    #expect((\.a <= \.b).description == "a <= b")
  }
}
