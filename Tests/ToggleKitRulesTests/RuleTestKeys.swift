import ToggleKit
import ToggleKitRules

@testable import TestSupport

// The keys of the SwiftUI Rules write-up's examples, declared the way a user of ToggleKit would.

enum Priority: Int, Comparable, Sendable {
  case low, normal, high
  static func < (lhs: Priority, rhs: Priority) -> Bool { lhs.rawValue < rhs.rawValue }
}

struct Todo: Equatable, Sendable {
  var title: String
  var priority: Priority
}

enum Status: Sendable, Equatable { case open, inProgress, done }
enum DetailLevel: Sendable, Equatable { case minimal, compact, full }

struct Style: Equatable, Sendable {
  var color = "black"
  var isBold = false
}

enum TodoKey: RuleKey { static let defaultValue = Todo(title: "", priority: .normal) }
enum FancyColorKey: RuleKey { static let defaultValue = "black" }
enum TitleKey: RuleKey { static let defaultValue = "" }
enum NavigationBarTitleKey: RuleKey { static let defaultValue = "" }
enum PlatformKey: RuleKey { static let defaultValue = "phone" }
enum DetailLevelKey: RuleKey { static let defaultValue = DetailLevel.full }
enum StatusKey: RuleKey { static let defaultValue = Status.open }
enum ActionsKey: RuleKey { static let defaultValue: [String] = [] }
enum StyleKey: RuleKey { static let defaultValue = Style() }
enum AKey: RuleKey { static let defaultValue = 0 }
enum BKey: RuleKey { static let defaultValue = 0 }
enum CKey: RuleKey { static let defaultValue = 0 }
enum CountKey: RuleKey { static let defaultValue = 0 }

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
  var detailLevel: DetailLevel {
    get { self[DetailLevelKey.self] }
    set { self[DetailLevelKey.self] = newValue }
  }
  var status: Status {
    get { self[StatusKey.self] }
    set { self[StatusKey.self] = newValue }
  }
  var actions: [String] {
    get { self[ActionsKey.self] }
    set { self[ActionsKey.self] = newValue }
  }
  var style: Style {
    get { self[StyleKey.self] }
    set { self[StyleKey.self] = newValue }
  }
  var a: Int {
    get { self[AKey.self] }
    set { self[AKey.self] = newValue }
  }
  var b: Int {
    get { self[BKey.self] }
    set { self[BKey.self] = newValue }
  }
  var c: Int {
    get { self[CKey.self] }
    set { self[CKey.self] = newValue }
  }
  var count: Int {
    get { self[CountKey.self] }
    set { self[CountKey.self] = newValue }
  }
}
