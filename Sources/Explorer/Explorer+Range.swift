import ToggleKit

extension Explorer {
  /// Range selection: `v` (or Shift-↑/↓ without a preview shown, or a shift-click) marks the rows
  /// from an anchor to the focused row; Space or Tab toggles them all as one change — one step `u`
  /// undoes — and Esc drops the mark.
  mutating func reduceRange(_ action: ExplorerAction) -> Bool {
    switch action {
    case .visualMode:
      rangeAnchor = rangeAnchor == nil ? cursor.map { tree.id(at: $0) } : nil
    case .extendUp where previewIsShown, .extendDown where previewIsShown:
      // Beside a preview they scroll it, as fzf's Shift-↑/↓ do.
      return reducePreview(action == .extendUp ? .previewUp : .previewDown)
    case .extendUp, .extendDown:
      if rangeAnchor == nil { rangeAnchor = cursor.map { tree.id(at: $0) } }
      move(by: action == .extendUp ? -1 : 1)
    case .toggle:
      guard let rows = rangeRows else {
        rangeAnchor = nil
        return false
      }
      toggle(rows)
    case .cancel, .clearFilter:
      guard rangeAnchor != nil else { return false }
      rangeAnchor = nil
    default: return false
    }
    return true
  }

  /// The preorder bounds of the marked range (both shown rows), nil without one.
  var rangeBounds: ClosedRange<Int>? {
    guard let anchor = rangeAnchor, let cursor, let start = tree.index(of: anchor),
      tree.isRow(start)
    else { return nil }
    return min(start, cursor)...max(start, cursor)
  }

  /// The marked rows, in order (nil without a mark).
  ///
  /// - Complexity: O(rows in the range × log n).
  package var rangeRows: [Int]? {
    guard let bounds = rangeBounds else { return nil }
    var rows: [Int] = []
    var row: Int? = bounds.lowerBound
    while let index = row, index <= bounds.upperBound {
      rows.append(index)
      row = tree.nextRow(after: index)
    }
    return rows
  }

  /// Toggles `rows` as one change: all on when any is not, else all off; the mark is dropped.
  mutating func toggle(_ rows: [Int]) {
    rangeAnchor = nil
    let ids = rows.map { tree.id(at: $0) }
    let target = !ids.allSatisfy { tree.state(of: $0) == .on }
    change("\(target ? "select" : "deselect") \(ids.count) rows") { tree in
      for id in ids { _ = try? tree.set(id, to: target) }
    }
  }

  /// A shift-click on the row at `index`: the rows from the mark (or the focused row) to it are
  /// toggled.
  mutating func shiftClick(_ index: Int) {
    if rangeBounds == nil { rangeAnchor = cursor.map { tree.id(at: $0) } }
    cursor = index
    if let rows = rangeRows { toggle(rows) }
  }

  /// The status line's part for a mark: "3 rows marked · Space toggles them".
  var rangeStatus: String? {
    guard let count = rangeRows?.count else { return nil }
    let key = KeyTable.clickKey[inputMode] ?? "Space"
    return "\(count) row\(count == 1 ? "" : "s") marked · \(key) toggles them"
  }
}
