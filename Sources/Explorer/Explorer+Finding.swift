import ToggleKit

extension Explorer {
  /// Finding's actions: typing and editing the filter as in a shell, and jumping between matches.
  mutating func reduceFinding(_ action: ExplorerAction) -> Bool {
    let text = Array(finding.text)
    switch action {
    case .find:
      finding.isEditing = true
      finding.cursor = text.count
    case .keepFilter: finding.isEditing = false
    case .clearFilter:
      finding.isEditing = false
      setQuery("")
    case .nextMatch: jumpToMatch(forward: true)
    case .previousMatch: jumpToMatch(forward: false)
    case .changeQuery(let query): setQuery(query)
    case .clearQuery: setQuery("")
    case .changePrompt(let prompt): settings.prompt = prompt
    case .backwardChar: finding.cursor = max(0, finding.cursor - 1)
    case .forwardChar: finding.cursor = min(text.count, finding.cursor + 1)
    case .beginningOfLine: finding.cursor = 0
    case .endOfLine: finding.cursor = text.count
    case .backwardWord: finding.cursor = Self.wordStart(before: finding.cursor, in: text)
    case .forwardWord: finding.cursor = Self.wordEnd(after: finding.cursor, in: text)
    case .backwardDeleteChar:
      if text.isEmpty { pendingEvents.append(.backwardEOF) }
      guard finding.cursor > 0 else { break }
      edit(text, removing: (finding.cursor - 1)..<finding.cursor)
    case .deleteChar:
      guard finding.cursor < text.count else { break }
      edit(text, removing: finding.cursor..<(finding.cursor + 1))
    case .unixLineDiscard: edit(text, removing: 0..<finding.cursor)
    case .killLine: edit(text, removing: finding.cursor..<text.count)
    case .backwardKillWord:
      // As a shell's Ctrl-W: back over spaces, then over the word.
      var start = finding.cursor
      while start > 0 && text[start - 1] == " " { start -= 1 }
      while start > 0 && text[start - 1] != " " { start -= 1 }
      edit(text, removing: start..<finding.cursor)
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
    var text = Array(finding.text)
    let at = min(finding.cursor, text.count)
    text.insert(contentsOf: typed, at: at)
    setQuery(String(text), cursor: at + typed.count)
  }

  /// Sets the filter text and the text cursor (at the end when nil).
  mutating func setQuery(_ text: String, cursor position: Int? = nil) {
    if text != finding.text { setFilter(text) }
    finding.cursor = min(position ?? text.count, text.count)
  }

  /// Starts with `text` as the filter (`--query`), not editing it.
  ///
  /// - Complexity: O(n) plus matching every label.
  package mutating func startFiltering(_ text: String) {
    guard outcome == nil, text != finding.text else { return }
    setQuery(text)
    scrollToCursor()
  }

  /// The filter as a query in fzf's extended syntax.
  var searchQuery: SearchQuery {
    SearchQuery(finding.text, exact: finding.exact, caseSensitive: finding.caseSensitive)
  }

  /// Whether the node with labels `labelPath` from the root matches the filter as typed.
  package func matches(_ labelPath: [String]) -> Bool {
    !finding.text.isEmpty && searchQuery.matches(labelPath)
  }

  /// The characters of the node's own label the filter matches, for highlighting.
  package func matchedPositions(in labelPath: [String]) -> [Int] {
    finding.text.isEmpty ? [] : searchQuery.matchedPositions(in: labelPath)
  }

  /// Moves the cursor to the next (or previous) node the filter matches.
  ///
  /// Tree order, wrapping around; the folders around the match are opened. Says so when nothing
  /// matches.
  mutating func jumpToMatch(forward: Bool) {
    guard !finding.text.isEmpty, tree.count > 0 else {
      message = "no filter: / starts one"
      return
    }
    let start = cursor ?? (forward ? tree.count - 1 : 0)
    let labels = tree.labels
    let query = searchQuery
    let needsAncestors = query.needsAncestors
    for step in 1...tree.count {
      let index = ((forward ? start + step : start - step) % tree.count + tree.count) % tree.count
      let id = tree.id(at: index)
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

  /// The shown row the filter matches best: the highest ``SearchQuery/score(_:)``, then the
  /// shorter label, then the first in tree order; nil when no shown row matches itself (rows
  /// shown only around a match do not).
  ///
  /// - Complexity: O(rows × label length × query length).
  func bestMatchRow() -> Int? {
    let query = searchQuery
    guard !query.isEmpty else { return nil }
    let needsAncestors = query.needsAncestors
    let labels = tree.labels
    var best: (index: Int, score: Int, length: Int)? = nil
    var row = tree.nextRow(after: nil)
    while let index = row {
      let label = labels[index]
      let path = needsAncestors ? tree.labelPath(of: tree.id(at: index)) : [label]
      // The label's length is counted only where the score ties.
      if let score = query.score(path), score >= best?.score ?? .min {
        let length = label.count
        if best.map({ score > $0.score || length < $0.length }) ?? true {
          best = (index, score, length)
        }
      }
      row = tree.nextRow(after: index)
    }
    return best?.index
  }

  /// Filters the tree by `text`, the focus on the best match.
  ///
  /// As fzf's cursor goes to the first result; without a match (or a filter) the focus stays on
  /// its node while that is shown.
  mutating func setFilter(_ text: String, reading: Bool = true) {
    // A search needs every name: the folders not read yet are read first — at once, or between
    // keys in a session, the filter meanwhile over what is read.
    if text.isEmpty {
      if isReading { finishReading(filtering: false) }
    } else if reading {
      readForFilter()
    }
    finding.runs += 1
    let focused = cursor.map { tree.id(at: $0) }
    finding.text = text
    let query = searchQuery
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
    if let best = bestMatchRow() { cursor = best }
    // The list starts over from its first row, as fzf's does: the match's folders show above it.
    top = tree.nextRow(after: nil)
    scrollToCursor()
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
