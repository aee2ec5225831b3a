// The documentation's examples, copied from it: they do what the text says (that every example
// compiles as written, DocumentationExampleTests checks).

import Observation
import Testing
import ToggleKit
import ToggleKitRules

@testable import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

// The DocC article "Rules" (ToggleKitRules).
enum PriorityKey: RuleKey { static let defaultValue = 1 }  // 0 low, 1 normal, 2 high
enum ColorKey: RuleKey { static let defaultValue = "black" }
enum HeadlineKey: RuleKey { static let defaultValue = "" }
enum BarTitleKey: RuleKey { static let defaultValue = "" }

extension RuleContext {  // a key is a property of the context, as in SwiftUI
  var priority: Int {
    get { self[PriorityKey.self] }
    set { self[PriorityKey.self] = newValue }
  }
  var color: String {
    get { self[ColorKey.self] }
    set { self[ColorKey.self] = newValue }
  }
  var headline: String {
    get { self[HeadlineKey.self] }
    set { self[HeadlineKey.self] = newValue }
  }
  var barTitle: String {
    get { self[BarTitleKey.self] }
    set { self[BarTitleKey.self] = newValue }
  }
}

@Suite("The documentation's examples do what they say")
struct ReadmeExampleTests {
  @Test("the rules example: a high priority is red and the bar title follows the headline")
  func rulesExample() {
    let rules = RuleModel {
      (\.priority >= 2) => (\.color <= "red")
      \.barTitle <= \.headline  // another key, itself derived
    }
    var context = RuleContext(model: rules)
    context.priority = 2
    context.headline = "Ship it"
    print(context.color, context.barTitle)  // red Ship it (cached until what they read changes)
    print(context.explain(\.color))  // which rule fired, which were skipped and why
    #expect(context.color == "red")
    #expect(context.barTitle == "Ship it")
  }

  @Test(
    "the lazy tree example: a folder selected unread is reported as itself, then loaded for its leaves; an async loader fills like a sync one"
  )
  func lazyExample() async throws {
    // docs/togglekit.md: "Big directories and remote catalogues load lazily" (a scratch folder).
    let root = "/tmp/togglekit-readme-lazy-\(getpid())"
    defer { _ = system("rm -rf '\(root)'") }
    _ = system(
      "mkdir -p '\(root)/usr/bin' '\(root)/etc' && touch '\(root)/usr/bin/sh' '\(root)/etc/hosts'")
    let top = String(root.split(separator: "/").last!)
    var (repo, reader) = try LazyTree.directory(at: root, gitignore: true)
    try repo.tree.toggle(top + "/usr")
    try repo.expand(top + "/etc", using: reader.children)
    #expect(repo.tree.children(of: top + "/etc") == [top + "/etc/hosts"])
    #expect(repo.tree.selection(.topmost) == [top + "/usr"] && repo.isUnloaded(top + "/usr"))
    #expect(
      try repo.selection(.leaves, unloaded: .loaded, using: reader.children) == [
        top + "/usr/bin/sh"
      ])
    var catalogue = LazyTree(try SelectionTree(paths: ["books"]), unloaded: ["books"])
    try await catalogue.load("books") { id in
      await Task.yield()  // an API call, say
      return .init(entries: [.init(id: "books/1", parent: id, label: "Dune")])
    }
    #expect(catalogue.tree.label(of: "books/1") == "Dune")
  }

  @Test("the README's SelectionModel example: only Fruit's observers are told of an apple; undo")
  func modelExample() throws {
    let model = SelectionModel(try SelectionTree(paths: ["Fruit/Apple", "Veg/Leek"]))
    let told = Counter()
    withObservationTracking {
      _ = model.state(of: "Fruit")
    } onChange: {
      told.increment()
    }
    try model.toggle("Fruit/Apple")  // prints "Fruit changed"
    #expect(told.count == 1)
    try model.toggle("Veg/Leek")  // Fruit's observers are not told
    #expect(told.count == 1)
    model.undo()  // Veg/Leek is off again
    #expect(model.state(of: "Veg/Leek") == .off && model.state(of: "Fruit") == .on)
    let apple = model.binding(for: "Fruit/Apple")  // isWritable follows later locks and disabling
    #expect(apple.isWritable)
  }
}
