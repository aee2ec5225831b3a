import ToggleKit

/// The interactive tree checklist as a pure value: keys in, frames out.
///
/// No terminal involved, so
/// every behaviour is tested by feeding keys and reading frames.
///
/// ```swift
/// var explorer = Explorer(tree: tree, height: 10, width: 40)
/// explorer.handle(.down)
/// explorer.handle(.character(" "))   // toggles the focused node
/// print(explorer.frame(mode: .plain).joined(separator: "\n"))
/// ```
///
/// Keys: ↑/↓ and j/k move, PgUp/PgDn page, Home/End jump, Space toggles, →/l expands or moves
/// into, ←/h collapses or moves to the parent, `a` selects all, `n` none, `u` undoes the last
/// change of the selection and Ctrl-R redoes it, `/` starts a filter (typing narrows it, Enter
/// keeps it, Esc clears it; fuzzy unless ``exactMatching``, matched characters highlighted),
/// Ctrl-N and Ctrl-P jump to the next and previous match (opening the folders around it), Enter
/// accepts, `q`/Esc cancels, `?` shows the key help, Ctrl-C cancels. A mouse click on a box
/// toggles its row, on a disclosure opens or closes it, elsewhere on a row focuses it; the wheel
/// moves three rows.
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

  /// The tree being explored.
  package private(set) var tree: SelectionTree<String>
  /// The focused row's preorder index (nil for an empty tree).
  package private(set) var cursor: Int?
  /// The first row shown.
  package private(set) var top: Int?
  /// The filter text (empty: no filter).
  package private(set) var filterText = ""
  /// Whether keys are being typed into the filter.
  package private(set) var isEditingFilter = false
  /// Whether the filter matches substrings (`--exact`) rather than fuzzy subsequences (the
  /// default, fzf-style).
  package var exactMatching = false
  /// Whether the key help is shown.
  package private(set) var showsHelp = false
  /// Lines read of an input still arriving (`find / | togglekit explore`): the status line says
  /// "loading… N" until the end (nil).
  package var loadingLines: Int?
  /// With a directory read lazily (`--dir`): the folders not read yet, each shown with ▸ and read
  /// when it is opened, when a filter needs every name, or when the output needs its files.
  package private(set) var unloaded: Set<String> = []
  /// What reads a folder of ``unloaded`` (nil: the tree is whole).
  package private(set) var loader: ((String) -> LazyTree<String>.Children)?
  /// What ended the session, or nil while it runs.
  package private(set) var outcome: Outcome?
  /// The selections `u` goes back to, oldest first, each with the change that left it; every step
  /// shares with the tree all the change did not write.
  package private(set) var undoSteps: [(tree: SelectionTree<String>, change: String)] = []
  /// The selections Ctrl-R goes forward to, oldest first.
  package private(set) var redoSteps: [(tree: SelectionTree<String>, change: String)] = []
  /// The last read ``reload(from:)`` took: while the tree is equal to it, the tree holds nothing
  /// but what was read, and the next fresher read is taken as it is.
  private var treeAsRead: SelectionTree<String>?
  /// What the last key did that the status line reports ("undid toggle Fruit"), until the next key.
  package private(set) var message: String?
  /// The terminal's size: rows for the tree are `height - 2` (status and prompt lines below).
  package private(set) var height: Int
  /// The terminal's width; rows are truncated to it.
  package private(set) var width: Int
  /// Lines shown above the tree (`--header`), control characters escaped; as many as leave one
  /// row for the tree.
  package var header: [String] = []
  /// At most this many leaves may be selected (`--limit`): a change that would select more is
  /// refused and says so, except that with a limit of 1 Space moves the selection to the focused
  /// node, and Enter with nothing selected picks the focused leaf (as fzf without `--multi`).
  package var selectionLimit: Int?
  /// Whether a preview pane (`--preview`) takes the right half of the tree's rows.
  package var showsPreview = false
  /// What the preview pane shows (nil: nothing yet).
  package var preview: PreviewPane?
  /// How rows are drawn.
  package var style: RowStyle
  /// The styles rows use when the tree's rules name one (`style <= "switch"`); a name not
  /// listed draws with ``style``.
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
  }

  /// The header lines that fit: all but one row is theirs at most.
  var shownHeader: ArraySlice<String> { header.prefix(max(0, height - 3)) }

  /// How many tree rows fit.
  package var rowCount: Int { height - 2 - shownHeader.count }

  /// The preview pane's columns: the right half of the screen, less the border (0 without
  /// `--preview`, or on a screen narrower than 24 columns, where the tree keeps them all).
  package var previewColumns: Int { showsPreview && width >= 24 ? (width - 1) / 2 : 0 }

  /// The columns the tree's rows take: all but the preview pane and its border.
  package var treeWidth: Int { previewColumns > 0 ? width - previewColumns - 1 : width }

  /// Follows a terminal resize.
  ///
  /// - Complexity: O(height × log n).
  package mutating func resize(height: Int, width: Int) {
    self.height = max(3, height)
    self.width = max(10, width)
    scrollToCursor()
  }

  /// Handles one key.
  ///
  /// - Complexity: O(height × log n); a filter keystroke O(n).
  package mutating func handle(_ key: Key) {
    guard outcome == nil else { return }
    if showsHelp {
      showsHelp = false
      if key == .interrupt { outcome = .cancelled }
      return
    }
    if key == .interrupt {
      outcome = .cancelled
      return
    }
    message = nil
    if isEditingFilter, handleFilterKey(key) { return }
    switch key {
    case .up, .character("k"): move(by: -1)
    case .down, .character("j"): move(by: 1)
    case .pageUp: move(by: -max(1, rowCount - 1))
    case .pageDown: move(by: max(1, rowCount - 1))
    case .home: cursor = tree.nextRow(after: nil)
    case .end: cursor = tree.lastRow
    case .character(" "):
      if let cursor { toggleFocused(cursor) }
    case .right, .character("l"): expandOrEnter()
    case .left, .character("h"): collapseOrLeave()
    case .character("a"): change("select all") { $0.selectAll() }
    case .character("n"): change("select none") { $0.deselectAll() }
    case .character("u"): travel(undo: true)
    case .redo:
      // Not while typing a filter: the key is ignored there.
      if !isEditingFilter { travel(undo: false) }
    case .mouse(let event): handleMouse(event)
    case .nextMatch: jumpToMatch(forward: true)
    case .previousMatch: jumpToMatch(forward: false)
    case .character("/"):
      isEditingFilter = true
    case .character("?"): showsHelp = true
    case .enter:
      if selectionLimit == 1, let cursor, tree.children(of: tree.ids[cursor]).isEmpty,
        tree.statistics.selectedLeaves == 0
      {
        // Nothing picked yet: Enter picks the focused leaf, as fzf's Enter does.
        let id = tree.ids[cursor]
        change("select \(displayPath(of: id))") { _ = try? $0.set(id, to: true) }
      }
      outcome = .accepted
    case .escape:
      if filterText.isEmpty { outcome = .cancelled } else { setFilter("") }
    case .character("q"): outcome = .cancelled
    default: break
    }
    scrollToCursor()
  }

  /// Handles the keys of one read, in order; typing into the filter is coalesced, so a paste of
  /// hundreds of characters filters the tree once, not once per character.
  ///
  /// - Complexity: O(keys × height × log n), plus O(n) per run of filter typing.
  package mutating func handle(_ keys: [Key]) {
    var pending: String? = nil  // filter text typed but not applied yet
    func applyPending() {
      if let text = pending, text != filterText { setFilter(text) }
      if pending != nil { scrollToCursor() }
      pending = nil
    }
    for key in keys {
      if isEditingFilter && !showsHelp && outcome == nil {
        switch key {
        case .character(let character):
          pending = (pending ?? filterText) + String(character)
          continue
        case .backspace:
          pending = String((pending ?? filterText).dropLast())
          continue
        default: break
        }
      }
      applyPending()
      handle(key)
    }
    applyPending()
  }

  /// Keys while the filter is edited; false for keys that navigate as usual.
  private mutating func handleFilterKey(_ key: Key) -> Bool {
    switch key {
    case .character(let character):
      setFilter(filterText + String(character))
    case .backspace:
      if !filterText.isEmpty { setFilter(String(filterText.dropLast())) }
    case .enter:
      isEditingFilter = false
    case .escape:
      isEditingFilter = false
      setFilter("")
    default:
      return false
    }
    scrollToCursor()
    return true
  }

  /// A mouse event: a click focuses a row, and toggles it or opens it on its box or disclosure.
  ///
  /// The wheel moves three rows. Other buttons, releases and clicks outside the rows do nothing.
  private mutating func handleMouse(_ event: MouseEvent) {
    switch event.action {
    case .wheelUp: move(by: -3)
    case .wheelDown: move(by: 3)
    case .press(0):
      guard let (index, part) = hit(row: event.row, column: event.column) else { return }
      cursor = index
      switch part {
      case .box: toggleFocused(index)
      case .disclosure:
        if tree.isOpen(index) { collapseOrLeave() } else { expandOrEnter() }
      case .label: break
      }
    default: break
    }
  }

  /// Space: clicks the focused node; under a limit of 1, a click that would select a second leaf
  /// moves the selection there instead.
  private mutating func toggleFocused(_ cursor: Int) {
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
  private enum ChangeResult {
    /// The selection changed: a step `u` undoes.
    case changed
    /// Nothing changed.
    case unchanged
    /// The change would have selected more than ``selectionLimit`` leaves and was undone.
    case refused
  }

  /// Changes the selection with `body`; a change that changed something is a step `u` undoes.
  ///
  /// Under ``selectionLimit`` a change that would leave more leaves selected than the limit (and
  /// more than before) is undone at once, and the status line says why.
  ///
  /// - Returns: Whether the selection changed, or the change was refused.
  @discardableResult
  private mutating func change(_ name: String, _ body: (inout SelectionTree<String>) -> Void)
    -> ChangeResult
  {
    let before = tree
    body(&tree)
    guard !tree.isIdentical(to: before) else { return .unchanged }
    if let limit = selectionLimit, case let count = tree.statistics.selectedLeaves, count > limit,
      count > before.statistics.selectedLeaves
    {
      tree = before
      message = "at most \(limit) may be selected (--limit)"
      return .refused
    }
    undoSteps.append((before, name))
    redoSteps.removeAll()
    return .changed
  }

  /// Undoes (or redoes) the last change of the selection, keeping what is expanded and the filter.
  ///
  /// A step from before a reload (input still arriving, a folder read) has another shape: its
  /// selection is carried over by id, and nodes that came since take what the folder they came
  /// into had in the step.
  private mutating func travel(undo: Bool) {
    guard let step = undo ? undoSteps.popLast() : redoSteps.popLast() else {
      message = undo ? "nothing to undo" : "nothing to redo"
      return
    }
    let current = tree
    if !tree.restoreStates(from: step.tree) {
      // The step's selection on today's shape: nodes that came since inherit from the folder
      // they came into as the step had it, not from the change being undone.
      var shape = tree
      shape.options.filterScope = .all
      shape.deselectAll()
      var carried = step.tree
      carried.reload(from: shape)
      tree.restoreStates(from: carried)
    }
    if undo {
      redoSteps.append((current, step.change))
    } else {
      undoSteps.append((current, step.change))
    }
    message = (undo ? "undid " : "redid ") + step.change
  }

  /// A node's path as the status line shows it: labels joined by '/', escaped as in `--print`.
  private func displayPath(of id: String) -> String {
    LabelPath.joined(tree.labelPath(of: id))
  }

  /// Takes a fresher read of the same input (more lines of a stream), keeping the selection,
  /// locks and expansion of every node that stays (``ToggleKit/SelectionTree/reload(from:newChildren:)``),
  /// the filter, the focused node and the first row shown; the undo steps stay too.
  ///
  /// ```swift
  /// explorer.reload(from: try SelectionTree(paths: linesSoFar))
  /// ```
  /// When the tree holds nothing but the last read (no selection, lock or expansion made since the
  /// input began, or every one taken back; no filter), `fresh` is taken as it is: the tree is
  /// then exactly what reading the input whole gives.
  ///
  /// - Complexity: O(n log n) for n nodes in `fresh`, plus filtering it again; O(m) for m nodes
  ///   in the tree before when it holds nothing but the last read.
  package mutating func reload(from fresh: SelectionTree<String>) {
    keepingPlace { explorer in
      let unchanged =
        explorer.filterText.isEmpty
        && (explorer.tree.count == 0 || explorer.treeAsRead == explorer.tree)
      if unchanged {
        explorer.tree = fresh
      } else {
        explorer.tree.reload(from: fresh)
      }
      explorer.treeAsRead = fresh
    }
  }

  /// Runs `body`, which may move nodes, keeping the focus and the first row shown on their nodes.
  private mutating func keepingPlace(_ body: (inout Explorer) -> Void) {
    let focused = cursor.map { tree.ids[$0] }
    let first = top.map { tree.ids[$0] }
    body(&self)
    cursor = focused.flatMap { tree.index(of: $0) }
    top = first.flatMap { tree.index(of: $0) }
    if let current = cursor, !tree.isRow(current) { cursor = nil }
    if let start = top, !tree.isRow(start) { top = nil }
    scrollToCursor()
  }

  /// Explores `lazy` (its tree is the one given at init, or a later value of it): its unloaded
  /// folders are read with `loader` when needed.
  ///
  /// ```swift
  /// let (lazy, reader) = try LazyTree.directory(at: "big-repo")
  /// var explorer = Explorer(tree: lazy.tree, height: 24, width: 80)
  /// explorer.readLazily(lazy, using: reader.children)
  /// ```
  /// - Complexity: O(1).
  package mutating func readLazily(
    _ lazy: LazyTree<String>, using loader: @escaping (String) -> LazyTree<String>.Children
  ) {
    tree = lazy.tree
    unloaded = lazy.unloaded
    self.loader = loader
    scrollToCursor()
  }

  /// Reads unloaded folders: `ids` (those of them unloaded), every one when nil, or the selected
  /// ones with everything below them when `selectedOnly`.
  private mutating func load(_ ids: [String]?, selectedOnly: Bool = false) {
    guard let loader, !unloaded.isEmpty else { return }
    keepingPlace { explorer in
      var lazy = LazyTree(explorer.tree, unloaded: explorer.unloaded)
      do {
        if selectedOnly {
          _ = try lazy.selection(.leaves, unloaded: .loaded, using: loader)
        } else if let ids {
          for id in ids { try lazy.load(id, using: loader) }
        } else {
          try lazy.loadAll(using: loader)
        }
      } catch {
        explorer.message = "\(error)"
      }
      explorer.tree = lazy.tree
      explorer.unloaded = lazy.unloaded
    }
  }

  /// Reads what an output in `form` needs: nothing for `.topmost` (a selected folder not read
  /// stands for everything in it), the selected folders for the other selections, everything for
  /// the whole-tree forms.
  ///
  /// - Complexity: As the reads, O((n + m) log(n + m)) for m nodes read.
  package mutating func loadFor(output form: OutputForm) {
    switch form {
    case .topmost: break
    case .leaves, .all: load(nil, selectedOnly: true)
    case .states, .json, .indent, .paths: load(nil)
    }
  }

  /// How many times the tree has been filtered (each costs O(n)): tests check that pastes coalesce.
  package private(set) var filterRuns = 0

  /// Starts with `text` as the filter (`--query`), not editing it.
  ///
  /// - Complexity: O(n) plus matching every label.
  package mutating func startFiltering(_ text: String) {
    guard outcome == nil, text != filterText else { return }
    setFilter(text)
    scrollToCursor()
  }

  /// Whether `label` matches the filter as typed.
  package func labelMatches(_ label: String) -> Bool { labelMatcher()(label) }

  /// The filter as typed, prepared once to test many labels.
  private func labelMatcher() -> (String) -> Bool {
    guard !filterText.isEmpty else { return { _ in false } }
    if exactMatching {
      let needle = filterText.lowercased()
      return { $0.lowercased().contains(needle) }
    }
    let pattern = FuzzyPattern(filterText)
    return { pattern.matches($0) }
  }

  /// The characters of `label` the filter matches (offsets in characters), for highlighting: the
  /// best fuzzy placement, or the first occurrence of the text under ``exactMatching``.
  package func matchedPositions(in label: String) -> [Int] {
    guard !filterText.isEmpty else { return [] }
    guard exactMatching else { return FuzzyPattern(filterText).match(in: label)?.positions ?? [] }
    let characters = Array(label)
    let needle = Array(filterText)
    guard needle.count <= characters.count else { return [] }
    for start in 0...(characters.count - needle.count)
    where (0..<needle.count).allSatisfy({
      characters[start + $0].lowercased() == needle[$0].lowercased()
    }) {
      return Array(start..<(start + needle.count))
    }
    return []
  }

  /// Moves the cursor to the next (or previous) node whose label matches the filter.
  ///
  /// Tree order, wrapping around; the folders around the match are opened. Says so when nothing
  /// matches.
  private mutating func jumpToMatch(forward: Bool) {
    guard !filterText.isEmpty, tree.count > 0 else {
      message = "no filter: / starts one"
      return
    }
    let start = cursor ?? (forward ? tree.count - 1 : 0)
    let labels = tree.labels
    let matches = labelMatcher()
    for step in 1...tree.count {
      let index = ((forward ? start + step : start - step) % tree.count + tree.count) % tree.count
      guard matches(labels[index]) else { continue }
      let id = tree.ids[index]
      var ancestor = tree.parent(of: id)
      while let folder = ancestor {
        if tree.isExpanded(folder) == false { try? tree.expand(folder) }
        ancestor = tree.parent(of: folder)
      }
      if tree.isRow(index) { cursor = index }
      return
    }
    message = "no match"
  }

  private mutating func setFilter(_ text: String) {
    // A search needs every name: the folders not read yet are read first.
    if !text.isEmpty { load(nil) }
    filterRuns += 1
    let focused = cursor.map { tree.ids[$0] }
    filterText = text
    tree.setFilter(
      text.isEmpty ? nil : exactMatching ? TreeFilter(text: text) : TreeFilter(fuzzy: text))
    // Keep the focus on the same node when it is still a row, else the nearest row.
    if let focused, let index = tree.index(of: focused), tree.isRow(index) {
      cursor = index
    } else if let current = cursor {
      cursor = tree.nextRow(after: current) ?? tree.previousRow(before: current)
      if let candidate = cursor, !tree.isRow(candidate) { cursor = tree.nextRow(after: nil) }
    } else {
      cursor = tree.nextRow(after: nil)
    }
    if let current = cursor, !tree.isRow(current) { cursor = tree.nextRow(after: nil) }
  }

  private mutating func move(by steps: Int) {
    guard var current = cursor else { return }
    for _ in 0..<abs(steps) {
      guard let next = steps > 0 ? tree.nextRow(after: current) : tree.previousRow(before: current)
      else { break }
      current = next
    }
    cursor = current
  }

  private mutating func expandOrEnter() {
    guard let current = cursor else { return }
    let id = tree.ids[current]
    if unloaded.contains(id) {
      load([id])
      if let index = tree.index(of: id) { cursor = index }
    }
    guard !tree.children(of: id).isEmpty else { return }
    if !tree.isOpen(current) {
      try? tree.expand(id)
    } else if let next = tree.nextRow(after: current), tree.parent(of: tree.ids[next]) == id {
      cursor = next
    }
  }

  private mutating func collapseOrLeave() {
    guard let current = cursor else { return }
    let id = tree.ids[current]
    if !tree.children(of: id).isEmpty && tree.isExpanded(id) == true {
      // Under a filter a node held open by a match below stays open; its expansion is kept.
      try? tree.collapse(id)
    } else if let parent = tree.parent(of: id), let index = tree.index(of: parent),
      tree.isRow(index)
    {
      cursor = index
    }
  }

  /// Keeps the cursor on a row and inside the window.
  private mutating func scrollToCursor() {
    if let current = cursor, !tree.isRow(current) {
      cursor = tree.previousRow(before: current) ?? tree.nextRow(after: nil)
    }
    if cursor == nil { cursor = tree.nextRow(after: nil) }
    guard let current = cursor else {
      top = nil
      return
    }
    guard let start = top, tree.isRow(start), start <= current else {
      top = current
      return
    }
    var row = start
    for _ in 0..<rowCount {
      if row == current { return }
      guard let next = tree.nextRow(after: row) else { break }
      row = next
    }
    // The cursor is below the window: make it the last row shown.
    var first = current
    for _ in 1..<max(1, rowCount) {
      guard let previous = tree.previousRow(before: first) else { break }
      first = previous
    }
    top = first
  }

  /// The rows shown now, as preorder indices.
  ///
  /// - Complexity: O(height × log n).
  package var visibleRows: [Int] {
    var rows: [Int] = []
    var row = top
    while let current = row, rows.count < rowCount {
      rows.append(current)
      row = tree.nextRow(after: current)
    }
    return rows
  }

  /// The status line: "12 of 340 selected · 3 hidden by filter · 2 locked".
  package var statusLine: String {
    let statistics = tree.statistics
    var parts = ["\(statistics.selectedLeaves) of \(statistics.leaves) selected"]
    if let limit = selectionLimit { parts[0] += " (at most \(limit))" }
    if let loadingLines {
      parts.insert("loading… \(loadingLines) line\(loadingLines == 1 ? "" : "s")", at: 0)
    }
    if tree.isFiltered { parts.append("\(statistics.hiddenNodes) hidden by filter") }
    if statistics.lockedLeaves > 0 { parts.append("\(statistics.lockedLeaves) locked") }
    if !unloaded.isEmpty {
      parts.append("\(unloaded.count) folder\(unloaded.count == 1 ? "" : "s") not read")
    }
    if let message { parts.append(message) }
    return parts.joined(separator: " · ")
  }

  /// The key help, one line per key.
  package static let keyHelp = [
    "↑ ↓ j k      move", "PgUp PgDn    page", "Home End     first / last", "Space        toggle",
    "→ l          expand / into", "← h          collapse / to parent",
    "a n          select all / none", "u Ctrl-R     undo / redo (the selection)",
    "/            filter (Enter keeps, Esc clears)", "Ctrl-N Ctrl-P next / previous match",
    "Enter        accept", "q Esc        cancel",
    "?            this help (any key closes)", "Ctrl-Z       suspend (fg resumes)",
    "mouse        click a box, ▸ ▾ or a row; wheel",
  ]

  /// How the row of the node at `index` is drawn: its configuration as shown, and its style.
  func drawing(of index: Int) -> (ToggleConfiguration, RowStyle) {
    var configuration = tree.configuration(of: tree.ids[index])!
    configuration.isFocused = index == cursor
    // Under a filter a parent with a match below it is drawn open.
    configuration.isExpanded = configuration.hasChildren && tree.isOpen(index)
    // A folder not read yet is drawn closed, with its disclosure.
    if !unloaded.isEmpty && unloaded.contains(tree.ids[index]) { configuration.hasChildren = true }
    let name = tree.rules == nil ? "" : tree.styleName(of: tree.ids[index]) ?? ""
    return (configuration, name.isEmpty ? style : rowStyles[name] ?? style)
  }

  /// The whole screen: `height` lines of at most `width` columns.
  ///
  /// - Complexity: O(height × (log n + width)).
  package func frame(mode: RenderMode) -> [String] {
    var lines: [String] = shownHeader.map {
      Row($0, style: TextStyle(bold: true)).truncated(toWidth: width).rendered(mode)
    }
    let headerCount = lines.count
    if showsHelp {
      lines += Explorer.keyHelp.map { Row($0).truncated(toWidth: width).rendered(mode) }
      while lines.count < headerCount + rowCount { lines.append("") }
      lines = Array(lines.prefix(headerCount + rowCount))
    } else {
      var rows: [Row] = []
      if top != nil, cursor != nil {
        for index in visibleRows {
          let (configuration, rowStyle) = drawing(of: index)
          let label = Explorer.labelRow(
            configuration.label,
            highlighting: tree.isFiltered ? matchedPositions(in: configuration.label) : [])
          rows.append(rowStyle(configuration, label).truncated(toWidth: treeWidth))
        }
      } else {
        rows.append(Row(tree.isFiltered ? "(nothing matches)" : "(empty tree)"))
      }
      while rows.count < rowCount { rows.append(Row()) }
      let pane = previewColumns > 0 ? previewRows() : []
      for (offset, row) in rows.prefix(rowCount).enumerated() {
        guard previewColumns > 0 else {
          lines.append(row.rendered(mode))
          continue
        }
        let padding = String(repeating: " ", count: max(0, treeWidth - row.displayWidth))
        lines.append(
          (row + Row(padding) + Row("│", style: TextStyle(dim: true)) + pane[offset])
            .rendered(mode))
      }
    }
    lines.append(
      Row(statusLine, style: TextStyle(dim: true)).truncated(toWidth: width).rendered(mode))
    let prompt =
      isEditingFilter || !filterText.isEmpty
      ? Row("/" + filterText + (isEditingFilter ? "▏" : ""), style: TextStyle(bold: true))
      : Row(
        "space toggle · enter accept · q cancel · / filter · ? help", style: TextStyle(dim: true))
    lines.append(prompt.truncated(toWidth: width).rendered(mode))
    return lines
  }
}

