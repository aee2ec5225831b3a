import Testing
import ToggleKit
import ToggleKitRules

@testable import TestSupport

@Suite("Rules: cycles are errors, never recursion")
struct RuleCycleTests {
  @Test("a key defined by itself is a cycle naming it")
  func selfReference() {
    let context = RuleContext(model: RuleModel { \.title <= \.title })
    #expect(throws: RuleError.cycle(["title", "title"])) { try context.value(of: \.title) }
    #expect(context.title == "")
    #expect("\(RuleError.cycle(["title", "title"]))" == "rule cycle: title → title")
  }

  @Test("two keys defined by each other are a cycle naming both")
  func mutualReference() {
    let context = RuleContext(
      model: RuleModel {
        \.a <= \.b
        \.b <= \.a
      })
    #expect(throws: RuleError.cycle(["a", "b", "a"])) { try context.value(of: \.a) }
    #expect(throws: RuleError.cycle(["b", "a", "b"])) { try context.value(of: \.b) }
    #expect(context.a == 0)
    #expect(context.explain(\.a).cycle == ["a", "b", "a"])
  }

  @Test("a cycle through a predicate is found too")
  func cycleThroughPredicate() {
    let rules = RuleModel {
      (\.c > 0) => (\.a <= 1)
      \.b <= \.a
      RuleAssignment(\.c) { $0.b + 1 }
    }
    let context = RuleContext(model: rules)
    #expect(throws: RuleError.cycle(["a", "c", "b", "a"])) { try context.value(of: \.a) }
  }

  @Test("rules that could cycle but do not in this context give values")
  func guardedCycleIsFine() throws {
    let rules = RuleModel {
      (\.count == 1) => (\.a <= \.b)
      (\.count == 2) => (\.b <= \.a)
    }
    var context = RuleContext(model: rules)
    for count in [0, 1, 2] {
      context.count = count
      #expect(try context.value(of: \.a) == 0)
      #expect(try context.value(of: \.b) == 0)
    }
  }

  @Test("breaking a cycle with an explicit value gives values; nothing cyclic was cached")
  func breakingACycle() throws {
    var context = RuleContext(
      model: RuleModel {
        \.a <= \.b
        \.b <= \.a
      })
    #expect(context.a == 0)
    context.b = 7
    #expect(try context.value(of: \.a) == 7)
  }
}

@Suite("Rules: cached values and their invalidation")
struct RuleCacheTests {
  func counted(_ counter: Counter) -> RuleModel {
    RuleModel {
      RuleAssignment(\.a, "b + 1") { context in
        counter.increment()
        return context.b + 1
      }
      \.b <= \.c
    }
  }

  @Test("a derived value is computed once and then reused")
  func reuse() {
    let counter = Counter()
    let context = RuleContext(model: counted(counter))
    #expect(context.a == 1)
    #expect(context.a == 1)
    #expect(context.a == 1)
    #expect(counter.count == 1)
  }

  @Test("changing a key the value read — directly or through another rule — recomputes it")
  func dependencyChange() {
    let counter = Counter()
    var context = RuleContext(model: counted(counter))
    #expect(context.a == 1)
    context.c = 5  // b follows c, a follows b
    #expect(context.a == 6)
    #expect(counter.count == 2)
    context.b = 10  // explicit b wins over its rule
    #expect(context.a == 11)
    #expect(counter.count == 3)
  }

  @Test("changing an unrelated key, or setting a key to its current value, keeps the cache")
  func unrelatedChange() {
    let counter = Counter()
    var context = RuleContext(model: counted(counter))
    context.c = 2
    #expect(context.a == 3)
    context.fancyColor = "red"
    context.title = "x"
    context.c = 2
    #expect(context.a == 3)
    #expect(counter.count == 1)
  }

  @Test("a copy that changes a key does not disturb the original's cache")
  func copiesAreIndependent() {
    let counter = Counter()
    let original = RuleContext(model: counted(counter))
    #expect(original.a == 1)
    var copy = original
    #expect(copy.a == 1)
    #expect(counter.count == 1)  // shared until a write
    copy.c = 4
    #expect(copy.a == 5)
    #expect(original.a == 1)
    #expect(counter.count == 2)
  }

  @Test("predicates count as dependencies: a value is recomputed when its rule stops matching")
  func predicateDependency() {
    let rules = RuleModel { (\.todo.priority == .high) => (\.fancyColor <= "red") }
    var context = RuleContext(model: rules)
    context.todo.priority = .high
    #expect(context.fancyColor == "red")
    context.todo.priority = .low
    #expect(context.fancyColor == "black")
  }

  @Test("contexts are shareable across tasks: concurrent first reads fill one cache and agree")
  func concurrentReads() async {
    // 400 fresh contexts, each read by 8 tasks at once, so derivations store into a cache other
    // tasks are reading (ThreadSanitizer checks the cache's lock in CI).
    let counter = Counter()
    let model = counted(counter)
    let contexts = (0..<400).map { index in
      var context = RuleContext(model: model)
      context.c = index
      return context
    }
    let sums = await withTaskGroup(of: Int.self) { group in
      for task in 0..<8 {
        group.addTask {
          // Each task walks the contexts from a different start, so first reads collide.
          (0..<contexts.count).reduce(0) { sum, step in
            let context = contexts[(step + task * 50) % contexts.count]
            return sum + context.a + context.b
          }
        }
      }
      return await group.reduce(into: []) { $0.append($1) }
    }
    let expected = (0..<400).reduce(0) { $0 + ($1 + 1) + $1 }
    #expect(sums == Array(repeating: expected, count: 8))
    #expect(counter.count >= 400)
  }
}

@Suite("Rules: explanations")
struct RuleExplanationTests {
  @Test("explain names the rule that fired and the fate of every other candidate")
  func explainText() {
    let rules = RuleModel {
      \.fancyColor <= "black"
      (\.todo.priority == .high) => (\.fancyColor <= "red")
      (\.todo.priority == .low) => (\.fancyColor <= "gray")
    }
    var context = RuleContext(model: rules)
    context.todo.priority = .high
    #expect(
      "\(context.explain(\.fancyColor))" == """
        fancyColor = "red" (from rule 2)
          not matched  rule 3: todo.priority == low => fancyColor <= "gray"
          fired        rule 2: todo.priority == high => fancyColor <= "red"
          not reached  rule 1: fancyColor <= "black"
        """)
    context.fancyColor = "blue"
    #expect(
      "\(context.explain(\.fancyColor))" == """
        fancyColor = "blue" (set explicitly; rules not consulted)
        """)
  }

  @Test("explain walks into the fallback model and reports the default")
  func explainFallback() {
    let fallback = RuleModel { (\.a > 5) => (\.fancyColor <= "green") }
    let context = RuleContext(
      model: RuleModel(fallback: fallback) { (\.a > 0) => (\.fancyColor <= "red") })
    let explanation = context.explain(\.fancyColor)
    #expect(explanation.candidates.map(\.fallbackLevel) == [0, 1])
    #expect(explanation.candidates.map(\.outcome) == [.notMatched, .notMatched])
    #expect("\(explanation)".hasPrefix("fancyColor = \"black\" (default: no rule fired)"))
    #expect("\(explanation)".contains("fallback rule 1"))
  }
}
