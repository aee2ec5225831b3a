import ToggleKit

extension Explorer {
  /// A mouse event: a click focuses a row, and toggles it or opens it on its box or disclosure.
  ///
  /// The wheel moves three rows. Other buttons, releases and clicks outside the rows do nothing.
  /// An event `--bind` names (``PointerEvent``: `left-click`, `double-click`, `scroll-up`, …)
  /// runs its actions instead, a click's after it focuses the row it lands on, as fzf's do.
  mutating func handleMouse(_ event: MouseEvent) {
    let pointer = pointerEvent(for: event)
    if case .press(0) = event.action { lastPress = (event.row, clock) }
    if let pointer, let actions = settings.bindings[.pointer(pointer)] {
      if case .press = event.action {
        guard let (index, _) = hit(row: event.row, column: event.column) else { return }
        cursor = index
      }
      for action in actions where outcome == nil { perform(action) }
      return
    }
    switch event.action {
    case .wheelUp: move(by: -3)
    case .wheelDown: move(by: 3)
    case .press(0):
      guard let (index, part) = hit(row: event.row, column: event.column) else { return }
      if event.isModified {
        shiftClick(index)
        return
      }
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

  /// The name `--bind` gives a mouse event, or nil for one it does not name (a release, the
  /// middle button): a wheel over the preview pane scrolls it, and two left presses on one row
  /// within half a second (``clock``) are a double click.
  func pointerEvent(for event: MouseEvent) -> PointerEvent? {
    let origin = treeOrigin
    let overTree =
      (origin.line..<origin.line + rowCount).contains(event.row)
      && (origin.column..<origin.column + treeWidth).contains(event.column)
    switch event.action {
    case .wheelUp:
      if previewIsShown && !overTree { return .previewScrollUp }
      return event.isModified ? .shiftScrollUp : .scrollUp
    case .wheelDown:
      if previewIsShown && !overTree { return .previewScrollDown }
      return event.isModified ? .shiftScrollDown : .scrollDown
    case .press(0):
      if !event.isModified, let (row, time) = lastPress, row == event.row, clock - time < 0.5,
        settings.bindings[.pointer(.doubleClick)] != nil
      {
        return .doubleClick
      }
      return event.isModified ? .shiftLeftClick : .leftClick
    case .press(2): return event.isModified ? .shiftRightClick : .rightClick
    default: return nil
    }
  }

  /// What part of a row a click landed on.
  enum RowPart: Hashable, Sendable {
    /// The box (checkbox, switch, button): a click toggles.
    case box
    /// The disclosure triangle of a parent: a click opens or closes it.
    case disclosure
    /// Anywhere else on the row: a click focuses it.
    case label
  }

  /// The row and the part of it at a screen position (0-based), or nil outside the tree's rows.
  ///
  /// The box is found whatever the style: it is where the row drawn on and drawn off differ (a
  /// column either side included, so `[x]` is hit on its brackets too); the disclosure is where
  /// the row drawn open and closed differ. A style that draws on and off alike (a button) is a box
  /// from end to end.
  ///
  /// ```swift
  /// explorer.hit(row: 0, column: 2)   // (0, .box) for "▸ [ ] Fruit"
  /// ```
  ///
  /// - Complexity: O(height × log n + width).
  func hit(row: Int, column: Int) -> (index: Int, part: RowPart)? {
    let origin = treeOrigin
    let column = column - origin.column
    guard !showsHelp, column >= 0, column < treeWidth else { return nil }
    let rows = visibleRows
    let position = row - origin.line
    guard rows.indices.contains(position), position < rowCount else { return nil }
    let index = rows[position]
    let (configuration, rowStyle) = drawing(of: index, mixed: mixedByDecisions)
    func cells(_ change: (inout ToggleConfiguration) -> Void) -> [Character] {
      var changed = configuration
      change(&changed)
      var result: [Character] = []
      for character in rowStyle(changed, Row(changed.label)).plainText {
        let width = Row(String(character)).displayWidth
        result += Array(repeating: character, count: max(width, 0))
      }
      return result
    }
    func differing(_ first: [Character], _ second: [Character]) -> [Int] {
      (0..<max(first.count, second.count)).filter {
        $0 >= first.count || $0 >= second.count || first[$0] != second[$0]
      }
    }
    let drawn = cells { _ in }
    guard column < drawn.count else { return nil }
    if configuration.hasChildren {
      let disclosure = differing(cells { $0.isExpanded = true }, cells { $0.isExpanded = false })
      if let first = disclosure.first, let last = disclosure.last, first...last ~= column {
        return (index, .disclosure)
      }
    }
    let box = differing(cells { $0.state = .on }, cells { $0.state = .off })
    guard let first = box.first, let last = box.last else { return (index, .box) }
    return (index, (first - 1)...(last + 1) ~= column ? .box : .label)
  }
}
