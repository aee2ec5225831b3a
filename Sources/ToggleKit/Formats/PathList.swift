/// The path-list format: one path per line, labels joined by a separator, `\` escaping.
///
/// ```text
/// [x] Fruit/Apple
/// [ ] Fruit/Pear
/// Sizes/1\/2 inch
/// ```
enum _PathList {
  static func parse(
    _ bytes: [UInt8], file: String?, separator: Unicode.Scalar,
    options: SelectionTree<String>.Options
  ) throws(TreeFormatError) -> SelectionTree<String> {
    let text = try _TextLines(bytes, file: file)
    var nodes: [_ParsedNode] = []
    var interner = _PathInterner(capacity: text.lines.count)
    for (offset, range) in text.lines.enumerated() where !range.isEmpty {
      let lineNumber = offset + 1
      let marker = _parseMarker(text.bytes, in: range)
      let start = marker?.labelStart ?? range.lowerBound
      let column = start - range.lowerBound + 1
      let labels: [String]
      do {
        labels = try _pathLabels(
          text.text(start..<range.upperBound), separator: separator, entry: offset)
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
    return try _buildParsedTree(nodes, file: file, separator: separator, options: options)
  }

  static func export<ID>(_ tree: SelectionTree<ID>, separator: Unicode.Scalar) -> String {
    var paths: [String] = []
    var lines: [String] = []
    for position in 0..<tree.count {
      let parent = Int(tree.structure.parents[position])
      let escaped = _escapePathLabel(tree.structure.labels[position], separator: separator)
      let path = parent < 0 ? escaped : paths[parent] + String(separator) + escaped
      paths.append(path)
      let marker = _marker(
        state: tree._state(at: position),
        locked: tree.structure.isLeaf(position) && tree._hasOwnLock(at: position),
        disabled: tree._isDisabledItself(at: position))
      lines.append(marker + " " + path)
    }
    return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
  }
}
