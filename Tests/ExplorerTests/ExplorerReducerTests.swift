import Explorer
import Testing
import ToggleKit

@testable import TestSupport

/// The independent oracle for selection: leaves' values, toggled by the rules of the semantics
/// contract (default options), under an optional fuzzy filter of labels.
struct SelectionOracle {
  let parent: [Int]
  var value: [Bool]
  /// The filter as typed; which nodes it hides is worked out once per filter.
  var filter = "" {
    didSet { if filter != oldValue { hidden = parent.indices.map(computeHidden) } }
  }
  var hidden: [Bool] = []
  /// `--limit`: at most this many leaves selected.
  var limit: Int? = nil
  /// The leaf values `u` and Ctrl-R go back and forth through.
  var undo: [[Bool]] = []
  var redo: [[Bool]] = []
  /// Whether a leaf was ever selected: Enter with nothing selected picks the focused node only
  /// while none was.
  var everSelected = false
  /// Whether the last key was Enter and ended the session (nil: the last key was not Enter).
  var accepted: Bool? = nil

  /// A change of the selection: a step when the values changed; refused (and true returned) when
  /// it would leave more leaves selected than the limit, and more than before.
  @discardableResult
  mutating func change(_ body: (inout SelectionOracle) -> Void) -> Bool {
    let before = value
    body(&self)
    if let limit, selectedLeaves(value) > limit, selectedLeaves(value) > selectedLeaves(before) {
      value = before
      return true
    }
    if value != before {
      undo.append(before)
      redo = []
      everSelected = everSelected || value.contains(true)
    }
    return false
  }

  func selectedLeaves(_ values: [Bool]) -> Int {
    parent.indices.filter { children($0).isEmpty && values[$0] }.count
  }

  /// Space on a node: a click; under a limit of 1, a click refused by the limit moves the
  /// selection to the node instead (every leaf cleared, filtered or not, then the click).
  mutating func space(_ node: Int) {
    guard change({ $0.toggle(node) }), limit == 1 else { return }
    change { oracle in
      for leaf in oracle.parent.indices { oracle.value[leaf] = false }
      oracle.toggle(node)
    }
  }

  /// `u` (or Ctrl-R): the values before the last change (after the last undone one).
  mutating func travel(undo isUndo: Bool) {
    guard let step = isUndo ? undo.popLast() : redo.popLast() else { return }
    if isUndo { redo.append(value) } else { undo.append(value) }
    value = step
  }

  func children(_ node: Int) -> [Int] { parent.indices.filter { parent[$0] == node } }
  func leaves(_ node: Int) -> [Int] {
    let kids = children(node)
    return kids.isEmpty ? [node] : kids.flatMap(leaves)
  }
  func label(_ node: Int) -> String { "n\(node)" }
  func isHidden(_ node: Int) -> Bool { hidden.isEmpty ? false : hidden[node] }

