/// Indented text's lines, each straight into a tree draft, its id its parent's extended by its
/// escaped label; the markers, to apply when every line is read.
///
/// The ids are indexed once every line is read (all at once is faster than as they come); a
/// repeated label is still the first error, before any on a later line.
struct _IndentedLines: _LineSink {
  private let file: String?
  private var draft: TreeDraft<String>
  private var markers: _ParsedMarkers
  /// The line of each node, and the column of its label's indentation end, for the message about
  /// a repeated label.
  private var nodeLines: [Int32] = []
  private var nodeColumns: [Int32] = []
  /// The open levels: their indentation widths and nodes.
  private var levels: [(width: Int, node: Int32)] = []
  /// The indentation byte (space or tab) the text uses, and the line that first used it.
  private var indentKind: (scalar: UInt8, line: Int)? = nil

  /// Lines with room for about `capacity` nodes before the arrays grow.
  init(file: String?, capacity: Int) {
    self.file = file
    draft = TreeDraft<String>(capacity: capacity, hashing: true)
    markers = _ParsedMarkers(capacity: capacity)
    nodeLines.reserveCapacity(capacity)
    nodeColumns.reserveCapacity(capacity)
  }

  /// A repeated label among the lines read, if any, as the error to report before `error`.
  mutating func reporting(_ error: TreeFormatError) -> TreeFormatError {
    draft.indexAllApart(separator: "/", isPathID: { _ in true }).map(repeated) ?? error
  }

  /// A repeated label as an error at the second one's line.
  private func repeated(_ error: (first: Int, second: Int)) -> TreeFormatError {
    let lineNumber = Int(nodeLines[error.second])
    return TreeFormatError(
      file: file, line: lineNumber, column: Int(nodeColumns[error.second]),
      message: _repeatedLabel(draft, error.second)
        + " (lines \(nodeLines[error.first]) and \(lineNumber))")
  }

  mutating func read(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, line: Int)
    throws(TreeFormatError)
  {
    do {
      try readLine(bytes, range, lineNumber: line)
    } catch {
      throw reporting(error)
    }
  }

  private mutating func readLine(
    _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, lineNumber: Int
  ) throws(TreeFormatError) {
    var width = 0
    var sawSpace = false
    var sawTab = false
    while range.lowerBound + width < range.upperBound {
      let byte = bytes[range.lowerBound + width]
      if byte == 0x20 {
        sawSpace = true
      } else if byte == 0x09 {
        sawTab = true
      } else {
        break
      }
      width += 1
    }
    if range.lowerBound + width == range.upperBound { return }  // a blank line
    let file = file
    func fail(_ column: Int, _ message: String) -> TreeFormatError {
      TreeFormatError(file: file, line: lineNumber, column: column, message: message)
    }
    if sawSpace && sawTab { throw fail(1, "indentation mixes tabs and spaces") }
    if sawSpace || sawTab {
      let kind: UInt8 = sawTab ? 0x09 : 0x20
      if let established = indentKind, established.scalar != kind {
        let these = kind == 0x09 ? "tabs" : "spaces"
        let those = kind == 0x09 ? "spaces" : "tabs"
        throw fail(
          1, "indented with \(these), but line \(established.line) is indented with \(those)")
      }
      if indentKind == nil { indentKind = (kind, lineNumber) }
    }
    // Find the parent from the open levels.
    if let top = levels.last, width > top.width {
      levels.append((width, -1))
    } else {
      // The levels this line closes; checked before any is closed, for the message.
      var kept = levels.count
      while kept > 0 && levels[kept - 1].width > width { kept -= 1 }
      if kept > 0 && levels[kept - 1].width != width {
        let unit = indentKind?.scalar == 0x09 ? "tab" : "space"
        let open = levels.map { String($0.width) }.joined(separator: ", ")
        throw fail(
          width + 1,
          "indentation of \(width) \(unit)\(width == 1 ? "" : "s") does not match any open level (\(open))"
        )
      }
      levels.removeSubrange(kept...)
      if levels.isEmpty { levels.append((width, -1)) }
    }
    let parent: Int32 = levels.count >= 2 ? levels[levels.count - 2].node : -1
    // Ids are paths, so memory grows with the square of the depth: refused past the limit.
    if levels.count > Int(_maximumParsedDepth) { throw fail(width + 1, _tooDeepMessage) }
    let content = (range.lowerBound + width)..<range.upperBound
    let marker = _parseMarker(bytes, in: content)
    let labelStart = marker?.labelStart ?? content.lowerBound
    let rest = labelStart..<content.upperBound
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[rest]), as: UTF8.self)
    var label: String
    var attributes: [String: String]? = nil  // made only for a line with attributes
    if !bytes[rest].contains(where: { $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "{") }) {
      label = text  // the common case: nothing to unescape
    } else {
      let scalars = Array(text.unicodeScalars)
      let (scanned, stop) = LabelEscaping.scan(scalars, from: 0, stops: ["{"])
      label = scanned
      if stop < scalars.count {
        if label.hasSuffix(" ") { label.removeLast() }
        let offset = labelStart - range.lowerBound
        attributes = try _IndentedText.parseAttributes(
          scalars, from: stop + 1, fail: { fail(offset + 1 + $0, $1) })
      }
    }
    let node = Int32(draft.count)
    let id = LabelEscaping.extending(
      parent < 0 ? nil : draft.ids[Int(parent)], with: label, separator: "/")
    if let attributes {
      draft.append(
        id: id, label: label, parent: parent, isSelected: false, lock: .none, isDisabled: false,
        isExpanded: false, attributes: attributes)
    } else {
      draft.append(id: id, label: label, parent: parent)
    }
    nodeLines.append(Int32(clamping: lineNumber))
    nodeColumns.append(Int32(clamping: width + 1))
    if let marker {
      markers.set(node, selected: marker.selected, locked: marker.locked, disabled: marker.disabled)
    }
    levels[levels.count - 1].node = node
  }

  /// The number of nodes made.
  var nodeCount: Int { draft.count }

  /// Each node's id's hash, when the draft keeps them.
  var idHashes: [Int] { draft.hashes }

  /// The nodes of the lines read from node `start` on, when no line had a marker or attributes.
  ///
  /// Indented text is always in preorder (``TreeDraft/preorderNodes(from:)``). A repeated label
  /// is found by the tree they are appended to, or by ``finish(options:)``.
  func plainPreorderNodes(from start: Int) -> (
    ids: ArraySlice<String>, labels: ArraySlice<String>, parents: ArraySlice<Int32>
  )? {
    markers.isEmpty && draft.attributes.isEmpty ? draft.preorderNodes(from: start) : nil
  }

  /// The tree of the lines read, or the first repeated label.
  ///
  /// The draft and the markers are taken out, not copied, so that nothing else holds their arrays
  /// while the tree is laid out.
  mutating func finish(options: SelectionTree<String>.Options) throws(TreeFormatError)
    -> SelectionTree<String>
  {
    // Labels that differ only in their Unicode normalisation are two nodes (ids apart).
    if let duplicate = draft.indexAllApart(separator: "/", isPathID: { _ in true }) {
      throw repeated(duplicate)
    }
    nodeLines = []
    nodeColumns = []
    var taken = (TreeDraft<String>(capacity: 0), _ParsedMarkers(capacity: 0))
    swap(&taken.0, &draft)
    swap(&taken.1, &markers)
    let (draft, markers) = taken
    return try (consume markers).build(consume draft, options: options, file: file)
  }
}
