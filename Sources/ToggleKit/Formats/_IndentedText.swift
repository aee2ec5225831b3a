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
    // The input is freed before the tree is laid out.
    var lines = try drafted(consume bytes, file: file)
    return try lines.sink.finish(options: options)
  }

  /// Each line straight into a tree draft.
  private static func drafted(
    _ bytes: consuming [UInt8], file: String?
  ) throws(TreeFormatError) -> _TextPieces<_IndentedLines> {
    let count = bytes.withUnsafeBytes { _occurrences(of: 0x0A, in: $0) } + 1
    var lines = _TextPieces(_IndentedLines(file: file, capacity: count), file: file)
    try bytes.withUnsafeBufferPointer { (buffer) throws(TreeFormatError) in
      try lines.append(buffer)
    }
    try lines.endLines()
    return lines
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
    let nodes = tree.structure.flat
    for position in 0..<tree.count {
      var line = String(repeating: "  ", count: Int(nodes.depths[position]))
      line += _marker(
        state: states[position],
        locked: nodes.isLeaf(position) && bits[position] & NodeBits.locked != 0,
        disabled: tree.isDisabledItself(at: position))
      line += " "
      // `/` is escaped too, so that no line of indented text reads as a path (format detection).
      line += LabelEscaping.escape(
        nodes.labels[position], specials: ["{", "/"], emptyMarker: false)
      if let attributes = nodes.attributes(at: position), !attributes.isEmpty {
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
