import ToggleKit

/// The interactive tree checklist as a pure value: keys in, frames and effects out.
///
/// No terminal involved, so every behaviour is tested by feeding keys and reading frames. A key
/// becomes actions through the ``KeyTable`` (or `--bind`), and each action goes through small
/// reducers composed in ``perform(_:)``, one per concern: the cursor, the selection, finding,
/// history, the previewing.pane and the session.
///
/// ```swift
/// var explorer = Explorer(tree: tree, height: 10, width: 40)
/// explorer.handle(.down)
/// explorer.handle(.character(" "))   // toggles the focused node
/// print(explorer.frame(mode: .plain).joined(separator: "\n"))
/// ```
///
/// - Complexity: Each key costs O(height × log n) at most; a filter keystroke O(n).
package struct Explorer {
  /// What ended the session.
  package enum Outcome: Hashable, Sendable {
    /// Enter: print the selection.
    case accepted
    /// q, Esc or Ctrl-C: print nothing.
    case cancelled
  }

  /// What Enter does when nothing is selected (`--empty-enter`).
  package enum EmptyEnter: String, Hashable, Sendable, CaseIterable {
    /// Picks the focused node when nothing was selected in the session yet (as fzf does); once
    /// something was, an empty selection means nothing.
    case auto
    /// Always picks the focused node.
    case focused
    /// Always prints nothing.
    case nothing
  }

  /// The tree being explored.
  package internal(set) var tree: SelectionTree<String>
  /// Finding's state: the filter and how it is typed.
  package var finding = FindingState()
  /// The previewing.pane's state: the pane, where it is, how far it is scrolled.
  package var previewing = PreviewState()
  /// What the command line set: keys, limits, layout, styles.
  package var settings: ExplorerSettings
  /// The focused row's preorder index (nil for an empty tree).
  package internal(set) var cursor: Int?
  /// The first row shown.
  package internal(set) var top: Int?
  /// The `--expect` key that ended the session (nil: Enter or another accepting key).
  package internal(set) var acceptingKey: Key?
  /// Whether the key help is shown.
  package internal(set) var showsHelp = false
  /// Lines read of an input still arriving: the status line says "loading… N" until the end.
  package var loadingLines: Int?
  /// With a directory read lazily (`--dir`): the folders not read yet.
  package internal(set) var unloaded: Set<String> = []
  /// What reads a folder of ``unloaded`` (nil: the tree is whole).
  package internal(set) var loader: ((String) -> LazyTree<String>.Children)?
  /// The read of every folder a filter needs, under way between keys (``continueReading(while:)``).
  package internal(set) var backgroundRead: LazyTree<String>.StepRead?
  /// Where a marked range of rows starts (`v`, Shift-↑/↓): the range runs to the focused row.
  package internal(set) var rangeAnchor: String?
  /// What ended the session, or nil while it runs.
  package internal(set) var outcome: Outcome?
  /// The selection's undo and redo steps (the library's ``ToggleKit/SelectionHistory``).
  package internal(set) var history = SelectionHistory<String>()
  /// The last read ``reload(from:)`` took: while the tree is equal to it, the next read is taken
  /// as it is.
  var treeAsRead: SelectionTree<String>?
  /// What the last key did that the status line reports, until the next key.
  package internal(set) var message: String?
  /// The lines inside the border (all the terminal's, or the `--height` region's, without one).
  package internal(set) var height: Int
  /// The columns inside the border; rows are truncated to it.
  package internal(set) var width: Int
  /// The terminal's (or the region's) size, the border included.
  package internal(set) var screen: (height: Int, width: Int)
  /// Whether anything was selected in the session (from the start included).
  package internal(set) var everSelected = false
  /// The time the keys being handled arrived, in seconds (the session sets it): two left presses
  /// on one row within half a second are a double click.
  package var clock: Double = 0
  /// The row and time of the last left press, for a double click.
  var lastPress: (row: Int, time: Double)?
  /// What the session must do for the explorer, oldest first (``takeEffects()``).
  package internal(set) var effects: [ExplorerEffect] = []
  /// How many times the selection changed (a change, an undo, a redo): `multi` watches it.
  package internal(set) var selectionChanges = 0
  /// Events the key being handled caused itself (`backward-eof`, `jump`), fired after it.
  var pendingEvents: [ExplorerEvent] = []
  /// Whether ``start()`` ran: a resize before it is not an event.
  package internal(set) var hasStarted = false
  /// Whether the rows shown carry jump labels, the next key choosing one (``ExplorerAction/jump``).
  package internal(set) var isJumping = false

  /// The default style: checkbox, disclosure, indentation, lock mark, dimmed disabled rows, an
  /// inverted cursor.
  package static func defaultStyle(base: RowStyle = .checkboxOnLeft) -> RowStyle {
    base >>> .disclosure() >>> .indent(perLevel: 2) >>> .lockMark() >>> .dimWhenDisabled
      >>> .colors(mixed: .yellow) >>> .highlightWhenFocused
  }

  /// Starts exploring a tree.
  ///
  /// - Complexity: O(log n).
  package init(
    tree: SelectionTree<String>, height: Int, width: Int, style: RowStyle = defaultStyle()
  ) {
    self.tree = tree
    self.height = max(3, height)
    self.width = max(10, width)
    screen = (height, width)
    settings = ExplorerSettings(style: style)
    cursor = tree.nextRow(after: nil)
    top = cursor
    everSelected = tree.statistics.selectedLeaves > 0
  }

  /// Where keys are read now.
  package var inputMode: InputMode {
    finding.typesToFilter ? .typing : finding.isEditing ? .search : .tree
  }

  /// Follows a terminal resize.
  ///
  /// - Complexity: O(height × log n).
  package mutating func resize(height: Int, width: Int) {
    let changed = screen != (height, width)
    screen = (height, width)
    self.height = max(3, height - (settings.border?.lines ?? 0))
    self.width = max(10, width - (settings.border?.columns ?? 0))
    scrollToCursor()
    if changed && hasStarted { fire([.resize]) }
  }

  /// The effects asked for since the last call, oldest first.
  package mutating func takeEffects() -> [ExplorerEffect] {
    defer { effects = [] }
    return effects
  }

  /// Handles one key: an `--expect` key accepts; else its actions (`--bind`, or the
  /// ``KeyTable``'s in the current mode) run in order; else a character is typed into the filter
  /// in the modes that type.
  ///
  /// - Complexity: O(height × log n); a filter keystroke O(n).
  package mutating func handle(_ key: Key) {
    guard outcome == nil else { return }
    let before = eventWatch
    handleOne(key)
    fireEvents(since: before)
  }

  /// ``handle(_:)`` without the events.
  private mutating func handleOne(_ key: Key) {
    if isJumping {
      finishJumping(with: key)
      scrollToCursor()
      return
    }
    if showsHelp {
      showsHelp = false
      if key == .interrupt { outcome = .cancelled }
      return
    }
    message = nil
    if case .mouse(let event) = key {
      handleMouse(event)
    } else if settings.expectedKeys.contains(key) {
      acceptingKey = key
      perform(.accept)
    } else if let actions = settings.bindings[key] ?? KeyTable.actions(for: key, in: inputMode) {
      for action in actions where outcome == nil { perform(action) }
    } else if inputMode != .tree, case .character(let character) = key {
      insert(String(character))
    }
    scrollToCursor()
  }

  /// Handles the keys of one read, in order; characters typed into the filter are coalesced, so a
  /// paste of hundreds of characters filters the tree once.
  ///
  /// - Complexity: O(keys × height × log n), plus O(n) per run of filter typing.
  package mutating func handle(_ keys: [Key]) {
    var pending: String? = nil
    func applyPending() {
      guard let text = pending else { return }
      let before = eventWatch
      insert(text)
      scrollToCursor()
      pending = nil
      fireEvents(since: before)
    }
    for key in keys {
      let typing = inputMode != .tree && !showsHelp && !isJumping && outcome == nil
      let plain = settings.bindings[key] == nil && !settings.expectedKeys.contains(key)
      if typing, plain, case .character(let character) = key,
        KeyTable.actions(for: key, in: inputMode) == nil
      {
        pending = (pending ?? "") + String(character)
        continue
      }
      if typing, plain, key == .backspace, let text = pending, !text.isEmpty {
        pending = String(text.dropLast())  // takes back a character of the same paste
        continue
      }
      applyPending()
      handle(key)
    }
    applyPending()
  }

  /// Runs actions as a key bound to them would, the events they cause included (what a bound
  /// command's output asks for: `transform-query`).
  ///
  /// - Complexity: The actions'.
  package mutating func run(_ actions: [ExplorerAction]) {
    guard outcome == nil else { return }
    let before = eventWatch
    for action in actions where outcome == nil { perform(action) }
    scrollToCursor()
    fireEvents(since: before)
  }

  /// Runs one action through the reducers, each of which takes the actions of its concern.
  ///
  /// - Returns: Whether a reducer took it (every action has one).
  /// - Complexity: The action's; a filter change O(n).
  @discardableResult
  package mutating func perform(_ action: ExplorerAction) -> Bool {
    reduceRange(action) || reduceCursor(action) || reduceSelection(action) || reduceFinding(action)
      || reduceHistory(action) || reducePreview(action) || reduceSession(action)
  }

  /// The session's actions: accept, abort, cancel, help, and what the session carries out.
  mutating func reduceSession(_ action: ExplorerAction) -> Bool {
    switch action {
    case .accept:
      if pickFocusedWhenEmpty() { outcome = .accepted }
    case .acceptNonEmpty:
      guard pickFocusedWhenEmpty() else { break }
      if holdsSelection {
        outcome = .accepted
      } else {
        message = "nothing selected: select something to accept"
      }
    case .abort: outcome = .cancelled
    case .cancel:
      if finding.text.isEmpty { outcome = .cancelled } else { setQuery("") }
    case .help: showsHelp = true
    case .suspend: effects.append(.suspend)
    case .execute(let command): effects.append(.execute(command))
    case .executeSilent(let command): effects.append(.executeSilent(command))
    case .transformQuery(let command): effects.append(.transformQuery(command))
    case .jump: startJumping()
    case .reload(let command): effects.append(.reload(command))
    case .become(let command):
      effects.append(.become(command))
      outcome = .accepted
    case .ignore: break
    default: return false
    }
    return true
  }

  /// Enter with nothing selected: picks the focused node as ``emptyEnter`` says; whether to end.
  ///
  /// Under `--limit 1` it always picks. A pick `--limit` refuses (a folder of more leaves than it
  /// allows) keeps the session, and the status line says why: Enter never ends a session that
  /// asked for picks with none.
  ///
  /// What kept decisions select in folders not read yet is selected: a session that starts with
  /// a restored selection never picks the focused node under `auto`.
  private mutating func pickFocusedWhenEmpty() -> Bool {
    guard !holdsSelection, let cursor else { return true }
    let id = tree.id(at: cursor)
    let picks: Bool
    switch settings.emptyEnter {
    case .auto: picks = settings.selectionLimit == 1 || !everSelected
    case .focused: picks = true
    case .nothing: picks = false
    }
    guard picks else { return true }
    let result = change("select \(displayPath(of: id))") { _ = try? $0.set(id, to: true) }
    guard result == .refused, let limit = settings.selectionLimit else { return true }
    let leaves = tree.summary(of: id).map { $0.writableOff + $0.writableMixed } ?? 0
    message =
      "Enter: \(displayPath(of: id)) holds \(Self.grouped(leaves)), over --limit \(limit); "
      + "select \(limit == 1 ? "one" : "up to \(limit)") first"
    return false
  }

  /// A node's path as the status line shows it: labels joined by '/', escaped as in `--print`.
  func displayPath(of id: String) -> String {
    LabelPath.joined(tree.labelPath(of: id))
  }
}
