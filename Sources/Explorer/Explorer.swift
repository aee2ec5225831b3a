import ToggleKit

/// The interactive tree checklist as a pure value: keys in, frames and effects out.
///
/// No terminal involved, so every behaviour is tested by feeding keys and reading frames. A key
/// becomes actions through the ``KeyTable`` (or `--bind`), and each action goes through small
/// reducers composed in ``perform(_:)``, one per concern: the cursor, the selection, finding,
/// history, the preview and the session.
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
  /// The focused row's preorder index (nil for an empty tree).
  package internal(set) var cursor: Int?
  /// The first row shown.
  package internal(set) var top: Int?
  /// The filter text (empty: no filter).
  package internal(set) var filterText = ""
  /// The text cursor in ``filterText``, in characters.
  package internal(set) var queryCursor = 0
  /// Whether keys are being typed into the filter after `/`.
  package internal(set) var isEditingFilter = false
  /// fzf's model (`--keys fzf`): typing filters at once, commands on Ctrl and Alt.
  package var typesToFilter = false
  /// The user's bindings (`--bind`), over the ``KeyTable``'s in every mode.
  package var bindings: [Key: [ExplorerAction]] = [:]
  /// Keys that accept and are reported (`--expect`).
  package var expectedKeys: Set<Key> = []
  /// The `--expect` key that ended the session (nil: Enter or another accepting key).
  package internal(set) var acceptingKey: Key?
  /// Whether the filter matches substrings (`--exact`) rather than fuzzy subsequences.
  package var exactMatching = false
  /// Whether the key help is shown.
  package internal(set) var showsHelp = false
  /// Lines read of an input still arriving: the status line says "loading… N" until the end.
  package var loadingLines: Int?
  /// With a directory read lazily (`--dir`): the folders not read yet.
  package internal(set) var unloaded: Set<String> = []
  /// What reads a folder of ``unloaded`` (nil: the tree is whole).
  package internal(set) var loader: ((String) -> LazyTree<String>.Children)?
  /// What ended the session, or nil while it runs.
  package internal(set) var outcome: Outcome?
  /// The selection's undo and redo steps (the library's ``ToggleKit/SelectionHistory``).
  package internal(set) var history = SelectionHistory<String>()
  /// The last read ``reload(from:)`` took: while the tree is equal to it, the next read is taken
  /// as it is.
  var treeAsRead: SelectionTree<String>?
  /// What the last key did that the status line reports, until the next key.
  package internal(set) var message: String?
  /// The terminal's size.
  package internal(set) var height: Int
  /// The terminal's width; rows are truncated to it.
  package internal(set) var width: Int
  /// Lines shown above the tree (`--header`).
  package var header: [String] = []
  /// At most this many leaves may be selected (`--limit`).
  package var selectionLimit: Int?
  /// What Enter does with nothing selected.
  package var emptyEnter = EmptyEnter.auto
  /// Whether anything was selected in the session (from the start included).
  package internal(set) var everSelected = false
  /// Whether folders show their counts (`--counts`): `Fruit (2/3)`.
  package var showsCounts = false
  /// The prompt before the filter (`--prompt`; nil: `/`, or `> ` with `--keys fzf`).
  package var prompt: String?
  /// Prompt and status above the tree (`--layout reverse`).
  package var reverseLayout = false
  /// Whether a preview command runs (`--preview`).
  package var showsPreview = false
  /// Where the preview pane is and how big (`--preview-window`).
  package var previewWindow = PreviewWindow()
  /// The first line of the preview's output shown.
  package internal(set) var previewScroll = 0
  /// What the preview pane shows (nil: nothing yet).
  package var preview: PreviewPane? {
    didSet { if preview?.title != oldValue?.title { previewScroll = 0 } }
  }
  /// What the session must do for the explorer, oldest first (``takeEffects()``).
  package internal(set) var effects: [ExplorerEffect] = []
  /// How many times the tree has been filtered: tests check that pastes coalesce.
  package internal(set) var filterRuns = 0
  /// How rows are drawn.
  package var style: RowStyle
  /// The styles rows use when the tree's rules name one.
  package var rowStyles: [String: RowStyle] = RowStyle.named.mapValues {
    Explorer.defaultStyle(base: $0)
  }

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
    self.style = style
    cursor = tree.nextRow(after: nil)
    top = cursor
    everSelected = tree.statistics.selectedLeaves > 0
  }

  /// Where keys are read now.
  package var inputMode: InputMode {
    typesToFilter ? .typing : isEditingFilter ? .search : .tree
  }

  /// Follows a terminal resize.
  ///
  /// - Complexity: O(height × log n).
  package mutating func resize(height: Int, width: Int) {
    self.height = max(3, height)
    self.width = max(10, width)
    scrollToCursor()
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
    if showsHelp {
      showsHelp = false
      if key == .interrupt { outcome = .cancelled }
      return
    }
    message = nil
    if case .mouse(let event) = key {
      handleMouse(event)
    } else if expectedKeys.contains(key) {
      acceptingKey = key
      perform(.accept)
    } else if let actions = bindings[key] ?? KeyTable.actions(for: key, in: inputMode) {
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
      if let text = pending { insert(text) }
      if pending != nil { scrollToCursor() }
      pending = nil
    }
    for key in keys {
      let typing = inputMode != .tree && !showsHelp && outcome == nil
      let plain = bindings[key] == nil && !expectedKeys.contains(key)
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

  /// Runs one action through the reducers, each of which takes the actions of its concern.
  ///
  /// - Complexity: The action's; a filter change O(n).
  package mutating func perform(_ action: ExplorerAction) {
    _ =
      reduceCursor(action) || reduceSelection(action) || reduceFinding(action)
      || reduceHistory(action) || reducePreview(action) || reduceSession(action)
  }

  /// The session's actions: accept, abort, cancel, help, and what the session carries out.
  mutating func reduceSession(_ action: ExplorerAction) -> Bool {
    switch action {
    case .accept:
      pickFocusedWhenEmpty()
      outcome = .accepted
    case .abort: outcome = .cancelled
    case .cancel:
      if filterText.isEmpty { outcome = .cancelled } else { setQuery("") }
    case .help: showsHelp = true
    case .suspend: effects.append(.suspend)
    case .execute(let command): effects.append(.execute(command))
    case .reload(let command): effects.append(.reload(command))
    case .become(let command):
      effects.append(.become(command))
      outcome = .accepted
    case .ignore: break
    default: return false
    }
    return true
  }

  /// Enter with nothing selected: picks the focused node, as ``emptyEnter`` says (under
  /// `--limit 1`, the focused leaf).
  private mutating func pickFocusedWhenEmpty() {
    guard tree.statistics.selectedLeaves == 0, let cursor else { return }
    let id = tree.ids[cursor]
    let picks: Bool
    switch emptyEnter {
    case .auto: picks = selectionLimit == 1 || !everSelected
    case .focused: picks = true
    case .nothing: picks = false
    }
    guard picks, selectionLimit != 1 || tree.children(of: id).isEmpty else { return }
    change("select \(displayPath(of: id))") { _ = try? $0.set(id, to: true) }
  }

  /// A node's path as the status line shows it: labels joined by '/', escaped as in `--print`.
  func displayPath(of id: String) -> String {
    LabelPath.joined(tree.labelPath(of: id))
  }
}
