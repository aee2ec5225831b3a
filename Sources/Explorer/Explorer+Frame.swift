import ToggleKit

extension Explorer {
  /// The status line: "12 of 340 selected · 3 hidden by filter · 2 locked", what Space would do on
  /// a focused folder, and what the last key did.
  package var statusLine: String { statusLine(mixed: nil) }

  /// The status line, given the nodes shown mixed (``mixedByDecisions``) when the frame has read
  /// them already (nil: read them if the click preview needs them).
  func statusLine(mixed: Set<String>?) -> String {
    let statistics = tree.statistics
    var parts = ["\(statistics.selectedLeaves) of \(statistics.leaves) selected"]
    // What folders not read hold is not counted yet: said so, not counted as nothing.
    if let unread = unreadSelection(mixed: mixed ?? mixedByDecisions) {
      let folders = unread.folders == 1 ? "1 unread folder" : "\(unread.folders) unread folders"
      parts[0] = "\(unread.leaves) selected · more in \(folders)"
    }
    if let limit = settings.selectionLimit { parts[0] += " (at most \(limit))" }
    if let loadingLines {
      parts.insert("loading… \(loadingLines) line\(loadingLines == 1 ? "" : "s")", at: 0)
    }
    if let readingProgress { parts.insert(readingProgress, at: 0) }
    if tree.isFiltered { parts.append("\(statistics.hiddenNodes) hidden by filter") }
    if statistics.lockedLeaves > 0 { parts.append("\(statistics.lockedLeaves) locked") }
    if !unloaded.isEmpty {
      parts.append("\(unloaded.count) folder\(unloaded.count == 1 ? "" : "s") not read")
    }
    if isJumping {
      parts.append("jump: a row's letter focuses it; another key cancels")
    } else if let message {
      parts.append(message)
    } else if let rangeStatus {
      parts.append(rangeStatus)
    } else if let clickPreview = clickPreview(mixed: mixed) {
      parts.append(clickPreview)
    }
    return parts.joined(separator: " · ")
  }

  /// The key help of the current mode, one line per action (``KeyTable``).
  package var keyHelp: [String] { KeyTable.helpLines(for: inputMode) }

  /// The settings.prompt line: the settings.prompt and the filter (with the text cursor while it is typed), or the
  /// main keys.
  var promptRow: Row {
    let typing = inputMode != .tree
    guard typing || !finding.text.isEmpty else {
      return Row(KeyTable.reminder, style: TextStyle(dim: true))
    }
    let shown = settings.prompt ?? (finding.typesToFilter ? "> " : "/")
    var text = Array(finding.text)
    if typing { text.insert("▏", at: min(finding.cursor, text.count)) }
    return Row(shown + String(text), style: TextStyle(bold: true))
  }

  /// How the row of the node at `index` is drawn: its configuration as shown, and its style;
  /// `mixed` holds the nodes that decisions below folders not read make mixed
  /// (``mixedByDecisions``, read once per frame).
  func drawing(of index: Int, mixed: Set<String>) -> (ToggleConfiguration, RowStyle) {
    let id = tree.id(at: index)
    var configuration = tree.configuration(of: id)!
    if mixed.contains(id) { configuration.state = .mixed }
    configuration.isFocused = index == cursor || rangeBounds?.contains(index) == true
    // Under a filter a parent with a match below it is drawn open.
    configuration.isExpanded = configuration.hasChildren && tree.isOpen(index)
    // A folder not read yet is drawn closed, with its disclosure.
    if !unloaded.isEmpty && unloaded.contains(id) { configuration.hasChildren = true }
    // Under a filter a folder's box is its whole state, hidden leaves included; its shown part's
    // state, where it differs, follows the label (what a click in the visible scope goes by).
    if tree.isFiltered, tree.options.filterScope == .visible, configuration.hasChildren,
      !unloaded.contains(id), !mixed.contains(id)
    {
      var whole = tree
      whole.options.filterScope = .all
      if let state = whole.state(of: id), state != configuration.state {
        let shown = configuration.state
        configuration.state = state
        configuration.label += " (shown: \(shown == .on ? "all" : shown == .off ? "none" : "some"))"
      }
    }
    // Counts over the whole folder, a filter's hidden leaves included; unknown for one not read.
    if settings.showsCounts, configuration.hasChildren, !unloaded.contains(id),
      let summary = unfilteredSummary(of: id)
    {
      let locked = summary.locked > 0 ? " · \(Self.grouped(summary.locked)) locked" : ""
      configuration.label +=
        " (\(Self.grouped(summary.writableOn))/\(Self.grouped(summary.writable))\(locked))"
    }
    let name = tree.rules == nil ? "" : tree.styleName(of: id) ?? ""
    return (
      configuration, name.isEmpty ? settings.style : settings.rowStyles[name] ?? settings.style
    )
  }

