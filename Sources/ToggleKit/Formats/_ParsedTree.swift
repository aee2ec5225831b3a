/// A node as a text format describes it, before the tree is built.
struct _ParsedNode {
  var label: String
  var explicitID: String?
  var parent: Int32
  var line: Int
  var column: Int
  /// The node's own marker: selected, not selected, or none (nil; a mixed marker is none too).
  var selected: Bool?
  var locked = false
  var disabled = false
  var attributes: [String: String] = [:]
}

/// Builds a tree of path ids from parsed nodes (parents before children), applying the formats'
/// shared rules: a leaf without a marker takes the nearest marked ancestor's; a lock on a leaf fixes
/// its own value, a lock on a parent fixes every node below at its value.
func _buildParsedTree(
  _ nodes: [_ParsedNode], file: String?, separator: Unicode.Scalar,
  options: SelectionTree<String>.Options, uniqueSiblingLabels: Bool = false
) throws(TreeFormatError) -> SelectionTree<String> {
  if uniqueSiblingLabels && nodes.contains(where: { $0.explicitID != nil }) {
    // Path addressing needs unique labels among siblings, which ids alone do not guarantee.
    var seen: [_ChildKey: Int] = [:]
    for (index, node) in nodes.enumerated() {
      let key = _ChildKey(parent: node.parent, label: node.label)
      if let first = seen[key] {
        let place =
          node.parent >= 0 ? " under \"\(nodes[Int(node.parent)].label)\"" : " at the top level"
        throw TreeFormatError(
          file: file, line: node.line, column: node.column,
          message:
            "duplicate label \"\(node.label)\"\(place) (lines \(nodes[first].line) and \(node.line)); "
            + "sibling labels must be unique to address nodes by path")
      }
      seen[key] = index
    }
  }
  var hasChildren = [Bool](repeating: false, count: nodes.count)
  for node in nodes where node.parent >= 0 { hasChildren[Int(node.parent)] = true }
  // Label paths are made only for nodes without an explicit id (and their ancestors): a deep
  // chain with explicit ids never builds its quadratic path text.
  var paths = [String?](repeating: nil, count: nodes.count)
  func path(of index: Int) -> String {
    if let known = paths[index] { return known }
    let parent = Int(nodes[index].parent)
    if parent < 0 || paths[parent] != nil {
      // The usual case, parents first: no chain to walk.
      let escaped = _escapePathLabel(nodes[index].label, separator: separator)
      var path = parent < 0 ? "" : paths[parent]!
      if parent >= 0 {
        path.reserveCapacity(path.utf8.count + 1 + escaped.utf8.count)
        path.unicodeScalars.append(separator)
      }
      path.append(escaped)
      paths[index] = path
      return path
    }
    var chain: [Int] = []
    var current = index
    while current >= 0 && paths[current] == nil {
      chain.append(current)
      current = Int(nodes[current].parent)
    }
    for member in chain.reversed() {
      let escaped = _escapePathLabel(nodes[member].label, separator: separator)
      let parent = Int(nodes[member].parent)
      if parent < 0 {
        paths[member] = escaped
      } else {
        var path = paths[parent]!
        path.reserveCapacity(path.utf8.count + 1 + escaped.utf8.count)
        path.unicodeScalars.append(separator)
        path.append(escaped)
        paths[member] = path
      }
    }
    return paths[index]!
  }
  var inherited: [Bool?] = []
  inherited.reserveCapacity(nodes.count)
  var draft = _Draft<String>(capacity: nodes.count)
  for (index, node) in nodes.enumerated() {
    let parent = Int(node.parent)
    let marker = node.selected ?? (parent < 0 ? nil : inherited[parent])
    inherited.append(marker)
    let isLeaf = !hasChildren[index]
    let selected = isLeaf ? (marker ?? false) : false
    draft.append(
      id: node.explicitID ?? path(of: index), label: node.label, parent: node.parent,
      isSelected: selected,
      lock: node.locked ? .current : .none, isDisabled: node.disabled, isExpanded: false,
      attributes: node.attributes)
  }
  do {
    return try draft.finish(options: options)
  } catch {
    guard case .duplicateID(_, let firstIndex, let secondIndex) = error else {
      throw TreeFormatError(file: file, line: 1, column: 1, message: error.description)
    }
    let first = nodes[firstIndex]
    let second = nodes[secondIndex]
    let what =
      first.explicitID == nil && second.explicitID == nil
      ? "duplicate label \"\(second.label)\""
        + (second.parent >= 0
          ? " under \"\(nodes[Int(second.parent)].label)\"" : " at the top level")
      : "duplicate id \"\(draft.ids[secondIndex])\""
    throw TreeFormatError(
      file: file, line: second.line, column: second.column,
      message: "\(what) (lines \(first.line) and \(second.line))")
  }
}

/// `[x]`, `[ ]` or `[-]` with `L` and `D` flags, for the exporters.
func _marker(state: ToggleState, locked: Bool, disabled: Bool) -> String {
  let glyph: String =
    switch state {
    case .on: "x"
    case .off: " "
    case .mixed: "-"
    }
  return "[" + glyph + (locked ? "L" : "") + (disabled ? "D" : "") + "]"
}

/// The marker at `range.lowerBound` of UTF-8 `bytes`, and the byte index where the label starts.
///
/// A marker is `[` state flags `]` followed by a space or the end of the line, where the state is
/// `x`, `X`, a space or `-`, and the flags are `L` (locked) and `D` (disabled).
func _parseMarker(
  _ bytes: [UInt8], in range: Range<Int>
) -> (selected: Bool?, locked: Bool, disabled: Bool, labelStart: Int)? {
  let start = range.lowerBound
  guard start + 2 < range.upperBound, bytes[start] == UInt8(ascii: "[") else { return nil }
  let selected: Bool?
  switch bytes[start + 1] {
  case UInt8(ascii: "x"), UInt8(ascii: "X"): selected = true
  case UInt8(ascii: " "): selected = false
  case UInt8(ascii: "-"): selected = nil
  default: return nil
  }
  var locked = false
  var disabled = false
  var index = start + 2
  while index < range.upperBound && bytes[index] != UInt8(ascii: "]") {
    switch bytes[index] {
    case UInt8(ascii: "L") where !locked: locked = true
    case UInt8(ascii: "D") where !disabled: disabled = true
    default: return nil
    }
    index += 1
  }
  guard index < range.upperBound else { return nil }
  index += 1
  if index == range.upperBound { return (selected, locked, disabled, index) }
  guard bytes[index] == UInt8(ascii: " ") else { return nil }
  return (selected, locked, disabled, index + 1)
}
