/// The path-list format: one path per line, labels joined by a separator.
///
/// A line with a marker is the package's path syntax (`\` escaping); a line without one is a name as another program wrote
/// it, read literally — or refused when it holds a backslash, which could be either.
///
/// ```text
/// [x] Fruit/Apple
/// [ ] Sizes/1\/2 inch
/// Fruit/Pear
/// ```
enum _PathList {
  static func parse(
    _ bytes: consuming [UInt8], file: String?, separator: Unicode.Scalar,
    options: SelectionTree<String>.Options
  ) throws(TreeFormatError) -> SelectionTree<String> {
    // The input is freed before the tree is laid out.
    var lines = try drafted(consume bytes, file: file, separator: separator)
    return try lines.sink.finish(options: options)
  }

  /// Each line straight into a path builder.
  private static func drafted(
    _ bytes: consuming [UInt8], file: String?, separator: Unicode.Scalar
  ) throws(TreeFormatError) -> _TextPieces<_PathListLines> {
    let count = bytes.withUnsafeBytes { _occurrences(of: 0x0A, in: $0) } + 1
    var lines = _TextPieces(
      _PathListLines(file: file, separator: separator, capacity: count + count / 64 + 16),
      file: file)
    try bytes.withUnsafeBufferPointer { (buffer) throws(TreeFormatError) in
      try lines.append(buffer)
    }
    try lines.endLines()
    return lines
  }

  static func export<ID>(
    _ tree: SelectionTree<ID>, separator: Unicode.Scalar, prefix: [String] = [],
    to emit: (String) -> Void
  ) {
    // `{` is escaped too, so that a flat list (no separator) reads back as indented text alike.
    let component: (String) -> String = { label in
      label.utf8.contains(UInt8(ascii: "{"))
        ? LabelEscaping.escape(label, specials: [separator, "{"], emptyMarker: true)
        : LabelPath.escaped(label, separator: separator)
    }
    let (states, bits) = tree.statesAndBits(in: 0..<tree.count)
    var chunk = _OutputChunk()
    tree.forEachPathUTF8(separator: separator, component: component, prefix: prefix) {
      position, path in
      var marker = _marker(
        state: states[position],
        locked: tree.structure.isLeaf(position) && bits[position] & NodeBits.locked != 0,
        disabled: tree.isDisabledItself(at: position))
      marker.withUTF8 { chunk.bytes.append(contentsOf: $0) }
      chunk.bytes.append(UInt8(ascii: " "))
      chunk.bytes.append(contentsOf: path)
      chunk.bytes.append(UInt8(ascii: "\n"))
      chunk.endLine(emit)
    }
    chunk.flush(emit)
  }
}