  /// The tree's rows, `rowCount` of them, each at most ``treeWidth`` wide.
  private func treeRows(mixed: Set<String>) -> [Row] {
    var rows: [Row] = []
    if top != nil, cursor != nil {
      let query = tree.isFiltered ? searchQuery : nil
      for (place, index) in visibleRows.enumerated() {
        let (configuration, rowStyle) = drawing(of: index, mixed: mixed)
        let positions =
          query.map {
            $0.matchedPositions(
              in: $0.needsAncestors
                ? tree.labelPath(of: tree.id(at: index)) : [tree.label(at: index)])
          } ?? []
        let label = Explorer.labelRow(configuration.label, highlighting: positions)
        rows.append(
          labelled(rowStyle(configuration, label), place: place).truncated(toWidth: treeWidth))
      }
    } else {
      rows.append(Row(tree.isFiltered ? "(nothing matches)" : "(empty tree)"))
    }
    while rows.count < rowCount { rows.append(Row()) }
    return Array(rows.prefix(rowCount))
  }

  /// The screen lines between the settings.header and the status line: the tree, and the previewing.pane beside,
  /// above or below it.
  private func body(mixed: Set<String>) -> [Row] {
    if showsHelp {
      // In as many columns as the lines need and the width allows.
      let help = keyHelp
      let columnWidth = (help.map(\.count).max() ?? 0) + 2
      let columns = max(
        1, min(width / max(1, columnWidth), (help.count + bodyLines - 1) / bodyLines))
      let perColumn = (help.count + columns - 1) / columns
      var lines: [Row] = (0..<perColumn).map { line in
        let cells = (0..<columns).compactMap { column in
          help.indices.contains(column * perColumn + line) ? help[column * perColumn + line] : nil
        }
        let padded = cells.dropLast().map {
          $0 + String(repeating: " ", count: columnWidth - $0.count)
        }
        return Row((padded + cells.suffix(1)).joined()).truncated(toWidth: width)
      }
      while lines.count < bodyLines { lines.append(Row()) }
      return Array(lines.prefix(bodyLines))
    }
    let rows = treeRows(mixed: mixed)
    guard previewIsShown else { return rows }
    let pane = previewRows()
    let border = Row("│", style: TextStyle(dim: true))
    switch previewing.window.side {
    case .right, .left:
      return zip(rows, pane).map { row, side in
        let padded = row + Row(String(repeating: " ", count: max(0, treeWidth - row.displayWidth)))
        return previewing.window.side == .right
          ? padded + border + side
          : side + Row(String(repeating: " ", count: max(0, previewColumns - side.displayWidth)))
            + border + row
      }
    case .up, .down:
      let line = Row(String(repeating: "─", count: width), style: TextStyle(dim: true))
      return previewing.window.side == .down ? rows + [line] + pane : pane + [line] + rows
    }
  }

  /// The screen line of the first tree row, and the column of the first tree column.
  var treeOrigin: (line: Int, column: Int) {
    let border = settings.border?.origin ?? (line: 0, column: 0)
    var line =
      border.line + shownHeader.count
      + (settings.reverseLayout ? (settings.info.hasOwnLine ? 2 : 1) : 0)
    if previewIsShown && previewing.window.side == .up { line += previewSize.lines + 1 }
    let column =
      border.column + (previewIsShown && previewing.window.side == .left ? previewColumns + 1 : 0)
    return (line, column)
  }

  /// The whole screen: `height` lines of at most `width` columns; settings.prompt and status above
  /// everything with `--layout reverse`, below otherwise.
  ///
  /// - Complexity: O(height × (log n + width)).
  package func frame(mode: RenderMode) -> [String] {
    let header = shownHeader.map { Row($0, style: TextStyle(bold: true)) }
    // Read once for the rows and the click preview.
    let mixed = mixedByDecisions
    let status = Row(statusLine(mixed: mixed), style: TextStyle(dim: true))
    let body = body(mixed: mixed)
    var prompt = promptRow
    var info: [Row] = []
    switch settings.info {
    case .standard: info = [status]
    case .right:
      info = [Row(String(repeating: " ", count: max(0, width - status.displayWidth))) + status]
    case .hidden: break
    case .inline(let prefix): prompt = prompt + Row(prefix, style: TextStyle(dim: true)) + status
    case .inlineRight(let prefix):
      let right = Row(prefix, style: TextStyle(dim: true)) + status
      let gap = max(1, width - prompt.displayWidth - right.displayWidth)
      prompt = prompt + Row(String(repeating: " ", count: gap)) + right
    }
    let lines =
      (settings.reverseLayout ? [prompt] + info + header + body : header + body + info + [prompt])
      .map { $0.truncated(toWidth: width) }
    let framed = settings.border?.wrap(lines, width: width) ?? lines
    return framed.map { $0.rendered(mode) }
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
