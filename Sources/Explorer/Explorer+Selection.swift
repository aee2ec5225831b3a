import ToggleKit

extension Explorer {
  /// The selection's actions: clicks and bulk selection, every change a step of the history.
  mutating func reduceSelection(_ action: ExplorerAction) -> Bool {
    switch action {
    case .toggle: if let cursor { toggleFocused(cursor) }
    case .selectAll: change("select all") { $0.selectAll() }
    case .deselectAll: change("select none") { $0.deselectAll() }
    default: return false
    }
    return true
  }

  /// A click on the focused node; under a limit of 1, a click that would select a second leaf
  /// moves the selection there instead.
  mutating func toggleFocused(_ cursor: Int) {
    let id = tree.ids[cursor]
    let name = "toggle \(displayPath(of: id))"
    guard change(name, { _ = try? $0.toggle(id) }) == .refused, selectionLimit == 1 else { return }
    let refusal = message
    let moved = change("select \(displayPath(of: id))") { tree in
      // The selection moves: leaves a filter hides are let go too.
      let scope = tree.options.filterScope
      tree.options.filterScope = .all
      for leaf in tree.selection(.leaves) { _ = try? tree.set(leaf, to: false) }
      tree.options.filterScope = scope
      _ = try? tree.toggle(id)
    }
    message = moved == .changed ? nil : refusal
  }

  /// What ``change(_:_:)`` did.
  enum ChangeResult {
    /// The selection changed: a step `u` undoes.
    case changed
    /// Nothing changed.
    case unchanged
    /// The change would have selected more than ``selectionLimit`` leaves and was undone.
    case refused
  }

  /// Changes the selection with `body`; a change that changed something is a history step.
  ///
  /// Under ``selectionLimit`` a change that would leave more leaves selected than the limit (and
  /// more than before) is undone at once, and the status line says why.
  @discardableResult
  mutating func change(_ name: String, _ body: (inout SelectionTree<String>) -> Void)
    -> ChangeResult
  {
    let before = tree
    body(&tree)
    guard !tree.isIdentical(to: before) else { return .unchanged }
    let count = tree.statistics.selectedLeaves
    if let limit = selectionLimit, count > limit, count > before.statistics.selectedLeaves {
      tree = before
      message = "at most \(limit) may be selected (--limit)"
      return .refused
    }
    everSelected = everSelected || count > 0
    history.record(before, named: name)
    return .changed
  }

  /// What a click on the focused folder would do, for the status line: "Space: deselect 1,204 ·
  /// 3 locked stay"; nil on a leaf or nothing.
  ///
  /// - Complexity: O(log n).
  var clickPreview: String? {
    guard let cursor, case let id = tree.ids[cursor], !tree.children(of: id).isEmpty,
      let summary = tree.summary(of: id), let state = tree.state(of: id)
    else { return nil }
    let selects = state != .on && !(state == .mixed && tree.options.mixedTogglesTo == .off)
    let changes = selects ? summary.writableOff + summary.writableMixed : summary.writableOn
    guard changes > 0 || summary.locked > 0 else { return nil }
    var text = "Space: \(selects ? "select" : "deselect") \(Self.grouped(changes))"
    if summary.locked > 0 { text += " · \(Self.grouped(summary.locked)) locked stay" }
    return text
  }

  /// "1,204".
  package static func grouped(_ number: Int) -> String {
    var digits = Array(String(number))
    var index = digits.count - 3
    while index > 0 {
      digits.insert(",", at: index)
      index -= 3
    }
    return String(digits)
  }
}