  private func computeHidden(_ node: Int) -> Bool {
    guard !filter.isEmpty else { return false }
    // The default filter is fuzzy: the filter's characters in order (labels and keys are
    // lowercase, so case plays no part).
    func isSubsequence(_ needle: Substring, of text: Substring) -> Bool {
      var rest = needle
      for character in text where character == rest.first { rest = rest.dropFirst() }
      return rest.isEmpty
    }
    // fzf's extended syntax, as far as these keys can type it: terms split at spaces, all of which
    // must hold on the node's label or an ancestor's, one at least on its own label. A term
    // holding '/' is a path term: its characters in order along the labels from the root joined
    // by '/', the last of them inside the node's own label for it to count as the node's own.
    func path(_ n: Int) -> String {
      parent[n] < 0 ? label(n) : path(parent[n]) + "/" + label(n)
    }
    func matchesOwn(_ term: Substring, _ n: Int) -> Bool {
      guard term.contains("/") else { return isSubsequence(term, of: Substring(label(n))) }
      let characters = Array(path(n))
      let labelStart = characters.count - label(n).count
      return (labelStart..<characters.count).contains { end in
        characters[end] == term.last!
          && isSubsequence(term.dropLast(), of: Substring(String(characters[..<end])))
      }
    }
    func holds(_ term: Substring, _ n: Int) -> Bool {
      if term.contains("/") { return isSubsequence(term, of: Substring(path(n))) }
      var node = n
      while node >= 0 {
        if isSubsequence(term, of: Substring(label(node))) { return true }
        node = parent[node]
      }
      return false
    }
    let terms = filter.split(separator: " ")
    guard !terms.isEmpty else { return false }
    func matches(_ n: Int) -> Bool {
      terms.allSatisfy { holds($0, n) } && terms.contains { matchesOwn($0, n) }
    }
    func subtree(_ n: Int) -> [Int] { [n] + children(n).flatMap(subtree) }
    // Shown: a match at or below the node, or a match above it (a matching folder's contents).
    var ancestor = parent[node]
    while ancestor >= 0 {
      if matches(ancestor) { return false }
      ancestor = parent[ancestor]
    }
    return !subtree(node).contains(where: matches)
  }
  func state(_ node: Int) -> ToggleState {
    let all = leaves(node)
    let writable = all.filter { !isHidden($0) }
    let counted = writable.isEmpty ? all : writable
    if counted.allSatisfy({ value[$0] }) { return .on }
    if counted.allSatisfy({ !value[$0] }) { return .off }
    return .mixed
  }
  mutating func toggle(_ node: Int) {
    let target = state(node) != .on
    for leaf in leaves(node) where !isHidden(leaf) { value[leaf] = target }
  }
  /// Enter: whether it ends the session.
  ///
  /// With nothing selected, the focused node is picked while nothing was selected in the session,
  /// or always under a limit of 1; a pick the limit refuses (a folder of more leaves) keeps the
  /// session.
  mutating func enter(_ focused: Int?) -> Bool {
    guard let focused, selectedLeaves(value) == 0 else { return true }
    guard limit == 1 || !everSelected else { return true }
    let refused = change { oracle in
      for leaf in oracle.leaves(focused) where !oracle.isHidden(leaf) { oracle.value[leaf] = true }
    }
    return !refused
  }
  /// Space or Tab on a marked range: every row's leaves on when any row is not on, else off.
  mutating func toggle(range rows: [Int]) {
    let target = !rows.allSatisfy { state($0) == .on }
    change { oracle in
      for row in rows {
        for leaf in oracle.leaves(row) where !oracle.isHidden(leaf) { oracle.value[leaf] = target }
      }
    }
  }
  /// toggle-all: every leaf shown flips on its own.
  mutating func flipAll() {
    for node in parent.indices where children(node).isEmpty && !isHidden(node) {
      value[node].toggle()
    }
  }
  mutating func setAll(_ target: Bool) {
    for node in parent.indices where children(node).isEmpty && !isHidden(node) {
      value[node] = target
    }
  }
}

/// What tells two explorer states of one tree apart for the enumeration: each node's state and
/// expansion, cursor and window, the filter being typed, help, and the oracle's history.
private struct ReachedState: Hashable {
  var states: [ToggleState]
  var expanded: [Bool]
  var cursor: Int?
  var top: Int?
  var text: String
  var editing: Bool
  var help: Bool
  var textCursor: Int
  var undo: [[Bool]]
  var redo: [[Bool]]
  var everSelected: Bool
  var anchor: String?
}

/// A selection limit to run the reducer under and, in the long tier, which half of the largest
/// trees' shapes (nil: all of them): the halves run side by side.
struct ReducerRun: CustomTestStringConvertible, Sendable {
  var limit: Int?
  var half: Int?

  var testDescription: String {
    "limit \(limit.map(String.init) ?? "none")" + (half.map { ", half \($0 + 1)" } ?? "")
  }

