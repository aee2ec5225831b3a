/// The indented-text format: one node per line, nesting by indentation.
///
/// ```text
/// [ ] Grocery
///   [x] Fruit
///     [x] Apple
///     [xL] Paper bags
///   [ D] Dairy
///     [ ] Milk {kind=chilled, shelf=3}
/// ```
enum _IndentedText {
  static func parse(
    _ bytes: consuming [UInt8], file: String?, options: SelectionTree<String>.Options
  ) throws(TreeFormatError) -> SelectionTree<String> {
    // The input and its lines are freed before the tree is laid out.
    let (draft, markers) = try drafted(consume bytes, file: file)
    return try markers.build(draft, options: options, file: file)
  }

  /// Each line straight into a tree draft, its id its parent's extended by its escaped label, and
  /// the markers, to apply when every line is read.
  ///
  /// The ids are indexed once every line is read (all at once is faster than as they come); a
  /// repeated label is still the first error, before any on a later line.
  private static func drafted(
    _ bytes: consuming [UInt8], file: String?
  ) throws(TreeFormatError) -> (TreeDraft<String>, _ParsedMarkers) {
    let text = try TextLines(consume bytes, file: file)
    var draft = TreeDraft<String>(capacity: text.lines.count)
    var markers = _ParsedMarkers(capacity: text.lines.count)
    // The line of each node, for the message about a repeated label.
    var nodeLines: [Int32] = []
    nodeLines.reserveCapacity(text.lines.count)
    var levels: [(width: Int, node: Int32)] = []
    var indentKind: (scalar: UInt8, line: Int)? = nil
    // A repeated label as an error at its line.
    func repeated(_ error: (first: Int, second: Int)) -> TreeFormatError {
      let lineNumber = Int(nodeLines[error.second])
      let line = text.lines[lineNumber - 1]
      let width = text.bytes[line].prefix { $0 == 0x20 || $0 == 0x09 }.count
      return TreeFormatError(
        file: file, line: lineNumber, column: width + 1,
        message: _repeatedLabel(draft, error.second)
          + " (lines \(nodeLines[error.first]) and \(lineNumber))")
    }
    do throws(TreeFormatError) {
      for (offset, range) in text.lines.enumerated() {
        let lineNumber = offset + 1
        var width = 0
        var sawSpace = false
        var sawTab = false
        while range.lowerBound + width < range.upperBound {
          let byte = text.bytes[range.lowerBound + width]
          if byte == 0x20 {
            sawSpace = true
          } else if byte == 0x09 {
            sawTab = true
          } else {
            break
          }
          width += 1
        }
        if range.lowerBound + width == range.upperBound { continue }  // a blank line
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
        let marker = _parseMarker(text.bytes, in: content)
        let labelStart = marker?.labelStart ?? content.lowerBound
        let rest = labelStart..<content.upperBound
        var label: String
        var attributes: [String: String] = [:]
        if !text.bytes[rest].contains(where: { $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "{") }
        ) {
          label = text.text(rest)  // the common case: nothing to unescape
        } else {
          let scalars = Array(text.text(rest).unicodeScalars)
          let (scanned, stop) = LabelEscaping.scan(scalars, from: 0, stops: ["{"])
          label = scanned
          if stop < scalars.count {
            if label.hasSuffix(" ") { label.removeLast() }
            let offset = labelStart - range.lowerBound
            attributes = try parseAttributes(
              scalars, from: stop + 1, fail: { fail(offset + 1 + $0, $1) })
          }
        }
        let node = Int32(draft.count)
        let id = _extending(parent < 0 ? nil : draft.ids[Int(parent)], with: label, separator: "/")
        draft.append(
          id: id, label: label, parent: parent, isSelected: false, lock: .none, isDisabled: false,
          isExpanded: false, attributes: attributes)
        nodeLines.append(Int32(clamping: lineNumber))
        if let marker {
          markers.set(
            node, selected: marker.selected, locked: marker.locked, disabled: marker.disabled)
        }
        levels[levels.count - 1].node = node
      }
    } catch {
      // A label repeated on an earlier line is the first error.
      throw draft.indexAll().map(repeated) ?? error
    }
    if let duplicate = draft.indexAll() { throw repeated(duplicate) }
    return (draft, markers)
  }

  /// `key=value, key=value}` after the opening brace, to the end of the line.
  static func parseAttributes(
    _ scalars: [Unicode.Scalar], from start: Int,
    fail: (_ column: Int, _ message: String) -> TreeFormatError
  ) throws(TreeFormatError) -> [String: String] {
    var attributes: [String: String] = [:]
    var index = start
    if index < scalars.count && scalars[index] == "}" {
      index += 1
    } else {
      while true {
        let (key, afterKey) = LabelEscaping.scan(scalars, from: index, stops: ["=", ",", "}"])
        guard afterKey < scalars.count, scalars[afterKey] == "=" else {
          throw fail(afterKey, "expected '=' after attribute name \"\(key)\"")
        }
        let (value, afterValue) = LabelEscaping.scan(
          scalars, from: afterKey + 1, stops: [",", "}"])
        guard afterValue < scalars.count else {
          throw fail(afterValue, "expected ',' or '}' to end the attributes")
        }
        attributes[key] = value
        index = afterValue + 1
        if scalars[afterValue] == "}" { break }
        if index < scalars.count && scalars[index] == " " { index += 1 }
      }
    }
    while index < scalars.count && (scalars[index] == " " || scalars[index] == "\t") { index += 1 }
    guard index == scalars.count else {
      throw fail(index, "expected the end of the line after the attributes")
    }
    return attributes
  }

  static func export<ID>(_ tree: SelectionTree<ID>, to emit: (String) -> Void) {
    let (states, bits) = tree.statesAndBits(in: 0..<tree.count)
    for position in 0..<tree.count {
      var line = String(repeating: "  ", count: Int(tree.structure.depths[position]))
      line += _marker(
        state: states[position],
        locked: tree.structure.isLeaf(position) && bits[position] & NodeBits.locked != 0,
        disabled: tree.isDisabledItself(at: position))
      line += " "
      // `/` is escaped too, so that no line of indented text reads as a path (format detection).
      line += LabelEscaping.escape(
        tree.structure.labels[position], specials: ["{", "/"], emptyMarker: false)
      if let attributes = tree.structure.attributes[Int32(position)], !attributes.isEmpty {
        let pairs = attributes.sorted { $0.key < $1.key }.map { key, value in
          LabelEscaping.escape(key, specials: ["=", ",", "}", "{", "/"], emptyMarker: false) + "="
            + LabelEscaping.escape(value, specials: [",", "}", "{", "/"], emptyMarker: false)
        }
        line += " {" + pairs.joined(separator: ", ") + "}"
      }
      emit(line + "\n")
    }
  }
}
