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
    // The input, its lines and the interner are freed before the tree is built: they would add
    // about 100 bytes per node to the peak.
    let nodes = try parsedNodes(bytes, file: file, separator: separator)
    _ = consume bytes
    return try _buildParsedTree(consume nodes, file: file, separator: separator, options: options)
  }

  static func parsedNodes(
    _ bytes: [UInt8], file: String?, separator: Unicode.Scalar
  ) throws(TreeFormatError) -> [_ParsedNode] {
    let text = try TextLines(bytes, file: file)
    var nodes: [_ParsedNode] = []
    // One node per line plus a few folders: reserved, so the array does not double past it.
    nodes.reserveCapacity(text.lines.count + text.lines.count / 64 + 16)
    var interner = PathInterner(capacity: text.lines.count)
    for (offset, range) in text.lines.enumerated() where !range.isEmpty {
      let lineNumber = offset + 1
      let marker = _parseMarker(text.bytes, in: range)
      let start = marker?.labelStart ?? range.lowerBound
      let column = start - range.lowerBound + 1
      let labels: [String]
      do {
        labels = try LabelPath.labels(
          of: text.text(start..<range.upperBound), separator: separator)
      } catch {
        throw TreeFormatError(
          file: file, line: lineNumber, column: column,
          message: "empty label in path (write \\e for a label that is empty)")
      }
      let node = interner.intern(labels) { label, parent in
        nodes.append(
          _ParsedNode(
            label: label, explicitID: nil, parent: parent, line: lineNumber, column: column,
            selected: nil))
        return Int32(nodes.count - 1)
      }
      if let marker {
        nodes[Int(node)].selected = marker.selected
        nodes[Int(node)].locked = marker.locked
        nodes[Int(node)].disabled = marker.disabled
      }
    }
    return nodes
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
    tree.forEachPath(separator: separator, component: component) { position, path in
      let marker = _marker(
        state: states[position],
        locked: tree.structure.isLeaf(position) && bits[position] & NodeBits.locked != 0,
        disabled: tree.isDisabledItself(at: position))
      emit(marker + " " + path + "\n")
    }
  }
}
