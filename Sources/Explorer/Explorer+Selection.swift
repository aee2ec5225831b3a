import ToggleKit

extension Explorer {
  /// The selection's actions: clicks and bulk selection, every change a step of the history.
  mutating func reduceSelection(_ action: ExplorerAction) -> Bool {
    switch action {
    case .toggle: if let cursor { toggleFocused(cursor) }
    case .selectAll: change("select all") { $0.selectAll() }
    case .deselectAll: change("select none") { $0.deselectAll() }
    case .toggleAll: toggleShownLeaves()
    case .select, .deselect:
      guard let cursor else { break }
      let id = tree.id(at: cursor)
      let on = action == .select
      change("\(on ? "select" : "deselect") \(displayPath(of: id))") {
        _ = try? $0.set(id, to: on)
      }
    default: return false
    }
    return true
  }

  /// Flips every writable leaf the filter shows, each on its own, in one change (fzf's
  /// `toggle-all`): the selected ones go off, the others on.
  ///
  /// The folders a lazy tree has not read are read first (a filter's read taken to its end), as
  /// `*` reads them: a leaf in one is flipped on its own too.
  ///
  /// - Complexity: O(n log n), and the reads.
  mutating func toggleShownLeaves() {
    while backgroundRead != nil, loader != nil { continueReading { true } }
    load(nil)
    let leaves = shownLeaves
    change("toggle all shown") { tree in
      let flips = leaves.map { ($0, tree.state(of: $0) != .on) }
      for (leaf, on) in flips { _ = try? tree.set(leaf, to: on) }
    }
  }

  /// A click on the focused node; under a limit of 1, a click that would select a second leaf
  /// moves the selection there instead.
  mutating func toggleFocused(_ cursor: Int) {
    let id = tree.id(at: cursor)
    let name = "toggle \(displayPath(of: id))"
    // A folder shown mixed by decisions below a folder not read is clicked as mixed (a node
    // mixed already needs no look at the decisions).
    let state = tree.state(of: id) ?? .off
    let shown = state != .mixed && mixedByDecisions.contains(id) ? .mixed : state
    let click = { (tree: inout SelectionTree<String>) in _ = try? tree.toggle(id, shown: shown) }
    guard change(name, click) == .refused, settings.selectionLimit == 1 else {
      return
    }
    let refusal = message
    let moved = change("select \(displayPath(of: id))") { tree in
      // The selection moves: leaves a filter hides are let go too.
      let scope = tree.options.filterScope
      tree.options.filterScope = .all
      for leaf in tree.selection(.leaves) { _ = try? tree.set(leaf, to: false) }
      tree.options.filterScope = scope
      click(&tree)
    }
    message = moved == .changed ? nil : refusal
  }

  /// What ``change(_:_:)`` did.
  enum ChangeResult {
    /// The selection changed: a step `u` undoes.
    case changed
    /// Nothing changed.
    case unchanged
    /// The change would have selected more than ``ExplorerSettings/selectionLimit`` leaves and was undone.
    case refused
  }

  /// Changes the selection with `body`; a change that changed something is a history step.
  ///
  /// Under ``ExplorerSettings/selectionLimit`` a change that would leave more leaves selected than the limit (and
  /// more than before) is undone at once, and the status line says why.
  @discardableResult
  mutating func change(_ name: String, _ body: (inout SelectionTree<String>) -> Void)
    -> ChangeResult
  {
    let before = tree
    body(&tree)
    guard !tree.isIdentical(to: before) else { return .unchanged }
    let count = tree.statistics.selectedLeaves
    if let limit = settings.selectionLimit, count > limit, count > before.statistics.selectedLeaves
    {
      tree = before
      message = "at most \(limit) may be selected (--limit)"
      return .refused
    }
    everSelected = everSelected || count > 0
    history.record(before, named: name)
    selectionChanges += 1
    return .changed
  }

  /// What a click on the focused folder would do, for the status line: "Space: deselect 1,204 ·
  /// 3 locked stay" ("Tab: …" where Space is text); nil on a leaf or nothing.
  ///
  /// A folder that decisions below folders not read show mixed is previewed as mixed.
  ///
  /// - Complexity: O(log n), plus ``mixedByDecisions`` while folders are not read and the tree
  ///   keeps decisions.
  var clickPreview: String? { clickPreview(mixed: nil) }

