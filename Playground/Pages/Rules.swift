import ToggleKit
import ToggleKitRules

// The keys of the page, declared as a user of ToggleKit declares them.

enum TodoPriority: Int, Comparable, Sendable, CustomStringConvertible {
  case low, normal, high
  static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
  var description: String { ["low", "normal", "high"][rawValue] }
}

struct Todo: Equatable, Sendable {
  var title: String
  var priority: TodoPriority
}

enum TaskStatus: Sendable, Equatable { case open, started, done }

enum TodoKey: RuleKey { static let defaultValue = Todo(title: "", priority: .normal) }
enum FancyColorKey: RuleKey { static let defaultValue = "black" }
enum TitleKey: RuleKey { static let defaultValue = "" }
enum NavigationBarTitleKey: RuleKey { static let defaultValue = "" }
enum PlatformKey: RuleKey { static let defaultValue = "phone" }
enum DetailKey: RuleKey { static let defaultValue = "full" }
enum StatusKey: RuleKey { static let defaultValue = TaskStatus.open }
enum ActionsKey: RuleKey { static let defaultValue: [String] = [] }

extension RuleContext {
  var todo: Todo {
    get { self[TodoKey.self] }
    set { self[TodoKey.self] = newValue }
  }
  var fancyColor: String {
    get { self[FancyColorKey.self] }
    set { self[FancyColorKey.self] = newValue }
  }
  var title: String {
    get { self[TitleKey.self] }
    set { self[TitleKey.self] = newValue }
  }
  var navigationBarTitle: String {
    get { self[NavigationBarTitleKey.self] }
    set { self[NavigationBarTitleKey.self] = newValue }
  }
  var platform: String {
    get { self[PlatformKey.self] }
    set { self[PlatformKey.self] = newValue }
  }
  var detail: String {
    get { self[DetailKey.self] }
    set { self[DetailKey.self] = newValue }
  }
  var status: TaskStatus {
    get { self[StatusKey.self] }
    set { self[StatusKey.self] = newValue }
  }
  var actions: [String] {
    get { self[ActionsKey.self] }
    set { self[ActionsKey.self] = newValue }
  }
}

/// Page 10: the SwiftUI Rules examples, then a tree whose locks and disabling come from rules text.
let rulesPage = Page(number: 10, title: "Rules: derived attributes, beyond SwiftUI Rules") { page in
  page.say("Rules derive values nobody set: `predicate => \\.key <= value`.")
  let colors = RuleModel {
    (\.todo.priority == .high) => (\.fancyColor <= "red")
    (\.todo.priority == .low) => (\.fancyColor <= "gray")
  }
  var context = RuleContext(model: colors)
  let colorLines = [TodoPriority.high, .normal, .low].map { priority in
    context.todo = Todo(title: "Ship", priority: priority)
    return "\(priority) → \(context.fancyColor)"
  }
  page.show(
    "todo priority → colour", colorLines.joined(separator: "\n"),
    expected: "high → red\nnormal → black\nlow → gray")

  let titles = RuleModel {
    \.navigationBarTitle <= \.title
    \.title <= \.todo.title
    (\.todo.priority == .high) => (\.title <= "IMPORTANT")
  }
  context = RuleContext(model: titles)
  context.todo = Todo(title: "Buy milk", priority: .normal)
  var titleLines = ["normal: \(context.navigationBarTitle)"]
  context.todo.priority = .high
  titleLines.append("high: \(context.navigationBarTitle)")
  page.show(
    "a recursive title with the IMPORTANT override", titleLines.joined(separator: "\n"),
    expected: "normal: Buy milk\nhigh: IMPORTANT")

  let detail = RuleModel {
    (\.platform == "watch") => (\.detail <= "minimal")
    (\.platform == "phone") => (\.detail <= "compact")
  }
  context = RuleContext(model: detail)
  let detailLines = ["watch", "phone", "mac"].map { platform in
    context.platform = platform
    return "\(platform) → \(context.detail)"
  }
  page.show(
    "platform → detail level", detailLines.joined(separator: "\n"),
    expected: "watch → minimal\nphone → compact\nmac → full")

  let workflow = RuleModel {
    (\.status == .open) => (\.actions <= ["start"])
    (\.status == .started) => (\.actions <= ["finish", "pause"])
    (\.status == .done) => (\.actions <= ["reopen"])
    (\.status == .done && \.todo.priority == .high) => (\.actions <= ["reopen", "celebrate"])
  }
  context = RuleContext(model: workflow)
  context.todo.priority = .high
  let workflowLines = [TaskStatus.open, .started, .done].map { status in
    context.status = status
    return "\(status) → \(context.actions.joined(separator: ", "))"
  }
  page.show(
    "a task workflow: actions by status (the more specific rule wins)",
    workflowLines.joined(separator: "\n"),
    expected: "open → start\nstarted → finish, pause\ndone → reopen, celebrate")

  page.say("SwiftUI Rules recurses forever on `\\.title <= \\.title`; here it is an error.")
  let cyclic = RuleContext(model: RuleModel { \.title <= \.title })
  var cycleText = ""
  do { _ = try cyclic.value(of: \.title) } catch { cycleText = "\(error)" }
  page.show("a self-referencing rule", cycleText, expected: "rule cycle: title → title")

  page.say("On a tree, a rules file decides locks, disabling, expansion, labels and styles.")
  var tree = try! SelectionTree(
    parsing: """
      [ ] Toolkit
        [ ] Core
          [ ] runtime {kind=required}
          [ ] headers
        [ ] Legacy
          [ ] old-api
      """, format: .indented)
  let rules = try! RuleModel(
    parsing: """
      attributes.kind == "required" => locked <= on
      label == "Legacy" => enabled <= false
      !isLeaf => expanded <= true
      label == "Core" && state == on => displayLabel <= "Core (complete)"
      """, vocabulary: .selectionTree, file: "rules.txt")
  try! tree.applyRules(rules)
  try! tree.toggle("Toolkit/Core/headers")
  let style = RowStyle.checkboxOnLeft >>> .indent(perLevel: 2) >>> .lockMark()
  page.show(
    "the tree as drawn (Legacy disabled, runtime locked on, headers toggled)",
    tree.ids.map { style(tree.configuration(of: $0)!).plainText }.joined(separator: "\n"),
    expected: """
      [x] Toolkit
        [x] Core (complete)
          [x] runtime 🔒
          [x] headers
        [ ] Legacy
          [ ] old-api
      """)
  page.show(
    "explain: why is Legacy disabled?",
    "\(tree.ruleContext(of: "Toolkit/Legacy")!.explain(\.isEnabled))",
    expected: """
      enabled = false (from rules.txt:2:1)
        fired        rules.txt:2:1: label == "Legacy" => enabled <= false
      """)
}