extension Explorer {
  /// The preview pane's lines, one per tree row, each at most ``previewColumns`` wide: the path
  /// (bold), the output, and a note on the run (dim) — in the last line when the output fills
  /// the pane.
  ///
  /// - Complexity: O(rows × columns).
  func previewRows() -> [Row] {
    var rows: [Row] = []
    var note: Row?
    if let preview {
      rows = [Row(preview.title, style: TextStyle(bold: true))] + preview.rows
      note = preview.note.map { Row("(\($0))", style: TextStyle(dim: true)) }
    }
    if let note {
      if rows.count < rowCount { rows.append(note) } else { rows[rowCount - 1] = note }
    }
    while rows.count < rowCount { rows.append(Row()) }
    return rows.prefix(rowCount).map { $0.truncated(toWidth: previewColumns) }
  }

  /// How a matched character of a label is drawn: bold, underlined and green, as fzf does.
  package static let matchStyle = TextStyle(bold: true, underline: true, foreground: .green)

  /// A label as a row, the characters at `positions` (offsets in characters) in ``matchStyle``;
  /// control characters escaped as in every row.
  ///
  /// - Complexity: O(label length).
  package static func labelRow(_ label: String, highlighting positions: [Int]) -> Row {
    guard !positions.isEmpty else { return Row(label) }
    var spans: [Row.Span] = []
    var run = ""
    var runMatched = false
    var next = 0
    for (offset, character) in label.enumerated() {
      let matched = next < positions.count && positions[next] == offset
      if matched { next += 1 }
      if matched != runMatched && !run.isEmpty {
        spans.append(Row.Span(text: run, style: runMatched ? matchStyle : .plain))
        run = ""
      }
      runMatched = matched
      run.append(character)
    }
    if !run.isEmpty { spans.append(Row.Span(text: run, style: runMatched ? matchStyle : .plain)) }
    return Row(spans: spans)
  }
}
