import ToggleKit

extension Explorer {
  /// The cursor's actions: moving, paging, opening and closing folders.
  mutating func reduceCursor(_ action: ExplorerAction) -> Bool {
    switch action {
    case .up: move(by: -1)
    case .down: move(by: 1)
    case .pageUp: move(by: -max(1, rowCount - 1))
    case .pageDown: move(by: max(1, rowCount - 1))
    case .halfPageUp: move(by: -max(1, rowCount / 2))
    case .halfPageDown: move(by: max(1, rowCount / 2))
    case .first: cursor = tree.nextRow(after: nil)
    case .last: cursor = tree.lastRow
    case .expand: expandOrEnter()
    case .collapse: collapseOrLeave()
    case .expandAll: expandAll()
    case .collapseAll: collapseAll()
    default: return false
    }
    return true
  }

  mutating func move(by steps: Int) {
    guard var current = cursor else { return }
    // --cycle: one row past either end is the other end (a page stops there, as fzf's).
    if settings.cycles, abs(steps) == 1 {
      if steps > 0, tree.nextRow(after: current) == nil, let first = tree.nextRow(after: nil) {
        cursor = first
        return
      }
      if steps < 0, tree.previousRow(before: current) == nil, let last = tree.lastRow {
        cursor = last
        return
      }
    }
    for _ in 0..<abs(steps) {
      guard let next = steps > 0 ? tree.nextRow(after: current) : tree.previousRow(before: current)
      else { break }
      current = next
    }
    cursor = current
  }

  /// Opens the focused folder and every folder below it; the folders below it not read yet are
  /// read first (each read may bring more).
  ///
  /// - Complexity: O(k log n) for the k nodes below the focus, plus the reads.
  mutating func expandAll() {
    guard let current = cursor else { return }
    let id = tree.id(at: current)
    func isBelow(_ node: String) -> Bool {
      var ancestor: String? = node
      while let folder = ancestor {
        if folder == id { return true }
        ancestor = tree.parent(of: folder)
      }
      return false
    }
    var waiting = unloaded.filter(isBelow)
    while !waiting.isEmpty {
      load(Array(waiting))
      let left = unloaded.filter(isBelow)
      guard left.count < waiting.count || !left.isSubset(of: waiting) else { break }  // unreadable
      waiting = left
    }
    var folders = [id]
    while let folder = folders.popLast() {
      let children = tree.children(of: folder)
      guard !children.isEmpty else { continue }
      if tree.isExpanded(folder) == false { try? tree.expand(folder) }
      folders += children
    }
    if let index = tree.index(of: id) { cursor = index }
  }

  /// Closes every open folder shown; the focus goes to the top folder it was in.
  ///
  /// - Complexity: O(rows log n).
  mutating func collapseAll() {
    guard let current = cursor else { return }
    var top = tree.id(at: current)
    while let parent = tree.parent(of: top) { top = parent }
    var open: [String] = []
    var row = tree.nextRow(after: nil)
    while let index = row {
      let id = tree.id(at: index)
      if tree.isExpanded(id) == true, !tree.children(of: id).isEmpty { open.append(id) }
      row = tree.nextRow(after: index)
    }
    for folder in open { try? tree.collapse(folder) }
    if let index = tree.index(of: top), tree.isRow(index) { cursor = index }
  }

  mutating func expandOrEnter() {
    guard let current = cursor else { return }
    let id = tree.id(at: current)
    if unloaded.contains(id) {
      load([id])
      if let index = tree.index(of: id) { cursor = index }
    }
    guard !tree.children(of: id).isEmpty else { return }
    if !tree.isOpen(current) {
      try? tree.expand(id)
    } else if let next = tree.nextRow(after: current), tree.parent(of: tree.id(at: next)) == id {
      cursor = next
    }
  }

  mutating func collapseOrLeave() {
    guard let current = cursor else { return }
    let id = tree.id(at: current)
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
  mutating func scrollToCursor() {
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

  /// Runs `body`, which may move nodes, keeping the focus and the first row shown on their nodes.
  mutating func keepingPlace(_ body: (inout Explorer) -> Void) {
    let focused = cursor.map { tree.id(at: $0) }
    let first = top.map { tree.id(at: $0) }
    body(&self)
    cursor = focused.flatMap { tree.index(of: $0) }
    top = first.flatMap { tree.index(of: $0) }
    if let current = cursor, !tree.isRow(current) { cursor = nil }
    if let start = top, !tree.isRow(start) { top = nil }
    scrollToCursor()
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
}