  /// No limit and a limit of one (a limit that binds at one leaf and refuses at two: on the
  /// fast tier's trees of up to two leaves a limit of two never binds, so it would run the
  /// unlimited case again); in the long tier (trees of four nodes), no limit on a quarter of the
  /// shapes of four nodes (every fourth) and a limit of one on another quarter.
  static let all =
    Tier.isLong
    ? [ReducerRun(limit: nil, half: 0), ReducerRun(limit: 1, half: 1)]
    : [nil, 1].map { ReducerRun(limit: $0) }

  /// Whether the run explores the shape at `index` of the trees of `size` nodes, `largest` the
  /// largest size: in the long tier each half every fourth shape of the largest trees (the two
  /// together every other one), in the fast tier every third one when `sparse`, and every
  /// smaller one.
  func explores(_ index: Int, size: Int, largest: Int, sparse: Bool) -> Bool {
    guard size == largest else { return true }
    guard let half else { return !sparse || index % 3 == 0 }
    return index % 4 == half
  }
}

/// How the explorer is set up, and the keys that explore it.
enum ReducerVariant: String, CaseIterable, Sendable {
  /// The tree's keys.
  case tree
  /// fzf's model (`--keys fzf`): characters type, commands on Alt and Ctrl.
  case fzf
  /// The tree's keys with `--bind j:toggle+down,x:select-all+first,t:toggle-all,s:select,
  /// d:deselect,change:first`.
  case bound

  /// The keys explored on trees of `size` nodes: the tree's keys add Shift-↓ (a mark from
  /// the focus, moved; Esc drops it, Space toggles it) on trees of up to two nodes (one under a limit; three in the long tier), where the
  /// states a mark multiplies stay few.
  func keys(size: Int, limit: Int?) -> [Key] {
    switch self {
    case .tree:
      [
        .up, .down, .left, .right, .home, .end, .pageUp, .pageDown, .character(" "),
        .character("a"), .character("n"), .character("/"), .character("1"), .backspace, .escape,
        .character("?"), .tab, .backTab, .character("u"), .redo, .nextMatch, .previousMatch,
        .character("*"), .enter,
      ]
        + (size <= Tier.size(fast: limit == nil ? 2 : 1, long: 3) ? [.shiftDown] : [])
    case .fzf:
      [
        .up, .down, .left, .right, .home, .tab, .backTab, .character("1"), .character("/"),
        .character(" "), .character("n"), .backspace, .escape, .alt("a"), .alt("d"), .alt("u"),
        .redo, .nextMatch, .control("u"), .control("w"), .control("a"), .enter,
      ]
    case .bound:
      [
        .down, .right, .character("j"), .character("x"), .character("u"), .character("/"),
        .character("1"), .character("-"), .enter, .escape, .character("t"), .character("s"),
        .character("d"),
      ]
    }
  }

  func configure(_ explorer: inout Explorer) {
    switch self {
    case .tree: break
    case .fzf: explorer.finding.typesToFilter = true
    case .bound:
      explorer.settings.bindings = [
        .character("j"): [.toggle, .down], .character("x"): [.selectAll, .first],
        .character("t"): [.toggleAll], .character("s"): [.select], .character("d"): [.deselect],
        .event(.change): [.first],
      ]
    }
  }

