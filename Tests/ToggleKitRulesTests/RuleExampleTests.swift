import Testing
import ToggleKit
import ToggleKitRules

@testable import TestSupport

@Suite("Rules: the SwiftUI Rules write-up's examples")
struct RuleExampleTests {
  let colors = RuleModel {
    (\.todo.priority == .high) => (\.fancyColor <= "red")
    (\.todo.priority == .low) => (\.fancyColor <= "gray")
  }

  @Test("a todo's priority picks its colour; other priorities keep the default")
  func priorityColour() {
    var context = RuleContext(model: colors)
    for (priority, color) in [(Priority.high, "red"), (.low, "gray"), (.normal, "black")] {
      context.todo = Todo(title: "Ship", priority: priority)
      #expect(context.fancyColor == color)
    }
  }

  @Test("an explicitly set value wins over every rule")
  func explicitWins() {
    var context = RuleContext(model: colors)
    context.todo = Todo(title: "Ship", priority: .high)
    context.fancyColor = "blue"
    #expect(context.fancyColor == "blue")
    context.removeExplicitValue(for: FancyColorKey.self)
    #expect(context.fancyColor == "red")
  }

  @Test("the bar title follows the title, which follows the todo unless it is important")
  func recursiveTitle() {
    let rules = RuleModel {
      \.navigationBarTitle <= \.title
      \.title <= \.todo.title
      (\.todo.priority == .high) => (\.title <= "IMPORTANT")
    }
    var context = RuleContext(model: rules)
    context.todo = Todo(title: "Buy milk", priority: .normal)
    #expect(context.navigationBarTitle == "Buy milk")
    context.todo.priority = .high
    #expect(context.navigationBarTitle == "IMPORTANT")
    context.title = "Pinned"
    #expect(context.navigationBarTitle == "Pinned")
  }

  @Test("the platform picks the detail level")
  func platformDetail() {
    let rules = RuleModel {
      (\.platform == "watch") => (\.detailLevel <= .minimal)
      (\.platform == "phone") => (\.detailLevel <= .compact)
    }
    var context = RuleContext(model: rules)
    for (platform, level) in [("watch", DetailLevel.minimal), ("phone", .compact), ("mac", .full)] {
      context.platform = platform
      #expect(context.detailLevel == level)
    }
  }

  @Test("a task workflow offers the actions of its status")
  func workflow() {
    let rules = RuleModel {
      (\.status == .open) => (\.actions <= ["start", "cancel"])
      (\.status == .inProgress) => (\.actions <= ["finish", "pause"])
      (\.status == .done) => (\.actions <= ["reopen"])
      ((\.status == .done) && (\.todo.priority >= .high)) => (\.actions <= ["reopen", "celebrate"])
    }
    var context = RuleContext(model: rules)
    context.status = .inProgress
    #expect(context.actions == ["finish", "pause"])
    context.status = .done
    #expect(context.actions == ["reopen"])
    context.todo.priority = .high
    #expect(context.actions == ["reopen", "celebrate"])
  }

  @Test("a fallback model answers for keys the model's rules leave open")
  func fallbackModel() {
    let defaults = RuleModel { \.fancyColor <= "green" }
    let rules = RuleModel(fallback: defaults) {
      (\.todo.priority == .high) => (\.fancyColor <= "red")
    }
    var context = RuleContext(model: rules)
    #expect(context.fancyColor == "green")
    context.todo.priority = .high
    #expect(context.fancyColor == "red")
  }

  @Test("an assignment to part of a key changes that part of the value lower rules give")
  func partialAssignment() {
    let rules = RuleModel {
      \.style.color <= "red"
      (\.a > 0) => (\.style.isBold <= true)
    }
    var context = RuleContext(model: rules)
    #expect(context.style == Style(color: "red", isBold: false))
    context.a = 1
    #expect(context.style == Style(color: "red", isBold: true))
  }

  @Test("a closure value and a closure predicate see the context")
  func closures() {
    let rules = RuleModel {
      Rule(
        RuleAssignment(\.title, "uppercased todo title") { $0.todo.title.uppercased() },
        when: RulePredicate("todo has a title") { !$0.todo.title.isEmpty })
    }
    var context = RuleContext(model: rules)
    #expect(context.title == "")
    context.todo.title = "milk"
    #expect(context.title == "MILK")
  }
}
