import ToggleKit

extension Explorer {
  /// The previewing.pane's actions: showing, hiding and scrolling the pane.
  mutating func reducePreview(_ action: ExplorerAction) -> Bool {
    let lines = max(1, previewSize.lines - 1)
    switch action {
    case .togglePreview: previewing.window.hidden.toggle()
    case .previewUp: scrollPreview(by: -1)
    case .previewDown: scrollPreview(by: 1)
    case .previewPageUp: scrollPreview(by: -lines)
    case .previewPageDown: scrollPreview(by: lines)
    case .refreshPreview: if previewing.isOn { effects.append(.refreshPreview) }
    case .changePreviewWindow(let specs): changePreviewWindow(specs)
    default: return false
    }
    return true
  }

  /// Moves the pane as the next of `specs` says (`right,50%|down`: each in turn, a spec
  /// starting from the `--preview-window` one); a spec it cannot read is reported, not taken.
  mutating func changePreviewWindow(_ specs: String) {
    let choices = specs.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
    let turn = previewing.windowTurns[specs, default: 0]
    previewing.windowTurns[specs] = turn + 1
    let spec = choices[turn % choices.count]
    do throws(PreviewWindowError) {
      previewing.window = try PreviewWindow(parsing: spec, over: previewing.startingWindow)
    } catch {
      message = "change-preview-window: \(error.message)"
    }
  }

  /// Scrolls the output, keeping a line of it in the pane.
  private mutating func scrollPreview(by lines: Int) {
    let count = previewOutputRows.count
    previewing.scroll = max(0, min(previewing.scroll + lines, count - 1))
  }

  /// Whether the pane is on the screen: a previewing.pane runs, it is not hidden, and the screen has room.
  var previewIsShown: Bool {
    guard previewing.isOn, !previewing.window.hidden else { return false }
    switch previewing.window.side {
    case .left, .right: return width >= 24
    case .up, .down: return bodyLines >= 5
    }
  }

  /// The lines between the settings.header and the status line (or, reversed, below them).
  var bodyLines: Int { height - (settings.info.hasOwnLine ? 2 : 1) - shownHeader.count }

  /// The settings.header lines that fit: all but one row is theirs at most.
  var shownHeader: ArraySlice<String> { settings.header.prefix(max(0, height - 3)) }

  /// The pane's size in lines and columns (0 × 0 when not shown).
  package var previewSize: (lines: Int, columns: Int) {
    guard previewIsShown else { return (0, 0) }
    switch previewing.window.side {
    case .left, .right: return (bodyLines, previewing.window.size(of: width - 1))
    case .up, .down: return (previewing.window.size(of: bodyLines - 1), width)
    }
  }

  /// The previewing.pane pane's columns (0 without one beside the tree).
  package var previewColumns: Int {
    previewIsShown && [.left, .right].contains(previewing.window.side) ? previewSize.columns : 0
  }

  /// The columns the tree's rows take: all but a pane beside them and its border.
  package var treeWidth: Int { previewColumns > 0 ? width - previewColumns - 1 : width }

  /// How many tree rows fit: the body, less a pane above or below and its border.
  package var rowCount: Int {
    guard previewIsShown, [.up, .down].contains(previewing.window.side) else { return bodyLines }
    return bodyLines - previewSize.lines - 1
  }

  /// The output's rows: cut to the pane, or wrapped with `wrap`.
  var previewOutputRows: [Row] {
    guard let pane = previewing.pane else { return [] }
    guard previewing.window.wrap, previewSize.columns > 0 else { return pane.rows }
    return pane.rows.flatMap { Self.wrapped($0, width: previewSize.columns) }
  }

  /// The pane's lines: the path (bold), the output from ``PreviewState/scroll``, and a note on the run
  /// (dim) — in the last line when the output fills the pane.
  ///
  /// - Complexity: O(lines × columns).
  package func previewRows() -> [Row] {
    let (lines, columns) = previewSize
    var rows: [Row] = []
    var note: Row?
    if let pane = previewing.pane {
      rows =
        [Row(pane.title, style: TextStyle(bold: true))]
        + previewOutputRows.dropFirst(previewing.scroll)
      note = pane.note.map { Row("(\($0))", style: TextStyle(dim: true)) }
    }
    if let note {
      if rows.count < lines { rows.append(note) } else if lines > 0 { rows[lines - 1] = note }
    }
    while rows.count < lines { rows.append(Row()) }
    return rows.prefix(lines).map { $0.truncated(toWidth: columns) }
  }

  /// `row` cut into rows of at most `width` columns.
  package static func wrapped(_ row: Row, width: Int) -> [Row] {
    var rows: [Row] = []
    var spans: [Row.Span] = []
    var used = 0
    for span in row.spans {
      var text = ""
      for character in span.text {
        let cells = max(0, Row(String(character)).displayWidth)
        if used + cells > width && used > 0 {
          if !text.isEmpty { spans.append(Row.Span(text: text, style: span.style)) }
          rows.append(Row(spans: spans))
          spans = []
          text = ""
          used = 0
        }
        text.append(character)
        used += cells
      }
      if !text.isEmpty { spans.append(Row.Span(text: text, style: span.style)) }
    }
    rows.append(Row(spans: spans))
    return rows
  }
}