  /// What a click on the focused folder would do, given the nodes shown mixed when they are read
  /// already (nil: read them when needed).
  ///
  /// - Complexity: O(log n), plus ``mixedByDecisions`` when `mixed` is nil, folders are not read
  ///   and the tree keeps decisions.
  func clickPreview(mixed: Set<String>?) -> String? {
    guard let cursor, case let id = tree.id(at: cursor), !tree.children(of: id).isEmpty,
      let summary = tree.summary(of: id), var state = tree.state(of: id)
    else { return nil }
    if state != .mixed && !unloaded.isEmpty && (mixed ?? mixedByDecisions).contains(id) {
      state = .mixed
    }
    let selects = state != .on && !(state == .mixed && tree.options.mixedTogglesTo == .off)
    let changes = selects ? summary.writableOff + summary.writableMixed : summary.writableOn
    // What a click cannot write: hidden by the filter, or locked (or disabled) whatever it shows.
    let locked = unfilteredSummary(of: id)?.locked ?? 0
    let hidden = max(0, summary.locked - locked)
    guard changes > 0 || summary.locked > 0 else { return nil }
    // The key that clicks in this mode: Space on the tree, Tab where Space is text.
    let key = KeyTable.clickKey[inputMode] ?? "Space"
    if selects, let limit = settings.selectionLimit {
      // Under --limit 1 a click moves the pick: the others let go.
      let after = changes + (limit == 1 ? 0 : tree.statistics.selectedLeaves)
      if after > limit {
        return "\(key): \(Self.grouped(changes)) here, more than --limit \(limit) allows"
          + (limit == 1 ? "" : " (\(Self.grouped(tree.statistics.selectedLeaves)) selected)")
      }
    }
    var text = "\(key): \(selects ? "select" : "deselect") \(Self.grouped(changes))"
    if hidden > 0 { text += " · \(Self.grouped(hidden)) hidden stay" }
    if locked > 0 { text += " · \(Self.grouped(locked)) locked stay" }
    return text
  }

  /// A node's summary as if no filter hid anything: its leaves' own locks and disabling only.
  ///
  /// - Complexity: O(log n) (the tree is shared, not copied).
  func unfilteredSummary(of id: String) -> ToggleSummary? {
    guard tree.isFiltered else { return tree.summary(of: id) }
    var whole = tree
    whole.options.filterScope = .all
    return whole.summary(of: id)
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

  /// Whether anything is selected: a leaf, or something kept decisions select in a folder not
  /// read yet (one they show mixed).
  ///
  /// - Complexity: O(1) when a leaf is selected; else as ``mixedByDecisions``.
  package var holdsSelection: Bool {
    tree.statistics.selectedLeaves > 0 || !mixedByDecisions.isEmpty
  }

  /// What the status line counts as selected while folders are not read: the selected leaves
  /// read (a folder not read is none), and how many folders not read hold some of the selection
  /// (selected, or shown mixed); nil while no folder not read holds any.
  ///
  /// - Complexity: O(u log n) for u folders not read.
  func unreadSelection(mixed: Set<String>) -> (leaves: Int, folders: Int)? {
    guard !unloaded.isEmpty else { return nil }
    var selectedUnread = 0
    var holding = 0
    for id in unloaded {
      let isOn = tree.state(of: id) == .on
      if isOn { selectedUnread += 1 }
      if isOn || mixed.contains(id) { holding += 1 }
    }
    guard holding > 0 else { return nil }
    return (tree.statistics.selectedLeaves - selectedUnread, holding)
  }

  /// The nodes shown mixed because of kept decisions below folders not read yet
  /// (``ToggleKit/LazyTree/mixedByDecisions``): empty while every folder is read or the tree keeps
  /// no decisions.
  ///
  /// - Complexity: O(d · k log n + u log n) for d kept decisions of k labels, u folders not read.
  var mixedByDecisions: Set<String> {
    guard !unloaded.isEmpty, tree.keptDecisions != nil else { return [] }
    return LazyTree(tree, unloaded: unloaded).mixedByDecisions
  }
}
