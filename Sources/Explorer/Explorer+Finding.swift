import ToggleKit

extension Explorer {
  /// Finding's actions: typing and editing the filter as in a shell, and jumping between matches.
  mutating func reduceFinding(_ action: ExplorerAction) -> Bool {
    let text = Array(filterText)
    switch action {
    case .find:
      isEditingFilter = true
      queryCursor = text.count
    case .keepFilter: isEditingFilter = false
    case .clearFilter:
      isEditingFilter = false
      setQuery("")
    case .nextMatch: jumpToMatch(forward: true)
    case .previousMatch: jumpToMatch(forward: false)
    case .changeQuery(let query): setQuery(query)
    case .clearQuery: setQuery("")
    case .backwardChar: queryCursor = max(0, queryCursor - 1)
    case .forwardChar: queryCursor = min(text.count, queryCursor + 1)
    case .beginningOfLine: queryCursor = 0
    case .endOfLine: queryCursor = text.count
    case .backwardWord: queryCursor = Self.wordStart(before: queryCursor, in: text)
    case .forwardWord: queryCursor = Self.wordEnd(after: queryCursor, in: text)
    case .backwardDeleteChar:
      guard queryCursor > 0 else { break }
      edit(text, removing: (queryCursor - 1)..<queryCursor)
    case .deleteChar:
      guard queryCursor < text.count else { break }
      edit(text, removing: queryCursor..<(queryCursor + 1))
    case .unixLineDiscard: edit(text, removing: 0..<queryCursor)
    case .killLine: edit(text, removing: queryCursor..<text.count)
    case .backwardKillWord:
      // As a shell's Ctrl-W: back over spaces, then over the word.
      var start = queryCursor
      while start > 0 && text[start - 1] == " " { start -= 1 }
      while start > 0 && text[start - 1] != " " { start -= 1 }
      edit(text, removing: start..<queryCursor)
    default: return false
    }
    return true
  }

  /// Where Alt-B goes: the start of the word before `index` (words are letters and digits).
  static func wordStart(before index: Int, in text: [Character]) -> Int {
    var position = index
    while position > 0 && !(text[position - 1].isLetter || text[position - 1].isNumber) {
      position -= 1
    }
    while position > 0 && (text[position - 1].isLetter || text[position - 1].isNumber) {
      position -= 1
    }
    return position
  }

  /// Where Alt-F goes: past the end of the word after `index`.
  static func wordEnd(after index: Int, in text: [Character]) -> Int {
    var position = index
    while position < text.count && !(text[position].isLetter || text[position].isNumber) {
      position += 1
    }
    while position < text.count && (text[position].isLetter || text[position].isNumber) {
      position += 1
    }
    return position
  }

  /// The filter without `range`, the cursor where the range began.
  private mutating func edit(_ text: [Character], removing range: Range<Int>) {
    guard !range.isEmpty else { return }
    var edited = text
    edited.removeSubrange(range)
    setQuery(String(edited), cursor: range.lowerBound)
  }

  /// Types `text` at the text cursor.
  mutating func insert(_ typed: String) {
    var text = Array(filterText)
    let at = min(queryCursor, text.count)
    text.insert(contentsOf: typed, at: at)
    setQuery(String(text), cursor: at + typed.count)
  }

  /// Sets the filter text and the text cursor (at the end when nil).
  mutating func setQuery(_ text: String, cursor position: Int? = nil) {
    if text != filterText { setFilter(text) }
    queryCursor = min(position ?? text.count, text.count)
  }

  /// Starts with `text` as the filter (`--query`), not editing it.
  ///
  /// - Complexity: O(n) plus matching every label.
  package mutating func startFiltering(_ text: String) {
    guard outcome == nil, text != filterText else { return }
    setQuery(text)
    scrollToCursor()
  }

  /// The filter as a query in fzf's extended syntax.
  var searchQuery: SearchQuery { SearchQuery(filterText, exact: exactMatching) }

  /// Whether the node with labels `labelPath` from the root matches the filter as typed.
  package func matches(_ labelPath: [String]) -> Bool {
    !filterText.isEmpty && searchQuery.matches(labelPath)
  }

  /// The characters of the node's own label the filter matches, for highlighting.
  package func matchedPositions(in labelPath: [String]) -> [Int] {
    filterText.isEmpty ? [] : searchQuery.matchedPositions(in: labelPath)
  }

  /// Moves the cursor to the next (or previous) node the filter matches.
  ///
  /// Tree order, wrapping around; the folders around the match are opened. Says so when nothing
  /// matches.
  mutating func jumpToMatch(forward: Bool) {
    guard !filterText.isEmpty, tree.count > 0 else {
      message = "no filter: / starts one"
      return
    }
    let start = cursor ?? (forward ? tree.count - 1 : 0)
    let labels = tree.labels
    let query = searchQuery
    let needsAncestors = query.needsAncestors
    for step in 1...tree.count {
      let index = ((forward ? start + step : start - step) % tree.count + tree.count) % tree.count
      let id = tree.ids[index]
      guard query.matches(needsAncestors ? tree.labelPath(of: id) : [labels[index]]) else {
        continue
      }
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

  /// Filters the tree by `text`, keeping the focus on its node when it stays shown.
  mutating func setFilter(_ text: String) {
    // A search needs every name: the folders not read yet are read first.
    if !text.isEmpty { load(nil) }
    filterRuns += 1
    let focused = cursor.map { tree.ids[$0] }
    filterText = text
    let query = SearchQuery(text, exact: exactMatching)
    tree.setFilter(query.isEmpty ? nil : TreeFilter(query: query))
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

  /// The leaves the filter shows (every leaf without one), as fzf's list: `--select-1` and
  /// `--exit-0` read it.
  ///
  /// - Complexity: O(n log n).
  package var shownLeaves: [String] {
    tree.ids.filter { id in
      !unloaded.contains(id) && tree.children(of: id).isEmpty && tree.isVisible(id) == true
    }
  }
}