  /// What the oracle does for `key` (the selection's part of it).
  func step(
    _ key: Key, editing: Bool, focused: Int?, range: [Int]?, _ oracle: inout SelectionOracle
  ) {
    if let range, key == .tab || key == .backTab || (key == .character(" ") && !editing) {
      oracle.toggle(range: range)
      return
    }
    switch (self, key) {
    case (_, .tab), (_, .backTab): if let focused { oracle.space(focused) }
    case (.tree, .character(" ")) where !editing: if let focused { oracle.space(focused) }
    case (.tree, .character("a")) where !editing: oracle.change { $0.setAll(true) }
    case (.tree, .character("n")) where !editing: oracle.change { $0.setAll(false) }
    case (.tree, .character("u")) where !editing, (.bound, .character("u")) where !editing:
      oracle.travel(undo: true)
    case (.tree, .redo) where !editing, (.fzf, .redo): oracle.travel(undo: false)
    case (.tree, .enter) where !editing, (.fzf, .enter),
      (.bound, .enter) where !editing:
      oracle.accepted = oracle.enter(focused)
    case (.fzf, .alt("a")): oracle.change { $0.setAll(true) }
    case (.fzf, .alt("d")): oracle.change { $0.setAll(false) }
    case (.fzf, .alt("u")): oracle.travel(undo: true)
    case (.bound, .character("j")): if let focused { oracle.space(focused) }
    case (.bound, .character("x")): oracle.change { $0.setAll(true) }
    case (.bound, .character("t")): oracle.change { $0.flipAll() }
    case (.bound, .character("s")), (.bound, .character("d")):
      guard let focused else { break }
      oracle.change { oracle in
        for leaf in oracle.leaves(focused) where !oracle.isHidden(leaf) {
          oracle.value[leaf] = key == .character("s")
        }
      }
    default: break
    }
  }
}

