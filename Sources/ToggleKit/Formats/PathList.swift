/// The path-list format: one path per line, labels joined by a separator, `\` escaping.
///
/// ```text
/// [x] Fruit/Apple
/// [ ] Fruit/Pear
/// Sizes/1\/2 inch
/// ```
enum _PathList {
  static func parse(
    _ bytes: consuming [UInt8], file: String?, separator: Unicode.Scalar,
    options: SelectionTree<String>.Options
  ) throws(TreeFormatError) -> SelectionTree<String> {
    // The input and its lines are freed before the tree is laid out.
    let (builder, markers) = try drafted(consume bytes, file: file, separator: separator)
    return try markers.build(builder.finished(), options: options, file: file)
  }

  /// Each line straight into a path builder, which makes its nodes once, ids and labels from the
  /// line's bytes; the markers, to apply when every line is read.
  private static func drafted(
    _ bytes: consuming [UInt8], file: String?, separator: Unicode.Scalar
  ) throws(TreeFormatError) -> (PathTreeBuilder, _ParsedMarkers) {
    let text = try TextLines(consume bytes, file: file)
    var builder = PathTreeBuilder(
      capacity: text.lines.count + text.lines.count / 64 + 16, separator: separator)
    var markers = _ParsedMarkers(capacity: text.lines.count)
    for (offset, range) in text.lines.enumerated() where !range.isEmpty {
      let lineNumber = offset + 1
      let marker = _parseMarker(text.bytes, in: range)
      let start = marker?.labelStart ?? range.lowerBound
      let column = start - range.lowerBound + 1
      let path = text.text(start..<range.upperBound)
      // Ids are paths, so memory grows with the square of the depth: a path of more labels than
      // the limit is refused before any is made (each label takes at least one byte and a
      // separator).
      if range.upperBound - start > 2 * Int(_maximumParsedDepth),
        let labels = try? LabelPath.labels(of: path, separator: separator),
        labels.count > Int(_maximumParsedDepth)
      {
        throw TreeFormatError(
          file: file, line: lineNumber, column: column, message: _tooDeepMessage)
      }
      guard let node = builder.add(path) else {
        throw TreeFormatError(
          file: file, line: lineNumber, column: column,
          message: "empty label in path (write \\e for a label that is empty)")
      }
      if let marker {
        markers.set(
          node, selected: marker.selected, locked: marker.locked, disabled: marker.disabled)
      }
    }
    return (builder, markers)
  }

  static func export<ID>(
    _ tree: SelectionTree<ID>, separator: Unicode.Scalar, to emit: (String) -> Void
  ) {
    // `{` is escaped too, so that a flat list (no separator) reads back as indented text alike.
    let component: (String) -> String = { label in
      label.utf8.contains(UInt8(ascii: "{"))
        ? LabelEscaping.escape(label, specials: [separator, "{"], emptyMarker: true)
        : LabelPath.escaped(label, separator: separator)
    }
    let (states, bits) = tree.statesAndBits(in: 0..<tree.count)
    var chunk = _OutputChunk()
    tree.forEachPathUTF8(separator: separator, component: component) { position, path in
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