@Suite("Explorer reducer: every key in every reachable state of small trees")
struct ExplorerReducerTests {
  @Test(
    "in every reachable state of every tree of up to three nodes (every third one of three nodes with the tree's keys; two under --limit, fzf's model and --bind; every fourth of four nodes in the long tier, under no limit and a limit of one; the largest trees of three nodes or more with filters of one character and no key in the help overlay), the cursor stays on a shown row and the selection matches the oracle after every key, with and without --limit, with the tree's keys, fzf's model and --bind",
    arguments: ReducerVariant.allCases, ReducerRun.all)
  func everyReachableState(variant: ReducerVariant, run: ReducerRun) throws {
    let limit = run.limit
    var statesChecked = 0
    var reachable = 0
    // fzf's model types four characters and moves a text cursor: its states multiply fastest.
    let largest =
      variant == .fzf
      ? Tier.size(fast: 2, long: 3)
      : Tier.size(fast: limit == nil && variant == .tree ? 3 : 2, long: 4)
    let full = variant == .tree && limit == nil
    for size in 1...largest {
      for (index, shape) in orderedTrees(size).enumerated()
      where run.explores(
        index, size: size, largest: largest, sparse: variant == .tree && limit == nil)
      {
        let entries = shape.indices.map { node in
          SelectionTree<String>.Entry(
            id: "n\(node)", parent: shape[node] < 0 ? nil : "n\(shape[node])", label: "n\(node)")
        }
        let tree = try SelectionTree(entries: entries)
        var explorer = Explorer(tree: tree, height: 4, width: 30)
        explorer.settings.selectionLimit = limit
        variant.configure(&explorer)
        let start = (
          explorer,
          SelectionOracle(
            parent: shape, value: Array(repeating: false, count: size), limit: limit)
        )
        var queue = [start]
        var seen: Set<ReachedState> = []
        while let (explorer, oracle) = queue.popLast() {
          for key in variant.keys(size: size, limit: limit) {
            var next = explorer
            var expected = oracle
            let focused = next.cursor
            let range = next.rangeRows
            let wasFilterEditing = next.finding.isEditing
            let wasHelp = next.showsHelp
            next.handle(key)
            // The oracle follows the same key.
            expected.accepted = nil
            if !wasHelp {
              variant.step(
                key, editing: wasFilterEditing, focused: focused, range: range, &expected)
            }
            expected.filter = next.finding.text
            // Written out only when an expectation fails: describing arrays on every key took
            // most of the run.
            let context = {
              "shape \(shape) key \(key) from filter '\(explorer.finding.text)' editing \(explorer.finding.isEditing) cursor \(String(describing: explorer.cursor)) values \(oracle.value)"
            }
            if let accepted = expected.accepted {
              #expect(
                (next.outcome == .accepted) == accepted, "Enter ends the session, \(context())")
            }
            if let cursor = next.cursor {
              #expect(next.tree.isRow(cursor), "cursor on a row, \(context())")
              #expect(next.visibleRows.contains(cursor), "cursor in the window, \(context())")
            }
            #expect(next.visibleRows.count <= 2, "window size, \(context())")
            for node in 0..<size where expected.children(node).isEmpty {
              #expect(
                (next.tree.state(of: "n\(node)") == .on) == expected.value[node],
                "leaf n\(node), \(context())")
            }
            for node in 0..<size {
              #expect(
                next.tree.state(of: "n\(node)") == expected.state(node), "n\(node), \(context())")
            }
            #expect(next.history.undoCount == expected.undo.count, "undo steps, \(context())")
            #expect(next.history.redoCount == expected.redo.count, "redo steps, \(context())")
            if let limit {
              #expect(next.tree.statistics.selectedLeaves <= limit, "the limit holds, \(context())")
            }
            // Sessions end on Enter, q, Esc or Ctrl-C; filters longer than two characters add
            // nothing new for labels of two characters, and histories longer than two steps
            // nothing new either (in the fast tier, one step). The largest trees of a run that
            // reaches three nodes take filters of one character and leave the help overlay,
            // where every key but its own changes nothing, at once: two-character filters and
            // keys in the overlay are explored on the smaller trees.
            let steps = Tier.size(fast: 1, long: 2)
            let largestOfMany = size == largest && largest >= 3
            guard next.outcome == nil, next.finding.text.count <= (largestOfMany ? 1 : 2),
              !(next.showsHelp && largestOfMany),
              expected.undo.count <= steps,
              expected.redo.count <= steps
            else { continue }
            let reached = ReachedState(
              states: next.tree.ids.map { next.tree.state(of: $0)! },
              expanded: next.tree.ids.map { next.tree.isExpanded($0)! },
              cursor: next.cursor, top: next.top, text: next.finding.text,
              editing: next.finding.isEditing, help: next.showsHelp,
              textCursor: next.finding.cursor, undo: expected.undo, redo: expected.redo,
              everSelected: expected.everSelected, anchor: next.rangeAnchor)
            if seen.insert(reached).inserted { queue.append((next, expected)) }
            statesChecked += 1
          }
        }
        reachable = max(reachable, seen.count)
      }
    }
    #expect(
      reachable > Tier.size(fast: full ? 20 : 5, long: 100),
      "the largest tree reaches \(reachable) distinct states, all explored")
    #expect(statesChecked > Tier.size(fast: full ? 1_000 : 100, long: 10_000))
  }

  @Test("setting and clearing a filter never changes the selection")
  func filterKeepsSelection() throws {
    let tree = try SelectionTree(paths: ["Fruit/Apple", "Fruit/Pear", "Veg/Leek"])
    var explorer = Explorer(tree: tree, height: 10, width: 40)
    explorer.handle(.character("a"))
    let before = explorer.tree.selection(.leaves)
    for key: Key in [.character("/"), .character("p"), .character("e"), .enter, .escape] {
      explorer.handle(key)
      #expect(explorer.tree.selection(.leaves) == before)
    }
    #expect(explorer.finding.text.isEmpty)
    #expect(explorer.outcome == nil, "the first Escape clears the filter, it does not cancel")
    explorer.handle(.escape)
    #expect(explorer.outcome == .cancelled)
  }

  @Test("frames are the rows, a status line and a prompt, as text")
  func frames() throws {
    let tree = try SelectionTree(parsing: demoCatalogue, format: .indented)
    var explorer = Explorer(tree: tree, height: 6, width: 40)
    #expect(
      explorer.frame(mode: .plain) == [
        "▸ [ ] Groceries", "▸ [ ] Household", "▸ [ ] Garden (out of season)", "",
        "1 of 15 selected · 1 locked · Space: se…", "space toggle · enter accept · q cancel …",
      ])
    explorer.handle(.right)
    explorer.handle(.down)
    explorer.handle(.character(" "))
    explorer.handle(.character("/"))
    explorer.handle(.character("b"))
    // The focus on the best match — Bread: "b" starts it, the shortest such label — and the
    // window down to it.
    #expect(
      explorer.frame(mode: .plain) == [
        "      [x] Bananas", "      [x] Paper bags (always included) …", "  ▾ [ ] Bakery",
        "      [ ] Bread", "4 of 15 selected · 13 hidden by filter …", "/b▏",
      ])
    #expect(
      explorer.cursor.map { explorer.tree.labelPath(of: explorer.tree.id(at: $0)) }?.last == "Bread"
    )
    explorer.handle(.character("?"))
    #expect(explorer.finding.text == "b?", "while the filter is edited, ? is text")
    explorer.handle(.backspace)
    explorer.handle(.enter)
    explorer.handle(.character("?"))
    #expect(explorer.frame(mode: .plain).first == "↑ k           move up")
  }

  @Test(
    "u undoes the last change of the selection and Ctrl-R redoes it, keeping expansion and the filter; the status line says what; while typing a filter, u is text"
  )
  func undoAndRedo() throws {
    let tree = try SelectionTree(paths: ["Fruit/Apple", "Fruit/Pear", "Veg/Leek"])
    var explorer = Explorer(tree: tree, height: 8, width: 60)
    explorer.handle(.character("u"))
    #expect(explorer.statusLine == "0 of 3 selected · nothing to undo")
    explorer.handle(.right)
    explorer.handle(.down)
    explorer.handle(.character(" "))  // Fruit/Apple
    explorer.handle(.character("a"))
    #expect(explorer.tree.selection(.leaves).count == 3)
    explorer.handle(.character("u"))
    #expect(explorer.statusLine == "1 of 3 selected · undid select all")
    explorer.handle(.left)
    #expect(
      explorer.statusLine == "1 of 3 selected · Space: select 1",
      "the message lasts until the next key; on a folder, what Space would do shows instead")
    explorer.handle(.character("u"))
    #expect(explorer.statusLine == "0 of 3 selected · undid toggle Fruit/Apple")
    #expect(explorer.tree.isExpanded("Fruit") == true, "what was opened since stays open")
    explorer.handle(.redo)
    #expect(explorer.statusLine == "1 of 3 selected · redid toggle Fruit/Apple")
    // Under a filter set after the change, undo keeps the filter.
    for key: Key in [.character("/"), .character("p"), .character("u")] { explorer.handle(key) }
    #expect(explorer.finding.text == "pu" && explorer.tree.selection(.leaves) == ["Fruit/Apple"])
    explorer.handle(.redo)
    #expect(explorer.tree.selection(.leaves) == ["Fruit/Apple"], "Ctrl-R while typing: nothing")
    explorer.handle(.backspace)
    explorer.handle(.enter)
    explorer.handle(.character("u"))
    #expect(explorer.tree.selection(.leaves).isEmpty && explorer.finding.text == "p")
    #expect(explorer.tree.isVisible("Veg/Leek") == false)
    explorer.handle(.redo)
    explorer.handle(.redo)
    #expect(explorer.statusLine == "3 of 3 selected · 2 hidden by filter · redid select all")
    explorer.handle(.redo)
    #expect(explorer.statusLine.hasSuffix("nothing to redo"))
    // A key that changes nothing makes no step.
    explorer.handle(.character("a"))
    explorer.handle(.character("a"))
    explorer.handle(.character("u"))
    explorer.handle(.character("u"))
    #expect(explorer.tree.selection(.leaves).isEmpty)
  }

  @Test("paging and scrolling keep the cursor in the window")
  func scrolling() throws {
    let tree = try SelectionTree(paths: (0..<50).map { "item \($0)" })
    var explorer = Explorer(tree: tree, height: 7, width: 30)
    explorer.handle(.pageDown)
    #expect(explorer.cursor == 4)
    explorer.handle(.end)
    #expect(explorer.cursor == 49)
    #expect(explorer.visibleRows == [45, 46, 47, 48, 49])
    explorer.handle(.home)
    #expect(explorer.visibleRows.first == 0)
    explorer.resize(height: 3, width: 20)
    #expect(explorer.visibleRows == [0])
  }
}
